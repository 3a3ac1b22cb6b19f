//! Property tests of the SGF loader: random text and random SGF-like games
//! never panic; an error explains itself and leaves the engine unchanged;
//! a loaded game leaves a consistent board with the announced side to move.

use owlet_firmware::Engine;
use owlet_host_tests::sgf::{self, Until};
use proptest::prelude::*;

fn coord() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[a-s]{2}",
        1 => "[a-zA-Z]{2}",
        1 => Just(String::new()),
        1 => "[ -~]{0,3}",
    ]
}

fn property() -> impl Strategy<Value = String> {
    let name = prop::sample::select(vec![
        "B", "W", "AB", "AW", "AE", "PL", "C", "KM", "HA", "XX",
    ]);
    (name, prop::collection::vec(coord(), 1..4)).prop_map(|(name, values)| {
        let values: String = values.iter().map(|v| format!("[{v}]")).collect();
        format!("{name}{values}")
    })
}

fn game() -> impl Strategy<Value = String> {
    let size = prop_oneof![(1u8..=19).prop_map(|s| s.to_string()), "[0-9:a]{0,4}"];
    let node = prop::collection::vec(property(), 0..3).prop_map(|p| format!(";{}", p.concat()));
    (
        size,
        prop::collection::vec(node, 0..40),
        prop::bool::ANY,
        prop::option::of("[ -~]{0,8}"),
    )
        .prop_map(|(size, nodes, variation, junk)| {
            let mut text = format!("(;GM[1]SZ[{size}]{}", nodes.concat());
            if variation {
                text += "(;B[aa])(;W[bb])";
            }
            text += ")";
            if let Some(junk) = junk {
                text += &junk;
            }
            text
        })
}

fn until() -> impl Strategy<Value = Until> {
    prop_oneof![
        Just(Until::End),
        (-3i64..60).prop_map(Until::Move),
        "[A-Ta-t][0-9]{1,2}|pass|[ -~]{0,4}".prop_map(Until::Vertex),
    ]
}

fn check(text: &str, until: &Until) -> Result<(), TestCaseError> {
    let mut engine = Engine::new();
    engine.execute(b"boardsize 7", &mut [0; 64]);
    engine.execute(b"play b d4", &mut [0; 64]);
    let board = engine.board().clone();
    let komi = engine.komi();
    match sgf::load_str(&mut engine, text, until) {
        Ok(loaded) => {
            prop_assert!(engine.board().is_consistent());
            prop_assert_eq!(engine.board().to_move(), loaded.to_move);
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            prop_assert!(engine.board() == &board, "a failed load changed the board");
            prop_assert!(engine.komi().to_bits() == komi.to_bits());
        }
    }
    // The engine still works afterwards, reading included (setup stones
    // can leave strings without liberties).
    let mut out = [0u8; 4096];
    let reply = engine.execute(b"showboard", &mut out);
    prop_assert!(!reply.truncated);
    let stones: Vec<String> = engine
        .board()
        .points()
        .filter(|&p| engine.board().color_at(p).is_some())
        .take(2)
        .map(|p| p.to_string())
        .collect();
    for vertex in stones {
        for command in ["attack", "defend", "findlib", "countlib"] {
            let before = engine.board().clone();
            let reply = engine.execute(format!("{command} {vertex}").as_bytes(), &mut out);
            prop_assert_eq!(reply.status, owlet_firmware::Status::Success);
            prop_assert!(engine.board() == &before, "{} changed the board", command);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_text(text in any::<String>(), until in until()) {
        check(&text, &until)?;
    }

    #[test]
    fn random_games(text in game(), until in until()) {
        check(&text, &until)?;
    }

    #[test]
    fn until_arguments_parse(arg in "[ -~]{0,6}") {
        let _ = Until::from_arg(Some(&arg));
    }
}

#[test]
fn errors_are_clear() {
    let mut engine = Engine::new();
    let err = sgf::load_str(&mut engine, "not sgf", &Until::End).unwrap_err();
    assert!(err.to_string().starts_with("cannot parse"), "{err}");
    let err = sgf::load_str(&mut engine, "(;SZ[25])", &Until::End).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unsupported board size 25 (square boards of 1 to 19 points a side)"
    );
    let err = sgf::load_str(&mut engine, "(;SZ[7:9])", &Until::End).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unsupported board size 7:9 (square boards of 1 to 19 points a side)"
    );
    let err = sgf::load_str(&mut engine, "(;GM[2];B[aa])", &Until::End).unwrap_err();
    assert!(err.to_string().contains("not a game of Go"), "{err}");
    let err = sgf::load_file(&mut engine, "/nonexistent/x.sgf".as_ref(), &Until::End).unwrap_err();
    assert!(err.to_string().starts_with("cannot read"), "{err}");
}

#[test]
fn gnugo_meaning_of_until() {
    let text = "(;SZ[9];B[cc];W[dd]AB[ff];B[ee];W[];B[gg])";
    let load = |until: Until| {
        let mut engine = Engine::new();
        let loaded = sgf::load_str(&mut engine, text, &until).unwrap();
        let stones = engine
            .board()
            .points()
            .filter(|&p| engine.board().color_at(p).is_some())
            .count();
        (loaded.to_move.name(), stones)
    };
    assert_eq!(load(Until::End), ("white", 5));
    assert_eq!(load(Until::Move(1)), ("black", 0));
    // Nothing of the stopping node is applied: not its setup stones either.
    assert_eq!(load(Until::Move(2)), ("white", 1));
    assert_eq!(load(Until::Move(3)), ("black", 3));
    assert_eq!(load(Until::Vertex("E5".into())), ("black", 3));
    assert_eq!(load(Until::Vertex("pass".into())), ("white", 4));
    assert_eq!(load(Until::Move(0)), ("white", 4));
    assert_eq!(load(Until::Vertex("Z99".into())), ("white", 4));
    assert_eq!(Until::from_arg(Some("212")), Until::Move(212));
    assert_eq!(Until::from_arg(Some("-3")), Until::Move(-3));
    assert_eq!(Until::from_arg(Some("Q4")), Until::Vertex("Q4".into()));
    assert_eq!(Until::from_arg(None), Until::End);
}
