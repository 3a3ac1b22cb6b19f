//! `owlet analyze`: golden text and JSON of ld_owl.tst positions, the
//! analysis of a constructed position, the SVG (parsed as XML, rendered
//! to PNG with resvg and its stones counted from the pixels), and the
//! batch mode through the binary (a bad file named on stderr, the others
//! still analysed).
//!
//! The golden files in `tests/golden/` are written by the program:
//! `OWLET_BLESS=1 cargo test --release -p owlet-host-tests --test analyze`
//! rewrites them (owl's answers change as owl is tuned; read the diff).

use std::path::{Path, PathBuf};
use std::process::Command;

use owlet_firmware::Engine;
use owlet_host_tests::analyze::{self, Limits, Options, Report, Status, svg, text};
use owlet_host_tests::{regress, sgf};

/// The limits of the golden files: fixed, so the files do not depend on
/// the defaults.
const GOLDEN: Options = Options {
    owl_nodes: 2000,
    owl_search_nodes: 1000,
    aa_nodes: 200,
    aa_reading_nodes: 1000,
};

fn data() -> PathBuf {
    let data = regress::default_data_dir();
    assert!(
        data.join("games").is_dir(),
        "GNU Go regression data not found at {}: put shared/gnugo-regress beside the \
         repository or set OWLET_REGRESS_DATA",
        data.display()
    );
    data
}

fn ld(name: &str, until: Option<i64>) -> Report {
    let path = data().join("games/life_and_death").join(name);
    let mut report = analyze::analyze_file(&path, until, &GOLDEN).unwrap();
    report.file = name.to_string();
    report
}

/// Compares `got` with the golden file `name`, or writes it when
/// `OWLET_BLESS` is set.
fn golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("OWLET_BLESS").is_some_and(|v| !v.is_empty()) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (OWLET_BLESS=1 writes it)", path.display()));
    assert!(
        want == got,
        "{name} differs from the golden file (OWLET_BLESS=1 rewrites it):\n--- want\n{want}\n--- got\n{got}"
    );
}

/// Checks what every report must satisfy, whatever owl answers.
fn check_consistent(report: &Report) {
    let size = report.size;
    assert_eq!(report.board.len(), size);
    let stones: usize = report
        .board
        .iter()
        .map(|row| row.chars().filter(|c| matches!(c, 'X' | 'O')).count())
        .sum();
    // Every stone is in exactly one dragon of its colour.
    let in_dragons: usize = report.dragons.iter().map(|d| d.stones.len()).sum();
    assert_eq!(in_dragons, stones);
    let mut owl_nodes = 0u64;
    for d in &report.dragons {
        let mark = if d.color == "black" { b'X' } else { b'O' };
        for v in &d.stones {
            let p = report.point(v).unwrap();
            assert_eq!(report.board[size - 1 - p.row()].as_bytes()[p.col()], mark);
        }
        match d.status {
            Status::Critical => assert!(d.attack.is_some() || d.defense.is_some()),
            Status::Alive | Status::Dead => assert!(d.defense.is_none()),
            Status::Unknown => {}
        }
        owl_nodes += u64::from(d.owl_nodes);
    }
    assert_eq!(owl_nodes, report.owl_nodes);
    // Eye spaces hold empty points or stones of the other colour.
    for e in &report.eye_spaces {
        assert_eq!(e.value.len(), 4);
        let own = if e.color == "black" { b'X' } else { b'O' };
        for v in &e.points {
            let p = report.point(v).unwrap();
            assert_ne!(report.board[size - 1 - p.row()].as_bytes()[p.col()], own);
        }
    }
}

#[test]
fn golden_ld18_text_and_json_at_the_end_and_before_move_1() {
    let end = ld("ld18.sgf", None);
    check_consistent(&end);
    assert_eq!((end.size, end.moves, end.to_move), (9, 1, "white"));
    assert_eq!(end.last_move.as_deref(), Some("B9"));
    assert_eq!(end.limits, Limits::default(), "no limit hit on ld18");
    golden("ld18.txt", &text::render(&end, false));
    golden("ld18.json", &(end.to_json() + "\n"));

    let before = ld("ld18.sgf", Some(1));
    check_consistent(&before);
    assert_eq!((before.moves, before.to_move), (0, "black"));
    assert_eq!(before.last_move, None);
    assert_eq!(before.board[0].as_bytes()[1], b'.', "B9 not played yet");
    golden("ld18_move1.json", &(before.to_json() + "\n"));
}

#[test]
fn golden_mixed2_text() {
    let report = ld("mixed2.sgf", None);
    check_consistent(&report);
    assert_eq!(report.size, 13);
    golden("mixed2.txt", &text::render(&report, false));
}

/// An SGF of `diagram` (top row first; `X` black, `O` white).
fn sgf_of(diagram: &str) -> String {
    let rows: Vec<&str> = diagram.split_whitespace().collect();
    let size = rows.len();
    let (mut ab, mut aw) = (String::new(), String::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let point = format!(
                "[{}{}]",
                char::from(b'a' + x as u8),
                char::from(b'a' + y as u8)
            );
            match c {
                'X' => ab.push_str(&point),
                'O' => aw.push_str(&point),
                _ => {}
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[{size}]AB{ab}AW{aw}PL[B])")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("owlet-analyze-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// White's corner group has one eye space of three points in a row
/// (owlet-owl's own example): critical, the vital point B1 for both.
const CORNER: &str = "
    .......
    .......
    .......
    .......
    XXXXX..
    OOOOX..
    ...OX..";

fn corner_report(dir: &Path) -> Report {
    let path = dir.join("corner.sgf");
    std::fs::write(&path, sgf_of(CORNER)).unwrap();
    analyze::analyze_file(&path, None, &Options::default()).unwrap()
}

#[test]
fn a_corner_group_with_a_straight_three_is_critical_at_its_middle() {
    let dir = temp_dir("corner");
    let report = corner_report(&dir);
    check_consistent(&report);
    let white: Vec<_> = report
        .dragons
        .iter()
        .filter(|d| d.color == "white")
        .collect();
    assert_eq!(white.len(), 1);
    let w = white[0];
    assert_eq!(w.stones, ["D1", "A2", "B2", "C2", "D2"]);
    assert_eq!(w.status, Status::Critical);
    assert_eq!(w.attack.as_deref(), Some("B1"));
    assert_eq!(w.defense.as_deref(), Some("B1"));
    let eye = report
        .eye_spaces
        .iter()
        .find(|e| e.color == "white")
        .expect("white's eye space");
    assert_eq!(eye.points, ["A1", "B1", "C1"]);
    assert_eq!(eye.value, "1122");
    assert_eq!(eye.attack.as_deref(), Some("B1"));
    // Black's wall, with the rest of the board for territory, is never
    // dead or critical (owl may still give up on it: unknown); no
    // combination on this board.
    assert!(
        report
            .dragons
            .iter()
            .filter(|d| d.color == "black")
            .all(|d| matches!(d.status, Status::Alive | Status::Unknown))
    );
    assert!(report.combinations.is_empty() && report.combinations_complete);

    // Plain text has no escapes; the vital point and the critical stones
    // are marked.
    let plain = text::render(&report, false);
    assert!(!plain.contains('\x1b'));
    assert!(plain.contains(" 1  w * w O!X"), "{plain}");
    assert!(plain.contains("white D1 (5 stones): critical, attack B1, defense B1"));
    let colored = text::render(&report, true);
    assert!(colored.contains("\x1b[33m"), "critical stones in yellow");
    assert_eq!(
        strip_ansi(&colored),
        plain,
        "colour adds escapes and nothing else"
    );
}

/// Black's wall around a 15-point corner (A1-E3) of a 7×7 board, and
/// `inside` (`O` for a white stone) on B2: the eye solver runs out of its
/// budget on the corner (the rest of the board is too large a space for
/// it and valued by the estimate without reading).
fn wide_corner(inside: char) -> Engine {
    let diagram = format!(
        "
        .......
        .......
        .......
        XXXXXX.
        .....X.
        .{inside}...X.
        .....X."
    );
    let mut engine = Engine::new();
    sgf::load_str(&mut engine, &sgf_of(&diagram), &sgf::Until::End).unwrap();
    engine
}

#[test]
fn an_eye_analysis_cut_by_the_solver_is_a_limit_hit() {
    let report = analyze::analyze_engine(&wide_corner('.'), &Options::default());
    check_consistent(&report);
    let corner = report
        .eye_spaces
        .iter()
        .find(|e| e.points.first().map(String::as_str) == Some("A1"))
        .expect("the corner's eye space");
    assert_eq!(corner.points.len(), 15);
    assert!(!corner.exact);
    // The corner is counted; the large space beside it, valued by the
    // estimate by design, is not.
    assert!(report.eye_spaces.iter().filter(|e| !e.exact).count() >= 2);
    assert_eq!((report.limits.eye, report.limits.reading), (1, 0));
    assert!(report.to_json().contains(r#""eye":1"#));
    let plain = text::render(&report, false);
    let line = plain
        .lines()
        .find(|l| l.starts_with("limits hit: "))
        .unwrap_or_else(|| panic!("no limits line:\n{plain}"));
    assert!(line.contains("eye 1"), "{line}");

    // A three-point eye is read to the end: nothing to report.
    let dir = temp_dir("corner-limits");
    let normal = corner_report(&dir);
    assert_eq!((normal.limits.eye, normal.limits.reading), (0, 0));
}

#[test]
fn eye_pass_reads_cut_by_the_reading_node_limit_are_limit_hits() {
    // The eye pass reads whether White's stone inside the corner is dead.
    let mut engine = wide_corner('O');
    let full = analyze::analyze_engine(&engine, &Options::default());
    assert_eq!(full.limits.reading, 0, "{:?}", full.limits);
    let mut small = engine.limits();
    small.reading.node_limit = 1;
    engine.set_limits(&small);
    let cut = analyze::analyze_engine(&engine, &Options::default());
    assert!(cut.limits.reading >= 1, "{:?}", cut.limits);
    assert!(
        text::render(&cut, false).contains(&format!("reading {}", cut.limits.reading)),
        "the text names the reading limit hits"
    );
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Counts black and white stones in a rendered picture from the pixel
/// at (-0.6 r, -0.3 r) from each point's centre, off the grid lines and
/// every marker.
fn count_stones(pixmap: &resvg::tiny_skia::Pixmap, size: usize) -> (usize, usize) {
    let (mut black, mut white) = (0, 0);
    for row in 0..size {
        for col in 0..size {
            let (x, y) = svg::center(size, col, row);
            let (x, y) = (
                (x - 0.6 * svg::STONE_RADIUS).round() as u32,
                (y - 0.3 * svg::STONE_RADIUS).round() as u32,
            );
            let c = pixmap.pixel(x, y).unwrap();
            let (r, g, b) = (c.red(), c.green(), c.blue());
            if r < 40 && g < 40 && b < 40 {
                black += 1;
            } else if r > 240 && g > 240 && b > 240 {
                white += 1;
            }
        }
    }
    (black, white)
}

fn check_svg(report: &Report) {
    let picture = svg::render(report);
    let doc = roxmltree::Document::parse(&picture).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let count = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    };
    let on_board = |mark: char| {
        report
            .board
            .iter()
            .map(|row| row.chars().filter(|&c| c == mark).count())
            .sum::<usize>()
    };
    let (black, white) = (on_board('X'), on_board('O'));
    assert_eq!(count("stone black"), black);
    assert_eq!(count("stone white"), white);
    let dead: usize = report
        .dragons
        .iter()
        .filter(|d| d.status == Status::Dead)
        .map(|d| d.stones.len())
        .sum();
    assert_eq!(count("dead"), dead);
    assert_eq!(count("last"), usize::from(report.last_move.is_some()));
    // Each point of a colour's eye spaces is shaded once.
    let shaded: std::collections::BTreeSet<(&str, &str)> = report
        .eye_spaces
        .iter()
        .flat_map(|e| e.points.iter().map(move |p| (e.color, p.as_str())))
        .collect();
    assert_eq!(count("eye black") + count("eye white"), shaded.len());
    // A legend of the eight marks.
    let legend = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("legend"))
        .expect("a legend");
    assert_eq!(
        legend
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .count(),
        8
    );
    // Coordinates lie between the picture's edge and the edge stones.
    let band = svg::MARGIN - svg::STONE_RADIUS;
    let board_side = svg::picture_size(report.size);
    for label in doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && !n.ancestors().any(|a| a == legend))
    {
        let at = |name: &str| label.attribute(name).unwrap().parse::<f64>().unwrap();
        let (x, y) = (at("x"), at("y"));
        let clear = |v: f64| v < band || v > board_side - band;
        let text = label.text().unwrap();
        if text.parse::<usize>().is_ok() {
            // About 6.5 pixels a digit at the labels' 11-pixel font.
            let half = 3.3 * text.len() as f64;
            assert!(clear(x - half) && clear(x + half), "row label at x {x}");
        } else {
            // The baseline; the letters reach about 8 pixels above it.
            assert!(clear(y) && clear(y - 8.0), "column label at y {y}");
        }
    }

    let tree = resvg::usvg::Tree::from_str(&picture, &resvg::usvg::Options::default()).unwrap();
    let side = svg::picture_size(report.size) as u32;
    let height = svg::picture_height(report.size).ceil() as u32;
    assert_eq!(tree.size().to_int_size().width(), side);
    assert_eq!(tree.size().to_int_size().height(), height);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(side, height).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let png = pixmap.encode_png().unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let decoded = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(count_stones(&decoded, report.size), (black, white));
}

#[test]
fn svg_parses_and_renders_with_every_stone() {
    check_svg(&ld("ld18.sgf", None));
    let dir = temp_dir("svg");
    check_svg(&corner_report(&dir));
    // Escaping: a file name with XML's special characters.
    let mut report = corner_report(&dir);
    report.file = "a<b>&\"c'.sgf".to_string();
    check_svg(&report);
}

#[test]
fn batch_goes_on_past_a_bad_file_and_names_it() {
    let dir = temp_dir("batch");
    std::fs::write(dir.join("a.sgf"), sgf_of(CORNER)).unwrap();
    std::fs::write(dir.join("b.sgf"), "(;GM[1]SZ[5];B[cc];W[dd])").unwrap();
    std::fs::write(dir.join("bad.sgf"), "(;GM[1]SZ[25])").unwrap();
    std::fs::write(dir.join("notes.txt"), "not an SGF file").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_owlet"))
        .args(["analyze", "--owl-nodes", "300"])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}: unsupported board size 25",
            dir.join("bad.sgf").display()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("2 positions in"), "{stderr}");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0]["file"].as_str().unwrap().ends_with("a.sgf"));
    assert_eq!(lines[0]["size"], 7);
    assert!(lines[1]["file"].as_str().unwrap().ends_with("b.sgf"));
    assert_eq!(lines[1]["moves"], 2);
    assert_eq!(lines[1]["last_move"], "D2");
    assert_eq!(lines[1]["to_move"], "black");
    assert_eq!(lines[1]["dragons"].as_array().unwrap().len(), 2);
}

#[test]
fn one_file_text_json_svg_and_errors_through_the_binary() {
    let dir = temp_dir("one");
    let file = dir.join("corner.sgf");
    std::fs::write(&file, sgf_of(CORNER)).unwrap();
    let owlet = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_owlet"))
            .arg("analyze")
            .args(args)
            .output()
            .unwrap()
    };
    let f = file.to_str().unwrap();
    // Piped: plain text; --color forces escapes.
    let plain = owlet(&[f]);
    assert!(plain.status.success());
    assert!(!plain.stdout.contains(&0x1b));
    let colored = owlet(&["--color", f]);
    assert!(colored.stdout.contains(&0x1b));
    // JSON: one line, the same report as the library's.
    let json = owlet(&["--json", f]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let report = analyze::analyze_file(&file, None, &Options::default()).unwrap();
    assert_eq!(
        value,
        serde_json::from_str::<serde_json::Value>(&report.to_json()).unwrap()
    );
    // SVG written beside.
    let out = dir.join("corner.svg");
    assert!(owlet(&["--svg", out.to_str().unwrap(), f]).status.success());
    roxmltree::Document::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    // A missing file: exit 1, named.
    let missing = dir.join("missing.sgf");
    let r = owlet(&[missing.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    let stderr = String::from_utf8(r.stderr).unwrap();
    assert!(
        stderr.contains(&format!("{}: cannot read", missing.display())),
        "{stderr}"
    );
    // Bad arguments: exit 2.
    assert_eq!(owlet(&["--move", "x", f]).status.code(), Some(2));
    assert_eq!(owlet(&[]).status.code(), Some(2));
}
