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

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

mod eye_table;

use owlet_host_tests::console::Console;
use owlet_host_tests::ratchet;
use owlet_host_tests::regress::{self, Outcome};

const USAGE: &str = "\
usage: owlet gtp [--device CMD]
       owlet regress [--data DIR] [-v] [--write-ratchet] [--ratchet-dir DIR] FILE.tst...
       owlet gen-eye-table [--max N] [--counts] [--out FILE]
       owlet analyze [--move N] [--json] [--svg OUT.svg] [--color|--no-color]
                     [--owl-nodes N] [--aa-nodes N] [--aa-reading N] [--threads N]
                     FILE.sgf|DIR...

gtp      GTP version 2 on stdin/stdout, answering like GNU Go (loadsgf, printsgf
         and GoGui's analyze commands included)
  --device CMD       answered by a device: CMD is a serial port, or a command
                     run with sh -c (e.g. scripts/qemu-gtp); loadsgf becomes
                     boardsize/komi/play
regress  run GNU Go regression files through the same console
  --data DIR         loadsgf paths are relative to DIR (default: each file's folder)
  -v                 list each failing case, expected and got
  --write-ratchet    write the passing ids of each FILE to <ratchet dir>/<suite>.txt
  --ratchet-dir DIR  where ratchet files live (default: host-tests/ratchet)
gen-eye-table  solve every realizable eye graph up to N vertices (default: the
               largest size whose table fits 64 KiB) and write the table
  --counts           only count the graphs of each size
  --out FILE         default optics/src/table_data.rs
analyze  each dragon's status (owl), eye spaces and values, combination threats,
         the score (final_score's);
         one file: the board as text (colour on a terminal); a directory or
         several files: analysed in parallel, one JSON line per position
  --move N           the position before move N (default: the end)
  --json             JSON instead of text
  --svg OUT.svg      also draw the board (one file only)
  --color, --no-color  force colour on or off
  --owl-nodes N      owl nodes per position (default 4000); dragons past it: unknown
  --aa-nodes N       combination threats tried per colour (0: no search)
  --aa-reading N     reading nodes per call in the combination search
  --threads N        worker threads in batch mode (default: one per core)";

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
    match args.first().map(String::as_str) {
        Some("gtp") if args.len() == 1 => gtp(),
        Some("gtp") if args.len() == 3 && args[1] == "--device" => device(&args[2]),
        Some("regress") => regress(&args[1..]),
        Some("gen-eye-table") => gen_eye_table(&args[1..]),
        Some("analyze") => owlet_host_tests::analyze::cli::main(&args[1..], USAGE),
        Some("--version" | "version") => {
            outln!("owlet {}", owlet_firmware::gtp::VERSION);
            ExitCode::SUCCESS
        }
        Some("-h" | "--help" | "help") => {
            outln!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn gtp() -> ExitCode {
    let mut console = Console::new();
    console.loadsgf.warn = true;
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
                    eprintln!("owlet regress: {arg} needs a directory\n{USAGE}");
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
                eprintln!("owlet regress: unknown option {a}\n{USAGE}");
                return ExitCode::from(2);
            }
            file => files.push(PathBuf::from(file)),
        }
    }
    if files.is_empty() {
        eprintln!("owlet regress: no .tst file given\n{USAGE}");
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
                eprintln!("owlet gen-eye-table: bad argument {arg}\n{USAGE}");
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
