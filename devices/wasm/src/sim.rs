//! The simulated board: a hand that places and lifts stones on a sensor
//! ([`Hand`], a [`StoneSensor`]), read by owlet-firmware's [`Station`]
//! (debouncer, referee, analysis, LED frame) exactly as on a device, with
//! owl's verdict on the groups after each move, and the console's at the
//! end of the game.
//!
//! Owns: [`Sim`] (the station, the GTP console's [`Engine`] in one game
//! with it as on the Pico, owl's searcher, the second reader and the eye
//! solver it uses, the frame with owl's layers, the komi, the last
//! event's text) and [`Hand`] (what stands on each point, and the
//! bouncing readings and touches in progress).
//!
//! Omits: timing (the page calls [`Sim::scan`] on its timer and passes
//! the blink tick to [`Sim::state`]) and drawing.

use core::fmt::{self, Write as _};

use owlet_board::{Color, MAX_SIZE, Point, PointSet, Reader};
use owlet_firmware::Engine;
use owlet_firmware::analysis::{Groups, OwlBudget, analyze_groups};
use owlet_firmware::app::{Event, Illegal, Mode};
use owlet_firmware::leds::{Blink, Frame, Layers};
use owlet_firmware::link::ConsoleOracle;
use owlet_firmware::sensors::{POINTS, Reading, Scan, StoneSensor};
use owlet_firmware::station::{SensorTestCommand, Station};
use owlet_optics::Solver;
use owlet_owl::Owl;

/// Equal scans in a row before a reading is stable (the Pico's).
pub const DEBOUNCE: u8 = 4;

/// Scans a bouncing point flickers before it settles.
pub const BOUNCE_SCANS: u8 = 12;

/// Scans a touched stone (end of game) stays lifted before it is put back.
pub const TOUCH_SCANS: u8 = 2 * DEBOUNCE + 2;

/// Bytes of [`Sim::state`]'s header.
pub const HEADER: usize = 16;

/// Bytes per point in [`Sim::state`].
pub const PER_POINT: usize = 10;

/// Bytes of the buffer the page reads.
pub const OUT_BYTES: usize = HEADER + PER_POINT * POINTS;

/// Bytes of a GTP command line the page can hand over.
pub const GTP_LINE_BYTES: usize = 512;

const _: () = assert!(OUT_BYTES >= owlet_firmware::gtp::ANSWER_CAPACITY);

/// What the hand did on a click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Did {
    /// Nothing (off the board).
    Nothing = 0,
    /// A stone was put down.
    Placed = 1,
    /// A stone was lifted.
    Lifted = 2,
    /// A stone was lifted and will be put back (end of game: a touch).
    Touched = 3,
}

/// How a click handles the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// Place a stone (the colour to move, or the missing stone's), lift a
    /// stone, or touch a stone in the end-of-game mode.
    Normal,
    /// Lift whatever stands there (a stone knocked off).
    Knock,
    /// Place a stone of the colour not to move.
    Other,
}

/// The simulated sensor: the stones on the board and how they read.
pub struct Hand {
    physical: Scan,
    /// Scans left during which the point's reading flickers.
    bounce: [u8; POINTS],
    /// The reading before the change, shown now and then while bouncing.
    before: [Reading; POINTS],
    /// Scans in a row a bouncing point has shown its new reading.
    streak: [u8; POINTS],
    /// Scans left during which a touched stone reads empty.
    touch: [u8; POINTS],
    bouncy: bool,
    rng: u32,
}

impl Hand {
    fn new(size: usize) -> Hand {
        Hand {
            physical: Scan::new(size),
            bounce: [0; POINTS],
            before: [Reading::Empty; POINTS],
            streak: [0; POINTS],
            touch: [0; POINTS],
            bouncy: false,
            rng: 0x2545_f491,
        }
    }

    fn slot(p: Point) -> usize {
        p.row() * MAX_SIZE + p.col()
    }

    /// Puts `reading` on `p`; with bouncing on, the point flickers
    /// between the old and the new reading first.
    fn put(&mut self, p: Point, reading: Reading) {
        let i = Hand::slot(p);
        if let (Some(b), Some(before)) = (self.bounce.get_mut(i), self.before.get_mut(i)) {
            *before = self.physical.reading(p);
            *b = if self.bouncy { BOUNCE_SCANS } else { 0 };
        }
        self.physical.set(p, reading);
    }

    /// Whether no point is bouncing or touched.
    fn idle(&self) -> bool {
        self.bounce.iter().chain(self.touch.iter()).all(|&n| n == 0)
    }

    fn random(&mut self) -> u32 {
        // xorshift32
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.rng = x;
        x
    }
}

impl StoneSensor for Hand {
    type Error = core::convert::Infallible;

    fn size(&self) -> usize {
        self.physical.size()
    }

    fn scan(&mut self, out: &mut Scan) -> Result<(), Self::Error> {
        out.clone_from(&self.physical);
        let size = self.size();
        for row in 0..size {
            for col in 0..size {
                let i = row * MAX_SIZE + col;
                if self.touch.get(i).is_some_and(|&n| n > 0) {
                    out.set_at(col, row, Reading::Empty);
                    if let Some(n) = self.touch.get_mut(i) {
                        *n -= 1;
                    }
                }
                if self.bounce.get(i).is_some_and(|&n| n > 0) {
                    let r = self.random();
                    // Mostly the old reading early on, the new one later;
                    // now and then both elements at once (a stone in
                    // mid-air). The new reading never shows for a whole
                    // debounce window before the bounce ends: contact
                    // chatter is shorter than that.
                    let left = u32::from(self.bounce.get(i).copied().unwrap_or(0));
                    let new = self.physical.get(col, row);
                    let old = self.before.get(i).copied().unwrap_or(Reading::Empty);
                    let streak = self.streak.get(i).copied().unwrap_or(0);
                    let reading = if r.is_multiple_of(16) {
                        Reading::Conflict
                    } else if r % u32::from(BOUNCE_SCANS) < left || streak + 1 >= DEBOUNCE {
                        old
                    } else {
                        new
                    };
                    if let Some(s) = self.streak.get_mut(i) {
                        *s = if reading == new { streak + 1 } else { 0 };
                    }
                    out.set_at(col, row, reading);
                    if let Some(n) = self.bounce.get_mut(i) {
                        *n -= 1;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A fixed text buffer (the last event's words).
pub struct Text {
    buf: [u8; 512],
    len: usize,
}

impl Text {
    /// Empty.
    pub const fn new() -> Text {
        Text {
            buf: [0; 512],
            len: 0,
        }
    }

    /// The text.
    pub fn bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::new()
    }
}

impl fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            match self.buf.get_mut(self.len) {
                Some(slot) => *slot = b,
                None => return Err(fmt::Error),
            }
            self.len += 1;
        }
        Ok(())
    }
}

/// The simulator: see the module documentation.
pub struct Sim {
    station: Station<Hand, DEBOUNCE>,
    engine: Engine,
    owl: Owl,
    owl_reader: Reader,
    solver: Solver,
    groups: Groups,
    owl_on: bool,
    frame: Frame,
    komi_halves: i32,
    event: Text,
    event_kind: u32,
    /// Moves and passes played.
    moves: usize,
    /// Events noted.
    events: u32,
}

impl Sim {
    /// A new game on a `size`×`size` board (2..=19), komi 6.5, owl's
    /// analysis after each move on.
    pub fn new(size: usize) -> Option<Sim> {
        let station =
            Station::new(Hand::new(size), Station::<Hand, DEBOUNCE>::BOARD_BUDGET).ok()?;
        let mut engine = Engine::new();
        engine.resize(size).ok()?;
        engine.set_komi(6.5);
        let mut sim = Sim {
            station,
            engine,
            owl: Owl::new(),
            owl_reader: Reader::new(),
            solver: Solver::new(),
            groups: Groups::default(),
            owl_on: true,
            frame: Frame::new(size),
            komi_halves: 13,
            event: Text::new(),
            event_kind: 0,
            moves: 0,
            events: 0,
        };
        sim.station.refresh(true);
        sim.compose();
        Some(sim)
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.station.size()
    }

    /// The point of index `row × size + col`.
    pub fn point(&self, index: usize) -> Option<Point> {
        let size = self.size();
        (index < size * size)
            .then(|| Point::new(index % size, index / size))
            .flatten()
    }

    /// One scan of the sensor; bit 0: the referee reported an event (the
    /// stable picture changed and meant something), bit 1: a move was
    /// played and analysed.
    /// The scan is the Pico's: moves and passes (the pass gesture) go to
    /// the GTP console too, and so do the undo and new-game gestures.
    pub fn scan(&mut self) -> u32 {
        let turn = self.station.scan_linked(&mut self.engine);
        if self.station.sensor_test() {
            self.compose();
        }
        let (event, changed) = match turn {
            Ok(Some(turn)) => turn,
            Ok(None) | Err(_) => return 0,
        };
        self.end_game_if_over(event);
        if changed {
            self.analyse_groups();
        }
        self.compose();
        self.note(event);
        let moved = matches!(event, Event::Played { .. });
        u32::from(event != Event::Unchanged) | (u32::from(moved) << 1)
    }

    /// Runs one GTP command `line` on the console, writes its answer into
    /// `out` and, as the Pico does after each command, gives the board
    /// the console's position if it changed. Answers the answer's length.
    pub fn gtp(&mut self, line: &[u8], out: &mut [u8]) -> usize {
        let mut command = SensorTestCommand::new(&mut self.station);
        let reply = self.engine.execute_with(line, out, &mut command);
        let event = command
            .resumed()
            .or_else(|| self.station.follow_console(&self.engine));
        if let Some(event) = event {
            self.analyse_groups();
            self.end_game_if_over(event);
            self.note(event);
        }
        self.compose();
        reply.len
    }

    /// After the second pass in a row (on the board or the console): the
    /// end-of-game mode with the console's dead stones, as on the Pico.
    fn end_game_if_over(&mut self, event: Event) {
        if let Event::Passed {
            game_over: true, ..
        } = event
        {
            let mut oracle = ConsoleOracle {
                engine: &mut self.engine,
            };
            self.station.app_mut().start_scoring(&mut oracle);
            self.station.refresh(false);
        }
    }

    /// A click on the point of `index` (see [`Click`]).
    pub fn click(&mut self, index: usize, how: Click) -> Did {
        let Some(p) = self.point(index) else {
            return Did::Nothing;
        };
        let app = self.station.app();
        let board = app.board();
        let standing = self.station.sensor().physical.stone(p);
        let scoring = app.mode() == Mode::Scoring;
        let to_move = board.to_move();
        let missing = app
            .missing()
            .contains(p)
            .then(|| board.color_at(p))
            .flatten();
        let hand = self.station.sensor_mut();
        match (standing, how) {
            (Some(_), Click::Knock) => {
                hand.put(p, Reading::Empty);
                Did::Lifted
            }
            (Some(_), _) if scoring => {
                if let Some(n) = hand.touch.get_mut(Hand::slot(p)) {
                    *n = TOUCH_SCANS;
                }
                Did::Touched
            }
            (Some(_), _) => {
                hand.put(p, Reading::Empty);
                Did::Lifted
            }
            (None, Click::Knock) => Did::Nothing,
            (None, Click::Other) => {
                hand.put(p, Reading::of(Some(to_move.opponent())));
                Did::Placed
            }
            (None, Click::Normal) => {
                hand.put(p, Reading::of(Some(missing.unwrap_or(to_move))));
                Did::Placed
            }
        }
    }

    /// The pass button: the player to move passes; the second pass in a
    /// row starts the end-of-game mode with owl's dead stones. Answers
    /// whether a pass was made.
    pub fn pass(&mut self) -> bool {
        let event = self.station.pass_linked(&mut self.engine);
        self.end_game_if_over(event);
        self.compose();
        let passed = event != Event::Unchanged;
        if passed {
            self.note(event);
        }
        passed
    }

    /// Leaves the end-of-game mode: the game goes on.
    pub fn resume(&mut self) {
        self.station.app_mut().resume_play();
        self.station.refresh(false);
        self.compose();
        self.event = Text::new();
        let _ = write!(self.event, "play resumes");
        self.event_kind = 8;
        self.events = self.events.wrapping_add(1);
    }

    /// Bouncing readings on or off for the next placements and lifts.
    pub fn set_bounce(&mut self, on: bool) {
        self.station.sensor_mut().bouncy = on;
    }

    /// Owl's analysis of the groups after each move on or off.
    pub fn set_owl(&mut self, on: bool) {
        self.owl_on = on;
        if !on {
            self.groups = Groups::default();
        } else {
            self.analyse_groups();
        }
        self.compose();
    }

    /// The komi in half points.
    pub fn set_komi(&mut self, halves: i32) {
        self.komi_halves = halves;
        self.engine.set_komi(halves as f32 / 2.0);
    }

    fn analyse_groups(&mut self) {
        self.groups = if self.owl_on {
            analyze_groups(
                self.station.app_mut().board_mut(),
                &mut self.owl,
                &mut self.owl_reader,
                &mut self.solver,
                &OwlBudget::DEVICE,
            )
        } else {
            Groups::default()
        };
    }

    /// Composes the frame from the station's layers and owl's (vital
    /// points; dead groups while playing).
    fn compose(&mut self) {
        if self.station.sensor_test() {
            self.frame.clone_from(self.station.frame());
            return;
        }
        let base = self.station.layers();
        let owl = self.owl_on && self.station.app().mode() == Mode::Play;
        let layers = Layers {
            vital: owl.then_some(&self.groups.vital),
            unsure: owl.then_some(&self.groups.unsure),
            dead: base.dead.or(owl.then_some(&self.groups.dead)),
            ..base
        };
        self.frame = Frame::compose(self.station.size(), &layers, self.station.palette());
    }

    /// Words for `event` (the last one of note).
    fn note(&mut self, event: Event) {
        if event == Event::Unchanged {
            return;
        }
        let mut t = Text::new();
        let _ = self.describe(&mut t, event);
        self.event = t;
        self.events = self.events.wrapping_add(1);
        match event {
            Event::Played { .. } | Event::Passed { .. } => self.moves += 1,
            Event::Undone { .. } => self.moves = self.moves.saturating_sub(1),
            Event::NewGame => self.moves = 0,
            _ => {}
        }
        self.event_kind = match event {
            Event::Unchanged => 0,
            Event::Played { .. } => 1,
            Event::Passed { .. } => 2,
            Event::Removed { .. } => 3,
            Event::Illegal { .. } => 4,
            Event::OutOfSync { .. } => 5,
            Event::InSync => 6,
            Event::Toggled { .. } => 7,
            Event::Undone { .. } => 9,
            Event::NewGame => 10,
        };
    }

    fn describe(&self, t: &mut Text, event: Event) -> fmt::Result {
        let app = self.station.app();
        match event {
            Event::Unchanged => Ok(()),
            Event::Played {
                color,
                at,
                captured: 0,
            } => write!(t, "played: {color} {at}"),
            Event::Played {
                color,
                at,
                captured,
            } => {
                write!(t, "played: {color} {at} captures {captured}; remove")?;
                points(t, app.to_remove())
            }
            Event::Passed {
                color,
                game_over: false,
            } => write!(t, "passed: {color}"),
            Event::Passed {
                color,
                game_over: true,
            } => write!(
                t,
                "passed: {color}; game over, scoring: touch a group to toggle it dead; {}",
                self.score_words()
            ),
            Event::Removed { count, left } => {
                write!(t, "removed: {count} captured stone(s), {left} left")
            }
            Event::Illegal { color, at, reason } => {
                let why = match reason {
                    Illegal::Occupied => "occupied",
                    Illegal::Suicide => "suicide",
                    Illegal::Ko => "ko",
                    Illegal::WrongTurn => "wrong turn",
                };
                write!(t, "illegal: {color} {at} ({why}); lift it")
            }
            Event::OutOfSync { missing, extra } => {
                write!(t, "out of sync: {missing} missing")?;
                points(t, app.missing())?;
                write!(t, "; {extra} extra")?;
                points(t, app.extra())
            }
            Event::InSync => t.write_str("in sync"),
            Event::Toggled { at, dead } => {
                let now = if dead { "dead" } else { "alive" };
                write!(
                    t,
                    "toggled: the group at {at} is {now}; {}",
                    self.score_words()
                )
            }
            Event::Undone {
                color,
                at,
                restore: 0,
            } => write!(t, "undone: {color} {at}"),
            Event::Undone { color, at, restore } => {
                write!(t, "undone: {color} {at}; put back {restore}")?;
                points(t, app.missing())
            }
            Event::NewGame => t.write_str("new game"),
        }
    }

    /// The count as GNU Go's `final_score` writes it, with the details.
    pub fn score_words(&self) -> ScoreWords {
        let app = self.station.app();
        let s = app.score();
        ScoreWords {
            result: s.area_result(self.komi_halves as f32 / 2.0),
            black: s.area(Color::Black),
            white: s.area(Color::White),
            dame: s.dame,
            dead: app.dead().len(),
            komi_halves: self.komi_halves,
        }
    }

    /// The last event's words and kind (0 none, 1 played, 2 passed, 3
    /// removed, 4 illegal, 5 out of sync, 6 in sync, 7 toggled, 8 play
    /// resumed, 9 undone, 10 new game).
    pub fn event(&self) -> (&[u8], u32) {
        (self.event.bytes(), self.event_kind)
    }

    /// How many events were noted (the page compares it to see whether a
    /// GTP command caused one).
    pub fn events(&self) -> u32 {
        self.events
    }

    /// Writes the state the page draws into `out` (see the crate's
    /// documentation for the layout); answers its length.
    pub fn state(&self, tick: u32, out: &mut [u8; OUT_BYTES]) -> usize {
        let app = self.station.app();
        let board = app.board();
        let size = self.size();
        let stone = |c: Option<Color>| match c {
            None => 0u8,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        let illegal = app.illegal();
        let index = |p: Point| (p.row() * size + p.col()) as u16;
        let last = app.last_move().map_or(0, |p| index(p) + 1);
        let u16le = |n: usize| (n.min(usize::from(u16::MAX)) as u16).to_le_bytes();
        let [cb0, cb1] = u16le(board.captures(Color::Black));
        let [cw0, cw1] = u16le(board.captures(Color::White));
        let [l0, l1] = last.to_le_bytes();
        let [m0, m1] = u16le(self.moves);
        let header: [u8; HEADER] = [
            size as u8,
            stone(Some(board.to_move())),
            u8::from(app.mode() == Mode::Scoring),
            u8::from(app.in_sync()),
            match illegal.map(|(_, r)| r) {
                None => 0,
                Some(Illegal::Occupied) => 1,
                Some(Illegal::Suicide) => 2,
                Some(Illegal::Ko) => 3,
                Some(Illegal::WrongTurn) => 4,
            },
            u8::from(self.quiet()),
            u8::from(self.owl_on),
            0,
            cb0,
            cb1,
            cw0,
            cw1,
            l0,
            l1,
            m0,
            m1,
        ];
        if let Some(h) = out.get_mut(..HEADER) {
            h.copy_from_slice(&header);
        }
        if let Some(b) = out.get_mut(7) {
            *b = u8::from(self.hand().bouncy);
        }
        let dead = if app.mode() == Mode::Scoring {
            *app.dead()
        } else {
            self.groups.dead
        };
        let analysis = self.station.analysis();
        let ko = board.ko_point();
        for row in 0..size {
            for col in 0..size {
                let Some(p) = Point::new(col, row) else {
                    continue;
                };
                let led = self.frame.led(p);
                let on = led.at(tick);
                let bit = |set: &PointSet, b: u8| if set.contains(p) { b } else { 0 };
                let flags = bit(app.to_remove(), 1)
                    | bit(app.missing(), 2)
                    | bit(app.extra(), 4)
                    | bit(&dead, 8)
                    | bit(&analysis.atari, 16)
                    | bit(&analysis.threats, 32)
                    | bit(&self.groups.vital, 64)
                    | if illegal.map(|(q, _)| q) == Some(p) {
                        128
                    } else {
                        0
                    };
                let flags2 = bit(&self.groups.critical, 1)
                    | if ko == Some(p) { 2 } else { 0 }
                    | bit(&self.groups.unsure, 4);
                let cell = [
                    self.hand_reading(p) as u8,
                    self.station.stable().reading(p) as u8,
                    stone(board.color_at(p)),
                    led.color.r,
                    led.color.g,
                    led.color.b,
                    match led.blink {
                        Blink::Steady => 0,
                        Blink::Slow => 1,
                        Blink::Fast => 2,
                    },
                    u8::from(on != owlet_firmware::leds::Rgb::OFF),
                    flags,
                    flags2,
                ];
                let at = HEADER + PER_POINT * (row * size + col);
                if let Some(slot) = out.get_mut(at..at + PER_POINT) {
                    slot.copy_from_slice(&cell);
                }
            }
        }
        HEADER + PER_POINT * size * size
    }

    /// Whether nothing is in motion: no bouncing, no touch, and the
    /// debounced picture is what stands on the board.
    pub fn quiet(&self) -> bool {
        let hand = self.hand();
        self.station.is_quiet() && hand.idle() && *self.station.stable() == hand.physical
    }

    fn hand(&self) -> &Hand {
        self.station.sensor()
    }

    fn hand_reading(&self, p: Point) -> Reading {
        self.hand().physical.reading(p)
    }
}

/// [`Sim::score_words`].
pub struct ScoreWords {
    result: owlet_firmware::scoring::AreaResult,
    black: u16,
    white: u16,
    dame: u16,
    dead: usize,
    komi_halves: i32,
}

impl fmt::Display for ScoreWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let komi = self.komi_halves as f32 / 2.0;
        write!(
            f,
            "score {} (area black {}, white {}, dame {}, dead stones {}, komi {komi:.1})",
            self.result, self.black, self.white, self.dame, self.dead
        )
    }
}

/// Writes ` A1 B2 ...` (at most 12 points, then `...`).
fn points(t: &mut Text, set: &PointSet) -> fmt::Result {
    for (i, p) in set.iter().enumerate() {
        if i == 12 {
            return t.write_str(" ...");
        }
        write!(t, " {p}")?;
    }
    Ok(())
}
