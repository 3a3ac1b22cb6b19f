//! A [`Report`] as an SVG picture: the grid with coordinates and star
//! points, the stones, eye spaces shaded (blue for black's, orange for
//! white's), a red cross on dead stones, a yellow ring on critical ones
//! and a magenta ring on unknown ones, red squares on the vital points of
//! critical dragons, red triangles on combination attacks, a dot on the
//! last move, and a legend of these marks under the board.
//!
//! Each point of a colour's eye spaces is shaded once, however many of
//! the report's spaces hold it (a half or false eye can also lie in a
//! larger space), lighter when it lies only in half or false eyes; a
//! point in both colours' spaces is split diagonally. The coordinates sit
//! in the band between the picture's edge and the edge stones.
//!
//! Owns: [`render`] and the small XML writer it uses ([`Writer`]: one
//! element per call, attribute values and text escaped). Stones are
//! `<circle class="stone black|white">`; markers leave a stone's colour
//! visible away from its centre line and diagonals.

use std::fmt::Write;

use super::{EyeKind, Report, Status};

/// Pixels between two lines.
pub const CELL: f64 = 24.0;
/// Pixels from the picture's edge to the first line.
pub const MARGIN: f64 = 34.0;
/// A stone's radius.
pub const STONE_RADIUS: f64 = 0.47 * CELL;
/// The band between the picture's edge and an edge stone, where the
/// coordinates are written.
const LABEL_BAND: f64 = MARGIN - STONE_RADIUS;
/// Width of one legend entry (a mark and its name).
const LEGEND_ENTRY: f64 = 118.0;
/// Height of one legend row.
const LEGEND_ROW: f64 = 16.0;
/// The legend's marks, in order (see [`legend_mark`]).
const LEGEND: [&str; 8] = [
    "black's eye space",
    "white's eye space",
    "dead",
    "critical",
    "unknown (limit)",
    "vital point",
    "combination",
    "last move",
];

/// GTP column letters (no I).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// A minimal XML writer: elements with escaped attributes and text.
#[derive(Default)]
pub struct Writer {
    out: String,
    open: Vec<&'static str>,
}

impl Writer {
    /// Opens `<name attrs...>`.
    pub fn open(&mut self, name: &'static str, attrs: &[(&str, String)]) {
        self.start(name, attrs);
        self.out.push_str(">\n");
        self.open.push(name);
    }

    /// Writes `<name attrs.../>`.
    pub fn empty(&mut self, name: &'static str, attrs: &[(&str, String)]) {
        self.start(name, attrs);
        self.out.push_str("/>\n");
    }

    /// Writes `<name attrs...>text</name>`.
    pub fn text(&mut self, name: &'static str, attrs: &[(&str, String)], text: &str) {
        self.start(name, attrs);
        let _ = writeln!(self.out, ">{}</{name}>", escape(text));
    }

    /// Closes the innermost open element.
    pub fn close(&mut self) {
        if let Some(name) = self.open.pop() {
            let _ = writeln!(self.out, "</{name}>");
        }
    }

    /// The document, every open element closed.
    #[must_use]
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }

    fn start(&mut self, name: &str, attrs: &[(&str, String)]) {
        let _ = write!(self.out, "<{name}");
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(value));
        }
    }
}

fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The centre of the point at `col`, `row` (row 0 at the bottom) on a
/// board of `size`, in pixels.
#[must_use]
pub fn center(size: usize, col: usize, row: usize) -> (f64, f64) {
    let x = MARGIN + col as f64 * CELL;
    let y = MARGIN + (size - 1 - row) as f64 * CELL;
    (x, y)
}

/// The picture's width in pixels, and the board's height.
#[must_use]
pub fn picture_size(size: usize) -> f64 {
    2.0 * MARGIN + (size.max(1) - 1) as f64 * CELL
}

/// Legend entries per row on a board of `size`.
fn legend_columns(size: usize) -> usize {
    (((picture_size(size) - 16.0) / LEGEND_ENTRY) as usize).clamp(1, LEGEND.len())
}

/// The picture's height in pixels: the board and the legend under it.
#[must_use]
pub fn picture_height(size: usize) -> f64 {
    let rows = LEGEND.len().div_ceil(legend_columns(size));
    picture_size(size) + rows as f64 * LEGEND_ROW + 6.0
}

/// The report as an SVG document.
#[must_use]
pub fn render(report: &Report) -> String {
    let size = report.size;
    let side = num(picture_size(size));
    let height = num(picture_height(size));
    let mut w = Writer::default();
    w.out
        .push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    w.open(
        "svg",
        &[
            ("xmlns", "http://www.w3.org/2000/svg".into()),
            ("width", side.clone()),
            ("height", height.clone()),
            ("viewBox", format!("0 0 {side} {height}")),
        ],
    );
    w.text("title", &[], &format!("owlet analyze: {}", report.file));
    w.empty(
        "rect",
        &[
            ("width", side.clone()),
            ("height", height),
            ("fill", "#dcb35c".into()),
        ],
    );
    let at = |vertex: &str| report.point(vertex).map(|p| center(size, p.col(), p.row()));

    // Eye spaces, under the grid: each point once per colour.
    w.open("g", &[("class", "eyes".into())]);
    for (point, shades) in eye_shades(report) {
        let Some((x, y)) = at(&point) else {
            continue;
        };
        let (l, t, h) = (x - CELL / 2.0, y - CELL / 2.0, CELL);
        for (i, (color, whole)) in shades.iter().enumerate() {
            let (fill, opacity) = eye_fill(color, *whole);
            let mut attrs = vec![("class", format!("eye {color}"))];
            if shades.len() == 1 {
                attrs.extend([
                    ("x", num(l)),
                    ("y", num(t)),
                    ("width", num(h)),
                    ("height", num(h)),
                ]);
            } else {
                // Both colours: black's upper-left half, white's lower-right.
                let corner = if i == 0 { (l, t) } else { (l + h, t + h) };
                attrs.push((
                    "points",
                    format!(
                        "{},{} {},{} {},{}",
                        num(l),
                        num(t + h),
                        num(corner.0),
                        num(corner.1),
                        num(l + h),
                        num(t)
                    ),
                ));
            }
            attrs.extend([("fill", fill.into()), ("fill-opacity", opacity.into())]);
            w.empty(if shades.len() == 1 { "rect" } else { "polygon" }, &attrs);
        }
    }
    w.close();

    // Grid, star points, coordinates.
    let (lo, hi) = (num(MARGIN), num(MARGIN + (size.max(1) - 1) as f64 * CELL));
    let mut path = String::new();
    for i in 0..size {
        let t = num(MARGIN + i as f64 * CELL);
        let _ = write!(path, "M{lo} {t}H{hi}M{t} {lo}V{hi}");
    }
    w.empty(
        "path",
        &[
            ("d", path),
            ("stroke", "#000".into()),
            ("stroke-width", "1".into()),
            ("fill", "none".into()),
        ],
    );
    for row in 0..size {
        for col in 0..size {
            if is_star(size, col, row) {
                let (x, y) = center(size, col, row);
                w.empty(
                    "circle",
                    &[("cx", num(x)), ("cy", num(y)), ("r", "3".into())],
                );
            }
        }
    }
    let font = [
        ("font-family", "sans-serif".to_string()),
        ("font-size", "11".to_string()),
        ("text-anchor", "middle".to_string()),
    ];
    for i in 0..size {
        let letter = char::from(LETTERS.get(i).copied().unwrap_or(b'?')).to_string();
        let (x, _) = center(size, i, 0);
        let board_side = picture_size(size);
        for y in [LABEL_BAND / 2.0 + 4.0, board_side - LABEL_BAND / 2.0 + 4.0] {
            let mut attrs = vec![("x", num(x)), ("y", num(y))];
            attrs.extend(font.iter().cloned());
            w.text("text", &attrs, &letter);
        }
        let (_, y) = center(size, 0, i);
        for x in [LABEL_BAND / 2.0, picture_size(size) - LABEL_BAND / 2.0] {
            let mut attrs = vec![("x", num(x)), ("y", num(y + 4.0))];
            attrs.extend(font.iter().cloned());
            w.text("text", &attrs, &(i + 1).to_string());
        }
    }

    // Stones.
    for (r, line) in report.board.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let (color, fill) = match c {
                'X' => ("black", "#000"),
                'O' => ("white", "#fff"),
                _ => continue,
            };
            let (x, y) = center(size, col, size - 1 - r);
            w.empty(
                "circle",
                &[
                    ("class", format!("stone {color}")),
                    ("cx", num(x)),
                    ("cy", num(y)),
                    ("r", num(STONE_RADIUS)),
                    ("fill", fill.into()),
                    ("stroke", "#000".into()),
                    ("stroke-width", "1".into()),
                ],
            );
        }
    }

    // Dragon markers and vital points.
    let d = 0.25 * CELL;
    for dragon in &report.dragons {
        for (x, y) in dragon.stones.iter().filter_map(|v| at(v)) {
            match dragon.status {
                Status::Alive => {}
                Status::Dead => w.empty(
                    "path",
                    &[
                        ("class", "dead".into()),
                        ("d", cross(x, y, d)),
                        ("stroke", "#e00000".into()),
                        ("stroke-width", "2".into()),
                    ],
                ),
                Status::Critical | Status::Unknown => w.empty(
                    "circle",
                    &[
                        ("class", dragon.status.name().into()),
                        ("cx", num(x)),
                        ("cy", num(y)),
                        ("r", "5".into()),
                        ("fill", "none".into()),
                        (
                            "stroke",
                            if dragon.status == Status::Critical {
                                "#f0c000"
                            } else {
                                "#d000d0"
                            }
                            .into(),
                        ),
                        ("stroke-width", "2".into()),
                    ],
                ),
            }
        }
        if dragon.status == Status::Critical {
            for (x, y) in [&dragon.attack, &dragon.defense]
                .into_iter()
                .flatten()
                .filter_map(|v| at(v))
            {
                w.empty(
                    "rect",
                    &[
                        ("class", "vital".into()),
                        ("x", num(x - 4.0)),
                        ("y", num(y - 4.0)),
                        ("width", "8".into()),
                        ("height", "8".into()),
                        ("fill", "#e00000".into()),
                    ],
                );
            }
        }
    }
    for threat in &report.combinations {
        if let Some((x, y)) = at(&threat.attack) {
            w.empty(
                "path",
                &[
                    ("class", format!("combination {}", threat.color)),
                    ("d", triangle(x, y)),
                    ("fill", "#e00000".into()),
                ],
            );
        }
    }
    if let Some((x, y)) = report.last_move.as_deref().and_then(at) {
        let fill = match report.point(report.last_move.as_deref().unwrap_or("")) {
            Some(p) if report.board[size - 1 - p.row()].as_bytes().get(p.col()) == Some(&b'X') => {
                "#fff"
            }
            _ => "#000",
        };
        w.empty(
            "circle",
            &[
                ("class", "last".into()),
                ("cx", num(x)),
                ("cy", num(y)),
                ("r", "4".into()),
                ("fill", fill.into()),
            ],
        );
    }
    legend(&mut w, size);
    w.finish()
}

/// For each point of an eye space, the colours whose spaces hold it
/// (black first) and whether one of them is more than a half or false eye,
/// in board order.
fn eye_shades(report: &Report) -> Vec<(String, Vec<(&'static str, bool)>)> {
    let mut out: Vec<(String, Vec<(&'static str, bool)>)> = Vec::new();
    for color in ["black", "white"] {
        for eye in report.eye_spaces.iter().filter(|e| e.color == color) {
            let whole = !matches!(eye.kind, Some(EyeKind::Half | EyeKind::False));
            for point in &eye.points {
                let i = match out.iter().position(|(p, _)| p == point) {
                    Some(i) => i,
                    None => {
                        out.push((point.clone(), Vec::new()));
                        out.len() - 1
                    }
                };
                let shades = &mut out[i].1;
                match shades.iter_mut().find(|(c, _)| *c == color) {
                    Some(shade) => shade.1 |= whole,
                    None => shades.push((color, whole)),
                }
            }
        }
    }
    out
}

/// The fill and opacity of `color`'s eye space (lighter for half and false
/// eyes).
fn eye_fill(color: &str, whole: bool) -> (&'static str, &'static str) {
    let fill = if color == "black" {
        "#3050ff"
    } else {
        "#ff7020"
    };
    (fill, if whole { "0.3" } else { "0.15" })
}

/// The legend under the board: each mark with its name, in rows of
/// [`legend_columns`] entries.
fn legend(w: &mut Writer, size: usize) {
    let columns = legend_columns(size);
    w.open("g", &[("class", "legend".into())]);
    for (i, name) in LEGEND.iter().enumerate() {
        let (col, row) = (i % columns, i / columns);
        let x = 8.0 + col as f64 * LEGEND_ENTRY + 6.0;
        let y = picture_size(size) + row as f64 * LEGEND_ROW + 4.0;
        legend_mark(w, i, x, y);
        w.text(
            "text",
            &[
                ("x", num(x + 10.0)),
                ("y", num(y + 4.0)),
                ("font-family", "sans-serif".into()),
                ("font-size", "10".into()),
            ],
            name,
        );
    }
    w.close();
}

/// The path of a dead stone's cross: two strokes of half-width `d` through
/// (`x`, `y`).
fn cross(x: f64, y: f64, d: f64) -> String {
    format!(
        "M{} {}L{} {}M{} {}L{} {}",
        num(x - d),
        num(y - d),
        num(x + d),
        num(y + d),
        num(x - d),
        num(y + d),
        num(x + d),
        num(y - d)
    )
}

/// The path of a combination attack's triangle centred at (`x`, `y`).
fn triangle(x: f64, y: f64) -> String {
    format!(
        "M{} {}L{} {}L{} {}Z",
        num(x),
        num(y - 5.0),
        num(x + 4.5),
        num(y + 3.5),
        num(x - 4.5),
        num(y + 3.5)
    )
}

/// Draws the mark of legend entry `i` centred at (`x`, `y`), as the board
/// shows it.
fn legend_mark(w: &mut Writer, i: usize, x: f64, y: f64) {
    let d = 0.25 * CELL;
    let stone = |w: &mut Writer, fill: &str| {
        w.empty(
            "circle",
            &[
                ("cx", num(x)),
                ("cy", num(y)),
                ("r", "6".into()),
                ("fill", fill.into()),
                ("stroke", "#000".into()),
            ],
        );
    };
    let ring = |w: &mut Writer, stroke: &str| {
        w.empty(
            "circle",
            &[
                ("cx", num(x)),
                ("cy", num(y)),
                ("r", "5".into()),
                ("fill", "none".into()),
                ("stroke", stroke.into()),
                ("stroke-width", "2".into()),
            ],
        );
    };
    match i {
        0 | 1 => {
            let (fill, opacity) = eye_fill(if i == 0 { "black" } else { "white" }, true);
            w.empty(
                "rect",
                &[
                    ("x", num(x - 6.0)),
                    ("y", num(y - 6.0)),
                    ("width", "12".into()),
                    ("height", "12".into()),
                    ("fill", fill.into()),
                    ("fill-opacity", opacity.into()),
                ],
            );
        }
        2 => w.empty(
            "path",
            &[
                ("d", cross(x, y, d / 1.5)),
                ("stroke", "#e00000".into()),
                ("stroke-width", "2".into()),
            ],
        ),
        3 => ring(w, "#f0c000"),
        4 => ring(w, "#d000d0"),
        5 => w.empty(
            "rect",
            &[
                ("x", num(x - 4.0)),
                ("y", num(y - 4.0)),
                ("width", "8".into()),
                ("height", "8".into()),
                ("fill", "#e00000".into()),
            ],
        ),
        6 => w.empty("path", &[("d", triangle(x, y)), ("fill", "#e00000".into())]),
        _ => {
            stone(w, "#fff");
            w.empty(
                "circle",
                &[
                    ("cx", num(x)),
                    ("cy", num(y)),
                    ("r", "3".into()),
                    ("fill", "#000".into()),
                ],
            );
        }
    }
}

/// Star points (boards of 9 and more), as the text board shows them.
fn is_star(size: usize, col: usize, row: usize) -> bool {
    if size < 9 {
        return false;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let on = |x: usize| x == edge || x == size - 1 - edge || (size % 2 == 1 && x == size / 2);
    on(col) && on(row)
}
