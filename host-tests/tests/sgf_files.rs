//! Every (non-empty) SGF file of the GNU Go regression data loads, whole and stopped
//! half-way; and a few positions the suites use come out as GNU Go 3.8
//! loads them (side to move and capture counts checked against
//! `gnugo --mode gtp`; all 516 `loadsgf` lines of the suites gave the same
//! `showboard` as GNU Go when this was written).

use std::path::{Path, PathBuf};

use owlet_board::Color;
use owlet_firmware::Engine;
use owlet_host_tests::regress;
use owlet_host_tests::sgf::{self, Until};

fn data() -> PathBuf {
    let data = regress::default_data_dir();
    assert!(
        data.join("games").is_dir(),
        "GNU Go regression data not found at {}: put shared/gnugo-regress beside the \
         repository or set OWLET_REGRESS_DATA",
        data.display()
    );
    data
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

#[test]
fn every_regression_game_loads() {
    let data = data();
    let mut files = Vec::new();
    sgf_files(&data, &mut files);
    assert!(files.len() > 500, "only {} SGF files found", files.len());
    let mut failures = Vec::new();
    for file in &files {
        if std::fs::metadata(file).unwrap().len() == 0 {
            // games/pending/nightmare.sgf is empty: GNU Go cannot load it either.
            let mut engine = Engine::new();
            assert!(sgf::load_file(&mut engine, file, &Until::End).is_err());
            continue;
        }
        for until in [Until::End, Until::Move(40)] {
            let mut engine = Engine::new();
            match sgf::load_file(&mut engine, file, &until) {
                Ok(loaded) => {
                    assert!(engine.board().is_consistent(), "{}", file.display());
                    assert_eq!(engine.board().to_move(), loaded.to_move);
                }
                Err(e) => failures.push(format!("{}: {e}", file.display())),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn positions_as_gnugo_loads_them() {
    // (file, move, side to move, stones captured by black, by white)
    let cases = [
        ("games/incident2.sgf", 212, Color::White, 1, 9),
        ("games/incident79.sgf", 168, Color::White, 4, 3),
        ("games/9handicap.sgf", 0, Color::White, 32, 198),
        ("games/semeai/semeai8.sgf", 0, Color::White, 0, 0),
    ];
    let data = data();
    for (file, n, to_move, black, white) in cases {
        let mut engine = Engine::new();
        let until = if n == 0 { Until::End } else { Until::Move(n) };
        let loaded = sgf::load_file(&mut engine, &data.join(file), &until).unwrap();
        assert_eq!(loaded.to_move, to_move, "{file} {n}");
        assert_eq!(engine.board().captures(Color::Black), black, "{file} {n}");
        assert_eq!(engine.board().captures(Color::White), white, "{file} {n}");
    }
}
