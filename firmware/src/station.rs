//! The board's turn in a main loop: one sensor scan through the debouncer
//! to the referee, the analysis after a move, and the LED frame.
//!
//! Owns: [`Station`] (a [`Scanner`] over any [`StoneSensor`], the referee
//! [`ConsoleApp`], the tactical [`Reader`] and [`Analysis`] of the last
//! position, the [`Budget`], the [`Palette`] and the composed [`Frame`])
//! and [`Station::BOARD_BUDGET`].
//!
//! Omits: timing (the caller scans at its own rate and shows the frame
//! with its own blink tick), the LED sink, the GTP console (a caller that
//! links the two, as the Pico does through [`crate::link`], does it
//! between [`Station::scan`] and [`Station::refresh`]) and owl reading
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
//! # Sizes
//! `size_of::<Station<S, N>>()` is 38,014 bytes plus the sensor (the
//! referee 16,392, the reader 18,544, the frame 1,445, the scanner 1,446);
//! checked by a unit test.

use owlet_board::{Reader, SizeError};

use crate::analysis::{Analysis, Budget, analyze};
use crate::app::{App, Event, Mode};
use crate::leds::{Frame, Layers, Palette};
use crate::link::ConsoleApp;
use crate::sensors::{Scan, Scanner, StoneSensor};

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
        })
    }

    /// Scans once; when the debounced picture changed, the referee's
    /// judgement of it (`Ok(None)`: no change, nothing judged).
    pub fn scan(&mut self) -> Result<Option<Event>, S::Error> {
        match self.scanner.poll()? {
            Some(stable) => Ok(Some(self.app.update(stable))),
            None => Ok(None),
        }
    }

    /// Judges the stable picture again (after the logical position was
    /// changed elsewhere, e.g. [`App::set_position`]).
    pub fn rejudge(&mut self) -> Event {
        self.app.update(self.scanner.stable())
    }

    /// Analyses the position if it `changed` (a move, a position from
    /// elsewhere) and composes the frame.
    pub fn refresh(&mut self, changed: bool) {
        if changed {
            self.analysis = analyze(self.app.board_mut(), &mut self.reader, &self.budget);
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
        assert_eq!(
            core::mem::size_of::<Station<Picture, 4>>(),
            38_014 + core::mem::size_of::<Picture>()
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
}
