//! Points, colours and moves: the newtypes every other module speaks in.
//!
//! A [`Point`] is an index into the padded 1-D layout shared by every board
//! size: [`STRIDE`] columns by [`STRIDE`] rows, the playable area starting at
//! row 1, column 1, with a border ring around it. Row 0 of the playable area is
//! the bottom edge, as in GTP (`A1` is the lower left corner). A point does not
//! know the board size; [`Point::from_vertex`] checks it against one.

use core::fmt;

/// Largest supported board size.
pub const MAX_SIZE: usize = 19;
/// Row length of the padded layout (the playable width plus a border each side).
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of cells in the padded layout, border included.
pub const CAPACITY: usize = STRIDE * STRIDE;

/// Column letters of GTP vertices (`I` is skipped).
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A cell of the padded board layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Point(u16);

impl Point {
    /// The layout's first cell, in the border: no point of any board and
    /// no move. It fills the unused slots of point arrays, whose all-zero
    /// bytes are the cheapest to write.
    pub(crate) const FILLER: Point = Point(0);

    /// The point at `col`, `row` (both 0-based, row 0 at the bottom), or `None`
    /// when outside the largest board.
    #[must_use]
    pub const fn new(col: usize, row: usize) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point(((row + 1) * STRIDE + col + 1) as u16))
        } else {
            None
        }
    }

    /// The point with this layout index, if the index is inside the layout.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < CAPACITY {
            Some(Point(index as u16))
        } else {
            None
        }
    }

    /// The point with this layout index, taken as it is: for the
    /// board's own tables, which hold layout indices only.
    #[inline]
    pub(crate) const fn from_layout(index: u16) -> Point {
        Point(index)
    }

    /// Index into the padded layout, `0..CAPACITY`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based column (`A` is 0); meaningless for border cells.
    #[must_use]
    pub const fn col(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(1)
    }

    /// 0-based row counted from the bottom; meaningless for border cells.
    #[must_use]
    pub const fn row(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(1)
    }

    /// Whether the point lies on a board of `size`.
    #[must_use]
    pub const fn is_on(self, size: usize) -> bool {
        self.col() < size && self.row() < size
    }

    /// The four orthogonal neighbours (south, west, east, north), border cells
    /// included (cells outside the layout read as border).
    #[inline]
    #[must_use]
    pub const fn neighbors(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i.wrapping_sub(s)),
            Point(i.wrapping_sub(1)),
            Point(i.wrapping_add(1)),
            Point(i.wrapping_add(s)),
        ]
    }

    /// The four diagonal neighbours, border cells included.
    #[inline]
    #[must_use]
    pub const fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i.wrapping_sub(s + 1)),
            Point(i.wrapping_sub(s - 1)),
            Point(i.wrapping_add(s - 1)),
            Point(i.wrapping_add(s + 1)),
        ]
    }

    /// Parses a GTP vertex such as `D4` or `t19` (no `I` column) on a board of
    /// `size`. `PASS` is not a point: use [`Move::from_vertex`] for that.
    pub fn from_vertex(text: &str, size: usize) -> Result<Point, VertexError> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or(VertexError::Syntax)?;
        let letter = letter.to_ascii_uppercase();
        let col = LETTERS
            .iter()
            .position(|&l| l == letter)
            .ok_or(VertexError::Syntax)?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(VertexError::Syntax);
        }
        let row = digits
            .iter()
            .fold(0usize, |acc, d| acc * 10 + usize::from(d - b'0'));
        if row == 0 || col >= size || row > size {
            return Err(VertexError::OffBoard);
        }
        Point::new(col, row - 1).ok_or(VertexError::OffBoard)
    }
}

impl fmt::Display for Point {
    /// GTP vertex notation (`A1`..`T19`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (col, row) = (self.col(), self.row());
        match LETTERS.get(col) {
            Some(&l) if col < MAX_SIZE && row < MAX_SIZE => write!(f, "{}{}", l as char, row + 1),
            _ => write!(f, "#{}", self.0),
        }
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a vertex did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum VertexError {
    /// Not of the form letter + number.
    Syntax,
    /// Well-formed but outside the board.
    OffBoard,
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VertexError::Syntax => "invalid coordinate",
            VertexError::OffBoard => "off board",
        })
    }
}

/// A player's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Color {
    /// Black, `X` in diagrams, moves first.
    Black = 0,
    /// White, `O` in diagrams.
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Parses GTP colour words: `b`, `black`, `w`, `white` (any case).
    pub fn from_gtp(text: &str) -> Option<Color> {
        if text.eq_ignore_ascii_case("b") || text.eq_ignore_ascii_case("black") {
            Some(Color::Black)
        } else if text.eq_ignore_ascii_case("w") || text.eq_ignore_ascii_case("white") {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Lower-case name, as GTP answers it (`black`, `white`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Move {
    /// Place a stone.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// Parses a GTP vertex or `pass` (any case).
    pub fn from_vertex(text: &str, size: usize) -> Result<Move, VertexError> {
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::from_vertex(text, size).map(Move::Play)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("PASS"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip() {
        for size in 1..=MAX_SIZE {
            for row in 0..size {
                for col in 0..size {
                    let p = Point::new(col, row).unwrap();
                    let mut buf = [0u8; 8];
                    let text = format_into(&mut buf, p);
                    assert_eq!(Point::from_vertex(text, size), Ok(p));
                }
            }
        }
    }

    fn format_into(buf: &mut [u8; 8], p: Point) -> &str {
        use core::fmt::Write;
        struct W<'a>(&'a mut [u8; 8], usize);
        impl Write for W<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for b in s.bytes() {
                    self.0[self.1] = b;
                    self.1 += 1;
                }
                Ok(())
            }
        }
        let mut w = W(buf, 0);
        write!(w, "{p}").unwrap();
        let n = w.1;
        core::str::from_utf8(&buf[..n]).unwrap()
    }

    #[test]
    fn bad_vertices() {
        assert_eq!(Point::from_vertex("I5", 19), Err(VertexError::Syntax));
        assert_eq!(Point::from_vertex("", 19), Err(VertexError::Syntax));
        assert_eq!(Point::from_vertex("A", 19), Err(VertexError::Syntax));
        assert_eq!(Point::from_vertex("A0", 19), Err(VertexError::OffBoard));
        assert_eq!(Point::from_vertex("K10", 9), Err(VertexError::OffBoard));
        assert_eq!(Point::from_vertex("J9", 9), Ok(Point::new(8, 8).unwrap()));
        assert_eq!(Point::from_vertex("A123", 19), Err(VertexError::Syntax));
        assert_eq!(Point::from_vertex("é1", 19), Err(VertexError::Syntax));
        assert_eq!(Move::from_vertex("Pass", 19), Ok(Move::Pass));
    }
}
