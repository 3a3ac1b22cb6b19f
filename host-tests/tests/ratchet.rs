//! The ratchet: every suite with a file in `host-tests/ratchet/` is run from
//! the GNU Go regression data, and every case listed there must pass.
//! Newly passing cases are printed so they can be added
//! (`owlet regress --write-ratchet FILE.tst`).
//!
//! Data: `$OWLET_REGRESS_DATA`, else `<workspace>/../shared/gnugo-regress`.

use owlet_host_tests::{ratchet, regress};

#[test]
fn listed_cases_still_pass() {
    let data = regress::default_data_dir();
    assert!(
        data.join("reading.tst").is_file(),
        "GNU Go regression data not found at {}: put shared/gnugo-regress beside the \
         repository or set OWLET_REGRESS_DATA to its path",
        data.display()
    );
    let suites = ratchet::suites(&ratchet::default_dir()).expect("reading host-tests/ratchet");
    assert!(!suites.is_empty(), "no ratchet files in host-tests/ratchet");
    let mut regressions = Vec::new();
    for (suite, file) in suites {
        let ids = ratchet::read(&file).expect("reading a ratchet file");
        let tst = data.join(format!("{suite}.tst"));
        let report = regress::run_file(&tst, Some(&data))
            .unwrap_or_else(|e| panic!("running {}: {e}", tst.display()));
        println!("{}", report.summary());
        for e in &report.setup_errors {
            println!("  setup error: {e}");
        }
        let comparison = ratchet::compare(&report, &ids);
        println!(
            "  ratchet: {} listed, {} newly passing",
            ids.len(),
            comparison.new.len()
        );
        if !comparison.new.is_empty() {
            println!(
                "  newly passing (add to {}): {:?}",
                file.display(),
                comparison.new
            );
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
    }
    assert!(
        regressions.is_empty(),
        "ratchet cases no longer pass:\n  {}",
        regressions.join("\n  ")
    );
}
