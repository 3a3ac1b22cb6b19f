//! Eye spaces on a board and their values (GNU Go's `make_domains`,
//! half and false eyes, `compute_eyes`, `eval_eye`).
//!
//! Owns:
//! - Liveliness: a string is lively unless owlet-board's [`Reader`] can
//!   capture it and cannot defend it (ko results count as "can"; besides
//!   `find_defense`, each liberty and each capture of a neighbour in atari
//!   is tried as a defense, checked with `attack`). Strings
//!   with more than [`READ_LIBERTIES`] liberties are lively without
//!   reading. Strings that are not lively are invisible below.
//! - Domains ([`domain`]; [`domains`] for both colours): a colour's
//!   influence covers its lively stones, the empty (or invisible) points
//!   next to them, and, repeatedly, any empty point with two adjoining
//!   points among its eight surrounding ones (a diagonal and an
//!   orthogonal neighbour next to it, neither on the first line) under
//!   influence — unless a lively opponent stone sits on the other
//!   orthogonal neighbour next to that diagonal (knight's-move caveat) or
//!   on both points extending the pair's line (two-space-jump caveat). A
//!   corner point gets influence from either neighbour when no lively
//!   opponent stone is on its neighbours or diagonal.
//! - Eye spaces: a point in one colour's domain only is that colour's eye
//!   space, marginal when next to a point of the other colour's domain
//!   only; a point in both domains is marginal eye space of a colour when
//!   next to a point of that colour's domain only. An eye space is a
//!   connected set of such points; opponent stones in it are dead stones.
//! - Topology: for each eye point with at most one neighbour in its space,
//!   the four diagonals outside the space are valued in eighths: an
//!   uncapturable opponent stone 16, an opponent stone capturable only by
//!   ko 9 (GNU Go's `b`), an opponent stone that can be attacked and
//!   defended or an empty point where the opponent can play safely 8, one
//!   defendable only by ko or an empty point where the opponent's move is a
//!   ko capture 7 (`a`), anything else 0; off the board 8, off a corner 0.
//!   `a = 7/8, b = 9/8` keep `a + b = 2` and `3/4 < a < 1` (choice (iv)'s
//!   ordering of the documented cases (a)…(e'') with exact integers). A
//!   sum of 32 or more (4 eyes' worth) is a false eye and the point becomes
//!   marginal (when it is the whole space, holds a dead stone or the
//!   opponent may play there: an empty point where the opponent's move is
//!   suicide stays ordinary). A sum above 16 is a half eye, except that in
//!   a space of several points diagonals valued `a` are left out of the
//!   sum: the opponent's ko capture there leaves a stone capturable by ko
//!   (case (b) 2+a becomes (b') 2+b, not a false eye), so it is ko aji the
//!   eye graph cannot express, and GNU Go's straight three with such a
//!   diagonal at its end (optics.tst 1811) stays 1 2. Its key point
//!   (the first diagonal counted valued 7, 8 or 9 — the diagonal itself when
//!   empty, the reader's attack point of a stone on it) joins the eye
//!   graph as a marginal vertex next to it.
//! - False margins (GNU Go's doc, "False Margins"): an empty point that
//!   would be marginal eye space but where the opponent's move next to its
//!   lively stones leaves a string with one liberty is left out.
//! - [`eval_eye`]: the eye space through a point, its graph, and the
//!   [`Solver`]'s value and vital points mapped back to the board.
//!
//! Omits: dragons (every lively stone of the colour around a space is one
//! surrounding group), owl-specific domains and GNU Go's
//! three-ko refinements. Eye spaces larger than [`MAX_VERTICES`] (key
//! points included) get the solver's flagged estimate.
//!
//! Stack: a call holds about 10 `PointSet`s (56 bytes each) and one
//! [`EyeGraph`] (~120 bytes) besides the solver.

use owlet_board::{
    Board, Code, Color, MAX_SIZE, Move, POINT_SET_WORDS, Point, PointSet, Reader, STRIDE,
};

use crate::graph::{EyeGraph, MAX_VERTICES};
use crate::solver::{Analysis, Solver};
use crate::value::EyeValue;

/// Strings with more liberties than this are lively without reading.
pub const READ_LIBERTIES: usize = 4;

/// The value of an eye space on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct EyeResult {
    /// Whose eye space it is.
    pub color: Color,
    /// The value.
    pub value: EyeValue,
    /// Where the attacker plays to reduce it (when some move does).
    pub attack: Option<Point>,
    /// Where the defender plays to raise it.
    pub defense: Option<Point>,
    /// Another point where the attacker's move reduces it as much, when
    /// there is one (of several, the one with most neighbours in the
    /// space: vital points are usually central). GNU Go names one point;
    /// owl reads this one too.
    pub other_attack: Option<Point>,
    /// Another point where the defender's move raises it as much, chosen
    /// the same way.
    pub other_defense: Option<Point>,
    /// False when the value is the solver's estimate.
    pub exact: bool,
}

/// Stones that are not lively: capturable and not defendable.
pub fn dead_stones<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
) -> PointSet {
    let mut points = PointSet::new();
    for p in board.points() {
        if board.color_at(p).is_some() {
            points.insert(p);
        }
    }
    dead_stones_among(board, reader, &points, None, READ_LIBERTIES)
}

/// [`dead_stones`] restricted to the strings with a stone in `region`
/// (owl reads only around its goal) and to strings with at most
/// `max_liberties` liberties; strings through a point of `keep` are never
/// dead.
pub fn dead_stones_near<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    region: &PointSet,
    keep: &PointSet,
    max_liberties: usize,
) -> PointSet {
    let points = stones_outside(board, region, keep);
    dead_stones_among(board, reader, &points, None, max_liberties)
}

/// [`dead_stones`] restricted to `color`'s strings with a stone in
/// `region` and at most `max_liberties` liberties (owl reads only the
/// opponent's strings around its goal), without a pass to sort the
/// region's stones out.
pub fn dead_stones_in<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    region: &PointSet,
    color: Color,
    max_liberties: usize,
) -> PointSet {
    dead_stones_among(board, reader, region, Some(color), max_liberties)
}

/// The stones in `region` outside the strings through a point of `keep`.
/// Not inlined: its sets stay off the frame that is live while reading.
#[inline(never)]
fn stones_outside<const C: usize, const M: usize>(
    board: &Board<C, M>,
    region: &PointSet,
    keep: &PointSet,
) -> PointSet {
    // The stones among the points left, a word at a time: each bit is
    // kept or dropped where it is found.
    let mut words = *(*region - *keep).words();
    for (w, word) in words.iter_mut().enumerate() {
        let mut rest = *word;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let index = w * 64 + bit.trailing_zeros() as usize;
            if Point::from_index(index).is_none_or(|p| board.color_at(p).is_none()) {
                *word ^= bit;
            }
        }
    }
    let mut points = PointSet::from_words(words);
    // Each string is taken out once, by its head.
    let mut heads = PointSet::new();
    for p in keep.iter() {
        if board.color_at(p).is_some() && heads.insert(board.string_id(p)) {
            for q in board.stones(p) {
                points.remove(q);
            }
        }
    }
    points
}

/// The dead strings among those through `points` (strings with more than
/// `max_liberties` liberties are lively without reading); the points
/// without a stone, or with a stone of the other colour when `only` names
/// one, are passed over.
fn dead_stones_among<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    points: &PointSet,
    only: Option<Color>,
    max_liberties: usize,
) -> PointSet {
    let mut dead = PointSet::new();
    let mut seen = PointSet::new();
    // A word at a time, so that a point seen (a stone of a string met
    // before) is a test of the word's bit.
    for (w, &word) in points.words().iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if seen.words().get(w).is_some_and(|&met| met & bit != 0) {
                continue;
            }
            let Some(p) = Point::from_index(w * 64 + bit.trailing_zeros() as usize) else {
                break;
            };
            match (board.color_at(p), only) {
                (None, _) => continue,
                (Some(c), Some(o)) if c != o => continue,
                _ => {}
            }
            // A string with more liberties is passed over at each of its
            // stones by this test alone; the others are marked seen.
            if board.liberty_count(p) > max_liberties {
                continue;
            }
            for q in board.stones(p) {
                seen.insert(q);
            }
            let attack = reader.attack(board, p);
            if attack.code == Code::Fail {
                continue;
            }
            // The reading has undone its moves: the string is as it was.
            if !defendable(board, reader, p) {
                for q in board.stones(p) {
                    dead.insert(q);
                }
            }
        }
    }
    dead
}

/// Whether the string at `p` can be saved with its owner to move: the
/// reader's `find_defense`, or else a liberty of the string or a capture
/// of a neighbouring string in atari after which the reader finds no
/// attack (a second look that the reader's move lists can miss).
fn defendable<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    p: Point,
) -> bool {
    if reader.find_defense(board, p).code != Code::Fail {
        return true;
    }
    let Some(owner) = board.color_at(p) else {
        return false;
    };
    let mut tries = [p; 8];
    let mut n = board.liberties(p, &mut tries[..4]).min(4);
    let mut strings = [p; 16];
    let k = board.adjacent_strings(p, &mut strings).min(16);
    for &s in strings.iter().take(k) {
        let mut last = [p; 1];
        if board.liberty_count(s) == 1
            && board.liberties(s, &mut last) == 1
            && let Some(slot) = tries.get_mut(n)
        {
            *slot = last[0];
            n += 1;
        }
    }
    for &m in tries.iter().take(n) {
        if board.play(owner, Move::Play(m)).is_err() {
            continue;
        }
        let safe = board.color_at(p) == Some(owner) && reader.attack(board, p).code == Code::Fail;
        let _ = board.undo();
        if safe {
            return true;
        }
    }
    false
}

/// The domain (influence for eye spaces) of `color`, given the stones
/// that are not lively.
///
/// Computed a 64-point word at a time. Stack: about 1.8 KiB on the device
/// (the board's sets of stones and open points, and for each word where
/// opponent stones block growth).
pub fn domain<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dead: &PointSet,
    color: Color,
) -> PointSet {
    let sets = Sets::new(board, dead);
    let (own, enemy) = sets.lively(color);
    grow(board.size(), &sets, &own, &enemy)
}

/// The domains of `color` and of its opponent, given the stones that are
/// not lively: [`domain`] of each, reading the board once.
pub fn domains<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dead: &PointSet,
    color: Color,
) -> (PointSet, PointSet) {
    let sets = Sets::new(board, dead);
    let (own, enemy) = sets.lively(color);
    let size = board.size();
    (
        grow(size, &sets, &own, &enemy),
        grow(size, &sets, &enemy, &own),
    )
}

/// Word `w` of the points blocked by lively opponent stones `enemy` from
/// growing from the diagonal `H` columns and `V` layout cells (a row) away
/// together with the orthogonal neighbour beside them (`.0`) or above or
/// below them (`.1`): see [`grow`].
#[inline(always)]
fn blocked_word<const H: i32, const V: i32>(
    enemy: &[u64; POINT_SET_WORDS],
    w: usize,
) -> (u64, u64) {
    const ROW: i32 = STRIDE as i32;
    let near = |k: i32| near_word(enemy, w, k);
    // The two-space jump's far points: three rows apart for the neighbour
    // beside, three columns apart for the one above or below.
    let across = if V > 0 { H - ROW } else { H - 2 * ROW };
    let along = if H > 0 { V - 1 } else { V - 2 };
    (
        near(V) | (near(across) & near(across + 3 * ROW)),
        near(H) | (near(along) & near(along + 3)),
    )
}

/// Word `w` of the points whose neighbour `k` layout cells away
/// (`|k| < 64`) is in the set with bitmap `set`.
#[inline(always)]
fn near_word(set: &[u64; POINT_SET_WORDS], w: usize, k: i32) -> u64 {
    let word = |i: Option<usize>| i.and_then(|i| set.get(i)).copied().unwrap_or(0);
    window(
        word(w.checked_sub(1)),
        word(Some(w)),
        word(w.checked_add(1)),
        k,
    )
}

/// The word `k` bits (`|k| < 64`) above `mid` in the bit string
/// `high`, `mid`, `low` (most significant first).
#[inline(always)]
fn window(low: u64, mid: u64, high: u64, k: i32) -> u64 {
    let n = k.unsigned_abs();
    if k >= 0 {
        (mid >> n) | high.checked_shl(64 - n).unwrap_or(0)
    } else {
        (mid << n) | low.checked_shr(64 - n).unwrap_or(0)
    }
}

/// What the domains are grown from.
struct Sets {
    /// Lively black stones.
    black: PointSet,
    /// Lively white stones.
    white: PointSet,
    /// Empty points and stones that are not lively.
    open: PointSet,
    /// Points off the first line.
    interior: PointSet,
}

impl Sets {
    fn new<const C: usize, const M: usize>(board: &Board<C, M>, dead: &PointSet) -> Sets {
        let [empty, black, white] = board.cell_sets();
        let on_board = empty | black | white;
        let (black, white) = (black - *dead, white - *dead);
        let size = board.size();
        // The points off the first line: those whose four neighbours are
        // on the board.
        let interior = if size == MAX_SIZE {
            FULL_INTERIOR
        } else {
            PointSet::square(2, size.saturating_sub(1))
        };
        Sets {
            black,
            white,
            open: on_board - black - white,
            interior,
        }
    }

    /// The lively stones of `color` and of its opponent.
    fn lively(&self, color: Color) -> (PointSet, PointSet) {
        match color {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }
}

/// The points off the first line of the largest board, where owl mostly
/// reads: built once, at compile time.
const FULL_INTERIOR: PointSet = PointSet::square(2, MAX_SIZE - 1);

/// The domain of the colour with lively stones `own` against lively
/// stones `enemy` (see the module documentation for the rules).
///
/// Sets are computed a 64-point word at a time: the points whose
/// neighbour `k` layout cells away is in a set are its words shifted by
/// `k` bits, taking bits from the adjacent words (border cells keep the
/// shifts used here from wrapping onto other rows). Growing is monotone
/// (a point joins for what is already in), so the fixpoint is reached by
/// adding, word by word, every point that can join until no word can
/// grow, in whatever order.
fn grow(size: usize, sets: &Sets, own: &PointSet, enemy: &PointSet) -> PointSet {
    const ROW: i32 = STRIDE as i32;
    let (open, interior) = (sets.open.words(), sets.interior.words());
    let (own, lively_enemy) = (own.words(), enemy.words());
    // Points that join are open points next to a lively stone and, then,
    // an open point e with a diagonal d and an orthogonal neighbour o next
    // to it, both in the domain and off the first line, unless blocked:
    // by a lively opponent on e's other orthogonal neighbour next to d
    // (knight's move), or on both points extending the line of d and o
    // (two-space jump), which lie three rows (o beside e) or three columns
    // (o above or below e) apart. For each word and diagonal (south-west,
    // south-east, north-west, north-east), the points blocked with o beside
    // e (`across`) and with o above or below e (`along`).
    let blocked: [[(u64, u64); 4]; POINT_SET_WORDS] = core::array::from_fn(|w| {
        [
            blocked_word::<-1, { -ROW }>(lively_enemy, w),
            blocked_word::<1, { -ROW }>(lively_enemy, w),
            blocked_word::<-1, ROW>(lively_enemy, w),
            blocked_word::<1, ROW>(lively_enemy, w),
        ]
    });
    let mut bits: [u64; POINT_SET_WORDS] = core::array::from_fn(|w| {
        let near = |set: &[u64; POINT_SET_WORDS], k: i32| near_word(set, w, k);
        near(own, 0)
            | (near(open, 0) & (near(own, 1) | near(own, -1) | near(own, ROW) | near(own, -ROW)))
    });
    // The domain's points off the first line, with an empty word at each
    // end.
    let mut inner = [0u64; POINT_SET_WORDS + 2];
    for (slot, (&word, &interior)) in inner.iter_mut().skip(1).zip(bits.iter().zip(interior)) {
        *slot = word & interior;
    }
    // The words where points may still join, lowest first: every word at
    // first; then, when a word's points off the first line grow, that
    // word, and a word beside it when the new points lie within a row
    // and a column of its end (the only bits of a word its neighbours
    // read), so a pass's growth is seen at once and no pass reads words
    // that cannot change.
    const REACH: u32 = STRIDE as u32 + 1;
    let mut dirty: u32 = (1 << POINT_SET_WORDS) - 1;
    while dirty != 0 {
        let w = dirty.trailing_zeros() as usize;
        dirty &= dirty - 1;
        let (Some(&[low, mid, high]), Some(slot), Some(word), Some(&open), Some(&interior)) = (
            inner
                .get(w..w + 3)
                .and_then(|s| <&[u64; 3]>::try_from(s).ok()),
            blocked.get(w),
            bits.get_mut(w),
            open.get(w),
            interior.get(w),
        ) else {
            continue;
        };
        let at = |k: i32| window(low, mid, high, k);
        let (west, east, south, north) = (at(-1), at(1), at(-ROW), at(ROW));
        // Written out diagonal by diagonal, so that the shifted words are
        // made where they are used rather than kept on the stack.
        let [
            (sw, sw_along),
            (se, se_along),
            (nw, nw_along),
            (ne, ne_along),
        ] = *slot;
        let joins = (at(-1 - ROW) & ((west & !sw) | (south & !sw_along)))
            | (at(1 - ROW) & ((east & !se) | (south & !se_along)))
            | (at(-1 + ROW) & ((west & !nw) | (north & !nw_along)))
            | (at(1 + ROW) & ((east & !ne) | (north & !ne_along)));
        let new = joins & open & !*word;
        *word |= new;
        let grown = new & interior;
        if grown != 0 {
            if let Some(slot) = inner.get_mut(w + 1) {
                *slot = *word & interior;
            }
            let below = u32::from(grown << (64 - REACH) != 0) << w >> 1;
            let above = u32::from(grown >> (64 - REACH) != 0) << (w + 1);
            dirty |= (1 << w | below | above) & ((1 << POINT_SET_WORDS) - 1);
        }
    }
    let mut set = PointSet::from_words(bits);
    // A corner grows from either neighbour when no lively opponent stone
    // is on its neighbours or diagonal. Corners are on the first line, so
    // nothing above grows from them; only on a 2x2 board do they grow from
    // one another, so larger boards take a single pass.
    if size > 1 {
        let far = size - 1;
        let corners = [
            (0, 0, 1, 1),
            (far, 0, -1, 1),
            (0, far, 1, -1),
            (far, far, -1, -1),
        ];
        loop {
            let mut grew = false;
            for &(col, row, dc, dr) in &corners {
                let (Some(e), Some(b), Some(c), Some(d)) = (
                    Point::new(col, row),
                    Point::new(col.wrapping_add_signed(dc), row),
                    Point::new(col, row.wrapping_add_signed(dr)),
                    Point::new(col.wrapping_add_signed(dc), row.wrapping_add_signed(dr)),
                ) else {
                    continue;
                };
                if !set.contains(e)
                    && sets.open.contains(e)
                    && (set.contains(b) || set.contains(c))
                    && ![b, c, d].iter().any(|&q| enemy.contains(q))
                {
                    set.insert(e);
                    grew = true;
                }
            }
            if !grew || size > 2 {
                break;
            }
        }
    }
    set
}

/// The eye space through `p` of the colour whose domain is `own`, and its
/// marginal points, or `None` when `p` is not in one. `other` is the
/// domain of `enemy` ([`domain`]), `dead` the stones that are not lively.
pub fn eye_space<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    dead: &PointSet,
    own: &PointSet,
    other: &PointSet,
    enemy: Color,
    p: Point,
) -> Option<(PointSet, PointSet)> {
    let member = |board: &Board<C, M>, q: Point| membership(board, dead, own, other, q);
    let first = member(board, p)?;
    let mut space = PointSet::new();
    let mut marginal = PointSet::new();
    // The points still to expand after `q`, the one being expanded (`p`
    // first). Cleared rather than filled with `p`: the device clears the
    // array a word at a time, where a fill stores one point at a time.
    let mut stack = [Point::from_index(0).unwrap_or(p); 64];
    let mut q = p;
    let mut len = 0usize;
    let mut size = 1usize;
    space.insert(p);
    // A point is marked marginal as it is stacked, from the membership
    // test that admits it; only the points taken off the stack count.
    if first {
        marginal.insert(p);
    }
    loop {
        for n in q.neighbors() {
            // A lively stone (the wall, most often) is in no eye space:
            // passed over without asking `membership`.
            if space.contains(n) || (board.color_at(n).is_some() && !dead.contains(n)) {
                continue;
            }
            let m = member(board, n);
            if m.is_some() && !(m == Some(true) && is_false_margin(board, reader, dead, enemy, n)) {
                space.insert(n);
                size += 1;
                if size > 4 * MAX_VERTICES {
                    for &r in stack.iter().take(len) {
                        marginal.remove(r);
                    }
                    return Some((space, marginal));
                }
                if let Some(slot) = stack.get_mut(len) {
                    *slot = n;
                    len += 1;
                    if m == Some(true) {
                        marginal.insert(n);
                    }
                }
            }
        }
        let Some(top) = len.checked_sub(1) else { break };
        len = top;
        let Some(&next) = stack.get(len) else { break };
        q = next;
    }
    Some((space, marginal))
}

/// Whether `q` is in the eye space of the colour whose domain is `own`:
/// `Some(marginal)`, or `None` when it is not.
fn membership<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dead: &PointSet,
    own: &PointSet,
    other: &PointSet,
    q: Point,
) -> Option<bool> {
    let open = |q: Point| board.color_at(q).is_none() || dead.contains(q);
    let only = |q: Point, a: &PointSet, b: &PointSet| a.contains(q) && !b.contains(q);
    if !board.is_on_board(q) || !open(q) || !own.contains(q) {
        return None;
    }
    let ns = q.neighbors();
    let on = |n: &&Point| board.is_on_board(**n);
    if !other.contains(q) {
        Some(ns.iter().filter(on).any(|&n| only(n, other, own)))
    } else if ns.iter().filter(on).any(|&n| only(n, own, other)) {
        Some(true)
    } else {
        None
    }
}

/// A false margin (GNU Go's doc, "False Margins"): an empty point next to
/// a lively `enemy` string where an `enemy` move leaves a string with
/// one liberty. It is left out of the eye space.
fn is_false_margin<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    dead: &PointSet,
    enemy: Color,
    q: Point,
) -> bool {
    if board.color_at(q).is_some()
        || !q
            .neighbors()
            .iter()
            .any(|&n| board.color_at(n) == Some(enemy) && !dead.contains(n))
    {
        return false;
    }
    if board.play(enemy, Move::Play(q)).is_err() {
        return false;
    }
    let one = board.liberty_count(q) == 1 || reader.attack(board, q).code == Code::Win;
    let _ = board.undo();
    one
}

/// A diagonal's topological value in eighths, for an eye of `color`, and
/// the point where it is contested (the diagonal itself when empty, the
/// attack point of an opponent stone on it).
fn diagonal_value<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    color: Color,
    q: Point,
) -> (u32, Option<Point>) {
    let enemy = color.opponent();
    match board.color_at(q) {
        Some(c) if c == color => (0, None),
        Some(_) => {
            let attack = reader.attack(board, q);
            let value = match attack.code {
                Code::Fail => 16,
                Code::KoA | Code::KoB => 9,
                Code::Win => match reader.find_defense(board, q).code {
                    Code::Fail => 0,
                    Code::Win => 8,
                    Code::KoA | Code::KoB => 7,
                },
            };
            (value, attack.point)
        }
        None => {
            let Ok(captured) = board.play(enemy, Move::Play(q)) else {
                return (0, None);
            };
            let value = if captured == 1 && board.string_size(q) == 1 && board.liberty_count(q) == 1
            {
                7
            } else {
                match reader.attack(board, q).code {
                    Code::Fail => 8,
                    Code::KoA | Code::KoB => 7,
                    Code::Win => 0,
                }
            };
            let _ = board.undo();
            (value, Some(q))
        }
    }
}

/// The eye space through `p` (black's first, as [`eval_eye`] looks), its
/// marginal points and whose it is; `None` when `p` is in none.
pub fn eye_space_at<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    p: Point,
) -> Option<(Color, PointSet, PointSet)> {
    if !board.is_on_board(p) {
        return None;
    }
    let dead = dead_stones(board, reader);
    let (black, white) = domains(board, &dead, Color::Black);
    for (color, own, other) in [
        (Color::Black, &black, &white),
        (Color::White, &white, &black),
    ] {
        if let Some((space, marginal)) =
            eye_space(board, reader, &dead, own, other, color.opponent(), p)
        {
            return Some((color, space, marginal));
        }
    }
    None
}

/// The value of the eye space through `p` (black's if `p` is in one,
/// else white's, as GNU Go's `eval_eye`), or `None` when `p` is in no eye
/// space.
pub fn eval_eye<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    p: Point,
) -> Option<EyeResult> {
    if !board.is_on_board(p) {
        return None;
    }
    let dead = dead_stones(board, reader);
    let (black, white) = domains(board, &dead, Color::Black);
    for (color, own, other) in [
        (Color::Black, &black, &white),
        (Color::White, &white, &black),
    ] {
        if let Some((space, marginal)) =
            eye_space(board, reader, &dead, own, other, color.opponent(), p)
        {
            return Some(compute_eyes(
                board, reader, solver, color, &space, &marginal, &dead,
            ));
        }
    }
    None
}

/// Liberties outside `space` of the live `color` strings next to it, up to
/// [`crate::solver::OUTER_LIBERTIES`].
fn outer_liberties<const C: usize, const M: usize>(
    board: &Board<C, M>,
    color: Color,
    space: &PointSet,
    dead: &PointSet,
) -> u8 {
    const MOST: u32 = crate::solver::OUTER_LIBERTIES as u32;
    let mut libs = [0u64; POINT_SET_WORDS];
    let mut count = 0u32;
    // The strings already counted, by head: each is read once.
    let mut heads = PointSet::new();
    for q in space.iter() {
        for n in q.neighbors() {
            if board.color_at(n) == Some(color)
                && !dead.contains(n)
                && heads.insert(board.string_id(n))
            {
                let outside = board.liberty_set(n) - *space;
                // Counted as they come (the words with none skipped), so
                // that the count stops at its cap.
                for (seen, &word) in libs.iter_mut().zip(outside.words()) {
                    let new = word & !*seen;
                    if new != 0 {
                        *seen |= new;
                        count += new.count_ones();
                    }
                }
                if count >= MOST {
                    return crate::solver::OUTER_LIBERTIES;
                }
            }
        }
    }
    u8::try_from(count).unwrap_or(u8::MAX)
}

/// Adds eye point `q` of `color`'s space to `graph` as a vertex and
/// records it in `points`.
fn push_vertex<const C: usize, const M: usize>(
    graph: &mut EyeGraph,
    points: &mut [Option<Point>; MAX_VERTICES],
    board: &Board<C, M>,
    color: Color,
    marginal: &PointSet,
    dead: &PointSet,
    q: Point,
) {
    let stone = board.color_at(q) == Some(color.opponent());
    let wall = q
        .neighbors()
        .iter()
        .any(|&n| board.color_at(n) == Some(color) && !dead.contains(n));
    if let Some(v) = graph.push(marginal.contains(q), stone, wall, (0, 0))
        && let Some(slot) = points.get_mut(v)
    {
        *slot = Some(q);
    }
}

/// The value and vital points of one eye space of `color` (from
/// [`eye_space`]; GNU Go's `compute_eyes`).
#[allow(clippy::too_many_arguments)]
pub fn compute_eyes<
    const C: usize,
    const M: usize,
    const R: usize,
    const A: usize,
    const S: usize,
>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    color: Color,
    space: &PointSet,
    marginal: &PointSet,
    dead: &PointSet,
) -> EyeResult {
    let mut graph = EyeGraph::new();
    let mut points: [Option<Point>; MAX_VERTICES] = [None; MAX_VERTICES];
    let mut marginal = *marginal;
    let mut keys = [(0usize, None::<Point>); MAX_VERTICES];
    let mut nkeys = 0usize;
    let space_len = space.len();
    let too_big = space_len > MAX_VERTICES;
    if !too_big {
        // Half and false eyes.
        for q in space.iter() {
            let inside = q.neighbors().iter().filter(|&&n| space.contains(n)).count();
            if inside > 1 {
                continue;
            }
            let mut sum = 0u32;
            // The sum without diagonals valued `a` (7): in a space of
            // several points the attacker's ko capture there does not
            // falsify the eye by itself (it leaves a stone capturable by
            // ko, case (b') and beyond), so it is ko aji, not a key point.
            let mut sum_no_a = 0u32;
            let mut key = None;
            let mut key_no_a = None;
            for (dc, dr) in [(-1isize, -1isize), (-1, 1), (1, -1), (1, 1)] {
                match board.offset(q, dc, dr) {
                    None => {
                        let c_off = q
                            .col()
                            .checked_add_signed(dc)
                            .is_none_or(|c| c >= board.size());
                        let r_off = q
                            .row()
                            .checked_add_signed(dr)
                            .is_none_or(|r| r >= board.size());
                        if !(c_off && r_off) {
                            sum += 8;
                            sum_no_a += 8;
                        }
                    }
                    Some(d) if space.contains(d) => {}
                    Some(d) => {
                        let (v, at) = diagonal_value(board, reader, color, d);
                        if (7..=9).contains(&v) && key.is_none() {
                            key = at;
                        }
                        if (8..=9).contains(&v) && key_no_a.is_none() {
                            key_no_a = at;
                        }
                        sum += v;
                        if v != 7 {
                            sum_no_a += v;
                        }
                    }
                }
            }
            if sum >= 32 {
                // A false eye is a margin when the space is that point,
                // it holds a dead stone or the opponent could play there
                // (an empty point where the opponent's move is suicide
                // stays an ordinary vertex).
                if space_len == 1
                    || board.color_at(q).is_some()
                    || board.is_legal(color.opponent(), q)
                {
                    marginal.insert(q);
                }
            } else if let Some(k) = if space_len == 1 {
                key.filter(|_| sum > 16)
            } else {
                key_no_a.filter(|_| sum_no_a > 16)
            } && let Some(slot) = keys.get_mut(nkeys)
            {
                *slot = (0, Some(k));
                // Remember which eye point it belongs to by position below.
                slot.0 = q.index();
                nkeys += 1;
            }
        }
    }
    let total = space_len + nkeys;
    if too_big || total > MAX_VERTICES {
        let plain = space.iter().filter(|&q| !marginal.contains(q)).count();
        let sure = if plain >= 7 { 2 } else { u8::from(plain >= 3) };
        return EyeResult {
            color,
            value: EyeValue::new(sure, sure, 2, 2),
            attack: None,
            defense: None,
            other_attack: None,
            other_defense: None,
            exact: false,
        };
    }
    // Vertices in GNU Go's scan order (top row first, each from the left),
    // then key points: the space's rows, highest first, read from its
    // bitmap.
    let words = space.words();
    let bottom = space.iter().next().map_or(0, Point::row);
    let top = space.iter().last().map_or(0, Point::row);
    for row in (bottom..=top).rev() {
        let i = (row + 1) * STRIDE + 1;
        let (w, b) = (i / 64, (i % 64) as u32);
        let word = |w: usize| words.get(w).copied().unwrap_or(0);
        let mut bits = (word(w) >> b | word(w + 1).checked_shl(64 - b).unwrap_or(0))
            & ((1 << board.size()) - 1);
        while bits != 0 {
            let col = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(q) = Point::new(col, row) {
                push_vertex(&mut graph, &mut points, board, color, &marginal, dead, q);
            }
        }
    }
    let index_of = |pts: &[Option<Point>; MAX_VERTICES], n: usize, q: Point| {
        pts.iter().take(n).position(|&x| x == Some(q))
    };
    let n = graph.len();
    for u in 0..n {
        let Some(&Some(q)) = points.get(u) else {
            continue;
        };
        for nb in q.neighbors() {
            // The first vertices are the space's points.
            if let Some(v) = space
                .contains(nb)
                .then(|| index_of(&points, n, nb))
                .flatten()
            {
                graph.link(u, v);
            }
        }
    }
    for &(eye_index, key) in keys.iter().take(nkeys) {
        let (Some(key), Some(eye)) = (key, Point::from_index(eye_index)) else {
            continue;
        };
        let Some(e) = index_of(&points, graph.len(), eye) else {
            continue;
        };
        let k = match index_of(&points, graph.len(), key) {
            Some(k) => k,
            None => match graph.push(true, false, true, (0, 0)) {
                Some(k) => {
                    if let Some(slot) = points.get_mut(k) {
                        *slot = Some(key);
                    }
                    k
                }
                None => continue,
            },
        };
        graph.link(e, k);
    }
    let Analysis {
        value,
        attack,
        defense,
        exact,
    } = solver.analyze_with_outer(&graph, outer_liberties(board, color, space, dead));
    let pick = |mine: u16, theirs: u16| -> Option<Point> {
        let both = mine & theirs;
        let m = if both != 0 { both } else { mine };
        if m == 0 {
            return None;
        }
        points.get(m.trailing_zeros() as usize).copied().flatten()
    };
    let first_attack = pick(attack, defense);
    let first_defense = pick(defense, attack);
    // A second vital point: the most central of the others in the mask
    // (the lowest vertex of those as central).
    let other = |m: u16, first: Option<Point>| -> Option<Point> {
        (0..graph.len().min(MAX_VERTICES))
            .filter(|&v| m & (1 << v) != 0)
            .filter_map(|v| Some((v, points.get(v).copied().flatten()?)))
            .filter(|&(_, q)| Some(q) != first)
            .max_by_key(|&(v, _)| (graph.degree(v), core::cmp::Reverse(v)))
            .map(|(_, q)| q)
    };
    EyeResult {
        color,
        value,
        attack: first_attack,
        defense: first_defense,
        other_attack: other(attack, first_attack),
        other_defense: other(defense, first_defense),
        exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    /// The domain rules point by point, with a worklist: the reference
    /// the word-at-a-time [`domain`] is checked against.
    mod reference {
        use owlet_board::{Board, Color, Point, PointSet};

        /// The domain (influence for eye spaces) of `color`, given the stones
        /// that are not lively.
        pub(super) fn domain<const C: usize, const M: usize>(
            board: &Board<C, M>,
            dead: &PointSet,
            color: Color,
        ) -> PointSet {
            let enemy = color.opponent();
            // The lively stones of each colour and the open points, read once.
            let mut lively_own = PointSet::new();
            let mut lively_enemy = PointSet::new();
            let mut open_points = PointSet::new();
            for p in board.points() {
                match board.color_at(p) {
                    Some(c) if !dead.contains(p) => {
                        if c == color {
                            lively_own.insert(p);
                        } else {
                            lively_enemy.insert(p);
                        }
                    }
                    _ => {
                        open_points.insert(p);
                    }
                }
            }
            let lively = |p: Point, c: Color| {
                if c == color {
                    lively_own.contains(p)
                } else {
                    lively_enemy.contains(p)
                }
            };
            // Asked only of points on the board.
            let open = |p: Point| open_points.contains(p);
            let mut set = PointSet::new();
            for p in board.points() {
                if lively(p, color) || (open(p) && p.neighbors().iter().any(|&n| lively(n, color)))
                {
                    set.insert(p);
                }
            }
            // Growing is monotone (a point joins for what is already in), so the
            // fixpoint does not depend on the order: points are checked from a
            // worklist, and a point that joins puts its eight neighbours back on it.
            let mut pending = PointSet::new();
            for e in board.points() {
                if !set.contains(e) && open(e) {
                    pending.insert(e);
                }
            }
            loop {
                let Some(e) = pending.iter().next() else {
                    break;
                };
                pending.remove(e);
                if grows_into(board, &set, e, &lively, enemy) {
                    set.insert(e);
                    for q in e.neighbors().into_iter().chain(e.diagonals()) {
                        if board.is_on_board(q) && !set.contains(q) && open(q) {
                            pending.insert(q);
                        }
                    }
                }
            }
            set
        }

        /// Whether the domain `set` grows into the open point `e` (see [`domain`]).
        fn grows_into<const C: usize, const M: usize>(
            board: &Board<C, M>,
            set: &PointSet,
            e: Point,
            lively: &impl Fn(Point, Color) -> bool,
            enemy: Color,
        ) -> bool {
            let size = board.size();
            let corner =
                (e.col() == 0 || e.col() + 1 == size) && (e.row() == 0 || e.row() + 1 == size);
            if corner && size > 1 {
                let dc: isize = if e.col() == 0 { 1 } else { -1 };
                let dr: isize = if e.row() == 0 { 1 } else { -1 };
                let b = board.offset(e, dc, 0);
                let c = board.offset(e, 0, dr);
                let d = board.offset(e, dc, dr);
                let from = [b, c].iter().flatten().any(|&q| set.contains(q));
                let blocked = [b, c, d].iter().flatten().any(|&q| lively(q, enemy));
                from && !blocked
            } else {
                let mut any = false;
                'pairs: for (dc, dr) in [(-1isize, -1isize), (-1, 1), (1, -1), (1, 1)] {
                    let Some(diag) = board.offset(e, dc, dr) else {
                        continue;
                    };
                    // The two orthogonal neighbours of e next to the diagonal.
                    for (orth, other) in [((dc, 0), (0, dr)), ((0, dr), (dc, 0))] {
                        let Some(o) = board.offset(e, orth.0, orth.1) else {
                            continue;
                        };
                        if !set.contains(diag)
                            || !set.contains(o)
                            || board.is_first_line(diag)
                            || board.is_first_line(o)
                        {
                            continue;
                        }
                        // Knight's move: a lively opponent on the other
                        // orthogonal neighbour next to the diagonal.
                        if board
                            .offset(e, other.0, other.1)
                            .is_some_and(|q| lively(q, enemy))
                        {
                            continue;
                        }
                        // Two-space jump: lively opponents beyond both ends.
                        let (ddc, ddr) = (dc - orth.0, dr - orth.1);
                        let u = board.offset(diag, ddc, ddr);
                        let c = board.offset(o, -ddc, -ddr);
                        if u.is_some_and(|q| lively(q, enemy))
                            && c.is_some_and(|q| lively(q, enemy))
                        {
                            continue;
                        }
                        any = true;
                        break 'pairs;
                    }
                }
                any
            }
        }
    }

    /// A small deterministic generator (SplitMix64).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random boards of every size with stones of random density, and
    /// random sets of dead stones (sometimes holding empty points too):
    /// [`domain`] and [`domains`] agree with the reference.
    #[test]
    fn domains_match_the_reference_on_random_boards() {
        let mut rng = Rng(0x006f_776c_6574);
        for round in 0..40_000 {
            let size = 1 + (round % 19) as usize;
            let stones = rng.below(101);
            let black_share = rng.below(101);
            let dead_share = rng.below(4) * rng.below(60);
            let mut diagram = String::new();
            for _ in 0..size {
                for _ in 0..size {
                    diagram.push(if rng.below(100) >= stones {
                        '.'
                    } else if rng.below(100) < black_share {
                        'X'
                    } else {
                        'O'
                    });
                }
                diagram.push('\n');
            }
            let board: Board = Board::from_diagram(&diagram).unwrap();
            let any_point = rng.below(8) == 0;
            let mut dead = PointSet::new();
            for p in board.points() {
                if (any_point || board.color_at(p).is_some()) && rng.below(100) < dead_share {
                    dead.insert(p);
                }
            }
            let black = reference::domain(&board, &dead, Color::Black);
            let white = reference::domain(&board, &dead, Color::White);
            assert_eq!(domain(&board, &dead, Color::Black), black, "{diagram}");
            assert_eq!(domain(&board, &dead, Color::White), white, "{diagram}");
            assert_eq!(
                domains(&board, &dead, Color::Black),
                (black, white),
                "{diagram}"
            );
            assert_eq!(
                domains(&board, &dead, Color::White),
                (white, black),
                "{diagram}"
            );
        }
    }
}
