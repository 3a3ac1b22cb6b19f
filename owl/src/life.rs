//! The life of an owl goal at one node: its eye spaces and their summed
//! value, vital points, weak goal strings, lunches, seki neighbours and
//! escape room.
//!
//! Owns [`evaluate`]. Only the opponent's strings within
//! [`REGION_RADIUS`] steps of the goal are read tactically (owlet-optics'
//! `dead_stones_in`); the goal's colour's stones are never counted dead.
//! Eye spaces are those of the goal's colour that touch a goal stone
//! (owlet-optics' `eye_space` and `compute_eyes`), summed with
//! [`EyeValue::plus`].
//!
//! Omits: GNU Go's owl-specific domains and its "probable" eye counts.

use owlet_board::{
    Board, Code, Color, MAX_SIZE, POINT_SET_WORDS, Point, PointSet, Reader, ReadingLimits, STRIDE,
};
use owlet_optics::eyes::{compute_eyes, dead_stones_in, domains, eye_space};
use owlet_optics::{EyeResult, EyeValue, Solver};

/// How far (in steps) around the goal the opponent's strings are read
/// tactically.
pub const REGION_RADIUS: usize = 2;

/// Strings with more liberties than this count as lively without reading.
pub const READ_LIBERTIES: usize = 3;

/// Vital points kept per side and node.
pub const MAX_VITAL: usize = 6;

/// Empty points reachable from the goal outside the attacker's domain
/// that count as room to escape.
pub const ESCAPE_AREA: usize = 16;

/// How far (in steps) the escape search looks from the goal's liberties.
pub const ESCAPE_RADIUS: usize = 5;

/// Liberties of a friendly string outside the goal that make a goal
/// liberty next to it a way out ([`Life::linkable`]).
pub const LINK_LIBERTIES: usize = 5;

/// How far (in steps) the open-room search (`open_room`) looks from the
/// goal.
pub const OPEN_RADIUS: usize = 6;

/// An opponent string next to the goal that reading cannot capture, with
/// at most this many liberties, each of them next to the goal, is a seki
/// neighbour (see [`Life::seki_neighbour`]).
pub const SEKI_LIBERTIES: usize = 2;

/// Default number of eye-space values an [`EyeMemo`] remembers.
pub const EYE_MEMO_ENTRIES: usize = 128;

/// Values of eye spaces already computed, keyed by the space, its margins
/// and every stone in and around it: owl meets the same eye spaces in
/// many positions, and valuing one (diagonals read, graph solved) is the
/// dearest part of a node. The key does not see stones two points or more
/// from the space, which can change a diagonal's tactical reading (so a
/// remembered value may differ from a fresh one); an owl call therefore
/// starts with an empty memo.
/// 16 bytes an entry: the key and the value packed into a word.
#[derive(Clone, Debug)]
pub struct EyeMemo<const N: usize = EYE_MEMO_ENTRIES> {
    entries: [(u64, u64); N],
}

impl<const N: usize> Default for EyeMemo<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// Bits of a point's layout index in a packed [`EyeResult`].
const POINT_BITS: u32 = 9;
const _: () = assert!(owlet_board::CAPACITY <= 1 << POINT_BITS);

/// An [`EyeResult`] in one word: the four eye counts (four bits each),
/// the four points (their layout index, 0 for none), the colour and
/// whether the value is exact; `None` if a count does not fit. A packed
/// result is never 0, which marks an empty entry.
fn pack(r: &EyeResult) -> Option<u64> {
    let v = r.value;
    if [v.a, v.b, v.c, v.d].iter().any(|&x| x > 15) {
        return None;
    }
    let mut w = u64::from(v.a) | u64::from(v.b) << 4 | u64::from(v.c) << 8 | u64::from(v.d) << 12;
    let points = [r.attack, r.defense, r.other_attack, r.other_defense];
    for (i, p) in points.iter().enumerate() {
        let index = p.map_or(0, |p| p.index() as u64);
        w |= index << (16 + POINT_BITS * i as u32);
    }
    w |= u64::from(r.color == Color::White) << 52;
    w |= u64::from(r.exact) << 53;
    Some(w | 1 << 54)
}

/// The [`EyeResult`] [`pack`] made `w` from.
fn unpack(w: u64) -> EyeResult {
    let count = |shift: u32| ((w >> shift) & 15) as u8;
    let point = |i: u32| {
        let index = (w >> (16 + POINT_BITS * i)) & ((1 << POINT_BITS) - 1);
        Point::from_index(index as usize).filter(|_| index != 0)
    };
    EyeResult {
        color: if w >> 52 & 1 == 1 {
            Color::White
        } else {
            Color::Black
        },
        value: EyeValue {
            a: count(0),
            b: count(4),
            c: count(8),
            d: count(12),
        },
        attack: point(0),
        defense: point(1),
        other_attack: point(2),
        other_defense: point(3),
        exact: w >> 53 & 1 == 1,
    }
}

impl<const N: usize> EyeMemo<N> {
    /// An empty memo.
    #[must_use]
    pub const fn new() -> Self {
        EyeMemo {
            entries: [(0, 0); N],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill((0, 0));
    }

    pub(crate) fn get(&self, key: u64) -> Option<EyeResult> {
        let &(k, w) = self.entries.get(owlet_board::slot(key, N))?;
        (k == key && w != 0).then(|| unpack(w))
    }

    /// Remembers `value` for `key`; a value too large to pack is dropped.
    pub(crate) fn put(&mut self, key: u64, value: EyeResult) {
        if let Some(e) = self.entries.get_mut(owlet_board::slot(key, N)) {
            *e = (key, pack(&value).unwrap_or(0));
        }
    }
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The longest line the eye solver reads for owl and semeai: tighter than
/// [`owlet_optics::solver::MAX_DEPTH`], as it sits on the owl search's stack.
pub const EYE_LINE_DEPTH: usize = 40;

/// Eye spaces of more vertices get the solver's estimate without reading
/// in owl and semeai: their eye budget does not suffice to read them.
pub const EYE_READ_VERTICES: usize = 10;

/// The same limit below the root of an owl search, where the eye budget
/// is smaller: reading a larger graph there nearly always spends the whole
/// budget and ends in the same estimate.
pub const TREE_EYE_READ_VERTICES: usize = 8;

/// The limit at an owl search's root for an open eye space (no stone in
/// it, some marginal point): both sides may play on every point of it, and
/// a larger one nearly never ends within the root's eye budget.
pub const OPEN_EYE_READ_VERTICES: usize = 8;

/// The limit for an open eye space below the root: one of
/// [`TREE_EYE_READ_VERTICES`] nearly always spends the whole budget there.
pub const TREE_OPEN_EYE_READ_VERTICES: usize = 7;

/// Sets the reader's limits and the solver's line depth
/// ([`EYE_LINE_DEPTH`]), node budget and largest graphs read
/// ([`set_eye_reach`]) for an owl or semeai search; answers the reader's
/// limits for [`end_search`] to give back.
pub(crate) fn begin_search<const R: usize, const A: usize, const S: usize>(
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    reading: ReadingLimits,
    eye_budget: u32,
    vertices: (usize, usize),
) -> ReadingLimits {
    let saved = reader.limits();
    reader.set_limits(reading);
    solver.set_depth_limit(EYE_LINE_DEPTH);
    set_eye_reach(solver, eye_budget, vertices);
    saved
}

/// Sets the solver's node budget per eye space and the most vertices of a
/// graph, and of an open graph, it reads (`vertices`, e.g.
/// [`EYE_READ_VERTICES`] and [`OPEN_EYE_READ_VERTICES`]).
pub(crate) fn set_eye_reach<const S: usize>(
    solver: &mut Solver<S>,
    budget: u32,
    (vertices, open): (usize, usize),
) {
    solver.set_budget(budget);
    solver.set_vertex_limit(vertices);
    solver.set_open_vertex_limit(open);
}

/// Undoes [`begin_search`]: the reader's `saved` limits, the solver's
/// default budget and line depth.
pub(crate) fn end_search<const R: usize, const A: usize, const S: usize>(
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    saved: ReadingLimits,
) {
    reader.set_limits(saved);
    solver.set_depth_limit(owlet_optics::solver::MAX_DEPTH);
    reset_eye_reach(solver);
}

/// Sets `solver` to read eye spaces as an owl search's root does: at most
/// `budget` nodes each (e.g. [`crate::OwlLimits::root_eye_budget`]), and
/// only graphs of up to [`EYE_READ_VERTICES`] vertices
/// ([`OPEN_EYE_READ_VERTICES`] for open ones); a larger one gets the
/// solver's estimate at once. [`reset_eye_reach`] gives the defaults back.
pub fn set_root_eye_reach<const S: usize>(solver: &mut Solver<S>, budget: u32) {
    set_eye_reach(solver, budget, (EYE_READ_VERTICES, OPEN_EYE_READ_VERTICES));
}

/// Gives `solver` its default node budget and vertex limits back.
pub fn reset_eye_reach<const S: usize>(solver: &mut Solver<S>) {
    set_eye_reach(
        solver,
        owlet_optics::solver::DEFAULT_NODE_BUDGET,
        (
            owlet_optics::graph::MAX_VERTICES,
            owlet_optics::graph::MAX_VERTICES,
        ),
    );
}

/// The memo key of an eye space: what [`compute_eyes`] looks at (the
/// space, its margins, the stones and dead stones on and around it).
pub(crate) fn eye_key<const C: usize, const M: usize>(
    board: &Board<C, M>,
    color: Color,
    space: &PointSet,
    marginal: &PointSet,
    dead: &PointSet,
) -> u64 {
    let mut key = mix(color.index() as u64 + 7);
    let words = space.words();
    let (Some(first), Some(last)) = (
        words.iter().position(|&w| w != 0),
        words.iter().rposition(|&w| w != 0),
    ) else {
        return key;
    };
    // The space and its eight surrounding points: spread along rows, then
    // along columns. Both spreads together move a point less than a word,
    // so the points lie within a word of the space's: only those words are
    // spread and walked.
    let (lo, hi) = (first.saturating_sub(1), (last + 1).min(POINT_SET_WORDS - 1));
    let around = spread_within::<{ STRIDE as u32 }>(&spread_within::<1>(words, lo, hi), lo, hi);
    let on = on_board(board.size());
    for w in lo..=hi {
        let (Some(&a), Some(&on), Some(&s), Some(&d), Some(&m)) = (
            around.get(w),
            on.words().get(w),
            words.get(w),
            dead.words().get(w),
            marginal.words().get(w),
        ) else {
            continue;
        };
        // A half word at a time: each membership test is a mask with the
        // point's own bit, in one register.
        let walk = |mut key: u64, half: u32| {
            let part = |x: u64| (x >> half) as u32;
            let (s, d, m) = (part(s), part(d), part(m));
            let mut bits = part(a & on);
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                let index = w * 64 + half as usize + bits.trailing_zeros() as usize;
                bits ^= bit;
                let Some(q) = Point::from_index(index) else {
                    break;
                };
                // An empty point has no liberties to count.
                let stone = match board.color_at(q) {
                    None => 0u64,
                    Some(c) => {
                        (1 + c.index() as u64) | ((board.liberty_count(q).min(4) as u64) << 5)
                    }
                };
                let state = stone
                    | u64::from(d & bit != 0) << 2
                    | u64::from(s & bit != 0) << 3
                    | u64::from(m & bit != 0) << 4;
                key = key.wrapping_add(mix((index as u64) << 8 | state));
            }
            key
        };
        key = walk(walk(key, 0), 32);
    }
    key
}

/// A short list of points, best first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Points {
    items: [Option<Point>; MAX_VITAL],
}

impl Points {
    /// Appends `p` unless present or full.
    pub fn push(&mut self, p: Point) {
        if self.items.contains(&Some(p)) {
            return;
        }
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(p);
        }
    }

    /// The points in order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.items.iter().flatten().copied()
    }
}

/// What [`evaluate`] finds at a node.
#[derive(Clone, Copy, Debug)]
pub struct Life {
    /// The goal's stones now.
    pub stones: PointSet,
    /// The summed value of the goal's eye spaces.
    pub value: EyeValue,
    /// Where the attacker plays to reduce the eyes.
    pub attacks: Points,
    /// Where the defender plays to raise them.
    pub defenses: Points,
    /// For the same spaces, another point where the attacker's move does
    /// as much (optics' `other_attack`), when there is one.
    pub other_attacks: Points,
    /// For the same spaces, another point where the defender's move does
    /// as much (optics' `other_defense`).
    pub other_defenses: Points,
    /// Every point of the goal's eye spaces.
    pub eye_points: PointSet,
    /// Their marginal points.
    pub marginal: PointSet,
    /// Stones that are not lively near the goal.
    pub dead: PointSet,
    /// A goal string the attacker can capture by reading (not by ko). Read
    /// only when [`evaluate`] is asked to or the eyes reach two.
    pub weak_goal: bool,
    /// A goal string the attacker can capture only by ko: with the
    /// attacker to move, two eyes do not end the node while it stands.
    pub ko_goal: bool,
    /// Opponent strings next to the goal that reading can capture.
    pub lunches: PointSet,
    /// Whether a lunch's capture may give more than [`Life::value`] reads:
    /// a lunch reading can save, or a dead one of more than one stone
    /// (taking it frees a space and gives the goal liberties that the
    /// value, read with its stones in place, may not count). A dead
    /// single stone lies in an eye space whose value reads its capture.
    pub open_lunch: bool,
    /// Room to run: [`ESCAPE_AREA`] empty points outside the attacker's
    /// domain within reach.
    pub escape: bool,
    /// Empty points next to the goal or its eye spaces, outside the spaces,
    /// that touch no lively attacker stone: where the defender may still
    /// widen its eye space.
    pub room: u8,
    /// Eyes (attacker first) in spaces with no marginal point and no
    /// point for the attacker: eyes no move can touch.
    pub settled_eyes: u8,
    /// Whether every eye space's value is exact (not the solver's
    /// estimate): only then may a node be judged without reading on.
    pub exact: bool,
    /// An opponent string next to the goal that reading cannot capture,
    /// with at most [`SEKI_LIBERTIES`] liberties, all next to the goal:
    /// liberties the two share, which neither may fill when the goal has
    /// an eye (a seki, or a race the goal's eye wins), whatever the eye
    /// count says.
    pub seki_neighbour: bool,
    /// A liberty of the goal next to a friendly string outside it with at
    /// least [`LINK_LIBERTIES`] liberties: a move there may connect out.
    /// Looked for only while the eyes fall short of two.
    pub linkable: bool,
}

/// The stones of every string of `color` through a point of `goal`.
pub fn goal_stones<const C: usize, const M: usize>(
    board: &Board<C, M>,
    goal: &PointSet,
    color: Color,
) -> PointSet {
    let mut stones = PointSet::new();
    // A word at a time, so that a point already taken (a stone of a string
    // met before) is a test of the word's bit.
    for (w, &word) in goal.words().iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if stones.words().get(w).is_some_and(|&taken| taken & bit != 0) {
                continue;
            }
            let Some(p) = Point::from_index(w * 64 + bit.trailing_zeros() as usize) else {
                break;
            };
            if board.color_at(p) == Some(color) {
                for q in board.stones(p) {
                    stones.insert(q);
                }
            }
        }
    }
    stones
}

/// Points within `radius` steps of `from`.
pub fn dilate<const C: usize, const M: usize>(
    board: &Board<C, M>,
    from: &PointSet,
    radius: usize,
) -> PointSet {
    let on = on_board(board.size());
    let mut set = *from;
    for _ in 0..radius {
        let (across, along) = (
            spread::<1>(set.words()),
            spread::<{ STRIDE as u32 }>(set.words()),
        );
        let mut words = across;
        for (w, a) in words.iter_mut().zip(along) {
            *w |= a;
        }
        set = PointSet::from_words(words) & on;
    }
    set
}

/// The points of a board of `size` (layout cells off the border).
fn on_board(size: usize) -> PointSet {
    if size == MAX_SIZE {
        FULL_BOARD
    } else {
        PointSet::square(1, size)
    }
}

/// The points of the largest board, where owl mostly reads: built once,
/// at compile time.
const FULL_BOARD: PointSet = PointSet::square(1, MAX_SIZE);

/// The bitmap `words` with each bit also copied `N` layout cells
/// (`0 < N < 64`) up and down: a set with its neighbours `N` cells away.
/// `N` is a constant, so that the shifts of the words are.
fn spread<const N: u32>(words: &[u64; POINT_SET_WORDS]) -> [u64; POINT_SET_WORDS] {
    spread_within::<N>(words, 0, POINT_SET_WORDS - 1)
}

/// [`spread`] for the words `lo..=hi` of the result; the others are
/// those of `words`.
#[inline(always)]
fn spread_within<const N: u32>(
    words: &[u64; POINT_SET_WORDS],
    lo: usize,
    hi: usize,
) -> [u64; POINT_SET_WORDS] {
    let mut out = *words;
    let mut below = lo
        .checked_sub(1)
        .and_then(|w| words.get(w))
        .copied()
        .unwrap_or(0);
    for w in lo..=hi {
        let (Some(&word), Some(slot)) = (words.get(w), out.get_mut(w)) else {
            break;
        };
        let above = words.get(w + 1).copied().unwrap_or(0);
        *slot = word | word << N | below >> (64 - N) | word >> N | above << (64 - N);
        below = word;
    }
    out
}

/// Calls `f` with each eye space of `color` touching the goal's `stones`
/// and its marginal points, as [`eye_space`] finds them with the `dead`
/// stones and the domains `own` and `other`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn for_each_space<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    stones: &PointSet,
    dead: &PointSet,
    own: &PointSet,
    other: &PointSet,
    color: Color,
    mut f: impl FnMut(&mut Board<C, M>, &mut Reader<R, A>, PointSet, PointSet),
) {
    let enemy = color.opponent();
    // The points looked at, the goal's stones and the points outside the
    // goal's domain, which are in none of its eye spaces (`eye_space`
    // would answer `None`): one test skips them all.
    let mut seen = *stones | (on_board(board.size()) - *own);
    for s in stones.iter() {
        for n in s.neighbors() {
            if !board.is_on_board(n) || seen.contains(n) || board.color_at(n) == Some(color) {
                continue;
            }
            seen.insert(n);
            if let Some((space, marginal)) = eye_space(board, reader, dead, own, other, enemy, n) {
                seen |= space;
                f(board, reader, space, marginal);
            }
        }
    }
}

/// The value of one eye space of `color`, from `memo` when it holds it,
/// else read by [`compute_eyes`] and kept there.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn value_space<
    const C: usize,
    const M: usize,
    const R: usize,
    const A: usize,
    const S: usize,
    const E: usize,
>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    memo: &mut EyeMemo<E>,
    color: Color,
    space: &PointSet,
    marginal: &PointSet,
    dead: &PointSet,
) -> EyeResult {
    let key = eye_key(board, color, space, marginal, dead);
    if let Some(r) = memo.get(key) {
        return r;
    }
    let r = compute_eyes(board, reader, solver, color, space, marginal, dead);
    memo.put(key, r);
    r
}

/// The goal's stones now, the opponent's dead stones within
/// [`REGION_RADIUS`] of them, and the domains of `color` and of its
/// opponent: what [`evaluate`] and [`alive_at_a_glance`] find the eye
/// spaces with. Only the opponent's strings are read: a goal string that
/// can be taken is the search's to read, not the eye space's.
fn goal_domains<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    goal: &PointSet,
    color: Color,
) -> (PointSet, PointSet, PointSet, PointSet) {
    let stones = goal_stones(board, goal, color);
    let region = dilate(board, &stones, REGION_RADIUS);
    let dead = dead_stones_in(board, reader, &region, color.opponent(), READ_LIBERTIES);
    let (own, other) = domains(board, &dead, color);
    (stones, dead, own, other)
}

/// The goal's life at this node; `color` owns the goal. The goal's
/// strings are read for [`Life::weak_goal`] and [`Life::ko_goal`] when
/// `every_goal_string` is set or the eyes reach two with the attacker
/// first: only then can a goal string's capture change a verdict.
pub fn evaluate<
    const C: usize,
    const M: usize,
    const R: usize,
    const A: usize,
    const S: usize,
    const E: usize,
>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    memo: &mut EyeMemo<E>,
    goal: &PointSet,
    color: Color,
    every_goal_string: bool,
) -> Life {
    let enemy = color.opponent();
    let (stones, dead, own, other) = goal_domains(board, reader, goal, color);
    let mut life = Life {
        stones,
        value: EyeValue::new(0, 0, 0, 0),
        attacks: Points::default(),
        defenses: Points::default(),
        other_attacks: Points::default(),
        other_defenses: Points::default(),
        eye_points: PointSet::new(),
        marginal: PointSet::new(),
        dead,
        weak_goal: false,
        ko_goal: false,
        lunches: PointSet::new(),
        open_lunch: false,
        escape: false,
        room: 0,
        settled_eyes: 0,
        exact: true,
        seki_neighbour: false,
        linkable: false,
    };
    // Eye spaces touching the goal, the most contested first for vitals.
    let mut contested = [(
        0u8,
        None::<Point>,
        None::<Point>,
        None::<Point>,
        None::<Point>,
    ); 8];
    let mut n_contested = 0usize;
    for_each_space(
        board,
        reader,
        &stones,
        &life.dead,
        &own,
        &other,
        color,
        |board, reader, space, marginal| {
            life.eye_points |= space;
            life.marginal |= marginal;
            let r = value_space(
                board, reader, solver, memo, color, &space, &marginal, &life.dead,
            );
            life.value = life.value + r.value;
            life.exact &= r.exact;
            if marginal.is_empty() && r.attack.is_none() && r.exact {
                life.settled_eyes = life.settled_eyes.saturating_add(r.value.min_eyes());
            }
            let swing = (r.value.c - r.value.b.min(r.value.c)) * 2
                + (r.value.b - r.value.a.min(r.value.b))
                + (r.value.d - r.value.c.min(r.value.d));
            if (r.attack.is_some() || r.defense.is_some())
                && let Some(slot) = contested.get_mut(n_contested)
            {
                *slot = (swing, r.attack, r.defense, r.other_attack, r.other_defense);
                n_contested += 1;
            }
        },
    );
    let list = contested.get_mut(..n_contested).unwrap_or_default();
    // Most contested first; ties by attack point, so the order is fixed.
    list.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    for &(_, a, d, oa, od) in list.iter() {
        if let Some(a) = a {
            life.attacks.push(a);
        }
        if let Some(d) = d {
            life.defenses.push(d);
        }
        if let Some(a) = oa {
            life.other_attacks.push(a);
        }
        if let Some(d) = od {
            life.other_defenses.push(d);
        }
    }
    // Weak goal strings and lunches. Each string is looked at once: `seen`
    // holds the heads of those met, which are cheaper to find than their
    // origins. The goal's strings are read only when their capture can
    // change a verdict: `weak_goal` and `ko_goal` only ever doubt two eyes.
    let mut seen = PointSet::new();
    let mut done = PointSet::new();
    let read_goal = every_goal_string || life.value.min_eyes() >= 2;
    for s in stones.iter().filter(|_| read_goal) {
        if !seen.insert(board.string_id(s)) {
            continue;
        }
        let o = board.origin(s);
        if done.contains(o) {
            continue;
        }
        done.insert(o);
        if board.liberty_count(o) <= 2 {
            match reader.attack(board, o).code {
                Code::Win => life.weak_goal = true,
                Code::KoA | Code::KoB => life.ko_goal = true,
                Code::Fail => {}
            }
        }
    }
    for s in stones.iter() {
        for n in s.neighbors() {
            if board.color_at(n) != Some(enemy)
                || life.lunches.contains(n)
                || done.contains(n)
                || !seen.insert(board.string_id(n))
            {
                continue;
            }
            let o = board.origin(n);
            if done.contains(o) {
                continue;
            }
            done.insert(o);
            let liberties = board.liberty_count(o);
            if liberties <= 3 && reader.attack(board, o).code != Code::Fail {
                for q in board.stones(o) {
                    life.lunches.insert(q);
                }
                if !life.dead.contains(o) || board.string_size(o) > 1 {
                    life.open_lunch = true;
                }
            } else if liberties <= SEKI_LIBERTIES
                && board
                    .liberty_set(o)
                    .iter()
                    .all(|l| l.neighbors().iter().any(|&m| stones.contains(m)))
            {
                life.seki_neighbour = true;
            }
        }
    }
    life.escape = escape_room(board, &stones, &other, &life.eye_points) >= ESCAPE_AREA;
    life.room = room(board, &stones, &life.eye_points, &life.dead, enemy);
    // Only a goal short of two eyes is ever judged dead.
    life.linkable = life.value.max_eyes() < 2 && linkable(board, &stones, color);
    life
}

/// Room: empty points next to the goal's `stones` or its `eyes`, outside
/// the spaces, with no lively `enemy` stone (one not in `dead`) next to
/// them. Each such point is looked at once; the stones are not empty, so
/// the sets' own points need no test. Kept out of [`evaluate`] so that its
/// sets take no room on the stack while the eye solver reads.
#[inline(never)]
fn room<const C: usize, const M: usize>(
    board: &Board<C, M>,
    stones: &PointSet,
    eyes: &PointSet,
    dead: &PointSet,
    enemy: Color,
) -> u8 {
    let inner = *stones | *eyes;
    let room = (dilate(board, &inner, 1) - inner)
        .iter()
        .filter(|&n| {
            board.color_at(n).is_none()
                && !n
                    .neighbors()
                    .iter()
                    .any(|&m| board.color_at(m) == Some(enemy) && !dead.contains(m))
        })
        .count();
    u8::try_from(room).unwrap_or(u8::MAX)
}

/// Whether an attack root's static verdict finds the goal alive before
/// every eye space is valued: no goal string the attacker can take
/// (outright or by ko), and either `room` points of [`open_room`] or
/// `ample` = (points, owned points) of eye space (all its points,
/// or its points that are not marginal) whose largest space alone is worth
/// two eyes by the solver's estimate (the value [`evaluate`] sums with
/// the others). The verdict is the one [`evaluate`]'s life gives, reached
/// with less: a goal in open space or in a game's territory is judged
/// without the eye solver, or with one space read. Out of line: its sets
/// stay off the frames that are live while the search goes deeper.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(crate) fn alive_at_a_glance<
    const C: usize,
    const M: usize,
    const R: usize,
    const A: usize,
    const S: usize,
    const E: usize,
>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    memo: &mut EyeMemo<E>,
    goal: &PointSet,
    color: Color,
    room: usize,
    ample: (usize, usize),
) -> bool {
    let (stones, dead, own, other) = goal_domains(board, reader, goal, color);
    let mut eyes = PointSet::new();
    let mut marginal = PointSet::new();
    // The largest space, by its points, with its marginal points.
    let mut largest = (PointSet::new(), PointSet::new());
    for_each_space(
        board,
        reader,
        &stones,
        &dead,
        &own,
        &other,
        color,
        |_, _, space, margins| {
            eyes |= space;
            marginal |= margins;
            if space.len() > largest.0.len() {
                largest = (space, margins);
            }
        },
    );
    let mut heads = PointSet::new();
    for s in stones.iter() {
        if heads.insert(board.string_id(s))
            && board.liberty_count(s) <= 2
            && reader.attack(board, board.origin(s)).code != Code::Fail
        {
            return false;
        }
    }
    if open_room(board, &stones, &dead, &eyes, color) >= room {
        return true;
    }
    let (points, owned) = ample;
    if eyes.len() < points && (eyes - marginal).len() < owned {
        return false;
    }
    let (space, margins) = largest;
    let r = value_space(board, reader, solver, memo, color, &space, &margins, &dead);
    !r.exact && r.value.min_eyes() >= 2
}

/// The goal's open room: points within [`OPEN_RADIUS`] steps of it,
/// reached through points that neither hold nor touch a lively attacker
/// stone, outside its eye spaces. No wall stands between the goal and
/// them. (The attacker's domain, which [`escape_room`] avoids, spreads
/// over an open board; the points next to its stones do not.)
pub(crate) fn open_room<const C: usize, const M: usize>(
    board: &Board<C, M>,
    stones: &PointSet,
    dead: &PointSet,
    eyes: &PointSet,
    color: Color,
) -> usize {
    let enemy = color.opponent();
    let lively = |q: Point| board.color_at(q) == Some(enemy) && !dead.contains(q);
    let open = |p: Point| {
        board.is_on_board(p)
            && !stones.contains(p)
            && !lively(p)
            && !p.neighbors().iter().any(|&n| lively(n))
    };
    reach(stones, OPEN_RADIUS, open)
        .iter()
        .filter(|&p| !eyes.contains(p))
        .count()
}

/// Empty points within [`ESCAPE_RADIUS`] steps of the goal's liberties,
/// reached through empty points outside the attacker's domain and the
/// goal's eye spaces.
pub(crate) fn escape_room<const C: usize, const M: usize>(
    board: &Board<C, M>,
    stones: &PointSet,
    other: &PointSet,
    eyes: &PointSet,
) -> usize {
    let open = |p: Point| {
        board.is_on_board(p)
            && board.color_at(p).is_none()
            && !other.contains(p)
            && !eyes.contains(p)
    };
    reach(stones, ESCAPE_RADIUS, open).len()
}

/// The liberties of the strings through `stones`.
pub fn liberties_of<const C: usize, const M: usize>(
    board: &Board<C, M>,
    stones: &PointSet,
) -> PointSet {
    let mut libs = PointSet::new();
    let mut done = PointSet::new();
    // Each string once, by its head (found without walking the string).
    for s in stones.iter() {
        if done.insert(board.string_id(s)) {
            libs |= board.liberty_set(s);
        }
    }
    libs
}

/// Whether a liberty of the goal's `stones` touches a string of `color`
/// outside them with at least [`LINK_LIBERTIES`] liberties.
fn linkable<const C: usize, const M: usize>(
    board: &Board<C, M>,
    stones: &PointSet,
    color: Color,
) -> bool {
    liberties_of(board, stones).iter().any(|l| {
        l.neighbors().iter().any(|&n| {
            board.is_on_board(n)
                && board.color_at(n) == Some(color)
                && !stones.contains(n)
                && board.liberty_count(n) >= LINK_LIBERTIES
        })
    })
}

/// The points that satisfy `open` reached from `stones` within `radius`
/// steps of their neighbours, through such points only.
fn reach(stones: &PointSet, radius: usize, open: impl Fn(Point) -> bool) -> PointSet {
    let mut reached = PointSet::new();
    let mut frontier = PointSet::new();
    for s in stones.iter() {
        for n in s.neighbors() {
            if open(n) {
                frontier.insert(n);
                reached.insert(n);
            }
        }
    }
    for _ in 0..radius {
        let mut next = PointSet::new();
        for p in frontier.iter() {
            for n in p.neighbors() {
                if open(n) && !reached.contains(n) {
                    reached.insert(n);
                    next.insert(n);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's group holds 18 points on the left, too many for the solver
    /// and worth two eyes by its estimate, and nine below its wall, which
    /// the solver reads. The glance's ample verdict values only the larger
    /// space; the full evaluation reads both and reaches the same verdict.
    #[test]
    fn a_glance_values_only_the_largest_space() {
        let board = || {
            Board::<4096, 361>::from_diagram(
                "
                ..X.O....
                ..X.O....
                ..X.O....
                ..X.O....
                ..X.O....
                ..XXXXXO.
                ..X...XO.
                ..X...XO.
                ..X...XO.",
            )
            .unwrap()
        };
        let mut b = board();
        let c1 = Point::from_vertex("C1", 9).unwrap();
        let mut goal = PointSet::new();
        goal.insert(c1);
        let (mut reader, mut solver): (Reader<256>, Solver<256>) = (Reader::new(), Solver::new());
        set_eye_reach(
            &mut solver,
            100_000,
            (EYE_READ_VERTICES, OPEN_EYE_READ_VERTICES),
        );
        let mut memo: EyeMemo = EyeMemo::new();
        let ample = (25, 10);
        let glance = alive_at_a_glance(
            &mut b,
            &mut reader,
            &mut solver,
            &mut memo,
            &goal,
            Color::Black,
            usize::MAX,
            ample,
        );
        assert!(glance);
        assert_eq!(solver.total_nodes(), 0);
        let mut memo: EyeMemo = EyeMemo::new();
        let life = evaluate(
            &mut b,
            &mut reader,
            &mut solver,
            &mut memo,
            &goal,
            Color::Black,
            true,
        );
        assert!(solver.total_nodes() > 0);
        assert!(!life.exact && life.value.min_eyes() >= 2 && life.eye_points.len() >= 25);
        // Without the ample verdict, a walled-in goal is not alive at a glance.
        let mut memo: EyeMemo = EyeMemo::new();
        assert!(!alive_at_a_glance(
            &mut board(),
            &mut reader,
            &mut solver,
            &mut memo,
            &goal,
            Color::Black,
            usize::MAX,
            (usize::MAX, usize::MAX)
        ));
    }

    /// A goal string in atari is read only when it can change a verdict:
    /// with one eye at most, the goal's strings are left unread unless
    /// the caller asks for them (a root does, for its verdicts).
    #[test]
    fn goal_strings_are_read_only_when_two_eyes_could_be_doubted() {
        let board = || {
            Board::<4096, 361>::from_diagram(
                "
                .XOO.....
                XX.O.....
                OOOO.....
                .........
                .........
                .........
                .........
                .........
                .........",
            )
            .unwrap()
        };
        let goal = {
            let mut g = PointSet::new();
            g.insert(Point::from_vertex("B8", 9).unwrap());
            g
        };
        let read = |every: bool| {
            let (mut reader, mut solver): (Reader<256>, Solver<256>) =
                (Reader::new(), Solver::new());
            let mut memo: EyeMemo = EyeMemo::new();
            let life = evaluate(
                &mut board(),
                &mut reader,
                &mut solver,
                &mut memo,
                &goal,
                Color::Black,
                every,
            );
            (life, reader.nodes())
        };
        let (lazy, lazy_nodes) = read(false);
        let (full, full_nodes) = read(true);
        assert!(full.value.min_eyes() < 2 && lazy.value == full.value);
        assert!(full.weak_goal && !lazy.weak_goal);
        assert!(lazy_nodes < full_nodes);
    }

    /// A remembered value is the one put, every field of it; one whose
    /// counts do not fit the packed word is not remembered.
    #[test]
    fn the_eye_memo_gives_back_what_it_was_given() {
        let at = |v: &str| Point::from_vertex(v, 19).ok();
        let full = EyeResult {
            color: Color::White,
            value: EyeValue {
                a: 0,
                b: 1,
                c: 2,
                d: 15,
            },
            attack: at("A1"),
            defense: at("T19"),
            other_attack: at("K10"),
            other_defense: at("S2"),
            exact: true,
        };
        let bare = EyeResult {
            color: Color::Black,
            attack: None,
            defense: None,
            other_attack: None,
            other_defense: at("A19"),
            exact: false,
            ..full
        };
        let mut memo = EyeMemo::<8>::new();
        for (key, r) in [(3, full), (12, bare)] {
            assert_eq!(memo.get(key), None);
            memo.put(key, r);
            assert_eq!(memo.get(key), Some(r));
        }
        // 4 shares key 12's slot: the newer value takes it.
        memo.put(4, full);
        assert_eq!((memo.get(4), memo.get(12)), (Some(full), None));
        let big = EyeResult {
            value: EyeValue {
                d: 16,
                ..full.value
            },
            ..full
        };
        memo.put(3, big);
        assert_eq!(memo.get(3), None);
        memo.clear();
        assert_eq!(memo.get(4), None);
    }

    /// The board's points, a word at a time, are its points one by one,
    /// on every size.
    #[test]
    fn on_board_is_the_boards_points() {
        for size in 1..=MAX_SIZE {
            let board: Board = Board::new(size).unwrap();
            let mut points = PointSet::new();
            for p in board.points() {
                points.insert(p);
            }
            assert_eq!(on_board(size), points, "size {size}");
        }
    }
}
