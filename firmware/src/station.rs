//! The board's turn in a main loop: one sensor scan through the debouncer
//! to the referee, the analysis after a move, and the LED frame.
//!
//! Owns: [`Station`] (a [`Scanner`] over any [`StoneSensor`], the referee
//! [`ConsoleApp`], the tactical [`Reader`] and [`Analysis`] of the last
//! position, the [`Budget`], the [`Palette`], the composed [`Frame`], the
//! pass and undo gestures' progress and the sensor test's switch),
//! [`Station::BOARD_BUDGET`], [`PASS_GESTURE_SCANS`], [`UNDO_HOLD_SCANS`],
//! [`NEW_GAME_STONES`] and the GTP command [`SensorTestCommand`].
//!
//! Omits: timing (the caller scans at its own rate and shows the frame
//! with its own blink tick), the LED sink, the GTP console itself (the
//! caller owns the [`Engine`]; [`Station::scan_linked`] and
//! [`Station::follow_console`] keep it in one game with the board through
//! [`crate::link`], as the Pico and the simulator do) and owl reading
//! (the caller adds [`crate::analysis::analyze_groups`]'s layers to
//! [`Station::layers`] if it can afford it).
//!
//! One turn is
//!
//! 1. [`Station::scan`]: the sensor reads every point; when the
//!    debounced picture changes, the referee judges it
//!    ([`App::update`]) and its [`Event`] is answered;
//! 2. [`Station::refresh`]: after a move (or any change of the logical
//!    position) the position is analysed within the budget; the frame is
//!    composed from the referee's and the analysis' layers.
//!
//! # The sensor test
//! For bring-up, [`Station::set_sensor_test`] (the GTP command
//! `owlet-sensor_test on|off` through [`SensorTestCommand`]) lights each
//! point as its sensor reads it, scan by scan without debouncing: a black
//! stone red, a white one green (cyan), both elements at once amber
//! (orange). The referee judges nothing meanwhile; turned off, it judges
//! the stable picture again (stones left on the board are out of sync).
//!
//! # The pass gesture
//! The board has no button: the player to move passes by lifting the
//! last-played stone and putting it back twice within
//! [`PASS_GESTURE_SCANS`] scans, with nothing else changing on the board
//! meanwhile (each lift and each return held for a debounce window).
//! [`Station::scan`] then answers the referee's [`Event::Passed`] in place
//! of the second [`Event::InSync`]. Normal play never does this: the
//! last-played stone cannot be captured before the opponent moves, so a
//! lift of it is never part of a move, and a stone knocked off once and
//! put back is one cycle, not two. Two passes in a row end the game
//! (`game_over`): the caller calls [`App::start_scoring`] with its dead
//! stone oracle. The same gesture in the end-of-game mode toggles the
//! group as any touch does. Passes made on the console count alike
//! ([`crate::link`]): [`Station::follow_console`] answers the pass that
//! ends the game as [`Event::Passed`] with `game_over`.
//!
//! # The undo gesture
//! The last-played stone lifted (with the stones it captured removed,
//! nothing else changing) and kept off for [`UNDO_HOLD_SCANS`] scans
//! takes its move back: [`Station::scan_linked`] has the console undo it
//! ([`link::undo_from_board`]; the console keeps the game record), the
//! referee takes the console's position, and the answer is
//! [`Event::Undone`]: the stones the move captured light as stones to put
//! back, the move before is lit as the last move (lift it and hold to
//! undo again). The console must be linked, with no `trymove` pending,
//! and its last move must be that stone (not a pass); otherwise the lift
//! is a stone to put back as any. The hold is the pass gesture's first
//! lift kept long: a pass gesture's lifts are brief, and in normal play
//! the last-played stone is never lifted (see above) other than knocked
//! off and put back at once.
//!
//! # The new-game gesture
//! Every stone lifted off the board (the stable picture empty) while the
//! game holds [`NEW_GAME_STONES`] stones or more starts a new game of the
//! same size: [`Station::scan`] answers [`Event::NewGame`] (the referee's
//! [`App::new_game`]) and [`Station::scan_linked`] clears the linked
//! console's board and record as GTP `clear_board` does. It works in the
//! end-of-game mode too (clearing the board after the count). Normal
//! play never empties the board: a move's stone stays on it, captures
//! take only the opponent's stones. A game of one stone is taken back
//! with the undo gesture instead (lifting it is the other gestures'
//! first step).
//!
//! # Sizes
//! `size_of::<Station<S, N>>()` is 29,878 bytes (24,246 with the `small`
//! feature, the device's capacities) plus the sensor (the
//! referee 16,392, the reader 10,408, the frame 1,445, the scanner 1,446);
//! checked by a unit test.

use owlet_board::{Reader, SizeError};

use crate::analysis::{Analysis, Budget, analyze};
use crate::app::{App, Event, Mode};
use crate::gtp::{Answer, Args, Engine, Extension, Failure};
use crate::leds::{Blink, Frame, Layers, Led, Palette, Rgb};
use crate::link::{self, ConsoleApp};
use crate::sensors::{Reading, Scan, Scanner, StoneSensor};

/// Scans within which the pass gesture's two lift-and-return cycles must
/// fall: 3 s at the Pico's 20 ms scan.
pub const PASS_GESTURE_SCANS: u16 = 150;

/// Scans the last-played stone stays lifted before the undo gesture takes
/// its move back: 2 s at the Pico's 20 ms scan.
pub const UNDO_HOLD_SCANS: u16 = 100;

// The undo gesture's hold completes within the pass gesture's window.
const _: () = assert!(UNDO_HOLD_SCANS < PASS_GESTURE_SCANS);

/// Stones the game must hold for the new-game gesture: with a single
/// stone, lifting it is the pass or undo gesture's lift.
pub const NEW_GAME_STONES: usize = 2;

/// A sensor, its debouncer, the referee, the analysis and the LED frame
/// of one board. See the module documentation.
///
/// ```
/// use owlet_board::{Color, Point};
/// use owlet_firmware::app::Event;
/// use owlet_firmware::sensors::{Reading, Scan, StoneSensor};
/// use owlet_firmware::station::Station;
///
/// /// A sensor that reads a picture set by the test.
/// struct Picture(Scan);
/// impl StoneSensor for Picture {
///     type Error = ();
///     fn size(&self) -> usize { self.0.size() }
///     fn scan(&mut self, out: &mut Scan) -> Result<(), ()> { *out = self.0.clone(); Ok(()) }
/// }
///
/// let mut station: Station<Picture, 2> =
///     Station::new(Picture(Scan::new(9)), Station::<Picture, 2>::BOARD_BUDGET).unwrap();
/// let e5 = Point::from_vertex("E5", 9).unwrap();
/// station.sensor_mut().0.set(e5, Reading::Black);
/// assert_eq!(station.scan(), Ok(None)); // one scan: not stable yet
/// let event = station.scan().unwrap().unwrap();
/// assert_eq!(event, Event::Played { color: Color::Black, at: e5, captured: 0 });
/// station.refresh(true);
/// assert_eq!(station.frame().lit(), 1); // the last move
/// ```
pub struct Station<S, const N: u8> {
    scanner: Scanner<S, N>,
    app: ConsoleApp,
    reader: Reader,
    analysis: Analysis,
    budget: Budget,
    palette: Palette,
    frame: Frame,
    /// The pass gesture's progress: lifts and returns of the last-played
    /// stone seen so far (0..=3); held at 1, the undo gesture.
    gesture: u8,
    /// Scans since the gesture's first lift.
    gesture_scans: u16,
    /// The sensor test is on.
    sensor_test: bool,
}

impl<S: StoneSensor, const N: u8> Station<S, N> {
    /// The analysis after each move on a board's microcontroller: stones
    /// in atari and a short combination search (a fraction of
    /// owlet-combination's defaults, for a Cortex-M0+), its dead-dragon
    /// filter held to 30 owl nodes per colour.
    pub const BOARD_BUDGET: Budget = Budget {
        combination_nodes: 20,
        reading_nodes: 500,
        depth: 2,
        owl_nodes: 30,
    };

    /// A new game on the sensor's board size, analysed within `budget`;
    /// the stable picture starts empty.
    pub fn new(sensor: S, budget: Budget) -> Result<Self, SizeError> {
        let size = sensor.size();
        Ok(Station {
            scanner: Scanner::new(sensor),
            app: App::new(size)?,
            reader: Reader::new(),
            analysis: Analysis::default(),
            budget,
            palette: Palette::default(),
            frame: Frame::new(size),
            gesture: 0,
            gesture_scans: 0,
            sensor_test: false,
        })
    }

    /// Scans once; when the debounced picture changed, the referee's
    /// judgement of it (`Ok(None)`: no change, nothing judged). A
    /// completed pass gesture (see the module documentation) is answered
    /// as the pass it makes, the new-game gesture as [`Event::NewGame`]
    /// (the referee's new game); the undo gesture needs the console
    /// ([`Station::scan_linked`]).
    pub fn scan(&mut self) -> Result<Option<Event>, S::Error> {
        if self.sensor_test {
            self.scanner.poll()?;
            self.frame = self.sensor_test_frame();
            return Ok(None);
        }
        if self.gesture > 0 {
            self.gesture_scans = self.gesture_scans.saturating_add(1);
            if self.gesture_scans > PASS_GESTURE_SCANS {
                self.gesture = 0;
            }
        }
        let Some(stable) = self.scanner.poll()? else {
            return Ok(None);
        };
        let event = self.app.update(stable);
        let board = self.app.board();
        let stones = board
            .points()
            .filter(|&p| board.color_at(p).is_some())
            .take(NEW_GAME_STONES)
            .count();
        if stones >= NEW_GAME_STONES && board.points().all(|p| stable.reading(p) == Reading::Empty)
        {
            self.gesture = 0;
            self.app.new_game();
            return Ok(Some(Event::NewGame));
        }
        Ok(Some(self.gesture_step(event)))
    }

    /// Whether the undo gesture's hold is complete: the last-played stone
    /// lifted (the pass gesture's first lift) and nothing changed for
    /// [`UNDO_HOLD_SCANS`] scans.
    fn undo_due(&self) -> bool {
        self.gesture == 1 && self.gesture_scans >= UNDO_HOLD_SCANS
    }

    /// Turns the sensor test on or off (see the module documentation);
    /// off, the stable picture is judged again (a move it makes is played
    /// on the console `engine` too), the frame composed, and the
    /// judgement answered.
    pub fn set_sensor_test(&mut self, on: bool, engine: &mut Engine) -> Option<Event> {
        let was = self.sensor_test;
        self.sensor_test = on;
        self.gesture = 0;
        if on {
            self.frame = self.sensor_test_frame();
            return None;
        }
        if !was {
            return None;
        }
        let event = self.rejudge();
        if link::board_to_console(&mut self.app, engine, event) {
            self.rejudge();
        }
        self.refresh(true);
        Some(event)
    }

    /// Whether the sensor test is on.
    #[must_use]
    pub fn sensor_test(&self) -> bool {
        self.sensor_test
    }

    /// The sensor test's frame of the last raw scan.
    fn sensor_test_frame(&self) -> Frame {
        let raw = self.scanner.raw();
        let size = raw.size();
        let mut frame = Frame::new(size);
        for row in 0..size {
            for col in 0..size {
                let color = match raw.get(col, row) {
                    Reading::Empty => continue,
                    Reading::Black => Rgb::new(255, 0, 0),
                    Reading::White => Rgb::new(0, 255, 255),
                    Reading::Conflict => Rgb::new(255, 128, 0),
                };
                if let Some(p) = owlet_board::Point::new(col, row) {
                    frame.set(
                        p,
                        Led {
                            color,
                            blink: Blink::Steady,
                        },
                    );
                }
            }
        }
        frame
    }

    /// Follows the pass gesture through `event`; answers the pass when it
    /// completes, `event` otherwise.
    fn gesture_step(&mut self, event: Event) -> Event {
        let app = &self.app;
        let last = app.last_move();
        let lifted_last = matches!(
            event,
            Event::OutOfSync {
                missing: 1,
                extra: 0
            }
        ) && last.is_some_and(|p| app.missing().contains(p));
        let play = app.mode() == Mode::Play && app.to_remove().is_empty();
        match (self.gesture, event) {
            (0, _) if lifted_last && play => {
                self.gesture = 1;
                self.gesture_scans = 0;
            }
            (2, _) if lifted_last && play => self.gesture = 3,
            (1, Event::InSync) => self.gesture = 2,
            (3, Event::InSync) => {
                self.gesture = 0;
                return self.app.pass();
            }
            _ => self.gesture = 0,
        }
        event
    }

    /// Judges the stable picture again (after the logical position was
    /// changed elsewhere, e.g. [`App::set_position`]).
    pub fn rejudge(&mut self) -> Event {
        self.gesture = 0;
        self.app.update(self.scanner.stable())
    }

    /// One scan in one game with the GTP console `engine` (as the Pico
    /// runs it): [`Station::scan`], a move or pass played on the console
    /// too and a new game started there ([`link::board_to_console`];
    /// should the console refuse a move, its position stands and the
    /// stable picture is judged again), the undo gesture's move taken back
    /// on the console and then on the referee ([`link::undo_from_board`],
    /// answered as [`Event::Undone`]), and [`Station::refresh`]. Answers
    /// the event and whether the position changed (and was analysed).
    pub fn scan_linked(&mut self, engine: &mut Engine) -> Result<Option<(Event, bool)>, S::Error> {
        let Some(event) = self.scan()? else {
            return Ok(self.undo_linked(engine).map(|event| (event, true)));
        };
        let mut changed = matches!(
            event,
            Event::Played { .. } | Event::Passed { .. } | Event::NewGame
        );
        if link::board_to_console(&mut self.app, engine, event) {
            self.rejudge();
            changed = true;
        }
        self.refresh(changed);
        Ok(Some((event, changed)))
    }

    /// Completes the undo gesture when its hold is due: the move taken back
    /// on the console `engine` and the referee, the frame composed again.
    /// Refused (not linked, a `trymove` pending, the console's last move
    /// another), the gesture ends and the stone is one to put back.
    fn undo_linked(&mut self, engine: &mut Engine) -> Option<Event> {
        if !self.undo_due() {
            return None;
        }
        self.gesture = 0;
        let at = self.app.last_move()?;
        let color = self.app.board().color_at(at)?;
        if !link::undo_from_board(&mut self.app, engine) {
            return None;
        }
        self.rejudge();
        let restore = self.app.missing().len();
        self.refresh(true);
        Some(Event::Undone { color, at, restore })
    }

    /// The player to move passes (a button, or a caller's own gesture),
    /// on the console `engine` too; the frame is composed again. Answers
    /// the referee's event ([`Event::Unchanged`]: no pass was made).
    pub fn pass_linked(&mut self, engine: &mut Engine) -> Event {
        let event = self.app.pass();
        if link::board_to_console(&mut self.app, engine, event) {
            self.rejudge();
        }
        self.refresh(event != Event::Unchanged);
        event
    }

    /// After a GTP command on `engine`: takes the console's position if
    /// it differs (a `play`, `undo`, `clear_board`...), judges the stable
    /// picture against it and analyses it; the LEDs show the stones to
    /// place and to lift. Answers the judgement when the position
    /// changed, `None` when it did not; when the console's game is over
    /// ([`App::game_over`]: its second pass in a row, or a board pass
    /// then a console pass), [`Event::Passed`] with `game_over`, as
    /// [`Station::scan_linked`] answers the board's second pass: the
    /// caller starts the end-of-game mode alike.
    pub fn follow_console(&mut self, engine: &Engine) -> Option<Event> {
        if !link::console_to_board(&mut self.app, engine) {
            return None;
        }
        let event = self.rejudge();
        self.refresh(true);
        if self.app.game_over() {
            return Some(Event::Passed {
                color: self.app.board().to_move().opponent(),
                game_over: true,
            });
        }
        Some(event)
    }

    /// Analyses the position if it `changed` (a move, a position from
    /// elsewhere) and composes the frame.
    pub fn refresh(&mut self, changed: bool) {
        if changed {
            self.analysis = analyze(self.app.board_mut(), &mut self.reader, &self.budget);
        }
        if self.sensor_test {
            self.frame = self.sensor_test_frame();
            return;
        }
        self.frame = Frame::compose(self.size(), &self.layers(), &self.palette);
    }

    /// The referee's layers with the analysis' (atari, threats); in the
    /// end-of-game mode the referee's alone, so the dead marks show.
    #[must_use]
    pub fn layers(&self) -> Layers<'_> {
        let play = self.app.mode() == Mode::Play;
        Layers {
            atari: play.then_some(&self.analysis.atari),
            threats: play.then_some(&self.analysis.threats),
            ..self.app.layers()
        }
    }

    /// The board size (the sensor's).
    #[must_use]
    pub fn size(&self) -> usize {
        self.scanner.stable().size()
    }

    /// The frame composed by the last [`Station::refresh`].
    #[must_use]
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The LED colours.
    #[must_use]
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The analysis of the last position analysed.
    #[must_use]
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The referee.
    #[must_use]
    pub fn app(&self) -> &ConsoleApp {
        &self.app
    }

    /// The referee, to pass, score or take a position from elsewhere
    /// (call [`Station::rejudge`] and [`Station::refresh`] after a change
    /// of position).
    pub fn app_mut(&mut self) -> &mut ConsoleApp {
        &mut self.app
    }

    /// The tactical reader (for further analysis by the caller).
    pub fn reader_mut(&mut self) -> &mut Reader {
        &mut self.reader
    }

    /// The debounced picture.
    #[must_use]
    pub fn stable(&self) -> &Scan {
        self.scanner.stable()
    }

    /// The last raw scan.
    #[must_use]
    pub fn raw(&self) -> &Scan {
        self.scanner.raw()
    }

    /// Whether nothing is settling in the debouncer.
    #[must_use]
    pub fn is_quiet(&self) -> bool {
        self.scanner.is_quiet()
    }

    /// The sensor.
    #[must_use]
    pub fn sensor(&self) -> &S {
        self.scanner.sensor()
    }

    /// The sensor, to change it.
    pub fn sensor_mut(&mut self) -> &mut S {
        self.scanner.sensor_mut()
    }
}

/// The GTP command `owlet-sensor_test on|off` (an [`Extension`] for
/// [`Engine::execute_with`]): turns the station's sensor test on or off.
pub struct SensorTestCommand<'s, S, const N: u8> {
    station: &'s mut Station<S, N>,
    resumed: Option<Event>,
}

impl<'s, S: StoneSensor, const N: u8> SensorTestCommand<'s, S, N> {
    /// The command for `station`.
    pub fn new(station: &'s mut Station<S, N>) -> Self {
        SensorTestCommand {
            station,
            resumed: None,
        }
    }

    /// The referee's judgement when the command turned the test off.
    #[must_use]
    pub fn resumed(&self) -> Option<Event> {
        self.resumed
    }
}

impl<S: StoneSensor, const N: u8> Extension for SensorTestCommand<'_, S, N> {
    fn commands(&self) -> &[&str] {
        &["owlet-sensor_test"]
    }

    fn run(
        &mut self,
        engine: &mut Engine,
        _command: &str,
        mut args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        self.resumed = match args.next() {
            Some("on") => self.station.set_sensor_test(true, engine),
            Some("off") => self.station.set_sensor_test(false, engine),
            _ => return Err(answer.failure("on or off expected")),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leds::Led;
    use crate::sensors::Reading;
    use owlet_board::{Color, Point};

    struct Picture(Scan);

    impl StoneSensor for Picture {
        type Error = ();
        fn size(&self) -> usize {
            self.0.size()
        }
        fn scan(&mut self, out: &mut Scan) -> Result<(), ()> {
            *out = self.0.clone();
            Ok(())
        }
    }

    fn pt(v: &str) -> Point {
        Point::from_vertex(v, 9).unwrap()
    }

    #[test]
    fn sizes() {
        // The device's capacities (`small`) make the engine smaller.
        let engine = if cfg!(feature = "small") {
            24_246
        } else {
            29_878
        };
        assert_eq!(
            core::mem::size_of::<Station<Picture, 4>>(),
            engine + core::mem::size_of::<Picture>()
        );
    }

    #[test]
    fn a_capture_shows_the_stone_to_remove_and_atari_is_analysed() {
        let mut station: Station<Picture, 2> =
            Station::new(Picture(Scan::new(9)), Budget::NONE).unwrap();
        let turn = |station: &mut Station<Picture, 2>, v: &str, r: Reading| {
            station.sensor_mut().0.set(pt(v), r);
            let mut event = None;
            for _ in 0..2 {
                if let Some(e) = station.scan().unwrap() {
                    event = Some(e);
                }
            }
            station.refresh(matches!(event, Some(Event::Played { .. })));
            event
        };
        for (v, r) in [
            ("E5", Reading::Black),
            ("A1", Reading::White),
            ("A2", Reading::Black),
            ("E6", Reading::White),
        ] {
            turn(&mut station, v, r);
        }
        let palette = *station.palette();
        assert_eq!(station.frame().led(pt("A1")), palette.atari);
        assert_eq!(
            turn(&mut station, "B1", Reading::Black),
            Some(Event::Played {
                color: Color::Black,
                at: pt("B1"),
                captured: 1
            })
        );
        assert_eq!(station.frame().led(pt("A1")), palette.to_remove);
        assert_eq!(
            turn(&mut station, "A1", Reading::Empty),
            Some(Event::Removed { count: 1, left: 0 })
        );
        assert_eq!(station.frame().led(pt("A1")), Led::OFF);
        // Knocked off: the point to put back blinks.
        assert_eq!(
            turn(&mut station, "E5", Reading::Empty),
            Some(Event::OutOfSync {
                missing: 1,
                extra: 0
            })
        );
        assert_eq!(station.frame().led(pt("E5")), palette.fix);
        assert_eq!(
            turn(&mut station, "E5", Reading::Black),
            Some(Event::InSync)
        );
        assert!(station.is_quiet());
    }

    /// Scans until the debounced picture settles; the events seen.
    fn settle(station: &mut Station<Picture, 2>, engine: &mut Engine) -> std::vec::Vec<Event> {
        let mut events = std::vec::Vec::new();
        for _ in 0..3 {
            if let Some((event, _)) = station.scan_linked(engine).unwrap() {
                events.push(event);
            }
        }
        events
    }

    fn put(station: &mut Station<Picture, 2>, engine: &mut Engine, v: &str, r: Reading) -> Event {
        station.sensor_mut().0.set(pt(v), r);
        settle(station, engine).pop().unwrap_or(Event::Unchanged)
    }

    /// A 9×9 station linked with a 9×9 console.
    fn linked() -> (Station<Picture, 2>, Engine) {
        let mut engine = Engine::new();
        engine.resize(9).unwrap();
        let station = Station::new(Picture(Scan::new(9)), Budget::NONE).unwrap();
        (station, engine)
    }

    /// Lifts the stone at `v` and puts it back twice; the last event.
    fn gesture(station: &mut Station<Picture, 2>, engine: &mut Engine, v: &str) -> Event {
        let color = station.app().board().color_at(pt(v));
        let mut last = Event::Unchanged;
        for _ in 0..2 {
            put(station, engine, v, Reading::Empty);
            last = put(station, engine, v, Reading::of(color));
        }
        last
    }

    #[test]
    fn the_pass_gesture_twice_ends_the_game() {
        let (mut station, mut engine) = linked();
        put(&mut station, &mut engine, "E5", Reading::Black);
        put(&mut station, &mut engine, "D4", Reading::White);
        assert_eq!(
            gesture(&mut station, &mut engine, "D4"),
            Event::Passed {
                color: Color::Black,
                game_over: false
            }
        );
        // The console saw the pass: white to move there too.
        assert_eq!(engine.board().to_move(), Color::White);
        assert_eq!(engine.board().hash(), station.app().board().hash());
        assert_eq!(
            gesture(&mut station, &mut engine, "D4"),
            Event::Passed {
                color: Color::White,
                game_over: true
            }
        );
        station
            .app_mut()
            .start_scoring(&mut crate::scoring::UnconditionalOracle);
        assert_eq!(station.app().mode(), Mode::Scoring);
        assert_eq!(station.app().board().to_move(), Color::Black);
        assert!(station.app().in_sync());
    }

    #[test]
    fn normal_play_makes_no_gesture() {
        let (mut station, mut engine) = linked();
        let mut events = std::vec::Vec::new();
        put(&mut station, &mut engine, "E5", Reading::Black);
        put(&mut station, &mut engine, "D4", Reading::White);
        // One cycle on the last stone (knocked off, put back), then a move.
        events.push(put(&mut station, &mut engine, "D4", Reading::Empty));
        events.push(put(&mut station, &mut engine, "D4", Reading::White));
        events.push(put(&mut station, &mut engine, "C3", Reading::Black));
        // Two cycles on a stone that is not the last move.
        events.push(gesture(&mut station, &mut engine, "E5"));
        // Two cycles on the last stone, too slow.
        put(&mut station, &mut engine, "C3", Reading::Empty);
        events.push(put(&mut station, &mut engine, "C3", Reading::Black));
        for _ in 0..PASS_GESTURE_SCANS {
            station.scan_linked(&mut engine).unwrap();
        }
        put(&mut station, &mut engine, "C3", Reading::Empty);
        events.push(put(&mut station, &mut engine, "C3", Reading::Black));
        // A cycle interrupted by a stone knocked off elsewhere.
        put(&mut station, &mut engine, "C3", Reading::Empty);
        put(&mut station, &mut engine, "C3", Reading::Black);
        put(&mut station, &mut engine, "E5", Reading::Empty);
        put(&mut station, &mut engine, "E5", Reading::Black);
        put(&mut station, &mut engine, "C3", Reading::Empty);
        events.push(put(&mut station, &mut engine, "C3", Reading::Black));
        // A game of 120 placements on random points: moves, illegal
        // placements lifted again, captured stones removed.
        let mut seed = 0x1234_5678u32;
        for _ in 0..120 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let empty: std::vec::Vec<Point> = station
                .app()
                .board()
                .points()
                .filter(|&p| station.stable().stone(p).is_none())
                .collect();
            let Some(&p) = empty.get(seed as usize % empty.len().max(1)) else {
                break;
            };
            let color = station.app().board().to_move();
            station.sensor_mut().0.set(p, Reading::of(Some(color)));
            events.extend(settle(&mut station, &mut engine));
            if station.app().illegal().is_some() {
                station.sensor_mut().0.set(p, Reading::Empty);
                events.extend(settle(&mut station, &mut engine));
            }
            let captured: std::vec::Vec<Point> = station.app().to_remove().iter().collect();
            for q in captured {
                station.sensor_mut().0.set(q, Reading::Empty);
                events.extend(settle(&mut station, &mut engine));
            }
            assert!(station.app().in_sync());
        }
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Played { captured: 1.., .. }))
        );
        assert!(!events.iter().any(|e| matches!(
            e,
            Event::Passed { .. } | Event::Undone { .. } | Event::NewGame
        )));
        assert_eq!(station.app().mode(), Mode::Play);
        assert_eq!(engine.board().hash(), station.app().board().hash());
    }

    /// Runs `line` on the console; the station follows.
    fn gtp(
        station: &mut Station<Picture, 2>,
        engine: &mut Engine,
        line: &str,
    ) -> std::string::String {
        let mut out = [0u8; 2048];
        let reply = engine.execute(line.as_bytes(), &mut out);
        station.follow_console(engine);
        std::string::String::from_utf8_lossy(&out[..reply.len]).into_owned()
    }

    /// Scans `n` times; the events seen.
    fn hold(
        station: &mut Station<Picture, 2>,
        engine: &mut Engine,
        n: u16,
    ) -> std::vec::Vec<Event> {
        (0..n)
            .filter_map(|_| station.scan_linked(engine).unwrap().map(|(e, _)| e))
            .collect()
    }

    /// White A1 captured by black B1 (black A2 and E5, white E6 stand).
    fn a_capture(station: &mut Station<Picture, 2>, engine: &mut Engine) {
        for (v, r) in [
            ("E5", Reading::Black),
            ("A1", Reading::White),
            ("A2", Reading::Black),
            ("E6", Reading::White),
        ] {
            put(station, engine, v, r);
        }
        assert!(matches!(
            put(station, engine, "B1", Reading::Black),
            Event::Played { captured: 1, .. }
        ));
    }

    #[test]
    fn the_undo_gesture_takes_back_a_capture_on_both_sides() {
        let (mut station, mut engine) = linked();
        a_capture(&mut station, &mut engine);
        put(&mut station, &mut engine, "A1", Reading::Empty);
        // B1 lifted and kept off.
        assert_eq!(
            put(&mut station, &mut engine, "B1", Reading::Empty),
            Event::OutOfSync {
                missing: 1,
                extra: 0
            }
        );
        let events = hold(&mut station, &mut engine, UNDO_HOLD_SCANS);
        assert_eq!(
            events,
            [Event::Undone {
                color: Color::Black,
                at: pt("B1"),
                restore: 1
            }]
        );
        // The captured stone is to put back; the console took B1 back.
        assert!(station.app().missing().contains(pt("A1")));
        assert_eq!(station.frame().led(pt("A1")), station.palette().fix);
        assert_eq!(engine.board().color_at(pt("B1")), None);
        assert_eq!(engine.board().color_at(pt("A1")), Some(Color::White));
        assert_eq!(engine.board().to_move(), Color::Black);
        assert_eq!(engine.board().hash(), station.app().board().hash());
        // The move before is the last move again.
        assert_eq!(station.app().last_move(), Some(pt("E6")));
        assert_eq!(
            put(&mut station, &mut engine, "A1", Reading::White),
            Event::InSync
        );
        // Black plays elsewhere; the game goes on.
        assert!(matches!(
            put(&mut station, &mut engine, "C3", Reading::Black),
            Event::Played { .. }
        ));
        assert_eq!(engine.board().color_at(pt("C3")), Some(Color::Black));
        // Undo again: C3, then E6.
        put(&mut station, &mut engine, "C3", Reading::Empty);
        assert!(matches!(
            hold(&mut station, &mut engine, UNDO_HOLD_SCANS).as_slice(),
            [Event::Undone { restore: 0, .. }]
        ));
        put(&mut station, &mut engine, "E6", Reading::Empty);
        assert!(matches!(
            hold(&mut station, &mut engine, UNDO_HOLD_SCANS).as_slice(),
            [Event::Undone {
                color: Color::White,
                ..
            }]
        ));
        assert_eq!(engine.board().to_move(), Color::White);
        assert!(station.app().in_sync());
        assert_eq!(engine.board().hash(), station.app().board().hash());
    }

    #[test]
    fn the_undo_gesture_needs_the_hold_and_the_consoles_last_stone() {
        let (mut station, mut engine) = linked();
        put(&mut station, &mut engine, "E5", Reading::Black);
        put(&mut station, &mut engine, "D4", Reading::White);
        // Lifted a little less than the hold: nothing.
        put(&mut station, &mut engine, "D4", Reading::Empty);
        assert!(hold(&mut station, &mut engine, UNDO_HOLD_SCANS - 4).is_empty());
        assert_eq!(
            put(&mut station, &mut engine, "D4", Reading::White),
            Event::InSync
        );
        // The pass gesture's second lift held: no undo either.
        put(&mut station, &mut engine, "D4", Reading::Empty);
        put(&mut station, &mut engine, "D4", Reading::White);
        put(&mut station, &mut engine, "D4", Reading::Empty);
        assert!(hold(&mut station, &mut engine, UNDO_HOLD_SCANS).is_empty());
        put(&mut station, &mut engine, "D4", Reading::White);
        assert_eq!(engine.board().color_at(pt("D4")), Some(Color::White));
        // After a pass the last move is the pass: the stone stays.
        station.pass_linked(&mut engine);
        put(&mut station, &mut engine, "D4", Reading::Empty);
        assert!(hold(&mut station, &mut engine, UNDO_HOLD_SCANS).is_empty());
        assert!(station.app().missing().contains(pt("D4")));
        assert_eq!(engine.board().color_at(pt("D4")), Some(Color::White));
        assert_eq!(
            put(&mut station, &mut engine, "D4", Reading::White),
            Event::InSync
        );
    }

    #[test]
    fn a_console_undo_of_a_capture_shows_the_stones_to_put_back() {
        let (mut station, mut engine) = linked();
        a_capture(&mut station, &mut engine);
        put(&mut station, &mut engine, "A1", Reading::Empty);
        assert_eq!(gtp(&mut station, &mut engine, "undo"), "= \n\n");
        assert!(station.app().missing().contains(pt("A1")));
        assert!(station.app().to_remove().contains(pt("B1")));
        assert_eq!(station.frame().led(pt("A1")), station.palette().fix);
        assert_eq!(station.frame().led(pt("B1")), station.palette().to_remove);
        put(&mut station, &mut engine, "A1", Reading::White);
        put(&mut station, &mut engine, "B1", Reading::Empty);
        assert!(station.app().in_sync() && station.app().to_remove().is_empty());
        assert_eq!(station.app().board().to_move(), Color::Black);
    }

    #[test]
    fn every_stone_lifted_starts_a_new_game_on_both_sides() {
        let (mut station, mut engine) = linked();
        a_capture(&mut station, &mut engine);
        put(&mut station, &mut engine, "A1", Reading::Empty);
        let mut events = std::vec::Vec::new();
        for v in ["E5", "A2", "E6", "B1"] {
            events.push(put(&mut station, &mut engine, v, Reading::Empty));
        }
        assert_eq!(events.pop(), Some(Event::NewGame));
        assert!(events.iter().all(|e| matches!(e, Event::OutOfSync { .. })));
        assert!(station.app().in_sync() && station.app().to_remove().is_empty());
        assert_eq!(station.app().board().to_move(), Color::Black);
        assert_eq!(station.app().last_move(), None);
        assert_eq!(station.frame().lit(), 0);
        // The console's board is empty, its record and captures reset.
        let mut fresh = Engine::new();
        fresh.resize(9).unwrap();
        let mut out = [0u8; 2048];
        let reply = fresh.execute(b"showboard", &mut out);
        assert_eq!(
            gtp(&mut station, &mut engine, "showboard").as_bytes(),
            &out[..reply.len]
        );
        assert_eq!(gtp(&mut station, &mut engine, "captures black"), "= 0\n\n");
        assert_eq!(gtp(&mut station, &mut engine, "undo"), "? cannot undo\n\n");
        assert_eq!(engine.board().hash(), station.app().board().hash());
        // The first move of the new game.
        assert!(matches!(
            put(&mut station, &mut engine, "C3", Reading::Black),
            Event::Played {
                color: Color::Black,
                ..
            }
        ));
        assert_eq!(engine.board().color_at(pt("C3")), Some(Color::Black));
        // After the end of the game, too (in the end-of-game mode).
        put(&mut station, &mut engine, "D4", Reading::White);
        gesture(&mut station, &mut engine, "D4");
        assert!(matches!(
            gesture(&mut station, &mut engine, "D4"),
            Event::Passed {
                game_over: true,
                ..
            }
        ));
        station
            .app_mut()
            .start_scoring(&mut crate::scoring::UnconditionalOracle);
        put(&mut station, &mut engine, "C3", Reading::Empty);
        assert_eq!(
            put(&mut station, &mut engine, "D4", Reading::Empty),
            Event::NewGame
        );
        assert_eq!(station.app().mode(), Mode::Play);
        assert_eq!(engine.board().hash(), station.app().board().hash());
        // A game of one stone: lifting it is no new game.
        put(&mut station, &mut engine, "E5", Reading::Black);
        assert!(matches!(
            put(&mut station, &mut engine, "E5", Reading::Empty),
            Event::OutOfSync { .. }
        ));
        assert_eq!(engine.board().color_at(pt("E5")), Some(Color::Black));
    }

    #[test]
    fn console_passes_end_the_game_as_board_passes_do() {
        let (mut station, mut engine) = linked();
        put(&mut station, &mut engine, "E5", Reading::Black);
        gtp(&mut station, &mut engine, "play white pass");
        assert!(!station.app().game_over());
        let mut out = [0u8; 64];
        engine.execute(b"play black pass", &mut out);
        assert_eq!(
            station.follow_console(&engine),
            Some(Event::Passed {
                color: Color::Black,
                game_over: true
            })
        );
        // A console pass then the board's pass gesture, too.
        gtp(&mut station, &mut engine, "undo");
        gtp(&mut station, &mut engine, "undo");
        put(&mut station, &mut engine, "D4", Reading::White);
        gtp(&mut station, &mut engine, "play black pass");
        assert_eq!(
            gesture(&mut station, &mut engine, "D4"),
            Event::Passed {
                color: Color::White,
                game_over: true
            }
        );
        assert_eq!(engine.passes(), 2);
    }

    #[test]
    fn the_sensor_test_lights_each_point_as_read_and_judges_nothing() {
        let (mut station, mut engine) = linked();
        put(&mut station, &mut engine, "E5", Reading::Black);
        let mut out = [0u8; 256];
        let reply = engine.execute_with(
            b"owlet-sensor_test on",
            &mut out,
            &mut SensorTestCommand::new(&mut station),
        );
        assert_eq!(out.get(..reply.len), Some(&b"= \n\n"[..]));
        assert!(station.sensor_test());
        station.sensor_mut().0.set(pt("A1"), Reading::White);
        station.sensor_mut().0.set(pt("B1"), Reading::Black);
        // Lit at the first scan, with no debouncing and no event.
        assert_eq!(station.scan_linked(&mut engine), Ok(None));
        assert_eq!(station.frame().led(pt("A1")).color, Rgb::new(0, 255, 255));
        assert_eq!(station.frame().led(pt("B1")).color, Rgb::new(255, 0, 0));
        assert_eq!(station.frame().led(pt("E5")).color, Rgb::new(255, 0, 0));
        assert_eq!(station.frame().lit(), 3);
        settle(&mut station, &mut engine);
        assert!(station.app().board().color_at(pt("A1")).is_none());
        assert_eq!(engine.board().to_move(), Color::White);
        let reply = engine.execute_with(
            b"owlet-sensor_test off",
            &mut out,
            &mut SensorTestCommand::new(&mut station),
        );
        assert_eq!(out.get(..reply.len), Some(&b"= \n\n"[..]));
        // Two new stones: both to lift now, and neither is a move.
        assert!(station.app().extra().contains(pt("A1")));
        assert!(station.app().extra().contains(pt("B1")));
        assert_eq!(station.frame().led(pt("A1")), station.palette().fix);
        assert_eq!(engine.board().to_move(), Color::White);
        assert_eq!(engine.board().hash(), station.app().board().hash());
        let reply = engine.execute_with(
            b"owlet-sensor_test",
            &mut out,
            &mut SensorTestCommand::new(&mut station),
        );
        assert!(out.get(..reply.len).is_some_and(|a| a.starts_with(b"? ")));
    }
}
