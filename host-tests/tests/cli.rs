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
            "sim",
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
    for sub in ["gtp", "analyze", "regress", "gen-eye-table", "sim"] {
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
        &["sim", "--bogus"],
        &["sim", "--port", "x"],
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
fn sim_without_its_wasm_exits_1() {
    let dir = std::env::temp_dir().join(format!("owlet-sim-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = owlet(&["sim", "--port", "0", "--dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("scripts/sim-build"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sim_serves_its_folder_and_nothing_outside_it() {
    use std::io::{BufRead, BufReader, Read, Write};
    let dir = std::env::temp_dir().join(format!("owlet-sim-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<p>page</p>").unwrap();
    std::fs::write(dir.join("owlet.wasm"), b"\0asm").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_owlet"))
        .args(["sim", "--port", "0", "--dir", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs owlet sim");
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut url)
        .unwrap();
    let addr = url
        .trim()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let get = |path: &str| {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    };
    let index = get("/?script=E5");
    let wasm = get("/owlet.wasm");
    let outside = get("/../Cargo.toml");
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(index.starts_with("HTTP/1.1 200 OK"), "{index}");
    assert!(index.contains("text/html") && index.ends_with("<p>page</p>"));
    assert!(wasm.contains("application/wasm"), "{wasm}");
    assert!(outside.starts_with("HTTP/1.1 404"), "{outside}");
}

#[test]
fn version_prints_the_version() {
    let out = owlet(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("owlet "));
}
