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
//! - Domains ([`domain`]): a colour's influence covers its lively stones,
//!   the empty (or invisible) points next to them, and, repeatedly, any
//!   empty point with two adjoining points among its eight surrounding
//!   ones (a diagonal and an orthogonal neighbour next to it, neither on
//!   the first line) under influence — unless a lively opponent stone
//!   sits on the other orthogonal neighbour next to that diagonal
//!   (knight's-move caveat) or on both points extending the pair's line
//!   (two-space-jump caveat). A corner point gets influence from either
//!   neighbour when no lively opponent stone is on its neighbours or
//!   diagonal.
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

use owlet_board::{Board, Code, Color, Move, Point, PointSet, Reader};

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
    dead_stones_among(board, reader, &points, READ_LIBERTIES)
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
    let mut points = PointSet::new();
    for p in region.iter() {
        if board.color_at(p).is_some() && !keep.contains(p) {
            points.insert(p);
        }
    }
    for p in keep.iter() {
        if board.color_at(p).is_some() {
            for q in board.stones(p) {
                points.remove(q);
            }
        }
    }
    dead_stones_among(board, reader, &points, max_liberties)
}

/// The dead strings among those through `points` (strings with more than
/// `max_liberties` liberties are lively without reading).
fn dead_stones_among<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    points: &PointSet,
    max_liberties: usize,
) -> PointSet {
    let mut dead = PointSet::new();
    let mut seen = PointSet::new();
    for p in points.iter() {
        if seen.contains(p) {
            continue;
        }
        let stones: PointSet = {
            let mut s = PointSet::new();
            for q in board.stones(p) {
                s.insert(q);
            }
            s
        };
        for q in stones.iter() {
            seen.insert(q);
        }
        if board.liberty_count(p) > max_liberties {
            continue;
        }
        let attack = reader.attack(board, p);
        if attack.code == Code::Fail {
            continue;
        }
        if !defendable(board, reader, p) {
            for q in stones.iter() {
                dead.insert(q);
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
pub fn domain<const C: usize, const M: usize>(
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
        if lively(p, color) || (open(p) && p.neighbors().iter().any(|&n| lively(n, color))) {
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
    let corner = (e.col() == 0 || e.col() + 1 == size) && (e.row() == 0 || e.row() + 1 == size);
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
                if u.is_some_and(|q| lively(q, enemy)) && c.is_some_and(|q| lively(q, enemy)) {
                    continue;
                }
                any = true;
                break 'pairs;
            }
        }
        any
    }
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
    member(board, p)?;
    let mut space = PointSet::new();
    let mut marginal = PointSet::new();
    let mut stack = [p; 64];
    let mut len = 1usize;
    space.insert(p);
    while len > 0 {
        len -= 1;
        let Some(&q) = stack.get(len) else { break };
        if member(board, q) == Some(true) {
            marginal.insert(q);
        }
        for n in q.neighbors() {
            if !space.contains(n)
                && member(board, n).is_some()
                && !(member(board, n) == Some(true)
                    && is_false_margin(board, reader, dead, enemy, n))
            {
                space.insert(n);
                if space.len() > 4 * MAX_VERTICES {
                    return Some((space, marginal));
                }
                if let Some(slot) = stack.get_mut(len) {
                    *slot = n;
                    len += 1;
                }
            }
        }
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
    let black = domain(board, &dead, Color::Black);
    let white = domain(board, &dead, Color::White);
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
    let black = domain(board, &dead, Color::Black);
    let white = domain(board, &dead, Color::White);
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
    let mut libs = PointSet::new();
    for q in space.iter() {
        for n in q.neighbors() {
            if board.color_at(n) == Some(color) && !dead.contains(n) {
                for l in board.liberty_set(n).iter() {
                    if !space.contains(l) {
                        libs.insert(l);
                    }
                }
            }
        }
    }
    u8::try_from(libs.len())
        .unwrap_or(u8::MAX)
        .min(crate::solver::OUTER_LIBERTIES)
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
    let too_big = space.len() > MAX_VERTICES;
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
                if space.len() == 1
                    || board.color_at(q).is_some()
                    || board.is_legal(color.opponent(), q)
                {
                    marginal.insert(q);
                }
            } else if let Some(k) = if space.len() == 1 {
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
    let total = space.len() + nkeys;
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
    // Vertices in GNU Go's scan order (top row first), then key points.
    let size = board.size();
    for i in 0..size * size {
        let Some(q) = Point::new(i % size, size - 1 - i / size) else {
            continue;
        };
        if !space.contains(q) {
            continue;
        }
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
    let index_of = |pts: &[Option<Point>; MAX_VERTICES], n: usize, q: Point| {
        pts.iter().take(n).position(|&x| x == Some(q))
    };
    let n = graph.len();
    for u in 0..n {
        let Some(&Some(q)) = points.get(u) else {
            continue;
        };
        for nb in q.neighbors() {
            if let Some(v) = index_of(&points, n, nb) {
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
