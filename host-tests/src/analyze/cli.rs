//! The `owlet analyze` command line.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::{Options, analyze_file_caught, batch, sgf_files, svg, text};

/// Parsed arguments.
#[derive(Debug, Default)]
struct Args {
    until: Option<i64>,
    json: bool,
    svg: Option<PathBuf>,
    color: Option<bool>,
    threads: usize,
    options: Options,
    paths: Vec<PathBuf>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut out = Args::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let number = |name: &str, v: String| {
            v.parse::<u32>()
                .map_err(|_| format!("{name}: not a number: {v}"))
        };
        match arg.as_str() {
            "--move" => {
                let v = value(arg)?;
                out.until = Some(
                    v.parse()
                        .map_err(|_| format!("--move: not a number: {v}"))?,
                );
            }
            "--json" => out.json = true,
            "--svg" => out.svg = Some(PathBuf::from(value(arg)?)),
            "--color" => out.color = Some(true),
            "--no-color" => out.color = Some(false),
            "--owl-nodes" => out.options.owl_nodes = number(arg, value(arg)?)?,
            "--aa-nodes" => out.options.aa_nodes = number(arg, value(arg)?)?,
            "--aa-reading" => out.options.aa_reading_nodes = number(arg, value(arg)?)?,
            "--threads" => out.threads = number(arg, value(arg)?)? as usize,
            a if a.starts_with('-') && a.len() > 1 => return Err(format!("unknown option {a}")),
            path => out.paths.push(PathBuf::from(path)),
        }
    }
    if out.paths.is_empty() {
        return Err("no file given".to_string());
    }
    Ok(out)
}

/// Runs `owlet analyze ARGS`: exit code 0, 1 when some file failed (the
/// others are still analysed), 2 for bad arguments (reported with `usage`,
/// the subcommand's help text). Colour follows `--color`/`--no-color`,
/// else a terminal on stdout and `NO_COLOR` unset or empty.
#[must_use]
pub fn main(args: &[String], usage: &str) -> ExitCode {
    let args = match parse(args) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("owlet analyze: {e}\n\n{usage}");
            return ExitCode::from(2);
        }
    };
    let single = args.paths.len() == 1 && !args.paths[0].is_dir();
    if single {
        return one(&args);
    }
    if args.svg.is_some() {
        eprintln!("owlet analyze: --svg takes one file, not a batch");
        return ExitCode::from(2);
    }
    let mut files = Vec::new();
    let mut status = ExitCode::SUCCESS;
    for path in &args.paths {
        let (found, errors) = sgf_files(path);
        files.extend(found);
        for (dir, e) in errors {
            eprintln!("owlet analyze: {}: {e}", dir.display());
            status = ExitCode::FAILURE;
        }
    }
    let done = batch::run(
        &files,
        args.until,
        &args.options,
        args.threads,
        std::io::stderr().is_terminal(),
    );
    let mut stdout = std::io::stdout().lock();
    let mut failed = 0usize;
    for result in &done.results {
        match result {
            Ok(report) => {
                let _ = writeln!(stdout, "{}", report.to_json());
            }
            Err(e) => {
                failed += 1;
                eprintln!("owlet analyze: {e}");
            }
        }
    }
    let _ = stdout.flush();
    let secs = done.elapsed.as_secs_f64();
    let ok = done.results.len() - failed;
    eprintln!(
        "owlet analyze: {ok} positions in {secs:.1} s ({:.2} positions/s, {} threads), {failed} files failed",
        ok as f64 / secs.max(1e-9),
        done.threads
    );
    if failed > 0 {
        status = ExitCode::FAILURE;
    }
    status
}

/// Whether the `NO_COLOR` convention (no-color.org) asks for no colour:
/// the variable is set and not empty.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

fn one(args: &Args) -> ExitCode {
    let path = &args.paths[0];
    let report = match analyze_file_caught(path, args.until, &args.options) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("owlet analyze: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(out) = &args.svg
        && let Err(e) = std::fs::write(out, svg::render(&report))
    {
        eprintln!("owlet analyze: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    let text = if args.json {
        report.to_json() + "\n"
    } else {
        let color = args
            .color
            .unwrap_or_else(|| std::io::stdout().is_terminal() && !no_color());
        text::render(&report, color)
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    ExitCode::SUCCESS
}
