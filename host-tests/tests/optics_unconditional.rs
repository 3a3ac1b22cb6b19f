//! `unconditional_status` through the console: GNU Go's answers to bad
//! input, and properties on random positions (no panic; alive and dead only
//! on stones, territory only on empty points; one status per string; a
//! colour's territory never touches its opponent's invincible stones).

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
fn bad_vertices_are_refused_like_gnugo() {
    // Checked against `gnugo --mode gtp --quiet` 3.8.
    let mut engine = Engine::new();
    for line in [
        "unconditional_status",
        "unconditional_status Z9",
        "unconditional_status pass",
        "unconditional_status A20",
        "unconditional_status I5",
    ] {
        assert_eq!(
            ask(&mut engine, line),
            (Status::Failure, "invalid coordinate".to_string()),
            "{line}"
        );
    }
    assert_eq!(
        ask(&mut engine, "unconditional_status A1 B2"),
        (Status::Success, "undecided".to_string())
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
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn statuses_are_consistent((size, moves) in random_position()) {
        let mut engine = Engine::new();
        engine.resize(size).unwrap();
        for (black, col, row) in moves {
            let color = if black { Color::Black } else { Color::White };
            if let Some(p) = Point::new(col, row) {
                let _ = engine.play(color, Move::Play(p));
            }
        }
        let board = engine.board().clone();
        let mut status_of = std::collections::HashMap::new();
        for p in board.points() {
            let (st, text) = ask(&mut engine, &format!("unconditional_status {p}"));
            prop_assert_eq!(st, Status::Success);
            let stone = board.color_at(p).is_some();
            match text.as_str() {
                "alive" | "dead" => prop_assert!(stone, "{} at empty {}", text, p),
                "white_territory" | "black_territory" => prop_assert!(!stone, "{} at stone {}", text, p),
                "undecided" => {}
                other => prop_assert!(false, "unexpected answer {}", other),
            }
            status_of.insert(p, text);
        }
        for p in board.points() {
            for n in p.neighbors() {
                if board.is_on_board(n) && board.same_string(p, n) {
                    prop_assert_eq!(&status_of[&p], &status_of[&n]);
                }
                // Territory of one colour never borders the other colour's
                // invincible stones.
                if board.is_on_board(n) && status_of[&n] == "alive" {
                    let owner = board.color_at(n);
                    let theirs = match status_of[&p].as_str() {
                        "white_territory" => Some(Color::Black),
                        "black_territory" => Some(Color::White),
                        _ => None,
                    };
                    prop_assert!(theirs.is_none() || theirs != owner, "{} next to alive {}", p, n);
                }
            }
        }
    }
}
