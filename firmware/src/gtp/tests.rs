//! Console tests; expected answers were checked against GNU Go 3.8.

use std::string::String;
use std::vec::Vec;

use super::*;
use history::Entry;

fn run(engine: &mut Engine, line: &str) -> String {
    let mut out = [0u8; ANSWER_CAPACITY];
    let reply = engine.execute(line.as_bytes(), &mut out);
    assert!(!reply.truncated, "{line}");
    String::from_utf8(out[..reply.len].to_vec()).unwrap()
}

fn session(lines: &str) -> (Engine, Vec<String>) {
    let mut engine = Engine::new();
    let answers = lines.lines().map(|l| run(&mut engine, l)).collect();
    (engine, answers)
}

fn pt(v: &str, engine: &Engine) -> Point {
    Point::from_vertex(v, engine.board().size()).unwrap()
}

#[test]
fn administrative_commands() {
    let (_, a) = session(
        "protocol_version\nname\n10 version\nknown_command play\nknown_command foo\nknown_command\nfoo\n3 foo\nNAME",
    );
    assert_eq!(a[0], "= 2\n\n");
    assert_eq!(a[1], "= owlet\n\n");
    assert_eq!(a[2], std::format!("=10 {VERSION}\n\n"));
    assert_eq!(a[3], "= true\n\n");
    assert_eq!(a[4], "= false\n\n");
    assert_eq!(a[5], "= false\n\n");
    assert_eq!(a[6], "? unknown command\n\n");
    assert_eq!(a[7], "?3 unknown command\n\n");
    assert_eq!(a[8], "? unknown command\n\n");
}

#[test]
fn silent_lines() {
    let mut engine = Engine::new();
    let mut out = [0u8; 64];
    for line in ["", "   ", "# comment", "10", "5 # x", "\r\n"] {
        let reply = engine.execute(line.as_bytes(), &mut out);
        assert_eq!(reply.status, Status::Silent, "{line:?}");
        assert_eq!(reply.len, 0);
    }
}

#[test]
fn quit_is_flagged() {
    let mut engine = Engine::new();
    let mut out = [0u8; 64];
    let reply = engine.execute(b"1 quit", &mut out);
    assert!(reply.quit);
    assert_eq!(&out[..reply.len], b"=1 \n\n");
}

#[test]
fn commands_are_sorted_and_listed() {
    assert!(COMMANDS.windows(2).all(|w| w[0] < w[1]));
    let (_, a) = session("list_commands");
    let expected = std::format!("= {}\n\n", COMMANDS.join("\n"));
    assert_eq!(a[0], expected);
}

#[test]
fn boardsize_and_komi() {
    let (e, a) = session(
        "boardsize\nboardsize 0\nboardsize 20\nboardsize x\nboardsize 9.5\nkomi\nkomi x\nkomi 6.5x\nget_komi\nkomi -3\nget_komi",
    );
    assert_eq!(a[0], "? boardsize not an integer\n\n");
    assert_eq!(a[1], "? unacceptable size\n\n");
    assert_eq!(a[2], "? unacceptable size\n\n");
    assert_eq!(a[3], "? boardsize not an integer\n\n");
    assert_eq!(a[4], "= \n\n");
    assert_eq!(e.board().size(), 9);
    assert_eq!(a[5], "? komi not a float\n\n");
    assert_eq!(a[6], "? komi not a float\n\n");
    assert_eq!(a[7], "= \n\n");
    assert_eq!(a[8], "=  6.5\n\n");
    assert_eq!(a[10], "= -3.0\n\n");
}

#[test]
fn play_errors_leave_the_board_alone() {
    let (e, a) = session(
        "boardsize 9\nplay\nplay b\nplay x d4\nplay b z4\nplay b i4\nplay b j10\nplay b d4\nplay b d4\nplay w pass\nplay black D5 extra",
    );
    for answer in &a[1..=6] {
        assert_eq!(answer, "? invalid color or coordinate\n\n");
    }
    assert_eq!(a[7], "= \n\n");
    assert_eq!(a[8], "? illegal move\n\n");
    assert_eq!(a[9], "= \n\n");
    assert_eq!(a[10], "= \n\n");
    assert_eq!(e.board().color_at(pt("D5", &e)), Some(Color::Black));
}

#[test]
fn black_and_white_are_play() {
    let (e, a) = session(
        "boardsize 9\nwhite e5\nwhite e5\nwhite z9\nwhite\nblack pass\nblack e6 x\nundo\nundo\nundo",
    );
    assert_eq!(a[1], "= \n\n");
    assert_eq!(a[2], "? illegal move\n\n");
    assert_eq!(a[3], "? invalid coordinate\n\n");
    assert_eq!(a[4], "? invalid coordinate\n\n");
    assert_eq!(a[5], "= \n\n");
    assert_eq!(a[6], "= \n\n");
    assert_eq!(a[7..], ["= \n\n", "= \n\n", "= \n\n"]);
    assert!(e.board().points().all(|p| e.board().color_at(p).is_none()));
}

#[test]
fn undo_replays_the_game() {
    let (mut e, a) = session(
        "boardsize 5\nplay b a2\nplay w a1\nplay b b1\ncaptures black\nundo\ncaptures black",
    );
    assert_eq!(a[4], "= 1\n\n");
    assert_eq!(a[5], "= \n\n");
    assert_eq!(a[6], "= 0\n\n");
    assert_eq!(e.board().color_at(pt("A1", &e)), Some(Color::White));
    assert_eq!(e.board().to_move(), Color::Black);
    assert_eq!(run(&mut e, "undo"), "= \n\n");
    assert_eq!(run(&mut e, "undo"), "= \n\n");
    assert_eq!(run(&mut e, "undo"), "? cannot undo\n\n");
    assert!(e.board().points().all(|p| e.board().color_at(p).is_none()));
}

#[test]
fn passes_in_a_row_and_the_last_move_follow_the_record() {
    let (mut e, _) = session("boardsize 5\nplay b c3\nplay w pass\nplay b pass");
    assert_eq!(e.passes(), 2);
    assert_eq!(e.last_move(), Some((Color::Black, Move::Pass)));
    run(&mut e, "undo");
    assert_eq!(e.passes(), 1);
    run(&mut e, "undo");
    assert_eq!(e.passes(), 0);
    assert_eq!(
        e.last_move(),
        Some((Color::Black, Move::Play(pt("C3", &e))))
    );
    run(&mut e, "play w pass");
    run(&mut e, "play b d4");
    assert_eq!(e.passes(), 0);
    run(&mut e, "play w pass");
    e.set_stone(pt("A1", &e), Some(Color::Black)).unwrap();
    assert_eq!(e.passes(), 0);
    assert_eq!(e.last_move(), None);
    run(&mut e, "play b pass");
    run(&mut e, "clear_board");
    assert_eq!(e.passes(), 0);
    assert_eq!(e.last_move(), None);
}

#[test]
fn undo_keeps_setup_stones_and_stops_at_them() {
    let mut e = Engine::new();
    e.resize(9).unwrap();
    let (c3, d4) = (pt("C3", &e), pt("D4", &e));
    e.set_stone(c3, Some(Color::White)).unwrap();
    e.play(Color::Black, Move::Play(d4)).unwrap();
    e.set_to_move(Color::Black).unwrap();
    assert_eq!(e.undo(), Ok(()));
    assert_eq!(e.board().color_at(c3), Some(Color::White));
    assert_eq!(e.board().color_at(d4), None);
    assert_eq!(e.undo(), Err(GameError::CannotUndo));
}

#[test]
fn undo_after_a_long_game_is_refused_not_wrong() {
    let mut e = Engine::new();
    for _ in 0..=HISTORY_CAPACITY {
        e.play(Color::Black, Move::Pass).unwrap();
    }
    assert_eq!(e.undo(), Err(GameError::CannotUndo));
    e.clear();
    e.play(Color::Black, Move::Pass).unwrap();
    assert_eq!(e.undo(), Ok(()));
}

#[test]
fn liberties_and_captures() {
    let (_, a) = session(
        "boardsize 9\nplay b d4\nplay w d5\nplay b e5\nplay w c4\nplay b a1\nplay w b1\nfindlib d4\nfindlib e9\nfindlib a1\ncountlib a1\ncountlib d4\ncountlib e9\ncountlib\ncountlib z9\ncountlib pass\ncaptures\ncaptures x\ncaptures b",
    );
    assert_eq!(a[7], "= E4 D3\n\n");
    assert_eq!(a[8], "? vertex must not be empty\n\n");
    assert_eq!(a[9], "= A2\n\n");
    assert_eq!(a[10], "= 1\n\n");
    assert_eq!(a[11], "= 2\n\n");
    assert_eq!(a[12], "? vertex must not be empty\n\n");
    assert_eq!(a[13], "? invalid coordinate\n\n");
    assert_eq!(a[14], "? invalid coordinate\n\n");
    assert_eq!(a[15], "? invalid coordinate\n\n");
    assert_eq!(a[16], "? invalid color\n\n");
    assert_eq!(a[17], "? invalid color\n\n");
    assert_eq!(a[18], "= 0\n\n");
    let (_, a) = session("boardsize 5\ntrymove b c3\nfindlib c3");
    assert_eq!(a[2], "= C4 B3 D3 C2\n\n");
}

#[test]
fn is_legal() {
    let (_, a) = session(
        "boardsize 9\nplay b d4\nis_legal b e9\nis_legal w d4\nis_legal\nis_legal b\nis_legal b pass\nis_legal x e9",
    );
    assert_eq!(a[2], "= 1\n\n");
    assert_eq!(a[3], "= 0\n\n");
    assert_eq!(a[4], "? invalid color or coordinate\n\n");
    assert_eq!(a[5], "? invalid color or coordinate\n\n");
    assert_eq!(a[6], "= 1\n\n");
    assert_eq!(a[7], "? invalid color or coordinate\n\n");
}

#[test]
fn reading_commands_check_their_vertex() {
    let (_, a) = session(
        "boardsize 9\nplay b e5\nattack\nattack z9\nattack c3\ndefend c3\nattack e5\nreset_reading_node_counter\nget_reading_node_counter\nincrease_depths\ndecrease_depths",
    );
    assert_eq!(a[2], "? invalid coordinate\n\n");
    assert_eq!(a[3], "? invalid coordinate\n\n");
    assert_eq!(a[4], "? vertex must not be empty\n\n");
    assert_eq!(a[5], "? vertex must not be empty\n\n");
    assert!(
        a[6] == "= 0\n\n"
            || a[6].starts_with("= 1 ")
            || a[6].starts_with("= 2 ")
            || a[6].starts_with("= 3 ")
    );
    assert_eq!(a[7], "= \n\n");
    assert_eq!(a[8], "= 0\n\n");
    assert_eq!(a[9], "= \n\n");
    assert_eq!(a[10], "= \n\n");
}

#[test]
fn trymove_and_popgo() {
    let (mut e, a) = session(
        "boardsize 5\npopgo\ntrymove\ntrymove b\ntrymove b c3\ntrymove b c3\ntrymove w c4\ntrymove x c3\ntrymove w pass\nplay b a1\nundo",
    );
    assert_eq!(a[1], "? Stack empty.\n\n");
    assert_eq!(a[2], "? invalid color or coordinate\n\n");
    assert_eq!(a[3], "? invalid color or coordinate\n\n");
    assert_eq!(a[4], "= \n\n");
    assert_eq!(a[5], "? illegal move\n\n");
    assert_eq!(a[6], "= \n\n");
    assert_eq!(a[7], "? invalid color or coordinate\n\n");
    assert_eq!(a[8], "= \n\n");
    assert_eq!(a[9], "? cannot play while a trymove is pending\n\n");
    assert_eq!(a[10], "? cannot undo\n\n");
    assert_eq!(e.trymoves_pending(), 3);
    for _ in 0..3 {
        assert_eq!(run(&mut e, "popgo"), "= \n\n");
    }
    assert_eq!(run(&mut e, "popgo"), "? Stack empty.\n\n");
    assert!(e.board().points().all(|p| e.board().color_at(p).is_none()));
    // A new game drops pending trymoves.
    run(&mut e, "trymove b c3");
    run(&mut e, "clear_board");
    assert_eq!(e.trymoves_pending(), 0);
    assert_eq!(run(&mut e, "popgo"), "? Stack empty.\n\n");
}

#[test]
fn showboard_like_gnugo() {
    let (_, a) = session(
        "boardsize 5\nplay b a2\nplay w a1\nplay b b1\nplay w c1\nplay b e5\nplay w b2\nshowboard",
    );
    let expected = "= \n   A B C D E\n 5 . . . . X 5\n 4 . + . + . 4\n 3 . . + . . 3\n 2 X O . + . 2     WHITE (O) has captured 0 stones\n 1 . X O . . 1     BLACK (X) has captured 1 stones\n   A B C D E\n\n";
    assert_eq!(a[7], expected);
    let (_, a) = session("boardsize 1\nshowboard");
    assert_eq!(
        a[1],
        "= \n   A\n 1 + 1     BLACK (X) has captured 0 stones\n   A\n\n"
    );
    let (_, a) = session("boardsize 19\nshowboard");
    let lines: Vec<&str> = a[1].lines().collect();
    assert_eq!(lines[1], "   A B C D E F G H J K L M N O P Q R S T");
    assert_eq!(
        lines[11],
        "10 . . . + . . . . . + . . . . . + . . . 10     BLACK (X) has captured 0 stones"
    );
    assert_eq!(
        lines[10],
        "11 . . . . . . . . . . . . . . . . . . . 11     WHITE (O) has captured 0 stones"
    );
    assert_eq!(lines[18], " 3 . . . . . . . . . . . . . . . . . . . 3");
}

#[test]
fn star_points_by_size() {
    // Star points as GNU Go draws them, per size: (col, row) 0-based.
    let count = |size: usize| {
        (0..size * size)
            .filter(|i| showboard_is_star(size, i % size, i / size))
            .count()
    };
    let expected = [1, 0, 1, 0, 5, 4, 5, 4, 5, 4, 5, 4, 9, 4, 9, 4, 9, 4, 9];
    for (i, &n) in expected.iter().enumerate() {
        assert_eq!(count(i + 1), n, "size {}", i + 1);
    }
}

fn showboard_is_star(size: usize, col: usize, row: usize) -> bool {
    let mut e = Engine::new();
    e.resize(size).unwrap();
    let text = run(&mut e, "showboard");
    let line = text.lines().nth(2 + (size - 1 - row)).unwrap();
    line.as_bytes()[3 + 2 * col] == b'+'
}

#[test]
fn long_and_odd_lines() {
    let mut e = Engine::new();
    let mut out = [0u8; 64];
    let long = [b'x'; LINE_CAPACITY + 10];
    let r = e.execute(&long, &mut out);
    assert_eq!(&out[..r.len], b"? line too long\n\n");
    let r = e.execute(b"7 name\xff", &mut out);
    assert_eq!(&out[..r.len], b"?7 unknown command\n\n");
    let r = e.execute(b"7 na\x01me\r\n8 version", &mut out);
    assert_eq!(&out[..r.len], b"=7 owlet\n\n");
}

#[test]
fn small_buffers_truncate_cleanly() {
    let mut e = Engine::new();
    let mut out = [0u8; 20];
    let r = e.execute(b"12 showboard", &mut out);
    assert!(r.truncated);
    assert_eq!(r.len, 20);
    assert!(out.starts_with(b"=12 \n   A B C"));
    assert!(out.ends_with(b"\n\n"));
    let r = e.execute(b"list_commands", &mut []);
    assert_eq!(r.len, 0);
    assert!(r.truncated);
}

struct Echo;

impl Extension for Echo {
    fn commands(&self) -> &[&str] {
        &["echo", "name"]
    }

    fn run(
        &mut self,
        engine: &mut Engine,
        _command: &str,
        args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        let mut any = false;
        for word in args {
            answer.push_str(word);
            any = true;
        }
        if !any {
            return Err(
                answer.failure_fmt(format_args!("nothing to echo on {}", engine.board().size()))
            );
        }
        Ok(())
    }
}

#[test]
fn extensions_share_the_console() {
    let mut e = Engine::new();
    let mut out = [0u8; ANSWER_CAPACITY];
    let mut ext = Echo;
    let mut ask = |e: &mut Engine, line: &str| {
        let r = e.execute_with(line.as_bytes(), &mut out, &mut ext);
        String::from_utf8(out[..r.len].to_vec()).unwrap()
    };
    assert_eq!(ask(&mut e, "4 echo a b"), "=4 ab\n\n");
    assert_eq!(ask(&mut e, "echo"), "? nothing to echo on 19\n\n");
    assert_eq!(ask(&mut e, "name"), "= owlet\n\n");
    assert_eq!(ask(&mut e, "known_command echo"), "= true\n\n");
    let list = ask(&mut e, "list_commands");
    assert!(list.contains("defend\ndisconnect\ndragon_status\ndragon_stones\necho\neval_eye"));
    assert_eq!(list.matches("name").count(), 1);
}

#[test]
fn engine_size_is_documented() {
    // Board + reader + connection and owl searchers + the remembered final
    // statuses + the semeai and combination limits + game record (6 bytes
    // an entry) + a few words; keep in step with the docs of
    // HISTORY_CAPACITY.
    assert_eq!(core::mem::size_of::<Entry>(), 6);
    let parts = core::mem::size_of::<Board>()
        + core::mem::size_of::<Reader>()
        + core::mem::size_of::<owlet_board::Connection>()
        + core::mem::size_of::<super::owl::ConsoleOwl>()
        + core::mem::size_of::<(u64, FinalStatuses)>()
        + core::mem::size_of::<owlet_owl::SemeaiLimits>()
        + core::mem::size_of::<Option<owlet_combination::AaLimits>>();
    assert!(core::mem::size_of::<Engine>() <= parts + HISTORY_CAPACITY * 6 + 80);
}

/// The position of issue 47: B C3 D3 E5, W C4 B3 D2 F6 on 9×9.
fn limits_position() -> Engine {
    let (e, _) = session(
        "boardsize 9\nplay black C3\nplay white C4\nplay black D3\nplay white B3\n\
         play black E5\nplay white D2\nplay white F6",
    );
    e
}

#[test]
fn a_full_journal_is_counted_not_silent() {
    let mut e = limits_position();
    assert_eq!(
        run(&mut e, "get_limit_hits"),
        "= reading 0 owl 0 semeai 0 combination 0 eye 0 journal 0\n\n"
    );
    assert_eq!(run(&mut e, "defend C3"), "= 1 E3\n\n");
    assert_eq!(e.limit_hits(), LimitHits::default());
    for _ in 0..DEFAULT_JOURNAL_MOVES_FOR_TESTS {
        assert_eq!(run(&mut e, "trymove black pass"), "= \n\n");
    }
    assert_eq!(run(&mut e, "trymove black pass"), "? too many trymoves\n\n");
    // The answer changes (no room to read), and the count says why.
    assert_eq!(run(&mut e, "defend C3"), "= 0\n\n");
    let hits = e.limit_hits();
    assert!(hits.journal > 0, "{hits:?}");
    // aa_confirm_safety says the journal is full, not that A1 is illegal.
    assert_eq!(
        run(&mut e, "aa_confirm_safety black A1"),
        "? board journal full (too many trymoves)\n\n"
    );
    assert!(e.limit_hits().journal > hits.journal);
    // What owl found without room is not remembered: asked again, it reads
    // again and says so again.
    let before = e.limit_hits().journal;
    assert_eq!(run(&mut e, "owl_attack D2"), "= 0\n\n");
    let after = e.limit_hits().journal;
    assert!(after > before);
    assert_eq!(run(&mut e, "dragon_status D2"), "= alive\n\n");
    assert!(e.limit_hits().journal > after);
    assert_eq!(
        run(&mut e, "aa_confirm_safety black C3"),
        "? illegal move\n\n"
    );
    assert_eq!(run(&mut e, "reset_limit_hits"), "= \n\n");
    assert_eq!(e.limit_hits(), LimitHits::default());
}

/// The journal's move capacity of the console's board.
#[cfg(not(feature = "small"))]
const DEFAULT_JOURNAL_MOVES_FOR_TESTS: usize = owlet_board::DEFAULT_JOURNAL_MOVES;
#[cfg(feature = "small")]
const DEFAULT_JOURNAL_MOVES_FOR_TESTS: usize = 96;

#[test]
fn a_spent_reading_node_limit_is_counted() {
    let mut e = limits_position();
    let limits = e.reader().limits();
    e.reader_mut().set_limits(owlet_board::ReadingLimits {
        node_limit: 1,
        ..limits
    });
    run(&mut e, "attack C3");
    run(&mut e, "attack D2");
    let hits = e.limit_hits();
    assert_eq!(hits.reading, 2, "{hits:?}");
    assert_eq!(
        run(&mut e, "get_limit_hits"),
        "= reading 2 owl 0 semeai 0 combination 0 eye 0 journal 0\n\n"
    );
    e.reader_mut().set_limits(limits);
    run(&mut e, "reset_limit_hits");
    run(&mut e, "defend C3");
    assert_eq!(e.limit_hits(), LimitHits::default());
}

#[test]
fn search_limits_reach_every_search_and_restore_the_answers() {
    let mut e = limits_position();
    assert_eq!(e.limits(), crate::SearchLimits::default());
    let commands = [
        "owl_attack D2",
        "dragon_status D2",
        "analyze_semeai D2 C3",
        "combination_attack white",
        "attack D2",
    ];
    let answers = commands.map(|c| run(&mut e, c));
    assert_eq!(answers[0], "= 1 C2\n\n");
    assert_eq!(answers[1], "= critical C2 C2\n\n");
    let hits = e.limit_hits();
    assert_eq!((hits.reading, hits.combination), (0, 0), "{hits:?}");
    let defaults = e.limits();
    let mut small = defaults;
    small.owl.node_limit = 1;
    small.semeai.node_limit = 1;
    small.combination.node_limit = 1;
    small.reading.node_limit = 1;
    e.set_limits(&small);
    assert_eq!(e.limits(), small);
    run(&mut e, "reset_limit_hits");
    // One owl node finds no kill: D2 is taken as alive, and counted.
    assert_eq!(run(&mut e, "owl_attack D2"), "= 0\n\n");
    assert_eq!(run(&mut e, "dragon_status D2"), "= alive\n\n");
    run(&mut e, "combination_attack white");
    run(&mut e, "attack D2");
    let limited = e.limit_hits();
    assert!(limited.owl >= 2, "{limited:?}");
    assert_eq!(
        (limited.reading, limited.combination),
        (1, 1),
        "{limited:?}"
    );
    // Back to the defaults: the same answers and counts as before.
    e.set_limits(&defaults);
    run(&mut e, "reset_limit_hits");
    assert_eq!(commands.map(|c| run(&mut e, c)), answers);
    assert_eq!(e.limit_hits(), hits);
}

#[test]
fn a_threat_search_cut_by_its_node_limit_is_counted() {
    let mut e = limits_position();
    let defaults = e.limits();
    let answers = ["owl_threaten_attack C3", "owl_threaten_defense D2"].map(|c| run(&mut e, c));
    assert_eq!(e.limit_hits(), LimitHits::default());
    let mut small = defaults;
    small.owl.node_limit = 1;
    e.set_limits(&small);
    for c in ["owl_threaten_attack C3", "owl_threaten_defense D2"] {
        run(&mut e, "reset_limit_hits");
        run(&mut e, c);
        assert!(e.limit_hits().owl >= 1, "{c}: {:?}", e.limit_hits());
    }
    e.set_limits(&defaults);
    run(&mut e, "reset_limit_hits");
    assert_eq!(
        ["owl_threaten_attack C3", "owl_threaten_defense D2"].map(|c| run(&mut e, c)),
        answers
    );
    assert_eq!(e.limit_hits(), LimitHits::default());
}

/// Black's wall around the 15 points A1-E3 of a 9x9 corner, with `more`
/// (GTP lines) played after it: the eye solver runs out of its budget on
/// that space and answers its estimate.
fn wide_corner(more: &str) -> Engine {
    let (e, _) = session(&std::format!(
        "boardsize 9\nplay black A4\nplay black B4\nplay black C4\nplay black D4\n\
         play black E4\nplay black F4\nplay black F3\nplay black F2\nplay black F1\n{more}"
    ));
    e
}

#[test]
fn an_eye_analysis_cut_by_the_solver_is_counted() {
    let mut e = wide_corner("");
    assert_eq!(run(&mut e, "eval_eye A1"), "= 2 2\n\n");
    assert_eq!(
        run(&mut e, "get_limit_hits"),
        "= reading 0 owl 0 semeai 0 combination 0 eye 1 journal 0\n\n"
    );
    // The same shape as a diagram, read under analyze_eyegraph's rules.
    assert_eq!(
        run(&mut e, "analyze_eyegraph .....%.....%.....")
            .lines()
            .next(),
        Some("= 2222")
    );
    assert_eq!(e.limit_hits().eye, 2);
    run(&mut e, "reset_limit_hits");
    // Spaces the solver reads to the end count nothing: a diagram of ten
    // vertices, a three-point eye on the board.
    run(&mut e, "analyze_eyegraph .....%.....");
    let (mut e3, _) = session(
        "boardsize 9\nplay black A2\nplay black B2\nplay black C2\nplay black D2\nplay black D1",
    );
    assert_eq!(run(&mut e3, "eval_eye A1"), "= 1 2 B1 B1\n\n");
    assert_eq!(e.limit_hits(), LimitHits::default());
    assert_eq!(e3.limit_hits(), LimitHits::default());
}

#[test]
fn eval_eyes_reads_cut_by_the_reading_node_limit_are_counted() {
    // White's stone inside black's corner: eval_eye reads whether it is
    // dead.
    let mut e = wide_corner("play white B2");
    let answer = run(&mut e, "eval_eye A1");
    assert_eq!(e.limit_hits().reading, 0, "{:?}", e.limit_hits());
    let mut small = e.limits();
    small.reading.node_limit = 1;
    e.set_limits(&small);
    run(&mut e, "reset_limit_hits");
    run(&mut e, "eval_eye A1");
    assert!(e.limit_hits().reading >= 1, "{:?}", e.limit_hits());
    small.reading.node_limit = ReadingLimits::DEFAULT.node_limit;
    e.set_limits(&small);
    run(&mut e, "reset_limit_hits");
    assert_eq!(run(&mut e, "eval_eye A1"), answer);
    assert_eq!(e.limit_hits().reading, 0, "{:?}", e.limit_hits());
}

#[test]
fn limit_hits_since() {
    let a = LimitHits {
        reading: 1,
        owl: 2,
        semeai: 3,
        combination: 4,
        eye: 6,
        journal: 5,
    };
    assert!(a.since(&a).is_none());
    assert_eq!(a.since(&LimitHits::default()), a);
    assert_eq!(
        std::format!("{a}"),
        "reading 1 owl 2 semeai 3 combination 4 eye 6 journal 5"
    );
}

/// `boardsize 2; play black A1; play white B2; attack A1`: owlet answers
/// `1 B1`, GNU Go 3.8 `0`. owlet is right. After White B1, Black's only
/// move is A2, which captures B1 and B2 but leaves A1-A2 with two
/// liberties; White B1 again puts it in atari, Black's only move B2
/// captures that stone and leaves A1-A2-B2 with the one liberty B1 (a
/// three-stone string, so no ko), and White B1 captures all three. A pass
/// instead at either Black turn loses A1 at once (White A2, or White
/// B2). The line is played out below; GNU Go plays it the same way, and
/// answers `defend A1` with `0` as owlet does.
#[test]
fn the_two_by_two_attack_is_a_snapback() {
    let (mut e, a) = session("boardsize 2\nplay black A1\nplay white B2\nattack A1");
    assert_eq!(a[3], "= 1 B1\n\n");
    // Nor can Black save it moving first; GNU Go agrees here (`0`), so its
    // two answers contradict each other.
    assert_eq!(run(&mut e, "defend A1"), "= 0\n\n");
    for (line, answer) in [
        ("play white B1", "= \n\n"),
        ("is_legal black B2", "= 0\n\n"),
        ("play black A2", "= \n\n"),
        ("captures black", "= 2\n\n"),
        ("countlib A1", "= 2\n\n"),
        ("play white B1", "= \n\n"),
        ("countlib A1", "= 1\n\n"),
        ("play black B2", "= \n\n"),
        ("countlib A1", "= 1\n\n"),
        ("play white B1", "= \n\n"),
        ("captures white", "= 3\n\n"),
        ("countlib A1", "? vertex must not be empty\n\n"),
    ] {
        assert_eq!(run(&mut e, line), answer, "{line}");
    }
}

/// A 5×5 seki of four dragons (black's B5-C4 and white's D5-E4 share C5,
/// the strings below share C1), played with `play COLOR VERTEX`:
///
/// ```text
///    A B C D E
///  5 . X . O .
///  4 X X X O O
///  3 O O O X X
///  2 O O O X X
///  1 . O . X .
/// ```
const SEKI_5X5: [&str; 19] = [
    "b b5", "b a4", "b b4", "b c4", "w d5", "w d4", "w e4", "w a3", "w b3", "w c3", "w a2", "w b2",
    "w c2", "w b1", "b d3", "b e3", "b d2", "b e2", "b d1",
];

/// Owl calls every dragon of [`SEKI_5X5`] dead; the race against its
/// neighbour, within `RACE_CHECK_NODES` a root move, makes `dragon_status`
/// say alive.
#[test]
fn a_dragon_in_seki_is_alive_after_its_race() {
    let mut lines = String::from("boardsize 5");
    for v in SEKI_5X5 {
        lines.push_str(&std::format!("\nplay {v}"));
    }
    let (mut e, _) = session(&lines);
    for v in ["b5", "d5", "a3", "d3"] {
        assert_eq!(
            run(&mut e, &std::format!("owl_defend {v}")),
            "= 0\n\n",
            "{v}"
        );
        assert_eq!(
            run(&mut e, &std::format!("dragon_status {v}")),
            "= alive\n\n",
            "{v}"
        );
    }
    assert_eq!(
        run(&mut e, "dragon_status"),
        "= B5: alive\nD5: alive\nA3: alive\nD3: alive\n\n"
    );
}

#[test]
fn scoring_commands() {
    // Seki (`SEKI_5X5`; GNU Go 3.8 lists the same four strings in seki).
    let (mut e, a) = session(
        "boardsize 5\nfinal_score\nkomi 6.5\nfinal_score\nfinal_status_list alive\nfinal_status c3",
    );
    assert_eq!(a[1], "= 0\n\n");
    assert_eq!(a[3], "= W+6.5\n\n");
    assert_eq!(a[4], "= \n\n");
    assert_eq!(a[5], "= dame\n\n");
    for v in SEKI_5X5 {
        assert_eq!(run(&mut e, &std::format!("play {v}")), "= \n\n");
    }
    assert_eq!(
        run(&mut e, "final_status_list seki"),
        "= B5 A4 B4 C4\nD5 D4 E4\nA3 B3 C3 A2 B2 C2 B1\nD3 E3 D2 E2 D1\n\n"
    );
    assert_eq!(run(&mut e, "final_status_list dead"), "= \n\n");
    assert_eq!(run(&mut e, "final_status a1"), "= white_territory\n\n");
    assert_eq!(run(&mut e, "final_status b5"), "= seki\n\n");
    // Black 9 stones + A5, E1; white 10 + E5, A1; C5, C1 dame.
    assert_eq!(run(&mut e, "final_score"), "= W+7.5\n\n");
    assert_eq!(run(&mut e, "final_status_list"), "? missing status\n\n");
    assert_eq!(run(&mut e, "final_status_list foo"), "? invalid status\n\n");
    assert_eq!(run(&mut e, "final_status z9"), "? invalid coordinate\n\n");
}

#[test]
fn dead_stones_leave_the_count() {
    // White's lone stone at A1 inside black's wall is dead.
    let (_, a) = session(
        "boardsize 5\nplay b c1\nplay b c2\nplay b c3\nplay b c4\nplay b c5\nplay w d1\nplay w d2\nplay w d3\nplay w d4\nplay w d5\nplay w a1\nfinal_status_list dead\nfinal_score\nfinal_status a1\nfinal_status b1",
    );
    assert_eq!(a[12], "= A1\n\n");
    assert_eq!(a[13], "= B+5.0\n\n");
    assert_eq!(a[14], "= dead\n\n");
    assert_eq!(a[15], "= black_territory\n\n");
}

#[test]
fn dragon_and_worm_lists() {
    // Checked against GNU Go 3.8 (which ends each stones line with a space).
    let (_, a) = session(
        "boardsize 5\nplay b b2\nplay w d4\nplay b c3\nplay b c4\nplay w e2\ndragon_status\ndragon_stones\nworm_stones\nworm_stones black\ndragon_stones white\nworm_stones c4\nworm_stones a1\nworm_stones xx\ndragon_status xx",
    );
    assert_eq!(a[6], "= C4: alive\nD4: dead\nE2: dead\n\n");
    assert_eq!(a[7], "= C4 C3 B2\nD4\nE2\n\n");
    assert_eq!(a[8], "= C4 C3\nD4\nB2\nE2\n\n");
    assert_eq!(a[9], "= C4 C3\nB2\n\n");
    assert_eq!(a[10], "= D4\nE2\n\n");
    assert_eq!(a[11], "= C4 C3\n\n");
    assert_eq!(a[12], "? worm_stones called on an empty vertex\n\n");
    assert_eq!(a[13], "? invalid coordinate\n\n");
    assert_eq!(a[14], "? invalid coordinate\n\n");
}

/// An engine whose board holds the stones of a 7×7 `diagram`.
fn engine_from_diagram(diagram: &str) -> Engine {
    let board: Board = Board::from_diagram(diagram).unwrap();
    let mut e = Engine::new();
    run(&mut e, "boardsize 7");
    for p in board.points() {
        if let Some(c) = board.color_at(p) {
            e.set_stone(p, Some(c)).unwrap();
        }
    }
    e
}

#[test]
fn dragon_list_answers_statically_once_its_budget_is_spent() {
    // B7's dragon has two real one-point eyes (A7, C7); A3's has two eye
    // regions but one one-point eye; white's C2 stands in black's
    // unconditional territory; F4 is unsettled.
    let diagram = "
        . X . X . . .
        X X X X . . .
        . . . . . . .
        . . . . . O .
        X X X X X X X
        X . O . X . X
        X X X X X X X";
    let mut e = engine_from_diagram(diagram);
    let mut buf = [0u8; ANSWER_CAPACITY];
    let mut out = Answer::new(&mut buf);
    let mut solver = optics::ConsoleSolver::new();
    owl::list_within(&mut e, &mut out, &mut solver, 0);
    assert_eq!(out.text(), "B7: alive\nF4: alive\nA3: alive\nC2: dead");
    assert_eq!(e.limit_hits().owl, 2);
    // Within the full budget: no dragon is left unread, and the live
    // dragons and the dead stone are answered the same.
    run(&mut e, "reset_limit_hits");
    let listing = run(&mut e, "dragon_status");
    assert!(listing.starts_with("= B7: alive\nF4: "), "{listing}");
    assert!(listing.ends_with("\nA3: alive\nC2: dead\n\n"), "{listing}");
    // With the device's smaller caches (`small`) one search may run out.
    let most = if cfg!(feature = "small") { 1 } else { 0 };
    assert!(e.limit_hits().owl <= most, "{}", e.limit_hits().owl);
}

#[test]
fn dragon_list_takes_dead_dragons_from_the_scoring_judgement() {
    // White's corner eye space of three points has black's stone on its
    // vital point: owl calls it dead, unconditional status does not.
    let diagram = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X X . .
        O O O O X . .
        . X . O X . .";
    let mut e = engine_from_diagram(diagram);
    let listing = |e: &mut Engine| {
        let mut buf = [0u8; ANSWER_CAPACITY];
        let mut out = Answer::new(&mut buf);
        let mut solver = optics::ConsoleSolver::new();
        owl::list_within(e, &mut out, &mut solver, 0);
        String::from(out.text())
    };
    // Both read with owl limits of their own (the listing's
    // BOARD_READING_DEEPENS_FROM among them) and give the console's back.
    let before = e.owl.limits();
    assert_ne!(
        before.reading_deepens_from,
        crate::scoring::BOARD_READING_DEEPENS_FROM
    );
    assert!(listing(&mut e).contains("A2: alive"));
    assert_eq!(e.owl.limits(), before);
    assert!(run(&mut e, "final_status_list dead").contains("A2"));
    assert_eq!(e.owl.limits(), before);
    assert!(listing(&mut e).contains("A2: dead"));
}

/// On 9×9, as GNU Go 3.8 answers:
/// ```text
///  5 . . X . X . O . .
///  4 . . . X . O . . .
///  3 . X O . . . X . .
/// ```
#[test]
fn connection_commands() {
    let (mut e, a) = session(
        "boardsize 9\nplay black C5\nplay black E5\nplay black D4\nplay white G5\n\
         play black G3\nplay white F4\nplay white C3\nplay black B3\n\
         connect C5 E5\ndisconnect C5 E5\nconnect D4 C5\nconnect E5 G3\ndisconnect B3 C5\n\
         connect C5 F4\ndisconnect C5 F4\nconnect C5 Z1\nconnect C5 A1",
    );
    // D5 is a tiger's mouth: White there would be taken at D6.
    assert_eq!(a[9], "= 1 D5\n\n");
    assert_eq!(a[10], "= 0\n\n");
    assert_eq!(a[11], "= 1 C4\n\n");
    // White's F4 and G5 stand between E5 and G3.
    assert_eq!(a[12], "= 0\n\n");
    assert_eq!(a[13], "= 1 B4\n\n");
    assert_eq!(a[14], "? vertices must have same color\n\n");
    assert_eq!(a[15], "? vertices must have same color\n\n");
    assert_eq!(a[16], "? invalid coordinate\n\n");
    assert_eq!(a[17], "? vertex must not be empty\n\n");
    assert_eq!(run(&mut e, "play black D5"), "= \n\n");
    assert_eq!(run(&mut e, "connect C5 E5"), "= 1 PASS\n\n");
    assert_eq!(run(&mut e, "disconnect C5 E5"), "= 0\n\n");
    let counted = run(&mut e, "get_connection_node_counter");
    assert_ne!(counted, "= 0\n\n");
    assert_eq!(run(&mut e, "reset_connection_node_counter"), "= \n\n");
    assert_eq!(run(&mut e, "get_connection_node_counter"), "= 0\n\n");
    assert_eq!(e.limit_hits(), LimitHits::default());
    // One node reads no further than the root: the answer is counted.
    let mut small = e.limits();
    small.connection.node_limit = 1;
    e.set_limits(&small);
    run(&mut e, "disconnect B3 C5");
    assert_eq!(e.limit_hits().reading, 1);
}
