//! Unconditional life and death: which strings can never be captured, which
//! stones can never escape and which points can never be anyone else's,
//! whatever the opponent plays (Benson's notion of "pass-alive", computed
//! the way GNU Go's `unconditional_status` describes it).
//!
//! Owns: [`unconditional_life`] for one colour and [`unconditional_status`]
//! of a point. The method, for colour `c` and opponent `o`, on a scratch
//! copy of the position (cells only, no journal needed):
//!
//! 1. Invincible strings: `o` keeps filling the liberties of a `c` string
//!    (legal moves only, `c` never answers) until it is captured or no
//!    liberty can be filled; a captured string stays captured and `o`'s
//!    stones stay, otherwise the attempt is undone. This repeats until no
//!    string falls. Seki candidates are spared: two-stone strings off the
//!    edge with no other `c` stone among the eight neighbours of either
//!    stone (the inside of a possible seki in an eye of `o`). What remains
//!    of `c`, candidates aside, can never be captured: it has two liberties
//!    `o` cannot fill, Benson's condition of two vital regions. If nothing
//!    remains, nothing is settled for `c`.
//! 2. Territory: `o` plays on every liberty of the invincible strings where
//!    legal and extends its strings in atari where that is not suicide.
//!    Then the candidates are judged: one in a seki shape — both ends
//!    empty, one empty point beside each stone on opposite sides, and the
//!    two other side points held by one `o` string (already, or after `o`
//!    plays there) — stays on the board, neither alive nor territory, since
//!    `o` cannot take its last liberty without being captured first; any
//!    other candidate is attacked like a string in step 1 (if it does not
//!    fall it is invincible too, and `o` plays on its liberties). `o`
//!    extends its ataris again and fills the rest, first where a stone
//!    keeps two empty neighbours (splitting big eyes), then where it keeps
//!    one. The remaining liberties of the invincible strings, and `o`'s
//!    strings left in atari with their last liberty, are `c`'s
//!    unconditional territory: `o`'s original stones there are dead, `c`'s
//!    own stones there (captured candidates included) alive. An `o` string
//!    with two or more liberties after this could live, so that part is not
//!    territory.
//! 3. Contested regions: a connected part of one colour's territory that
//!    touches the other colour's invincible stones is dropped (those stones
//!    can always extend into it), so it answers `undecided`.
//!
//! Omits: ko (only one side moves, so it never arises) and any reading.
//! On GNU Go's `unconditional.tst` owlet answers all 673 cases as GNU Go
//! 3.8 does, and on 180 random perturbations of those positions (up to six
//! stones added, removed or recoloured) all 64,980 points agree.

use owlet_board::{Board, Cell, Color, Point, PointSet};

use crate::grid::Grid;

/// GNU Go's answers of `unconditional_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum UnconditionalStatus {
    /// Neither colour has it settled.
    Undecided,
    /// A stone that can never be captured.
    Alive,
    /// A stone that can never escape capture.
    Dead,
    /// An empty point that can only ever be white's.
    WhiteTerritory,
    /// An empty point that can only ever be black's.
    BlackTerritory,
}

impl UnconditionalStatus {
    /// The word GTP prints.
    #[must_use]
    pub const fn gtp(self) -> &'static str {
        match self {
            UnconditionalStatus::Undecided => "undecided",
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::WhiteTerritory => "white_territory",
            UnconditionalStatus::BlackTerritory => "black_territory",
        }
    }
}

/// What is settled for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnconditionalLife {
    /// Stones of the colour that can never be captured.
    pub alive: PointSet,
    /// Points (empty, or the opponent's stones) that can only ever be the
    /// colour's.
    pub territory: PointSet,
}

/// The invincible strings of `color`, its unconditional territory and the
/// opponent stones on it.
#[must_use]
pub fn unconditional_life<const C: usize, const M: usize>(
    board: &Board<C, M>,
    color: Color,
) -> UnconditionalLife {
    let mut grid = Grid::from_board(board);
    let (mut alive, candidates) = capture_non_invincible(&mut grid, color);
    if alive.is_empty() {
        return UnconditionalLife::default();
    }
    let territory = territory_around(&mut grid, color, &mut alive, &candidates);
    UnconditionalLife { alive, territory }
}

/// The status of `p` as GNU Go's `unconditional_status` answers it.
#[must_use]
pub fn unconditional_status<const C: usize, const M: usize>(
    board: &Board<C, M>,
    p: Point,
) -> UnconditionalStatus {
    if !board.is_on_board(p) {
        return UnconditionalStatus::Undecided;
    }
    let mut lives = [Color::White, Color::Black].map(|c| unconditional_life(board, c));
    if lives.iter().any(|life| life.alive.contains(p)) {
        return UnconditionalStatus::Alive;
    }
    // A region touching the other colour's invincible stones is not
    // settled: those stones can always extend into it.
    let [white, black] = &mut lives;
    drop_contested(&mut white.territory, &black.alive);
    drop_contested(&mut black.territory, &white.alive);
    for (color, life) in [(Color::White, white), (Color::Black, black)] {
        if life.territory.contains(p) {
            return match board.color_at(p) {
                None => match color {
                    Color::White => UnconditionalStatus::WhiteTerritory,
                    Color::Black => UnconditionalStatus::BlackTerritory,
                },
                Some(c) if c == color => UnconditionalStatus::Alive,
                Some(_) => UnconditionalStatus::Dead,
            };
        }
    }
    UnconditionalStatus::Undecided
}

/// Removes from `territory` every connected part of it (points joined
/// orthogonally within the set) that touches a stone of `other_alive`.
fn drop_contested(territory: &mut PointSet, other_alive: &PointSet) {
    let mut seen = PointSet::new();
    let mut part: [Option<Point>; MAX_POINTS] = [None; MAX_POINTS];
    let all = *territory;
    for start in all.iter() {
        if !seen.insert(start) {
            continue;
        }
        // Collect the part by flood fill, using `part` as the work list.
        let Some(slot) = part.get_mut(0) else {
            return;
        };
        *slot = Some(start);
        let (mut len, mut next, mut contested) = (1, 0, false);
        while next < len {
            let Some(Some(q)) = part.get(next).copied() else {
                break;
            };
            next += 1;
            for r in q.neighbors() {
                if other_alive.contains(r) {
                    contested = true;
                } else if territory.contains(r)
                    && seen.insert(r)
                    && let Some(slot) = part.get_mut(len)
                {
                    *slot = Some(r);
                    len += 1;
                }
            }
        }
        if contested {
            for q in part.get(..len).unwrap_or(&[]).iter().flatten() {
                territory.remove(*q);
            }
        }
    }
}

/// At most this many points on a board.
const MAX_POINTS: usize = owlet_board::MAX_SIZE * owlet_board::MAX_SIZE;

/// Step 1: the opponent captures every `color` string it can by filling
/// liberties, sparing the seki candidates (see [`is_seki_candidate`]);
/// answers the other stones of `color` left, which can never be captured,
/// and the candidates.
fn capture_non_invincible(grid: &mut Grid, color: Color) -> (PointSet, PointSet) {
    let own = Cell::stone(color);
    let mut candidates = PointSet::new();
    for p in grid.points() {
        if grid.at(p) == own && !candidates.contains(p) {
            let string = grid.string(p);
            if is_seki_candidate(grid, &string, color) {
                for s in string.iter() {
                    candidates.insert(s);
                }
            }
        }
    }
    capture_all(grid, color, &candidates);
    let mut alive = PointSet::new();
    for p in grid.points() {
        if grid.at(p) == own && !candidates.contains(p) {
            alive.insert(p);
        }
    }
    (alive, candidates)
}

/// The seki candidates of `color` still on the board, once the opponent
/// has surrounded them: those in a seki shape (see [`is_critical_seki`])
/// stay, neither alive nor capturable; the others are attacked like any
/// string, and those that do not fall join `alive`.
fn settle_candidates(grid: &mut Grid, color: Color, alive: &mut PointSet, candidates: &PointSet) {
    let own = Cell::stone(color);
    let mut seen = PointSet::new();
    for p in grid.points() {
        if grid.at(p) != own || !candidates.contains(p) || seen.contains(p) {
            continue;
        }
        let string = grid.string(p);
        for s in string.iter() {
            seen.insert(s);
        }
        if is_critical_seki(grid, &string, color) {
            continue;
        }
        let before = grid.clone();
        if !fill_liberties(grid, color.opponent(), p) {
            *grid = before;
            for s in string.iter() {
                alive.insert(s);
            }
        }
    }
}

/// The opponent captures every `color` string outside `spared` that it can
/// by filling liberties, until no more falls.
fn capture_all(grid: &mut Grid, color: Color, spared: &PointSet) {
    let own = Cell::stone(color);
    loop {
        let mut fell = false;
        let mut seen = PointSet::new();
        for p in grid.points() {
            if grid.at(p) != own || seen.contains(p) || spared.contains(p) {
                continue;
            }
            for s in grid.string(p).iter() {
                seen.insert(s);
            }
            let before = grid.clone();
            if fill_liberties(grid, color.opponent(), p) {
                fell = true;
            } else {
                *grid = before;
            }
        }
        if !fell {
            break;
        }
    }
}

/// A two-stone string away from the edge with no other stone of its colour
/// among the eight neighbours of either stone: it may be the inside of a
/// seki in an opponent's eye, so it is judged after everything else.
fn is_seki_candidate(grid: &Grid, string: &PointSet, color: Color) -> bool {
    let own = Cell::stone(color);
    string.len() == 2
        && string.iter().all(|s| {
            s.neighbors()
                .iter()
                .chain(s.diagonals().iter())
                .all(|&n| match grid.at(n) {
                    Cell::Border => false,
                    c => c != own || string.contains(n),
                })
        })
}

/// `p` moved by the vector from `from` to `to` (a border point when that
/// leaves the layout).
fn shifted(p: Point, from: Point, to: Point) -> Option<Point> {
    Point::from_index(
        p.index()
            .wrapping_add(to.index())
            .wrapping_sub(from.index()),
    )
}

/// Whether the two-stone `string` sits in a seki the opponent cannot break
/// by filling liberties: both ends are empty, on one side of the pair the
/// point beside one stone and on the other side the point beside the other
/// stone are empty (diagonal to each other across the string), and the two
/// remaining side points are held — already, or after the opponent plays
/// there — by one opponent string. The opponent then cannot fill the last
/// liberty without putting that string in atari first.
fn is_critical_seki(grid: &Grid, string: &PointSet, color: Color) -> bool {
    let mut stones = string.iter();
    let (Some(a), Some(b)) = (stones.next(), stones.next()) else {
        return false;
    };
    let other = color.opponent();
    let enemy = Cell::stone(other);
    let at = |p: Option<Point>| p.map_or(Cell::Border, |p| grid.at(p));
    // `a` and `b` are adjacent: `b` is `a` moved "up".
    let (Some(below), Some(above)) = (shifted(a, b, a), shifted(b, a, b)) else {
        return false;
    };
    if grid.at(below) != Cell::Empty || grid.at(above) != Cell::Empty {
        return false;
    }
    // The two sideways vectors, as neighbours of `a` not on the line.
    for side in a.neighbors() {
        if side == b || side == below {
            continue;
        }
        let beside_a = Some(side);
        let across_b = shifted(b, side, a);
        let opposite_a = shifted(a, side, a);
        let beside_b = shifted(b, a, side);
        if at(beside_a) != Cell::Empty || at(across_b) != Cell::Empty {
            continue;
        }
        let (Some(x), Some(y)) = (opposite_a, beside_b) else {
            continue;
        };
        let mut trial = grid.clone();
        for q in [x, y] {
            if trial.at(q) == Cell::Empty {
                let _ = trial.play(other, q);
            }
        }
        if trial.at(x) == enemy && trial.at(y) == enemy && trial.string(x).contains(y) {
            return true;
        }
    }
    false
}

/// `other` plays on the liberties of the string at `p` until it is
/// captured (answers `true`) or no liberty can be played.
fn fill_liberties(grid: &mut Grid, other: Color, p: Point) -> bool {
    loop {
        let libs = grid.liberties(&grid.string(p));
        let mut played = false;
        for lib in libs.iter() {
            if grid.play(other, lib) {
                played = true;
                if grid.at(p) == Cell::Empty {
                    return true;
                }
            }
        }
        if !played {
            return false;
        }
    }
}

/// The opponent `other` plays on every liberty of the `alive` stones where
/// that is legal.
fn fill_around(grid: &mut Grid, other: Color, alive: &PointSet) {
    for p in grid.points() {
        if grid.at(p) == Cell::Empty && p.neighbors().iter().any(|&n| alive.contains(n)) {
            let _ = grid.play(other, p);
        }
    }
}

/// The opponent `other` extends its strings in atari, as long as that is
/// not suicide, until none can be.
fn extend_ataris(grid: &mut Grid, other: Color) {
    let enemy = Cell::stone(other);
    loop {
        let mut played = false;
        for p in grid.points() {
            if grid.at(p) != Cell::Empty {
                continue;
            }
            let extends_atari = p
                .neighbors()
                .iter()
                .any(|&n| grid.at(n) == enemy && grid.liberty_count(n) == 1);
            if extends_atari && grid.play(other, p) {
                played = true;
            }
        }
        if !played {
            break;
        }
    }
}

/// Step 2: the territory of the invincible strings `alive` of `color`.
fn territory_around(
    grid: &mut Grid,
    color: Color,
    alive: &mut PointSet,
    candidates: &PointSet,
) -> PointSet {
    let other = color.opponent();
    let enemy = Cell::stone(other);
    fill_around(grid, other, alive);
    extend_ataris(grid, other);
    // The seki candidates, now that the opponent has closed in on them.
    let before = *alive;
    settle_candidates(grid, color, alive, candidates);
    if *alive != before {
        fill_around(grid, other, alive);
    }
    extend_ataris(grid, other);
    // 3, 4. Fill where a stone keeps two, then one, empty neighbours.
    for wanted in [2, 1] {
        loop {
            let mut played = false;
            for p in grid.points() {
                if grid.at(p) != Cell::Empty {
                    continue;
                }
                let empty = p
                    .neighbors()
                    .iter()
                    .filter(|&&n| grid.at(n) == Cell::Empty)
                    .count();
                if empty >= wanted && grid.play(other, p) {
                    played = true;
                }
            }
            if !played {
                break;
            }
        }
    }
    let mut territory = PointSet::new();
    for p in grid.points() {
        match grid.at(p) {
            Cell::Empty if p.neighbors().iter().any(|&n| alive.contains(n)) => {
                territory.insert(p);
            }
            c if c == enemy => {
                let string = grid.string(p);
                let libs = grid.liberties(&string);
                if libs.len() == 1 {
                    territory.insert(p);
                    for lib in libs.iter() {
                        territory.insert(lib);
                    }
                }
            }
            _ => {}
        }
    }
    territory
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnconditionalStatus::{Alive, BlackTerritory, Dead, Undecided, WhiteTerritory};

    fn status(diagram: &str, vertex: &str) -> UnconditionalStatus {
        let board: Board = Board::from_diagram(diagram).unwrap();
        let p = Point::from_vertex(vertex, board.size()).unwrap();
        unconditional_status(&board, p)
    }

    /// Black owns the corner with two eyes; white's stone at D8 has no
    /// room to live. White's corner has one eye.
    const TWO_EYES: &str = "
        .X..X.OO.
        XX.OX.O..
        XXXXX.O..
        ......OOO
        .........
        .........
        .........
        .........
        .........";

    #[test]
    fn two_eyes_are_alive_and_their_eyes_are_territory() {
        assert_eq!(status(TWO_EYES, "B9"), Alive);
        assert_eq!(status(TWO_EYES, "A9"), BlackTerritory);
        assert_eq!(status(TWO_EYES, "C8"), BlackTerritory);
        assert_eq!(status(TWO_EYES, "D8"), Dead);
        assert_eq!(status(TWO_EYES, "E5"), Undecided);
    }

    #[test]
    fn territory_touching_the_other_colours_live_stones_is_undecided() {
        // Black's right-hand group lives unconditionally; J8 touches it, so
        // it cannot be white's territory, and the black stones at H8-H9
        // next to it are not settled either (GNU Go 3.8 agrees).
        let diagram = "
            .....O.X.
            .....O.X.
            .OOOOO.OX
            .O...OOOX
            .O....XXX
            OO...XX..
            .OO..X...
            O.O..XXXX
            OO...X...";
        assert_eq!(status(diagram, "J7"), UnconditionalStatus::Alive);
        assert_eq!(status(diagram, "J8"), UnconditionalStatus::Undecided);
        assert_eq!(status(diagram, "H8"), UnconditionalStatus::Undecided);
    }

    #[test]
    fn one_eye_is_not_enough() {
        // White's corner has one big eye: black can fill it from inside.
        assert_eq!(status(TWO_EYES, "G9"), Undecided);
        assert_eq!(status(TWO_EYES, "H8"), Undecided);
    }

    #[test]
    fn white_with_two_eyes_owns_them() {
        let diagram = "
            O.O.O
            OOOOO
            .....
            .....
            .....";
        assert_eq!(status(diagram, "A5"), Alive);
        assert_eq!(status(diagram, "B5"), WhiteTerritory);
        assert_eq!(status(diagram, "D5"), WhiteTerritory);
        assert_eq!(status(diagram, "C3"), Undecided);
    }

    /// A white ring inside a living black group, with two black stones in
    /// its eye.
    fn ring(inside: [&str; 5]) -> std::string::String {
        let mut rows = std::vec![std::string::String::from("XXXXXXX.X")];
        rows.push("XOOOOOXXX".into());
        for (i, row) in inside.iter().enumerate() {
            let tail = if i % 2 == 0 { "X.X" } else { "XXX" };
            rows.push(std::format!("X{row}{tail}"));
        }
        rows.push("XXXXXXXXX".into());
        rows.push(".X.X.X.X.".into());
        rows.join("\n")
    }

    #[test]
    fn ring_around_a_two_point_eye_dies() {
        // Capturing the two black stones leaves white a two-point eye.
        let diagram = ring(["OO.OO", "OOXOO", "OOXOO", "OO.OO", "OOOOO"]);
        assert_eq!(status(&diagram, "B8"), Dead);
        assert_eq!(status(&diagram, "D7"), BlackTerritory);
        assert_eq!(status(&diagram, "D6"), Alive);
    }

    #[test]
    fn capturing_inside_may_give_two_eyes() {
        // After capturing D6-D5 white has C7 and the two-point eye apart.
        let diagram = ring(["O..OO", "O.XOO", "OOXOO", "OO.OO", "OOOOO"]);
        assert_eq!(status(&diagram, "B8"), Undecided);
        assert_eq!(status(&diagram, "D6"), Undecided);
    }

    #[test]
    fn two_stones_in_a_seki_shape_leave_everything_undecided() {
        // White cannot fill D7, C6, E5 and D4 all: with three filled, black
        // captures the ring. Seki (GNU Go 3.8 agrees).
        let diagram = ring(["OO.OO", "O.XOO", "OOX.O", "OO.OO", "OOOOO"]);
        assert_eq!(status(&diagram, "B8"), Undecided);
        assert_eq!(status(&diagram, "D6"), Undecided);
        assert_eq!(status(&diagram, "D7"), Undecided);
        assert_eq!(status(&diagram, "E5"), Undecided);
        assert_eq!(status(&diagram, "A9"), Alive);
    }

    #[test]
    fn two_stones_with_both_side_liberties_on_one_side_are_no_seki() {
        // White captures D6-D5 and is left with one eye (GNU Go 3.8
        // agrees): the stones count as black's, on black's territory.
        let diagram = ring(["OO.OO", "O.XOO", "O.XOO", "OO.OO", "OOOOO"]);
        assert_eq!(status(&diagram, "B8"), Dead);
        assert_eq!(status(&diagram, "D6"), Alive);
        assert_eq!(status(&diagram, "C5"), BlackTerritory);
        assert_eq!(status(&diagram, "D4"), BlackTerritory);
    }

    #[test]
    fn separate_eyes_with_dead_stones_live() {
        let diagram = ring(["O.X.O", "OOOOO", "O.X.O", "OOOOO", "OOOOO"]);
        assert_eq!(status(&diagram, "B8"), Alive);
        assert_eq!(status(&diagram, "C7"), WhiteTerritory);
        assert_eq!(status(&diagram, "D7"), Dead);
    }

    #[test]
    fn off_board_points_are_undecided() {
        let board: Board = Board::from_diagram(TWO_EYES).unwrap();
        let outside = Point::new(12, 12).unwrap();
        assert_eq!(unconditional_status(&board, outside), Undecided);
    }
}
