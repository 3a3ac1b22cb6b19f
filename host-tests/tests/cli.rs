//! The `owlet` program's command line: help for the program and for each
//! subcommand on stdout with exit code 0, and a bad command line on stderr
//! with exit code 2 (the codes `owlet --help` and the README document).

use std::process::{Command, Output};

fn owlet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_owlet"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("runs owlet")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn help_names_every_subcommand_and_the_exit_codes() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = owlet(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = stdout(&out);
        for word in [
            "gtp",
            "analyze",
            "regress",
            "gen-eye-table",
            "exit codes",
            "NO_COLOR",
            "1 to 19 points a side",
        ] {
            assert!(text.contains(word), "{args:?} lacks {word}:\n{text}");
        }
    }
}

#[test]
fn each_subcommand_has_its_help() {
    for sub in ["gtp", "analyze", "regress", "gen-eye-table"] {
        for args in [vec![sub, "--help"], vec![sub, "-h"], vec!["help", sub]] {
            let out = owlet(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let text = stdout(&out);
            assert!(
                text.starts_with(&format!("usage: owlet {sub}")),
                "{args:?}:\n{text}"
            );
            assert!(text.contains("exit codes"), "{args:?}:\n{text}");
        }
    }
    assert!(stdout(&owlet(&["analyze", "--help"])).contains("NO_COLOR"));
}

#[test]
fn a_bad_command_line_exits_2_with_the_help_on_stderr() {
    for args in [
        &[][..],
        &["bogus"],
        &["bogus", "--help"],
        &["gtp", "--bogus"],
        &["analyze"],
        &["analyze", "--bogus", "x.sgf"],
        &["regress"],
        &["regress", "--bogus"],
        &["gen-eye-table", "--bogus"],
    ] {
        let out = owlet(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("usage: owlet"), "{args:?}:\n{err}");
    }
}

#[test]
fn a_missing_file_exits_1() {
    let out = owlet(&["analyze", "/nonexistent/owlet-test.sgf"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn version_prints_the_version() {
    let out = owlet(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("owlet "));
}
