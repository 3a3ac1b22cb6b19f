//! Held-out owl check: dragon statuses in positions that no owl suite
//! uses (GNU Go's 9×9 self-play records, two moments each), owlet against
//! GNU Go 3.8 (`dragon_status` with no argument lists every dragon and
//! its status). The agreement on the status word (alive, dead, critical)
//! is printed and must not fall below the floor measured when the test
//! was written. Skipped (with a message) when GNU Go is not installed.
//!
//! Data: `$OWLET_REGRESS_DATA`, else `<workspace>/../shared/gnugo-regress`.

use std::io::Write;
use std::process::{Command, Stdio};

use owlet_host_tests::console::Console;
use owlet_host_tests::regress;

const GNUGO: &str = "/usr/games/gnugo";

/// (file under games/, move number).
const POSITIONS: &[(&str, u32)] = &[
    ("9x9-1.sgf", 25),
    ("9x9-1.sgf", 45),
    ("9x9-2.sgf", 25),
    ("9x9-2.sgf", 45),
    ("9x9-3.sgf", 25),
    ("9x9-3.sgf", 45),
    ("9x9-4.sgf", 25),
    ("9x9-4.sgf", 40),
    ("9x9-5.sgf", 25),
    ("9x9-5.sgf", 40),
    ("9x9-6.sgf", 25),
    ("9x9-6.sgf", 40),
];

/// Agreements out of 1000 below which the test fails (49/63 = 778 when
/// written).
const FLOOR_PER_MILLE: usize = 700;

/// GNU Go's `(vertex, status word)` for every dragon of each position.
fn gnugo_statuses(data: &std::path::Path) -> Vec<Vec<(String, String)>> {
    let mut script = String::new();
    for (file, n) in POSITIONS {
        let path = data.join("games").join(file);
        script += &format!("loadsgf {} {n}\ndragon_status\n", path.display());
    }
    script += "quit\n";
    let mut child = Command::new(GNUGO)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("writing to gnugo");
    let out = child.wait_with_output().expect("gnugo answers");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // Answers are separated by blank lines: loadsgf, dragon_status, ...
    let answers: Vec<&str> = text.split("\n\n").collect();
    let mut all = Vec::new();
    for i in 0..POSITIONS.len() {
        let answer = answers.get(2 * i + 1).copied().unwrap_or("");
        let mut dragons = Vec::new();
        for line in answer.lines() {
            let line = line.trim_start_matches('=').trim();
            if let Some((vertex, status)) = line.split_once(':') {
                let word = status.split_whitespace().next().unwrap_or("");
                dragons.push((vertex.trim().to_string(), word.to_string()));
            }
        }
        all.push(dragons);
    }
    all
}

#[test]
fn dragon_status_agrees_with_gnugo_on_held_out_positions() {
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed (apt-get install gnugo)");
        return;
    }
    let data = regress::default_data_dir();
    let expected = gnugo_statuses(&data);
    // The positions in two interleaved halves, side by side, each with its
    // own console (a position's dragons are all asked of one console).
    let halves: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|half| {
                let (data, expected) = (&data, &expected);
                scope.spawn(move || {
                    let mut console = Console::new();
                    console.loadsgf.base = Some(data.clone());
                    let (mut total, mut agree, mut differences) = (0, 0, Vec::new());
                    let positions = POSITIONS.iter().zip(expected);
                    for ((file, n), dragons) in positions.skip(half).step_by(2) {
                        let (_, a) =
                            console.execute(format!("loadsgf games/{file} {n}").as_bytes());
                        assert!(a.starts_with(b"="), "loadsgf {file} {n}");
                        for (vertex, gnugo) in dragons {
                            let (_, a) =
                                console.execute(format!("dragon_status {vertex}").as_bytes());
                            let answer = String::from_utf8_lossy(a).into_owned();
                            let ours = answer
                                .trim_start_matches('=')
                                .split_whitespace()
                                .next()
                                .unwrap_or("")
                                .to_string();
                            total += 1;
                            if &ours == gnugo {
                                agree += 1;
                            } else {
                                differences.push(format!(
                                    "{file} {n} {vertex}: GNU Go {gnugo}, owlet {ours}"
                                ));
                            }
                        }
                    }
                    (total, agree, differences)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a half's thread panicked"))
            .collect()
    });
    let (mut total, mut agree) = (0usize, 0usize);
    for (t, a, differences) in halves {
        total += t;
        agree += a;
        for line in differences {
            println!("{line}");
        }
    }
    println!("held-out dragon_status: {agree}/{total} agree with GNU Go 3.8");
    assert!(total >= 40, "only {total} dragons");
    assert!(
        agree * 1000 >= total * FLOOR_PER_MILLE,
        "agreement {agree}/{total} fell below {FLOOR_PER_MILLE}‰"
    );
}
