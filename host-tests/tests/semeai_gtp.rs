//! `analyze_semeai` through the console: GNU Go's answers to bad input
//! (and owlet's own where GNU Go aborts), answers that agree with GNU Go
//! on small races, nodes counted in the owl node counter, and the board
//! left exactly as it was.

use owlet_host_tests::console::Console;

fn ask(console: &mut Console, line: &str) -> String {
    let (_, answer) = console.execute(line.as_bytes());
    String::from_utf8_lossy(answer).into_owned()
}

/// Sets up a diagram (top row first) on a board of its size.
fn setup(console: &mut Console, diagram: &str) {
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let size = rows.len();
    assert_eq!(ask(console, &format!("boardsize {size}")), "= \n\n");
    for (i, row) in rows.iter().enumerate() {
        for (col, c) in row.chars().enumerate() {
            let color = match c {
                'X' => "black",
                'O' => "white",
                _ => continue,
            };
            let letter = b"ABCDEFGHJKLMNOPQRST"[col] as char;
            let vertex = format!("{letter}{}", size - i);
            assert_eq!(ask(console, &format!("play {color} {vertex}")), "= \n\n");
        }
    }
}

/// Black's C3 and White's E3 share D3 and D4; Black also has C1.
const SHARED: &str = "
    .......
    .OOOXX.
    .OXXOX.
    .OX.OX.
    .OX.OX.
    .OXXOX.
    .O.XOX.";

#[test]
fn bad_input_gets_gnu_gos_answers_and_changes_nothing() {
    let mut console = Console::new();
    setup(&mut console, SHARED);
    let board = ask(&mut console, "showboard");
    let mut c = |line: &str| ask(&mut console, line);
    assert_eq!(c("analyze_semeai"), "? invalid coordinate\n\n");
    assert_eq!(c("analyze_semeai C3"), "? invalid coordinate\n\n");
    assert_eq!(c("analyze_semeai C3 Z9"), "? invalid coordinate\n\n");
    assert_eq!(c("analyze_semeai foo C3"), "? invalid coordinate\n\n");
    assert_eq!(c("analyze_semeai A1 C3"), "? vertex must not be empty\n\n");
    assert_eq!(c("analyze_semeai C3 A1"), "? vertex must not be empty\n\n");
    // GNU Go checks the first vertex before reading the second.
    assert_eq!(c("analyze_semeai A1 Z9"), "? vertex must not be empty\n\n");
    // GNU Go aborts on two dragons of one colour; owlet says why.
    assert_eq!(
        c("analyze_semeai C3 D2"),
        "? vertices must have opposite colors\n\n"
    );
    assert_eq!(c("showboard"), board);
}

#[test]
fn answers_agree_with_gnu_go() {
    let mut console = Console::new();
    setup(&mut console, SHARED);
    let board = ask(&mut console, "showboard");
    let mut c = |line: &str| ask(&mut console, line);
    c("reset_owl_node_counter");
    // GNU Go 3.8: `1 1 D3` and `1 0 C1`.
    assert_eq!(c("analyze_semeai C3 E3"), "= 1 1 D3\n\n");
    assert_eq!(c("analyze_semeai E3 C3"), "= 1 0 C1\n\n");
    assert_ne!(c("get_owl_node_counter"), "= 0\n\n");
    assert_eq!(c("showboard"), board);
    // With C1 taken it is seki either way (GNU Go: `1 0 PASS`).
    c("play white C1");
    assert_eq!(c("analyze_semeai C3 E3"), "= 1 0 PASS\n\n");
    assert_eq!(c("analyze_semeai E3 C3"), "= 1 0 PASS\n\n");
}

#[test]
fn the_first_to_fill_wins_a_race_of_two_each() {
    let mut console = Console::new();
    setup(
        &mut console,
        "
        .......
        .OOOXX.
        .OXXOX.
        .OXXOX.
        .OXXOX.
        .O.XO..
        .O.XO..",
    );
    let mut c = |line: &str| ask(&mut console, line);
    let a = c("analyze_semeai C3 E3");
    assert!(a == "= 1 1 F1\n\n" || a == "= 1 1 F2\n\n", "{a}");
    let b = c("analyze_semeai E3 C3");
    assert!(b == "= 1 1 C1\n\n" || b == "= 1 1 C2\n\n", "{b}");
    // A liberty behind, White loses even moving first.
    c("play black F1");
    assert_eq!(c("analyze_semeai E3 C3"), "= 0 0 PASS\n\n");
}

/// Black's A4 dragon and White's E3 string race with the C1/D1 ko
/// between them (semeai.tst 143 and 144 at semeai22.sgf's seventh move).
const KO_RACE: &str = "
    ..O......
    ..O......
    ..O......
    ..O......
    OOO......
    XXOXXXXXX
    XXOXO.X..
    .XXOOXX..
    OXO.O.X..";

#[test]
fn a_race_that_hangs_on_a_ko_gets_ko_codes() {
    let mut console = Console::new();
    setup(&mut console, KO_RACE);
    let mut c = |line: &str| ask(&mut console, line);
    // Black takes the ko: White may not take back at C1 at once.
    assert_eq!(c("play black D1"), "= \n\n");
    assert_eq!(c("is_legal white C1"), "= 0\n\n");
    let board = c("showboard");
    // GNU Go 3.8: White moving first passes and wins the ko it takes
    // first (`2 2 PASS`); Black moving first needs the first threat
    // (`3 3 F3`; semeai.tst accepts F1 or F3).
    assert_eq!(c("analyze_semeai E3 A4"), "= 2 2 PASS\n\n");
    let a = c("analyze_semeai A4 E3");
    assert!(a == "= 3 3 F1\n\n" || a == "= 3 3 F3\n\n", "{a}");
    assert_eq!(c("showboard"), board);
}

/// Black's J5 is in atari beside White's lone J4, which cannot live after
/// taking it: the race declines that capture, yet J5 stays dead (GNU Go
/// 3.8: `dead`), since White, to move, takes it at J6.
#[test]
fn a_string_in_atari_stays_dead_beside_a_rival_that_cannot_live() {
    let mut console = Console::new();
    setup(
        &mut console,
        "
        .........
        ......O..
        .....O...
        .........
        ....X.OOX
        ....XXOXO
        ....XOXX.
        ....OOXXX
        .....OX.X",
    );
    let mut c = |line: &str| ask(&mut console, line);
    assert_eq!(c("owl_attack J5"), "= 1 J6\n\n");
    assert_eq!(c("owl_defend J5"), "= 0\n\n");
    assert_eq!(c("dragon_status J5"), "= dead\n\n");
}

/// White's A3 has two liberties, its eye at A1 and A4, against Black's
/// six. Filling its own eye is White's only win: Black's capture then
/// leaves a bulky five, and White's B2 kills (GNU Go 3.8: `1 1 A1`).
#[test]
fn filling_its_own_eye_leaves_the_capturer_a_dead_shape() {
    let mut console = Console::new();
    setup(
        &mut console,
        "
        .........
        OOOOOOOOO
        OOOOOOOOO
        O.OO..O.O
        XX.OO.OOO
        .XX.OOO.O
        OXXX.OOOO
        OOXX.OO.O
        .OXXOOOO.",
    );
    let mut c = |line: &str| ask(&mut console, line);
    assert_eq!(c("analyze_semeai A3 A5"), "= 1 1 A1\n\n");
    assert_eq!(c("analyze_semeai A5 A3"), "= 1 1 A4\n\n");
}
