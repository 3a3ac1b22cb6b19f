//! Eye graphs: an eye space reduced to what its local game depends on.
//!
//! Owns: [`EyeGraph`] (up to [`MAX_VERTICES`] vertices, each ordinary or
//! marginal, empty or holding a dead attacker stone, with its adjacency and
//! whether it touches the defender's surrounding stones), parsing GNU Go's
//! coded diagrams (`analyze_eyegraph`: `%` is a newline, `O` a blank) and
//! writing a diagram back with vital points marked. Omits: finding eye
//! spaces on a board (see [`crate::eyes`]) and solving (see
//! [`crate::solver`]).
//!
//! Diagram characters: `.` ordinary, `!` marginal, `X` ordinary with a dead
//! attacker stone, `$` marginal with a stone; on input the marks `* < >`
//! (ordinary) and `@ ( )` (marginal) are accepted as the plain vertex.
//! `|`, `-` and `+` are the board's edge (as in eyes.db); anything else is
//! a blank. Two vertices are adjacent when they are next to each other in
//! the diagram; a vertex with a blank (or the diagram's outside) next to
//! it touches the defender's stones there.

use core::fmt;

/// Most vertices an eye graph holds (masks are `u16`).
pub const MAX_VERTICES: usize = 16;

/// Largest diagram accepted by [`EyeGraph::parse`]: rows × columns.
pub const MAX_DIAGRAM: usize = 24;

/// Diagram cell of the board edge.
const EDGE: u8 = 0xfe;

/// A vertex set as a bit mask.
pub type Mask = u16;

/// Why a coded eye graph was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GraphError {
    /// More than [`MAX_VERTICES`] vertices, or a diagram wider or taller
    /// than [`MAX_DIAGRAM`].
    TooLarge,
}

/// An eye space as a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct EyeGraph {
    pub(crate) n: usize,
    pub(crate) adj: [Mask; MAX_VERTICES],
    pub(crate) marginal: Mask,
    pub(crate) stones: Mask,
    pub(crate) wall: Mask,
    /// Diagram position (row, column) of each vertex.
    pub(crate) at: [(u8, u8); MAX_VERTICES],
    /// Diagram rows and width (for printing; 0 for graphs from a board).
    pub(crate) rows: u8,
    pub(crate) width: u8,
}

impl Default for EyeGraph {
    fn default() -> Self {
        EyeGraph::new()
    }
}

/// Bit of vertex `v`.
pub(crate) const fn bit(v: usize) -> Mask {
    if v < MAX_VERTICES { 1 << v } else { 0 }
}

impl EyeGraph {
    /// The empty graph.
    #[must_use]
    pub const fn new() -> EyeGraph {
        EyeGraph {
            n: 0,
            adj: [0; MAX_VERTICES],
            marginal: 0,
            stones: 0,
            wall: 0,
            at: [(0, 0); MAX_VERTICES],
            rows: 0,
            width: 0,
        }
    }

    /// Number of vertices.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.n
    }

    /// Columns of the diagram the graph was parsed from (0 for graphs
    /// from a board).
    #[must_use]
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Whether the graph has no vertex.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// All vertices as a mask.
    pub(crate) const fn all(&self) -> Mask {
        if self.n >= MAX_VERTICES {
            Mask::MAX
        } else {
            (1 << self.n) - 1
        }
    }

    /// Adds a vertex; `None` when full.
    pub(crate) fn push(
        &mut self,
        marginal: bool,
        stone: bool,
        wall: bool,
        at: (u8, u8),
    ) -> Option<usize> {
        let v = self.n;
        if v >= MAX_VERTICES {
            return None;
        }
        self.n += 1;
        let b = bit(v);
        if marginal {
            self.marginal |= b;
        }
        if stone {
            self.stones |= b;
        }
        if wall {
            self.wall |= b;
        }
        if let Some(slot) = self.at.get_mut(v) {
            *slot = at;
        }
        Some(v)
    }

    /// Joins two vertices.
    pub(crate) fn link(&mut self, u: usize, v: usize) {
        if u == v || u >= self.n || v >= self.n {
            return;
        }
        if let Some(a) = self.adj.get_mut(u) {
            *a |= bit(v);
        }
        if let Some(a) = self.adj.get_mut(v) {
            *a |= bit(u);
        }
    }

    /// The vertices next to any of `set`.
    pub(crate) fn neighbours(&self, set: Mask) -> Mask {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.adj.get(v).copied().unwrap_or(0);
        }
        out
    }

    /// The part of `within` connected to `seed` (both masks).
    pub(crate) fn flood(&self, seed: Mask, within: Mask) -> Mask {
        let mut set = seed & within;
        loop {
            let grown = (set | self.neighbours(set)) & within;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// Parses GNU Go's coded diagram (`%` newline, `O` blank).
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] beyond [`MAX_VERTICES`] vertices or a
    /// [`MAX_DIAGRAM`]-square diagram.
    pub fn parse(coded: &str) -> Result<EyeGraph, GraphError> {
        let mut g = EyeGraph::new();
        // u8::MAX: blank; EDGE: board edge; else the vertex number.
        let mut grid = [[u8::MAX; MAX_DIAGRAM]; MAX_DIAGRAM];
        let (mut row, mut col, mut width) = (0usize, 0usize, 0usize);
        for ch in coded.bytes() {
            if ch == b'%' {
                row += 1;
                col = 0;
                if row >= MAX_DIAGRAM {
                    return Err(GraphError::TooLarge);
                }
                continue;
            }
            if col >= MAX_DIAGRAM {
                return Err(GraphError::TooLarge);
            }
            let kind = match ch {
                b'.' | b'*' | b'<' | b'>' => Some((false, false)),
                b'!' | b'@' | b'(' | b')' => Some((true, false)),
                b'X' => Some((false, true)),
                b'$' => Some((true, true)),
                _ => None,
            };
            if matches!(ch, b'|' | b'-' | b'+')
                && let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(col))
            {
                *cell = EDGE;
            }
            if let Some((marginal, stone)) = kind {
                let v = g
                    .push(marginal, stone, false, (row as u8, col as u8))
                    .ok_or(GraphError::TooLarge)?;
                if let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(col)) {
                    *cell = v as u8;
                }
            }
            col += 1;
            width = width.max(col);
        }
        let cell = |r: usize, c: usize| grid.get(r).and_then(|x| x.get(c)).copied();
        let at = |r: usize, c: usize| cell(r, c).filter(|&v| (v as usize) < MAX_VERTICES);
        for r in 0..=row {
            for c in 0..width {
                if let Some(v) = at(r, c) {
                    if let Some(w) = at(r, c + 1) {
                        g.link(v as usize, w as usize);
                    }
                    if let Some(w) = at(r + 1, c) {
                        g.link(v as usize, w as usize);
                    }
                }
            }
        }
        // A side that is neither a vertex nor the edge touches the wall.
        for v in 0..g.n {
            let Some(&(r, c)) = g.at.get(v) else { continue };
            let (r, c) = (r as usize, c as usize);
            let sides = [
                r.checked_sub(1).and_then(|r| cell(r, c)),
                cell(r + 1, c),
                c.checked_sub(1).and_then(|c| cell(r, c)),
                cell(r, c + 1),
            ];
            if sides.iter().any(|s| s.is_none_or(|x| x == u8::MAX)) {
                g.wall |= bit(v);
            }
        }
        g.rows = (row + 1) as u8;
        g.width = width as u8;
        Ok(g)
    }

    /// Writes the diagram (rows padded to the widest, separated by
    /// newlines, none after the last) with the vertices in `attack` and `defense` marked as in
    /// eyes.db: `*` both, `<` attack, `>` defense (`@ ( )` on marginal
    /// vertices).
    ///
    /// # Errors
    /// Whatever `out` answers.
    pub fn write_diagram(
        &self,
        out: &mut impl fmt::Write,
        attack: Mask,
        defense: Mask,
    ) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                out.write_char('\n')?;
            }
            let mut line = [b' '; MAX_DIAGRAM];
            for v in 0..self.n {
                let Some(&(vr, vc)) = self.at.get(v) else {
                    continue;
                };
                if vr != r {
                    continue;
                }
                let b = bit(v);
                let m = self.marginal & b != 0;
                let ch = match (self.stones & b != 0, attack & b != 0, defense & b != 0) {
                    (true, _, _) => {
                        if m {
                            b'$'
                        } else {
                            b'X'
                        }
                    }
                    (false, true, true) => {
                        if m {
                            b'@'
                        } else {
                            b'*'
                        }
                    }
                    (false, true, false) => {
                        if m {
                            b'('
                        } else {
                            b'<'
                        }
                    }
                    (false, false, true) => {
                        if m {
                            b')'
                        } else {
                            b'>'
                        }
                    }
                    (false, false, false) => {
                        if m {
                            b'!'
                        } else {
                            b'.'
                        }
                    }
                };
                if let Some(cell) = line.get_mut(vc as usize) {
                    *cell = ch;
                }
            }
            for &ch in line.iter().take(self.width as usize) {
                out.write_char(ch as char)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    #[test]
    fn parses_the_documented_example() {
        let g = EyeGraph::parse("OO!%O.X%!...").unwrap();
        assert_eq!(g.len(), 7);
        assert_eq!(g.marginal.count_ones(), 2);
        assert_eq!(g.stones.count_ones(), 1);
        let mut s = String::new();
        g.write_diagram(&mut s, 0, 0).unwrap();
        assert_eq!(s, "  ! \n .X \n!...");
    }

    #[test]
    fn blanks_and_empty_rows() {
        let g = EyeGraph::parse(".%%.").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g.adj[0], 0);
        let mut s = String::new();
        g.write_diagram(&mut s, 0, 0).unwrap();
        assert_eq!(s, ".\n \n.");
        assert!(EyeGraph::parse("").unwrap().is_empty());
        assert_eq!(
            EyeGraph::parse("................."),
            Err(GraphError::TooLarge)
        );
    }
}
