//! Property tests of diagrams and GTP vertices:
//!
//! - random positions (from random games, captures included) printed with
//!   `Display` read back by `from_diagram` as the same position;
//! - diagrams in any of the accepted spellings (borders or not, spaces,
//!   `x`/`o`, `,`/`+` for empty, CRLF, blank lines) read as what they say;
//! - `from_diagram` never panics on arbitrary text, and what it accepts
//!   is a consistent board that prints and reads back the same;
//! - `Point::from_vertex` / `Move::from_vertex` never panic, agree with an
//!   independent reading of the GTP vertex grammar, and round-trip with
//!   `Display`.

use owlet_board::{Board, Color, DiagramError, MAX_SIZE, Move, Point, VertexError};
use owlet_host_tests::rng::Rng;
use proptest::prelude::*;

fn cases(n: u32) -> ProptestConfig {
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A board with room for the largest capture. (The default journal's
/// estimate refuses captures of some 100 stones or more: see
/// `board_props::capturing_a_big_string_fits_a_big_enough_journal`.)
type Big = Board<8192, 64>;

/// A position after `moves` random legal moves (and the odd pass) from the
/// empty board of `size`, committing each move.
fn random_position(size: usize, seed: u64, moves: usize) -> Big {
    let mut rng = Rng(seed);
    let mut b: Big = Big::new(size).unwrap();
    for _ in 0..moves {
        let c = b.to_move();
        let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(c, p)).collect();
        let mv = if legal.is_empty() || rng.below(40) == 0 {
            Move::Pass
        } else {
            Move::Play(legal[rng.below(legal.len())])
        };
        b.play(c, mv).unwrap();
        b.commit();
    }
    b
}

fn assert_same_stones(a: &Big, b: &Big) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.size(), b.size());
    for p in a.points() {
        prop_assert_eq!(a.color_at(p), b.color_at(p), "at {}", p);
        prop_assert_eq!(a.liberty_count(p), b.liberty_count(p), "at {}", p);
        prop_assert_eq!(a.string_size(p), b.string_size(p), "at {}", p);
    }
    prop_assert_eq!(a.position_hash(), b.position_hash());
    Ok(())
}

/// `Display` writes a border all round and one character per point.
fn assert_display_shape(b: &Big, text: &str) -> Result<(), TestCaseError> {
    let size = b.size();
    let lines: Vec<&str> = text.lines().collect();
    prop_assert_eq!(lines.len(), size + 2);
    let edge = format!("+{}+", "-".repeat(size));
    prop_assert_eq!(lines[0], edge.as_str());
    prop_assert_eq!(lines[size + 1], edge.as_str());
    for (r, line) in lines[1..=size].iter().enumerate() {
        let row = size - 1 - r;
        prop_assert_eq!(line.len(), size + 2);
        prop_assert!(line.starts_with('|') && line.ends_with('|'));
        for (col, ch) in line[1..=size].chars().enumerate() {
            let want = match b.color_at(Point::new(col, row).unwrap()) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            prop_assert_eq!(ch, want);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn display_then_from_diagram_round_trips(
        size in 1usize..=19,
        seed in any::<u64>(),
        moves in 0usize..400,
    ) {
        let board = random_position(size, seed, moves);
        let text = board.to_string();
        assert_display_shape(&board, &text)?;
        let back: Big = Big::from_diagram(&text).unwrap();
        assert_same_stones(&board, &back)?;
        prop_assert!(back.is_consistent());
        prop_assert_eq!(&back.to_string(), &text);
        // A diagram carries stones only: black to move, no ko, no captures.
        prop_assert_eq!(back.to_move(), Color::Black);
        prop_assert_eq!(back.ko_point(), None);
        prop_assert_eq!(back.captures(Color::Black) + back.captures(Color::White), 0);
        prop_assert_eq!(back.undo_depth(), 0);
        // Read into another journal size, the same.
        let other: Board<64, 4> = Board::from_diagram(&text).unwrap();
        prop_assert_eq!(&other.to_string(), &text);
        prop_assert_eq!(other.position_hash(), board.position_hash());
    }
}

// ---------------------------------------------------------------------------
// Diagrams in every accepted spelling.

#[derive(Clone, Debug)]
struct Spelling {
    border: bool,
    spaces: bool,
    lower: bool,
    empty: char,
    indent: usize,
    crlf: bool,
    blank_lines: bool,
}

fn spelling() -> impl Strategy<Value = Spelling> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!['.', ',', '+']),
        0usize..8,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(border, spaces, lower, empty, indent, crlf, blank_lines)| Spelling {
                border,
                spaces,
                lower,
                empty,
                indent,
                crlf,
                blank_lines,
            },
        )
}

fn grid() -> impl Strategy<Value = Vec<Vec<Option<Color>>>> {
    (1usize..=19).prop_flat_map(|size| {
        let cell = prop::sample::select(vec![None, Some(Color::Black), Some(Color::White)]);
        prop::collection::vec(prop::collection::vec(cell, size), size)
    })
}

fn write_diagram(grid: &[Vec<Option<Color>>], s: &Spelling) -> String {
    let size = grid.len();
    let nl = if s.crlf { "\r\n" } else { "\n" };
    let indent = " ".repeat(s.indent);
    let sep = if s.spaces { " " } else { "" };
    let mut out = String::new();
    if s.blank_lines {
        out.push_str(nl);
        out.push_str("   ");
        out.push_str(nl);
    }
    let edge = format!(
        "{indent}+{}+{nl}",
        vec!["-"; size].join(if s.spaces { "-" } else { "" })
    );
    if s.border {
        out.push_str(&edge);
    }
    for row in grid {
        out.push_str(&indent);
        if s.border {
            out.push('|');
        }
        let cells: Vec<String> = row
            .iter()
            .map(|c| {
                match (c, s.lower) {
                    (Some(Color::Black), false) => 'X',
                    (Some(Color::Black), true) => 'x',
                    (Some(Color::White), false) => 'O',
                    (Some(Color::White), true) => 'o',
                    (None, _) => s.empty,
                }
                .to_string()
            })
            .collect();
        out.push_str(&cells.join(sep));
        if s.border {
            out.push('|');
        }
        out.push_str(nl);
        if s.blank_lines {
            out.push_str(nl);
        }
    }
    if s.border {
        out.push_str(&edge);
    }
    out
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn every_spelling_reads_as_written(grid in grid(), s in spelling()) {
        let text = write_diagram(&grid, &s);
        let b: Board = Board::from_diagram(&text).unwrap();
        let size = grid.len();
        prop_assert_eq!(b.size(), size);
        for (r, row) in grid.iter().enumerate() {
            for (col, &c) in row.iter().enumerate() {
                prop_assert_eq!(b.color_at(Point::new(col, size - 1 - r).unwrap()), c);
            }
        }
        // Strings without liberties are kept as drawn, and still consistent.
        prop_assert!(b.is_consistent());
        let back: Board = Board::from_diagram(&b.to_string()).unwrap();
        prop_assert_eq!(&back, &b);
    }

    #[test]
    fn one_row_too_long_or_short_is_not_square(
        grid in grid(),
        s in spelling(),
        which in any::<prop::sample::Index>(),
        longer in any::<bool>(),
    ) {
        let mut grid = grid;
        let r = which.index(grid.len());
        if longer {
            grid[r].push(Some(Color::Black));
        } else {
            grid[r].pop();
        }
        // A 1x1 board's only row emptied is a blank line without a border
        // (no rows left) but a row of no cells with one ("||").
        let want = if grid.len() == 1 && !longer && !s.border {
            DiagramError::BadSize
        } else {
            DiagramError::NotSquare
        };
        let got = Board::<64, 4>::from_diagram(&write_diagram(&grid, &s));
        prop_assert_eq!(got.map(|_| ()), Err(want));
    }

    #[test]
    fn a_bad_character_names_its_row(
        grid in grid(),
        which in any::<prop::sample::Index>(),
        col in any::<prop::sample::Index>(),
        bad in prop::sample::select(vec!['#', 'Y', '0', '*', '\t', 'é', '〇', '●']),
    ) {
        let text = write_diagram(&grid, &Spelling {
            border: true,
            spaces: false,
            lower: false,
            empty: '.',
            indent: 2,
            crlf: false,
            blank_lines: false,
        });
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let r = which.index(grid.len());
        let line = &mut lines[r + 1];
        let mut chars: Vec<char> = line.chars().collect();
        // Replace a cell (after the indent and the left border).
        chars[3 + col.index(grid.len())] = bad;
        *line = chars.into_iter().collect();
        let got = Board::<64, 4>::from_diagram(&lines.join("\n"));
        prop_assert_eq!(got.map(|_| ()), Err(DiagramError::BadChar { row: r }));
    }
}

#[test]
fn sizes_outside_1_to_19_are_refused() {
    assert_eq!(
        Board::<64, 4>::from_diagram("").map(|_| ()),
        Err(DiagramError::BadSize)
    );
    assert_eq!(
        Board::<64, 4>::from_diagram("+--+\n   \n+--+\n").map(|_| ()),
        Err(DiagramError::BadSize)
    );
    let twenty = vec![".".repeat(20); 20].join("\n");
    assert_eq!(
        Board::<64, 4>::from_diagram(&twenty).map(|_| ()),
        Err(DiagramError::BadSize)
    );
    let nineteen = vec![".".repeat(19); 19].join("\n");
    assert_eq!(Board::<64, 4>::from_diagram(&nineteen).unwrap().size(), 19);
}

// ---------------------------------------------------------------------------
// Arbitrary text never panics.

fn check_any_diagram(text: &str) -> Result<(), TestCaseError> {
    if let Ok(b) = Board::<64, 4>::from_diagram(text) {
        prop_assert!((1..=MAX_SIZE).contains(&b.size()));
        prop_assert!(b.is_consistent());
        let back = Board::<64, 4>::from_diagram(&b.to_string()).unwrap();
        prop_assert_eq!(&back, &b);
    }
    Ok(())
}

fn diagram_like() -> impl Strategy<Value = String> {
    let line = prop::collection::vec(
        prop::sample::select(vec!['X', 'O', '.', '|', '-', '+', ' ', 'x', 'o', ',']),
        0..24,
    )
    .prop_map(|cs| cs.into_iter().collect::<String>());
    prop::collection::vec(line, 0..24).prop_map(|ls| ls.join("\n"))
}

/// A board's own diagram with one random edit.
fn mutated_diagram() -> impl Strategy<Value = String> {
    (
        grid(),
        any::<prop::sample::Index>(),
        prop::sample::select(vec!['X', 'O', '.', '|', '-', '+', ' ', '\n', '\r', 'q']),
        any::<bool>(),
    )
        .prop_map(|(grid, at, ch, insert)| {
            let mut chars: Vec<char> = write_diagram(
                &grid,
                &Spelling {
                    border: true,
                    spaces: false,
                    lower: false,
                    empty: '.',
                    indent: 0,
                    crlf: false,
                    blank_lines: false,
                },
            )
            .chars()
            .collect();
            let i = at.index(chars.len());
            if insert {
                chars.insert(i, ch);
            } else {
                chars[i] = ch;
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(cases(1024))]

    #[test]
    fn from_diagram_never_panics_on_unicode(text in any::<String>()) {
        check_any_diagram(&text)?;
    }

    #[test]
    fn from_diagram_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_any_diagram(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn from_diagram_never_panics_on_diagram_like_text(text in diagram_like()) {
        check_any_diagram(&text)?;
    }

    #[test]
    fn from_diagram_never_panics_on_edited_diagrams(text in mutated_diagram()) {
        check_any_diagram(&text)?;
    }
}

// ---------------------------------------------------------------------------
// GTP vertices.

const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP vertex grammar as GTP's specification states it, for `size`: a
/// column letter (`I` skipped, any case) then a row number; one or two
/// digits are accepted here.
fn oracle(text: &str, size: usize) -> Result<(usize, usize), VertexError> {
    let mut chars = text.chars();
    let first = chars.next().ok_or(VertexError::Syntax)?;
    let col = LETTERS
        .find(first.to_ascii_uppercase())
        .filter(|_| first.is_ascii())
        .ok_or(VertexError::Syntax)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(VertexError::Syntax);
    }
    let row: usize = digits.parse().unwrap();
    if row == 0 || row > size || col >= size || row > MAX_SIZE || col >= MAX_SIZE {
        return Err(VertexError::OffBoard);
    }
    Ok((col, row - 1))
}

fn check_vertex(text: &str, size: usize) -> Result<(), TestCaseError> {
    let got = Point::from_vertex(text, size);
    let want = oracle(text, size);
    prop_assert_eq!(
        got.map(|p| (p.col(), p.row())),
        want,
        "{:?} on {}",
        text,
        size
    );
    let mv = Move::from_vertex(text, size);
    if text.eq_ignore_ascii_case("pass") {
        prop_assert_eq!(mv, Ok(Move::Pass));
    } else {
        prop_assert_eq!(mv, got.map(Move::Play));
    }
    if let Ok(p) = got {
        prop_assert!(p.is_on(size));
        let shown = p.to_string();
        prop_assert_eq!(Point::from_vertex(&shown, size), Ok(p));
        prop_assert_eq!(Point::from_vertex(&shown.to_lowercase(), size), Ok(p));
        // Display is the normal form: upper case, no leading zero.
        prop_assert_eq!(
            shown,
            format!(
                "{}{}",
                text[..1].to_ascii_uppercase(),
                text[1..].parse::<usize>().unwrap()
            )
        );
        prop_assert_eq!(Move::from_vertex(&mv.unwrap().to_string(), size), mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(2048))]

    #[test]
    fn vertices_of_arbitrary_text(text in any::<String>(), size in 0usize..=40) {
        check_vertex(&text, size)?;
    }

    #[test]
    fn vertices_of_vertex_like_text(
        text in "[A-Za-z\u{e9}\u{130}]?[0-9\u{660}]{0,4}|(?i:pass)|[pP][aA][sS]{1,3}",
        size in 0usize..=40,
    ) {
        check_vertex(&text, size)?;
    }

    #[test]
    fn vertices_with_huge_sizes(text in "[A-Za-z][0-9]{1,2}", size in any::<usize>()) {
        check_vertex(&text, size)?;
    }
}

#[test]
fn every_point_and_pass_round_trip() {
    for size in 1..=MAX_SIZE {
        let board: Board<64, 4> = Board::new(size).unwrap();
        let mut n = 0;
        for p in board.points() {
            for text in [p.to_string(), p.to_string().to_lowercase()] {
                assert_eq!(Point::from_vertex(&text, size), Ok(p));
                assert_eq!(Move::from_vertex(&text, size), Ok(Move::Play(p)));
            }
            assert_eq!(Move::Play(p).to_string(), p.to_string());
            n += 1;
        }
        assert_eq!(n, size * size);
        // The next column and row are off this board.
        if size < 25 {
            let col = LETTERS.as_bytes()[size] as char;
            assert_eq!(
                Point::from_vertex(&format!("{col}1"), size),
                Err(VertexError::OffBoard)
            );
        }
        assert_eq!(
            Point::from_vertex(&format!("A{}", size + 1), size),
            Err(VertexError::OffBoard)
        );
        assert_eq!(Move::from_vertex("PASS", size), Ok(Move::Pass));
        assert_eq!(
            Move::from_vertex(&Move::Pass.to_string(), size),
            Ok(Move::Pass)
        );
    }
    assert_eq!(Point::new(0, 0).unwrap().to_string(), "A1");
    assert_eq!(Point::new(8, 0).unwrap().to_string(), "J1");
    assert_eq!(Point::new(18, 18).unwrap().to_string(), "T19");
}
