//! End of game: which stones are dead, and the count by area and by
//! territory.
//!
//! Owns: the [`DeadStoneOracle`] trait (who decides which stones are dead),
//! [`UnconditionalOracle`] (owlet-optics' unconditional status: only
//! stones that can never escape are called dead), [`OwlOracle`] (those,
//! and every dragon owlet-owl's owl search calls dead), [`Score`] and
//! [`score`].
//!
//! [`seki_stones`] finds the live strings in seki: those next to a
//! shared liberty that neither colour can fill without putting its own
//! string in atari. [`owner`] answers whose area a point is.
//!
//! Omits: handicap compensation. An empty region touching both colours
//! is dame, so a seki's shared liberties count for nobody.
//! The player overrides the oracle in the end-of-game mode of
//! [`crate::app::App`].
//!
//! Counting, with the dead stones taken off: an empty region (points
//! joined orthogonally, dead stones' points included) bordered by stones
//! of one colour only is that colour's territory. Area = live stones +
//! territory; territory score = territory + prisoners (stones captured
//! during the game + dead stones of the opponent). Margins are in half
//! points so that komi 6.5 is the integer 13.

use core::fmt;

use owlet_board::{Board, Color, MAX_SIZE, Point, PointSet, Reader};
use owlet_optics::{Solver, lives_on_real_eyes, unconditional_life};
use owlet_owl::{DragonStatus, Owl, dragon_stones};

/// In the owl searches of a whole-board judgement (`final_score`, whose
/// dead stones the board's end-of-game mode marks, [`OwlOracle`], the
/// `dragon_status` listing), the depth from which each ply starts the
/// tactical reads one ply deeper
/// ([`owlet_owl::OwlLimits::reading_deepens_from`]): such a judgement
/// reads every dragon, and its verdicts on game positions hardly depend
/// on deep reads.
pub const BOARD_READING_DEEPENS_FROM: u8 = 2;

/// Decides which stones are dead at the end of the game.
pub trait DeadStoneOracle {
    /// Adds the dead stones of `board` to `dead`. The board must be left
    /// as it was found.
    fn dead_stones<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        dead: &mut PointSet,
    );
}

/// Dead stones by owlet-optics' unconditional status: a stone is dead
/// when it stands in the other colour's unconditional territory (GNU Go's
/// `unconditional_status` answering `dead`). Cautious: a group that is
/// dead only by reading is not called dead.
///
/// ```
/// use owlet_board::{Board, Point, PointSet};
/// use owlet_firmware::scoring::{DeadStoneOracle, UnconditionalOracle};
/// // Black is pass-alive with two eyes; the white stone inside can never live.
/// let mut board: Board = Board::from_diagram("
///     .X.X.
///     XXXXX
///     X.O.X
///     XXXXX
///     .....").unwrap();
/// let mut dead = PointSet::new();
/// UnconditionalOracle.dead_stones(&mut board, &mut dead);
/// let c3 = Point::from_vertex("C3", 5).unwrap();
/// assert!(dead.contains(c3));
/// assert_eq!(dead.len(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct UnconditionalOracle;

impl DeadStoneOracle for UnconditionalOracle {
    fn dead_stones<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        dead: &mut PointSet,
    ) {
        let black = unconditional_life(board, Color::Black);
        let white = unconditional_life(board, Color::White);
        // A territory region touching the other colour's invincible stones
        // is not settled (they can always extend into it).
        let black_territory = settled(board, &black.territory, &white.alive);
        let white_territory = settled(board, &white.territory, &black.alive);
        for p in board.points() {
            match board.color_at(p) {
                Some(Color::White) if black_territory.contains(p) => {
                    dead.insert(p);
                }
                Some(Color::Black) if white_territory.contains(p) => {
                    dead.insert(p);
                }
                _ => {}
            }
        }
    }
}

/// Dead stones by owl reading: the unconditionally dead ones
/// ([`UnconditionalOracle`]) and every dragon whose owl status
/// (owlet-owl's [`Owl::status`]) is dead. A dragon whose strings the
/// Instant Eye Tester's real eyes carry ([`lives_on_real_eyes`]) is alive
/// without a search; any other dragon costs an attack and
/// perhaps a defence search under the owl's own limits
/// ([`Owl::set_limits`]) but for reads that start deeper as the searches
/// go deeper ([`BOARD_READING_DEEPENS_FROM`]; the owl's own setting is
/// given back); a dragon the search cannot settle within them is not
/// called dead.
///
/// ```
/// use owlet_board::{Board, Point, PointSet, Reader};
/// use owlet_firmware::scoring::{DeadStoneOracle, OwlOracle};
/// use owlet_optics::Solver;
/// use owlet_owl::Owl;
/// // White's corner eye space of three points in a row has black's stone
/// // on its vital point: one eye at most.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .......
///     .......
///     .......
///     XXXXX..
///     OOOOX..
///     .X.OX..").unwrap();
/// let (mut owl, mut reader, mut solver) = (Owl::<64>::new(), Reader::<64>::new(), Solver::<64>::new());
/// let mut oracle = OwlOracle { owl: &mut owl, reader: &mut reader, solver: &mut solver };
/// let mut dead = PointSet::new();
/// oracle.dead_stones(&mut board, &mut dead);
/// assert_eq!(dead.len(), 5);
/// assert!(dead.contains(Point::from_vertex("A2", 7).unwrap()));
/// assert_eq!(owl.limits(), owlet_owl::OwlLimits::DEFAULT);
/// ```
pub struct OwlOracle<'a, const O: usize, const R: usize, const A: usize, const S: usize> {
    /// The owl searcher (its limits bound the time per dragon).
    pub owl: &'a mut Owl<O>,
    /// The tactical reader the owl search uses.
    pub reader: &'a mut Reader<R, A>,
    /// The eye-graph solver the owl search uses.
    pub solver: &'a mut Solver<S>,
}

impl<const O: usize, const R: usize, const A: usize, const S: usize> DeadStoneOracle
    for OwlOracle<'_, O, R, A, S>
{
    fn dead_stones<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        dead: &mut PointSet,
    ) {
        UnconditionalOracle.dead_stones(board, dead);
        let deepens_from = self.owl.limits().reading_deepens_from;
        self.owl
            .set_reading_deepens_from(BOARD_READING_DEEPENS_FROM);
        let mut seen = *dead;
        for p in board.points() {
            if board.color_at(p).is_none() || seen.contains(p) {
                continue;
            }
            let dragon = dragon_stones(board, p);
            for q in dragon.iter() {
                seen.insert(q);
            }
            if lives_on_real_eyes(board, &dragon) {
                continue;
            }
            let read = self.owl.status(board, self.reader, self.solver, p);
            if read.is_some_and(|r| r.status == DragonStatus::Dead) {
                for q in dragon.iter() {
                    dead.insert(q);
                }
            }
        }
        self.owl.set_reading_deepens_from(deepens_from);
    }
}

/// The parts of `territory` (connected orthogonally within it) that touch
/// no stone of `other_alive`.
fn settled<const C: usize, const M: usize>(
    board: &Board<C, M>,
    territory: &PointSet,
    other_alive: &PointSet,
) -> PointSet {
    let mut kept = PointSet::new();
    let mut seen = PointSet::new();
    for start in territory.iter() {
        if seen.contains(start) {
            continue;
        }
        let mut region = PointSet::new();
        let touches = flood(
            board,
            start,
            &mut region,
            |q| territory.contains(q),
            |q| other_alive.contains(q),
        );
        for q in region.iter() {
            seen.insert(q);
            if !touches {
                kept.insert(q);
            }
        }
    }
    kept
}

/// Fills `region` with the points joined to `start` through points where
/// `inside` holds; answers whether any neighbour of the region satisfies
/// `border`.
fn flood<const C: usize, const M: usize>(
    board: &Board<C, M>,
    start: Point,
    region: &mut PointSet,
    inside: impl Fn(Point) -> bool,
    mut border: impl FnMut(Point) -> bool,
) -> bool {
    let mut stack = [start; MAX_SIZE * MAX_SIZE];
    let mut depth = 1;
    region.insert(start);
    let mut touches = false;
    while depth > 0 {
        depth -= 1;
        let Some(&p) = stack.get(depth) else { break };
        for q in p.neighbors() {
            if !board.is_on_board(q) || region.contains(q) {
                continue;
            }
            if inside(q) {
                region.insert(q);
                if let Some(slot) = stack.get_mut(depth) {
                    *slot = q;
                    depth += 1;
                }
            } else if border(q) {
                touches = true;
            }
        }
    }
    touches
}

/// Whose area `p` is with the stones in `dead` taken off: a live stone's
/// colour, or the colour of every live stone bordering the empty region
/// (dead stones' points included) through `p`; `None` for dame and off
/// the board.
///
/// ```
/// use owlet_board::{Board, Color, Point, PointSet};
/// use owlet_firmware::scoring::owner;
/// let board: Board = Board::from_diagram("
///     .X.O.
///     .X.O.
///     .X.O.
///     .X.O.
///     .X.O.").unwrap();
/// let at = |v| Point::from_vertex(v, 5).unwrap();
/// assert_eq!(owner(&board, &PointSet::new(), at("A1")), Some(Color::Black));
/// assert_eq!(owner(&board, &PointSet::new(), at("C2")), None);
/// assert_eq!(owner(&board, &PointSet::new(), at("D3")), Some(Color::White));
/// ```
#[must_use]
pub fn owner<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dead: &PointSet,
    p: Point,
) -> Option<Color> {
    if !board.is_on_board(p) {
        return None;
    }
    if let Some(color) = board.color_at(p).filter(|_| !dead.contains(p)) {
        return Some(color);
    }
    region_owner(board, dead, p, &mut PointSet::new())
}

/// Fills `region` with the points reachable from the point `p` without
/// crossing a live stone (empty points and the stones in `dead`), and
/// answers the colour of the live stones bordering it, `None` when both
/// colours or neither do.
fn region_owner<const C: usize, const M: usize>(
    board: &Board<C, M>,
    dead: &PointSet,
    p: Point,
    region: &mut PointSet,
) -> Option<Color> {
    let alive = |q: Point| board.color_at(q).filter(|_| !dead.contains(q));
    let mut borders = [false; 2];
    flood(
        board,
        p,
        region,
        |q| alive(q).is_none(),
        |q| {
            if let Some(b) = alive(q).and_then(|c| borders.get_mut(c.index())) {
                *b = true;
            }
            false
        },
    );
    match borders {
        [true, false] => Some(Color::Black),
        [false, true] => Some(Color::White),
        _ => None,
    }
}

/// The live strings in seki: the strings (not in `dead`) next to an empty
/// point that both colours' live strings touch and where a stone of
/// either colour would capture nothing and be left with at most one
/// liberty (or be illegal), with the rest of their dragons
/// (owlet-owl's [`dragon_stones`]). Dame between groups with liberties
/// to spare is not seki. The board is left as it was found.
pub fn seki_stones<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    dead: &PointSet,
) -> PointSet {
    let mut seki = PointSet::new();
    for p in board.points() {
        if board.color_at(p).is_some() {
            continue;
        }
        let mut touches = [false; 2];
        for q in p.neighbors() {
            if let Some(t) = board
                .color_at(q)
                .filter(|_| board.is_on_board(q) && !dead.contains(q))
                .and_then(|c| touches.get_mut(c.index()))
            {
                *t = true;
            }
        }
        if touches != [true, true] {
            continue;
        }
        if !fills_in_atari(board, Color::Black, p) || !fills_in_atari(board, Color::White, p) {
            continue;
        }
        for q in p.neighbors() {
            if board.is_on_board(q)
                && board.color_at(q).is_some()
                && !dead.contains(q)
                && !seki.contains(q)
            {
                for r in dragon_stones(board, q).iter() {
                    if !dead.contains(r) {
                        seki.insert(r);
                    }
                }
            }
        }
    }
    seki
}

/// Whether `color` at `p` is illegal, or captures nothing and leaves its
/// string with at most one liberty.
fn fills_in_atari<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    p: Point,
) -> bool {
    match board.play_ignoring_ko(color, p) {
        Ok(captured) => {
            let atari = captured == 0 && board.liberty_count(p) <= 1;
            let _ = board.undo();
            atari
        }
        Err(_) => true,
    }
}

/// The count of a finished game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Score {
    /// Empty points (and dead stones' points) surrounded by each colour,
    /// indexed by [`Color::index`].
    pub territory: [u16; 2],
    /// Live stones of each colour.
    pub stones: [u16; 2],
    /// Stones each colour captured: during the game and dead ones.
    pub prisoners: [u16; 2],
    /// Points that belong to nobody.
    pub dame: u16,
}

impl Score {
    /// Area of `color`: live stones plus territory.
    #[must_use]
    pub fn area(&self, color: Color) -> u16 {
        let i = color.index();
        let stones = self.stones.get(i).copied().unwrap_or(0);
        let territory = self.territory.get(i).copied().unwrap_or(0);
        stones.saturating_add(territory)
    }

    /// Territory score of `color`: territory plus prisoners.
    #[must_use]
    pub fn territory_score(&self, color: Color) -> u16 {
        let i = color.index();
        let territory = self.territory.get(i).copied().unwrap_or(0);
        let prisoners = self.prisoners.get(i).copied().unwrap_or(0);
        territory.saturating_add(prisoners)
    }

    /// Black's lead by area minus komi, in half points (positive: black wins).
    #[must_use]
    pub fn area_margin(&self, komi_halves: i32) -> i32 {
        2 * (i32::from(self.area(Color::Black)) - i32::from(self.area(Color::White))) - komi_halves
    }

    /// Black's lead by area less `komi`, shown as GNU Go's `final_score`
    /// shows it.
    #[must_use]
    pub fn area_result(&self, komi: f32) -> AreaResult {
        AreaResult(f32::from(self.area(Color::Black)) - f32::from(self.area(Color::White)) - komi)
    }

    /// Black's lead by territory minus komi, in half points.
    #[must_use]
    pub fn territory_margin(&self, komi_halves: i32) -> i32 {
        2 * (i32::from(self.territory_score(Color::Black))
            - i32::from(self.territory_score(Color::White)))
            - komi_halves
    }
}

/// Black's lead by area less komi; displayed as `B+3.5`, `W+0.5` or `0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AreaResult(pub f32);

impl fmt::Display for AreaResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let margin = self.0;
        if margin > 0.0 {
            write!(f, "B+{margin:.1}")
        } else if margin < 0.0 {
            write!(f, "W+{:.1}", -margin)
        } else {
            f.write_str("0")
        }
    }
}

/// Counts `board` with the stones in `dead` taken off.
///
/// ```
/// use owlet_board::{Board, Color, PointSet};
/// use owlet_firmware::scoring::score;
/// let board: Board = Board::from_diagram("
///     .X.O.
///     .X.O.
///     .X.O.
///     .X.O.
///     .X.O.").unwrap();
/// let s = score(&board, &PointSet::new());
/// assert_eq!(s.area(Color::Black), 10);
/// assert_eq!(s.area(Color::White), 10);
/// assert_eq!(s.dame, 5);
/// assert_eq!(s.area_margin(13), -13); // komi 6.5
/// ```
#[must_use]
pub fn score<const C: usize, const M: usize>(board: &Board<C, M>, dead: &PointSet) -> Score {
    let mut s = Score::default();
    let alive = |p: Point| board.color_at(p).filter(|_| !dead.contains(p));
    for color in [Color::Black, Color::White] {
        if let Some(prisoners) = s.prisoners.get_mut(color.index()) {
            *prisoners = u16::try_from(board.captures(color)).unwrap_or(u16::MAX);
        }
    }
    let mut seen = PointSet::new();
    for p in board.points() {
        match alive(p) {
            Some(color) => {
                if let Some(n) = s.stones.get_mut(color.index()) {
                    *n += 1;
                }
                continue;
            }
            None if seen.contains(p) => continue,
            None => {}
        }
        let mut region = PointSet::new();
        let owner = region_owner(board, dead, p, &mut region);
        let size = u16::try_from(region.len()).unwrap_or(u16::MAX);
        for q in region.iter() {
            seen.insert(q);
        }
        match owner {
            Some(owner) => {
                let i = owner.index();
                if let Some(t) = s.territory.get_mut(i) {
                    *t += size;
                }
                let dead_inside = region
                    .iter()
                    .filter(|&q| board.color_at(q) == Some(owner.opponent()))
                    .count();
                if let Some(pr) = s.prisoners.get_mut(i) {
                    *pr = pr.saturating_add(u16::try_from(dead_inside).unwrap_or(u16::MAX));
                }
            }
            None => s.dame += size,
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use owlet_optics::{UnconditionalStatus, unconditional_status};

    #[test]
    fn oracle_agrees_with_unconditional_status() {
        let mut board: Board = Board::from_diagram(
            "
            .X.X.OO.O
            XXXXXO.OO
            X.O.XOOO.
            XXXXXO.O.
            OO..XOOOO
            .O.XXX...
            OO.X.X.X.
            .O.XXXXXX
            OO.X.X...",
        )
        .unwrap();
        let mut dead = PointSet::new();
        UnconditionalOracle.dead_stones(&mut board, &mut dead);
        assert!(!dead.is_empty());
        for p in board.points() {
            assert_eq!(
                dead.contains(p),
                unconditional_status(&board, p) == UnconditionalStatus::Dead,
                "{p}"
            );
        }
    }

    #[test]
    fn seki_is_found_and_dame_is_not() {
        // Black's B5-C4 string and white's D5-E4 have an eye each (A5,
        // E5) and share C5: whoever fills it is taken. The strings below
        // share C1 the same way. GNU Go 3.8 calls all 19 stones seki.
        let mut board: Board = Board::from_diagram(
            "
            .X.O.
            XXXOO
            OOOXX
            OOOXX
            .O.X.",
        )
        .unwrap();
        let seki = seki_stones(&mut board, &PointSet::new());
        assert_eq!(seki.len(), 19);
        for v in ["B5", "A4", "C4", "D5", "E4"] {
            assert!(seki.contains(Point::from_vertex(v, 5).unwrap()), "{v}");
        }
        let mut open: Board = Board::from_diagram(
            "
            .X.O.
            .X.O.
            .X.O.
            .....
            .....",
        )
        .unwrap();
        assert!(seki_stones(&mut open, &PointSet::new()).is_empty());
    }

    #[test]
    fn dead_stones_count_as_territory_and_prisoners() {
        // White's stone at A4 stands in black's area.
        let board: Board = Board::from_diagram(
            "
            .X.O.
            OX.O.
            .X.O.
            .X.O.
            .X.O.",
        )
        .unwrap();
        let none = score(&board, &PointSet::new());
        assert_eq!(none.stones, [5, 6]);
        assert_eq!(none.territory, [0, 5]);
        assert_eq!(none.dame, 9);
        let mut dead = PointSet::new();
        dead.insert(Point::from_vertex("A4", 5).unwrap());
        let s = score(&board, &dead);
        assert_eq!(s.stones, [5, 5]);
        assert_eq!(s.territory, [5, 5]);
        assert_eq!(s.prisoners, [1, 0]);
        assert_eq!(s.dame, 5);
        assert_eq!(s.area(Color::Black), 10);
        assert_eq!(s.territory_score(Color::Black), 6);
        assert_eq!(s.territory_margin(0), 2);
        assert_eq!(s.area_margin(0), 0);
    }
}
