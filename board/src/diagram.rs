//! ASCII diagrams in the notation of GNU Go's documentation: `X` black,
//! `O` white, `.` (or `+`, `,`) empty, `|` and `-`/`+` borders.
//!
//! Parsing takes a whole square board, top row first; border lines made
//! only of `+`, `-` and `|` are skipped, a row's leading and trailing `|`
//! are dropped and spaces are ignored. Printing writes the same form with a
//! border all round. Partial (corner) diagrams are not supported.

use core::fmt;

use crate::board::{Board, Cell};
use crate::point::{Color, MAX_SIZE, Point};

/// Why a diagram did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DiagramError {
    /// A character other than `X O x o . , + | -` and spaces, at this row (0 = top).
    BadChar {
        /// Row of the diagram, 0 for the top row.
        row: usize,
    },
    /// Rows of different lengths, or not as many rows as columns.
    NotSquare,
    /// No rows, or more than 19.
    BadSize,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::BadChar { row } => write!(f, "bad character in diagram row {}", row + 1),
            DiagramError::NotSquare => f.write_str("diagram is not square"),
            DiagramError::BadSize => f.write_str("diagram size must be 1 to 19"),
        }
    }
}

fn is_border_line(line: &str) -> bool {
    line.chars().all(|c| matches!(c, '+' | '-' | '|' | ' ')) && line.chars().any(|c| c == '-')
}

fn row_cells(line: &str) -> impl Iterator<Item = char> + '_ {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    line.chars().filter(|c| *c != ' ')
}

impl<const C: usize, const M: usize> Board<C, M> {
    /// Reads a diagram; the side to move is black.
    ///
    /// ```
    /// use owlet_board::{Board, Color, Point};
    /// let board: Board = Board::from_diagram("
    ///     +---+
    ///     |.X.|
    ///     |XO.|
    ///     |.X.|
    ///     +---+").unwrap();
    /// let b2 = Point::from_vertex("B2", 3).unwrap();
    /// assert_eq!(board.color_at(b2), Some(Color::White));
    /// assert_eq!(board.liberty_count(b2), 1);
    /// ```
    pub fn from_diagram(text: &str) -> Result<Self, DiagramError> {
        let rows = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !is_border_line(l));
        let size = rows.clone().count();
        if size == 0 || size > MAX_SIZE {
            return Err(DiagramError::BadSize);
        }
        let mut board = Board::new(size).map_err(|_| DiagramError::BadSize)?;
        for (r, line) in rows.enumerate() {
            let mut width = 0;
            for (col, ch) in row_cells(line).enumerate() {
                let cell = match ch {
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    '.' | ',' | '+' => None,
                    _ => return Err(DiagramError::BadChar { row: r }),
                };
                if col >= size {
                    return Err(DiagramError::NotSquare);
                }
                if let (Some(color), Some(p)) = (cell, Point::new(col, size - 1 - r)) {
                    board.cells_mut_for_setup(p, Cell::stone(color));
                }
                width += 1;
            }
            if width != size {
                return Err(DiagramError::NotSquare);
            }
        }
        board.rebuild();
        Ok(board)
    }
}

impl<const C: usize, const M: usize> fmt::Display for Board<C, M> {
    /// The board as a diagram with a border, top row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        let edge = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            f.write_str("+")?;
            for _ in 0..size {
                f.write_str("-")?;
            }
            f.write_str("+\n")
        };
        edge(f)?;
        for row in (0..size).rev() {
            f.write_str("|")?;
            for col in 0..size {
                let ch = match Point::new(col, row).map(|p| self.cell(p)) {
                    Some(Cell::Black) => "X",
                    Some(Cell::White) => "O",
                    _ => ".",
                };
                f.write_str(ch)?;
            }
            f.write_str("|\n")?;
        }
        edge(f)
    }
}
