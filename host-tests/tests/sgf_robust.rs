//! SGF loading cannot abort or balloon: a 150,000-move game loads on a
//! test thread's stack, files that are not regular files or are too large
//! are refused before they are read, a non-finite komi is ignored, moves
//! the rules refuse are treated as GNU Go 3.8 treats them (checked with
//! `gnugo --mode gtp` when this was written), and `owlet analyze` keeps the
//! good files' results when others fail.

use std::path::{Path, PathBuf};
use std::process::Command;

use owlet_board::{Color, Move, Point};
use owlet_firmware::Engine;
use owlet_host_tests::analyze::{self, Options};
use owlet_host_tests::sgf::{self, LoadError, MAX_FILE_BYTES, Until};

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("owlet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn long_game(moves: usize) -> String {
    let mut text = String::from("(;GM[1]SZ[19]");
    for i in 0..moves {
        text += if i % 2 == 0 { ";B[tt]" } else { ";W[tt]" };
    }
    text + ")"
}

#[test]
fn a_150000_move_game_loads() {
    let dir = temp_dir("long");
    let path = dir.join("long.sgf");
    std::fs::write(&path, long_game(150_000)).unwrap();
    let mut engine = Engine::new();
    let loaded = sgf::load_file(&mut engine, &path, &Until::End).unwrap();
    assert_eq!(loaded.moves, 150_000);
    assert_eq!(loaded.last_move, Some(Move::Pass));
    assert_eq!(loaded.to_move, Color::Black);
    // Its variations are skipped without being built either.
    let deep = format!(
        "(;GM[1]SZ[9];B[aa](;W[bb]{})(;W[cc]))",
        ";B[tt]".repeat(100_000)
    );
    let loaded = sgf::load_str(&mut engine, &deep, &Until::End).unwrap();
    assert_eq!(loaded.moves, 100_002);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_that_are_not_regular_are_refused() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("game.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut engine = Engine::new();
    for (path, kind) in [
        (fifo.as_path(), "a FIFO"),
        (Path::new("/dev/zero"), "a character device"),
        (dir.as_path(), "a directory"),
    ] {
        let err = sgf::load_file(&mut engine, path, &Until::End).unwrap_err();
        assert!(matches!(err, LoadError::NotAFile(k) if k == kind), "{err}");
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_over_the_cap_is_refused_unread() {
    let dir = temp_dir("large");
    let path = dir.join("large.sgf");
    // Sparse: no disk is used.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    let mut engine = Engine::new();
    let err = sgf::load_file(&mut engine, &path, &Until::End).unwrap_err();
    assert!(matches!(err, LoadError::TooLarge(n) if n == MAX_FILE_BYTES + 1));
    assert!(err.to_string().contains("larger than the 4 MiB"), "{err}");
    // At the cap it is read.
    file.set_len(MAX_FILE_BYTES).unwrap();
    let err = sgf::load_file(&mut engine, &path, &Until::End).unwrap_err();
    assert!(matches!(err, LoadError::Parse(_)), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_komi_that_is_not_finite_is_ignored() {
    for (text, komi) in [
        ("(;KM[nan];B[aa])", 5.5),
        ("(;KM[1e39];B[aa])", 5.5),
        ("(;KM[-inf])", 5.5),
        ("(;HA[2]KM[NaN])", 0.5),
        ("(;KM[6.5])", 6.5),
        ("(;KM[-1e30])", -1e30),
    ] {
        let mut engine = Engine::new();
        let loaded = sgf::load_str(&mut engine, text, &Until::End).unwrap();
        assert!(engine.komi().is_finite(), "{text}");
        assert_eq!(engine.komi(), komi, "{text}");
        let warned = loaded.warnings.iter().any(|w| w.contains("ignored"));
        assert_eq!(
            warned,
            !komi.eq(&6.5) && komi > -1.0,
            "{text}: {:?}",
            loaded.warnings
        );
    }
}

fn stones(engine: &Engine) -> String {
    let board = engine.board();
    let size = board.size();
    (0..size)
        .rev()
        .flat_map(|row| (0..size).map(move |col| (col, row)))
        .map(
            |(col, row)| match board.color_at(Point::new(col, row).unwrap()) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            },
        )
        .collect()
}

#[test]
fn moves_the_rules_refuse_are_played_as_gnugo_plays_them() {
    // A ko retaken at once: GNU Go plays it (and so does owlet).
    let mut engine = Engine::new();
    let ko = "(;GM[1]SZ[5]AB[bb][ac][bd]AW[cb][dc][cd];B[cc];W[bc];B[cc])";
    let loaded = sgf::load_str(&mut engine, ko, &Until::End).unwrap();
    assert_eq!(loaded.to_move, Color::White);
    let after_ko = [".....", ".XO..", "X.XO.", ".XO..", "....."].concat();
    assert_eq!(stones(&engine), after_ko);
    assert_eq!(engine.board().captures(Color::Black), 1);
    assert_eq!(engine.board().captures(Color::White), 1);
    assert!(engine.board().is_consistent());
    // `undo` replays the record, the retake included.
    engine.execute(b"play white e5", &mut [0; 64]);
    engine.undo().unwrap();
    assert_eq!(stones(&engine), after_ko);

    // A suicide: played, the stone removed and counted for the opponent.
    let loaded = sgf::load_str(
        &mut engine,
        "(;GM[1]SZ[5]AB[ba][ab];W[aa];B[cc])",
        &Until::End,
    )
    .unwrap();
    assert_eq!(loaded.to_move, Color::White);
    let after_suicide = [".X...", "X....", "..X..", ".....", "....."].concat();
    assert_eq!(stones(&engine), after_suicide);
    assert_eq!(engine.board().captures(Color::Black), 1);

    // A move on an occupied point ends the loading, that move's colour to
    // play, with GNU Go's warning.
    let occupied = "(;GM[1]SZ[5]AB[ba];W[ba];B[cc];W[dd];B[ee])";
    let loaded = sgf::load_str(&mut engine, occupied, &Until::End).unwrap();
    assert_eq!(loaded.to_move, Color::White);
    assert_eq!(loaded.moves, 0);
    assert_eq!(
        stones(&engine),
        [".X...", ".....", ".....", ".....", "....."].concat()
    );
    assert_eq!(
        loaded.warnings,
        [
            "WARNING: Move off board or on occupied position found in sgf-file.",
            "Move at B5 ignored, trying to proceed."
        ]
    );
}

#[test]
fn a_batch_keeps_the_good_files() {
    let dir = temp_dir("batch");
    std::fs::write(dir.join("a.sgf"), "(;GM[1]SZ[5];B[cc])").unwrap();
    std::fs::write(dir.join("b.sgf"), "no game here").unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(dir.join("c.sgf"))
            .status()
            .unwrap()
            .success()
    );
    std::fs::write(dir.join("d.sgf"), long_game(150_000)).unwrap();
    std::fs::File::create(dir.join("e.sgf"))
        .unwrap()
        .set_len(MAX_FILE_BYTES + 1)
        .unwrap();
    // A link back to the directory is not followed.
    std::os::unix::fs::symlink(&dir, dir.join("loop")).unwrap();
    let (files, errors) = analyze::sgf_files(&dir);
    assert!(errors.is_empty());
    assert_eq!(files.len(), 5);
    let options = Options {
        owl_nodes: 100,
        aa_nodes: 0,
        ..Options::default()
    };
    let done = analyze::batch::run(&files, None, &options, 2, false);
    let ok: Vec<bool> = done.results.iter().map(Result::is_ok).collect();
    assert_eq!(ok, [true, false, false, true, false]);
    let moves: Vec<usize> = done
        .results
        .iter()
        .filter_map(|r| r.as_ref().ok().map(|r| r.moves))
        .collect();
    assert_eq!(moves, [1, 150_000]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_reports_the_limits_it_hit() {
    let mut engine = Engine::new();
    sgf::load_str(
        &mut engine,
        "(;GM[1]SZ[5];B[bb];W[cb];B[bc];W[cc];B[bd];W[cd])",
        &Until::End,
    )
    .unwrap();
    let tight = Options {
        owl_nodes: 1,
        owl_search_nodes: 1,
        aa_nodes: 1,
        ..Options::default()
    };
    let report = analyze::analyze_engine(&engine, &tight);
    assert_eq!(report.limits.owl, 1, "{:?}", report.limits);
    assert_eq!(report.limits.owl_budget, 1, "{:?}", report.limits);
    assert!(
        report
            .to_json()
            .contains("\"limits\":{\"owl\":1,\"owl_budget\":1,")
    );
    // Nothing is hit where nothing needs reading far.
    sgf::load_str(&mut engine, "(;GM[1]SZ[3];B[aa];W[cc])", &Until::End).unwrap();
    let report = analyze::analyze_engine(&engine, &Options::default());
    assert_eq!(report.limits, analyze::Limits::default());
}
