//! The referee of an electronic board: compares the stable physical board
//! (a [`Scan`] from [`crate::sensors`]) with the game's logical position
//! (an owlet-board [`Board`]) and turns the differences into game events.
//!
//! Owns: [`App`] (the logical board, stones still to remove, the points to
//! fix, the end-of-game dead set), [`Event`], [`Illegal`] and [`Mode`].
//!
//! Omits: sensing and debouncing ([`crate::sensors`]), LEDs
//! ([`crate::leds`]), analysis ([`crate::analysis`]), gestures
//! ([`crate::station`]), time controls, a game record (an undo is the
//! console's, see [`crate::link`]), handicap placement (set stones up
//! with [`App::board_mut`]) and superko (simple ko only).
//!
//! # How a stable picture is judged ([`App::update`])
//! Each point is compared; captured stones still standing where the board
//! is now empty are "to remove", not differences. Then:
//!
//! - no difference: in sync. Stones to remove that were lifted give
//!   [`Event::Removed`]; coming back from a difference gives
//!   [`Event::InSync`].
//! - one new stone on an empty point and nothing else: a move. Of the
//!   colour not to move: [`Illegal::WrongTurn`]. Otherwise it is tried on
//!   the board: legal, it is played ([`Event::Played`]; the stones it
//!   captured are now to remove until lifted); illegal, [`Event::Illegal`]
//!   with [`Illegal::Ko`] or [`Illegal::Suicide`], and the stone must be
//!   lifted again. Captured stones lifted before the move's stone was
//!   stable (a quick hand) are no difference either.
//! - one point whose stone changed colour to the colour to move and nothing
//!   else: a stone put on an occupied point (the old one swapped out
//!   within one debounce window), [`Illegal::Occupied`]. A sensor matrix
//!   cannot otherwise see a stone played on an occupied point.
//! - anything else (a stone missing, moved, recoloured, several new
//!   stones): [`Event::OutOfSync`]. [`App::missing`] lists the points that
//!   need their stone back (its colour is the board's), [`App::extra`] the
//!   stones to lift. Nothing is played until the board is back in sync.
//!
//! In the end-of-game mode ([`App::start_scoring`]) lifting a stone and
//! putting it back toggles the dead/alive status of its whole group (its
//! dragon: the strings that cannot be cut apart, owlet-owl's
//! `dragon_stones`)
//! ([`Event::Toggled`]); a lifted stone is not a difference in that mode.
//!
//! # Sizes
//! `size_of::<App>()` is 16,392 bytes with the default board journal
//! (`Board`: 16,040) and 9,992 bytes as `App<1024, 64>` (board 9,640;
//! the app's own state is 352 bytes: six point sets and a few fields);
//! checked by a unit test.

use owlet_board::{Board, Color, DEFAULT_JOURNAL_CHANGES, DEFAULT_JOURNAL_MOVES, Move, Point};
use owlet_board::{PlayError, PointSet, SizeError};

use owlet_owl::dragon_stones;

use crate::leds::Layers;
use crate::scoring::{DeadStoneOracle, Score, score};
use crate::sensors::{Reading, Scan};

/// Why a placed stone is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Illegal {
    /// Put where a stone stands (swapped for one).
    Occupied,
    /// The stone would have no liberties.
    Suicide,
    /// It retakes a ko at once.
    Ko,
    /// It is the other colour's turn.
    WrongTurn,
}

/// What a new stable picture meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Event {
    /// Nothing of note changed.
    Unchanged,
    /// A legal move was played; `captured` stones are now to remove.
    Played {
        /// Who played.
        color: Color,
        /// Where.
        at: Point,
        /// Stones it captured.
        captured: usize,
    },
    /// A player passed (see [`App::pass`]).
    Passed {
        /// Who passed.
        color: Color,
        /// The second pass in a row: the game is over.
        game_over: bool,
    },
    /// Captured stones were lifted; `left` are still to remove.
    Removed {
        /// Stones lifted now.
        count: usize,
        /// Stones still to remove.
        left: usize,
    },
    /// A stone was placed that is not a legal move; it must be lifted.
    Illegal {
        /// The stone's colour.
        color: Color,
        /// Where it was placed.
        at: Point,
        /// Why it is not a move.
        reason: Illegal,
    },
    /// The physical board differs from the game: see [`App::missing`] and
    /// [`App::extra`].
    OutOfSync {
        /// Points that need their stone back.
        missing: usize,
        /// Stones to lift.
        extra: usize,
    },
    /// Back in sync after a difference.
    InSync,
    /// End-of-game mode: a group's status was toggled by touching it.
    Toggled {
        /// The stone touched.
        at: Point,
        /// The group is now marked dead.
        dead: bool,
    },
    /// The board's undo gesture took the last move back (see
    /// [`crate::station`]); the referee never answers it itself.
    Undone {
        /// Who had played it.
        color: Color,
        /// Where.
        at: Point,
        /// The stones it had captured, now to put back (see
        /// [`App::missing`]).
        restore: usize,
    },
    /// The board's new-game gesture (every stone lifted) started a new
    /// game (see [`crate::station`] and [`App::new_game`]).
    NewGame,
}

/// Play or end-of-game counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Mode {
    /// Moves are played.
    Play,
    /// Dead stones are marked; touching a group toggles it.
    Scoring,
}

/// The referee: the logical game and what the physical board must do to
/// match it. See the module documentation.
///
/// ```
/// use owlet_board::{Color, Point};
/// use owlet_firmware::app::{App, Event};
/// use owlet_firmware::sensors::{Reading, Scan};
/// let mut app: App = App::new(9).unwrap();
/// let mut scan = Scan::new(9);
/// let e5 = Point::from_vertex("E5", 9).unwrap();
/// scan.set(e5, Reading::Black);
/// assert_eq!(app.update(&scan), Event::Played { color: Color::Black, at: e5, captured: 0 });
/// assert_eq!(app.board().to_move(), Color::White);
/// scan.set(e5, Reading::Empty); // knocked off
/// assert_eq!(app.update(&scan), Event::OutOfSync { missing: 1, extra: 0 });
/// assert!(app.missing().contains(e5));
/// ```
#[derive(Clone)]
pub struct App<const C: usize = DEFAULT_JOURNAL_CHANGES, const M: usize = DEFAULT_JOURNAL_MOVES> {
    board: Board<C, M>,
    /// Captured stones still on the physical board.
    to_remove: PointSet,
    /// Those of them that are white.
    to_remove_white: PointSet,
    missing: PointSet,
    extra: PointSet,
    illegal: Option<(Point, Illegal)>,
    last_move: Option<Point>,
    passes: u8,
    mode: Mode,
    dead: PointSet,
    /// End-of-game mode: stones lifted, toggled when put back.
    touched: PointSet,
}

impl<const C: usize, const M: usize> App<C, M> {
    /// A new game on an empty `size`×`size` board, black to move.
    pub fn new(size: usize) -> Result<Self, SizeError> {
        Ok(App {
            board: Board::new(size)?,
            to_remove: PointSet::new(),
            to_remove_white: PointSet::new(),
            missing: PointSet::new(),
            extra: PointSet::new(),
            illegal: None,
            last_move: None,
            passes: 0,
            mode: Mode::Play,
            dead: PointSet::new(),
            touched: PointSet::new(),
        })
    }

    /// The logical position.
    #[must_use]
    pub fn board(&self) -> &Board<C, M> {
        &self.board
    }

    /// The logical position, to set up stones or to analyse (leave it as
    /// found, or call [`App::update`] again to recompute the differences).
    pub fn board_mut(&mut self) -> &mut Board<C, M> {
        &mut self.board
    }

    /// Play or end-of-game counting.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.last_move
    }

    /// Sets the last move (lit on the LEDs) of a position from elsewhere
    /// whose record names it; a point without a stone is no last move.
    pub fn set_last_move(&mut self, at: Option<Point>) {
        self.last_move = at.filter(|&p| self.board.color_at(p).is_some());
    }

    /// Captured stones still on the physical board.
    #[must_use]
    pub fn to_remove(&self) -> &PointSet {
        &self.to_remove
    }

    /// Points whose stone must be put back (colour: [`Board::color_at`]).
    #[must_use]
    pub fn missing(&self) -> &PointSet {
        &self.missing
    }

    /// Stones to lift (a stone that should not be there, or of the wrong
    /// colour; such a point is in [`App::missing`] too).
    #[must_use]
    pub fn extra(&self) -> &PointSet {
        &self.extra
    }

    /// The illegal placement waiting to be lifted, if any.
    #[must_use]
    pub fn illegal(&self) -> Option<(Point, Illegal)> {
        self.illegal
    }

    /// Whether the physical board matches the game (stones to remove
    /// aside).
    #[must_use]
    pub fn in_sync(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }

    /// The stones marked dead (end-of-game mode).
    #[must_use]
    pub fn dead(&self) -> &PointSet {
        &self.dead
    }

    /// The referee's LED layers: the illegal placement, the points to fix,
    /// the stones to remove, the last move and (end-of-game mode) the dead
    /// stones. Add the analysis' layers with struct update syntax.
    #[must_use]
    pub fn layers(&self) -> Layers<'_> {
        Layers {
            illegal: self.illegal.map(|(p, _)| p),
            fix: Some(&self.missing),
            fix_more: Some(&self.extra),
            to_remove: Some(&self.to_remove),
            last_move: self.last_move,
            dead: (self.mode == Mode::Scoring).then_some(&self.dead),
            ..Layers::default()
        }
    }

    /// The player to move passes (a button on the board). Two passes in a
    /// row end the game: call [`App::start_scoring`] then.
    pub fn pass(&mut self) -> Event {
        let color = self.board.to_move();
        if self.mode != Mode::Play || self.board.play(color, Move::Pass).is_err() {
            return Event::Unchanged;
        }
        self.board.commit();
        self.passes = self.passes.saturating_add(1);
        Event::Passed {
            color,
            game_over: self.passes >= 2,
        }
    }

    /// Passes in a row at the end of the game (a move resets the count).
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether the game is over: two passes in a row or more, and the
    /// end-of-game mode not started yet.
    #[must_use]
    pub fn game_over(&self) -> bool {
        self.mode == Mode::Play && self.passes >= 2
    }

    /// A new game on the same size: the board emptied, black to move,
    /// nothing to remove or fix, play mode.
    pub fn new_game(&mut self) {
        self.board.clear();
        self.to_remove = PointSet::new();
        self.to_remove_white = PointSet::new();
        self.missing = PointSet::new();
        self.extra = PointSet::new();
        self.illegal = None;
        self.last_move = None;
        self.passes = 0;
        self.mode = Mode::Play;
        self.dead = PointSet::new();
        self.touched = PointSet::new();
    }

    /// Enters the end-of-game mode with the stones `oracle` calls dead.
    pub fn start_scoring(&mut self, oracle: &mut impl DeadStoneOracle) {
        self.mode = Mode::Scoring;
        self.dead = PointSet::new();
        self.touched = PointSet::new();
        oracle.dead_stones(&mut self.board, &mut self.dead);
    }

    /// Leaves the end-of-game mode (the game goes on); the dead marks are
    /// dropped.
    pub fn resume_play(&mut self) {
        self.mode = Mode::Play;
        self.dead = PointSet::new();
        self.touched = PointSet::new();
        self.passes = 0;
    }

    /// The count with the stones marked dead taken off.
    #[must_use]
    pub fn score(&self) -> Score {
        score(&self.board, &self.dead)
    }

    /// Replaces the logical position with `board`, a position reached
    /// elsewhere (a move, a pass, an undo or a new game on the GTP
    /// console, see [`crate::link`]), where the game ends with `passes`
    /// passes in a row (two or more: [`App::game_over`]). The stones of
    /// the old position that `board` lacks become stones to remove (the
    /// physical board still holds them); the stones it adds are missing
    /// until placed (the next [`App::update`] lists them and the LEDs show
    /// where); a single added stone is the last move, and with the same
    /// stones (a pass) the last move stays. Leaves the end-of-game mode. A
    /// board of another size changes nothing: `false`.
    pub fn set_position(&mut self, board: &Board<C, M>, passes: u8) -> bool {
        if board.size() != self.board.size() {
            return false;
        }
        let mut added = None;
        let mut added_count = 0usize;
        let mut changed = false;
        for p in self.board.points() {
            match (self.board.color_at(p), board.color_at(p)) {
                (Some(old), None) => {
                    changed = true;
                    self.to_remove.insert(p);
                    if old == Color::White {
                        self.to_remove_white.insert(p);
                    } else {
                        self.to_remove_white.remove(p);
                    }
                }
                (old, Some(new)) => {
                    self.to_remove.remove(p);
                    self.to_remove_white.remove(p);
                    changed |= old != Some(new);
                    if old.is_none() {
                        added = Some(p);
                        added_count += 1;
                    }
                }
                (None, None) => {}
            }
        }
        self.board.clone_from(board);
        if changed {
            self.last_move = if added_count == 1 { added } else { None };
        }
        self.illegal = None;
        self.passes = passes;
        self.mode = Mode::Play;
        self.dead = PointSet::new();
        self.touched = PointSet::new();
        true
    }

    /// Judges a new stable picture of the physical board; see the module
    /// documentation. A picture of another size than the board's is one
    /// big difference: every point of it is ignored and nothing changes.
    pub fn update(&mut self, stable: &Scan) -> Event {
        if stable.size() != self.board.size() {
            return Event::Unchanged;
        }
        let was_in_sync = self.in_sync() && self.illegal.is_none();
        let removed = self.diff(stable);
        match self.mode {
            Mode::Play => self.judge_play(stable, removed, was_in_sync),
            Mode::Scoring => self.judge_scoring(stable, removed, was_in_sync),
        }
    }

    /// Recomputes `missing` and `extra`, drops lifted stones from
    /// `to_remove`; answers how many were lifted.
    fn diff(&mut self, stable: &Scan) -> usize {
        self.missing = PointSet::new();
        self.extra = PointSet::new();
        self.illegal = None;
        let mut removed = 0;
        for p in self.board.points() {
            let physical = stable.reading(p);
            if physical == Reading::Conflict {
                continue; // never stable; nothing known
            }
            let physical = physical.stone();
            if self.to_remove.contains(p) && physical != Some(self.captured_color(p)) {
                self.to_remove.remove(p);
                self.to_remove_white.remove(p);
                if physical.is_none() {
                    removed += 1;
                }
            }
            let logical = self.board.color_at(p);
            match (logical, physical) {
                (None, None) => {}
                (Some(a), Some(b)) if a == b => {}
                (None, Some(_)) if self.to_remove.contains(p) => {}
                (None, Some(_)) => {
                    self.extra.insert(p);
                }
                (Some(_), None) => {
                    self.missing.insert(p);
                }
                (Some(_), Some(_)) => {
                    self.missing.insert(p);
                    self.extra.insert(p);
                }
            }
        }
        removed
    }

    /// The colour of the captured stone to remove at `p`.
    fn captured_color(&self, p: Point) -> Color {
        if self.to_remove_white.contains(p) {
            Color::White
        } else {
            Color::Black
        }
    }

    fn judge_sync(&self, removed: usize, was_in_sync: bool) -> Event {
        if !self.in_sync() {
            return Event::OutOfSync {
                missing: self.missing.len(),
                extra: self.extra.len(),
            };
        }
        if removed > 0 {
            Event::Removed {
                count: removed,
                left: self.to_remove().len(),
            }
        } else if !was_in_sync {
            Event::InSync
        } else {
            Event::Unchanged
        }
    }

    fn judge_play(&mut self, stable: &Scan, removed: usize, was_in_sync: bool) -> Event {
        let single = |set: &PointSet| {
            if set.len() == 1 {
                set.iter().next()
            } else {
                None
            }
        };
        let Some(at) = single(&self.extra) else {
            return self.judge_sync(removed, was_in_sync);
        };
        let Some(color) = stable.stone(at) else {
            return self.judge_sync(removed, was_in_sync);
        };
        let to_move = self.board.to_move();
        // Stones the move would capture may already be off the board (a
        // quick hand within one debounce window): not a difference.
        let lifted_early = !self.missing.contains(at)
            && color == to_move
            && self.board.is_legal(color, at)
            && is_subset(&self.missing, &self.captures_of(color, at));
        let reason = match (self.missing.len(), self.missing.contains(at)) {
            (0, _) if color != to_move => Illegal::WrongTurn,
            (0, _) => match self.play(stable, color, at) {
                Ok(event) => return event,
                Err(PlayError::Ko) => Illegal::Ko,
                Err(PlayError::Suicide) => Illegal::Suicide,
                Err(_) => return self.judge_sync(removed, was_in_sync),
            },
            (1, true) if color == to_move => Illegal::Occupied,
            _ if lifted_early => match self.play(stable, color, at) {
                Ok(event) => {
                    self.missing = PointSet::new();
                    return event;
                }
                Err(_) => return self.judge_sync(removed, was_in_sync),
            },
            _ => return self.judge_sync(removed, was_in_sync),
        };
        self.illegal = Some((at, reason));
        Event::Illegal { color, at, reason }
    }

    /// The stones a stone of `color` at the empty point `at` would capture.
    fn captures_of(&self, color: Color, at: Point) -> PointSet {
        let mut captured = PointSet::new();
        for q in at.neighbors() {
            if self.board.color_at(q) == Some(color.opponent()) && self.board.liberty_count(q) == 1
            {
                for s in self.board.stones(q) {
                    captured.insert(s);
                }
            }
        }
        captured
    }

    /// Plays `color` at `at`; the captured stones still standing become
    /// "to remove".
    fn play(&mut self, stable: &Scan, color: Color, at: Point) -> Result<Event, PlayError> {
        let enemy = color.opponent();
        let captured = self.captures_of(color, at);
        let count = self.board.play(color, Move::Play(at))?;
        self.board.commit();
        for p in captured.iter().filter(|&p| stable.stone(p) == Some(enemy)) {
            self.to_remove.insert(p);
            if enemy == Color::White {
                self.to_remove_white.insert(p);
            }
        }
        self.extra = PointSet::new();
        self.last_move = Some(at);
        self.passes = 0;
        Ok(Event::Played {
            color,
            at,
            captured: count,
        })
    }

    fn judge_scoring(&mut self, stable: &Scan, removed: usize, was_in_sync: bool) -> Event {
        let mut event = None;
        // A lifted stone is being touched, not missing.
        for p in self.missing.iter() {
            if stable.stone(p).is_none() {
                self.touched.insert(p);
            }
        }
        for p in self.touched.iter() {
            if self.missing.contains(p) {
                continue;
            }
            // Back in place: toggle its group.
            let dead = !self.dead.contains(p);
            for s in dragon_stones(&self.board, p).iter() {
                if dead {
                    self.dead.insert(s);
                } else {
                    self.dead.remove(s);
                }
            }
            event = Some(Event::Toggled { at: p, dead });
        }
        let touched = self.touched;
        for p in touched.iter() {
            if self.missing.contains(p) {
                if !self.extra.contains(p) {
                    self.missing.remove(p);
                }
            } else {
                self.touched.remove(p);
            }
        }
        match event {
            Some(event) if self.in_sync() => event,
            _ => self.judge_sync(removed, was_in_sync),
        }
    }
}

fn is_subset(a: &PointSet, b: &PointSet) -> bool {
    a.iter().all(|p| b.contains(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::UnconditionalOracle;

    fn pt(v: &str) -> Point {
        Point::from_vertex(v, 9).unwrap()
    }

    fn place(scan: &mut Scan, v: &str, r: Reading) {
        scan.set(pt(v), r);
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<App>(), 16_392);
        assert_eq!(core::mem::size_of::<App<1024, 64>>(), 9_992);
    }

    #[test]
    fn wrong_turn_then_lift_is_back_in_sync() {
        let mut app: App = App::new(9).unwrap();
        let mut scan = Scan::new(9);
        place(&mut scan, "C3", Reading::White);
        assert_eq!(
            app.update(&scan),
            Event::Illegal {
                color: Color::White,
                at: pt("C3"),
                reason: Illegal::WrongTurn
            }
        );
        assert!(app.extra().contains(pt("C3")));
        assert!(app.board().color_at(pt("C3")).is_none());
        place(&mut scan, "C3", Reading::Empty);
        assert_eq!(app.update(&scan), Event::InSync);
        assert_eq!(app.illegal(), None);
    }

    #[test]
    fn moved_stone_lists_both_points() {
        let mut app: App = App::new(9).unwrap();
        let mut scan = Scan::new(9);
        place(&mut scan, "C3", Reading::Black);
        app.update(&scan);
        place(&mut scan, "C3", Reading::Empty);
        place(&mut scan, "D3", Reading::Black);
        assert_eq!(
            app.update(&scan),
            Event::OutOfSync {
                missing: 1,
                extra: 1
            }
        );
        assert!(app.missing().contains(pt("C3")));
        assert!(app.extra().contains(pt("D3")));
        // No move was played while out of sync.
        assert_eq!(app.board().to_move(), Color::White);
    }

    #[test]
    fn two_passes_end_the_game_and_touching_toggles() {
        let mut app: App = App::new(9).unwrap();
        let mut scan = Scan::new(9);
        place(&mut scan, "E5", Reading::Black);
        app.update(&scan);
        assert_eq!(
            app.pass(),
            Event::Passed {
                color: Color::White,
                game_over: false
            }
        );
        assert_eq!(
            app.pass(),
            Event::Passed {
                color: Color::Black,
                game_over: true
            }
        );
        app.start_scoring(&mut UnconditionalOracle);
        assert!(app.dead().is_empty());
        place(&mut scan, "E5", Reading::Empty);
        assert_eq!(app.update(&scan), Event::Unchanged);
        place(&mut scan, "E5", Reading::Black);
        assert_eq!(
            app.update(&scan),
            Event::Toggled {
                at: pt("E5"),
                dead: true
            }
        );
        // Nothing left alive: the whole board is nobody's.
        assert_eq!(app.score().dame, 81);
        assert_eq!(app.score().prisoners, [0, 0]);
        place(&mut scan, "E5", Reading::Empty);
        app.update(&scan);
        place(&mut scan, "E5", Reading::Black);
        assert_eq!(
            app.update(&scan),
            Event::Toggled {
                at: pt("E5"),
                dead: false
            }
        );
        assert_eq!(app.score().area(Color::Black), 81);
    }

    #[test]
    fn a_position_from_elsewhere_shows_what_to_place_and_lift() {
        let mut app: App = App::new(9).unwrap();
        let mut scan = Scan::new(9);
        for (v, r) in [("D5", Reading::Black), ("E5", Reading::White)] {
            place(&mut scan, v, r);
            app.update(&scan);
        }
        // Elsewhere: white's E5 taken back, white plays C3 instead.
        let mut board = Board::new(9).unwrap();
        board.play(Color::Black, Move::Play(pt("D5"))).unwrap();
        board.play(Color::White, Move::Play(pt("C3"))).unwrap();
        board.commit();
        assert!(app.set_position(&board, 0));
        assert_eq!(app.last_move(), Some(pt("C3")));
        assert!(app.to_remove().contains(pt("E5")));
        assert_eq!(app.board().color_at(pt("C3")), Some(Color::White));
        assert_eq!(
            app.update(&scan),
            Event::OutOfSync {
                missing: 1,
                extra: 0
            }
        );
        assert!(app.missing().contains(pt("C3")));
        place(&mut scan, "C3", Reading::White);
        assert_eq!(app.update(&scan), Event::InSync);
        place(&mut scan, "E5", Reading::Empty);
        assert_eq!(app.update(&scan), Event::Removed { count: 1, left: 0 });
        assert_eq!(app.board().to_move(), Color::Black);
        // Another size is refused.
        assert!(!app.set_position(&Board::new(13).unwrap(), 0));
        assert_eq!(app.board().size(), 9);
    }

    #[test]
    fn touching_one_stone_toggles_its_whole_group() {
        // D5 and E4 are diagonal with both points between empty: one group.
        let mut app: App = App::new(9).unwrap();
        let mut scan = Scan::new(9);
        place(&mut scan, "D5", Reading::Black);
        app.update(&scan);
        place(&mut scan, "A9", Reading::White);
        app.update(&scan);
        place(&mut scan, "E4", Reading::Black);
        app.update(&scan);
        app.start_scoring(&mut UnconditionalOracle);
        place(&mut scan, "E4", Reading::Empty);
        assert_eq!(app.update(&scan), Event::Unchanged);
        place(&mut scan, "E4", Reading::Black);
        assert_eq!(
            app.update(&scan),
            Event::Toggled {
                at: pt("E4"),
                dead: true
            }
        );
        assert!(app.dead().contains(pt("D5")) && app.dead().contains(pt("E4")));
        assert_eq!(app.dead().len(), 2);
    }
}
