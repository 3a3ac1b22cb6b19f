//! Running GNU Go regression files (`.tst`) in-process through the console.
//!
//! A numbered command followed (after any blank lines or comments) by a
//! `#? [PATTERN]` line is a test: the first line of the answer, without
//! `=ID `, must match `^PATTERN$` (plain concatenation, as GNU Go's scripts
//! do). A leading `!` negates; a `*` after `]` marks a case GNU Go itself
//! fails; `&` after `]` means run but don't judge. A test whose command
//! answers `?` is an error, whatever the pattern. `loadsgf` paths are
//! relative to the data directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use owlet_firmware::Status;
use regex::Regex;

use crate::console::Console;

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The answer matched.
    Pass,
    /// The answer did not match.
    Fail,
    /// The command failed (`?`), or the pattern is not a valid regex.
    Error,
    /// Marked `&`: run, not judged.
    Unjudged,
}

/// One test of a `.tst` file.
#[derive(Clone, Debug)]
pub struct Case {
    /// The test's number in the file.
    pub id: u32,
    /// Line number (from 1) of the command.
    pub line: usize,
    /// The command, without its number.
    pub command: String,
    /// The pattern between the brackets, `!` included.
    pub expected: String,
    /// GNU Go 3.8 fails this case (`*`).
    pub gnugo_fails: bool,
    /// First line of the answer, without `=ID ` / `?ID `.
    pub got: String,
    /// The verdict.
    pub outcome: Outcome,
    /// Reading nodes the command used.
    pub nodes: u64,
}

/// The result of one file.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file.
    pub path: PathBuf,
    /// Its tests, in file order.
    pub cases: Vec<Case>,
    /// Unnumbered commands that failed (a `loadsgf` that could not load...).
    pub setup_errors: Vec<String>,
    /// Wall time of the whole file.
    pub wall: Duration,
    /// Reading nodes used by all commands of the file.
    pub nodes: u64,
}

impl Report {
    /// The suite name: the file name without `.tst`.
    #[must_use]
    pub fn suite(&self) -> String {
        self.path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    }

    fn count(&self, outcome: Outcome) -> usize {
        self.cases.iter().filter(|c| c.outcome == outcome).count()
    }

    /// Number of tests.
    #[must_use]
    pub fn tests(&self) -> usize {
        self.cases.len()
    }

    /// Tests passed.
    #[must_use]
    pub fn passed(&self) -> usize {
        self.count(Outcome::Pass)
    }

    /// Tests passed that GNU Go fails.
    #[must_use]
    pub fn unexpected_passes(&self) -> usize {
        self.cases
            .iter()
            .filter(|c| c.outcome == Outcome::Pass && c.gnugo_fails)
            .count()
    }

    /// Tests failed.
    #[must_use]
    pub fn failed(&self) -> usize {
        self.count(Outcome::Fail)
    }

    /// Tests whose command failed.
    #[must_use]
    pub fn errors(&self) -> usize {
        self.count(Outcome::Error)
    }

    /// Tests not judged.
    #[must_use]
    pub fn unjudged(&self) -> usize {
        self.count(Outcome::Unjudged)
    }

    /// Ids of the passing tests, ascending.
    #[must_use]
    pub fn passing_ids(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self
            .cases
            .iter()
            .filter(|c| c.outcome == Outcome::Pass)
            .map(|c| c.id)
            .collect();
        ids.sort_unstable();
        ids
    }

    /// One summary line.
    #[must_use]
    pub fn summary(&self) -> String {
        let name = self
            .path
            .file_name()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let mut line = format!(
            "{name}: {} tests, {} passed (of which {} unexpected passes), {} failed, {} errors",
            self.tests(),
            self.passed(),
            self.unexpected_passes(),
            self.failed(),
            self.errors(),
        );
        if self.unjudged() > 0 {
            line += &format!(", {} not judged", self.unjudged());
        }
        line += &format!(
            ", {:.2} s, {} reading nodes",
            self.wall.as_secs_f64(),
            self.nodes
        );
        line
    }
}

/// A `#?` line: pattern and flags.
struct Expectation {
    pattern: String,
    gnugo_fails: bool,
    judge: bool,
}

fn parse_expectation(rest: &str) -> Expectation {
    let rest = rest.trim();
    let (pattern, flags) = match rest.strip_prefix('[') {
        Some(inner) => match inner.rfind(']') {
            Some(end) => (&inner[..end], &inner[end + 1..]),
            // GNU Go's files have a few `#? [undecided` without the bracket.
            None => (inner, ""),
        },
        None => (rest, ""),
    };
    Expectation {
        pattern: pattern.to_string(),
        gnugo_fails: flags.contains('*'),
        judge: !flags.contains('&'),
    }
}

fn judge(expectation: &Expectation, status: Status, got: &str) -> Outcome {
    if !expectation.judge {
        return Outcome::Unjudged;
    }
    if status != Status::Success {
        return Outcome::Error;
    }
    let (negate, pattern) = match expectation.pattern.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, expectation.pattern.as_str()),
    };
    match Regex::new(&format!("^{pattern}$")) {
        Ok(re) if re.is_match(got) != negate => Outcome::Pass,
        Ok(_) => Outcome::Fail,
        Err(_) => Outcome::Error,
    }
}

/// The leading test number of a command line, if any.
fn test_id(line: &str) -> Option<(u32, &str)> {
    let line = line.trim_start();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let id = line.get(..digits)?.parse().ok()?;
    Some((id, line.get(digits..)?.trim()))
}

/// The first line of an answer, without `=ID ` / `?ID `.
fn first_line(answer: &[u8]) -> String {
    let text = String::from_utf8_lossy(answer);
    let text = text.split_once(' ').map_or("", |(_, rest)| rest);
    text.lines().next().unwrap_or("").to_string()
}

/// Runs the `.tst` file at `path`; `loadsgf` reads from `data` (default:
/// the file's directory).
pub fn run_file(path: &Path, data: Option<&Path>) -> io::Result<Report> {
    let text = String::from_utf8_lossy(&fs::read(path)?).into_owned();
    let base = match data {
        Some(d) => d.to_path_buf(),
        None => path.parent().map_or_else(PathBuf::new, Path::to_path_buf),
    };
    let mut console = Console::new();
    console.loadsgf.base = Some(base);
    let start = Instant::now();
    let mut cases = Vec::new();
    let mut setup_errors = Vec::new();
    let mut total_nodes = 0u64;
    // The last numbered command still waiting for its `#?` line.
    let mut pending: Option<(Case, Status)> = None;
    for (n, line) in text.lines().enumerate() {
        if let Some(rest) = line.trim_start().strip_prefix("#?") {
            if let Some((mut case, status)) = pending.take() {
                let expectation = parse_expectation(rest);
                case.outcome = judge(&expectation, status, &case.got);
                case.expected = expectation.pattern;
                case.gnugo_fails = expectation.gnugo_fails;
                cases.push(case);
            }
            continue;
        }
        let before = console.engine.reader().nodes();
        let (reply, answer) = console.execute(line.as_bytes());
        if reply.status == Status::Silent {
            continue;
        }
        let got = first_line(answer);
        let after = console.engine.reader().nodes();
        let nodes = if after >= before {
            after - before
        } else {
            after
        };
        total_nodes = total_nodes.saturating_add(nodes);
        match test_id(line) {
            Some((id, command)) => {
                let case = Case {
                    id,
                    line: n + 1,
                    command: command.to_string(),
                    expected: String::new(),
                    gnugo_fails: false,
                    got,
                    outcome: Outcome::Error,
                    nodes,
                };
                pending = Some((case, reply.status));
            }
            None if reply.status == Status::Failure => {
                setup_errors.push(format!("line {}: {}: {got}", n + 1, line.trim()));
            }
            None => {}
        }
    }
    Ok(Report {
        path: path.to_path_buf(),
        cases,
        setup_errors,
        wall: start.elapsed(),
        nodes: total_nodes,
    })
}

/// The regression data: `$OWLET_REGRESS_DATA`, else `shared/gnugo-regress`
/// beside the workspace (`<workspace>/../shared/gnugo-regress`).
#[must_use]
pub fn default_data_dir() -> PathBuf {
    match std::env::var_os("OWLET_REGRESS_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo-regress"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectations() {
        let e = parse_expectation(" [1 (S4|T5)]*");
        assert_eq!(e.pattern, "1 (S4|T5)");
        assert!(e.gnugo_fails && e.judge);
        let e = parse_expectation(" [undecided");
        assert_eq!(e.pattern, "undecided");
        let e = parse_expectation("[0]&");
        assert!(!e.judge);
    }

    #[test]
    fn matching_rules() {
        let ok = Status::Success;
        let e = |p: &str| parse_expectation(&format!("[{p}]"));
        assert_eq!(judge(&e("0|1 A1"), ok, "0 B2"), Outcome::Pass);
        assert_eq!(judge(&e("1 G1"), ok, "1 G12"), Outcome::Fail);
        assert_eq!(judge(&e("!1 C9"), ok, "0"), Outcome::Pass);
        assert_eq!(judge(&e("!1 C9"), ok, "1 C9"), Outcome::Fail);
        assert_eq!(
            judge(&e("!1 C9"), Status::Failure, "unknown command"),
            Outcome::Error
        );
        assert_eq!(judge(&e("(("), ok, "0"), Outcome::Error);
    }

    #[test]
    fn ids_and_answers() {
        assert_eq!(test_id("12 attack A1"), Some((12, "attack A1")));
        assert_eq!(test_id("loadsgf x.sgf 3"), None);
        assert_eq!(first_line(b"=12 1 G1\n\n"), "1 G1");
        assert_eq!(first_line(b"= \n   A B\n\n"), "");
        assert_eq!(first_line(b"?3 unknown command\n\n"), "unknown command");
    }
}
