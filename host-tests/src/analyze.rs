//! `owlet analyze`: what owlet sees in a position — each dragon's status,
//! eye spaces and their values, combination threats — as text, JSON or an
//! SVG picture, for one SGF file or many.
//!
//! Owns: [`Options`] (the node limits of one position's analysis),
//! [`analyze_file`] / [`analyze_engine`] building a [`Report`], the
//! renderers [`text`] (a board diagram, ANSI colour optional) and [`svg`]
//! (a small SVG writer), [`Report::to_json`] (serde), and [`batch`]
//! (several files in parallel with rayon, one JSON line each, an indicatif
//! progress bar).
//!
//! The analysis of a position:
//! - Dragons: [`owlet_owl::dragon_stones`] over every stone; each is read
//!   by owl as [`owlet_owl::Owl::status`] does (an attack search, then a
//!   defence search if the attack succeeds). A search that hits its node
//!   limit makes the dragon [`Status::Unknown`], and so does a spent
//!   per-position budget ([`Options::owl_nodes`]): no search is started
//!   for the dragons after that.
//! - Eye spaces: owlet-optics' domains and eye spaces of both colours over
//!   the whole board, each valued by `compute_eyes` (as `eval_eye`
//!   values the space through a point), with its vital points.
//!   One-point spaces are called half eyes (value `b` 0, `c` 1: the
//!   attacker's move there takes the eye away, the defender's makes it)
//!   or false eyes (value 0000). The pass's tactical reads that hit the
//!   reading node limit and the analyses the eye solver cut at its node
//!   budget or line depth are counted in [`Limits`]. Omits: half and
//!   false eye points inside larger spaces (optics computes them inside
//!   `compute_eyes` and does not expose them).
//! - Score: the console's `final_score` judgement
//!   ([`owlet_firmware::Engine::final_statuses`]: dead stones by
//!   unconditional status, eye analysis and owl within a node budget;
//!   seki; area counting), with the stones it could not settle listed
//!   as uncertain ([`ScoreReport`]).
//! - Combinations: owlet-combination's [`find_combination`] for each
//!   colour (the first move and the size of the smallest string it
//!   captures).
//!
//! Points are written as GTP vertices (`A1`…`T19`) everywhere in a
//! [`Report`].

use std::path::{Path, PathBuf};

use owlet_board::{Code, Color, Point, PointSet, Reader, ReadingLimits};
use owlet_combination::{AaLimits, find_combination};
use owlet_firmware::gtp::ConsoleBoard;
use owlet_firmware::{Engine, SearchLimits};
use owlet_optics::eyes::{compute_eyes, dead_stones, domains, eye_space};
use owlet_optics::{MAX_VERTICES, Solver};
use owlet_owl::{Owl, OwlLimits, dragon_stones};
use serde::Serialize;

use crate::sgf::{self, LoadError, Until};

pub mod batch;
pub mod cli;
pub mod svg;
pub mod text;

/// Node limits of one position's analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Owl nodes for all the dragons of a position together; once spent,
    /// the remaining dragons are [`Status::Unknown`]. 0 skips owl.
    pub owl_nodes: u32,
    /// Owl nodes per search (owlet-owl's `OwlLimits::node_limit`).
    pub owl_search_nodes: u32,
    /// Combination threats tried per colour (owlet-combination's node
    /// limit); 0 skips the search.
    pub aa_nodes: u32,
    /// Tactical reading nodes per reading call inside the combination
    /// search.
    pub aa_reading_nodes: u32,
}

impl Default for Options {
    /// Owl's default limit per search, four searches' worth per position;
    /// owlet-combination's default limits ([`Options::following`] the
    /// default [`SearchLimits`]).
    fn default() -> Self {
        Options::following(&SearchLimits::default())
    }
}

impl Options {
    /// The options that follow a console's limits: its owl node limit per
    /// search, four searches' worth per position, and its combination
    /// search's node limits.
    #[must_use]
    pub fn following(limits: &SearchLimits) -> Options {
        Options {
            owl_nodes: limits.owl.node_limit.saturating_mul(4),
            owl_search_nodes: limits.owl.node_limit,
            aa_nodes: limits.combination.node_limit,
            aa_reading_nodes: limits.combination.reading.node_limit,
        }
    }
}

/// A dragon's status as reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Owl cannot kill it.
    Alive,
    /// Owl cannot save it.
    Dead,
    /// Whoever moves first decides.
    Critical,
    /// A search hit its node limit, or the position's budget was spent.
    Unknown,
}

impl Status {
    /// The lowercase name (`alive`, `dead`, `critical`, `unknown`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Critical => "critical",
            Status::Unknown => "unknown",
        }
    }
}

/// One dragon.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dragon {
    /// `black` or `white`.
    pub color: &'static str,
    /// Its stones, in board order (A1, B1, …, A2, …).
    pub stones: Vec<String>,
    /// Owl's verdict.
    pub status: Status,
    /// Where the attacker kills (critical dragons; for unknown ones the
    /// kill found before the limit, if any).
    pub attack: Option<String>,
    /// Where the defender lives (critical dragons).
    pub defense: Option<String>,
    /// The kill or the save needs a ko.
    pub ko: bool,
    /// Owl nodes its searches visited.
    pub owl_nodes: u32,
}

/// What a one-point eye space is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EyeKind {
    /// A whole eye whoever moves.
    Eye,
    /// An eye if the owner plays first, none if the opponent does.
    Half,
    /// No eye.
    False,
}

/// One eye space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EyeSpace {
    /// Whose eye space it is: `black` or `white`.
    pub color: &'static str,
    /// Its points (empty points and dead opponent stones), board order.
    pub points: Vec<String>,
    /// Its marginal points.
    pub marginal: Vec<String>,
    /// The four-digit value (`abcd`: eyes if the attacker moves first
    /// twice, first, if the defender moves first, first twice).
    pub value: String,
    /// Where the attacker plays to reduce it.
    pub attack: Option<String>,
    /// Where the owner plays to raise it.
    pub defense: Option<String>,
    /// False when the value is the solver's estimate (large spaces).
    pub exact: bool,
    /// For one-point spaces: eye, half eye or false eye.
    pub kind: Option<EyeKind>,
}

/// A combination attack found for one colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Threat {
    /// The attacker: `black` or `white`.
    pub color: &'static str,
    /// The attacker's first move.
    pub attack: String,
    /// Stones in the smallest string it captures.
    pub size: usize,
}

/// Limits hit while a position was analysed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Dragons whose owl search hit its node limit (status `unknown`).
    pub owl: u32,
    /// Dragons not searched because the position's owl budget
    /// ([`Options::owl_nodes`]) was spent (status `unknown`).
    pub owl_budget: u32,
    /// Combination searches cut by their node limit.
    pub combination: u32,
    /// Tactical reads of the eye pass (which stones are dead, eye spaces,
    /// half and false eyes) cut by the reading node limit.
    pub reading: u32,
    /// Eye spaces whose analysis the eye solver cut at its node budget or
    /// line depth (value an estimate, `exact` false). A space too large
    /// for the solver is valued by the estimate by design and not
    /// counted.
    pub eye: u32,
    /// Moves refused because the board's undo journal was full.
    pub journal: u32,
}

/// The count of the position as the console's `final_score` makes it:
/// dead stones off, area scoring, komi deducted from black.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreReport {
    /// GNU Go's form: `B+3.5`, `W+0.5` or `0`.
    pub result: String,
    /// Black's live stones and territory.
    pub black_area: u16,
    /// White's live stones and territory.
    pub white_area: u16,
    /// The komi.
    pub komi: f32,
    /// Stones judged dead, board order.
    pub dead: Vec<String>,
    /// Live stones in seki, board order.
    pub seki: Vec<String>,
    /// Stones of dragons whose owl reading hit a limit or the scoring
    /// budget: judged alive, but not settled by reading.
    pub uncertain: Vec<String>,
}

impl ScoreReport {
    /// Judges and counts the engine's position (`final_statuses`).
    pub fn of(engine: &mut Engine) -> ScoreReport {
        let statuses = engine.final_statuses();
        let s = statuses.score(engine.board());
        let (black, white) = (s.area(Color::Black), s.area(Color::White));
        let komi = engine.komi();
        ScoreReport {
            result: s.area_result(komi).to_string(),
            black_area: black,
            white_area: white,
            komi,
            dead: vertices(&statuses.dead),
            seki: vertices(&statuses.seki),
            uncertain: vertices(&statuses.uncertain),
        }
    }
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The file, as given.
    pub file: String,
    /// `--move N`: the position before move N; `None` for the end.
    pub until_move: Option<i64>,
    /// Board size.
    pub size: usize,
    /// Moves loaded (passes included).
    pub moves: usize,
    /// The side to move: `black` or `white`.
    pub to_move: &'static str,
    /// The last move loaded (`PASS` for a pass).
    pub last_move: Option<String>,
    /// The board, top row first: `X` black, `O` white, `.` empty.
    pub board: Vec<String>,
    /// Every dragon, in board order of its first stone.
    pub dragons: Vec<Dragon>,
    /// Every eye space, black's first, each in board order of its first
    /// point.
    pub eye_spaces: Vec<EyeSpace>,
    /// Combination attacks: at most one per colour, black's first.
    pub combinations: Vec<Threat>,
    /// Both colours' combination searches were complete (no node limit
    /// reached).
    pub combinations_complete: bool,
    /// Owl nodes spent on the position.
    pub owl_nodes: u64,
    /// The limits hit: each may have changed what is reported.
    pub limits: Limits,
    /// The count as `final_score` makes it (set by [`analyze_file`]).
    pub score: Option<ScoreReport>,
    /// Loader warnings (skipped setup stones, illegal moves).
    pub warnings: Vec<String>,
}

impl Report {
    /// One line of JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        // A Report holds only strings, numbers and booleans: serialising
        // cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The point of a vertex written by this report.
    #[must_use]
    pub fn point(&self, vertex: &str) -> Option<Point> {
        Point::from_vertex(vertex, self.size).ok()
    }
}

/// Why a file could not be analysed.
#[derive(Debug)]
pub struct FileError {
    /// The file.
    pub file: PathBuf,
    /// What went wrong.
    pub error: LoadError,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.error)
    }
}

impl std::error::Error for FileError {}

/// [`analyze_file`], with a panic (a bug) caught and turned into the
/// file's error, so that a batch goes on with the other files.
pub fn analyze_file_caught(
    path: &Path,
    until: Option<i64>,
    options: &Options,
) -> Result<Report, FileError> {
    std::panic::catch_unwind(|| analyze_file(path, until, options)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        Err(FileError {
            file: path.to_path_buf(),
            error: LoadError::Internal(message),
        })
    })
}

/// Loads `path` (the position before move `until`, or the end) and
/// analyses it.
pub fn analyze_file(
    path: &Path,
    until: Option<i64>,
    options: &Options,
) -> Result<Report, FileError> {
    let fail = |error| FileError {
        file: path.to_path_buf(),
        error,
    };
    let mut engine = Box::new(Engine::new());
    let stop = until.map_or(Until::End, Until::Move);
    let loaded = sgf::load_file(&mut engine, path, &stop).map_err(fail)?;
    let mut report = analyze_engine(&engine, options);
    report.score = Some(ScoreReport::of(&mut engine));
    report.file = path.display().to_string();
    report.until_move = until;
    report.moves = loaded.moves;
    report.last_move = loaded.last_move.map(|m| m.to_string());
    report.warnings = loaded.warnings;
    Ok(report)
}

fn vertices(set: &PointSet) -> Vec<String> {
    let mut points: Vec<Point> = set.iter().collect();
    points.sort_by_key(|p| (p.row(), p.col()));
    points.iter().map(ToString::to_string).collect()
}

fn vertex(p: Option<Point>) -> Option<String> {
    p.map(|p| p.to_string())
}

/// Analyses the engine's position (the engine is not changed) within
/// `options` and the engine's other limits (tactical reading, owl's but
/// its node limit). The report's file fields are left empty.
#[must_use]
pub fn analyze_engine(engine: &Engine, options: &Options) -> Report {
    let mut board: Box<ConsoleBoard> = Box::new(engine.board().clone());
    board.reset_journal_full_count();
    let mut hits = Limits::default();
    let engine_limits = engine.limits();
    let mut reader: Box<Reader> = Box::new(Reader::new());
    if reader.limits() != engine_limits.reading {
        reader.set_limits(engine_limits.reading);
    }
    let mut solver: Box<Solver> = Box::new(Solver::new());
    let mut owl: Box<Owl> = Box::new(Owl::new());
    let size = board.size();
    let rows = (0..size)
        .rev()
        .map(|row| {
            (0..size)
                .filter_map(|col| Point::new(col, row))
                .map(|p| match board.color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();

    // Dragons, in board order (A1, B1, ...).
    let mut points: Vec<Point> = board.points().collect();
    points.sort_by_key(|p| (p.row(), p.col()));
    let mut seen = PointSet::new();
    let mut found = Vec::new();
    for &p in &points {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if seen.contains(p) {
            continue;
        }
        let stones = dragon_stones(&*board, p);
        let mut weakest = usize::MAX;
        for q in stones.iter() {
            seen.insert(q);
            weakest = weakest.min(board.liberty_count(q));
        }
        found.push((p, color, stones, weakest));
    }
    // Owl reads the weakest dragons first (fewest liberties of a string,
    // then fewest stones), so a spent budget leaves out the safest ones.
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&i| (found[i].3, found[i].2.len(), i));
    let mut dragons: Vec<Dragon> = found
        .iter()
        .map(|(_, color, stones, _)| Dragon {
            color: color.name(),
            stones: vertices(stones),
            status: Status::Unknown,
            attack: None,
            defense: None,
            ko: false,
            owl_nodes: 0,
        })
        .collect();
    let mut spent = 0u64;
    for i in order {
        let left = u64::from(options.owl_nodes).saturating_sub(spent);
        if left == 0 {
            if options.owl_nodes > 0 {
                hits.owl_budget = hits.owl_budget.saturating_add(1);
            }
            continue;
        }
        let limit = u32::try_from(left)
            .unwrap_or(u32::MAX)
            .min(options.owl_search_nodes);
        let limits = OwlLimits {
            node_limit: limit,
            ..engine_limits.owl
        };
        if owl.limits() != limits {
            owl.set_limits(limits);
        }
        let dragon = &mut dragons[i];
        owl_status(
            &mut board,
            &mut reader,
            &mut solver,
            &mut owl,
            found[i].0,
            dragon,
        );
        spent += u64::from(dragon.owl_nodes);
        if dragon.status == Status::Unknown {
            hits.owl = hits.owl.saturating_add(1);
        }
    }

    let (reading_hits, eye_hits) = (reader.limit_hits(), solver.limit_hits());
    let eye_spaces = eye_spaces(&mut board, &mut reader, &mut solver, &points);
    hits.reading = reader.limit_hits().saturating_sub(reading_hits);
    hits.eye = solver.limit_hits().saturating_sub(eye_hits);

    let mut combinations = Vec::new();
    let mut complete = true;
    if options.aa_nodes > 0 {
        let defaults = AaLimits::default();
        let limits = AaLimits {
            node_limit: options.aa_nodes,
            reading: ReadingLimits {
                node_limit: options.aa_reading_nodes,
                ..defaults.reading
            },
            ..defaults
        };
        for color in [Color::Black, Color::White] {
            let (found, stats) = find_combination(&mut *board, &mut *reader, color, &limits);
            complete &= !stats.node_limit_hit && !stats.journal_full;
            if stats.node_limit_hit {
                hits.combination = hits.combination.saturating_add(1);
            }
            if let Some(c) = found {
                combinations.push(Threat {
                    color: color.name(),
                    attack: c.attack.to_string(),
                    size: c.size,
                });
            }
        }
    }

    Report {
        file: String::new(),
        until_move: None,
        size,
        moves: 0,
        to_move: board.to_move().name(),
        last_move: None,
        board: rows,
        dragons,
        eye_spaces,
        combinations,
        combinations_complete: complete && options.aa_nodes > 0,
        owl_nodes: spent,
        limits: Limits {
            journal: board.journal_full_count(),
            ..hits
        },
        score: None,
        warnings: Vec::new(),
    }
}

/// Owl's status of the dragon through `p`, as `Owl::status` reads it,
/// with the limits and nodes of its searches.
fn owl_status(
    board: &mut ConsoleBoard,
    reader: &mut Reader,
    solver: &mut Solver,
    owl: &mut Owl,
    p: Point,
    dragon: &mut Dragon,
) {
    let attack = owl.attack(board, reader, solver, p);
    dragon.owl_nodes = attack.nodes;
    if attack.code == Code::Fail {
        dragon.status = if attack.limit_hit {
            Status::Unknown
        } else {
            Status::Alive
        };
        return;
    }
    dragon.attack = vertex(attack.point);
    let defend = owl.defend(board, reader, solver, p);
    dragon.owl_nodes = dragon.owl_nodes.saturating_add(defend.nodes);
    dragon.ko = attack.code != Code::Win || matches!(defend.code, Code::KoA | Code::KoB);
    dragon.status = if attack.limit_hit || defend.limit_hit {
        Status::Unknown
    } else if defend.code == Code::Fail {
        dragon.attack = None;
        dragon.ko = attack.code != Code::Win;
        Status::Dead
    } else {
        dragon.defense = vertex(defend.point);
        Status::Critical
    };
}

/// Every eye space of both colours, valued.
fn eye_spaces(
    board: &mut ConsoleBoard,
    reader: &mut Reader,
    solver: &mut Solver,
    points: &[Point],
) -> Vec<EyeSpace> {
    let dead = dead_stones(board, reader);
    let (black, white) = domains(board, &dead, Color::Black);
    let mut out = Vec::new();
    for (color, own, other) in [
        (Color::Black, &black, &white),
        (Color::White, &white, &black),
    ] {
        let mut covered = PointSet::new();
        for &p in points {
            if covered.contains(p) {
                continue;
            }
            let Some((space, marginal)) =
                eye_space(board, reader, &dead, own, other, color.opponent(), p)
            else {
                continue;
            };
            let eye = compute_eyes(board, reader, solver, color, &space, &marginal, &dead);
            // optics stops growing a space past 4 × MAX_VERTICES points
            // (its value is then an estimate): report the whole region of
            // open points in the colour's domain instead.
            let space = if space.len() > 4 * MAX_VERTICES {
                region(board, &dead, own, &space)
            } else {
                space
            };
            for q in space.iter() {
                covered.insert(q);
            }
            let v = eye.value;
            let kind = (space.len() == 1).then(|| {
                if v.max_eyes() == 0 {
                    EyeKind::False
                } else if v.min_eyes() == 0 {
                    EyeKind::Half
                } else {
                    EyeKind::Eye
                }
            });
            out.push(EyeSpace {
                color: color.name(),
                points: vertices(&space),
                marginal: vertices(&marginal),
                value: format!("{}{}{}{}", v.a, v.b, v.c, v.d),
                attack: vertex(eye.attack),
                defense: vertex(eye.defense),
                exact: eye.exact,
                kind,
            });
        }
    }
    out
}

/// The connected points around `start` that are empty or dead stones and
/// in the domain `own`.
fn region(board: &ConsoleBoard, dead: &PointSet, own: &PointSet, start: &PointSet) -> PointSet {
    let mut out = *start;
    let mut stack: Vec<Point> = start.iter().collect();
    while let Some(q) = stack.pop() {
        for n in q.neighbors() {
            if board.is_on_board(n)
                && !out.contains(n)
                && own.contains(n)
                && (board.color_at(n).is_none() || dead.contains(n))
            {
                out.insert(n);
                stack.push(n);
            }
        }
    }
    out
}

/// The `.sgf` files under `path` (the file itself when it is not a
/// directory), sorted, and the directories that could not be listed.
/// Symbolic links to directories are not followed (a link to a parent
/// would loop).
#[must_use]
pub fn sgf_files(path: &Path) -> (Vec<PathBuf>, Vec<(PathBuf, std::io::Error)>) {
    if !path.is_dir() {
        return (vec![path.to_path_buf()], Vec::new());
    }
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                errors.push((dir, e));
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    errors.push((dir.clone(), e));
                    continue;
                }
            };
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    (out, errors)
}
