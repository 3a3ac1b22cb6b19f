//! Differential test against GNU Go: distinct random eye graphs of 1 to 8
//! vertices (connected sets of cells of a 4×4 diagram, each cell eye space
//! `.`, marginal `!` or dead opponent stone `X`), drawn with a seeded
//! [`Rng`], go through `analyze_eyegraph` on owlet's console and on one
//! `gnugo --mode gtp --quiet` process. Skipped (with a message) when GNU
//! Go is not installed.
//!
//! Asserted: both sides call the same graphs unrealizable (`?`: GNU Go's
//! embedding finds no room for the invincible attacker group of some
//! marginal vertex); the values of the others agree on at least
//! [`THRESHOLD_PERMILLE`]; and every difference falls in a class below,
//! checked by [`class_of`] on the graph itself.
//!
//! Measured with seed 0x0e1e5eed, 1000 distinct graphs: 146 unrealizable on
//! both sides, 854 compared, 850 agree (99.5%); the 4 differences are
//! class [`Class::StonesOnly`]. The answers' diagrams (the vital points
//! marked) are identical for 845 of the 850 (asserted: 95%); the others
//! mark a different set of ko-dependent points, or (one 8-vertex graph)
//! carry none because owlet's console ran out of its node budget and
//! answered the estimate, which happened to be GNU Go's value. (With a Python driver on 4000 other
//! distinct graphs: 3264 of 3270 agree with the solver's big cache, all 6
//! differences of this class; with the console's 1024-entry cache 3261,
//! the 3 others ko shapes where a result reached through a repetition is
//! reused on another line — GNU Go caches every result, owlet only those
//! that no repetition above the position decided, and neither is exact
//! under superko.)
//!
//! # Classes of differences
//!
//! - [`Class::StonesOnly`]: every vertex holds a dead stone (`X`, `XX`,
//!   `XXX`, ...). GNU Go puts the stones on its board without a single
//!   liberty — a position no game can reach — where they can never be
//!   captured and the defender gets nothing from the space: 0000. On a
//!   board a dead string has a liberty; one with none inside the space has
//!   its last one outside it, where the defender captures it with one
//!   move, so owlet reads the space as the defender's after that capture
//!   (`X` is one eye, 1111, as eyes.db's pattern 100 `x` says for a stone
//!   or an empty point). owlet's reading is the right one for positions
//!   that exist.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use owlet_firmware::Engine;
use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_host_tests::rng::Rng;

const GNUGO: &str = "/usr/games/gnugo";
/// Distinct graphs drawn.
const GRAPHS: usize = 1000;
/// The floor: 99% of the compared values agree.
const THRESHOLD_PERMILLE: usize = 990;

/// A documented kind of difference (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    StonesOnly,
}

/// The class a difference falls in, checked on the graph and both answers;
/// `None` when it fits none.
fn class_of(coded: &str, gnugo: &str, owlet: &str) -> Option<Class> {
    let cells = coded.chars().filter(|&c| c != '%' && c != 'O');
    let stones_only = cells.clone().count() > 0 && cells.clone().all(|c| c == 'X');
    // GNU Go's string with no liberty gives nothing; owlet's string is
    // captured from outside, so the space gives at least one eye when the
    // defender moves first.
    (stones_only && gnugo == "0000" && owlet.as_bytes().get(2).is_some_and(|&c| c >= b'1'))
        .then_some(Class::StonesOnly)
}

/// A random connected diagram, coded as GNU Go's `analyze_eyegraph` wants.
fn random_graph(rng: &mut Rng) -> String {
    const N: usize = 4;
    let size = 1 + rng.below(8);
    let mut cells = [[None::<char>; N]; N];
    let (r0, c0) = (rng.below(N), rng.below(N));
    let mut placed = vec![(r0, c0)];
    while placed.len() < size {
        let (r, c) = placed[rng.below(placed.len())];
        let (dr, dc) = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)][rng.below(4)];
        let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
            continue;
        };
        if nr < N && nc < N && !placed.contains(&(nr, nc)) {
            placed.push((nr, nc));
        }
    }
    for &(r, c) in &placed {
        cells[r][c] = Some(match rng.below(20) {
            0..=11 => '.',
            12..=16 => '!',
            _ => 'X',
        });
    }
    let rows: Vec<String> = cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| c.unwrap_or(' '))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let first = rows.iter().position(|r| !r.is_empty()).unwrap_or(0);
    let last = rows.iter().rposition(|r| !r.is_empty()).unwrap_or(0);
    let left = rows[first..=last]
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| r.len() - r.trim_start().len())
        .min()
        .unwrap_or(0);
    rows[first..=last]
        .iter()
        .map(|r| r.get(left..).unwrap_or("").replace(' ', "O"))
        .collect::<Vec<_>>()
        .join("%")
}

/// owlet's answer: `Some((value, diagram lines))`, or `None` for a
/// failure (`?`).
fn owlet_value(engine: &mut Engine, coded: &str) -> Option<(String, Vec<String>)> {
    let mut out = [0u8; ANSWER_CAPACITY];
    let reply = engine.execute(format!("analyze_eyegraph {coded}").as_bytes(), &mut out);
    let text = String::from_utf8_lossy(&out[..reply.len]).into_owned();
    let mut lines = text.strip_prefix("= ")?.lines();
    let value = lines.next()?.trim().to_string();
    assert_eq!(value.len(), 4, "{coded}: {text}");
    let mut diagram: Vec<String> = lines.map(|l| l.trim_end().to_string()).collect();
    while diagram.last().is_some_and(String::is_empty) {
        diagram.pop();
    }
    Some((value, diagram))
}

#[test]
fn eye_graph_values_agree_with_gnugo() {
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed (apt-get install gnugo)");
        return;
    }
    let mut gnugo = Command::new(GNUGO)
        .args(["--mode", "gtp", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    let mut to = gnugo.stdin.take().expect("stdin");
    let mut from = BufReader::new(gnugo.stdout.take().expect("stdout"));
    let mut engine = Engine::new();
    let mut rng = Rng(0x0e1e_5eed);
    let mut seen = std::collections::HashSet::new();
    let (mut compared, mut agreed, mut unrealizable) = (0usize, 0usize, 0usize);
    let mut classes = std::collections::BTreeMap::new();
    let mut unexplained = Vec::new();
    let (mut same_points, mut point_differences) = (0usize, Vec::new());
    while seen.len() < GRAPHS {
        let coded = random_graph(&mut rng);
        if !seen.insert(coded.clone()) {
            continue;
        }
        writeln!(to, "analyze_eyegraph {coded}").expect("write to gnugo");
        to.flush().expect("flush");
        let mut answer = Vec::new();
        loop {
            let mut line = String::new();
            if from.read_line(&mut line).expect("read gnugo") == 0 {
                break;
            }
            if line.trim().is_empty() {
                break;
            }
            answer.push(line.trim_end().to_string());
        }
        let first = answer.first().cloned().unwrap_or_default();
        let theirs = first.strip_prefix("= ").map(|v| v.trim().to_string());
        let ours = owlet_value(&mut engine, &coded);
        let (theirs, ours) = match (theirs, ours) {
            (Some(t), Some((o, diagram))) => {
                // The vital points, compared where the values agree.
                let gnugo_diagram: Vec<String> = answer
                    .iter()
                    .skip(1)
                    .map(|l| l.trim_end().to_string())
                    .collect();
                if t == o {
                    same_points += usize::from(gnugo_diagram == diagram);
                    if gnugo_diagram != diagram && point_differences.len() < 5 {
                        point_differences.push(format!(
                            "{coded} {t}: gnugo {gnugo_diagram:?} owlet {diagram:?}"
                        ));
                    }
                }
                (t, o)
            }
            (None, None) => {
                unrealizable += 1;
                continue;
            }
            (t, o) => panic!("{coded}: realizable for one side only: gnugo {t:?} owlet {o:?}"),
        };
        compared += 1;
        if theirs == ours {
            agreed += 1;
            continue;
        }
        let shown = coded.replace('%', "\n").replace('O', " ");
        match class_of(&coded, &theirs, &ours) {
            Some(class) => {
                println!("{class:?}: {coded}: gnugo {theirs} owlet {ours}\n{shown}\n");
                *classes.entry(format!("{class:?}")).or_insert(0usize) += 1;
            }
            None => unexplained.push(format!("{coded}: gnugo {theirs} owlet {ours}\n{shown}")),
        }
    }
    let _ = writeln!(to, "quit");
    let _ = gnugo.wait();
    println!(
        "analyze_eyegraph agreement with GNU Go: {agreed}/{compared} of {GRAPHS} distinct graphs \
         ({unrealizable} unrealizable on both sides); differences by class: {classes:?}"
    );
    println!(
        "vital points (the diagram) equal where the values agree: {same_points}/{agreed}; \
         first differences: {point_differences:#?}"
    );
    assert!(compared * 10 >= GRAPHS * 7, "too few realizable graphs");
    assert!(
        same_points * 100 >= agreed * 95,
        "vital points differ too often"
    );
    assert!(
        unexplained.is_empty(),
        "differences outside the documented classes:\n{}",
        unexplained.join("\n\n")
    );
    assert!(
        agreed * 1000 >= compared * THRESHOLD_PERMILLE,
        "agreement {agreed}/{compared} below {THRESHOLD_PERMILLE}‰"
    );
}
