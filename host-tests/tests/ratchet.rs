//! The ratchet: every suite with a file in `host-tests/ratchet/` is run from
//! the GNU Go regression data, and every case listed there must pass.
//! Newly passing cases are printed so they can be added
//! (`owlet regress --write-ratchet FILE.tst`).
//!
//! The suites run side by side, one thread per core (owl.tst alone takes
//! minutes), each with its own console; each suite's answers are the same
//! as in a run of its own, since a console keeps its caches to itself.
//!
//! Data: `$OWLET_REGRESS_DATA`, else `<workspace>/../shared/gnugo-regress`.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use owlet_host_tests::{ratchet, regress};

/// What one suite's run prints and the regressions it found.
struct SuiteOutcome {
    printed: Vec<String>,
    regressions: Vec<String>,
}

fn check_suite(suite: &str, file: &Path, data: &Path) -> SuiteOutcome {
    let mut printed = Vec::new();
    let mut regressions = Vec::new();
    let ids = ratchet::read(file).expect("reading a ratchet file");
    let tst = data.join(format!("{suite}.tst"));
    let report = regress::run_file(&tst, Some(data))
        .unwrap_or_else(|e| panic!("running {}: {e}", tst.display()));
    printed.push(report.summary());
    for e in &report.setup_errors {
        printed.push(format!("  setup error: {e}"));
    }
    let comparison = ratchet::compare(&report, &ids);
    printed.push(format!(
        "  ratchet: {} listed, {} newly passing",
        ids.len(),
        comparison.new.len()
    ));
    if !comparison.new.is_empty() {
        printed.push(format!(
            "  newly passing (add to {}): {:?}",
            file.display(),
            comparison.new
        ));
    }
    for id in comparison.regressed {
        let case = report.cases.iter().find(|c| c.id == id);
        regressions.push(match case {
            Some(c) => format!(
                "{suite} {id}: {} expected [{}], got [{}] ({:?})",
                c.command, c.expected, c.got, c.outcome
            ),
            None => format!("{suite} {id}: no such case in {}", tst.display()),
        });
    }
    SuiteOutcome {
        printed,
        regressions,
    }
}

#[test]
fn listed_cases_still_pass() {
    let data = regress::default_data_dir();
    assert!(
        data.join("reading.tst").is_file(),
        "GNU Go regression data not found at {}: put shared/gnugo-regress beside the \
         repository or set OWLET_REGRESS_DATA to its path",
        data.display()
    );
    let mut suites = ratchet::suites(&ratchet::default_dir()).expect("reading host-tests/ratchet");
    assert!(!suites.is_empty(), "no ratchet files in host-tests/ratchet");
    // The largest .tst files first: a rough stand-in for their time that
    // starts owl.tst within seconds (only unconditional.tst and reading.tst,
    // each seconds long, are larger) rather than behind other long suites.
    suites.sort_by_key(|(suite, _)| {
        let size = std::fs::metadata(data.join(format!("{suite}.tst"))).map_or(0, |m| m.len());
        std::cmp::Reverse(size)
    });
    let workers = thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<(String, SuiteOutcome)>> = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..workers.min(suites.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((suite, file)) = suites.get(i) else {
                        break;
                    };
                    let outcome = check_suite(suite, file, &data);
                    outcomes
                        .lock()
                        .expect("a suite's thread panicked")
                        .push((suite.clone(), outcome));
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().expect("a suite's thread panicked");
    outcomes.sort_by(|a, b| a.0.cmp(&b.0));
    let mut regressions = Vec::new();
    for (_, outcome) in outcomes {
        for line in outcome.printed {
            println!("{line}");
        }
        regressions.extend(outcome.regressions);
    }
    assert!(
        regressions.is_empty(),
        "ratchet cases no longer pass:\n  {}",
        regressions.join("\n  ")
    );
}
