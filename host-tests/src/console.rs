//! The host's GTP console: the firmware [`Engine`] plus the host's
//! commands (`loadsgf`, `printsgf`, GoGui's analyze commands), over any
//! reader and writer (stdin/stdout for `owlet gtp`).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use owlet_board::{Color, Point};
use owlet_firmware::gtp::{ANSWER_CAPACITY, LINE_CAPACITY};
use owlet_firmware::{Answer, Args, Engine, Extension, Failure, Reply};

use crate::sgf::{self, LoadError, Until};

/// The `loadsgf FILE [N|VERTEX]` command, GNU Go's answers included:
/// `= black` / `= white` (the side to move), `? missing filename`,
/// `? cannot open or parse 'FILE'`, `? cannot load 'FILE'` (board size).
#[derive(Debug, Default)]
pub struct LoadSgf {
    /// Relative file names are read from here (the current directory when
    /// `None`).
    pub base: Option<PathBuf>,
    /// Print skipped stones and moves to stderr, as GNU Go does.
    pub warn: bool,
}

impl LoadSgf {
    /// Resolves `file` against [`LoadSgf::base`].
    #[must_use]
    pub fn path(&self, file: &str) -> PathBuf {
        match &self.base {
            Some(base) => base.join(file),
            None => Path::new(file).to_path_buf(),
        }
    }
}

impl Extension for LoadSgf {
    fn commands(&self) -> &[&str] {
        &["loadsgf"]
    }

    fn run(
        &mut self,
        engine: &mut Engine,
        _command: &str,
        mut args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        let Some(file) = args.next() else {
            return Err(answer.failure("missing filename"));
        };
        let until = Until::from_arg(args.next());
        match sgf::load_file(engine, &self.path(file), &until) {
            Ok(loaded) => {
                if self.warn {
                    for w in &loaded.warnings {
                        eprintln!("{w}");
                    }
                }
                answer.push_str(loaded.to_move.name());
                Ok(())
            }
            Err(LoadError::Size(size)) => {
                if self.warn {
                    eprintln!("Unsupported board size: {size}");
                }
                Err(answer.failure_fmt(format_args!("cannot load '{file}'")))
            }
            Err(e) => {
                if self.warn {
                    eprintln!("loadsgf {file}: {e}");
                }
                Err(answer.failure_fmt(format_args!("cannot open or parse '{file}'")))
            }
        }
    }
}

/// The position as SGF, as GNU Go's `printsgf` writes it: size, komi, the
/// stones as setup (`AB`, `AW`) and the side to move (`PL`).
#[must_use]
pub fn position_sgf(engine: &Engine) -> String {
    let board = engine.board();
    let size = board.size();
    let mut text = format!(
        "(;GM[1]FF[4]\nSZ[{size}]\nKM[{}]AP[owlet:{}]\n",
        engine.komi(),
        owlet_firmware::gtp::VERSION
    );
    let coord = |p: Point| {
        let x = char::from(b'a' + u8::try_from(p.col()).unwrap_or(0));
        let y = char::from(b'a' + u8::try_from(size - 1 - p.row()).unwrap_or(0));
        format!("[{x}{y}]")
    };
    for (color, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let points: Vec<String> = board
            .points()
            .filter(|&p| board.color_at(p) == Some(color))
            .map(coord)
            .collect();
        if !points.is_empty() {
            text.push_str(tag);
            text.push_str(&points.concat());
            text.push('\n');
        }
    }
    let to_move = if board.to_move() == Color::Black {
        "B"
    } else {
        "W"
    };
    text.push_str(&format!("PL[{to_move}]\n)\n"));
    text
}

/// The host's commands served through the console: `loadsgf`,
/// `printsgf [FILE]` (GNU Go's: the file written and an empty answer, or
/// without a file the SGF as the answer), `gogui-analyze_commands` and
/// GoGui's `gfx` commands ([`crate::gogui`]).
pub struct HostCommands<'a> {
    /// The `loadsgf` command.
    pub loadsgf: &'a mut LoadSgf,
}

/// The names [`HostCommands`] answers.
const HOST_COMMANDS: [&str; 9] = [
    "gogui-analyze_commands",
    "gogui-owlet_atari",
    "gogui-owlet_combinations",
    "gogui-owlet_dragons",
    "gogui-owlet_eyes",
    "gogui-owlet_score",
    "gogui-owlet_vital",
    "loadsgf",
    "printsgf",
];

impl Extension for HostCommands<'_> {
    fn commands(&self) -> &[&str] {
        &HOST_COMMANDS
    }

    fn run(
        &mut self,
        engine: &mut Engine,
        command: &str,
        mut args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        match command {
            "loadsgf" => self.loadsgf.run(engine, command, args, answer),
            "gogui-analyze_commands" => {
                answer.push_str(crate::gogui::ANALYZE_COMMANDS);
                Ok(())
            }
            "printsgf" => {
                let text = position_sgf(engine);
                match args.next() {
                    None => {
                        answer.push_str(text.trim_end());
                        Ok(())
                    }
                    Some(file) => match std::fs::write(self.loadsgf.path(file), text) {
                        Ok(()) => Ok(()),
                        Err(_) => Err(answer.failure_fmt(format_args!("cannot write '{file}'"))),
                    },
                }
            }
            _ => crate::gogui::run(engine, command, answer),
        }
    }
}

/// A GTP session: the engine, the host's commands, and an answer buffer.
pub struct Console {
    /// The engine.
    pub engine: Engine,
    /// The `loadsgf` command.
    pub loadsgf: LoadSgf,
    /// [`Console::serve`] writes a line to stderr after each command that
    /// hit a limit (see [`owlet_firmware::LimitHits`]).
    pub report_limits: bool,
    buf: Vec<u8>,
}

impl Default for Console {
    fn default() -> Self {
        Console::new()
    }
}

impl Console {
    /// A fresh engine; `loadsgf` reads from the current directory.
    #[must_use]
    pub fn new() -> Console {
        Console {
            engine: Engine::new(),
            loadsgf: LoadSgf::default(),
            report_limits: false,
            // Far more than any answer needs; extensions may write long ones.
            buf: vec![0; 16 * ANSWER_CAPACITY],
        }
    }

    /// Handles one line; answers the reply and its bytes.
    pub fn execute(&mut self, line: &[u8]) -> (Reply, &[u8]) {
        let mut host = HostCommands {
            loadsgf: &mut self.loadsgf,
        };
        let reply = self.engine.execute_with(line, &mut self.buf, &mut host);
        (reply, self.buf.get(..reply.len).unwrap_or(&[]))
    }

    /// Serves GTP: reads lines from `input` until end of input or `quit`,
    /// writing each answer to `output` and flushing it; with
    /// [`Console::report_limits`], a command that hit a limit is followed
    /// by a stderr line such as ``owlet: limits hit by `attack C3`:
    /// reading 1``.
    pub fn serve(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut line = Vec::with_capacity(LINE_CAPACITY + 1);
        while read_line(&mut input, &mut line)? {
            let before = self.engine.limit_hits();
            let (reply, bytes) = self.execute(&line);
            output.write_all(bytes)?;
            output.flush()?;
            let hits = self.engine.limit_hits().since(&before);
            if self.report_limits && !hits.is_none() {
                let text = String::from_utf8_lossy(&line);
                let text: String = text.trim().chars().take(80).collect();
                eprintln!("owlet: limits hit by `{text}`: {}", Hits(&hits));
            }
            if reply.quit {
                break;
            }
        }
        Ok(())
    }
}

/// Reads the next line of `input` into `line` (cleared first), as it
/// streams: only the bytes the console's preprocessing keeps are stored
/// (no control characters but tab, nothing from `#` on), and at most
/// [`LINE_CAPACITY`] + 1 of them, so a line of any length takes bounded
/// memory and a line that is too long still reaches the console as one
/// (answered `? line too long`, its id echoed). Answers `false` at the end
/// of input with nothing read.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut any = false;
    let mut comment = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any);
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        for &byte in chunk.get(..end.unwrap_or(chunk.len())).unwrap_or(&[]) {
            let keep = match byte {
                _ if comment => false,
                b'#' => {
                    comment = true;
                    false
                }
                b'\t' => true,
                b => b >= 0x20 && b != 0x7f,
            };
            if keep && line.len() <= LINE_CAPACITY {
                line.push(byte);
            }
        }
        match end {
            Some(end) => {
                input.consume(end + 1);
                return Ok(true);
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// The non-zero counts of a [`owlet_firmware::LimitHits`], `name N`.
struct Hits<'a>(&'a owlet_firmware::LimitHits);

impl std::fmt::Display for Hits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let h = self.0;
        let mut first = true;
        for (name, n) in [
            ("reading", h.reading),
            ("owl", h.owl),
            ("semeai", h.semeai),
            ("combination", h.combination),
            ("eye", h.eye),
            ("journal", h.journal),
        ] {
            if n > 0 {
                write!(f, "{}{name} {n}", if first { "" } else { ", " })?;
                first = false;
            }
        }
        Ok(())
    }
}
