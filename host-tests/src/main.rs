//! The `owlet` command-line program.
//!
//! - `owlet gtp`: GTP on stdin/stdout (GNU Go's formats, `loadsgf`,
//!   `printsgf` and GoGui's analyze commands too).
//! - `owlet gtp --device CMD`: the same, answered by a device (a command
//!   such as `scripts/qemu-gtp`, or a serial port), `loadsgf` turned into
//!   `boardsize`/`komi`/`play`.
//! - `owlet regress [--data DIR] [-v] [--write-ratchet] [--ratchet-dir DIR]
//!   FILE.tst...`: runs GNU Go regression files and prints per-file counts.
//! - `owlet analyze [--move N] [--json] [--svg OUT.svg] [--color|--no-color]
//!   [--owl-nodes N] [--aa-nodes N] [--aa-reading N] [--threads N] FILE.sgf|DIR...`: dragons,
//!   eye spaces and combination threats of positions (see
//!   [`owlet_host_tests::analyze`]).
//! - `owlet gen-eye-table [--max N] [--counts] [--out FILE]`: writes
//!   owlet-optics' eye-graph table (see [`eye_table`]).
//! - `owlet sim [--port N] [--dir DIR]`: serves the board simulator's
//!   page (see [`sim`]).
//!
//! `owlet --help` and `owlet SUBCOMMAND --help` print the options. Exit
//! codes: 0 success; 1 when a file could not be read, parsed or written,
//! or the GTP stream or the device failed; 2 for a bad command line; 141
//! when standard output was closed.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

mod eye_table;
mod sim;

use owlet_host_tests::console::Console;
use owlet_host_tests::ratchet;
use owlet_host_tests::regress::{self, Outcome};

/// `owlet --help`: the subcommands and the exit codes.
const USAGE: &str = "\
owlet: Go life-and-death analysis (tactical reading, eyes, owl, semeai,
combinations), answering like GNU Go.

usage: owlet gtp [--device CMD]
       owlet analyze [OPTIONS] FILE.sgf|DIR...
       owlet regress [OPTIONS] FILE.tst...
       owlet gen-eye-table [--max N] [--counts] [--out FILE]
       owlet sim [--port N] [--dir DIR]
       owlet --version
       owlet [SUBCOMMAND] --help

subcommands:
  gtp            GTP version 2 on stdin/stdout
  analyze        dragons, eye spaces and combination threats of SGF positions
  regress        run GNU Go regression files (*.tst)
  gen-eye-table  regenerate owlet-optics' eye-graph table
  sim            serve the board simulator (a web page) on 127.0.0.1

boards: square, 1 to 19 points a side (GTP boardsize answers `unacceptable
size` beyond; an SGF file of another size or a non-square SZ is an error
naming the size).

exit codes:
  0    success
  1    a file could not be read, parsed or written (a batch goes on with
       the other files), or the GTP stream or the device failed
  2    bad command line
  141  standard output closed (as when piped into head)

environment:
  NO_COLOR             when set and not empty, analyze prints no colour
  OWLET_REGRESS_DATA   GNU Go's regression data for the tests
                       (default ../shared/gnugo-regress)";

/// `owlet gtp --help`.
const GTP_HELP: &str = "\
usage: owlet gtp [--device CMD]

GTP version 2 on stdin/stdout, answering like GNU Go 3.8 (its answer formats
and error texts); `list_commands` names every command, printsgf and GoGui's
analyze commands included. loadsgf FILE [N|VERTEX] reads FILE relative to the
current directory.

  --device CMD   proxy to a device: CMD is a serial port (set to raw mode
                 at 115200 baud), or a command run with sh -c (e.g.
                 scripts/qemu-gtp); loadsgf becomes boardsize/komi/play

exit codes: 0 at end of input or quit; 1 if reading, writing or the device
failed; 2 for a bad command line.";

/// `owlet analyze --help`.
const ANALYZE_HELP: &str = "\
usage: owlet analyze [OPTIONS] FILE.sgf|DIR...

Each dragon's status (owl: alive, dead, critical with its attack and
defence, unknown when the node budget ran out), eye spaces with their values
and vital points, each colour's combination attack, the score as
final_score counts it, and the limits hit (owl, combination, the eye pass's
reading and eye solver, the undo journal). One file: the board
as text. A directory or several files: analysed in parallel, one JSON line
per position, a progress bar on stderr.

  --move N             the position before move N (default: the end)
  --json               one line of JSON instead of text
  --svg OUT.svg        also draw the board (one file only)
  --color, --no-color  force colour on or off (default: colour on a
                       terminal unless NO_COLOR is set and not empty)
  --owl-nodes N        owl nodes per position (default 4000); dragons past
                       it are unknown
  --aa-nodes N         combination threats tried per colour (0: no search)
  --aa-reading N       reading nodes per call in the combination search
  --threads N          worker threads in batch mode (default: one per core)

exit codes: 0 success; 1 if a file could not be read, parsed or written
(the other files of a batch are still analysed); 2 for a bad command line.";

/// `owlet regress --help`.
const REGRESS_HELP: &str = "\
usage: owlet regress [--data DIR] [-v] [--write-ratchet] [--ratchet-dir DIR] FILE.tst...

Runs GNU Go regression files through owlet's console and prints, per file,
tests, passes (and how many of them GNU Go fails), failures, errors, time
and reading nodes.

  --data DIR         loadsgf paths are relative to DIR (default: each
                     file's folder)
  -v, --verbose      list each failing case, expected and got
  --write-ratchet    write the passing ids of each FILE to
                     <ratchet dir>/<suite>.txt
  --ratchet-dir DIR  where ratchet files live (default: host-tests/ratchet)

exit codes: 0 when every file ran (whatever it passed); 1 if a file could
not be read or a ratchet file written; 2 for a bad command line.";

/// `owlet gen-eye-table --help`.
const GEN_EYE_TABLE_HELP: &str = "\
usage: owlet gen-eye-table [--max N] [--counts] [--out FILE]

Solves every realizable eye graph up to N vertices (default: the largest
size whose table fits 64 KiB) and writes owlet-optics' table.

  --max N      the largest graph size
  --counts     only count the graphs of each size
  --out FILE   default optics/src/table_data.rs

exit codes: 0 success; 1 if FILE could not be written; 2 for a bad command
line.";

/// `println!` that ends the program quietly when stdout is closed (as
/// when piped into `head`) instead of panicking, with the status a shell
/// reports for a process stopped by SIGPIPE.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wants_help = |rest: &[String]| rest.iter().any(|a| a == "-h" || a == "--help");
    match args.first().map(String::as_str) {
        Some(sub) if wants_help(&args[1..]) => match help_of(sub) {
            Some(text) => {
                outln!("{text}");
                ExitCode::SUCCESS
            }
            None => usage_error(&format!("unknown subcommand {sub}"), USAGE),
        },
        Some("gtp") if args.len() == 1 => gtp(),
        Some("gtp") if args.len() == 3 && args[1] == "--device" => device(&args[2]),
        Some("gtp") => usage_error("gtp takes only --device CMD", GTP_HELP),
        Some("regress") => regress(&args[1..]),
        Some("gen-eye-table") => gen_eye_table(&args[1..]),
        Some("sim") => sim::main(&args[1..]),
        Some("analyze") => owlet_host_tests::analyze::cli::main(&args[1..], ANALYZE_HELP),
        Some("--version" | "-V" | "version") => {
            outln!("owlet {}", owlet_firmware::gtp::VERSION);
            ExitCode::SUCCESS
        }
        Some("-h" | "--help") => {
            outln!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("help") => match args.get(1).map(|sub| (sub, help_of(sub))) {
            None => {
                outln!("{USAGE}");
                ExitCode::SUCCESS
            }
            Some((_, Some(text))) => {
                outln!("{text}");
                ExitCode::SUCCESS
            }
            Some((sub, None)) => usage_error(&format!("unknown subcommand {sub}"), USAGE),
        },
        Some(sub) => usage_error(&format!("unknown subcommand {sub}"), USAGE),
        None => usage_error("no subcommand given", USAGE),
    }
}

/// The help text of subcommand `sub`.
fn help_of(sub: &str) -> Option<&'static str> {
    match sub {
        "gtp" => Some(GTP_HELP),
        "analyze" => Some(ANALYZE_HELP),
        "regress" => Some(REGRESS_HELP),
        "gen-eye-table" => Some(GEN_EYE_TABLE_HELP),
        "sim" => Some(sim::HELP),
        "help" => Some(USAGE),
        _ => None,
    }
}

/// Reports a bad command line on stderr with `help`: exit code 2.
fn usage_error(what: &str, help: &str) -> ExitCode {
    eprintln!("owlet: {what}\n\n{help}");
    ExitCode::from(2)
}

fn gtp() -> ExitCode {
    let mut console = Console::new();
    console.loadsgf.warn = true;
    console.report_limits = true;
    match console.serve(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("owlet: {e}");
            ExitCode::FAILURE
        }
    }
}

fn device(target: &str) -> ExitCode {
    match owlet_host_tests::device::run(target) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("owlet: device {target}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn regress(args: &[String]) -> ExitCode {
    let mut data: Option<PathBuf> = None;
    let mut verbose = false;
    let mut write_ratchet = false;
    let mut ratchet_dir = ratchet::default_dir();
    let mut files = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--data" | "--ratchet-dir" => {
                let Some(dir) = args.next() else {
                    eprintln!("owlet regress: {arg} needs a directory\n\n{REGRESS_HELP}");
                    return ExitCode::from(2);
                };
                if arg == "--data" {
                    data = Some(PathBuf::from(dir));
                } else {
                    ratchet_dir = PathBuf::from(dir);
                }
            }
            "-v" | "--verbose" => verbose = true,
            "--write-ratchet" => write_ratchet = true,
            a if a.starts_with('-') => {
                eprintln!("owlet regress: unknown option {a}\n\n{REGRESS_HELP}");
                return ExitCode::from(2);
            }
            file => files.push(PathBuf::from(file)),
        }
    }
    if files.is_empty() {
        eprintln!("owlet regress: no .tst file given\n\n{REGRESS_HELP}");
        return ExitCode::from(2);
    }
    let mut status = ExitCode::SUCCESS;
    let (mut tests, mut passed, mut unexpected, mut failed, mut errors) = (0, 0, 0, 0, 0);
    for file in &files {
        let report = match regress::run_file(file, data.as_deref()) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("owlet regress: {}: {e}", file.display());
                status = ExitCode::FAILURE;
                continue;
            }
        };
        outln!("{}", report.summary());
        for e in &report.setup_errors {
            outln!("  setup error: {e}");
        }
        if verbose {
            for case in &report.cases {
                let what = match case.outcome {
                    Outcome::Fail => "FAIL",
                    Outcome::Error => "ERROR",
                    Outcome::Pass | Outcome::Unjudged => continue,
                };
                let star = if case.gnugo_fails {
                    " (GNU Go fails it too)"
                } else {
                    ""
                };
                outln!(
                    "  {what} {} {}: expected [{}], got [{}]{star}",
                    case.id,
                    case.command,
                    case.expected,
                    case.got
                );
            }
        }
        if write_ratchet {
            match ratchet::write(&ratchet_dir, &report) {
                Ok(path) => outln!("  wrote {}", path.display()),
                Err(e) => {
                    eprintln!("owlet regress: writing the ratchet: {e}");
                    status = ExitCode::FAILURE;
                }
            }
        }
        tests += report.tests();
        passed += report.passed();
        unexpected += report.unexpected_passes();
        failed += report.failed();
        errors += report.errors();
    }
    if files.len() > 1 {
        outln!(
            "total: {tests} tests, {passed} passed (of which {unexpected} unexpected passes), {failed} failed, {errors} errors"
        );
    }
    status
}

fn gen_eye_table(args: &[String]) -> ExitCode {
    let (mut max, mut counts_only, mut out) =
        (None, false, PathBuf::from("optics/src/table_data.rs"));
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.clone().next()) {
            ("--max", Some(n)) if n.parse::<usize>().is_ok() => {
                max = n.parse().ok();
                args.next();
            }
            ("--out", Some(f)) => {
                out = PathBuf::from(f);
                args.next();
            }
            ("--counts", _) => counts_only = true,
            _ => {
                eprintln!("owlet gen-eye-table: bad argument {arg}\n\n{GEN_EYE_TABLE_HELP}");
                return ExitCode::from(2);
            }
        }
    }
    let start = std::time::Instant::now();
    if counts_only {
        let n = max.unwrap_or(owlet_optics::table::CANONICAL_MAX);
        let found = eye_table::realizable(n);
        outln!(
            "realizable graphs by size (1..={n}): {:?} ({:.1} s)",
            &eye_table::counts(&found, n)[1..],
            start.elapsed().as_secs_f64()
        );
        return ExitCode::SUCCESS;
    }
    match eye_table::generate(max) {
        Ok((source, plan)) => {
            if let Err(e) = std::fs::write(&out, source) {
                eprintln!("owlet gen-eye-table: {}: {e}", out.display());
                return ExitCode::FAILURE;
            }
            outln!(
                "wrote {}: every realizable graph up to {} vertices and {} of {} vertices \
                 away from the edges, {} entries, {} bytes (realizable graphs by size: {:?}); \
                 {:.1} s",
                out.display(),
                plan.complete,
                plan.extra,
                plan.complete + 1,
                plan.entries,
                plan.entries * eye_table::ENTRY_BYTES,
                &plan.counts[1..],
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("owlet gen-eye-table: {e}");
            ExitCode::FAILURE
        }
    }
}
