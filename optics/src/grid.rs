//! A scratch position for what-if analysis: 441 cells and nothing else.
//!
//! Owns: a copy of a board's stones that can be played on (captures and the
//! suicide rule, found by flood fill) and copied cheaply to undo, plus string
//! and liberty queries by flood fill. Omits: ko, hashing, incremental string
//! tables and a journal — callers that need undo keep a copy (441 bytes),
//! which is far smaller than a [`owlet_board::Board`].

use owlet_board::{Board, CAPACITY, Cell, Color, Point, PointSet};

/// Stones only, in the padded layout of [`owlet_board::point`].
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    cells: [Cell; CAPACITY],
    size: usize,
}

impl Grid {
    /// The stones of `board`.
    pub(crate) fn from_board<const C: usize, const M: usize>(board: &Board<C, M>) -> Grid {
        let mut cells = [Cell::Border; CAPACITY];
        for p in board.points() {
            if let Some(cell) = cells.get_mut(p.index()) {
                *cell = board.cell(p);
            }
        }
        Grid {
            cells,
            size: board.size(),
        }
    }

    /// What occupies `p` (border outside the layout).
    pub(crate) fn at(&self, p: Point) -> Cell {
        self.cells.get(p.index()).copied().unwrap_or(Cell::Border)
    }

    fn set(&mut self, p: Point, cell: Cell) {
        if let Some(c) = self.cells.get_mut(p.index()) {
            *c = cell;
        }
    }

    /// Every point of the board in GNU Go's scan order: top row first,
    /// left to right.
    pub(crate) fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size * size).filter_map(move |i| Point::new(i % size, size - 1 - i / size))
    }

    /// The string through `p` (empty set for an empty or border point).
    pub(crate) fn string(&self, p: Point) -> PointSet {
        let mut set = PointSet::new();
        let cell = self.at(p);
        if cell.color().is_none() {
            return set;
        }
        self.flood(p, &mut set, |c| c == cell);
        set
    }

    /// The connected points through `p` whose cells satisfy `keep`, added
    /// to `set` (nothing when `p` itself does not).
    pub(crate) fn flood(&self, p: Point, set: &mut PointSet, keep: impl Fn(Cell) -> bool) {
        if !keep(self.at(p)) || !set.insert(p) {
            return;
        }
        let mut stack = [p; CAPACITY];
        let mut len = 1usize;
        while len > 0 {
            len -= 1;
            let Some(&q) = stack.get(len) else { break };
            for n in q.neighbors() {
                if keep(self.at(n))
                    && set.insert(n)
                    && let Some(slot) = stack.get_mut(len)
                {
                    *slot = n;
                    len += 1;
                }
            }
        }
    }

    /// The empty points next to the stones of `string`.
    pub(crate) fn liberties(&self, string: &PointSet) -> PointSet {
        let mut libs = PointSet::new();
        for s in string.iter() {
            for n in s.neighbors() {
                if self.at(n) == Cell::Empty {
                    libs.insert(n);
                }
            }
        }
        libs
    }

    /// Whether the string through `p` has a liberty.
    fn has_liberty(&self, p: Point) -> bool {
        let string = self.string(p);
        string
            .iter()
            .any(|s| s.neighbors().iter().any(|&n| self.at(n) == Cell::Empty))
    }

    /// Number of liberties of the string through `p`.
    pub(crate) fn liberty_count(&self, p: Point) -> usize {
        self.liberties(&self.string(p)).len()
    }

    /// Plays `color` at `p` with captures; refuses (answering `false`,
    /// nothing changed) an occupied point or a suicide. Ko is not checked.
    pub(crate) fn play(&mut self, color: Color, p: Point) -> bool {
        if self.at(p) != Cell::Empty {
            return false;
        }
        let enemy = Cell::stone(color.opponent());
        self.set(p, Cell::stone(color));
        let mut captured = false;
        for n in p.neighbors() {
            if self.at(n) == enemy && !self.has_liberty(n) {
                for s in self.string(n).iter() {
                    self.set(s, Cell::Empty);
                }
                captured = true;
            }
        }
        if !captured && !self.has_liberty(p) {
            self.set(p, Cell::Empty);
            return false;
        }
        true
    }
}
