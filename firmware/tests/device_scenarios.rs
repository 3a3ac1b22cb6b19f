//! Scenario tests of the device application: simulated scan sequences
//! (and, for the bouncing sensor, a shift-register chain on a mocked SPI
//! bus) through the debouncing scanner into the referee, and the LED
//! frames it asks for.

use std::collections::VecDeque;
use std::convert::Infallible;

use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
use embedded_hal_mock::eh1::spi::{Mock as SpiMock, Transaction as SpiTx};
use owlet_board::{Board, Color, Point, PointSet};
use owlet_firmware::Engine;
use owlet_firmware::app::{App, Event, Illegal, Mode};
use owlet_firmware::leds::{Frame, Led, Palette};
use owlet_firmware::link::{self, ConsoleApp};
use owlet_firmware::scoring::UnconditionalOracle;
use owlet_firmware::sensors::{Reading, Scan, Scanner, ShiftRegisterSensor, StoneSensor};

const DEBOUNCE: u8 = 3;

/// A physical board: what is on it, and raw scans to return first (to
/// script bounces).
struct Sim {
    physical: Scan,
    script: VecDeque<Scan>,
}

impl StoneSensor for Sim {
    type Error = Infallible;
    fn size(&self) -> usize {
        self.physical.size()
    }
    fn scan(&mut self, out: &mut Scan) -> Result<(), Infallible> {
        *out = self
            .script
            .pop_front()
            .unwrap_or_else(|| self.physical.clone());
        Ok(())
    }
}

struct Rig {
    scanner: Scanner<Sim, DEBOUNCE>,
    app: App,
    size: usize,
}

fn pt(v: &str, size: usize) -> Point {
    Point::from_vertex(v, size).unwrap()
}

fn reading(c: Option<Color>) -> Reading {
    Reading::of(c)
}

impl Rig {
    fn new(size: usize) -> Rig {
        Rig {
            scanner: Scanner::new(Sim {
                physical: Scan::new(size),
                script: VecDeque::new(),
            }),
            app: App::new(size).unwrap(),
            size,
        }
    }

    /// A rig whose logical and physical boards both hold `diagram`.
    fn from_diagram(diagram: &str) -> Rig {
        let board: Board = Board::from_diagram(diagram).unwrap();
        let mut rig = Rig::new(board.size());
        for p in board.points() {
            rig.scanner
                .sensor_mut()
                .physical
                .set(p, reading(board.color_at(p)));
        }
        *rig.app.board_mut() = board;
        let events = rig.settle();
        assert!(
            events
                .iter()
                .all(|e| *e == Event::Unchanged || *e == Event::InSync),
            "{events:?}"
        );
        assert!(rig.app.in_sync());
        rig
    }

    /// Polls until nothing is settling; the events of every stable change.
    fn settle(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        for _ in 0..64 {
            if let Some(stable) = self.scanner.poll().unwrap() {
                events.push(self.app.update(stable));
            }
            if self.scanner.is_quiet() && self.scanner.sensor_mut().script.is_empty() {
                break;
            }
        }
        events.retain(|e| *e != Event::Unchanged);
        events
    }

    fn set(&mut self, v: &str, r: Reading) -> Vec<Event> {
        let p = pt(v, self.size);
        self.scanner.sensor_mut().physical.set(p, r);
        self.settle()
    }

    fn put(&mut self, v: &str, color: Color) -> Vec<Event> {
        self.set(v, reading(Some(color)))
    }

    fn lift(&mut self, v: &str) -> Vec<Event> {
        self.set(v, Reading::Empty)
    }

    /// Plays a sequence of legal moves, alternating from black.
    fn play_all(&mut self, moves: &[&str]) {
        for v in moves {
            let color = self.app.board().to_move();
            let events = self.put(v, color);
            assert!(
                matches!(events.as_slice(), [Event::Played { at, .. }] if *at == pt(v, self.size)),
                "{v}: {events:?}"
            );
        }
    }

    fn frame(&self) -> Frame {
        Frame::compose(self.size, &self.app.layers(), &Palette::default())
    }
}

fn played(color: Color, at: Point, captured: usize) -> Event {
    Event::Played {
        color,
        at,
        captured,
    }
}

#[test]
fn capture_and_removal() {
    let mut rig = Rig::new(9);
    rig.play_all(&["D5", "E5", "E4", "A1", "E6"]);
    assert_eq!(rig.app.board().liberty_count(pt("E5", 9)), 1);
    rig.play_all(&["A2"]);
    // Black F5 takes the white stone at E5, which still stands on the board.
    let events = rig.put("F5", Color::Black);
    assert_eq!(events, [played(Color::Black, pt("F5", 9), 1)]);
    assert_eq!(rig.app.board().color_at(pt("E5", 9)), None);
    assert!(rig.app.to_remove().contains(pt("E5", 9)));
    assert!(rig.app.in_sync()); // a captured stone is not a difference
    let palette = Palette::default();
    let frame = rig.frame();
    assert_eq!(frame.led(pt("E5", 9)), palette.to_remove);
    assert_eq!(frame.led(pt("F5", 9)), palette.last_move);
    assert_eq!(frame.lit(), 2);
    // White lifts the captured stone.
    assert_eq!(rig.lift("E5"), [Event::Removed { count: 1, left: 0 }]);
    assert!(rig.app.to_remove().is_empty());
    assert_eq!(rig.frame().led(pt("E5", 9)), Led::OFF);
    assert_eq!(rig.app.board().captures(Color::Black), 1);
    // White's turn goes on.
    assert_eq!(
        rig.put("G7", Color::White),
        [played(Color::White, pt("G7", 9), 0)]
    );
}

#[test]
fn captures_lifted_quickly_or_late() {
    let mut rig = Rig::new(9);
    // White A1 B1 has one liberty left, A2.
    rig.play_all(&["C1", "A1", "A3", "B1", "B2", "J9"]);
    assert_eq!(rig.app.board().liberty_count(pt("A1", 9)), 1);
    // Black A2 captures A1 and B1, and one of them is lifted within the
    // same debounce window as the stone is placed.
    rig.scanner
        .sensor_mut()
        .physical
        .set(pt("A1", 9), Reading::Empty);
    let events = rig.put("A2", Color::Black);
    assert_eq!(events, [played(Color::Black, pt("A2", 9), 2)]);
    let mut left = PointSet::new();
    left.insert(pt("B1", 9));
    assert_eq!(rig.app.to_remove(), &left);
    // White plays on before lifting B1: still to remove, and shown.
    assert_eq!(
        rig.put("G7", Color::White),
        [played(Color::White, pt("G7", 9), 0)]
    );
    assert_eq!(rig.app.to_remove(), &left);
    assert_eq!(rig.frame().led(pt("B1", 9)), Palette::default().to_remove);
    assert_eq!(rig.lift("B1"), [Event::Removed { count: 1, left: 0 }]);
    assert_eq!(rig.app.board().captures(Color::Black), 2);
}

#[test]
fn ko() {
    let mut rig = Rig::new(9);
    // Black D5 C4 D3 around D4, white E5 F4 E3 around E4; black E4 then
    // white D4 takes it: a ko.
    rig.play_all(&["D5", "E5", "C4", "F4", "D3", "E3", "E4"]);
    let events = rig.put("D4", Color::White);
    assert_eq!(events, [played(Color::White, pt("D4", 9), 1)]);
    assert_eq!(rig.lift("E4"), [Event::Removed { count: 1, left: 0 }]);
    // Black retakes at once: illegal.
    let events = rig.put("E4", Color::Black);
    assert_eq!(
        events,
        [Event::Illegal {
            color: Color::Black,
            at: pt("E4", 9),
            reason: Illegal::Ko
        }]
    );
    assert_eq!(rig.app.board().color_at(pt("E4", 9)), None);
    assert_eq!(rig.app.illegal(), Some((pt("E4", 9), Illegal::Ko)));
    assert_eq!(rig.frame().led(pt("E4", 9)), Palette::default().illegal);
    assert_eq!(rig.lift("E4"), [Event::InSync]);
    // A ko threat and its answer elsewhere; now the retake is legal.
    rig.play_all(&["J9", "J1"]);
    assert_eq!(
        rig.put("E4", Color::Black),
        [played(Color::Black, pt("E4", 9), 1)]
    );
    assert!(rig.app.to_remove().contains(pt("D4", 9)));
}

#[test]
fn illegal_placements() {
    let mut rig = Rig::new(9);
    rig.play_all(&["E5", "A2", "E6", "B1"]);
    // Black A1 would have no liberty.
    assert_eq!(
        rig.put("A1", Color::Black),
        [Event::Illegal {
            color: Color::Black,
            at: pt("A1", 9),
            reason: Illegal::Suicide
        }]
    );
    assert_eq!(rig.lift("A1"), [Event::InSync]);
    // White stone while black is to move.
    assert_eq!(
        rig.put("G7", Color::White),
        [Event::Illegal {
            color: Color::White,
            at: pt("G7", 9),
            reason: Illegal::WrongTurn
        }]
    );
    assert_eq!(rig.lift("G7"), [Event::InSync]);
    // Black swaps the white stone at A2 for a black one: played on an
    // occupied point.
    assert_eq!(
        rig.put("A2", Color::Black),
        [Event::Illegal {
            color: Color::Black,
            at: pt("A2", 9),
            reason: Illegal::Occupied
        }]
    );
    assert!(rig.app.missing().contains(pt("A2", 9)));
    assert_eq!(rig.app.board().color_at(pt("A2", 9)), Some(Color::White));
    assert_eq!(rig.put("A2", Color::White), [Event::InSync]);
    assert_eq!(rig.app.board().to_move(), Color::Black);
    // None of it changed the game.
    assert_eq!(rig.app.last_move(), Some(pt("B1", 9)));
}

/// The bits a shift-register chain of a `size` board returns for `scan`.
fn chain_bytes(scan: &Scan) -> Vec<u8> {
    let size = scan.size();
    let mut bytes = vec![0u8; (2 * size * size).div_ceil(8)];
    for i in 0..size * size {
        let (black, white) = match scan.get(i % size, i / size) {
            Reading::Black => (true, false),
            Reading::White => (false, true),
            Reading::Conflict => (true, true),
            Reading::Empty => (false, false),
        };
        for (bit, on) in [(2 * i, black), (2 * i + 1, white)] {
            if on {
                bytes[bit / 8] |= 0x80 >> (bit % 8);
            }
        }
    }
    bytes
}

#[test]
fn bouncing_sensor_on_a_mocked_spi_chain() {
    // A black stone set down at C3 of a 9×9 board: the contacts bounce
    // (and once read both elements) before they settle.
    let empty = Scan::new(9);
    let mut stone = Scan::new(9);
    stone.set(pt("C3", 9), Reading::Black);
    let mut both = Scan::new(9);
    both.set(pt("C3", 9), Reading::Conflict);
    let sequence = [
        &empty, &stone, &empty, &stone, &stone, &both, &stone, &stone, &empty, &stone, &stone,
        &stone, &stone,
    ];
    let mut spi_tx = Vec::new();
    let mut load_tx = Vec::new();
    for scan in sequence {
        load_tx.push(PinTx::set(State::Low));
        load_tx.push(PinTx::set(State::High));
        spi_tx.push(SpiTx::read_vec(chain_bytes(scan)));
    }
    let sensor =
        ShiftRegisterSensor::new(SpiMock::new(&spi_tx), PinMock::new(&load_tx), 9).unwrap();
    let mut scanner: Scanner<_, DEBOUNCE> = Scanner::new(sensor);
    let mut app: App = App::new(9).unwrap();
    let mut events = Vec::new();
    for scan_number in 1..=sequence.len() {
        if let Some(stable) = scanner.poll().unwrap() {
            events.push((scan_number, app.update(stable)));
        }
    }
    // One move, when three scans in a row (the 10th to the 12th) agreed.
    assert_eq!(events, [(12, played(Color::Black, pt("C3", 9), 0))]);
    assert_eq!(app.board().color_at(pt("C3", 9)), Some(Color::Black));
    let (mut spi, mut load) = scanner.release().release();
    spi.done();
    load.done();
}

#[test]
fn stone_knocked_off_the_board() {
    let mut rig = Rig::new(9);
    rig.play_all(&["C3", "G7", "C7", "G3"]);
    // A sleeve knocks black C3 off; it rolls to D4.
    rig.scanner
        .sensor_mut()
        .physical
        .set(pt("C3", 9), Reading::Empty);
    let events = rig.put("D4", Color::Black);
    assert_eq!(
        events,
        [Event::OutOfSync {
            missing: 1,
            extra: 1
        }]
    );
    assert!(rig.app.missing().contains(pt("C3", 9)));
    assert!(rig.app.extra().contains(pt("D4", 9)));
    let palette = Palette::default();
    let frame = rig.frame();
    assert_eq!(frame.led(pt("C3", 9)), palette.fix);
    assert_eq!(frame.led(pt("D4", 9)), palette.fix);
    // Black's next move, placed while out of sync, is not played yet.
    let events = rig.put("E5", Color::Black);
    assert_eq!(
        events,
        [Event::OutOfSync {
            missing: 1,
            extra: 2
        }]
    );
    assert_eq!(rig.app.board().to_move(), Color::Black);
    // The stray stone is lifted and C3 put back: the move counts now.
    assert_eq!(
        rig.lift("D4"),
        [Event::OutOfSync {
            missing: 1,
            extra: 1
        }]
    );
    assert_eq!(
        rig.put("C3", Color::Black),
        [played(Color::Black, pt("E5", 9), 0)]
    );
    assert!(rig.app.in_sync());
    assert_eq!(rig.frame().lit(), 1);
}

#[test]
fn end_of_game_marks_dead_stones_and_counts() {
    let mut rig = Rig::from_diagram(
        "
        .X.XO.OX.
        XXXXOOOOO
        ...XO....
        ...XO....
        .O.XO..X.
        ...XO....
        ...XO....
        XXXXOOOOO
        .X.XO.O..",
    );
    assert_eq!(
        rig.app.pass(),
        Event::Passed {
            color: Color::Black,
            game_over: false
        }
    );
    assert_eq!(
        rig.app.pass(),
        Event::Passed {
            color: Color::White,
            game_over: true
        }
    );
    rig.app.start_scoring(&mut UnconditionalOracle);
    assert_eq!(rig.app.mode(), Mode::Scoring);
    // Unconditionally dead: only black H9 in white's two-point eye. The
    // lone stones in the big areas could still live if the owner passed.
    let mut expected = PointSet::new();
    expected.insert(pt("H9", 9));
    assert_eq!(rig.app.dead(), &expected);
    assert_eq!(rig.frame().led(pt("H9", 9)), Palette::default().dead);
    // The players mark B5 and H5 dead by lifting and replacing them.
    for v in ["B5", "H5"] {
        assert_eq!(rig.lift(v), Vec::<Event>::new());
        assert!(rig.app.in_sync());
        let stone = rig.app.board().color_at(pt(v, 9));
        assert_eq!(
            rig.set(v, reading(stone)),
            [Event::Toggled {
                at: pt(v, 9),
                dead: true
            }]
        );
    }
    assert_eq!(rig.app.dead().len(), 3);
    let score = rig.app.score();
    assert_eq!(score.stones, [17, 19]);
    assert_eq!(score.territory, [19, 26]);
    assert_eq!(score.prisoners, [1, 2]);
    assert_eq!(score.dame, 0);
    assert_eq!(score.area(Color::Black), 36);
    assert_eq!(score.area(Color::White), 45);
    assert_eq!(score.area_margin(14), -32); // komi 7
    assert_eq!(score.territory_score(Color::Black), 20);
    assert_eq!(score.territory_score(Color::White), 28);
    assert_eq!(score.territory_margin(13), -29); // komi 6.5
    // Touching B5 again brings it back to life.
    rig.lift("B5");
    assert_eq!(
        rig.put("B5", Color::White),
        [Event::Toggled {
            at: pt("B5", 9),
            dead: false
        }]
    );
    // Its area touches both colours now: dame.
    assert_eq!(rig.app.score().territory, [4, 26]);
    assert_eq!(rig.app.score().dame, 14);
}

/// The same final position with owl behind the dead-stone oracle.
#[test]
fn end_of_game_with_owl() {
    use owlet_board::Reader;
    use owlet_firmware::scoring::OwlOracle;
    use owlet_optics::Solver;
    use owlet_owl::Owl;
    let mut rig = Rig::from_diagram(
        "
        .X.XO.OX.
        XXXXOOOOO
        ...XO....
        ...XO....
        .O.XO..X.
        ...XO....
        ...XO....
        XXXXOOOOO
        .X.XO.O..",
    );
    let (mut owl, mut reader, mut solver) = (
        Owl::<256>::new(),
        Reader::<256>::new(),
        Solver::<256>::new(),
    );
    rig.app.start_scoring(&mut OwlOracle {
        owl: &mut owl,
        reader: &mut reader,
        solver: &mut solver,
    });
    // Owl reads the lone stones in the big areas dead as well.
    let dead: Vec<String> = rig.app.dead().iter().map(|p| p.to_string()).collect();
    assert_eq!(dead, ["B5", "H5", "H9"]);
    let score = rig.app.score();
    assert_eq!(score.area_margin(14), -32);
    assert_eq!(score.territory_margin(13), -29);
    assert_eq!(rig.frame().led(pt("B5", 9)), Palette::default().dead);
}

/// Pin transactions of a `size`×`size` matrix returning `scans` in turn:
/// per row line, low then high each scan; per column, one read per row.
fn matrix_mocks(size: usize, scans: &[&Scan]) -> (Vec<PinMock>, Vec<PinMock>) {
    let rows = (0..size)
        .map(|_| {
            let tx: Vec<PinTx> = scans
                .iter()
                .flat_map(|_| [PinTx::set(State::Low), PinTx::set(State::High)])
                .collect();
            PinMock::new(&tx)
        })
        .collect();
    let cols = (0..2 * size)
        .map(|line| {
            let (col, white) = (line / 2, line % 2 == 1);
            let tx: Vec<PinTx> = scans
                .iter()
                .flat_map(|scan| {
                    (0..size).map(move |row| {
                        let detects = match scan.get(col, row) {
                            Reading::Black => !white,
                            Reading::White => white,
                            Reading::Conflict => true,
                            Reading::Empty => false,
                        };
                        // Active low: a detecting element pulls its column down.
                        PinTx::get(if detects { State::Low } else { State::High })
                    })
                })
                .collect();
            PinMock::new(&tx)
        })
        .collect();
    (rows, cols)
}

#[test]
fn pin_matrix_move_and_wrong_colour() {
    use embedded_hal_mock::eh1::delay::NoopDelay;
    use owlet_firmware::sensors::MatrixSensor;
    // 3×3 board: black B2 (bouncing once), then a second black stone on
    // A1 while white is to move.
    let empty = Scan::new(3);
    let mut b2 = Scan::new(3);
    b2.set(pt("B2", 3), Reading::Black);
    let mut b2_a1 = b2.clone();
    b2_a1.set(pt("A1", 3), Reading::Black);
    let scans = [&empty, &b2, &empty, &b2, &b2, &b2, &b2_a1, &b2_a1, &b2_a1];
    let (rows, cols) = matrix_mocks(3, &scans);
    let rows: [PinMock; 3] = rows.try_into().unwrap();
    let cols: [PinMock; 6] = cols.try_into().unwrap();
    let mut scanner: Scanner<_, DEBOUNCE> =
        Scanner::new(MatrixSensor::new(rows, cols, NoopDelay, 10));
    let mut app: App = App::new(3).unwrap();
    let mut events = Vec::new();
    for n in 1..=scans.len() {
        if let Some(stable) = scanner.poll().unwrap() {
            events.push((n, app.update(stable)));
        }
    }
    assert_eq!(
        events,
        [
            (6, played(Color::Black, pt("B2", 3), 0)),
            (
                9,
                Event::Illegal {
                    color: Color::Black,
                    at: pt("A1", 3),
                    reason: Illegal::WrongTurn
                }
            )
        ]
    );
    let (rows, cols, _) = scanner.release().release();
    for mut pin in rows.into_iter().chain(cols) {
        pin.done();
    }
}

/// The board and the GTP console in one game (`owlet_firmware::link`):
/// the debouncing scanner, the referee and the console, as the Pico runs
/// them.
struct Linked {
    scanner: Scanner<Sim, DEBOUNCE>,
    app: ConsoleApp,
    engine: Engine,
}

impl Linked {
    fn new() -> Linked {
        let mut engine = Engine::new();
        engine.resize(9).unwrap();
        Linked {
            scanner: Scanner::new(Sim {
                physical: Scan::new(9),
                script: VecDeque::new(),
            }),
            app: App::new(9).unwrap(),
            engine,
        }
    }

    /// Changes a point of the physical board and polls until it settles,
    /// handing each event to the console; the events.
    fn set(&mut self, v: &str, r: Reading) -> Vec<Event> {
        self.scanner.sensor_mut().physical.set(pt(v, 9), r);
        let mut events = Vec::new();
        for _ in 0..64 {
            if let Some(stable) = self.scanner.poll().unwrap() {
                let event = self.app.update(stable);
                if link::board_to_console(&mut self.app, &mut self.engine, event) {
                    self.app.update(self.scanner.stable());
                }
                events.push(event);
            }
            if self.scanner.is_quiet() {
                break;
            }
        }
        events.retain(|e| *e != Event::Unchanged);
        events
    }

    /// Runs a GTP command; the referee follows the console.
    fn gtp(&mut self, line: &str) -> String {
        let mut out = [0u8; 2048];
        let reply = self.engine.execute(line.as_bytes(), &mut out);
        if link::console_to_board(&mut self.app, &self.engine) {
            self.app.update(self.scanner.stable());
        }
        String::from_utf8_lossy(&out[..reply.len]).into_owned()
    }

    fn led(&self, v: &str) -> Led {
        Frame::compose(9, &self.app.layers(), &Palette::default()).led(pt(v, 9))
    }
}

#[test]
fn gtp_and_board_play_one_game() {
    let palette = Palette::default();
    let mut rig = Linked::new();
    // A stone on the board is a console move.
    assert_eq!(
        rig.set("E5", Reading::Black),
        [played(Color::Black, pt("E5", 9), 0)]
    );
    assert_eq!(rig.gtp("1 countlib E5"), "=1 4\n\n");
    // A console move lights its point until the stone is placed.
    assert_eq!(rig.gtp("play white C3"), "= \n\n");
    assert_eq!(rig.led("C3"), palette.fix);
    assert_eq!(rig.set("C3", Reading::White), [Event::InSync]);
    assert_eq!(rig.led("C3"), palette.last_move);
    // A console undo: the stone is to remove.
    assert_eq!(rig.gtp("undo"), "= \n\n");
    assert_eq!(rig.led("C3"), palette.to_remove);
    assert_eq!(
        rig.set("C3", Reading::Empty),
        [Event::Removed { count: 1, left: 0 }]
    );
    // A stone knocked off while the console plays: both to place.
    assert!(matches!(
        rig.set("E5", Reading::Empty).as_slice(),
        [Event::OutOfSync { .. }]
    ));
    assert_eq!(rig.gtp("play white G7"), "= \n\n");
    assert!(rig.app.missing().contains(pt("E5", 9)) && rig.app.missing().contains(pt("G7", 9)));
    rig.set("E5", Reading::Black);
    assert_eq!(rig.set("G7", Reading::White), [Event::InSync]);
    assert_eq!(
        rig.set("D4", Reading::Black),
        [played(Color::Black, pt("D4", 9), 0)]
    );
    assert_eq!(rig.engine.board().hash(), rig.app.board().hash());
    let board = rig.gtp("showboard");
    assert!(board.contains(" 5 . . . . X . . . . 5"), "{board}");
    assert!(board.contains(" 4 . . . X . . . . . 4"), "{board}");
    // A new game from the console: every stone to lift.
    assert_eq!(rig.gtp("clear_board"), "= \n\n");
    assert_eq!(rig.app.to_remove().len(), 3);
    for v in ["E5", "G7", "D4"] {
        rig.set(v, Reading::Empty);
    }
    assert!(rig.app.in_sync() && rig.app.to_remove().is_empty());
    assert_eq!(Frame::compose(9, &rig.app.layers(), &palette).lit(), 0);
}
