//! Random differential test of the board commands: a seeded generator
//! writes 5,000 GTP commands over 16 games on sizes 5 to 19 (`boardsize`,
//! `clear_board`, `komi`, `get_komi`, `play` of legal moves, occupied
//! points, suicides, ko captures and retakes, passes and off-board or
//! malformed vertices, `undo` (also past the start of the game),
//! `is_legal`, `countlib`, `findlib`, `captures`, `showboard`, and ids),
//! and each goes to the console in-process and to one GNU Go 3.8 child
//! (`gnugo --mode gtp --quiet`). The answers must be equal byte for byte,
//! except `findlib`'s liberties, compared as sets (their order is a
//! documented difference, see `owlet_firmware::gtp`).
//!
//! The generator stays clear of the other documented differences (ids
//! beyond 32 bits, infinite komi) and of the game record's capacity: a
//! game plays well under 500 moves, as past
//! `owlet_firmware::gtp::HISTORY_CAPACITY` entries owlet's `undo`
//! answers `? cannot undo` while GNU Go still takes back its last 500 or
//! so moves.
//!
//! Moves come from the console's own board (legal points, liberties of
//! short strings, suicide points, the last ko point, ko shapes built on
//! free points), so the same seed gives the same commands as long as the
//! two agree. On the first difference the test fails with the command's
//! index, the command, both answers and the 20 commands before it.
//! Skipped (with a message) when GNU Go is not installed.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use owlet_board::{Color, PlayError, Point};
use owlet_host_tests::console::Console;
use owlet_host_tests::rng::Rng;

const GNUGO: &str = "/usr/games/gnugo";

/// Commands in all.
const COMMANDS: usize = 5_000;

/// Games (each starts with `boardsize` or `clear_board`).
const GAMES: usize = 16;

/// Commands kept for the failure message.
const CONTEXT: usize = 20;

/// GNU Go over pipes.
struct Gnugo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gnugo {
    fn start() -> Gnugo {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--quiet"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("gnugo starts");
        let input = child.stdin.take().expect("gnugo's stdin");
        let output = BufReader::new(child.stdout.take().expect("gnugo's stdout"));
        Gnugo {
            child,
            input,
            output,
        }
    }

    /// Sends `command`; answers GNU Go's whole answer, up to and including
    /// the blank line that ends it.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").expect("writing to gnugo");
        self.input.flush().expect("writing to gnugo");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("reading gnugo");
            assert!(
                n > 0,
                "gnugo ended after {command:?}; answer so far {answer:?}"
            );
            let blank = line == "\n";
            answer.push_str(&line);
            if blank && answer.len() > 1 {
                return answer;
            }
        }
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// `findlib`'s liberties sorted, so that the two orders compare equal.
fn normalize(command: &str, answer: &str) -> String {
    let is_findlib = command.split_whitespace().any(|w| w == "findlib");
    match answer.strip_prefix('=') {
        Some(rest) if is_findlib => {
            let (id, libs) = rest.split_once(' ').unwrap_or((rest, ""));
            let mut libs: Vec<&str> = libs.split_whitespace().collect();
            libs.sort_unstable();
            format!("={id} {}\n\n", libs.join(" "))
        }
        _ => answer.to_string(),
    }
}

/// The commands' source: a random game driven by the console's board.
struct Generator {
    rng: Rng,
    /// The color of the next ordinary move.
    next: Color,
    /// The last ko point seen and the color that may not retake there at
    /// once.
    ko: Option<(Point, Color)>,
    /// The board size [`Generator::ko`] belongs to.
    size: usize,
}

/// `komi` arguments, two of them malformed.
const KOMIS: [&str; 12] = [
    "0", "5.5", "6.5", "7.5", "-3", "0.5", "100", "5.25", "-0.75", "2", "6.5x", "x",
];

/// Malformed vertices.
const BAD_VERTICES: [&str; 9] = ["i5", "a0", "z3", "a", "3", "aa1", "a-1", "", "c99"];

/// `boardsize` arguments out of range or malformed; `9.5` reads as 9
/// (both take the number's integer prefix) and starts a new game.
const SIZE_PROBES: [&str; 7] = ["0", "20", "26", "-1", "x", "9.5", ""];

impl Generator {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.below(items.len())]
    }

    fn chance(&mut self, per_mille: usize) -> bool {
        self.rng.below(1000) < per_mille
    }

    /// A color word, in any of GTP's spellings.
    fn color_word(&mut self, color: Color) -> &'static str {
        let words: [&str; 4] = match color {
            Color::Black => ["b", "black", "B", "Black"],
            Color::White => ["w", "white", "W", "WHITE"],
        };
        words[[0, 0, 0, 1, 1, 2, 3][self.rng.below(7)]]
    }

    /// `p` as a vertex, sometimes in lower case.
    fn vertex(&mut self, p: Point) -> String {
        let v = p.to_string();
        if self.chance(300) {
            v.to_lowercase()
        } else {
            v
        }
    }

    /// One of `points` (not empty) as a vertex.
    fn vertex_of(&mut self, points: &[Point]) -> String {
        let p = points[self.rng.below(points.len())];
        self.vertex(p)
    }

    /// A vertex just off a board of `size` (a column or row too far).
    fn off_board(&mut self, size: usize) -> String {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
        if size < 19 && self.chance(500) {
            let col = char::from(LETTERS[size + self.rng.below(19 - size)]);
            format!("{col}{}", 1 + self.rng.below(size))
        } else {
            let col = char::from(LETTERS[self.rng.below(size)]);
            format!("{col}{}", size + 1 + self.rng.below(3))
        }
    }

    /// The next command for the console's present state.
    fn command(&mut self, console: &Console) -> String {
        let board = console.engine.board();
        let size = board.size();
        let points: Vec<Point> = board.points().collect();
        let stones: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| board.color_at(p).is_some())
            .collect();
        let empty: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| board.color_at(p).is_none())
            .collect();
        if size != self.size {
            self.size = size;
            self.ko = None;
        }
        if let Some(p) = board.ko_point() {
            // The side to move may not retake at once.
            self.ko = Some((p, self.next));
        }
        let mut cmd = match self.rng.below(1000) {
            // An ordinary legal move (or a pass when there is none).
            0..=449 => {
                let color = if self.chance(80) {
                    self.next.opponent()
                } else {
                    self.next
                };
                // Half the time a liberty of a string short of them, so
                // that games have captures, kos and suicide points.
                let candidates: Vec<Point> = if self.chance(500) {
                    let mut short = owlet_board::PointSet::new();
                    for &p in &stones {
                        if board.liberty_count(p) <= 2 {
                            for q in board.liberty_set(p).iter() {
                                short.insert(q);
                            }
                        }
                    }
                    short.iter().collect()
                } else {
                    Vec::new()
                };
                let pool = if candidates.is_empty() {
                    &empty
                } else {
                    &candidates
                };
                let legal: Vec<Point> = pool
                    .iter()
                    .copied()
                    .filter(|&p| board.is_legal(color, p))
                    .collect();
                let c = self.color_word(color);
                if legal.is_empty() {
                    format!("play {c} pass")
                } else {
                    let p = legal[self.rng.below(legal.len())];
                    format!("play {c} {}", self.vertex(p))
                }
            }
            // An occupied point.
            450..=499 if !stones.is_empty() => {
                let p = stones[self.rng.below(stones.len())];
                let color = if self.chance(500) {
                    Color::Black
                } else {
                    Color::White
                };
                let c = self.color_word(color);
                format!("play {c} {}", self.vertex(p))
            }
            // A suicide (or a ko capture), for either color.
            500..=559 => {
                let mut illegal = Vec::new();
                for &p in &empty {
                    for color in [Color::Black, Color::White] {
                        if matches!(
                            board.check_move(color, p),
                            Err(PlayError::Suicide | PlayError::Ko)
                        ) {
                            illegal.push((p, color));
                        }
                    }
                }
                if illegal.is_empty() {
                    let c = self.color_word(self.next);
                    format!("is_legal {c} {}", self.vertex(points[0]))
                } else {
                    let (p, color) = illegal[self.rng.below(illegal.len())];
                    let c = self.color_word(color);
                    let verb = if self.chance(300) { "is_legal" } else { "play" };
                    format!("{verb} {c} {}", self.vertex(p))
                }
            }
            // The last ko point, by the side to move: an immediate retake
            // (illegal) or a later one (legal if the ko is still there).
            560..=619 if self.ko.is_some_and(|(p, _)| board.color_at(p).is_none()) => {
                let (p, color) = self.ko.unwrap_or((points[0], Color::Black));
                let color = if self.chance(700) {
                    color
                } else {
                    color.opponent()
                };
                let c = self.color_word(color);
                let verb = if self.chance(250) { "is_legal" } else { "play" };
                format!("{verb} {c} {}", self.vertex(p))
            }
            // A ko built on empty points, its capture, and sometimes the
            // immediate retake.
            620..=634 => match self.ko_shape(console) {
                Some(lines) => lines,
                None => "showboard".to_string(),
            },
            // A pass.
            635..=644 => {
                let c = self.color_word(self.next.opponent());
                let pass = self.pick(&["pass", "PASS", "Pass"]);
                format!("play {c} {pass}")
            }
            // Undo, sometimes several in a row.
            645..=709 => {
                if self.chance(150) {
                    "undo\nundo\nundo".to_string()
                } else {
                    "undo".to_string()
                }
            }
            // is_legal anywhere.
            710..=789 => {
                let color = if self.chance(500) {
                    Color::Black
                } else {
                    Color::White
                };
                let c = self.color_word(color);
                let p = points[self.rng.below(points.len())];
                format!("is_legal {c} {}", self.vertex(p))
            }
            // countlib / findlib, mostly on stones.
            790..=889 => {
                let verb = if self.chance(500) {
                    "countlib"
                } else {
                    "findlib"
                };
                let v = if !stones.is_empty() && self.chance(850) {
                    self.vertex_of(&stones)
                } else {
                    self.vertex_of(&points)
                };
                format!("{verb} {v}")
            }
            890..=919 => {
                let c = self.pick(&["black", "white", "b", "W", "x"]);
                format!("captures {c}")
            }
            920..=939 => "showboard".to_string(),
            940..=954 => {
                let k = self.pick(&KOMIS);
                if self.chance(500) {
                    format!("komi {k}")
                } else {
                    "get_komi".to_string()
                }
            }
            // Malformed commands.
            _ => match self.rng.below(8) {
                0 => {
                    let v = self.off_board(size);
                    let c = self.color_word(self.next);
                    format!("play {c} {v}")
                }
                1 => {
                    let v = self.pick(&BAD_VERTICES);
                    let c = self.color_word(self.next);
                    format!("play {c} {v}")
                }
                2 => {
                    let v = self.vertex_of(&points);
                    format!("play x {v}")
                }
                3 => "play".to_string(),
                4 => {
                    let v = self.off_board(size);
                    let verb = self.pick(&["countlib", "findlib"]);
                    format!("{verb} {v}")
                }
                5 => {
                    let v = self.pick(&BAD_VERTICES);
                    let c = self.color_word(self.next);
                    format!("is_legal {c} {v}")
                }
                6 => format!("boardsize {}", self.pick(&SIZE_PROBES)),
                _ => {
                    let v = self.off_board(size);
                    let c = self.color_word(self.next);
                    format!("is_legal {c} {v}")
                }
            },
        };
        if self.chance(50) && !cmd.contains('\n') {
            cmd = format!("{} {cmd}", self.rng.below(1000));
        }
        cmd
    }

    /// The plays that make a ko on empty points of the board (the first
    /// color's stone in the middle captured by the second color), then
    /// sometimes the first color's retake (illegal) or `is_legal` of it;
    /// `None` when none of 20 random spots is free.
    fn ko_shape(&mut self, console: &Console) -> Option<String> {
        (0..20).find_map(|_| self.ko_shape_at(console))
    }

    /// [`Generator::ko_shape`] at one random spot.
    fn ko_shape_at(&mut self, console: &Console) -> Option<String> {
        let board = console.engine.board();
        let size = board.size();
        let (x, y) = (self.rng.below(size), self.rng.below(size));
        let vertical = self.chance(500);
        let at = |dx: isize, dy: isize| {
            let (dx, dy) = if vertical { (dy, dx) } else { (dx, dy) };
            let col = x.checked_add_signed(dx)?;
            let row = y.checked_add_signed(dy)?;
            Point::new(col, row).filter(|p| p.is_on(size) && board.color_at(*p).is_none())
        };
        // The first color surrounds (0,0), the second (1,0); the first
        // plays (1,0), the second captures it from (0,0).
        let order = [
            (0, 1),
            (1, 1),
            (-1, 0),
            (2, 0),
            (0, -1),
            (1, -1),
            (1, 0),
            (0, 0),
        ];
        let mut points = Vec::new();
        for (dx, dy) in order {
            points.push(at(dx, dy)?);
        }
        let first = if self.chance(500) {
            Color::Black
        } else {
            Color::White
        };
        let mut lines = Vec::new();
        for (i, &p) in points.iter().enumerate() {
            let color = if i % 2 == 0 { first } else { first.opponent() };
            let c = self.color_word(color);
            lines.push(format!("play {c} {}", self.vertex(p)));
        }
        let retake = points[6];
        if self.chance(600) {
            let c = self.color_word(first);
            let verb = if self.chance(300) { "is_legal" } else { "play" };
            lines.push(format!("{verb} {c} {}", self.vertex(retake)));
        }
        Some(lines.join("\n"))
    }

    /// Called after a `play` the console accepted.
    fn played(&mut self, color: Color) {
        self.next = color.opponent();
    }
}

/// The color a `play` command names, if it is one.
fn play_color(command: &str) -> Option<Color> {
    let mut words = command.split_whitespace();
    let mut verb = words.next()?;
    if verb.bytes().all(|b| b.is_ascii_digit()) {
        verb = words.next()?;
    }
    if verb == "play" {
        Color::from_gtp(words.next()?)
    } else {
        None
    }
}

/// The run: the generator's commands, compared one by one.
struct Run {
    console: Console,
    gnugo: Gnugo,
    recent: VecDeque<String>,
    sent: usize,
}

impl Run {
    fn send(&mut self, command: &str) -> bool {
        let (_, bytes) = self.console.execute(command.as_bytes());
        let ours = String::from_utf8_lossy(bytes).into_owned();
        let theirs = self.gnugo.ask(command);
        self.sent += 1;
        if normalize(command, &ours) != normalize(command, &theirs) {
            let recent: Vec<&str> = self.recent.iter().map(String::as_str).collect();
            panic!(
                "command {} differs: {command:?}\nowlet:\n{ours}GNU Go:\n{theirs}\
                 the {} commands before it:\n{}",
                self.sent,
                recent.len(),
                recent.join("\n")
            );
        }
        if self.recent.len() == CONTEXT {
            self.recent.pop_front();
        }
        self.recent.push_back(command.to_string());
        ours.starts_with('=')
    }
}

#[test]
fn board_commands_answer_like_gnugo() {
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed (apt-get install gnugo)");
        return;
    }
    let mut run = Run {
        console: Console::new(),
        gnugo: Gnugo::start(),
        recent: VecDeque::new(),
        sent: 0,
    };
    let mut generator = Generator {
        rng: Rng(0x6f77_6c65_7467_7470),
        next: Color::Black,
        ko: None,
        size: 19,
    };
    for game in 0..GAMES {
        // The first game is on the default 19×19 board.
        if game > 0 {
            let start = if generator.chance(250) {
                "clear_board".to_string()
            } else {
                format!("boardsize {}", 5 + generator.rng.below(15))
            };
            run.send(&start);
        }
        generator.next = Color::Black;
        generator.ko = None;
        let end = COMMANDS * (game + 1) / GAMES;
        while run.sent < end {
            let command = generator.command(&run.console);
            for line in command.lines() {
                if run.send(line)
                    && let Some(color) = play_color(line)
                {
                    generator.played(color);
                }
            }
        }
    }
    assert!(run.sent >= COMMANDS);
    eprintln!("{} commands over {GAMES} games agree", run.sent);
}
