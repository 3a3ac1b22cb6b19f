//! The combination commands through the console: GNU Go's answers to bad
//! input, a real combination and its defences (GNU Go 3.8 agrees), and
//! properties on random positions (no panic, answer formats, the board
//! unchanged by every call).

use owlet_board::{Color, Move, Point};
use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_firmware::{Engine, Status};
use proptest::prelude::*;

fn ask(engine: &mut Engine, line: &str) -> (Status, String) {
    let mut out = [0u8; ANSWER_CAPACITY];
    let reply = engine.execute(line.as_bytes(), &mut out);
    let text = String::from_utf8_lossy(&out[..reply.len]).into_owned();
    let text = text
        .split_once(' ')
        .map_or("", |(_, t)| t)
        .trim()
        .to_string();
    (reply.status, text)
}

#[test]
fn bad_input_is_refused_like_gnugo() {
    // Checked against `gnugo --mode gtp --quiet` 3.8.
    let mut engine = Engine::new();
    for line in [
        "combination_attack",
        "combination_attack foo",
        "combination_defend",
        "combination_defend 1",
    ] {
        assert_eq!(
            ask(&mut engine, line),
            (Status::Failure, "invalid color".to_string()),
            "{line}"
        );
    }
    for line in [
        "aa_confirm_safety",
        "aa_confirm_safety black",
        "aa_confirm_safety black Z99",
        "aa_confirm_safety foo A1",
        "aa_confirm_safety black pass",
        "aa_confirm_safety black I5",
    ] {
        assert_eq!(
            ask(&mut engine, line),
            (Status::Failure, "invalid color or coordinate".to_string()),
            "{line}"
        );
    }
    // GNU Go aborts here; owlet refuses.
    ask(&mut engine, "play black C3");
    assert_eq!(
        ask(&mut engine, "aa_confirm_safety white C3"),
        (Status::Failure, "illegal move".to_string())
    );
    // An unreadable MINSIZE is the default, as in GNU Go.
    assert_eq!(
        ask(&mut engine, "aa_confirm_safety black D4 x"),
        (Status::Success, "1".to_string())
    );
    assert_eq!(
        ask(&mut engine, "combination_attack white"),
        (Status::Success, "PASS".to_string())
    );
    assert_eq!(
        ask(&mut engine, "combination_defend b"),
        (Status::Success, "PASS".to_string())
    );
}

/// atari_atari.tst case 29 (games/atari_atari10.sgf) as a diagram.
const CASE_29: [&str; 19] = [
    ".XXXO.........OXX..",
    "XX.XO........OOOX..",
    "OXXO.O...OOOOOXOX..",
    "OOOOO...OXOXXOXXXX.",
    "OXOXXOOOXXXXOOXOX..",
    "OXX.XXXOXXXXXOOOOX.",
    "OOX....X..XOOXXXXXX",
    "OX.....XXXXXOOOXXOX",
    "XX......OXOXOXX.XOO",
    "...X...XXOOOOX.XO.O",
    ".......XOO..OOXXOO.",
    ".X.....XXO...OXOX..",
    "X.......OXOOOXXO.O.",
    "OXXXXXX..XOXOOOOOOO",
    "OOOXOOOXX.XXOOOXXOX",
    "..OXXO.OX.XXXXXXXXX",
    "...OOOOOOXXXXOXOOOX",
    "........OOOXOOOO.OX",
    ".........OXXO...OOO",
];

fn load(engine: &mut Engine, rows: &[&str]) {
    let size = rows.len();
    engine.resize(size).unwrap();
    for (i, row) in rows.iter().enumerate() {
        for (j, c) in row.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            let p = Point::new(j, size - 1 - i).unwrap();
            engine.set_stone(p, Some(color)).unwrap();
        }
    }
}

#[test]
fn a_real_combination_and_its_defences() {
    // GNU Go 3.8: `combination_attack white` = K5, `combination_defend
    // white` = H7 H6 J6 K5, `combination_attack black` = PASS.
    let mut engine = Engine::new();
    load(&mut engine, &CASE_29);
    let before = engine.board().clone();
    assert_eq!(
        ask(&mut engine, "combination_attack white"),
        (Status::Success, "K5".to_string())
    );
    assert_eq!(
        ask(&mut engine, "combination_defend white"),
        (Status::Success, "H7 H6 J6 K5".to_string())
    );
    assert_eq!(
        ask(&mut engine, "combination_attack black"),
        (Status::Success, "PASS".to_string())
    );
    assert_eq!(
        ask(&mut engine, "aa_confirm_safety white K5 1"),
        (Status::Success, "1".to_string())
    );
    assert_eq!(*engine.board(), before);
    assert_eq!(engine.board().hash(), before.hash());
}

fn random_game() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (2usize..=9).prop_flat_map(|size| {
        (
            Just(size),
            prop::collection::vec((0..size, 0..size), 0..size * size),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn commands_answer_and_leave_the_board_alone((size, moves) in random_game()) {
        let mut engine = Engine::new();
        engine.resize(size).unwrap();
        let mut color = Color::Black;
        for (col, row) in moves {
            let p = Point::new(col, row).unwrap();
            if engine.play(color, Move::Play(p)).is_ok() {
                color = color.opponent();
            }
        }
        let before = engine.board().clone();
        for who in ["black", "white"] {
            let (status, text) = ask(&mut engine, &format!("combination_attack {who}"));
            prop_assert_eq!(status, Status::Success);
            prop_assert!(text == "PASS" || Point::from_vertex(&text, size).is_ok(), "{}", text);
            let (status, text) = ask(&mut engine, &format!("combination_defend {who}"));
            prop_assert_eq!(status, Status::Success);
            prop_assert!(
                text == "PASS" || text.split(' ').all(|v| Point::from_vertex(v, size).is_ok()),
                "{}", text
            );
            for v in ["A1", "B2"] {
                let Ok(p) = Point::from_vertex(v, size) else { continue };
                let (status, text) = ask(&mut engine, &format!("aa_confirm_safety {who} {v} 1"));
                if engine.board().color_at(p).is_some() {
                    prop_assert_eq!(status, Status::Failure);
                } else if status == Status::Success {
                    prop_assert!(text == "1" || text.starts_with("0 "), "{}", text);
                }
            }
        }
        prop_assert_eq!(engine.board(), &before);
        prop_assert_eq!(engine.board().hash(), before.hash());
    }

    #[test]
    fn arbitrary_arguments_never_panic(args in "[ -~]{0,24}") {
        let mut engine = Engine::new();
        load(&mut engine, &CASE_29);
        let before = engine.board().clone();
        for command in ["combination_attack", "combination_defend", "aa_confirm_safety"] {
            let (status, _) = ask(&mut engine, &format!("{command} {args}"));
            prop_assert!(status == Status::Success || status == Status::Failure);
        }
        prop_assert_eq!(engine.board(), &before);
    }
}
