//! `eval_eye` and `analyze_eyegraph` through the console: real answers on
//! diagrams (checked against GNU Go 3.8), GNU Go's answers to bad input,
//! and properties on random positions and random coded graphs (never a
//! panic, always a well-formed answer).

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
        .trim_end()
        .to_string();
    (reply.status, text)
}

/// An engine with `rows` (top row first; `X` black, `O` white) set up.
fn setup(rows: &[&str]) -> Engine {
    let mut engine = Engine::new();
    let size = rows.len();
    engine.resize(size).unwrap();
    for (i, row) in rows.iter().enumerate() {
        for (col, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let color = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            engine
                .set_stone(Point::new(col, size - 1 - i).unwrap(), Some(color))
                .unwrap();
        }
    }
    engine
}

#[test]
fn eye_values_on_a_board() {
    // Answers checked with `gnugo --mode gtp --quiet` 3.8.
    let mut e = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O . . .",
        "X X X X X O . . .",
        "X . . . X O . . .",
        "X X X X X O . . .",
    ]);
    // Straight three: one eye, two if black plays the middle.
    assert_eq!(
        ask(&mut e, "eval_eye C2"),
        (Status::Success, "1 2 C2 C2".into())
    );
    // White's open corner is a big eye space; A1 is a black stone.
    assert_eq!(ask(&mut e, "eval_eye J9"), (Status::Success, "2 2".into()));
    assert_eq!(ask(&mut e, "eval_eye G5"), (Status::Success, "2 2".into()));
    assert_eq!(ask(&mut e, "eval_eye A1"), (Status::Success, "-1".into()));
}

#[test]
fn a_group_without_outside_liberties_reads_with_none() {
    // Bent four in the corner, and black's only liberties are in it: if
    // white plays A8 first, A9 cannot connect and black gets one eye.
    // Checked with `gnugo --mode gtp --quiet` 3.8.
    let mut e = setup(&[
        ". . X O . . . . .",
        ". X X O . . . . .",
        ". X O O . . . . .",
        "X X O . . . . . .",
        "O O O . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    for v in ["A9", "B9", "A7"] {
        assert_eq!(
            ask(&mut e, &format!("eval_eye {v}")),
            (Status::Success, "1 2 A8 A8".into()),
            "{v}"
        );
    }
}

#[test]
fn eye_graphs() {
    // GNU Go 3.8's answers, diagram included (except where noted).
    let mut e = Engine::new();
    for (coded, answer) in [
        ("...", "1122\n.*."),
        ("....", "1222\n.<<."),
        ("@..", "0111\n(<."),
        ("OO!%O.X%!...", "0112\n  @ \n .X \n!.*."),
        (".%%.", "2222\n.\n \n."),
        ("abc", "0000"), // then a row of three blanks (trimmed here)
    ] {
        assert_eq!(
            ask(&mut e, &format!("analyze_eyegraph {coded}")),
            (Status::Success, answer.to_string()),
            "{coded}"
        );
    }
    // An empty diagram: the value alone (GNU Go adds empty lines).
    assert_eq!(
        ask(&mut e, "analyze_eyegraph"),
        (Status::Success, "0000".into())
    );
    assert_eq!(
        ask(&mut e, "analyze_eyegraph ................."),
        (Status::Failure, "too large eyespace".into())
    );
}

#[test]
fn bad_vertices_are_refused_like_gnugo() {
    let mut engine = Engine::new();
    for line in [
        "eval_eye",
        "eval_eye Z9",
        "eval_eye pass",
        "eval_eye A20",
        "eval_eye I5",
    ] {
        assert_eq!(
            ask(&mut engine, line),
            (Status::Failure, "invalid coordinate".to_string()),
            "{line}"
        );
    }
    assert_eq!(
        ask(&mut engine, "eval_eye A1 B2"),
        (Status::Success, "-1".to_string())
    );
}

fn random_position() -> impl Strategy<Value = (usize, Vec<(bool, usize, usize)>)> {
    (1usize..=9).prop_flat_map(|size| {
        (
            Just(size),
            prop::collection::vec((any::<bool>(), 0..size, 0..size), 0..size * size * 2),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn eval_eye_answers_are_well_formed((size, moves) in random_position()) {
        let mut engine = Engine::new();
        engine.resize(size).unwrap();
        for (black, col, row) in moves {
            let color = if black { Color::Black } else { Color::White };
            if let Some(p) = Point::new(col, row) {
                let _ = engine.play(color, Move::Play(p));
            }
        }
        let board = engine.board().clone();
        for p in board.points().step_by(7) {
            let (st, text) = ask(&mut engine, &format!("eval_eye {p}"));
            prop_assert_eq!(st, Status::Success);
            let words: Vec<&str> = text.split(' ').collect();
            if words == ["-1"] {
                continue;
            }
            prop_assert!(words.len() == 2 || words.len() == 4, "{}", text);
            let min: u8 = words[0].parse().unwrap();
            let max: u8 = words[1].parse().unwrap();
            prop_assert!(min <= max && max <= 2, "{}", text);
            prop_assert!(words.len() == 2 || min != max, "{}", text);
            prop_assert!(engine.board() == &board, "eval_eye changed the board");
        }
    }

    #[test]
    fn eye_graph_answers_are_well_formed(coded in "[.!X$@*<>()xO%|+ -]{0,30}") {
        let mut engine = Engine::new();
        let (st, text) = ask(&mut engine, &format!("analyze_eyegraph {coded}"));
        if st == Status::Failure {
            prop_assert!(text == "too large eyespace" || text == "failed to analyze", "{}", text);
        } else {
            let value = text.lines().next().unwrap_or("");
            prop_assert!(value.len() == 4 && value.bytes().all(|b| (b'0'..=b'2').contains(&b)), "{}", text);
            let digits: Vec<u8> = value.bytes().collect();
            prop_assert!(digits.windows(2).all(|w| w[0] <= w[1]), "{}", text);
        }
    }

    #[test]
    fn eye_graph_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..60)) {
        let mut engine = Engine::new();
        let mut line = b"analyze_eyegraph ".to_vec();
        line.extend(bytes);
        let mut out = [0u8; ANSWER_CAPACITY];
        let reply = engine.execute(&line, &mut out);
        prop_assert!(reply.len > 0);
    }
}

#[test]
fn a_second_attack_point_as_good_as_the_first() {
    use owlet_board::{Board, Reader};
    use owlet_optics::{Solver, eval_eye};
    // ld_owl.tst 16's corner after white A2, black A3: black's space A4 A5
    // A6 B5, where A6 also takes a liberty of black A7. optics names A6
    // (which also defends); the centre A5, GNU Go's attack point, kills as
    // well.
    let mut board: Board = Board::from_diagram(
        "
        . O . . . . . . .
        . O . . . . . . .
        X O O . . . . . .
        . X O O O . . . .
        . . X . O . . . .
        . X O O O . . . .
        X X . O . . . . .
        O X . O . . . . .
        . X . O . . . . .",
    )
    .unwrap();
    let mut reader: Reader = Reader::new();
    let mut solver: Solver = Solver::new();
    let at = |v: &str| Point::from_vertex(v, 9).unwrap();
    let r = eval_eye(&mut board, &mut reader, &mut solver, at("A5")).unwrap();
    assert_eq!((r.value.min_eyes(), r.value.max_eyes()), (0, 1));
    assert_eq!(r.attack, Some(at("A6")));
    assert_eq!(r.other_attack, Some(at("A5")));
    // White at A5 leaves black no eye there even with black to move.
    board.play(Color::White, Move::Play(at("A5"))).unwrap();
    let after = eval_eye(&mut board, &mut reader, &mut solver, at("A4")).unwrap();
    assert_eq!(after.value.max_eyes(), 0);
}
