//! `showboard` in GNU Go's layout: column letters above and below, row
//! numbers both sides, `X`/`O` stones, `+` on star points, `.` elsewhere,
//! and the capture counts to the right of two rows near the middle.

use core::fmt::Write as _;

use owlet_board::{Board, Cell, Color, Point};

use super::answer::Answer;

/// Column letters (no `I`).
const LETTERS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// Whether (`col`, `row`) of a board of `size` is drawn as a star point:
/// the centre of odd boards; from 5×5 up, the four points on the 2nd line
/// (5×5), 3rd line (6×6 to 11×11) or 4th line (12×12 and up) from each
/// corner; on odd boards from 13×13 up, also the side points between them.
fn is_star(size: usize, col: usize, row: usize) -> bool {
    let mid = size / 2;
    let odd = size % 2 == 1;
    if odd && col == mid && row == mid {
        return true;
    }
    if size < 5 {
        return false;
    }
    let near = match size {
        5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let far = size - 1 - near;
    let on_line = |v: usize| v == near || v == far;
    (on_line(col) && on_line(row))
        || (odd && size >= 13 && ((on_line(col) && row == mid) || (col == mid && on_line(row))))
}

fn letters(size: usize, out: &mut Answer<'_>) {
    out.push_str("  ");
    for &letter in LETTERS.iter().take(size) {
        let _ = write!(out, " {}", char::from(letter));
    }
}

/// Writes the board, starting with a newline (the answer's text begins on
/// the line after `= `).
pub(crate) fn write<const C: usize, const M: usize>(board: &Board<C, M>, out: &mut Answer<'_>) {
    let size = board.size();
    // 1-based rows that carry the capture counts.
    let black_row = size.saturating_sub(9).max(1);
    let white_row = black_row + 1;
    out.push_str("\n");
    letters(size, out);
    out.push_str("\n");
    for row in (0..size).rev() {
        let _ = write!(out, "{:2}", row + 1);
        for col in 0..size {
            let cell = Point::new(col, row).map_or(Cell::Border, |p| board.cell(p));
            let ch = match cell {
                Cell::Black => " X",
                Cell::White => " O",
                _ if is_star(size, col, row) => " +",
                _ => " .",
            };
            out.push_str(ch);
        }
        let _ = write!(out, " {}", row + 1);
        if row + 1 == white_row {
            let _ = write!(
                out,
                "     WHITE (O) has captured {} stones",
                board.captures(Color::White)
            );
        } else if row + 1 == black_row {
            let _ = write!(
                out,
                "     BLACK (X) has captured {} stones",
                board.captures(Color::Black)
            );
        }
        out.push_str("\n");
    }
    letters(size, out);
}
