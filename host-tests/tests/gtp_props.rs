//! Property tests of the GTP console's text entry point: random lines
//! (random bytes, commands with random arguments, sequences of them) never
//! panic, always give a well-formed answer, and a `?` answer changes
//! nothing.

use owlet_firmware::gtp::{ANSWER_CAPACITY, COMMANDS};
use owlet_firmware::{Engine, Status};
use owlet_host_tests::console::Console;
use proptest::prelude::*;

fn command_name() -> impl Strategy<Value = String> {
    let mut names: Vec<&str> = COMMANDS.to_vec();
    names.extend(["loadsgf", "foo", "", "PLAY", "genmove"]);
    prop::sample::select(names).prop_map(String::from)
}

fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-HJ][1-9]",
        "[a-hj-t][0-9]{1,2}",
        Just("pass".to_string()),
        prop::sample::select(vec!["b", "w", "black", "white", "B", "x"]).prop_map(String::from),
        "-?[0-9]{1,3}(\\.[0-9])?",
        "[!-~]{1,12}",
        any::<String>(),
    ]
}

fn gtp_line() -> impl Strategy<Value = Vec<u8>> {
    let structured = (
        prop::option::of(0u32..1000),
        command_name(),
        prop::collection::vec(argument(), 0..4),
        prop::option::of("#[ -~]{0,10}"),
    )
        .prop_map(|(id, name, args, comment)| {
            let mut line = String::new();
            if let Some(id) = id {
                line += &format!("{id} ");
            }
            line += &name;
            for a in args {
                line += " ";
                line += &a;
            }
            if let Some(c) = comment {
                line += &c;
            }
            line.into_bytes()
        });
    prop_oneof![
        3 => structured,
        1 => prop::collection::vec(any::<u8>(), 0..80),
    ]
}

/// Runs `line` and checks the answer's form and, on failure, that nothing
/// changed.
fn check(console: &mut Console, line: &[u8]) -> Result<(), TestCaseError> {
    let board = console.engine.board().clone();
    let komi = console.engine.komi();
    let tries = console.engine.trymoves_pending();
    let (reply, answer) = console.execute(line);
    let answer = answer.to_vec();
    if reply.status == Status::Silent {
        prop_assert!(answer.is_empty());
        return Ok(());
    }
    prop_assert!(!reply.truncated);
    prop_assert!(
        answer.ends_with(b"\n\n"),
        "{:?}",
        String::from_utf8_lossy(&answer)
    );
    let first = if reply.status == Status::Success {
        b'='
    } else {
        b'?'
    };
    prop_assert_eq!(answer[0], first);
    let id_len = answer[1..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    prop_assert_eq!(answer[1 + id_len], b' ');
    let text = std::str::from_utf8(&answer).expect("answers are UTF-8");
    prop_assert_eq!(
        text.find("\n\n"),
        Some(text.len() - 2),
        "blank line inside {:?}",
        text
    );
    if reply.status == Status::Failure {
        prop_assert!(
            console.engine.board() == &board,
            "a ? answer changed the board"
        );
        prop_assert!(console.engine.komi().to_bits() == komi.to_bits());
        prop_assert_eq!(console.engine.trymoves_pending(), tries);
    }
    prop_assert!(console.engine.board().is_consistent());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn single_lines(line in gtp_line()) {
        let mut console = Console::new();
        check(&mut console, b"boardsize 9")?;
        check(&mut console, b"play b e5")?;
        check(&mut console, &line)?;
    }

    #[test]
    fn sequences(size in 1usize..=19, lines in prop::collection::vec(gtp_line(), 1..30)) {
        let mut console = Console::new();
        check(&mut console, format!("boardsize {size}").as_bytes())?;
        for line in &lines {
            check(&mut console, line)?;
        }
    }

    #[test]
    fn small_buffers_never_overflow(line in gtp_line(), len in 0usize..48) {
        let mut engine = Engine::new();
        let mut out = vec![0u8; len];
        let reply = engine.execute(&line, &mut out);
        prop_assert!(reply.len <= len);
        if reply.status != Status::Silent && len >= 2 {
            prop_assert!(out[..reply.len].ends_with(b"\n\n"));
        }
        let mut big = vec![0u8; ANSWER_CAPACITY];
        let full = Engine::new().execute(&line, &mut big);
        if reply.truncated {
            prop_assert!(full.len > len || full.status == Status::Silent);
        }
    }
}

/// A line of any length takes bounded memory: it is dropped as it
/// streams, answered `? line too long` with its id, and the session goes
/// on; what the console keeps of a line (no control characters, nothing
/// after `#`) is what the engine's own preprocessing keeps.
#[test]
fn a_long_line_is_dropped_as_it_streams() {
    use owlet_firmware::gtp::LINE_CAPACITY;
    use owlet_host_tests::console::{Console, read_line};
    use std::io::{BufReader, Read};

    /// `len` bytes of `fill`, then `tail`, produced on the fly.
    struct Stream {
        left: u64,
        fill: u8,
        tail: std::io::Cursor<Vec<u8>>,
    }
    impl Read for Stream {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.left == 0 {
                return self.tail.read(buf);
            }
            let n = buf
                .len()
                .min(usize::try_from(self.left).unwrap_or(usize::MAX));
            buf[..n].fill(self.fill);
            self.left -= n as u64;
            Ok(n)
        }
    }
    let stream = |prefix: &str, len: u64, fill: u8, tail: &str| {
        let head = std::io::Cursor::new(prefix.as_bytes().to_vec());
        let body = Stream {
            left: len,
            fill,
            tail: std::io::Cursor::new(tail.as_bytes().to_vec()),
        };
        BufReader::new(head.chain(body))
    };

    // 64 MiB in one line: the line buffer never grows past the limit.
    let mut input = stream("7 name ", 64 << 20, b'x', "\n8 name\n");
    let mut line = Vec::new();
    assert!(read_line(&mut input, &mut line).unwrap());
    assert_eq!(line.len(), LINE_CAPACITY + 1);
    assert!(line.capacity() <= 2 * (LINE_CAPACITY + 1));
    assert!(read_line(&mut input, &mut line).unwrap());
    assert_eq!(line, b"8 name");
    assert!(!read_line(&mut input, &mut line).unwrap());

    let mut console = Console::new();
    let mut out = Vec::new();
    console
        .serve(stream("7 name ", 64 << 20, b'x', "\n8 name\n"), &mut out)
        .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "?7 line too long\n\n=8 owlet\n\n"
    );

    // Control characters and a comment do not count, as in the engine.
    for (fill, answer) in [(b'\x01', "=7 owlet\n\n"), (b'#', "=7 owlet\n\n")] {
        let mut out = Vec::new();
        console
            .serve(stream("7 name", 1 << 20, fill, "\n"), &mut out)
            .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), answer);
        let mut direct = vec![b'7', b' ', b'n', b'a', b'm', b'e'];
        direct.extend(std::iter::repeat_n(fill, 4096));
        assert_eq!(
            console.execute(&direct).1,
            answer.as_bytes(),
            "the engine's preprocessing agrees"
        );
    }
    // Exactly at the limit, and one past it.
    for (len, answer) in [
        (LINE_CAPACITY, "= false\n\n"),
        (LINE_CAPACITY + 1, "? line too long\n\n"),
    ] {
        let line = format!("known_command {}\n", "a".repeat(len - 14));
        let mut out = Vec::new();
        console.serve(line.as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), answer, "{len}");
    }
}

/// `owlet gtp` says on stderr which command hit a limit; the answers stay
/// in GNU Go's formats.
#[test]
fn owlet_gtp_reports_limit_hits_on_stderr() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    let mut script = String::from(
        "boardsize 9\nplay black C3\nplay white C4\nplay black D3\nplay white B3\n\
         play black E5\nplay white D2\nplay white F6\ndefend C3\n",
    );
    script += &"trymove black pass\n".repeat(owlet_board::DEFAULT_JOURNAL_MOVES);
    // A string not read before: the reader keeps C3's answer for this
    // unchanged position, so asking again would need no moves.
    script += "attack C4\nget_limit_hits\nreset_limit_hits\nget_limit_hits\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_owlet"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let answers: Vec<&str> = stdout.split("\n\n").collect();
    let n = 8 + owlet_board::DEFAULT_JOURNAL_MOVES;
    assert_eq!(answers[8], "= 1 E3");
    assert_eq!(answers[n + 1], "= 0");
    assert!(answers[n + 2].starts_with("= reading 0 owl 0 semeai 0 combination 0 eye 0 journal "));
    assert_ne!(
        answers[n + 2],
        "= reading 0 owl 0 semeai 0 combination 0 eye 0 journal 0"
    );
    assert_eq!(
        answers[n + 4],
        "= reading 0 owl 0 semeai 0 combination 0 eye 0 journal 0"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("owlet: limits hit by `attack C4`: journal "),
        "{stderr}"
    );
}
