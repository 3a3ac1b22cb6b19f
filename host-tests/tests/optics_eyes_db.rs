//! Agreement of owlet's eye-graph solver with GNU Go's eye shape database
//! (`eyes.db`, read by path from the regression data for measurement only;
//! nothing of it is kept in the repository): every pattern goes through
//! the console's `analyze_eyegraph` (`x`, "`.` or `X`", read as `.`; the
//! board edge `| - +` kept) and its value is compared with the listed one.
//!
//! The test prints the agreement and fails if it drops below the floor
//! measured when it was written; `OWLET_EYES_DB_LIST=1` lists every
//! disagreement.

use std::fs;

use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_firmware::{Engine, Status};
use owlet_host_tests::regress;

/// Patterns whose value owlet reproduces, out of 1816, when last measured.
const FLOOR: usize = 1292;

/// (name, diagram rows, value) of each pattern.
fn patterns(text: &str) -> Vec<(String, Vec<String>, String)> {
    let mut out = Vec::new();
    let mut name = None;
    let mut rows = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(n) = line.strip_prefix("Pattern ") {
            name = Some(n.trim().to_string());
            rows.clear();
        } else if let Some(v) = line.strip_prefix(':') {
            if let Some(n) = name.take() {
                out.push((n, rows.clone(), v.trim().chars().take(4).collect()));
            }
        } else if name.is_some() && !line.trim().is_empty() {
            rows.push(line.trim_end().to_string());
        }
    }
    out
}

fn coded(rows: &[String]) -> String {
    rows.iter()
        .map(|r| r.replace(' ', "O").replace('x', "."))
        .collect::<Vec<_>>()
        .join("%")
}

#[test]
fn eyes_db_agreement() {
    let path = regress::default_data_dir().join("eyes.db");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "reading {}: {e} (put shared/gnugo-regress beside the repository or set \
             OWLET_REGRESS_DATA)",
            path.display()
        )
    });
    let list = std::env::var_os("OWLET_EYES_DB_LIST").is_some();
    let pats = patterns(&text);
    assert!(pats.len() > 1000, "only {} patterns read", pats.len());
    let mut engine = Engine::new();
    let mut buf = vec![0u8; ANSWER_CAPACITY];
    let (mut agree, mut refused) = (0, 0);
    for (name, rows, value) in &pats {
        let line = format!("analyze_eyegraph {}", coded(rows));
        let reply = engine.execute(line.as_bytes(), &mut buf);
        let answer = String::from_utf8_lossy(&buf[..reply.len]).into_owned();
        if reply.status != Status::Success {
            refused += 1;
            continue;
        }
        let got: String = answer.trim_start_matches("= ").chars().take(4).collect();
        if &got == value {
            agree += 1;
        } else if list {
            println!(
                "Pattern {name}: eyes.db {value}, owlet {got}\n{}",
                rows.join("\n")
            );
        }
    }
    println!(
        "eyes.db: {agree} of {} patterns agree ({refused} refused as too large)",
        pats.len()
    );
    assert!(agree >= FLOOR, "agreement fell to {agree} (floor {FLOOR})");
}
