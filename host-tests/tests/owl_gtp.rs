//! The owl commands through the console: GNU Go's answers to bad input,
//! and the board left exactly as it was after every search (on positions
//! from GNU Go's game records, chosen by a seeded generator).

use owlet_host_tests::console::Console;
use owlet_host_tests::regress::default_data_dir;
use owlet_host_tests::rng::Rng;

fn ask(console: &mut Console, line: &str) -> String {
    let (_, answer) = console.execute(line.as_bytes());
    String::from_utf8_lossy(answer).into_owned()
}

/// Loads GNU Go's game record `games/NAME` up to move `moves`; `to_move`
/// is the colour `loadsgf` answers.
fn load(console: &mut Console, name: &str, moves: u32, to_move: &str) {
    let path = default_data_dir().join("games").join(name);
    let line = format!("loadsgf {} {moves}", path.display());
    assert_eq!(ask(console, &line), format!("= {to_move}\n\n"));
}

#[test]
fn bad_input_gets_gnu_gos_answers() {
    let mut console = Console::new();
    let mut c = |line: &str| ask(&mut console, line);
    c("boardsize 9");
    c("play black C3");
    c("play white D4");
    assert_eq!(c("owl_attack A1"), "? vertex must not be empty\n\n");
    assert_eq!(c("owl_defend Z9"), "? invalid coordinate\n\n");
    assert_eq!(c("owl_attack"), "? invalid coordinate\n\n");
    assert_eq!(c("dragon_status E5"), "? vertex must not be empty\n\n");
    assert_eq!(c("same_dragon C3 E5"), "? vertex must not be empty\n\n");
    assert_eq!(
        c("dragon_stones E5"),
        "? dragon_stones called on an empty vertex\n\n"
    );
    assert_eq!(
        c("owl_does_attack D4 C3"),
        "? move vertex must be empty\n\n"
    );
    assert_eq!(c("owl_does_attack E5 A1"), "? vertex must not be empty\n\n");
    assert_eq!(c("same_dragon C3 D4"), "= 0\n\n");
    assert_eq!(c("dragon_stones C3"), "= C3\n\n");
    c("reset_owl_node_counter");
    assert_eq!(c("get_owl_node_counter"), "= 0\n\n");
    // A lone stone in the open cannot be killed.
    assert_eq!(c("owl_attack C3"), "= 0\n\n");
    assert_eq!(c("dragon_status C3"), "= alive\n\n");
    assert_ne!(c("get_owl_node_counter"), "= 0\n\n");
}

#[test]
fn owl_searches_leave_the_board_unchanged() {
    let games = default_data_dir().join("games");
    let mut files: Vec<_> = std::fs::read_dir(&games)
        .expect("GNU Go's games folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    assert!(
        files.len() > 20,
        "too few game records in {}",
        games.display()
    );
    let mut rng = Rng(0x71e7);
    let mut checked = 0;
    // Three positions: owl_attack of a big living dragon late in a game
    // takes seconds; six took eight minutes of CI's test run.
    for _ in 0..3 {
        let file = &files[rng.below(files.len())];
        let mut console = Console::new();
        let load = format!("loadsgf {} {}", file.display(), 20 + rng.below(150));
        if !ask(&mut console, &load).starts_with('=') {
            continue;
        }
        let board = console.engine.board().clone();
        let stones: Vec<_> = board
            .points()
            .filter(|&p| board.color_at(p).is_some())
            .collect();
        if stones.is_empty() {
            continue;
        }
        for _ in 0..2 {
            let p = stones[rng.below(stones.len())];
            for command in ["owl_attack", "owl_defend", "dragon_status"] {
                let answer = ask(&mut console, &format!("{command} {p}"));
                assert!(answer.starts_with("= "), "{command} {p}: {answer}");
                assert!(
                    console.engine.board() == &board,
                    "{command} {p} changed the board ({})",
                    file.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "only {checked} searches checked");
}

/// A root move is checked by reading the reply as the opponent's own call
/// would (owlet-owl's `ROOT_CHECKS`): in owl.tst case 55 the defence G1,
/// which the attacker's reply H2 refutes outside the width of the
/// in-tree reply, is not the answer, and the answer given holds up
/// when the attacker's call reads after it.
#[test]
fn a_root_answer_survives_the_opponents_call() {
    let mut console = Console::new();
    load(&mut console, "incident199.sgf", 42, "black");
    let answer = ask(&mut console, "owl_defend F4");
    let mv = answer
        .strip_prefix("= 1 ")
        .map(str::trim)
        .unwrap_or_else(|| panic!("owl_defend F4: {answer}"));
    assert_ne!(mv, "G1");
    assert_eq!(ask(&mut console, &format!("play white {mv}")), "= \n\n");
    assert_eq!(ask(&mut console, "owl_attack F4"), "= 0\n\n");
}

/// strategy27 at move 214: White's dragon F19 has a nine-point corner
/// space that the solver can only estimate, so the attack's root tries the
/// margins of the dragon's one-point spaces first. D18, the one move after
/// which the evaluation calls the dragon dead, is what the checks of the
/// defender's replies try first: the call answers D18 (GNU Go's move)
/// well within its budget.
#[test]
fn an_estimated_roots_lone_static_kill_leads_the_checks() {
    let mut console = Console::new();
    load(&mut console, "strategy27.sgf", 214, "white");
    ask(&mut console, "reset_owl_node_counter");
    assert_eq!(ask(&mut console, "owl_attack F19"), "= 1 D18\n\n");
    let nodes = ask(&mut console, "get_owl_node_counter");
    let nodes: u32 = nodes
        .trim_start_matches("= ")
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("get_owl_node_counter: {nodes}"));
    assert!(nodes <= 200, "{nodes} owl nodes");
}

/// GnuGo-GORO at move 125: Black's stone D8 is in atari, and D7 joins it
/// to the group E3–E7, which lives by linking out. After White's reply F3
/// the joined group holds no eye, a verdict of dead that the defender's
/// second move still reads (owlet-owl's `DOUBTED_PLIES`, a joined goal
/// being a new dragon): D7 is the defence, as GNU Go 3.8 answers, and the
/// attacker's call after it finds no kill.
#[test]
fn a_defence_that_joins_a_group_is_read_past_the_joined_verdict() {
    let mut console = Console::new();
    load(&mut console, "cgf2003/GnuGo-GORO.sgf", 125, "black");
    assert_eq!(ask(&mut console, "owl_defend D8"), "= 1 D7\n\n");
    assert_eq!(ask(&mut console, "play black D7"), "= \n\n");
    assert_eq!(ask(&mut console, "owl_attack D8"), "= 0\n\n");
}
