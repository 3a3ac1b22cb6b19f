//! The GTP console: a GTP version 2 engine core that answers like GNU Go.
//!
//! [`Engine`] owns a [`Board`] (default capacities), a [`Reader`], a
//! [`Connection`] searcher, the komi, the game record that GTP `undo`
//! replays, and the count of pending `trymove`s. [`Engine::execute`] takes
//! one command line and writes the whole answer (`=ID text\n\n`, or `?ID
//! reason\n\n` on failure) into a buffer the caller owns; comments, blank
//! lines and bare ids produce no answer. A failed command changes nothing.
//!
//! Commands: `protocol_version name version known_command list_commands
//! quit boardsize clear_board komi get_komi play black white undo showboard
//! is_legal countlib findlib captures attack defend trymove popgo
//! increase_depths decrease_depths reset_reading_node_counter
//! get_reading_node_counter connect disconnect
//! reset_connection_node_counter get_connection_node_counter
//! unconditional_status eval_eye analyze_eyegraph` (answered by
//! owlet-optics), `combination_attack combination_defend aa_confirm_safety`
//! (owlet-combination) and `owl_attack owl_defend owl_does_attack
//! owl_does_defend owl_threaten_attack owl_threaten_defense dragon_status
//! same_dragon dragon_stones worm_stones reset_owl_node_counter
//! get_owl_node_counter analyze_semeai` (owlet-owl), `final_score
//! final_status final_status_list` (dead stones by unconditional status,
//! owl and semeai; area counting by [`crate::scoring`]), `get_limit_hits
//! reset_limit_hits` (owlet's own: the [`LimitHits`] counts), plus whatever
//! an [`Extension`] adds (the host adds `loadsgf`, `printsgf` and GoGui's
//! analyze commands).
//!
//! A node limit that cuts a search, an eye analysis the eye solver
//! answers with an estimate, or a move the board's undo journal has no
//! room for, can change an answer; GNU Go's answer formats have no field
//! for it, so the console counts them: `get_limit_hits` answers
//! `reading N owl N semeai N combination N eye N journal N`. A command during
//! which the journal was full clears the reader's and owl's caches, so
//! that what it found is not reused as an answer.
//!
//! Game moves (`play`) are committed to the board so its journal stays free
//! for reading; `trymove` moves stay in the journal until `popgo`. While a
//! `trymove` is pending, `play` and `undo` are refused (GNU Go aborts).
//!
//! What it omits: move generation, time control, SGF (the host's
//! job, through [`Engine::resize`], [`Engine::set_stone`], [`Engine::play`]
//! and [`Engine::set_to_move`]), and GNU Go's many analysis commands.
//! Known differences from GNU Go: `findlib` lists liberties top row first,
//! left to right (GNU Go's order depends on its history); an id that does
//! not fit in 32 bits is echoed as written (GNU Go wraps it); `komi`
//! refuses infinities and NaN; `undo` answers `cannot undo` once a game
//! is longer than the record's [`HISTORY_CAPACITY`] entries (GNU Go takes
//! back about its last 500 moves).

mod answer;
mod combination;
mod history;
mod line;
mod optics;
mod owl;
mod score;
mod semeai;
mod showboard;

use core::fmt::{self, Write as _};

use owlet_board::{
    Board, Code, Color, Connection, ConnectionLimits, Move, PlayError, Point, ReadResult, Reader,
    ReadingLimits, SizeError,
};
use owlet_combination::AaLimits;
use owlet_owl::{OwlLimits, SemeaiLimits};

pub use answer::{Answer, Failure, Reply, Status};
pub use history::HISTORY_CAPACITY;
pub use line::{Args, LINE_CAPACITY};
pub use score::FinalStatuses;

use history::{Entry, History};

/// An answer buffer this large holds every built-in answer (a 19×19
/// `showboard` is about 1.1 KiB; `list_commands` about 0.4 KiB).
pub const ANSWER_CAPACITY: usize = 2048;

/// What `name` answers.
pub const NAME: &str = "owlet";

/// What `version` answers: the crate version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Writes a move in GNU Go's answers: its vertex, or `PASS` for none.
pub(super) fn write_move(out: &mut Answer<'_>, p: Option<Point>) {
    match p {
        Some(p) => {
            let _ = write!(out, "{p}");
        }
        None => out.push_str("PASS"),
    }
}

/// The built-in commands, sorted.
pub const COMMANDS: [&str; 55] = [
    "aa_confirm_safety",
    "analyze_eyegraph",
    "analyze_semeai",
    "attack",
    "black",
    "boardsize",
    "captures",
    "clear_board",
    "combination_attack",
    "combination_defend",
    "connect",
    "countlib",
    "decrease_depths",
    "defend",
    "disconnect",
    "dragon_status",
    "dragon_stones",
    "eval_eye",
    "final_score",
    "final_status",
    "final_status_list",
    "findlib",
    "get_connection_node_counter",
    "get_komi",
    "get_limit_hits",
    "get_owl_node_counter",
    "get_reading_node_counter",
    "increase_depths",
    "is_legal",
    "known_command",
    "komi",
    "list_commands",
    "name",
    "owl_attack",
    "owl_defend",
    "owl_does_attack",
    "owl_does_defend",
    "owl_threaten_attack",
    "owl_threaten_defense",
    "play",
    "popgo",
    "protocol_version",
    "quit",
    "reset_connection_node_counter",
    "reset_limit_hits",
    "reset_owl_node_counter",
    "reset_reading_node_counter",
    "same_dragon",
    "showboard",
    "trymove",
    "unconditional_status",
    "undo",
    "version",
    "white",
    "worm_stones",
];

/// Extra commands served through the same console (ids, formats,
/// truncation and `list_commands` included). Built-in commands take
/// precedence over an extension's of the same name.
pub trait Extension {
    /// The extension's command names.
    fn commands(&self) -> &[&str];

    /// Runs `command` (one of [`Extension::commands`]) with its arguments,
    /// writing the answer text into `answer`; a failure must leave the
    /// engine unchanged.
    fn run(
        &mut self,
        engine: &mut Engine,
        command: &str,
        args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure>;
}

/// The extension with no commands.
struct NoExtension;

impl Extension for NoExtension {
    fn commands(&self) -> &[&str] {
        &[]
    }

    fn run(
        &mut self,
        _engine: &mut Engine,
        _command: &str,
        _args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        Err(answer.failure("unknown command"))
    }
}

/// Why a game-changing call of [`Engine`] was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GameError {
    /// The board refused the move or stone.
    Illegal(PlayError),
    /// A `trymove` is pending: `popgo` first.
    TrymovePending,
    /// No move to take back (none played, setup stones placed after the
    /// last one, or the record overflowed [`HISTORY_CAPACITY`]).
    CannotUndo,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(_) => f.write_str("illegal move"),
            GameError::TrymovePending => f.write_str("cannot play while a trymove is pending"),
            GameError::CannotUndo => f.write_str("cannot undo"),
        }
    }
}

/// Limits hit since the engine was made or the last `reset_limit_hits`:
/// each may have changed an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct LimitHits {
    /// `attack` / `defend` / `connect` / `disconnect` answers whose search
    /// hit its node limit, and the tactical reads of `eval_eye` that hit
    /// it (the reading inside
    /// owl, semeai and the combination search has limits of its own,
    /// chosen by those searches, and is not counted).
    pub reading: u32,
    /// Owl searches cut by a limit (`owl_attack`, `owl_defend`,
    /// `owl_does_*`, `dragon_status`), and dragons a `dragon_status`
    /// listing answers `alive` unread once its budget is spent.
    pub owl: u32,
    /// Semeai searches cut by a limit (`analyze_semeai`, `dragon_status`).
    pub semeai: u32,
    /// Combination searches that hit their node limit.
    pub combination: u32,
    /// `eval_eye` and `analyze_eyegraph` answers whose eye analysis the
    /// solver cut at its node budget or line depth (the value is its
    /// estimate, the vital points are missing). A space too large for
    /// the solver is valued by the estimate by design and not counted.
    pub eye: u32,
    /// Moves refused because the board's undo journal was full (as after
    /// many `trymove`s).
    pub journal: u32,
}

impl LimitHits {
    /// Whether no limit was hit.
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == LimitHits::default()
    }

    /// The hits since `before` (field by field).
    #[must_use]
    pub fn since(&self, before: &LimitHits) -> LimitHits {
        LimitHits {
            reading: self.reading.saturating_sub(before.reading),
            owl: self.owl.saturating_sub(before.owl),
            semeai: self.semeai.saturating_sub(before.semeai),
            combination: self.combination.saturating_sub(before.combination),
            eye: self.eye.saturating_sub(before.eye),
            journal: self.journal.saturating_sub(before.journal),
        }
    }
}

impl fmt::Display for LimitHits {
    /// `reading N owl N semeai N combination N eye N journal N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "reading {} owl {} semeai {} combination {} eye {} journal {}",
            self.reading, self.owl, self.semeai, self.combination, self.eye, self.journal
        )
    }
}

/// The limits of the console's searches ([`Engine::limits`],
/// [`Engine::set_limits`]). A new engine has [`SearchLimits::default`],
/// each crate's defaults; smaller node limits make every answer cheaper
/// (and more of them limited, as [`LimitHits`] counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SearchLimits {
    /// Tactical reading of the string commands (`attack`, `defend`, …);
    /// `increase_depths` / `decrease_depths` change its depths.
    pub reading: ReadingLimits,
    /// Owl searches (`owl_*`, `dragon_status`, the dead stones of
    /// `final_*`).
    pub owl: OwlLimits,
    /// Semeai searches (`analyze_semeai`, the races of `dragon_status`
    /// and `final_*`).
    pub semeai: SemeaiLimits,
    /// Combination searches (`combination_attack`, `combination_defend`,
    /// `aa_confirm_safety`).
    pub combination: AaLimits,
    /// Connection searches (`connect`, `disconnect`).
    pub connection: ConnectionLimits,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            reading: ReadingLimits::DEFAULT,
            owl: OwlLimits::DEFAULT,
            semeai: SemeaiLimits::DEFAULT,
            combination: AaLimits::default(),
            connection: ConnectionLimits::DEFAULT,
        }
    }
}

/// The board the console plays and reads on: [`Board`]'s default
/// capacities, or with the `small` feature a journal of 1024 writes and
/// 96 moves (9.6 KiB less RAM, for 64 KiB devices).
#[cfg(not(feature = "small"))]
pub type ConsoleBoard = Board;
/// The board the console plays and reads on.
#[cfg(feature = "small")]
pub type ConsoleBoard = Board<1024, 96>;

/// The console's tactical reader: [`Reader`]'s default 1024 transposition
/// and 128 area cache entries, or 192 and 64 with the `small` feature
/// (7.5 KiB less RAM; the device's eye solver, on the stack, takes 2 KiB
/// of it back).
#[cfg(not(feature = "small"))]
pub type ConsoleReader = Reader;
/// The console's tactical reader.
#[cfg(feature = "small")]
pub type ConsoleReader = Reader<192, 64>;

/// The GTP engine: board, reader, komi, game record, pending trymoves.
pub struct Engine {
    board: ConsoleBoard,
    reader: ConsoleReader,
    connection: Connection,
    owl: owl::ConsoleOwl,
    /// Semeai nodes since the owl node counter's last reset.
    semeai_nodes: u64,
    /// Limit hits but the journal's (counted by the board).
    hits: LimitHits,
    /// Limits of each semeai search.
    semeai_limits: SemeaiLimits,
    /// Limits of each combination search; `None`: owlet-combination's
    /// defaults (which have no `const` form).
    combination_limits: Option<AaLimits>,
    history: History,
    /// Passes in a row at the end of the game (see [`Engine::passes`]).
    passes: u8,
    komi: f32,
    tries: usize,
    /// The last judgement of `final_statuses` and the board hash it was
    /// made for (`final_score` then `final_status_list` read once).
    judged: Option<(u64, FinalStatuses)>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An empty 19×19 board, komi 0, black to move. A `const fn`, so a
    /// device can hold the engine in a `static` without building it on the
    /// stack first.
    #[must_use]
    pub const fn new() -> Engine {
        Engine {
            board: ConsoleBoard::empty(),
            reader: ConsoleReader::new(),
            connection: Connection::new(),
            owl: owl::ConsoleOwl::new(),
            semeai_nodes: 0,
            hits: LimitHits {
                reading: 0,
                owl: 0,
                semeai: 0,
                combination: 0,
                eye: 0,
                journal: 0,
            },
            semeai_limits: SemeaiLimits::DEFAULT,
            combination_limits: None,
            history: History::new(),
            passes: 0,
            komi: 0.0,
            tries: 0,
            judged: None,
        }
    }

    // ---- the console ---------------------------------------------------

    /// Handles one command line and writes its answer into `out`; the
    /// answer is `out[..reply.len]` ([`ANSWER_CAPACITY`] bytes hold any
    /// built-in answer). The line ends at its first newline.
    pub fn execute(&mut self, line: &[u8], out: &mut [u8]) -> Reply {
        self.execute_with(line, out, &mut NoExtension)
    }

    /// [`Engine::execute`] with extra commands from `extension`.
    pub fn execute_with(
        &mut self,
        line: &[u8],
        out: &mut [u8],
        extension: &mut dyn Extension,
    ) -> Reply {
        let line = line::Line::clean(line);
        let parsed = line::parse(line.text());
        let Some(command) = parsed.command else {
            return Reply::SILENT;
        };
        let mut answer = Answer::new(out);
        answer.push_str("=");
        if let Some(id) = parsed.id {
            answer.push_str(id);
        }
        answer.push_str(" ");
        answer.begin_text();
        let journal_full = self.board.journal_full_count();
        let result = if line.too_long {
            Err(answer.failure("line too long"))
        } else {
            self.dispatch(command, parsed.args, &mut answer, extension)
        };
        if self.board.journal_full_count() != journal_full {
            // Answers found without room to read are not remembered.
            self.reader.clear_cache();
            self.owl.clear_cache();
        }
        let quit = result.is_ok() && command == "quit";
        answer.finish(result.is_ok(), quit)
    }

    fn dispatch(
        &mut self,
        command: &str,
        mut args: Args<'_>,
        out: &mut Answer<'_>,
        extension: &mut dyn Extension,
    ) -> Result<(), Failure> {
        match command {
            "protocol_version" => out.push_str("2"),
            "name" => out.push_str(NAME),
            "version" => out.push_str(VERSION),
            "quit" => {}
            "known_command" => {
                let known = args
                    .next()
                    .is_some_and(|c| COMMANDS.contains(&c) || extension.commands().contains(&c));
                out.push_str(if known { "true" } else { "false" });
            }
            "list_commands" => list_commands(extension.commands(), out),
            "boardsize" => return self.gtp_boardsize(args, out),
            "clear_board" => self.clear(),
            "komi" => match args.next().and_then(line::float_prefix) {
                Some(komi) => self.komi = komi,
                None => return Err(out.failure("komi not a float")),
            },
            "get_komi" => {
                let _ = write!(out, "{:4.1}", self.komi);
            }
            "play" => return self.gtp_play(args, out),
            "black" | "white" => {
                let color = if command == "black" {
                    Color::Black
                } else {
                    Color::White
                };
                let Some(mv) = args
                    .next()
                    .and_then(|v| Move::from_vertex(v, self.board.size()).ok())
                else {
                    return Err(out.failure("invalid coordinate"));
                };
                return self.gtp_move(color, mv, out);
            }
            "undo" => {
                if self.undo().is_err() {
                    return Err(out.failure("cannot undo"));
                }
            }
            "showboard" => showboard::write(&self.board, out),
            "is_legal" => {
                let Some((color, mv)) = self.color_and_move(&mut args) else {
                    return Err(out.failure("invalid color or coordinate"));
                };
                let legal = match mv {
                    Move::Pass => true,
                    Move::Play(p) => self.board.is_legal(color, p),
                };
                out.push_str(if legal { "1" } else { "0" });
            }
            "countlib" => {
                let p = self.stone_at(args.next(), out)?;
                let _ = write!(out, "{}", self.board.liberty_count(p));
            }
            "findlib" => {
                let p = self.stone_at(args.next(), out)?;
                self.write_liberties(p, out);
            }
            "captures" => match args.next().and_then(Color::from_gtp) {
                Some(color) => {
                    let _ = write!(out, "{}", self.board.captures(color));
                }
                None => return Err(out.failure("invalid color")),
            },
            "attack" | "defend" => {
                let p = self.stone_at(args.next(), out)?;
                let result = if command == "attack" {
                    self.reader.attack(&mut self.board, p)
                } else {
                    self.reader.find_defense(&mut self.board, p)
                };
                self.write_read(&result, out);
            }
            "connect" | "disconnect" => {
                let a = self.stone_at(args.next(), out)?;
                let b = self.stone_at(args.next(), out)?;
                if self.board.color_at(a) != self.board.color_at(b) {
                    return Err(out.failure("vertices must have same color"));
                }
                let (board, reader) = (&mut self.board, &mut self.reader);
                let result = if command == "connect" {
                    self.connection.connect(board, reader, a, b)
                } else {
                    self.connection.disconnect(board, reader, a, b)
                };
                self.write_read(&result, out);
            }
            "reset_connection_node_counter" => self.connection.reset_nodes(),
            "get_connection_node_counter" => {
                let _ = write!(out, "{}", self.connection.nodes());
            }
            "trymove" => return self.gtp_trymove(args, out),
            "popgo" => {
                if self.tries == 0 || self.board.undo().is_err() {
                    self.tries = 0;
                    return Err(out.failure("Stack empty."));
                }
                self.tries -= 1;
            }
            "increase_depths" => self.reader.increase_depths(),
            "decrease_depths" => self.reader.decrease_depths(),
            "reset_limit_hits" => self.reset_limit_hits(),
            "get_limit_hits" => {
                let _ = write!(out, "{}", self.limit_hits());
            }
            "reset_reading_node_counter" => self.reader.reset_nodes(),
            "get_reading_node_counter" => {
                let _ = write!(out, "{}", self.reader.nodes());
            }
            "unconditional_status" | "eval_eye" | "analyze_eyegraph" => {
                return optics::run(self, command, args, out);
            }
            "combination_attack" | "combination_defend" | "aa_confirm_safety" => {
                return combination::run(self, command, args, out);
            }
            "analyze_semeai" => return semeai::run(self, args, out),
            _ if score::SCORE_COMMANDS.contains(&command) => {
                return score::run(self, command, args, out);
            }
            _ if owl::OWL_COMMANDS.contains(&command) => {
                return owl::run(self, command, args, out);
            }
            _ if extension.commands().contains(&command) => {
                return extension.run(self, command, args, out);
            }
            _ => return Err(out.failure("unknown command")),
        }
        Ok(())
    }

    fn gtp_boardsize(&mut self, mut args: Args<'_>, out: &mut Answer<'_>) -> Result<(), Failure> {
        let Some(size) = args.next().and_then(line::int_prefix) else {
            return Err(out.failure("boardsize not an integer"));
        };
        match usize::try_from(size).map(|s| self.resize(s)) {
            Ok(Ok(())) => Ok(()),
            _ => Err(out.failure("unacceptable size")),
        }
    }

    fn gtp_play(&mut self, mut args: Args<'_>, out: &mut Answer<'_>) -> Result<(), Failure> {
        let Some((color, mv)) = self.color_and_move(&mut args) else {
            return Err(out.failure("invalid color or coordinate"));
        };
        self.gtp_move(color, mv, out)
    }

    fn gtp_move(&mut self, color: Color, mv: Move, out: &mut Answer<'_>) -> Result<(), Failure> {
        match self.play(color, mv) {
            Ok(_) => Ok(()),
            Err(GameError::TrymovePending) => {
                Err(out.failure("cannot play while a trymove is pending"))
            }
            Err(_) => Err(out.failure("illegal move")),
        }
    }

    fn gtp_trymove(&mut self, mut args: Args<'_>, out: &mut Answer<'_>) -> Result<(), Failure> {
        let Some((color, mv)) = self.color_and_move(&mut args) else {
            return Err(out.failure("invalid color or coordinate"));
        };
        match self.board.play(color, mv) {
            Ok(_) => {
                self.tries += 1;
                Ok(())
            }
            Err(PlayError::JournalFull) => Err(out.failure("too many trymoves")),
            Err(_) => Err(out.failure("illegal move")),
        }
    }

    /// Parses `COLOR VERTEX` (the vertex may be `pass`).
    fn color_and_move(&self, args: &mut Args<'_>) -> Option<(Color, Move)> {
        let color = Color::from_gtp(args.next()?)?;
        let mv = Move::from_vertex(args.next()?, self.board.size()).ok()?;
        Some((color, mv))
    }

    /// Parses a vertex that must hold a stone.
    fn stone_at(&self, vertex: Option<&str>, out: &mut Answer<'_>) -> Result<Point, Failure> {
        let Some(p) = vertex.and_then(|v| Point::from_vertex(v, self.board.size()).ok()) else {
            return Err(out.failure("invalid coordinate"));
        };
        if self.board.color_at(p).is_none() {
            return Err(out.failure("vertex must not be empty"));
        }
        Ok(p)
    }

    /// Writes a read's code and move (`PASS` for none) in GNU Go's format,
    /// and counts it when it hit its node limit.
    fn write_read(&mut self, result: &ReadResult, out: &mut Answer<'_>) {
        if result.limit_hit {
            self.hits.reading = self.hits.reading.saturating_add(1);
        }
        let _ = write!(out, "{}", result.code.gtp());
        if result.code != Code::Fail {
            out.push_str(" ");
            write_move(out, result.point);
        }
    }

    /// The liberties of the string at `p`, top row first, left to right.
    fn write_liberties(&self, p: Point, out: &mut Answer<'_>) {
        let libs = self.board.liberty_set(p);
        let size = self.board.size();
        let mut first = true;
        for row in (0..size).rev() {
            for q in (0..size).filter_map(|col| Point::new(col, row)) {
                if libs.contains(q) {
                    let _ = write!(out, "{}{q}", if first { "" } else { " " });
                    first = false;
                }
            }
        }
    }

    // ---- the game, for hosts (SGF loading) and for the console -----------

    /// The board.
    #[must_use]
    pub fn board(&self) -> &ConsoleBoard {
        &self.board
    }

    /// The tactical reader (node counter, limits).
    #[must_use]
    pub fn reader(&self) -> &ConsoleReader {
        &self.reader
    }

    /// The tactical reader, to change its settings.
    pub fn reader_mut(&mut self) -> &mut ConsoleReader {
        &mut self.reader
    }

    /// The limits of the console's searches.
    #[must_use]
    pub fn limits(&self) -> SearchLimits {
        SearchLimits {
            reading: self.reader.limits(),
            owl: self.owl.limits(),
            semeai: self.semeai_limits,
            combination: self.combination_limits(),
            connection: self.connection.limits(),
        }
    }

    /// Replaces the limits of the console's searches; the reader's and
    /// owl's caches are cleared when their limits change, as their answers
    /// depend on them.
    pub fn set_limits(&mut self, limits: &SearchLimits) {
        if self.reader.limits() != limits.reading {
            self.reader.set_limits(limits.reading);
        }
        if self.owl.limits() != limits.owl {
            self.owl.set_limits(limits.owl);
        }
        self.semeai_limits = limits.semeai;
        self.combination_limits = Some(limits.combination);
        self.connection.set_limits(limits.connection);
        self.judged = None;
    }

    /// The limits of each combination search.
    fn combination_limits(&self) -> AaLimits {
        self.combination_limits.unwrap_or_default()
    }

    /// The limits hit since the engine was made or
    /// [`Engine::reset_limit_hits`] (GTP `get_limit_hits`).
    #[must_use]
    pub fn limit_hits(&self) -> LimitHits {
        LimitHits {
            journal: self.board.journal_full_count(),
            ..self.hits
        }
    }

    /// Sets every count of [`Engine::limit_hits`] to zero (GTP
    /// `reset_limit_hits`).
    pub fn reset_limit_hits(&mut self) {
        self.board.reset_journal_full_count();
        self.hits = LimitHits::default();
    }

    /// The komi.
    #[must_use]
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Sets the komi.
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// Number of `trymove`s not yet taken back with `popgo`.
    #[must_use]
    pub fn trymoves_pending(&self) -> usize {
        self.tries
    }

    /// Empties the board (keeping its size), forgets the game record and
    /// any pending `trymove`s (GTP `clear_board`).
    pub fn clear(&mut self) {
        self.judged = None;
        self.board.clear();
        self.history.clear();
        self.passes = 0;
        self.tries = 0;
    }

    /// Sets the board size (1..=19) and clears as [`Engine::clear`] does
    /// (GTP `boardsize`). On error nothing changes.
    pub fn resize(&mut self, size: usize) -> Result<(), SizeError> {
        self.board.resize(size)?;
        self.judged = None;
        self.clear();
        Ok(())
    }

    /// Puts a setup stone on `p`, or empties it with `None`, without
    /// captures (SGF `AB`/`AW`/`AE`). `undo` does not go back past it.
    pub fn set_stone(&mut self, p: Point, color: Option<Color>) -> Result<(), GameError> {
        if self.tries > 0 {
            return Err(GameError::TrymovePending);
        }
        self.board.set_stone(p, color).map_err(GameError::Illegal)?;
        self.history.push(Entry::Stone(p, color));
        self.passes = 0;
        Ok(())
    }

    /// Plays a game move (GTP `play`) and commits it; answers the number
    /// of stones captured.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<usize, GameError> {
        if self.tries > 0 {
            return Err(GameError::TrymovePending);
        }
        let captured = self.board.play(color, mv).map_err(GameError::Illegal)?;
        self.board.commit();
        self.history.push(Entry::Move(color, mv));
        self.count_pass(mv);
        Ok(captured)
    }

    /// Plays a move of a recorded game as GNU Go's SGF loader does: like
    /// [`Engine::play`], but a move that retakes a ko is played, and so is
    /// a suicide (its string is removed and counts as the opponent's
    /// captures). An occupied point is still refused.
    pub fn play_recorded(&mut self, color: Color, mv: Move) -> Result<usize, GameError> {
        if self.tries > 0 {
            return Err(GameError::TrymovePending);
        }
        let captured = play_recorded(&mut self.board, color, mv).map_err(GameError::Illegal)?;
        self.board.commit();
        self.history.push(Entry::Move(color, mv));
        self.count_pass(mv);
        Ok(captured)
    }

    /// Sets the side to move (SGF `PL`, or the colour a loaded game
    /// continues with).
    pub fn set_to_move(&mut self, color: Color) -> Result<(), GameError> {
        if self.tries > 0 {
            return Err(GameError::TrymovePending);
        }
        self.board.set_to_move(color);
        self.history.push(Entry::ToMove(color));
        Ok(())
    }

    /// The status of every stone as `final_status_list` judges it (dead
    /// stones, seki, and the stones owl could not settle). Reads every
    /// dragon; the board is left as it was found. The judgement of an
    /// unchanged board (same stones, ko point and side to move) is
    /// remembered.
    pub fn final_statuses(&mut self) -> FinalStatuses {
        let hash = self.board.hash();
        if let Some((h, f)) = self.judged
            && h == hash
        {
            return f;
        }
        let f = score::final_statuses(self);
        self.judged = Some((hash, f));
        f
    }

    /// Takes back the last game move (GTP `undo`) by replaying the record
    /// without it from an empty board.
    pub fn undo(&mut self) -> Result<(), GameError> {
        if self.tries > 0 {
            return Err(GameError::TrymovePending);
        }
        if !self.history.pop_move() {
            return Err(GameError::CannotUndo);
        }
        self.board.clear();
        self.passes = 0;
        for entry in self.history.entries() {
            match *entry {
                Entry::Stone(p, color) => {
                    let _ = self.board.set_stone(p, color);
                    self.passes = 0;
                }
                Entry::Move(color, mv) => {
                    if play_recorded(&mut self.board, color, mv).is_ok() {
                        self.board.commit();
                    }
                    self.passes = match mv {
                        Move::Pass => self.passes.saturating_add(1),
                        Move::Play(_) => 0,
                    };
                }
                Entry::ToMove(color) => self.board.set_to_move(color),
            }
        }
        Ok(())
    }

    /// Passes in a row at the end of the game: each game move that is a
    /// pass adds one, any other move or a setup stone resets the count, as
    /// do `clear_board` and `boardsize`; `undo` takes the pass back. Two
    /// end the game ([`crate::link`] hands the count to the board's
    /// referee).
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The last game move of the record, if `undo` can take it back:
    /// `None` when no move was played, setup stones were placed after it,
    /// or the record overflowed [`HISTORY_CAPACITY`].
    #[must_use]
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.last_move()
    }

    fn count_pass(&mut self, mv: Move) {
        self.passes = match mv {
            Move::Pass => self.passes.saturating_add(1),
            Move::Play(_) => 0,
        };
    }
}

/// [`Engine::play_recorded`] on a board: a ko retake or a suicide is
/// played too. The record replays through it, so a recorded move always
/// comes back (GTP `play` records legal moves only, which it plays alike).
fn play_recorded(board: &mut ConsoleBoard, color: Color, mv: Move) -> Result<usize, PlayError> {
    let Move::Play(p) = mv else {
        return board.play(color, mv);
    };
    match board.check_move(color, p) {
        Err(PlayError::Ko) => board.play_ignoring_ko(color, p),
        Err(PlayError::Suicide) => {
            let allow = board.allow_suicide();
            board.set_allow_suicide(true);
            let result = board.play(color, mv);
            board.set_allow_suicide(allow);
            result
        }
        _ => board.play(color, mv),
    }
}

/// The points of a `size`×`size` board, top row first, left to right
/// (the order GNU Go lists stones in).
pub(crate) fn scan(size: usize) -> impl Iterator<Item = Point> {
    (0..size)
        .rev()
        .flat_map(move |row| (0..size).filter_map(move |col| Point::new(col, row)))
}

/// Writes the points of `set` separated by spaces, in [`scan`] order.
pub(crate) fn write_points(out: &mut Answer<'_>, size: usize, set: &owlet_board::PointSet) {
    let mut first = true;
    for q in scan(size).filter(|&q| set.contains(q)) {
        if !first {
            out.push_str(" ");
        }
        first = false;
        let _ = write!(out, "{q}");
    }
}

/// Writes the built-in and extension commands, merged in byte order, one
/// per line.
fn list_commands(extra: &[&str], out: &mut Answer<'_>) {
    let mut last: Option<&str> = None;
    loop {
        let next = COMMANDS
            .iter()
            .chain(extra.iter())
            .copied()
            .filter(|c| last.is_none_or(|l| *c > l))
            .min();
        let Some(next) = next else {
            break;
        };
        if last.is_some() {
            out.push_str("\n");
        }
        out.push_str(next);
        last = Some(next);
    }
}

#[cfg(test)]
mod tests;
