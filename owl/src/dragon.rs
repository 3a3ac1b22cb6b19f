//! Dragons: strings of one colour that cannot be cut apart.
//!
//! Owns: [`dragon_stones`], [`same_dragon`] and [`linked_strings`] (the
//! strings one link away, with which owl grows its goal). Starting from the string
//! through a point, a string of the same colour joins the dragon when it
//! is linked to a string already in it by one of:
//! - two or more shared liberties (two ways to connect);
//! - a diagonal pair of stones with both points between them empty;
//! - a shared liberty where an opponent stone would have at most one
//!   liberty and capture nothing (a tiger's mouth: it would be taken at
//!   once);
//! - a quiet one-point jump: the point between and the two beside it
//!   empty (or the colour's, or off the board) and touching no opponent
//!   stone;
//! - a small enclosed empty region (at most [`SMALL_EYE`] points, every
//!   neighbour a stone of the colour or the edge) that both border: an
//!   eye they share.
//!
//! [`dragon_stones_read`], the dragon an owl search reads, adds one link
//! that needs the tactical reader: strings next to a dead cutting string
//! (an opponent string of at most two liberties next to the dragon that
//! the reader captures and cannot save) join, since taking it connects
//! them.
//!
//! Omits: GNU Go's connection patterns and its amalgamation through
//! larger eye spaces, and escape potential (owl judges escape itself).
//! A diagonal pair with an opponent stone on one point between and the
//! other empty stays apart even when the opponent's cut there would be
//! captured (GNU Go joins such pairs): joined, they give owl a larger
//! goal, which loses more suite cases than it gains.

use owlet_board::{Board, Code, Color, Point, PointSet, Reader};

/// The largest enclosed empty region counted as an eye two strings share.
pub const SMALL_EYE: usize = 6;

/// The stones of the dragon through `p`; empty when `p` is empty or off
/// the board.
///
/// ```
/// use owlet_board::{Board, Point};
/// use owlet_owl::dragon_stones;
/// // Two black strings joined by a diagonal with both points between empty.
/// let board: Board = Board::from_diagram("
///     .....
///     .X...
///     ..X..
///     .....
///     .....").unwrap();
/// let b4 = Point::from_vertex("B4", 5).unwrap();
/// assert_eq!(dragon_stones(&board, b4).len(), 2);
/// ```
pub fn dragon_stones<const C: usize, const M: usize>(board: &Board<C, M>, p: Point) -> PointSet {
    let mut dragon = PointSet::new();
    let Some(color) = board.color_at(p).filter(|_| board.is_on_board(p)) else {
        return dragon;
    };
    add_string(board, &mut dragon, p);
    // Strings already expanded, by their origin.
    let mut done = PointSet::new();
    while let Some(origin) = next_origin(board, &dragon, &mut done) {
        expand(board, &mut dragon, origin, color);
    }
    dragon
}

/// The origin of a string of `dragon` not yet in `done`, now added to it.
fn next_origin<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dragon: &PointSet,
    done: &mut PointSet,
) -> Option<Point> {
    let origin = dragon
        .iter()
        .map(|s| board.origin(s))
        .find(|&o| !done.contains(o))?;
    done.insert(origin);
    Some(origin)
}

/// [`dragon_stones`] joined across dead cutting strings: an opponent
/// string of at most two liberties next to the dragon that `reader`
/// captures and cannot save joins the dragon's strings around it (GNU
/// Go amalgamates across such strings too), so owl reads the whole group
/// a dead cutting stone cannot separate.
///
/// ```
/// use owlet_board::{Board, Point, Reader};
/// use owlet_owl::{dragon_stones, dragon_stones_read};
/// // White's D2-E2 cannot escape: taking it joins black's three strings.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .......
///     .......
///     .......
///     ...XX..
///     ..XOOX.
///     .......").unwrap();
/// let d3 = Point::from_vertex("D3", 7).unwrap();
/// let mut reader = Reader::<64>::new();
/// assert_eq!(dragon_stones(&board, d3).len(), 2);
/// assert_eq!(dragon_stones_read(&mut board, &mut reader, d3).len(), 4);
/// ```
pub fn dragon_stones_read<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    p: Point,
) -> PointSet {
    // Every string met is expanded by both kinds of link, so the order
    // in which they are taken does not change the result.
    let mut dragon = dragon_stones(board, p);
    let Some(color) = board.color_at(p).filter(|_| !dragon.is_empty()) else {
        return dragon;
    };
    let mut done = PointSet::new();
    while let Some(origin) = next_origin(board, &dragon, &mut done) {
        dead_cutters(board, reader, &mut dragon, origin, color);
        expand(board, &mut dragon, origin, color);
    }
    dragon
}

/// Adds the `color` strings next to a dead cutting string next to the
/// string at `origin` (see [`dragon_stones_read`]).
fn dead_cutters<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    dragon: &mut PointSet,
    origin: Point,
    color: Color,
) {
    let mut adjacent = [origin; 16];
    let k = board.adjacent_strings(origin, &mut adjacent).min(16);
    for &o in adjacent.iter().take(k) {
        if board.color_at(o) != Some(color.opponent()) || board.liberty_count(o) > 2 {
            continue;
        }
        let mut around = [o; 16];
        let j = board.adjacent_strings(o, &mut around).min(16);
        let joins_new = around.iter().take(j).any(|&n| !dragon.contains(n));
        if !joins_new
            || reader.attack(board, o).code != Code::Win
            || reader.find_defense(board, o).code != Code::Fail
        {
            continue;
        }
        for &n in around.iter().take(j) {
            if board.color_at(n) == Some(color) && !dragon.contains(n) {
                add_string(board, dragon, n);
            }
        }
    }
}

/// Whether `a` and `b` are stones of one dragon.
pub fn same_dragon<const C: usize, const M: usize>(
    board: &Board<C, M>,
    a: Point,
    b: Point,
) -> bool {
    board.color_at(b).is_some() && dragon_stones(board, a).contains(b)
}

fn add_string<const C: usize, const M: usize>(board: &Board<C, M>, set: &mut PointSet, p: Point) {
    for q in board.stones(p) {
        set.insert(q);
    }
}

/// The string through `p` and the strings linked to it directly (one
/// step of [`dragon_stones`]' amalgamation); empty when `p` is empty.
pub fn linked_strings<const C: usize, const M: usize>(board: &Board<C, M>, p: Point) -> PointSet {
    let mut set = PointSet::new();
    let Some(color) = board.color_at(p).filter(|_| board.is_on_board(p)) else {
        return set;
    };
    add_string(board, &mut set, p);
    expand(board, &mut set, board.origin(p), color);
    set
}

/// Adds to `dragon` the strings linked to the string at `origin`.
fn expand<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dragon: &mut PointSet,
    origin: Point,
    color: Color,
) {
    let libs = board.liberty_set(origin);
    let mut stones = PointSet::new();
    add_string(board, &mut stones, origin);
    for s in stones.iter() {
        // Diagonal links.
        for d in s.diagonals() {
            if !board.is_on_board(d) || board.color_at(d) != Some(color) || dragon.contains(d) {
                continue;
            }
            let a = Point::new(s.col(), d.row());
            let b = Point::new(d.col(), s.row());
            if let (Some(a), Some(b)) = (a, b)
                && board.color_at(a).is_none()
                && board.color_at(b).is_none()
            {
                add_string(board, dragon, d);
            }
        }
    }
    for s in stones.iter() {
        jump_links(board, dragon, s, color);
    }
    for l in libs.iter() {
        for n in l.neighbors() {
            if board.color_at(n) != Some(color) || dragon.contains(n) {
                continue;
            }
            let shared = board
                .liberty_set(n)
                .iter()
                .filter(|&x| libs.contains(x))
                .count();
            if shared >= 2 || tiger_mouth(board, l, color) {
                add_string(board, dragon, n);
            }
        }
        if let Some(region) = small_eye(board, l, color) {
            for e in region.iter() {
                for n in e.neighbors() {
                    if board.color_at(n) == Some(color) && !dragon.contains(n) {
                        add_string(board, dragon, n);
                    }
                }
            }
        }
    }
}

/// Whether `p` is empty with no opponent stone next to it.
fn quiet<const C: usize, const M: usize>(board: &Board<C, M>, p: Point, color: Color) -> bool {
    board.color_at(p).is_none()
        && !p
            .neighbors()
            .iter()
            .any(|&n| board.is_on_board(n) && board.color_at(n) == Some(color.opponent()))
}

/// Adds the strings a quiet one-point jump away from the stone `s`: the
/// point between is empty, and it and the two points beside it touch no
/// opponent stone (each of those is empty, off the board or `color`'s).
/// A cut there would start with no support. Knight's moves are not
/// linked: a cut between them often works.
fn jump_links<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dragon: &mut PointSet,
    s: Point,
    color: Color,
) {
    const DIRS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let flank_ok = |f: Option<Point>| {
        f.is_none_or(|f| board.color_at(f) == Some(color) || quiet(board, f, color))
    };
    for (dx, dy) in DIRS {
        let Some(between) = board.offset(s, dx, dy) else {
            continue;
        };
        if quiet(board, between, color)
            && flank_ok(board.offset(s, dx - dy, dy + dx))
            && flank_ok(board.offset(s, dx + dy, dy - dx))
            && let Some(t) = board.offset(s, 2 * dx, 2 * dy)
            && board.color_at(t) == Some(color)
            && !dragon.contains(t)
        {
            add_string(board, dragon, t);
        }
    }
}

/// Whether an opponent stone at the empty point `l` would have at most one
/// liberty and capture nothing.
fn tiger_mouth<const C: usize, const M: usize>(
    board: &Board<C, M>,
    l: Point,
    color: Color,
) -> bool {
    let enemy = color.opponent();
    let mut libs = PointSet::new();
    for n in l.neighbors() {
        if !board.is_on_board(n) {
            continue;
        }
        match board.color_at(n) {
            None => {
                libs.insert(n);
            }
            Some(c) if c == enemy => {
                for x in board.liberty_set(n).iter() {
                    if x != l {
                        libs.insert(x);
                    }
                }
            }
            Some(_) => {
                if board.liberty_count(n) == 1 {
                    return false;
                }
            }
        }
    }
    libs.len() <= 1
}

/// The empty region through `l` when it has at most [`SMALL_EYE`] points
/// and only stones of `color` (or the edge) around it.
fn small_eye<const C: usize, const M: usize>(
    board: &Board<C, M>,
    l: Point,
    color: Color,
) -> Option<PointSet> {
    let mut region = PointSet::new();
    let mut stack = [l; SMALL_EYE + 1];
    let mut len = 1usize;
    region.insert(l);
    while len > 0 {
        len -= 1;
        let q = *stack.get(len)?;
        for n in q.neighbors() {
            if !board.is_on_board(n) || region.contains(n) {
                continue;
            }
            match board.color_at(n) {
                None => {
                    region.insert(n);
                    if region.len() > SMALL_EYE {
                        return None;
                    }
                    *stack.get_mut(len)? = n;
                    len += 1;
                }
                Some(c) if c == color => {}
                Some(_) => return None,
            }
        }
    }
    Some(region)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(v: &str, size: usize) -> Point {
        Point::from_vertex(v, size).unwrap()
    }

    #[test]
    fn diagonal_blocked_by_one_stone_is_cut() {
        let board: Board = Board::from_diagram(
            "
            .....
            .XO..
            ..X..
            .....
            .....",
        )
        .unwrap();
        assert!(!same_dragon(&board, pt("B4", 5), pt("C3", 5)));
    }

    #[test]
    fn bamboo_joint_connects() {
        let board: Board = Board::from_diagram(
            "
            .......
            .XX....
            .......
            .XX..X.
            .......
            .......
            .......",
        )
        .unwrap();
        // B6-C6 and B4-C4 share two liberties (B5, C5).
        assert!(same_dragon(&board, pt("B6", 7), pt("B4", 7)));
        // F4 shares no liberty with them.
        assert!(!same_dragon(&board, pt("F4", 7), pt("C4", 7)));
        assert!(!same_dragon(&board, pt("B6", 7), pt("A1", 7)));
        assert_eq!(dragon_stones(&board, pt("A1", 7)).len(), 0);
    }

    #[test]
    fn quiet_one_point_jump_connects() {
        let board: Board = Board::from_diagram(
            "
            .......
            .......
            .X.X...
            .......
            .X.X.O.
            .......
            .......",
        )
        .unwrap();
        // B5-D5 over C5: C5, C6 and C4 empty, touching no white stone.
        assert!(same_dragon(&board, pt("B5", 7), pt("D5", 7)));
        // B3-D3 over C3 as well (the white stone F3 is two points away).
        assert!(same_dragon(&board, pt("B3", 7), pt("D3", 7)));
        // B5 and B3 jump over B4 (A4 and C4 quiet): one dragon of four.
        assert_eq!(dragon_stones(&board, pt("B5", 7)).len(), 4);
    }

    #[test]
    fn one_point_jump_next_to_an_opponent_is_cut() {
        let board: Board = Board::from_diagram(
            "
            .....
            .....
            .X.X.
            ..O..
            .....",
        )
        .unwrap();
        // C3 between touches nothing white, but C2 beside it does.
        assert!(!same_dragon(&board, pt("B3", 5), pt("D3", 5)));
    }

    #[test]
    fn tiger_mouth_connects_unless_it_captures() {
        let board: Board = Board::from_diagram(
            "
            .....
            .X.X.
            ..X..
            .....
            .....",
        )
        .unwrap();
        // B4 and D4 link through C3 diagonally (C4 and the points beside
        // C3 are empty).
        assert_eq!(dragon_stones(&board, pt("B4", 5)).len(), 3);
    }
}
