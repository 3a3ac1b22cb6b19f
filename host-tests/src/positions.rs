//! Positions of a regression suite for benches: for each case of one
//! command (e.g. `attack`) that follows a plain `loadsgf` (no `trymove`,
//! `play` or depth change since), the loaded board and the case's vertex.

use std::io;

use owlet_board::Point;
use owlet_firmware::Engine;
use owlet_firmware::gtp::ConsoleBoard;

use crate::regress::default_data_dir;
use crate::sgf::{Until, load_file};

/// The plain `command VERTEX` cases of `suite` (a file name in the
/// regression data directory), with the position each is asked on (the
/// console's board: the device's capacities with the `small` feature).
pub fn plain_cases(suite: &str, command: &str) -> io::Result<Vec<(ConsoleBoard, Point)>> {
    let dir = default_data_dir();
    let text = std::fs::read_to_string(dir.join(suite))?;
    let mut engine = Engine::new();
    let mut plain = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.chars().all(|c| c.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let until = Until::from_arg(rest.first().copied());
                plain = load_file(&mut engine, &dir.join(file), &until).is_ok();
            }
            [name, vertex] if plain && *name == command => {
                let board = engine.board().clone();
                if let Ok(p) = Point::from_vertex(vertex, board.size()) {
                    out.push((board, p));
                }
            }
            [
                "trymove" | "play" | "increase_depths" | "decrease_depths",
                ..,
            ] => plain = false,
            _ => {}
        }
    }
    Ok(out)
}
