//! A GUI's session against `owlet gtp`: the start-up commands GoGui and
//! Sabaki send (`protocol_version`, `name`, `version`, `list_commands`,
//! `known_command`, GoGui's `gogui-analyze_commands`, `boardsize`,
//! `clear_board`, `komi`), a few moves, then every analyze command
//! `gogui-analyze_commands` offers and the scoring commands. Every answer
//! must be well-formed GTP: `=` or `?`, the command's id, text without an
//! empty line, and the closing empty line.

use owlet_host_tests::console::Console;

const STARTUP: &str = "\
1 protocol_version
2 name
3 version
4 list_commands
5 known_command gogui-interrupt
6 gogui-analyze_commands
7 boardsize 7
8 clear_board
9 komi 6.5";

/// A settled 7×7 position, played stone by stone: black owns columns A-D,
/// white E-G, white's B5 is dead.
///
/// ```text
///    A B C D E F G
///  7 . X . X O . O 7
///  6 X X X X O O . 6
///  5 . O . X O . O 5
///  4 X X X X O O O 4
///  3 . X . X O . O 3
///  2 X X X X O O O 2
///  1 . X . X O . O 1
/// ```
const BLACK: &str = "B7 D7 A6 B6 C6 D6 D5 A4 B4 C4 D4 B3 D3 A2 B2 C2 D2 B1 D1";
const WHITE: &str = "E7 G7 E6 F6 E5 G5 E4 F4 G4 E3 G3 E2 F2 G2 E1 G1 B5";

/// Checks `answer` is one well-formed GTP answer to command `id`; returns
/// its text.
fn well_formed(id: &str, answer: &str) -> (bool, String) {
    let ok = answer.starts_with('=');
    assert!(
        ok || answer.starts_with('?'),
        "{id}: answer must start with = or ?: {answer:?}"
    );
    let rest = &answer[1..];
    assert!(rest.starts_with(id), "{id}: id not echoed: {answer:?}");
    let rest = &rest[id.len()..];
    assert!(
        rest.starts_with(' ') || rest.starts_with('\n'),
        "{id}: {answer:?}"
    );
    assert!(
        answer.ends_with("\n\n"),
        "{id}: no closing empty line: {answer:?}"
    );
    let text = rest.strip_prefix(' ').unwrap_or(rest);
    let text = &text[..text.len() - 2];
    assert!(
        !text.contains("\n\n"),
        "{id}: empty line inside: {answer:?}"
    );
    assert!(
        !text.contains('\r') && !text.contains('\t'),
        "{id}: {answer:?}"
    );
    (ok, text.to_string())
}

fn ask(console: &mut Console, line: &str) -> (bool, String) {
    let (_, bytes) = console.execute(line.as_bytes());
    let answer = String::from_utf8(bytes.to_vec()).expect("UTF-8 answer");
    let id = line.split_whitespace().next().unwrap();
    well_formed(id, &answer)
}

#[test]
fn gui_startup_and_analyze_commands() {
    let mut console = Console::new();
    let mut answers = Vec::new();
    for line in STARTUP.lines() {
        let (ok, text) = ask(&mut console, line);
        answers.push((line, ok, text));
    }
    let moves = BLACK
        .split(' ')
        .map(|v| ("b", v))
        .chain(WHITE.split(' ').map(|v| ("w", v)));
    for (i, (color, v)) in moves.enumerate() {
        let line = format!("{} play {color} {v}", 20 + i);
        assert_eq!(ask(&mut console, &line), (true, String::new()), "{line}");
    }
    for (line, ok, _) in &answers {
        let command = line.split_whitespace().nth(1).unwrap();
        if command != "known_command" {
            assert!(ok, "{line} failed");
        }
    }
    assert_eq!(answers[0].2, "2");
    assert_eq!(answers[1].2, "owlet");
    let list: Vec<&str> = answers[3].2.lines().collect();
    for c in [
        "final_score",
        "final_status_list",
        "gogui-analyze_commands",
        "printsgf",
        "loadsgf",
        "dragon_status",
    ] {
        assert!(list.contains(&c), "list_commands lacks {c}");
    }
    assert_eq!(answers[4].2, "false");

    // Every analyze command offered, as GoGui would send it.
    let mut id = 100;
    for entry in answers[5].2.lines() {
        let fields: Vec<&str> = entry.splitn(3, '/').collect();
        assert_eq!(fields.len(), 3, "TYPE/LABEL/COMMAND: {entry}");
        let (kind, command) = (fields[0], fields[2]);
        assert!(
            ["gfx", "string", "plist"].contains(&kind),
            "{entry}: unknown type"
        );
        let name = command.split_whitespace().next().unwrap();
        assert!(list.contains(&name), "{entry}: not in list_commands");
        id += 1;
        let (ok, text) = ask(&mut console, &format!("{id} {command}"));
        assert!(ok, "{command}: {text}");
        if kind == "gfx" {
            for l in text.lines() {
                let word = l.split_whitespace().next().unwrap_or("");
                assert!(
                    ["COLOR", "LABEL", "SQUARE", "MARK", "TEXT"].contains(&word),
                    "{command}: not a gfx line: {l}"
                );
                if word != "TEXT" && word != "LABEL" {
                    let mut words = l.split_whitespace().skip(1);
                    if word == "COLOR" {
                        assert!(words.next().unwrap().starts_with('#'), "{l}");
                    }
                    for v in words {
                        assert!(
                            owlet_board::Point::from_vertex(v, 7).is_ok(),
                            "{command}: {v} is not a vertex"
                        );
                    }
                }
            }
            assert!(text.lines().any(|l| l.starts_with("TEXT ")), "{command}");
        }
    }

    // Scoring and the list forms, then bad input.
    // Black 28 points, white 21, komi 6.5.
    assert_eq!(ask(&mut console, "200 final_score").1, "B+0.5");
    assert_eq!(
        ask(&mut console, "201 dragon_status").1,
        "B7: alive\nE7: alive\nB5: dead"
    );
    assert_eq!(ask(&mut console, "202 final_status_list dead").1, "B5");
    for line in [
        "202 final_status_list alive",
        "203 final_status_list seki",
        "204 worm_stones",
        "205 dragon_stones white",
        "206 final_status C5",
        "207 printsgf",
    ] {
        assert!(ask(&mut console, line).0, "{line}");
    }
    for (line, error) in [
        ("210 gogui-owlet_nonsense", "unknown command"),
        ("211 final_status_list territory", "invalid status"),
        ("212 final_status Z99", "invalid coordinate"),
        (
            "213 printsgf /nonexistent-dir/x.sgf",
            "cannot write '/nonexistent-dir/x.sgf'",
        ),
    ] {
        assert_eq!(
            ask(&mut console, line),
            (false, error.to_string()),
            "{line}"
        );
    }
    assert!(ask(&mut console, "214 quit").0);
}

#[test]
fn printsgf_round_trips_through_loadsgf() {
    let dir = std::env::temp_dir().join(format!("owlet-printsgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pos.sgf");
    let file = file.to_str().unwrap();
    let mut a = Console::new();
    for line in [
        "boardsize 7",
        "komi 0.5",
        "play b d4",
        "play w c3",
        "play b c4",
        "play w pass",
    ] {
        assert!(ask(&mut a, &format!("1 {line}")).0, "{line}");
    }
    let (_, board) = ask(&mut a, "1 showboard");
    assert_eq!(
        ask(&mut a, &format!("2 printsgf {file}")),
        (true, String::new())
    );
    let mut b = Console::new();
    assert_eq!(
        ask(&mut b, &format!("3 loadsgf {file}")),
        (true, "black".to_string())
    );
    assert_eq!(ask(&mut b, "4 showboard").1, board);
    assert_eq!(ask(&mut b, "5 get_komi").1, " 0.5");
    let (_, text) = ask(&mut a, "6 printsgf");
    assert_eq!(text, std::fs::read_to_string(file).unwrap().trim_end());
    assert!(text.starts_with("(;GM[1]FF[4]\nSZ[7]\n"), "{text}");
    assert!(text.contains("AB[cd][dd]\nAW[ce]\nPL[B]\n)"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
