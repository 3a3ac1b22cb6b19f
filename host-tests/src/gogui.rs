//! GoGui's analyze commands: `gogui-analyze_commands` lists them, one
//! `TYPE/LABEL/COMMAND` per line, and the `gfx` commands answer in
//! GoGui's graphics format (`COLOR`, `LABEL`, `SQUARE`, `MARK`, `TEXT`
//! lines) drawn over the board:
//!
//! - `gogui-owlet_dragons`: each dragon coloured by owl's status (green
//!   alive, red dead, yellow critical, grey unknown), the attack and
//!   defence points of critical dragons labelled `a` and `d`.
//! - `gogui-owlet_eyes`: each eye space coloured by its owner (blue
//!   black's, light blue white's), its first point labelled with its value
//!   (`min/max` eyes).
//! - `gogui-owlet_vital`: the vital points of eye spaces whose value
//!   depends on who moves first (`a` attacker, `d` defender), and those of
//!   critical dragons.
//! - `gogui-owlet_atari`: stones in atari squared, the point that captures
//!   them marked.
//! - `gogui-owlet_combinations`: the first move of a combination attack
//!   of each colour.
//! - `gogui-owlet_score`: dead stones marked, each point coloured by whose
//!   area it is, and the score as text.
//!
//! The list also offers the console's own `final_score`,
//! `final_status_list dead` and `dragon_status`. The analysis is
//! [`crate::analyze::analyze_engine`]'s within the engine's limits
//! ([`Options::following`] them: by default `owlet analyze`'s default
//! options); the score is the console's `final_score`.

use std::fmt::Write as _;

use owlet_board::{Color, Point, PointSet};
use owlet_firmware::scoring::owner;
use owlet_firmware::{Answer, Engine, Failure};

use crate::analyze::{Options, Report, Status, analyze_engine};

/// The analyze commands, as `gogui-analyze_commands` lists them.
pub const ANALYZE_COMMANDS: &str = "\
gfx/Owl Dragon Status/gogui-owlet_dragons
gfx/Eye Spaces/gogui-owlet_eyes
gfx/Vital Points/gogui-owlet_vital
gfx/Stones in Atari/gogui-owlet_atari
gfx/Combination Threats/gogui-owlet_combinations
gfx/Score/gogui-owlet_score
string/Final Score/final_score
plist/Dead Stones/final_status_list dead
string/Dragon Status List/dragon_status";

/// The `gfx` commands this module answers.
pub const GFX_COMMANDS: [&str; 6] = [
    "gogui-owlet_atari",
    "gogui-owlet_combinations",
    "gogui-owlet_dragons",
    "gogui-owlet_eyes",
    "gogui-owlet_score",
    "gogui-owlet_vital",
];

/// Answers one of [`GFX_COMMANDS`] for the engine's position.
pub fn run(engine: &mut Engine, command: &str, answer: &mut Answer<'_>) -> Result<(), Failure> {
    let text = match command {
        "gogui-owlet_dragons" => dragons(&analyze(engine, true, false)),
        "gogui-owlet_eyes" => eyes(&analyze(engine, false, false)),
        "gogui-owlet_vital" => vital(&analyze(engine, true, false)),
        "gogui-owlet_combinations" => combinations(&analyze(engine, false, true)),
        "gogui-owlet_atari" => atari(engine),
        "gogui-owlet_score" => score(engine),
        _ => return Err(answer.failure("unknown command")),
    };
    answer.push_str(text.trim_end());
    Ok(())
}

fn analyze(engine: &Engine, owl: bool, combinations: bool) -> Report {
    let limits = Options::following(&engine.limits());
    let options = Options {
        owl_nodes: if owl { limits.owl_nodes } else { 0 },
        aa_nodes: if combinations { limits.aa_nodes } else { 0 },
        ..limits
    };
    analyze_engine(engine, &options)
}

/// `COLOR c v v ...` for a non-empty list.
fn color_line(out: &mut String, color: &str, points: &[String]) {
    if !points.is_empty() {
        let _ = writeln!(out, "COLOR {color} {}", points.join(" "));
    }
}

fn dragons(report: &Report) -> String {
    let mut out = String::new();
    let mut labels = Vec::new();
    let mut counts = [0usize; 4];
    for d in &report.dragons {
        let (color, i) = match d.status {
            Status::Alive => ("#00c000", 0),
            Status::Dead => ("#e00000", 1),
            Status::Critical => ("#f0c000", 2),
            Status::Unknown => ("#909090", 3),
        };
        counts[i] += 1;
        color_line(&mut out, color, &d.stones);
        if d.status == Status::Critical {
            if let Some(a) = &d.attack {
                labels.push(format!("{a} a"));
            }
            if let Some(v) = &d.defense {
                labels.push(format!("{v} d"));
            }
        }
    }
    if !labels.is_empty() {
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    let _ = writeln!(
        out,
        "TEXT alive {} dead {} critical {} unknown {}",
        counts[0], counts[1], counts[2], counts[3]
    );
    out
}

fn eyes(report: &Report) -> String {
    let mut out = String::new();
    let mut labels = Vec::new();
    for e in &report.eye_spaces {
        let color = if e.color == "black" {
            "#3060ff"
        } else {
            "#a0d0ff"
        };
        color_line(&mut out, color, &e.points);
        let value = e.value.as_bytes();
        if let (Some(first), Some(&min), Some(&max)) =
            (e.points.first(), value.get(1), value.get(2))
        {
            labels.push(format!("{first} {}/{}", min as char, max as char));
        }
    }
    if !labels.is_empty() {
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    let _ = writeln!(out, "TEXT {} eye spaces", report.eye_spaces.len());
    out
}

fn vital(report: &Report) -> String {
    let mut out = String::new();
    let mut labels = Vec::new();
    let mut marks = Vec::new();
    let unsettled = report.eye_spaces.iter().filter(|e| {
        let v = e.value.as_bytes();
        v.get(1) != v.get(2)
    });
    let critical = report
        .dragons
        .iter()
        .filter(|d| d.status == Status::Critical);
    let pairs = unsettled
        .map(|e| (e.attack.as_ref(), e.defense.as_ref()))
        .chain(critical.map(|d| (d.attack.as_ref(), d.defense.as_ref())));
    for (attack, defense) in pairs {
        for (p, label) in [(attack, "a"), (defense, "d")] {
            if let Some(p) = p.filter(|p| !marks.contains(*p)) {
                labels.push(format!("{p} {label}"));
                marks.push(p.clone());
            }
        }
    }
    if !marks.is_empty() {
        let _ = writeln!(out, "MARK {}", marks.join(" "));
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    let _ = writeln!(out, "TEXT {} vital points", marks.len());
    out
}

fn combinations(report: &Report) -> String {
    let mut out = String::new();
    let mut labels = Vec::new();
    for t in &report.combinations {
        labels.push(format!(
            "{} {}",
            t.attack,
            if t.color == "black" { "B" } else { "W" }
        ));
        let _ = writeln!(out, "MARK {}", t.attack);
    }
    if !labels.is_empty() {
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    let _ = writeln!(
        out,
        "TEXT {} combination attacks",
        report.combinations.len()
    );
    out
}

/// The points of a `size`×`size` board, top row first.
fn scan(size: usize) -> impl Iterator<Item = Point> {
    (0..size)
        .rev()
        .flat_map(move |row| (0..size).filter_map(move |col| Point::new(col, row)))
}

fn atari(engine: &Engine) -> String {
    let board = engine.board();
    let mut out = String::new();
    let mut stones = Vec::new();
    let mut liberties = PointSet::new();
    for p in scan(board.size()) {
        if board.color_at(p).is_some() && board.liberty_count(p) == 1 {
            stones.push(p.to_string());
            for l in board.liberty_set(p).iter() {
                liberties.insert(l);
            }
        }
    }
    if !stones.is_empty() {
        let _ = writeln!(out, "SQUARE {}", stones.join(" "));
        let marks: Vec<String> = scan(board.size())
            .filter(|&p| liberties.contains(p))
            .map(|p| p.to_string())
            .collect();
        let _ = writeln!(out, "MARK {}", marks.join(" "));
    }
    let _ = writeln!(out, "TEXT {} stones in atari", stones.len());
    out
}

fn score(engine: &mut Engine) -> String {
    let statuses = engine.final_statuses();
    let board = engine.board();
    let mut out = String::new();
    let (mut black, mut white, mut dead) = (Vec::new(), Vec::new(), Vec::new());
    for p in scan(board.size()) {
        if statuses.dead.contains(p) {
            dead.push(p.to_string());
        }
        match owner(board, &statuses.dead, p) {
            Some(Color::Black) => black.push(p.to_string()),
            Some(Color::White) => white.push(p.to_string()),
            None => {}
        }
    }
    color_line(&mut out, "#404040", &black);
    color_line(&mut out, "#f0f0f0", &white);
    if !dead.is_empty() {
        let _ = writeln!(out, "MARK {}", dead.join(" "));
    }
    let s = statuses.score(board);
    let result = s.area_result(engine.komi());
    let _ = writeln!(
        out,
        "TEXT {result} (area: black {}, white {}, komi {})",
        s.area(Color::Black),
        s.area(Color::White),
        engine.komi()
    );
    out
}
