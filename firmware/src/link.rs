//! One game for the physical board and the GTP console: the referee
//! ([`App`]) and the console ([`Engine`]) kept at the same position.
//!
//! - A move on the physical board ([`Event::Played`], or a pass,
//!   [`Event::Passed`]) is played on the console too ([`board_to_console`]):
//!   `showboard` shows it and GTP `undo` takes it back. Should the console
//!   refuse it (a `trymove` is pending, or the two positions differ), the
//!   referee takes the console's position back and the stone is one to
//!   lift.
//! - After each GTP command, [`console_to_board`] gives the referee the
//!   console's position if it differs ([`App::set_position`]): after a
//!   `play` the new stone is missing (its point lights until the stone is
//!   placed) and the stones it captured are to remove; after `undo`,
//!   `clear_board` or a `boardsize` of the board's size, the stones to lift
//!   and to put back light. The console's passes in a row at the end of
//!   its game ([`Engine::passes`]) come with the position, so console
//!   passes and board passes count alike towards the end of the game
//!   ([`App::game_over`]).
//! - The board's undo and new-game gestures ([`crate::station`]) act on
//!   the console: [`undo_from_board`] takes the last move back there
//!   first (the console keeps the game record; the referee does not),
//!   and [`board_to_console`] clears the console's board on
//!   [`Event::NewGame`].
//! - At the end of the game the board's dead stones are the console's
//!   judgement ([`ConsoleOracle`]), so the board's count is
//!   `final_score`'s.
//!
//! The two are linked while the console's board has the physical board's
//! size. While it has another (`boardsize 9` on a 19×19 board), each keeps
//! its own game; a console position with a `trymove` pending is never
//! copied (the console's game resumes after `popgo`).
//!
//! Omits: the gestures themselves ([`crate::station::Station`]'s); an
//! undo from the board while the two are not linked (the referee keeps
//! no game record).

use owlet_board::{Board, Move, PointSet};

use crate::app::{App, Event};
use crate::gtp::{ConsoleBoard, Engine};
use crate::scoring::{DeadStoneOracle, UnconditionalOracle};

/// The referee whose board has the console's capacities, so positions copy
/// both ways.
#[cfg(not(feature = "small"))]
pub type ConsoleApp = App;
/// The referee whose board has the console's capacities.
#[cfg(feature = "small")]
pub type ConsoleApp = App<1024, 96>;

/// Whether the console's board has the physical board's size.
#[must_use]
pub fn linked(app: &ConsoleApp, engine: &Engine) -> bool {
    engine.board().size() == app.board().size()
}

/// After a GTP command: copies the console's position to the referee if
/// the two are linked, no `trymove` is pending, and the positions differ.
/// Answers whether it did (call [`App::update`] with the stable picture
/// then, to list what to place and to lift).
pub fn console_to_board(app: &mut ConsoleApp, engine: &Engine) -> bool {
    if !linked(app, engine)
        || engine.trymoves_pending() > 0
        || engine.board().hash() == app.board().hash()
    {
        return false;
    }
    take_position(app, engine, engine.board())
}

/// Gives the referee `board`, the console's game, with the console's
/// passes in a row and its last move when that is a stone.
fn take_position(app: &mut ConsoleApp, engine: &Engine, board: &ConsoleBoard) -> bool {
    if !app.set_position(board, engine.passes()) {
        return false;
    }
    if let Some((_, Move::Play(at))) = engine.last_move() {
        app.set_last_move(Some(at));
    }
    true
}

/// The board's undo gesture: if the two are linked, no `trymove` is
/// pending and the console's last move is the referee's last move (a
/// stone, not a pass), takes it back on the console (GTP `undo`) and
/// gives the referee the console's position. Answers whether it did (call
/// [`App::update`] then: the stones the move captured are to put back).
pub fn undo_from_board(app: &mut ConsoleApp, engine: &mut Engine) -> bool {
    let Some(at) = app.last_move() else {
        return false;
    };
    let Some(color) = app.board().color_at(at) else {
        return false;
    };
    if !linked(app, engine)
        || engine.trymoves_pending() > 0
        || engine.board().hash() != app.board().hash()
        || engine.last_move() != Some((color, Move::Play(at)))
        || engine.undo().is_err()
    {
        return false;
    }
    take_position(app, engine, engine.board())
}

/// After the referee's `event`: plays a move or pass it reports on the
/// console, or clears the console's board on [`Event::NewGame`], if the
/// two are linked. If the console refuses the move, or the positions
/// still differ, the referee takes the console's position back: answers
/// `true` then (call [`App::update`] as for [`console_to_board`]).
pub fn board_to_console(app: &mut ConsoleApp, engine: &mut Engine, event: Event) -> bool {
    if !linked(app, engine) {
        return false;
    }
    let (color, mv) = match event {
        Event::Played { color, at, .. } => (color, Move::Play(at)),
        Event::Passed { color, .. } => (color, Move::Pass),
        Event::NewGame => {
            engine.clear();
            return false;
        }
        _ => return false,
    };
    let played = engine.play(color, mv).is_ok();
    if played && engine.board().hash() == app.board().hash() {
        return false;
    }
    // Refused, or played on a different position: the console's game
    // stands. With trymoves pending, that is the position under them.
    let pending = engine.trymoves_pending();
    if pending == 0 {
        return take_position(app, engine, engine.board());
    }
    let mut game = engine.board().clone();
    for _ in 0..pending {
        if game.undo().is_err() {
            return false;
        }
    }
    take_position(app, engine, &game)
}

/// The board's dead stones by the console's judgement: those of
/// `final_status_list dead` ([`Engine::final_statuses`], owl and the
/// unconditional status) when the board holds the console's stones and no
/// `trymove` is pending; otherwise (another size, another position) the
/// unconditionally dead ones ([`UnconditionalOracle`]).
pub struct ConsoleOracle<'a> {
    /// The console whose judgement the board takes.
    pub engine: &'a mut Engine,
}

impl DeadStoneOracle for ConsoleOracle<'_> {
    fn dead_stones<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        dead: &mut PointSet,
    ) {
        let console = self.engine.board();
        let same = console.size() == board.size()
            && board
                .points()
                .all(|p| board.color_at(p) == console.color_at(p));
        if same && self.engine.trymoves_pending() == 0 {
            *dead |= self.engine.final_statuses().dead;
        } else {
            UnconditionalOracle.dead_stones(board, dead);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensors::{Reading, Scan};
    use owlet_board::{Color, Point};
    use std::string::String;

    fn pt(v: &str) -> Point {
        Point::from_vertex(v, 9).unwrap()
    }

    /// A 9×9 board and console, linked.
    struct Rig {
        app: ConsoleApp,
        engine: Engine,
        scan: Scan,
    }

    impl Rig {
        fn new() -> Rig {
            let mut engine = Engine::new();
            engine.resize(9).unwrap();
            Rig {
                app: App::new(9).unwrap(),
                engine,
                scan: Scan::new(9),
            }
        }

        /// Runs a GTP command; the referee follows.
        fn gtp(&mut self, line: &str) -> String {
            let mut out = [0u8; 2048];
            let reply = self.engine.execute(line.as_bytes(), &mut out);
            if console_to_board(&mut self.app, &self.engine) {
                self.app.update(&self.scan);
            }
            String::from_utf8_lossy(&out[..reply.len]).into_owned()
        }

        /// Puts a stone on (or takes one off) the physical board.
        fn place(&mut self, v: &str, r: Reading) -> Event {
            self.scan.set(pt(v), r);
            let event = self.app.update(&self.scan);
            if board_to_console(&mut self.app, &mut self.engine, event) {
                self.app.update(&self.scan);
            }
            event
        }
    }

    #[test]
    fn a_stone_on_the_board_is_a_console_move() {
        let mut rig = Rig::new();
        assert!(matches!(
            rig.place("E5", Reading::Black),
            Event::Played { .. }
        ));
        assert_eq!(rig.engine.board().color_at(pt("E5")), Some(Color::Black));
        assert!(rig.gtp("showboard").contains("X"));
        assert_eq!(rig.gtp("play white E5"), "? illegal move\n\n");
        assert_eq!(rig.gtp("undo"), "= \n\n");
        // The console took it back: the stone is to remove.
        assert!(rig.app.to_remove().contains(pt("E5")));
        assert_eq!(rig.app.board().to_move(), Color::Black);
        rig.place("E5", Reading::Empty);
        assert!(rig.app.in_sync() && rig.app.to_remove().is_empty());
    }

    #[test]
    fn a_console_move_lights_its_point_until_placed() {
        let mut rig = Rig::new();
        rig.gtp("play black C3");
        assert!(rig.app.missing().contains(pt("C3")));
        assert_eq!(rig.app.last_move(), Some(pt("C3")));
        assert_eq!(rig.app.layers().fix.map(|s| s.len()), Some(1));
        // A white stone elsewhere is refused while C3 is missing.
        assert!(matches!(
            rig.place("G7", Reading::White),
            Event::OutOfSync { .. }
        ));
        rig.place("G7", Reading::Empty);
        assert_eq!(rig.place("C3", Reading::Black), Event::InSync);
        assert!(matches!(
            rig.place("G7", Reading::White),
            Event::Played { .. }
        ));
        assert_eq!(rig.engine.board().color_at(pt("G7")), Some(Color::White));
        // A capture from the console: the captured stone is to remove.
        rig.gtp("play black G6");
        rig.place("G6", Reading::Black);
        rig.gtp("play white A1");
        rig.place("A1", Reading::White);
        rig.gtp("play black F7");
        rig.place("F7", Reading::Black);
        rig.gtp("play white A2");
        rig.place("A2", Reading::White);
        rig.gtp("play black H7");
        rig.place("H7", Reading::Black);
        rig.gtp("play white A3");
        rig.place("A3", Reading::White);
        rig.gtp("play black G8");
        assert!(rig.app.to_remove().contains(pt("G7")));
        assert!(rig.app.missing().contains(pt("G8")));
        rig.place("G8", Reading::Black);
        assert_eq!(
            rig.place("G7", Reading::Empty),
            Event::Removed { count: 1, left: 0 }
        );
        assert!(rig.app.in_sync());
        assert_eq!(rig.engine.board().hash(), rig.app.board().hash());
    }

    #[test]
    fn clear_board_lifts_everything_and_another_size_unlinks() {
        let mut rig = Rig::new();
        rig.place("E5", Reading::Black);
        rig.place("D5", Reading::White);
        rig.gtp("clear_board");
        assert_eq!(rig.app.to_remove().len(), 2);
        rig.place("E5", Reading::Empty);
        rig.place("D5", Reading::Empty);
        assert!(rig.app.in_sync() && rig.app.to_remove().is_empty());
        rig.gtp("boardsize 13");
        assert!(!linked(&rig.app, &rig.engine));
        assert!(matches!(
            rig.place("C3", Reading::Black),
            Event::Played { .. }
        ));
        assert_eq!(rig.engine.board().color_at(pt("C3")), None);
        // Back to the board's size: the console's empty board is the game.
        rig.gtp("boardsize 9");
        assert!(rig.app.to_remove().contains(pt("C3")));
    }

    #[test]
    fn a_pending_trymove_refuses_board_moves() {
        let mut rig = Rig::new();
        // White A1 in atari: black B1 would capture it.
        rig.place("A2", Reading::Black);
        rig.place("A1", Reading::White);
        rig.gtp("trymove black E5");
        assert!(matches!(
            rig.place("B1", Reading::Black),
            Event::Played { captured: 1, .. }
        ));
        // Refused: B1 is to lift, A1 stays a stone of the game.
        assert!(rig.app.to_remove().contains(pt("B1")));
        assert!(!rig.app.to_remove().contains(pt("A1")));
        assert_eq!(rig.app.board().color_at(pt("A1")), Some(Color::White));
        rig.place("B1", Reading::Empty);
        assert!(rig.app.in_sync() && rig.app.to_remove().is_empty());
        rig.gtp("popgo");
        assert!(matches!(
            rig.place("B1", Reading::Black),
            Event::Played { captured: 1, .. }
        ));
        assert_eq!(rig.engine.board().color_at(pt("A1")), None);
        rig.place("A1", Reading::Empty);
        rig.gtp("trymove white E5");
        assert!(rig.app.board().color_at(pt("E5")).is_none());
        assert!(matches!(
            rig.place("C3", Reading::White),
            Event::Played { .. }
        ));
        assert!(rig.app.board().color_at(pt("C3")).is_none());
        assert!(rig.app.to_remove().contains(pt("C3")));
        assert_eq!(rig.app.board().to_move(), Color::White);
        rig.place("C3", Reading::Empty);
        rig.gtp("popgo");
        assert!(matches!(
            rig.place("C3", Reading::White),
            Event::Played { .. }
        ));
        assert_eq!(rig.engine.board().color_at(pt("C3")), Some(Color::White));
    }

    #[test]
    fn console_passes_count_towards_the_end_of_the_game() {
        let mut rig = Rig::new();
        rig.place("E5", Reading::Black);
        rig.gtp("play white pass");
        assert_eq!(rig.app.passes(), 1);
        assert!(!rig.app.game_over());
        // The stones are the same: E5 stays the last move.
        assert_eq!(rig.app.last_move(), Some(pt("E5")));
        rig.gtp("play black pass");
        assert_eq!(rig.app.passes(), 2);
        assert!(rig.app.game_over());
        assert!(rig.app.in_sync());
        // Taken back: the game goes on with one pass.
        rig.gtp("undo");
        assert_eq!(rig.app.passes(), 1);
        assert!(!rig.app.game_over());
        assert_eq!(rig.app.board().to_move(), Color::Black);
        // A board move resets the count, on both sides.
        assert!(matches!(
            rig.place("C3", Reading::Black),
            Event::Played { .. }
        ));
        assert_eq!(rig.app.passes(), 0);
        assert_eq!(rig.engine.passes(), 0);
        rig.gtp("play white pass");
        assert_eq!(rig.app.passes(), 1);
        // A console pass then a board pass end the game.
        assert_eq!(
            rig.app.pass(),
            Event::Passed {
                color: Color::Black,
                game_over: true
            }
        );
        assert!(!board_to_console(
            &mut rig.app,
            &mut rig.engine,
            Event::Passed {
                color: Color::Black,
                game_over: true
            }
        ));
        assert_eq!(rig.engine.passes(), 2);
        // A console move after a pass resets the count too.
        rig.gtp("play white D4");
        assert_eq!(rig.app.passes(), 0);
        assert!(!rig.app.game_over());
        rig.place("D4", Reading::White);
        // A board pass then a console pass end it as well.
        assert_eq!(
            rig.app.pass(),
            Event::Passed {
                color: Color::Black,
                game_over: false
            }
        );
        board_to_console(
            &mut rig.app,
            &mut rig.engine,
            Event::Passed {
                color: Color::Black,
                game_over: false,
            },
        );
        assert_eq!(rig.gtp("play white pass"), "= \n\n");
        assert!(rig.app.game_over());
        assert_eq!(rig.engine.board().hash(), rig.app.board().hash());
    }

    #[test]
    fn undo_from_board_takes_back_the_consoles_last_stone_only() {
        let mut rig = Rig::new();
        // Nothing played: nothing to take back.
        assert!(!undo_from_board(&mut rig.app, &mut rig.engine));
        rig.place("E5", Reading::Black);
        rig.place("D5", Reading::White);
        assert!(undo_from_board(&mut rig.app, &mut rig.engine));
        assert_eq!(rig.engine.board().color_at(pt("D5")), None);
        assert_eq!(rig.engine.board().hash(), rig.app.board().hash());
        // The move before is the last move again.
        assert_eq!(rig.app.last_move(), Some(pt("E5")));
        rig.place("D5", Reading::Empty);
        assert!(rig.app.in_sync() && rig.app.to_remove().is_empty());
        // After a pass the console's last move is not the last stone.
        rig.gtp("play white pass");
        assert_eq!(rig.app.last_move(), Some(pt("E5")));
        assert!(!undo_from_board(&mut rig.app, &mut rig.engine));
        assert_eq!(rig.app.board().to_move(), Color::Black);
        // A pending trymove refuses it; another size is not linked.
        rig.gtp("play black C3");
        rig.place("C3", Reading::Black);
        rig.gtp("trymove white G7");
        assert!(!undo_from_board(&mut rig.app, &mut rig.engine));
        rig.gtp("popgo");
        assert!(undo_from_board(&mut rig.app, &mut rig.engine));
        rig.place("C3", Reading::Empty);
        rig.gtp("boardsize 13");
        rig.place("C3", Reading::Black);
        assert!(!undo_from_board(&mut rig.app, &mut rig.engine));
    }

    /// The end of a game: the board marks the console's dead stones.
    #[test]
    fn the_board_s_dead_stones_are_the_console_s() {
        let mut rig = Rig::new();
        let rows = [
            ".X.XO.OX.",
            "XXXXOOOOO",
            "...XO....",
            "...XO....",
            ".O.XO..X.",
            "...XO....",
            "...XO....",
            "XXXXOOOOO",
            ".X.XO.O..",
        ];
        for (i, row) in rows.iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                let color = match c {
                    'X' => "black",
                    'O' => "white",
                    _ => continue,
                };
                let v = Point::new(j, 8 - i).unwrap();
                assert_eq!(rig.gtp(&std::format!("play {color} {v}")), "= \n\n");
            }
        }
        rig.gtp("play black pass");
        rig.gtp("play white pass");
        assert!(rig.app.game_over());
        rig.app.start_scoring(&mut ConsoleOracle {
            engine: &mut rig.engine,
        });
        // Owl's dead stones, not only the unconditional status's.
        let dead: std::vec::Vec<String> =
            rig.app.dead().iter().map(|p| std::format!("{p}")).collect();
        assert_eq!(dead, ["B5", "H5", "H9"]);
        assert_eq!(rig.gtp("final_status_list dead"), "= H9\nB5\nH5\n\n");
        // Another position on the console: the unconditional status only.
        rig.app.resume_play();
        rig.gtp("boardsize 13");
        rig.app.start_scoring(&mut ConsoleOracle {
            engine: &mut rig.engine,
        });
        let mut unconditional = PointSet::new();
        UnconditionalOracle.dead_stones(&mut rig.app.board().clone(), &mut unconditional);
        assert_eq!(*rig.app.dead(), unconditional);
        assert!(!unconditional.contains(pt("B5")));
    }
}
