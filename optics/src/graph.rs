//! Eye graphs: an eye space reduced to what its local game depends on.
//!
//! Owns: [`EyeGraph`] (up to [`MAX_VERTICES`] vertices, each ordinary or
//! marginal, empty or holding a dead attacker stone (or a defender stone
//! cut off from the group), with its adjacency and whether it touches the
//! defender's surrounding stones), parsing GNU Go's
//! coded diagrams (`analyze_eyegraph`: `%` is a newline, `O` a blank) and
//! writing a diagram back with vital points marked. Omits: finding eye
//! spaces on a board (see [`crate::eyes`]) and solving (see
//! [`crate::solver`]).
//!
//! Embedding (as GNU Go 3.8's `analyze_eyegraph` does):
//! the diagram is placed on a 19×19 board filled with defender stones
//! (centred, or against the edges it shows); each marginal vertex gets a
//! small invincible attacker group, joined to it by a line of attacker
//! stones through one of its blank sides, which no longer touches the
//! defender's group; a vertex next to such a line is marginal too, and
//! defender stones the lines and the eye space cut off from the group
//! become vertices holding a defender stone. A graph whose marginal
//! vertices cannot all get such a group is unrealizable.
//!
//! Diagram characters: `.` ordinary, `!` marginal, `X` ordinary with a dead
//! attacker stone, `$` marginal with an attacker stone (joined to the
//! invincible group of its margin, as in GNU Go); on input the marks `* < >`
//! (ordinary) and `@ ( )` (marginal) are accepted as the plain vertex.
//! `|`, `-` and `+` are the board's edge (as in eyes.db); anything else is
//! a blank (a defender stone); white space is skipped. Two vertices are adjacent when they are
//! next to each other in the diagram; a vertex with a defender stone of
//! the group next to it touches the group.

use core::fmt;

/// Most vertices an eye graph holds (masks are `u16`).
pub const MAX_VERTICES: usize = 16;

/// Largest diagram accepted by [`EyeGraph::parse`]: rows × columns.
pub const MAX_DIAGRAM: usize = 24;

/// A vertex set as a bit mask.
pub type Mask = u16;

/// Why a coded eye graph was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum GraphError {
    /// More than [`MAX_VERTICES`] vertices (counting defender stones the
    /// eye space cuts off), or a diagram wider or taller than
    /// [`MAX_DIAGRAM`] or than the 19×19 board it is embedded in.
    TooLarge,
    /// The graph cannot be embedded as GNU Go embeds it: no room for the
    /// attacker's invincible stones next to every marginal vertex, or a
    /// vertex beyond the board's edge.
    Unrealizable,
}

/// An eye space as a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct EyeGraph {
    pub(crate) n: usize,
    pub(crate) adj: [Mask; MAX_VERTICES],
    pub(crate) marginal: Mask,
    pub(crate) stones: Mask,
    /// Vertices holding a defender stone that is not joined to the
    /// surrounding group (a blank of the diagram enclosed by the eye
    /// space).
    pub(crate) defenders: Mask,
    /// Dead attacker stones on marginal vertices that are not joined to
    /// the attacker's outside stones (graphs built from a board; a
    /// diagram's `$` is joined).
    pub(crate) loose: Mask,
    pub(crate) wall: Mask,
    /// Vertices drawn marginal in the diagram (the embedding may make
    /// more marginal).
    pub(crate) drawn: Mask,
    /// Diagram position (row, column) of each vertex.
    pub(crate) at: [(u8, u8); MAX_VERTICES],
    /// Diagram rows and width (for printing; 0 for graphs from a board).
    pub(crate) rows: u8,
    pub(crate) width: u8,
    /// The diagram's row of `-` and column of `|` (the board's edges;
    /// `u8::MAX`: none).
    pub(crate) edges: (u8, u8),
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
            defenders: 0,
            loose: 0,
            wall: 0,
            drawn: 0,
            at: [(0, 0); MAX_VERTICES],
            rows: 0,
            width: 0,
            edges: (u8::MAX, u8::MAX),
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

    /// All vertices as a mask: the low 16 bits of a 32-bit mask of `n`
    /// ones (`n` is at most [`MAX_VERTICES`], 16), with no test of `n`.
    pub(crate) const fn all(&self) -> Mask {
        !u32::MAX.wrapping_shl(self.n as u32) as Mask
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
            if marginal {
                self.loose |= b;
            }
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

    /// How many vertices are next to `v` (central vertices have more).
    pub(crate) fn degree(&self, v: usize) -> u32 {
        self.adj.get(v).map_or(0, |a| a.count_ones())
    }

    /// The vertices next to any of `set`.
    pub(crate) fn neighbours(&self, set: Mask) -> Mask {
        let mut out = 0;
        let mut rest = u32::from(set);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.adj.get(v).copied().unwrap_or(0);
        }
        out
    }

    /// The part of `within` connected to `seed` (both masks), and the
    /// vertices next to it (each vertex's neighbours are looked up once,
    /// as the fill reaches it).
    pub(crate) fn flood_around(&self, seed: Mask, within: Mask) -> (Mask, Mask) {
        let mut set = seed & within;
        let mut around = 0;
        let mut frontier = set;
        while frontier != 0 {
            let next = self.neighbours(frontier);
            around |= next;
            frontier = next & within & !set;
            set |= frontier;
        }
        (set, around)
    }

    /// The part of `within` connected to the vertex `seed` (a mask of one
    /// vertex of `within`), filled until it holds a vertex of `stop` or a
    /// vertex next to it is in `free`, and whether it stopped so (then the
    /// part found may be only some of it). `next_to`, the seed's
    /// neighbours, hold no vertex of `free`: the fill starts from them.
    #[inline(always)]
    pub(crate) fn flood_until_past(
        &self,
        seed: Mask,
        next_to: Mask,
        within: Mask,
        free: Mask,
        stop: Mask,
    ) -> (Mask, bool) {
        if seed & stop != 0 {
            return (seed, true);
        }
        let mut frontier = next_to & within & !seed;
        let mut set = seed | frontier;
        while frontier != 0 {
            if frontier & stop != 0 {
                return (set, true);
            }
            let next = self.neighbours(frontier);
            if next & free != 0 {
                return (set, true);
            }
            frontier = next & within & !set;
            set |= frontier;
        }
        (set, false)
    }

    /// The part of `within` connected to `seed` (both masks).
    pub(crate) fn flood(&self, seed: Mask, within: Mask) -> Mask {
        let mut set = seed & within;
        // Only the vertices added last can reach new ones.
        let mut frontier = set;
        while frontier != 0 {
            frontier = self.neighbours(frontier) & within & !set;
            set |= frontier;
        }
        set
    }

    /// Parses GNU Go's coded diagram (`%` newline, `O` blank) and embeds
    /// it as GNU Go does (see the module's documentation).
    ///
    /// # Errors
    /// [`GraphError::TooLarge`] beyond [`MAX_VERTICES`] vertices or a
    /// [`MAX_DIAGRAM`]-square diagram; [`GraphError::Unrealizable`] when
    /// GNU Go's embedding finds no room for the margins.
    pub fn parse(coded: &str) -> Result<EyeGraph, GraphError> {
        let mut g = EyeGraph::new();
        let (mut row, mut col, mut width) = (0usize, 0usize, 0usize);
        // The last row holding `-` and column holding `|`: the board's edges.
        let (mut hedge, mut vedge) = (None, None);
        for ch in coded.bytes() {
            if ch.is_ascii_whitespace() {
                continue;
            }
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
            if ch == b'-' {
                hedge = Some(row);
            } else if ch == b'|' {
                vedge = Some(col);
            }
            if let Some((marginal, stone)) = kind {
                g.push(marginal, stone, false, (row as u8, col as u8))
                    .ok_or(GraphError::TooLarge)?;
            }
            // A diagram's `$` is joined to its invincible group.
            g.loose = 0;
            col += 1;
            width = width.max(col);
        }
        g.rows = (row + 1) as u8;
        g.width = width as u8;
        g.drawn = g.marginal;
        let edge = |e: Option<usize>| e.and_then(|x| u8::try_from(x).ok()).unwrap_or(u8::MAX);
        g.edges = (edge(hedge), edge(vedge));
        embed::embed(&mut g, hedge, vedge)?;
        Ok(g)
    }

    /// Writes the diagram (rows padded to the widest, separated by
    /// newlines, none after the last; the board's edges and cut-off
    /// defender stones, as eye space, drawn as GNU Go draws them) with the vertices in `attack` and
    /// `defense` marked as in eyes.db: `*` both, `<` attack, `>` defense (`@ ( )` on marginal
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
            // The board's edges, as GNU Go draws them.
            for (c, cell) in line.iter_mut().enumerate() {
                let (on_row, on_col) = (r == self.edges.0, c == usize::from(self.edges.1));
                *cell = match (on_row, on_col) {
                    (true, true) => b'+',
                    (true, false) => b'-',
                    (false, true) => b'|',
                    (false, false) => b' ',
                };
            }
            for v in 0..self.n {
                let Some(&(vr, vc)) = self.at.get(v) else {
                    continue;
                };
                if vr != r {
                    continue;
                }
                // Cut-off defender stones are drawn as eye space, as GNU Go
                // draws them.
                let b = bit(v);
                let m = self.drawn & b != 0;
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

/// Placing a parsed diagram on a board as GNU Go's `analyze_eyegraph`
/// does, and reading the graph's wall contacts, margins and cut-off
/// defender stones from it.
mod embed {
    use super::{EyeGraph, GraphError, MAX_VERTICES, bit};

    /// Board size of the embedding.
    const N: isize = 19;
    const CELLS: usize = (N * N) as usize;
    /// A defender stone.
    const WHITE: u8 = 0;
    /// A dead attacker stone on a vertex.
    const STONE: u8 = 1;
    /// An empty point.
    const EMPTY: u8 = 2;
    /// An invincible attacker stone.
    const SAFE: u8 = 3;
    /// Placements tried before a graph counts as unrealizable.
    const TRIES: u32 = 20_000;
    /// South, west, north, east: the order GNU Go tries the sides in.
    const SIDES: [(isize, isize); 4] = [(1, 0), (0, -1), (-1, 0), (0, 1)];

    type Board = [u8; CELLS];

    fn index(p: (isize, isize)) -> Option<usize> {
        let (r, c) = p;
        if (0..N).contains(&r) && (0..N).contains(&c) {
            usize::try_from(r * N + c).ok()
        } else {
            None
        }
    }

    fn at(board: &Board, p: (isize, isize)) -> Option<u8> {
        index(p).and_then(|i| board.get(i).copied())
    }

    fn set(board: &mut Board, p: (isize, isize), v: u8) {
        if let Some(cell) = index(p).and_then(|i| board.get_mut(i)) {
            *cell = v;
        }
    }

    const fn add(p: (isize, isize), d: (isize, isize), k: isize) -> (isize, isize) {
        (p.0 + d.0 * k, p.1 + d.1 * k)
    }

    /// Where the diagram's top-left corner goes on the board (GNU Go's
    /// placement: against the edges shown, else centred).
    fn origin(
        rows: isize,
        width: isize,
        hedge: Option<usize>,
        vedge: Option<usize>,
    ) -> (isize, isize) {
        let place = |edge: Option<usize>, len: isize| match edge {
            Some(0) => -1,
            Some(_) => N - len + 1,
            None => (N - len) / 2,
        };
        (place(hedge, rows), place(vedge, width))
    }

    /// Places the attacker's invincible 4×4 group with its corner at
    /// `corner` for the margin `m` reached through `up` at `distance`, if
    /// the area is free; records the changed points.
    fn area(
        board: &mut Board,
        corner: (isize, isize),
        up: (isize, isize),
        right: (isize, isize),
        m: (isize, isize),
        distance: isize,
    ) -> bool {
        for k in 1..distance {
            if at(board, add(m, up, k)) != Some(WHITE) {
                return false;
            }
        }
        let edge = m.0 == 0 || m.1 == 0 || m.0 == N - 1 || m.1 == N - 1;
        for u in -1..=4 {
            for v in -1..=4 {
                let p = add(add(corner, up, u), right, v);
                match at(board, p) {
                    None => {
                        let inside = (0..=3).contains(&u) && (0..=3).contains(&v);
                        let in_line =
                            p.0 == m.0 - 1 || p.0 == m.0 + 1 || p.1 == m.1 - 1 || p.1 == m.1 + 1;
                        if !edge || inside || !in_line {
                            return false;
                        }
                    }
                    Some(WHITE) => {}
                    Some(_) => return false,
                }
            }
        }
        for u in 0..=3 {
            for v in 0..=3 {
                set(board, add(add(corner, up, u), right, v), SAFE);
            }
        }
        set(board, add(add(corner, up, 1), right, 1), EMPTY);
        set(board, add(add(corner, up, 2), right, 2), EMPTY);
        true
    }

    /// Gives each of `margins` (last first) an invincible group, trying
    /// every placement in GNU Go's order and backtracking.
    fn place(board: &mut Board, margins: &[(isize, isize)], tries: &mut u32) -> bool {
        let Some((&m, rest)) = margins.split_last() else {
            return true;
        };
        for (k, &up) in SIDES.iter().enumerate() {
            let right = SIDES.get((k + 1) % 4).copied().unwrap_or((0, 1));
            let near = add(m, up, 1);
            let free = |b: &Board, p| at(b, p).is_none_or(|x| x == WHITE);
            if at(board, near) != Some(WHITE)
                || !free(board, add(near, right, 1))
                || !free(board, add(near, right, -1))
            {
                continue;
            }
            for i in -3..=0 {
                for j in 2..6 {
                    *tries += 1;
                    if *tries > TRIES {
                        return false;
                    }
                    let saved = *board;
                    if !area(board, add(add(m, up, j), right, i), up, right, m, j) {
                        continue;
                    }
                    let mut s = 1;
                    while at(board, add(m, up, s)) == Some(WHITE) {
                        set(board, add(m, up, s), SAFE);
                        s += 1;
                    }
                    if place(board, rest, tries) {
                        return true;
                    }
                    *board = saved;
                }
            }
        }
        false
    }

    /// Embeds `g` (parsed, vertices at their diagram positions) and sets
    /// its adjacency, wall contacts and extra margins; adds the cut-off
    /// defender stones as vertices.
    pub(super) fn embed(
        g: &mut EyeGraph,
        hedge: Option<usize>,
        vedge: Option<usize>,
    ) -> Result<(), GraphError> {
        let (rows, width) = (isize::from(g.rows), isize::from(g.width));
        if rows > N + 2 || width > N + 2 {
            return Err(GraphError::TooLarge);
        }
        let (r0, c0) = origin(rows, width, hedge, vedge);
        let mut board: Board = [WHITE; CELLS];
        let mut pos = [(0isize, 0isize); MAX_VERTICES];
        let mut margins = [(0isize, 0isize); MAX_VERTICES];
        let mut nmargins = 0;
        for v in 0..g.n {
            let (r, c) = g.at.get(v).copied().unwrap_or((0, 0));
            let p = (r0 + isize::from(r), c0 + isize::from(c));
            if index(p).is_none() {
                return Err(GraphError::Unrealizable);
            }
            if let Some(slot) = pos.get_mut(v) {
                *slot = p;
            }
            let b = bit(v);
            set(&mut board, p, if g.stones & b != 0 { STONE } else { EMPTY });
            if g.marginal & b != 0
                && let Some(slot) = margins.get_mut(nmargins)
            {
                *slot = p;
                nmargins += 1;
            }
        }
        // The defender's extra eye and the attacker's corner group with
        // the outer liberties, where GNU Go puts them (in the lower left
        // corner or, for diagrams against the left or bottom edge, the
        // upper right; only diagrams against an edge come near them).
        let upper_right = (vedge == Some(0) && hedge.is_some())
            || (hedge.is_some_and(|h| h > 0) && vedge.is_none_or(|v| v == 0));
        let corner = |i: isize, j: isize| {
            if upper_right {
                (i, N - 1 - j)
            } else {
                (N - 1 - i, j)
            }
        };
        let eye = if vedge == Some(0) && hedge == Some(0) {
            (N - 1, N - 1)
        } else {
            (0, 0)
        };
        for (p, v) in [
            (eye, EMPTY),
            (corner(0, 0), EMPTY),
            (corner(0, 1), SAFE),
            (corner(0, 2), SAFE),
            (corner(1, 0), SAFE),
            (corner(1, 1), EMPTY),
            (corner(1, 2), SAFE),
            (corner(2, 0), SAFE),
            (corner(2, 1), SAFE),
            (corner(2, 2), EMPTY),
            (corner(3, 1), EMPTY),
        ] {
            if at(&board, p) == Some(WHITE) {
                set(&mut board, p, v);
            }
        }
        let mut tries = 0;
        if !place(
            &mut board,
            margins.get(..nmargins).unwrap_or(&[]),
            &mut tries,
        ) {
            return Err(GraphError::Unrealizable);
        }
        // The defender's group: the largest connected set of its stones.
        let mut label = [0u8; CELLS];
        let mut queue = [0u16; CELLS];
        let (mut best, mut best_size, mut next) = (0u8, 0usize, 0u8);
        for start in 0..CELLS {
            if board.get(start) != Some(&WHITE) || label.get(start) != Some(&0) {
                continue;
            }
            next = next.saturating_add(1);
            let size = flood(&board, &mut label, &mut queue, start, next);
            if size > best_size {
                best_size = size;
                best = next;
            }
        }
        // Cut-off defender stones become vertices.
        for i in 0..CELLS {
            let l = label.get(i).copied().unwrap_or(0);
            if l == 0 || l == best {
                continue;
            }
            let p = ((i as isize) / N, (i as isize) % N);
            let at_diagram = (
                u8::try_from(p.0 - r0).unwrap_or(0),
                u8::try_from(p.1 - c0).unwrap_or(0),
            );
            let v = g
                .push(false, false, false, at_diagram)
                .ok_or(GraphError::TooLarge)?;
            g.defenders |= bit(v);
            if let Some(slot) = pos.get_mut(v) {
                *slot = p;
            }
        }
        for v in 0..g.n {
            let p = pos.get(v).copied().unwrap_or((0, 0));
            for d in SIDES {
                let q = add(p, d, 1);
                if let Some(w) = pos.iter().take(g.n).position(|&x| x == q) {
                    g.link(v, w);
                }
                let l = index(q).and_then(|i| label.get(i).copied()).unwrap_or(0);
                if l != 0 && l == best && g.defenders & bit(v) == 0 {
                    g.wall |= bit(v);
                }
                if at(&board, q) == Some(SAFE) && g.defenders & bit(v) == 0 {
                    g.marginal |= bit(v);
                }
            }
        }
        Ok(())
    }

    /// Labels the defender stones connected to `start`; answers how many.
    fn flood(
        board: &Board,
        label: &mut [u8; CELLS],
        queue: &mut [u16; CELLS],
        start: usize,
        l: u8,
    ) -> usize {
        let (mut head, mut tail) = (0usize, 0usize);
        if let (Some(x), Some(q)) = (label.get_mut(start), queue.get_mut(0)) {
            *x = l;
            *q = start as u16;
            tail = 1;
        }
        while head < tail {
            let i = queue.get(head).copied().unwrap_or(0) as isize;
            head += 1;
            for d in SIDES {
                let q = add((i / N, i % N), d, 1);
                let Some(j) = index(q) else { continue };
                if board.get(j) == Some(&WHITE) && label.get(j) == Some(&0) {
                    if let Some(x) = label.get_mut(j) {
                        *x = l;
                    }
                    if let Some(slot) = queue.get_mut(tail) {
                        *slot = j as u16;
                        tail += 1;
                    }
                }
            }
        }
        tail
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

    /// Fuzzing: random diagrams (the diagram alphabet and some noise)
    /// never make parsing, embedding, the table or the solver panic, and
    /// a parsed graph is within bounds.
    #[test]
    fn random_diagrams_never_panic() {
        let mut x: u64 = 0x5eed_f00d;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let alphabet = b".!X$O%|-+*<>@()a \n.!.X%";
        let mut solver: crate::Solver<64> = crate::Solver::new();
        solver.set_budget(2_000);
        let (mut ok, mut refused) = (0, 0);
        for round in 0..20_000 {
            let len = (next() % 40) as usize;
            let bytes: std::vec::Vec<u8> = (0..len)
                .map(|_| {
                    let r = next();
                    if round % 10 == 0 {
                        (r % 256) as u8
                    } else {
                        alphabet[(r % alphabet.len() as u64) as usize]
                    }
                })
                .collect();
            let text = std::string::String::from_utf8_lossy(&bytes);
            match EyeGraph::parse(&text) {
                Ok(g) => {
                    ok += 1;
                    assert!(g.len() <= MAX_VERTICES);
                    assert_eq!(g.wall & !g.all(), 0);
                    let a = solver.analyze(&g);
                    assert!(
                        a.value.a <= a.value.b && a.value.b <= a.value.c && a.value.c <= a.value.d
                    );
                    let mut out = String::new();
                    g.write_diagram(&mut out, a.attack, a.defense).unwrap();
                }
                Err(_) => refused += 1,
            }
        }
        assert!(
            ok > 5_000 && refused > 500,
            "{ok} parsed, {refused} refused"
        );
    }
}
