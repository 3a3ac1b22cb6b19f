//! A [`Report`] as text: the board with markers, then the dragons, eye
//! spaces and combination threats, and the limits hit, with ANSI colours
//! or plain.
//!
//! Each point is two characters, a symbol and a marker:
//!
//! | symbol | meaning |
//! |---|---|
//! | `X` `O` | black, white stone |
//! | `x` `o` | a stone of a dead dragon |
//! | `b` `w` | a point of black's, white's eye space |
//! | `h` `f` | a one-point half eye, false eye |
//! | `*` | a vital point of a critical dragon (attack or defence) |
//! | `#` | the first move of a combination attack |
//! | `.` `+` | empty, star point |
//!
//! The marker after a stone: `!` critical dragon, `?` unknown, `)` the
//! last move. With colour, dead stones are red, critical ones yellow,
//! unknown ones magenta, eye spaces blue (black's) and cyan (white's),
//! vital points and combination moves bold red.

use std::fmt::Write;

use super::{EyeKind, Limits, Report, Status};

const RESET: &str = "\x1b[0m";
const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const MAGENTA: &str = "\x1b[35m";
const BLUE: &str = "\x1b[34m";
const CYAN: &str = "\x1b[36m";
const BOLD_RED: &str = "\x1b[1;31m";
const BOLD: &str = "\x1b[1m";

/// GTP column letters (no I).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// What a point shows: symbol, marker, colour.
#[derive(Clone, Copy)]
struct Cell {
    symbol: char,
    marker: char,
    style: Option<&'static str>,
}

/// Star points as GNU Go's `showboard` draws them (boards of 9 and more).
fn is_star(size: usize, col: usize, row: usize) -> bool {
    if size < 9 {
        return false;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let on = |x: usize| x == edge || x == size - 1 - edge || (size % 2 == 1 && x == size / 2);
    on(col) && on(row)
}

fn cells(report: &Report) -> Vec<Vec<Cell>> {
    let size = report.size;
    let mut grid: Vec<Vec<Cell>> = (0..size)
        .map(|r| {
            let row = size - 1 - r;
            report.board[r]
                .chars()
                .enumerate()
                .map(|(col, c)| Cell {
                    symbol: match c {
                        '.' if is_star(size, col, row) => '+',
                        c => c,
                    },
                    marker: ' ',
                    style: match c {
                        'X' | 'O' => Some(BOLD),
                        _ => None,
                    },
                })
                .collect()
        })
        .collect();
    let set = |grid: &mut Vec<Vec<Cell>>, vertex: &str, f: &dyn Fn(&mut Cell)| {
        if let Some(p) = report.point(vertex) {
            let (r, c) = (size - 1 - p.row(), p.col());
            if let Some(cell) = grid.get_mut(r).and_then(|row| row.get_mut(c)) {
                f(cell);
            }
        }
    };
    for eye in &report.eye_spaces {
        let (symbol, style) = match (eye.kind, eye.color) {
            (Some(EyeKind::Half), _) => ('h', if eye.color == "black" { BLUE } else { CYAN }),
            (Some(EyeKind::False), _) => ('f', if eye.color == "black" { BLUE } else { CYAN }),
            (_, "black") => ('b', BLUE),
            _ => ('w', CYAN),
        };
        for v in &eye.points {
            set(&mut grid, v, &|cell: &mut Cell| {
                if matches!(cell.symbol, '.' | '+') {
                    cell.symbol = symbol;
                    cell.style = Some(style);
                }
            });
        }
    }
    for dragon in &report.dragons {
        for v in &dragon.stones {
            set(&mut grid, v, &|cell: &mut Cell| match dragon.status {
                Status::Alive => {}
                Status::Dead => {
                    cell.symbol = cell.symbol.to_ascii_lowercase();
                    cell.style = Some(RED);
                }
                Status::Critical => {
                    cell.marker = '!';
                    cell.style = Some(YELLOW);
                }
                Status::Unknown => {
                    cell.marker = '?';
                    cell.style = Some(MAGENTA);
                }
            });
        }
        if dragon.status == Status::Critical {
            for v in [&dragon.attack, &dragon.defense].into_iter().flatten() {
                set(&mut grid, v, &|cell: &mut Cell| {
                    cell.symbol = '*';
                    cell.style = Some(BOLD_RED);
                });
            }
        }
    }
    for threat in &report.combinations {
        set(&mut grid, &threat.attack, &|cell: &mut Cell| {
            if cell.symbol != '*' {
                cell.symbol = '#';
                cell.style = Some(BOLD_RED);
            }
        });
    }
    if let Some(last) = &report.last_move {
        set(&mut grid, last, &|cell: &mut Cell| {
            if cell.marker == ' ' && matches!(cell.symbol, 'X' | 'O' | 'x' | 'o') {
                cell.marker = ')';
            }
        });
    }
    grid
}

fn letters(size: usize) -> String {
    let mut s = String::from("   ");
    for &l in LETTERS.iter().take(size) {
        s.push(' ');
        s.push(char::from(l));
    }
    s
}

/// The report as text; `color` adds ANSI colours.
#[must_use]
pub fn render(report: &Report, color: bool) -> String {
    let paint = |style: &str, text: &str| {
        if color {
            format!("{style}{text}{RESET}")
        } else {
            text.to_string()
        }
    };
    let push = |out: &mut String, (c, style): (char, Option<&str>)| match style {
        Some(style) if color => {
            let _ = write!(out, "{style}{c}{RESET}");
        }
        _ => out.push(c),
    };
    let mut out = String::new();
    let position = match report.until_move {
        Some(n) => format!("before move {n}"),
        None => "end of the game".to_string(),
    };
    let _ = write!(
        out,
        "{}: {}x{}, {position} ({} moves), {} to move",
        report.file, report.size, report.size, report.moves, report.to_move
    );
    if let Some(last) = &report.last_move {
        let _ = write!(out, ", last move {last}");
    }
    out.push('\n');
    let size = report.size;
    out.push_str(&letters(size));
    out.push('\n');
    for (r, row) in cells(report).iter().enumerate() {
        let number = size - r;
        let _ = write!(out, "{number:>2} ");
        let mut separator = (' ', None);
        for cell in row {
            push(&mut out, separator);
            push(&mut out, (cell.symbol, cell.style));
            separator = if cell.marker == ' ' {
                (' ', None)
            } else {
                (cell.marker, Some(cell.style.unwrap_or(BOLD)))
            };
        }
        push(&mut out, separator);
        let _ = writeln!(out, "{number:>2}");
    }
    out.push_str(&letters(size));
    out.push('\n');
    out.push_str(
        "   X O stones, x o dead, ! critical, ? unknown, ) last move; b w eye space,\n   \
         h half eye, f false eye, * vital point, # combination attack\n",
    );

    out.push_str("\ndragons:\n");
    if report.dragons.is_empty() {
        out.push_str("  none\n");
    }
    for d in &report.dragons {
        let first = d.stones.first().map_or("", String::as_str);
        let n = d.stones.len();
        let plural = if n == 1 { "" } else { "s" };
        let status = match d.status {
            Status::Alive => d.status.name().to_string(),
            Status::Dead => paint(RED, "dead"),
            Status::Critical => paint(YELLOW, "critical"),
            Status::Unknown => paint(MAGENTA, "unknown"),
        };
        let _ = write!(out, "  {} {first} ({n} stone{plural}): {status}", d.color);
        if let Some(a) = &d.attack {
            let _ = write!(out, ", attack {a}");
        }
        if let Some(a) = &d.defense {
            let _ = write!(out, ", defense {a}");
        }
        if d.ko {
            out.push_str(", ko");
        }
        let _ = writeln!(out, " [{} owl nodes]", d.owl_nodes);
    }

    out.push_str("\neye spaces:\n");
    if report.eye_spaces.is_empty() {
        out.push_str("  none\n");
    }
    for e in &report.eye_spaces {
        let first = e.points.first().map_or("", String::as_str);
        let what = match e.kind {
            Some(EyeKind::Half) => "half eye".to_string(),
            Some(EyeKind::False) => "false eye".to_string(),
            Some(EyeKind::Eye) => "eye".to_string(),
            None => format!("{} points", e.points.len()),
        };
        let estimate = if e.exact { "" } else { " (estimate)" };
        let _ = write!(out, "  {} {first} ({what}): {}{estimate}", e.color, e.value);
        if let Some(a) = &e.attack {
            let _ = write!(out, ", attack {a}");
        }
        if let Some(a) = &e.defense {
            let _ = write!(out, ", defense {a}");
        }
        out.push('\n');
    }

    out.push_str("\ncombinations:\n");
    for color in ["black", "white"] {
        match report.combinations.iter().find(|t| t.color == color) {
            Some(t) => {
                let plural = if t.size == 1 { "" } else { "s" };
                let _ = writeln!(
                    out,
                    "  {color}: {} (captures at least {} stone{plural})",
                    paint(BOLD_RED, &t.attack),
                    t.size
                );
            }
            None => {
                let _ = writeln!(out, "  {color}: none");
            }
        }
    }
    if !report.combinations_complete {
        out.push_str("  (search not complete: node limit reached or skipped)\n");
    }
    if let Some(score) = &report.score {
        let _ = writeln!(
            out,
            "\nscore: {} (area: black {}, white {}, komi {})",
            score.result, score.black_area, score.white_area, score.komi
        );
        for (name, list) in [
            ("dead", &score.dead),
            ("seki", &score.seki),
            ("uncertain", &score.uncertain),
        ] {
            if !list.is_empty() {
                let _ = writeln!(out, "  {name}: {}", list.join(" "));
            }
        }
    }
    let _ = writeln!(out, "\nowl nodes: {}", report.owl_nodes);
    let limits = limits_hit(&report.limits);
    if !limits.is_empty() {
        let _ = writeln!(out, "limits hit: {limits}");
    }
    for w in &report.warnings {
        let _ = writeln!(out, "warning: {w}");
    }
    out
}

/// The non-zero counts of `limits`, `name N` joined by commas (as `owlet
/// gtp` names a command's limit hits); empty when none was hit.
fn limits_hit(limits: &Limits) -> String {
    [
        ("owl", limits.owl),
        ("owl budget", limits.owl_budget),
        ("combination", limits.combination),
        ("reading", limits.reading),
        ("eye", limits.eye),
        ("journal", limits.journal),
    ]
    .iter()
    .filter(|(_, n)| *n > 0)
    .map(|(name, n)| format!("{name} {n}"))
    .collect::<Vec<_>>()
    .join(", ")
}
