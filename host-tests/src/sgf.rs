//! Loading SGF games into the console's [`Engine`], with GNU Go's
//! `loadsgf FILE [N|VERTEX]` meaning.
//!
//! The file is parsed with `sgf-parse`; the first game of a collection is
//! used and its main line (first variation) is followed. Root `SZ` sets the
//! size (default 19), `KM` the komi (GNU Go's 5.5, or 0.5 with `HA`, when
//! absent); `AB`/`AW`/`AE` place setup stones, `B`/`W`
//! play moves, `PL` sets the side to move (`PL[1]`/`PL[2]` of old files too). The loader stops before move N
//! (counted from 1, passes included) or before the first move at VERTEX:
//! nothing of that node is applied, and the colour of that move is the one
//! to move. Otherwise the whole main line is loaded and the side to move is
//! the opponent of the last move played (white after `HA` without moves),
//! unless `PL` says otherwise.
//!
//! Like GNU Go, text before the first `(` is skipped and a file that goes
//! wrong part-way is read up to the fault; a setup stone on an occupied point and an illegal move are
//! skipped with a warning; a move off the board (`tt` on 19×19) is a pass.
//! Unlike GNU Go, other games (`GM` not 1) and non-square boards are refused.
//!
//! The file is parsed and checked before the engine is touched: an error
//! leaves the engine unchanged.

use std::fmt;
use std::path::Path;

use owlet_board::{Color, MAX_SIZE, Move, Point};
use owlet_firmware::Engine;
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, ParseOptions, SgfNode};

/// Where loading stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Until {
    /// Load the whole main line.
    End,
    /// Stop before this move (1 is the first). As in GNU Go, 0 or less
    /// stops before the first pass (and loads everything if none).
    Move(i64),
    /// Stop before the first move at this vertex (`pass` allowed), read
    /// against the game's board size; as in GNU Go, text that is not a
    /// vertex of the board means `pass`.
    Vertex(String),
}

impl Until {
    /// GNU Go's reading of the optional `loadsgf` argument: a number if it
    /// starts with one, otherwise a vertex.
    #[must_use]
    pub fn from_arg(arg: Option<&str>) -> Until {
        let Some(arg) = arg else {
            return Until::End;
        };
        let digits = arg
            .strip_prefix(['-', '+'])
            .unwrap_or(arg)
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Until::Vertex(arg.to_string());
        }
        let sign = usize::from(arg.starts_with(['-', '+']));
        let number: i64 = arg
            .get(sign..sign + digits)
            .and_then(|d| d.parse().ok())
            .unwrap_or(i64::MAX);
        Until::Move(if arg.starts_with('-') {
            -number
        } else {
            number
        })
    }
}

/// Why a game could not be loaded. The engine is unchanged.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// Not SGF, an empty collection, or not a game of Go.
    Parse(String),
    /// A board size owlet does not play (not square, or not 1..=19).
    Size(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "cannot read: {e}"),
            LoadError::Parse(e) => write!(f, "cannot parse: {e}"),
            LoadError::Size(e) => write!(f, "unsupported board size {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A loaded game.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The side to move, as `loadsgf` answers it.
    pub to_move: Color,
    /// Skipped setup stones and moves, in GNU Go's words.
    pub warnings: Vec<String>,
}

/// Reads and loads the SGF file at `path`. Bytes that are not UTF-8 (old
/// files in other encodings) are replaced; only property values suffer.
pub fn load_file(engine: &mut Engine, path: &Path, until: &Until) -> Result<Loaded, LoadError> {
    let bytes = std::fs::read(path).map_err(LoadError::Io)?;
    load_str(engine, &String::from_utf8_lossy(&bytes), until)
}

/// Loads SGF `text`.
pub fn load_str(engine: &mut Engine, text: &str, until: &Until) -> Result<Loaded, LoadError> {
    let trees = parse(text)?;
    let tree = trees
        .first()
        .ok_or_else(|| LoadError::Parse("no game".to_string()))?;
    let GameTree::GoGame(root) = tree else {
        return Err(LoadError::Parse("not a game of Go".to_string()));
    };
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h && (1..=MAX_SIZE).contains(&usize::from(*w)) => {
            usize::from(*w)
        }
        Some(Prop::SZ((w, h))) if w == h => return Err(LoadError::Size(w.to_string())),
        Some(Prop::SZ((w, h))) => return Err(LoadError::Size(format!("{w}:{h}"))),
        Some(_) => return Err(LoadError::Size("(invalid SZ)".to_string())),
        None => 19,
    };
    let stop = match until {
        Until::End => Stop::Never,
        Until::Move(n) if *n <= 0 => Stop::AtMove(Move::Pass),
        Until::Move(n) => Stop::AtNumber(*n),
        // GNU Go reads a vertex it cannot parse as a pass.
        Until::Vertex(v) => Stop::AtMove(Move::from_vertex(v, size).unwrap_or(Move::Pass)),
    };
    Ok(apply(engine, root, size, stop))
}

/// Parses like GNU Go's reader, which is forgiving: text before the first
/// `(` is skipped, and a file that breaks off or goes wrong part-way is
/// read up to the fault (`sgf-parse`'s lenient mode).
fn parse(text: &str) -> Result<Vec<GameTree>, LoadError> {
    let Some(start) = text.find('(') else {
        return Err(LoadError::Parse("no game tree".to_string()));
    };
    let text = &text[start..];
    match sgf_parse::parse(text) {
        Ok(trees) => Ok(trees),
        Err(strict) => {
            let lenient = ParseOptions {
                lenient: true,
                ..ParseOptions::default()
            };
            match sgf_parse::parse_with_options(text, &lenient) {
                Ok(trees) if !trees.is_empty() => Ok(trees),
                _ => Err(LoadError::Parse(strict.to_string())),
            }
        }
    }
}

enum Stop {
    Never,
    AtNumber(i64),
    AtMove(Move),
}

/// The SGF point as a move on a board of `size`; off the board is a pass.
fn sgf_move(p: &go::Point, size: usize) -> Move {
    let (x, y) = (usize::from(p.x), usize::from(p.y));
    if x < size && y < size {
        Point::new(x, size - 1 - y).map_or(Move::Pass, Move::Play)
    } else {
        Move::Pass
    }
}

fn sgf_point(p: &go::Point, size: usize) -> Option<Point> {
    match sgf_move(p, size) {
        Move::Play(q) => Some(q),
        Move::Pass => None,
    }
}

/// The colour of a `PL` property; old files write `PL[1]` / `PL[2]`.
fn player(prop: &Prop) -> Option<Color> {
    match prop {
        Prop::PL(sgf_parse::Color::Black) => Some(Color::Black),
        Prop::PL(sgf_parse::Color::White) => Some(Color::White),
        Prop::Invalid(_, values) => match values.first().map(String::as_str) {
            Some("1") => Some(Color::Black),
            Some("2") => Some(Color::White),
            _ => None,
        },
        _ => None,
    }
}

fn apply(engine: &mut Engine, root: &SgfNode<Prop>, size: usize, stop: Stop) -> Loaded {
    let mut warnings = Vec::new();
    // The size was checked, so this cannot fail.
    let _ = engine.resize(size);
    let handicap = matches!(root.get_property("HA"), Some(Prop::HA(_)));
    let komi = match root.get_property("KM") {
        Some(Prop::KM(komi)) => *komi as f32,
        _ if handicap => 0.5,
        _ => 5.5,
    };
    engine.set_komi(komi);
    let mut to_move = if handicap { Color::White } else { Color::Black };
    let mut number = 0i64;
    for node in root.main_variation() {
        let mv = node.properties().find_map(|prop| match prop {
            Prop::B(m) => Some((Color::Black, *m)),
            Prop::W(m) => Some((Color::White, *m)),
            _ => None,
        });
        let mv = mv.map(|(color, m)| {
            let m = match m {
                go::Move::Pass => Move::Pass,
                go::Move::Move(p) => sgf_move(&p, size),
            };
            (color, m)
        });
        if let Some((color, m)) = mv {
            number += 1;
            let stop_here = match stop {
                Stop::Never => false,
                Stop::AtNumber(n) => number == n,
                Stop::AtMove(at) => m == at,
            };
            if stop_here {
                let _ = engine.set_to_move(color);
                return Loaded {
                    to_move: color,
                    warnings,
                };
            }
        }
        for prop in node.properties() {
            let (points, color) = match prop {
                Prop::AB(points) => (points, Some(Color::Black)),
                Prop::AW(points) => (points, Some(Color::White)),
                Prop::AE(points) => (points, None),
                _ => continue,
            };
            // Sets have no order; sort for reproducible warnings.
            let mut points: Vec<Point> = points.iter().filter_map(|p| sgf_point(p, size)).collect();
            points.sort();
            for p in points {
                if color.is_some() && engine.board().color_at(p).is_some() {
                    warnings.push(format!(
                        "Illegal SGF! attempt to add a stone at occupied point {p}"
                    ));
                    continue;
                }
                let _ = engine.set_stone(p, color);
            }
        }
        if let Some((color, m)) = mv {
            match engine.play(color, m) {
                Ok(_) => to_move = color.opponent(),
                Err(_) => warnings.push(format!("Move at {m} ignored: illegal")),
            }
        }
        if let Some(color) = node.get_property("PL").and_then(player) {
            to_move = color;
        }
    }
    let _ = engine.set_to_move(to_move);
    Loaded { to_move, warnings }
}
