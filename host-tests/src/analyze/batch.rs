//! Many files at once: each analysed on rayon's pool (one thread per
//! core), an indicatif progress bar on stderr (drawn only on a terminal),
//! the results in the order of the files. A file that fails, however it
//! fails (a panic included), is one error among the results.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::{FileError, Options, Report, analyze_file_caught};

/// Stack of each worker thread: owl and the tactical reader recurse.
const STACK_BYTES: usize = 64 << 20;

/// The outcome of a batch.
pub struct Batch {
    /// One result per file, in the order given.
    pub results: Vec<Result<Report, FileError>>,
    /// Wall-clock time of the analysis.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
}

/// Analyses `files` in parallel (`threads` workers, 0 for one per core),
/// showing a progress bar on stderr when `progress` is set and stderr is
/// a terminal.
#[must_use]
pub fn run(
    files: &[PathBuf],
    until: Option<i64>,
    options: &Options,
    threads: usize,
    progress: bool,
) -> Batch {
    let bar = ProgressBar::with_draw_target(
        Some(files.len() as u64),
        if progress {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {per_sec}, eta {eta} {msg}")
    {
        bar.set_style(style);
    }
    let start = Instant::now();
    let work = || -> Vec<Result<Report, FileError>> {
        files
            .par_iter()
            .map(|file| {
                let result = analyze_file_caught(file, until, options);
                bar.inc(1);
                result
            })
            .collect()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_BYTES)
        .build();
    let (results, threads) = match pool {
        Ok(pool) => (pool.install(work), pool.current_num_threads()),
        Err(_) => (work(), rayon::current_num_threads()),
    };
    bar.finish_and_clear();
    Batch {
        results,
        elapsed: start.elapsed(),
        threads,
    }
}
