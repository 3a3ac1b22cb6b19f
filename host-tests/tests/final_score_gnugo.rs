//! `final_score` and `final_status_list dead` against GNU Go 3.8 on
//! finished 9×9 games: the games of the regression data whose main line
//! ends with two passes, read by path at test time (nothing of them is
//! kept in the repository). GNU Go runs as `gnugo --mode gtp --quiet
//! --chinese-rules` (area scoring, as owlet's `final_score`), one process
//! for all the games. Skipped, with a message, when GNU Go is not
//! installed.
//!
//! The first test takes the first [`SAMPLE`] finished 9×9 games directly
//! in `games/` (file names sorted) and asserts that at least [`FLOOR`]
//! have the same winner and that at least [`DEAD_FLOOR`] per mille of the
//! stones either calls dead are called dead by both;
//! `OWLET_FINAL_SCORE_ALL=1` takes every finished 9×9 game under `games/`
//! instead, prints each difference and asserts nothing;
//! `OWLET_FINAL_SCORE_SIZE=13` (or 19) another board size. The second
//! test does the same with the first [`SAMPLE_19`] finished 19×19 games
//! ([`FLOOR_19`], [`DEAD_FLOOR_19`]).
//!
//! Measured on all 187 finished 9×9 games under `games/` (final_score
//! and final_status_list dead, one `owlet gtp` console): the same winner
//! as GNU Go with `--chinese-rules` in 186 (99.5%), the same score in 179
//! (95.7%), the same dead stones in 174 (93.0%); 964 of the 1008 stones
//! either calls dead agreed; owlet's time for all of them 4.9 s. The 9×9
//! sample: same winner 12 of 12, same score 11, same dead
//! stones 10, 98 of 106 dead stones agreed. The 19×19 sample: same winner
//! 12 of 12, same score 11, same dead stones 11, 277 of 282 dead stones
//! agreed (owlet's time for the 12 games, both commands, 0.6 s). GNU Go
//! plays the game out before it counts; owlet judges the stones as they
//! stand, so the games where they part are those with dead stones the
//! owl reading misjudges (trevor/trevor_20: 4 stones GNU Go calls dead
//! and owlet alive, and the other winner) or unsettled positions.

use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use owlet_host_tests::console::Console;
use owlet_host_tests::regress;
use sgf_parse::go::{Move, Prop};
use sgf_parse::{GameTree, ParseOptions};

const GNUGO: &str = "/usr/games/gnugo";
/// Games compared by default.
const SAMPLE: usize = 12;
/// Of the sample, games that must have GNU Go's winner.
const FLOOR: usize = 11;
/// Of the stones either calls dead in the sample, those both must call
/// dead, per mille.
const DEAD_FLOOR: usize = 900;
/// Finished 19×19 games compared.
const SAMPLE_19: usize = 12;
/// Of those, games that must have GNU Go's winner.
const FLOOR_19: usize = 11;
/// [`DEAD_FLOOR`] for the 19×19 sample.
const DEAD_FLOOR_19: usize = 950;

/// The board size of the SGF game at `path` when its main line ends with
/// two passes, else `None`.
fn finished(path: &Path) -> Option<usize> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let text = &text[text.find('(')?..];
    let lenient = ParseOptions {
        lenient: true,
        ..ParseOptions::default()
    };
    let trees = sgf_parse::parse(text)
        .or_else(|_| sgf_parse::parse_with_options(text, &lenient))
        .ok()?;
    let GameTree::GoGame(root) = trees.into_iter().next()? else {
        return None;
    };
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h => usize::from(*w),
        Some(_) => return None,
        None => 19,
    };
    let mut passes = 0;
    for node in root.main_variation() {
        let m = node.properties().find_map(|p| match p {
            Prop::B(m) | Prop::W(m) => Some(*m),
            _ => None,
        });
        match m {
            Some(Move::Pass) => passes += 1,
            Some(Move::Move(p)) if usize::from(p.x) >= size || usize::from(p.y) >= size => {
                passes += 1;
            }
            Some(Move::Move(_)) => passes = 0,
            None => {}
        }
    }
    (passes >= 2).then_some(size)
}

fn sgf_files(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if recursive {
                sgf_files(&path, true, out);
            }
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

/// GNU Go's answers to `script` (numbered commands), by id.
fn gnugo_answers(script: &str) -> HashMap<usize, String> {
    let mut gnugo = Command::new(GNUGO)
        .args(["--mode", "gtp", "--quiet", "--chinese-rules"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnugo starts");
    let mut to = gnugo.stdin.take().expect("stdin");
    let from = BufReader::new(gnugo.stdout.take().expect("stdout"));
    let script = script.to_string();
    let writer = std::thread::spawn(move || {
        to.write_all(script.as_bytes()).expect("write to gnugo");
        writeln!(to, "quit").expect("write to gnugo");
    });
    let mut answers = HashMap::new();
    let mut current: Option<(usize, String)> = None;
    for line in from.lines() {
        let line = line.expect("read gnugo");
        if line.is_empty() {
            if let Some((id, text)) = current.take() {
                answers.insert(id, text);
            }
            continue;
        }
        match &mut current {
            Some((_, text)) => {
                text.push('\n');
                text.push_str(&line);
            }
            None => {
                let rest = &line[1..];
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let id = rest[..digits].parse().unwrap_or(usize::MAX);
                let mark = if line.starts_with('=') { "" } else { "?" };
                current = Some((id, format!("{mark}{}", rest[digits..].trim())));
            }
        }
    }
    writer.join().expect("writer");
    let _ = gnugo.wait();
    answers
}

/// Black's margin from a `final_score` answer (`B+3.5`, `W+2.0`, `0`).
fn margin(answer: &str) -> Option<f32> {
    if answer == "0" {
        return Some(0.0);
    }
    let (sign, number) = match answer.split_at_checked(2)? {
        ("B+", n) => (1.0, n),
        ("W+", n) => (-1.0, n),
        _ => return None,
    };
    number.parse::<f32>().ok().map(|n| sign * n)
}

fn stones(answer: &str) -> BTreeSet<String> {
    answer.split_whitespace().map(str::to_string).collect()
}

fn owlet_answer(console: &mut Console, line: &str) -> String {
    let (_, bytes) = console.execute(line.as_bytes());
    let text = String::from_utf8_lossy(bytes);
    let ok = text.starts_with('=');
    let text = text[1..].trim().to_string();
    if ok { text } else { format!("?{text}") }
}

#[test]
fn final_score_agrees_with_gnugo() {
    let size: usize = std::env::var("OWLET_FINAL_SCORE_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let all = std::env::var_os("OWLET_FINAL_SCORE_ALL").is_some_and(|v| !v.is_empty());
    compare(size, SAMPLE, (FLOOR, DEAD_FLOOR), all);
}

#[test]
fn final_score_agrees_with_gnugo_on_19x19() {
    compare(19, SAMPLE_19, (FLOOR_19, DEAD_FLOOR_19), false);
}

/// Compares the first `sample` finished games of `size` directly in
/// `games/` and asserts that at least `floor.0` of them have GNU Go's
/// winner and that at least `floor.1` per mille of the stones either
/// calls dead are called dead by both; with `all`, every finished game of
/// `size` under `games/`, asserting nothing.
fn compare(size: usize, sample: usize, floor: (usize, usize), all: bool) {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed (apt-get install gnugo)");
        return;
    }
    let games_dir = regress::default_data_dir().join("games");
    assert!(
        games_dir.is_dir(),
        "GNU Go regression data not found at {}: put shared/gnugo-regress beside the \
         repository or set OWLET_REGRESS_DATA",
        games_dir.display()
    );
    let mut files = Vec::new();
    sgf_files(&games_dir, all, &mut files);
    files.sort();
    let mut games: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| finished(f) == Some(size))
        .collect();
    if !all {
        games.truncate(sample);
        assert_eq!(
            games.len(),
            sample,
            "too few finished games in {}",
            games_dir.display()
        );
    }

    let mut script = String::new();
    for (i, game) in games.iter().enumerate() {
        let file = game.display();
        script.push_str(&format!(
            "{} loadsgf {file}\n{} final_score\n{} final_status_list dead\n",
            3 * i,
            3 * i + 1,
            3 * i + 2
        ));
    }
    let theirs = gnugo_answers(&script);

    let (mut winner, mut score, mut dead_same) = (0usize, 0usize, 0usize);
    let (mut common, mut union) = (0usize, 0usize);
    let started = std::time::Instant::now();
    for (i, game) in games.iter().enumerate() {
        let name = game.strip_prefix(&games_dir).unwrap_or(game).display();
        let mut console = Console::new();
        let loaded = owlet_answer(&mut console, &format!("loadsgf {}", game.display()));
        assert!(!loaded.starts_with('?'), "{name}: {loaded}");
        let ours = owlet_answer(&mut console, "final_score");
        let our_dead = stones(&owlet_answer(&mut console, "final_status_list dead"));
        let their_score = theirs.get(&(3 * i + 1)).cloned().unwrap_or_default();
        let their_dead = stones(theirs.get(&(3 * i + 2)).map_or("", String::as_str));
        let (a, b) = (margin(&ours), margin(&their_score));
        assert!(a.is_some(), "{name}: owlet's final_score {ours:?}");
        let same_winner = match (a, b) {
            (Some(a), Some(b)) => a.signum() == b.signum() || (a == 0.0 && b == 0.0),
            _ => false,
        };
        winner += usize::from(same_winner);
        score += usize::from(ours == their_score);
        dead_same += usize::from(our_dead == their_dead);
        common += our_dead.intersection(&their_dead).count();
        union += our_dead.union(&their_dead).count();
        if ours != their_score || our_dead != their_dead {
            let only_ours: Vec<_> = our_dead.difference(&their_dead).collect();
            let only_theirs: Vec<_> = their_dead.difference(&our_dead).collect();
            eprintln!(
                "{name}: owlet {ours}, GNU Go {their_score}{}; dead only owlet {only_ours:?}, \
                 only GNU Go {only_theirs:?}",
                if same_winner { "" } else { " (other winner)" }
            );
        }
    }
    let n = games.len();
    eprintln!(
        "{n} finished {size}x{size} games: same winner {winner}, same score {score}, same dead \
         stones {dead_same}; dead stones agreed {common} of {union} called dead by either; \
         owlet's time {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if !all {
        assert!(
            winner >= floor.0,
            "same winner in {winner} of {n} games (floor {})",
            floor.0
        );
        assert!(
            common * 1000 >= floor.1 * union,
            "dead stones agreed {common} of {union} (floor {} per mille)",
            floor.1
        );
    }
}
