//! Loading SGF games into the console's [`Engine`], with GNU Go's
//! `loadsgf FILE [N|VERTEX]` meaning.
//!
//! Only the main line (first variation) of the first game of a collection
//! is read, as a stream: the reader keeps the current node's properties
//! and one byte per node of the first game, builds no tree, and skips the
//! other variations and games unparsed, so a 150,000-move game loads in
//! bounded stack and memory. A property's values mean what `sgf-parse`
//! says they mean ([`sgf_parse::SgfProp::new`]), and the structure is
//! read as `sgf-parse`'s lenient mode reads it. Root `SZ` sets the
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
//! wrong part-way is read up to the fault; a setup stone on an occupied point is
//! skipped with a warning; a move off the board (`tt` on 19×19) is a pass; a
//! move that retakes a ko or is a suicide is played (the suicide's stones are
//! removed and count as the opponent's captures); a move on an occupied point
//! ends the loading there with GNU Go's warning, the colour of that move to
//! play.
//!
//! Files larger than [`MAX_FILE_BYTES`] and anything that is not a regular
//! file (a directory, a FIFO, a device such as `/dev/zero`) are refused
//! before they are read.
//! Unlike GNU Go, other games (`GM` not 1) and non-square boards are refused.
//!
//! The file is parsed and checked before the engine is touched: an error
//! leaves the engine unchanged.

use std::fmt;
use std::io::Read as _;
use std::path::Path;

use owlet_board::{Color, MAX_SIZE, Move, Point};
use owlet_firmware::Engine;
use sgf_parse::SgfProp as _;
use sgf_parse::go::{self, Prop};

/// The largest SGF file [`load_file`] reads: 4 MiB (GNU Go's regression
/// games are at most 60 KiB; a 1,000-game collection fits).
pub const MAX_FILE_BYTES: u64 = 4 << 20;

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
    /// The path is not a regular file (the kind is named).
    NotAFile(&'static str),
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge(u64),
    /// Not SGF, an empty collection, or not a game of Go.
    Parse(String),
    /// A board size owlet does not play (not square, or not 1..=19).
    Size(String),
    /// A bug: the work on the file panicked (`owlet analyze` catches it
    /// so that a batch goes on).
    Internal(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "cannot read: {e}"),
            LoadError::NotAFile(kind) => write!(f, "cannot read: not a regular file ({kind})"),
            LoadError::TooLarge(n) => write!(
                f,
                "cannot read: {n} bytes is larger than the {} MiB an SGF file may have",
                MAX_FILE_BYTES >> 20
            ),
            LoadError::Parse(e) => write!(f, "cannot parse: {e}"),
            LoadError::Size(e) => write!(
                f,
                "unsupported board size {e} (square boards of 1 to {} points a side)",
                owlet_board::MAX_SIZE
            ),
            LoadError::Internal(e) => write!(f, "internal error: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A loaded game.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The side to move, as `loadsgf` answers it.
    pub to_move: Color,
    /// Moves of the main line taken in (passes and skipped moves included).
    pub moves: usize,
    /// The last of them.
    pub last_move: Option<Move>,
    /// Skipped setup stones and moves, ignored properties, in GNU Go's
    /// words where GNU Go has them.
    pub warnings: Vec<String>,
}

/// The kind of a path that is not a regular file, for messages.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// Reads the SGF file at `path`: a regular file of at most
/// [`MAX_FILE_BYTES`] (checked before it is opened, so a FIFO never
/// blocks, and again while reading, so a file that grows is cut off).
/// Bytes that are not UTF-8 (old files in other encodings) are replaced;
/// only property values suffer.
pub fn read_file(path: &Path) -> Result<String, LoadError> {
    let meta = std::fs::metadata(path).map_err(LoadError::Io)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile(kind(&meta)));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(LoadError::Io)?;
    let meta = file.metadata().map_err(LoadError::Io)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile(kind(&meta)));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(LoadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(bytes.len() as u64));
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Reads and loads the SGF file at `path` (see [`read_file`]).
pub fn load_file(engine: &mut Engine, path: &Path, until: &Until) -> Result<Loaded, LoadError> {
    let text = read_file(path)?;
    load_str(engine, &text, until)
}

/// Loads SGF `text`.
pub fn load_str(engine: &mut Engine, text: &str, until: &Until) -> Result<Loaded, LoadError> {
    let mut line = MainLine::new(text)?;
    let root = line.next_node().unwrap_or_default();
    if line.game != GameType::Go {
        return Err(LoadError::Parse("not a game of Go".to_string()));
    }
    let size = match get(&root, "SZ") {
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
    Ok(apply(engine, root, line, size, stop))
}

/// The first property of `node` named `id` (as `SgfNode::get_property`).
fn get<'a>(node: &'a [Prop], id: &str) -> Option<&'a Prop> {
    node.iter().find(|p| p.identifier() == id)
}

// ---- the main line, streamed -------------------------------------------

/// A token of SGF text, as `sgf-parse`'s lexer cuts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Node,
    /// The raw identifier and the text of its values (`[..][..]`).
    Property(&'a str, &'a str),
}

/// `sgf-parse`'s lexer without allocation: `(`, `)`, `;`, or a property
/// (any ASCII up to `[`, then values with `\` escapes); the first error
/// (a non-ASCII identifier, an unclosed value, a missing value) ends the
/// tokens.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn skip_whitespace(&mut self) {
        let bytes = self.text.as_bytes();
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
    }

    fn property(&mut self) -> Option<Token<'a>> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        loop {
            match bytes.get(self.pos) {
                Some(b'[') => break,
                Some(b) if b.is_ascii() => self.pos += 1,
                _ => return None,
            }
        }
        let ident = self.text.get(start..self.pos)?;
        let values = self.pos;
        loop {
            self.skip_whitespace();
            if bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            self.pos += 1;
            let mut escaped = false;
            loop {
                match bytes.get(self.pos) {
                    None => return None,
                    Some(b']') if !escaped => break,
                    Some(b'\\') if !escaped => escaped = true,
                    Some(_) => escaped = false,
                }
                self.pos += 1;
            }
            self.pos += 1;
        }
        let values = self.text.get(values..self.pos)?;
        Some(Token::Property(ident, values))
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let token = match self.text.as_bytes().get(self.pos)? {
            b'(' => Token::Open,
            b')' => Token::Close,
            b';' => Token::Node,
            _ => {
                let token = self.property();
                if token.is_none() {
                    // An error ends the tokens.
                    self.pos = self.text.len();
                }
                return token.inspect(|_| self.skip_whitespace());
            }
        };
        self.pos += 1;
        self.skip_whitespace();
        Some(token)
    }
}

/// The values of a property token, unescaped (`\` keeps the next
/// character), as `sgf-parse` gives them to [`sgf_parse::SgfProp::new`].
fn values(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '[' {
            continue;
        }
        let mut value = String::new();
        let mut escaped = false;
        for c in chars.by_ref() {
            match c {
                ']' if !escaped => break,
                '\\' if !escaped => escaped = true,
                c => {
                    escaped = false;
                    value.push(c);
                }
            }
        }
        out.push(value);
    }
    out
}

/// An identifier as `sgf-parse` converts it: kept when all upper case,
/// otherwise its upper-case letters (FF\[3\]'s `CoPyright` is `CP`).
fn identifier(raw: &str) -> String {
    if raw.chars().all(|c| c.is_ascii_uppercase()) {
        raw.to_string()
    } else {
        raw.chars().filter(char::is_ascii_uppercase).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameType {
    Go,
    Other,
}

/// The game of the root's `GM` as `sgf-parse` (lenient) decides it: Go
/// without one, with `GM[1]`, or when `GM` is not a single integer.
fn game_type(values_text: &str) -> GameType {
    match values(values_text).as_slice() {
        [value] if value.parse::<i32>().is_ok() && value != "1" => GameType::Other,
        _ => GameType::Go,
    }
}

/// Bits of [`MainLine::lists`].
const NON_EMPTY: u8 = 1;
const MAIN: u8 = 2;

/// The main line of the first game tree, node by node, as `sgf-parse`'s
/// lenient parser would build the tree and its `main_variation` walk it:
/// a variation that opens before any node of its parent's sequence, or a
/// property outside a node, ends the game there.
///
/// Every node has a list of children; `lists` keeps two bits per list
/// (non-empty, on the main line) and `stack` the lists of the open
/// variations. A node is on the main line when it is the first child of a
/// main-line list.
struct MainLine<'a> {
    tokens: core::iter::Peekable<Lexer<'a>>,
    lists: Vec<u8>,
    stack: Vec<u32>,
    current: u32,
    done: bool,
    game: GameType,
    root_pending: bool,
}

impl<'a> MainLine<'a> {
    fn new(text: &'a str) -> Result<MainLine<'a>, LoadError> {
        let Some(start) = text.find('(') else {
            return Err(LoadError::Parse("no game tree".to_string()));
        };
        let text = text.get(start..).unwrap_or("").trim_end();
        let mut tokens = Lexer { text, pos: 0 }.peekable();
        // The game type is read from the tokens after the first two, as
        // `sgf-parse` does: the root's properties when the text starts
        // `(;`.
        let mut ahead = Lexer { text, pos: 0 };
        let first_two = (ahead.next(), ahead.next());
        let mut game = GameType::Go;
        let mut gm = 0;
        if first_two.1 != Some(Token::Close) {
            for token in ahead {
                match token {
                    Token::Property(id, v) => {
                        if id == "GM" {
                            gm += 1;
                            game = game_type(v);
                        }
                    }
                    _ => break,
                }
            }
        }
        if gm > 1 {
            game = GameType::Go;
        }
        let _ = tokens.next(); // the `(` found above
        Ok(MainLine {
            tokens,
            lists: vec![MAIN],
            stack: vec![0],
            current: 0,
            done: false,
            game,
            root_pending: true,
        })
    }

    fn flags(&self, list: u32) -> u8 {
        self.lists.get(list as usize).copied().unwrap_or(0)
    }

    /// The next node of the main line (the root first), its properties
    /// converted; `None` at the end. The root is an empty node when the
    /// game has none.
    fn next_node(&mut self) -> Option<Vec<Prop>> {
        while !self.done {
            let Some(token) = self.tokens.next() else {
                break;
            };
            match token {
                Token::Open => match self.stack.last() {
                    Some(&top) if self.flags(top) & NON_EMPTY == 0 => break,
                    _ => self.stack.push(self.current),
                },
                Token::Close => match self.stack.pop() {
                    Some(list) if !self.stack.is_empty() => self.current = list,
                    _ => break,
                },
                Token::Node => {
                    let flags = self.flags(self.current);
                    let main = flags & MAIN != 0 && flags & NON_EMPTY == 0;
                    if let Some(f) = self.lists.get_mut(self.current as usize) {
                        *f |= NON_EMPTY;
                    }
                    self.current = u32::try_from(self.lists.len()).unwrap_or(u32::MAX);
                    self.lists.push(if main { MAIN } else { 0 });
                    let mut props = Vec::new();
                    while let Some(&Token::Property(id, v)) = self.tokens.peek() {
                        if main {
                            props.push(Prop::new(identifier(id), values(v)));
                        }
                        self.tokens.next();
                    }
                    if main {
                        self.root_pending = false;
                        return Some(props);
                    }
                }
                Token::Property(..) => break,
            }
        }
        self.done = true;
        if self.root_pending {
            self.root_pending = false;
            return Some(Vec::new());
        }
        None
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

fn apply(
    engine: &mut Engine,
    root: Vec<Prop>,
    mut line: MainLine<'_>,
    size: usize,
    stop: Stop,
) -> Loaded {
    let mut loaded = Loaded {
        to_move: Color::Black,
        moves: 0,
        last_move: None,
        warnings: Vec::new(),
    };
    // The size was checked, so this cannot fail.
    let _ = engine.resize(size);
    let handicap = matches!(get(&root, "HA"), Some(Prop::HA(_)));
    let default_komi = if handicap { 0.5 } else { 5.5 };
    let komi = match get(&root, "KM") {
        Some(Prop::KM(komi)) if (*komi as f32).is_finite() => *komi as f32,
        Some(Prop::KM(komi)) => {
            loaded.warnings.push(format!(
                "Komi KM[{komi}] ignored: not a finite number (komi {default_komi})"
            ));
            default_komi
        }
        _ => default_komi,
    };
    engine.set_komi(komi);
    let mut to_move = if handicap { Color::White } else { Color::Black };
    let mut number = 0i64;
    let mut node = Some(root);
    while let Some(props) = node.take() {
        let mv = props.iter().find_map(|prop| match prop {
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
                loaded.to_move = color;
                return loaded;
            }
        }
        for prop in &props {
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
                    loaded.warnings.push(format!(
                        "Illegal SGF! attempt to add a stone at occupied point {p}"
                    ));
                    continue;
                }
                let _ = engine.set_stone(p, color);
            }
        }
        if let Some((color, m)) = mv {
            if let Move::Play(p) = m
                && engine.board().color_at(p).is_some()
            {
                // GNU Go stops here, the colour of the move to play.
                loaded.warnings.push(
                    "WARNING: Move off board or on occupied position found in sgf-file."
                        .to_string(),
                );
                loaded
                    .warnings
                    .push(format!("Move at {p} ignored, trying to proceed."));
                let _ = engine.set_to_move(color);
                loaded.to_move = color;
                return loaded;
            }
            loaded.moves += 1;
            loaded.last_move = Some(m);
            match engine.play_recorded(color, m) {
                Ok(_) => to_move = color.opponent(),
                Err(_) => loaded
                    .warnings
                    .push(format!("Move at {m} ignored: illegal")),
            }
        }
        if let Some(color) = get(&props, "PL").and_then(player) {
            to_move = color;
        }
        node = line.next_node();
    }
    let _ = engine.set_to_move(to_move);
    loaded.to_move = to_move;
    loaded
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sgf_parse::{GameTree, ParseOptions};

    /// The main line as `sgf-parse` builds and walks it (the reference).
    fn reference(text: &str) -> Option<(bool, Vec<Vec<Prop>>)> {
        let start = text.find('(')?;
        let text = &text[start..];
        let lenient = ParseOptions {
            lenient: true,
            ..ParseOptions::default()
        };
        let trees = sgf_parse::parse(text)
            .or_else(|_| sgf_parse::parse_with_options(text, &lenient))
            .ok()?;
        Some(match trees.first()? {
            GameTree::GoGame(root) => (
                true,
                root.main_variation()
                    .map(|n| n.properties().cloned().collect())
                    .collect(),
            ),
            GameTree::Unknown(_) => (false, Vec::new()),
        })
    }

    fn streamed(text: &str) -> Option<(bool, Vec<Vec<Prop>>)> {
        let mut line = MainLine::new(text).ok()?;
        let mut nodes = Vec::new();
        while let Some(node) = line.next_node() {
            nodes.push(node);
        }
        if line.game != GameType::Go {
            return Some((false, Vec::new()));
        }
        Some((true, nodes))
    }

    /// Equal main lines: properties compare as values (list properties are
    /// sets, so their order is free), or by Debug text where a value is NaN.
    fn same(a: &Option<(bool, Vec<Vec<Prop>>)>, b: &Option<(bool, Vec<Vec<Prop>>)>) -> bool {
        match (a, b) {
            (None, None) => true,
            (Some((ga, na)), Some((gb, nb))) => {
                ga == gb
                    && na.len() == nb.len()
                    && na.iter().zip(nb).all(|(x, y)| {
                        x.len() == y.len()
                            && x.iter()
                                .zip(y)
                                .all(|(p, q)| p == q || format!("{p:?}") == format!("{q:?}"))
                    })
            }
            _ => false,
        }
    }

    fn sgf_like() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            4 => Just(";".to_string()),
            2 => Just("(".to_string()),
            2 => Just(")".to_string()),
            4 => "(B|W|AB|AE|GM|SZ|KM|PL|C|Gm|CoPyright|X Y)".prop_map(String::from),
            6 => "\\[([a-t]{2}|1|2|9|nan|[ -~]{0,3}|\\\\\\]|é)\\]".prop_map(String::from),
            1 => "[ \n\t]".prop_map(String::from),
            1 => "[ -~é]".prop_map(String::from),
        ];
        prop::collection::vec(piece, 0..60).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The streamed main line is `sgf-parse`'s, property for property.
        #[test]
        fn main_line_is_sgf_parse_main_variation(text in sgf_like()) {
            let (ours, theirs) = (streamed(&text), reference(&text));
            prop_assert!(same(&ours, &theirs), "{:?} != {:?}", ours, theirs);
        }

        #[test]
        fn main_line_of_random_text(text in any::<String>()) {
            let (ours, theirs) = (streamed(&text), reference(&text));
            prop_assert!(same(&ours, &theirs), "{:?} != {:?}", ours, theirs);
        }
    }

    #[test]
    fn main_line_of_examples() {
        for text in [
            "(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))",
            "(;a(;b)(;c));d",
            "((;GM[2]))",
            "((GM[2])",
            "(A[1]GM[2])",
            "(;GM[1]GM[2];B[aa])",
            "(;GM[+1];B[aa])",
            "(;B[cc];W[dd];C[username [12k]: foo])",
            "(;B[cc];W[dd];B[ee",
            "(;B[cc];W[dd];B",
            "(B[cc])",
            "(;a((;b)))",
            "(;a)(;b)",
            "x(;B[aa]) \u{3000}",
            "(;AE[pg][rd][aa];AB[ab][ba][bb])",
        ] {
            assert!(same(&streamed(text), &reference(text)), "{text}");
        }
    }
}
