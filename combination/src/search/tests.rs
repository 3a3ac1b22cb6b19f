//! Combination tests: positions as diagrams, answers checked against GNU Go 3.8.

use super::*;
use owlet_board::{Board, Color, Point, Reader};

/// atari_atari.tst case 29 (games/atari_atari10.sgf): white K5 is a
/// combination; GNU Go's `combination_defend white` is `H7 H6 J6 K5`.
const CASE_29: &str = "
            .XXXO.........OXX..
            XX.XO........OOOX..
            OXXO.O...OOOOOXOX..
            OOOOO...OXOXXOXXXX.
            OXOXXOOOXXXXOOXOX..
            OXX.XXXOXXXXXOOOOX.
            OOX....X..XOOXXXXXX
            OX.....XXXXXOOOXXOX
            XX......OXOXOXX.XOO
            ...X...XXOOOOX.XO.O
            .......XOO..OOXXOO.
            .X.....XXO...OXOX..
            X.......OXOOOXXO.O.
            OXXXXXX..XOXOOOOOOO
            OOOXOOOXX.XXOOOXXOX
            ..OXXO.OX.XXXXXXXXX
            ...OOOOOOXXXXOXOOOX
            ........OOOXOOOO.OX
            .........OXXO...OOO";

fn at(v: &str) -> Point {
    Point::from_vertex(v, 19).unwrap()
}

#[test]
fn finds_the_combination_and_its_defences() {
    let mut board: Board = Board::from_diagram(CASE_29).unwrap();
    let before = board.clone();
    let mut reader: Reader = Reader::new();
    let limits = reader.limits();
    let (found, stats) = atari_atari(&mut board, &mut reader, Color::White, &AaLimits::default());
    let c = found.unwrap();
    assert_eq!(c.attack, at("K5"));
    assert!(c.size >= 1);
    let defenses: std::vec::Vec<Point> = c.defenses.iter().collect();
    let mut expected = std::vec![at("H7"), at("H6"), at("J6"), at("K5")];
    expected.sort();
    assert_eq!(defenses, expected);
    assert!(stats.nodes > 0 && stats.reading_nodes > 0);
    assert!(!stats.journal_full);
    // Board and reader limits unchanged.
    assert_eq!(board, before);
    assert_eq!(board.hash(), before.hash());
    assert!(board.is_consistent());
    assert_eq!(reader.limits(), limits);
    // The cheaper call agrees.
    let (again, _) = find_combination(&mut board, &mut reader, Color::White, &AaLimits::default());
    assert_eq!(again.map(|c| c.attack), Some(at("K5")));
    assert_eq!(board, before);
}

#[test]
fn a_defended_position_has_no_combination() {
    let mut board: Board = Board::from_diagram(CASE_29).unwrap();
    board.set_stone(at("H6"), Some(Color::Black)).unwrap();
    let before = board.clone();
    let mut reader: Reader = Reader::new();
    let (found, _) = atari_atari(&mut board, &mut reader, Color::White, &AaLimits::default());
    assert_eq!(found, None);
    assert_eq!(board, before);
}

#[test]
fn quiet_boards_have_no_combination() {
    let mut board: Board = Board::from_diagram(
        "
        .........
        .........
        ..X...O..
        .........
        .........
        .........
        ..O...X..
        .........
        .........",
    )
    .unwrap();
    let before = board.clone();
    let mut reader: Reader = Reader::new();
    for color in [Color::Black, Color::White] {
        let (found, stats) = atari_atari(&mut board, &mut reader, color, &AaLimits::default());
        assert_eq!(found, None);
        assert!(!stats.node_limit_hit);
    }
    assert_eq!(board, before);
}

#[test]
fn safety_checks() {
    let mut board: Board = Board::from_diagram(CASE_29).unwrap();
    board.set_stone(at("H6"), Some(Color::Black)).unwrap();
    let before = board.clone();
    let mut reader: Reader = Reader::new();
    let limits = AaLimits::default();
    // Playing the combination point itself opens nothing for black.
    let s = atari_atari_confirm_safety(&mut board, &mut reader, Color::White, at("K5"), 1, &limits)
        .unwrap();
    assert!(s.safe && s.size == 0 && s.defense.is_none(), "{s:?}");
    let b =
        atari_atari_blunder_size(&mut board, &mut reader, Color::Black, at("A9"), &limits).unwrap();
    assert_eq!((b.size, b.combination), (0, None));
    // Occupied and off-board moves are errors; nothing changes.
    assert_eq!(
        atari_atari_blunder_size(&mut board, &mut reader, Color::Black, at("K3"), &limits)
            .map(|b| b.size),
        Err(PlayError::Occupied)
    );
    assert_eq!(board, before);
    assert!(board.is_consistent());
}

#[test]
fn node_limit_is_reported_and_board_restored() {
    let mut board: Board = Board::from_diagram(CASE_29).unwrap();
    let before = board.clone();
    let mut reader: Reader = Reader::new();
    let limits = AaLimits {
        node_limit: 1,
        ..AaLimits::default()
    };
    let (found, stats) = atari_atari(&mut board, &mut reader, Color::White, &limits);
    assert!(stats.node_limit_hit);
    assert!(stats.nodes <= 40, "{stats:?}");
    let _ = found;
    assert_eq!(board, before);
}

#[test]
fn depth_zero_finds_nothing() {
    let mut board: Board = Board::from_diagram(CASE_29).unwrap();
    let mut reader: Reader = Reader::new();
    let limits = AaLimits {
        depth: 0,
        ..AaLimits::default()
    };
    let (found, stats) = atari_atari(&mut board, &mut reader, Color::White, &limits);
    assert_eq!(found, None);
    assert_eq!(stats.nodes, 0);
}
