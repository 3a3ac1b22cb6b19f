//! Connection reading: can two strings of one colour be joined
//! ([`Connection::connect`], their owner moving first) or kept apart
//! ([`Connection::disconnect`], the opponent moving first), and with which
//! move (GNU Go's `connect` and `disconnect`).
//!
//! The search alternates the two sides on the board's journal (play,
//! recurse, undo) as tactical reading does, and asks the tactical
//! [`Reader`] about the strings it meets:
//! - the pair is connected once it is one string, and cut once either
//!   string is captured or the reader captures one with the cutting side
//!   to move (the capture is the cut);
//! - two strings sharing two liberties, or one the cutting side cannot
//!   hold (a stone there would be taken at once: a tiger's mouth), are
//!   joined; the pair counts as connected without further reading when
//!   its strings are joined, or both are joined to a third string of their
//!   colour (a bridge);
//! - both sides play on the paths between the pair: empty points on the
//!   shortest paths from one string's liberties to the other's (strings of
//!   the pair's colour on the way cost no move), and on paths one point
//!   longer; shared liberties come first;
//! - the owner also captures opponent strings next to the pair (in atari,
//!   or taken by the reader when they have few liberties) and rescues a
//!   string of the pair the reader can capture; the opponent also ataris a
//!   string of two liberties and rescues its own strings between the pair;
//!   a cut that would be taken at once and captures nothing is not tried;
//! - when no cut works the opponent may pass, and the owner must still
//!   join the pair.
//!
//! A pair not joined within [`ConnectionLimits::depth`] plies counts as
//! cut. Ko: a retake the ko rule forbids is played once per line, by the
//! first side to need one, as if a threat had been made and answered, and
//! its win counts as [`Code::KoB`] (as in tactical reading). The node
//! limit and the work limit (the tactical reads' nodes) end the search:
//! the side to move at a node past either fails, and the result says a
//! limit was hit.
//!
//! Omits: GNU Go's connection threats in two and three moves, its
//! transposition table for connections, and races to capture a wall
//! between the pair.

use crate::board::{Board, Cell, PlayError, PointSet};
use crate::point::{Color, Move, Point};
use crate::reading::{Code, ReadResult, Reader, ReadingLimits};

/// Hard bound on [`ConnectionLimits::depth`] (plies).
pub const MAX_CONNECTION_DEPTH: u8 = 16;

/// Candidate moves kept per node (the best by score).
const MAX_MOVES: usize = 16;

/// Third strings the pair may join through, looked at per node.
const MAX_BRIDGES: usize = 4;

/// Distances from each string of the pair looked at for paths between them.
const PATH_LAYERS: usize = 4;

/// Scores of the move reasons; higher is tried first.
mod score {
    pub const SHARED_LIBERTY: i16 = 100;
    pub const CAPTURE_BETWEEN: i16 = 95;
    pub const RESCUE: i16 = 90;
    pub const TAKE_BETWEEN: i16 = 85;
    pub const CAPTURE_NEXT: i16 = 70;
    pub const TAKE_NEXT: i16 = 65;
    pub const ATARI: i16 = 70;
    pub const PATH: i16 = 60;
    pub const LONGER_PATH: i16 = 40;
}

/// Limits of a connection search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ConnectionLimits {
    /// Plies deep, at most [`MAX_CONNECTION_DEPTH`]: a pair not joined
    /// by then counts as cut.
    pub depth: u8,
    /// Moves tried per node.
    pub width: u8,
    /// Connection nodes per call.
    pub node_limit: u32,
    /// Tactical reading nodes per call, the reads of its nodes together:
    /// a call that has read them stops as at its node limit.
    pub work_limit: u32,
    /// Strings of the pair with at most this many liberties are read for
    /// capture at every cutting node, and so are opponent strings next to
    /// the pair at every joining node.
    pub read_liberties: u8,
    /// The tactical reader's limits during a search: shallower than its
    /// defaults, as the search reads the same strings at every node.
    pub reading: ReadingLimits,
}

impl ConnectionLimits {
    /// The default limits.
    pub const DEFAULT: ConnectionLimits = ConnectionLimits {
        depth: 7,
        width: 4,
        node_limit: 500,
        work_limit: 100_000,
        read_liberties: 3,
        reading: ReadingLimits {
            depth: 6,
            branch_depth: 5,
            fourlib_depth: 3,
            ko_depth: 6,
            break_chain_depth: 3,
            extend_depth: 3,
            backfill_depth: 2,
            pre_read_width: 0,
            pre_read_step: 2,
            node_limit: 1_000,
        },
    };
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The two strings read about, by a stone of each, and their colour.
#[derive(Clone, Copy)]
struct Pair {
    a: Point,
    b: Point,
    color: Color,
}

/// A connection searcher: its limits and node counters (it keeps no
/// answers between calls).
///
/// ```
/// use owlet_board::{Board, Code, Connection, Point, Reader};
/// // B3 and C2 share two liberties: White cannot cut them.
/// let mut board: Board = Board::from_diagram("
///     ...
///     .X.
///     ..X").unwrap();
/// let (mut conn, mut reader) = (Connection::new(), Reader::<64, 8>::new());
/// let p = |v| Point::from_vertex(v, 3).unwrap();
/// let cut = conn.disconnect(&mut board, &mut reader, p("B2"), p("C1"));
/// assert_eq!(cut.code, Code::Fail);
/// let join = conn.connect(&mut board, &mut reader, p("B2"), p("C1"));
/// assert_eq!(join.code, Code::Win);
/// ```
#[derive(Clone, Debug)]
pub struct Connection {
    limits: ConnectionLimits,
    nodes: u64,
    call_nodes: u32,
    /// The reader's node count when the call began.
    reading_start: u64,
    limit_hit: bool,
}

impl Default for Connection {
    fn default() -> Self {
        Connection::new()
    }
}

impl Connection {
    /// A searcher with the default limits.
    #[must_use]
    pub const fn new() -> Self {
        Connection {
            limits: ConnectionLimits::DEFAULT,
            nodes: 0,
            call_nodes: 0,
            reading_start: 0,
            limit_hit: false,
        }
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> ConnectionLimits {
        self.limits
    }

    /// Replaces the limits (the depth is capped at
    /// [`MAX_CONNECTION_DEPTH`]).
    pub fn set_limits(&mut self, limits: ConnectionLimits) {
        self.limits = ConnectionLimits {
            depth: limits.depth.min(MAX_CONNECTION_DEPTH),
            ..limits
        };
    }

    /// Connection nodes visited since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Can the strings at `a` and `b` be joined, their owner moving first?
    /// `Win` with no move when they are one string already. Stones of two
    /// colours, or an empty point, answer `Fail`.
    pub fn connect<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        a: Point,
        b: Point,
    ) -> ReadResult {
        self.top(board, reader, a, b, true)
    }

    /// Can the strings at `a` and `b` be kept apart (or one of them
    /// captured), their opponent moving first? Stones of two colours, or an
    /// empty point, answer `Fail`.
    pub fn disconnect<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        a: Point,
        b: Point,
    ) -> ReadResult {
        self.top(board, reader, a, b, false)
    }

    fn top<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        a: Point,
        b: Point,
        join: bool,
    ) -> ReadResult {
        self.call_nodes = 0;
        self.reading_start = reader.nodes();
        self.limit_hit = false;
        let color = match (board.color_at(a), board.color_at(b)) {
            (Some(x), Some(y)) if x == y && board.is_on_board(a) && board.is_on_board(b) => x,
            _ => {
                return ReadResult {
                    code: Code::Fail,
                    point: None,
                    limit_hit: false,
                };
            }
        };
        let pair = Pair { a, b, color };
        let saved = reader.limits();
        reader.set_limits(self.limits.reading);
        let depth_before = board.undo_depth();
        let (code, point) = if join {
            self.connect_node(board, reader, pair, 0, None)
        } else {
            self.disconnect_node(board, reader, pair, 0, None)
        };
        while board.undo_depth() > depth_before {
            if board.undo().is_err() {
                break;
            }
        }
        reader.set_limits(saved);
        ReadResult {
            code,
            point: if code == Code::Fail { None } else { point },
            limit_hit: self.limit_hit,
        }
    }

    /// Counts a node; false when the node limit or the work limit
    /// (`reading`: the reader's node count now) has been reached.
    fn count_node(&mut self, reading: u64) -> bool {
        self.nodes += 1;
        self.call_nodes = self.call_nodes.saturating_add(1);
        let work = reading.saturating_sub(self.reading_start);
        if self.call_nodes > self.limits.node_limit || work >= u64::from(self.limits.work_limit) {
            self.limit_hit = true;
            return false;
        }
        true
    }

    /// The owner of the pair moves: its best code and move.
    fn connect_node<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        pair: Pair,
        depth: u8,
        komaster: Option<Color>,
    ) -> (Code, Option<Point>) {
        if !intact(board, pair) {
            return (Code::Fail, None);
        }
        if board.same_string(pair.a, pair.b) {
            return (Code::Win, None);
        }
        if !self.count_node(reader.nodes()) || depth >= self.limits.depth {
            return (Code::Fail, None);
        }
        let moves = connecting_moves(board, reader, pair, self.limits.read_liberties);
        self.try_moves(board, reader, (pair, pair.color), depth, komaster, &moves)
    }

    /// The opponent of the pair moves: its best code and move.
    fn disconnect_node<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        pair: Pair,
        depth: u8,
        komaster: Option<Color>,
    ) -> (Code, Option<Point>) {
        if !intact(board, pair) {
            return (Code::Win, None);
        }
        if board.same_string(pair.a, pair.b) || !self.count_node(reader.nodes()) {
            return (Code::Fail, None);
        }
        let mut best = (Code::Fail, None);
        for s in [pair.a, pair.b] {
            if board.liberty_count(s) <= usize::from(self.limits.read_liberties) {
                let r = reader.attack(board, s);
                if r.code == Code::Win {
                    return (Code::Win, r.point);
                }
                if r.code.rank() > best.0.rank() {
                    best = (r.code, r.point);
                }
            }
        }
        if linked(board, pair) {
            return best;
        }
        if depth >= self.limits.depth {
            return (Code::Win, None);
        }
        let moves = cutting_moves(board, reader, pair);
        let mover = pair.color.opponent();
        let mut found = self.try_moves(board, reader, (pair, mover), depth, komaster, &moves);
        if found.0 == Code::Fail && depth > 0 && !self.limit_hit {
            // No cut works: the opponent passes, and the owner must still
            // join the pair.
            let (reply, _) = self.connect_node(board, reader, pair, depth + 1, komaster);
            found = (reply.invert(), None);
        }
        if found.0.rank() > best.0.rank() {
            found
        } else {
            best
        }
    }

    /// Plays `mover`'s candidates in turn and reads the other side's
    /// answer; stops at the first win. A ko retake the rule forbids is
    /// played once per line, by the first side to need one (the ko
    /// master), as if a threat had been made and answered: its win counts
    /// as [`Code::KoB`].
    fn try_moves<const C: usize, const M: usize, const R: usize, const A: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        (pair, mover): (Pair, Color),
        depth: u8,
        komaster: Option<Color>,
        moves: &Moves,
    ) -> (Code, Option<Point>) {
        let joining = mover == pair.color;
        let mut best = (Code::Fail, None);
        let mut tried = 0;
        for &(_, m) in moves.items.iter().take(moves.len) {
            if tried >= self.limits.width || self.limit_hit {
                break;
            }
            let (threat, master) = match board.play(mover, Move::Play(m)) {
                Ok(_) => (false, komaster),
                Err(PlayError::Ko) if komaster.is_none() => {
                    if board.play_ignoring_ko(mover, m).is_err() {
                        continue;
                    }
                    (true, Some(mover))
                }
                Err(_) => continue,
            };
            if !joining && doomed(board, m) {
                let _ = board.undo();
                continue;
            }
            tried += 1;
            let (reply, _) = if joining {
                self.disconnect_node(board, reader, pair, depth + 1, master)
            } else {
                self.connect_node(board, reader, pair, depth + 1, master)
            };
            let _ = board.undo();
            let mut mine = reply.invert();
            if threat {
                mine = mine.min(Code::KoB);
            }
            if mine == Code::Win {
                return (Code::Win, Some(m));
            }
            if mine.rank() > best.0.rank() {
                best = (mine, Some(m));
            }
        }
        best
    }
}

/// Whether both strings of the pair are still on the board.
fn intact<const C: usize, const M: usize>(board: &Board<C, M>, pair: Pair) -> bool {
    board.color_at(pair.a) == Some(pair.color) && board.color_at(pair.b) == Some(pair.color)
}

/// Whether the stone just played at `m` would be taken at once: one
/// liberty, and it captured nothing (its string is that stone's alone or
/// bigger, either way in atari).
fn doomed<const C: usize, const M: usize>(board: &Board<C, M>, m: Point) -> bool {
    board.liberty_count(m) == 1 && board.ko_point().is_none()
}

/// Whether the pair counts as connected without reading: the two strings
/// are [`joined`], or both are joined to a third string of theirs.
fn linked<const C: usize, const M: usize>(board: &Board<C, M>, pair: Pair) -> bool {
    if joined(board, pair.a, pair.b, pair.color) {
        return true;
    }
    let (bridges, n) = bridges(board, pair);
    bridges
        .iter()
        .take(n)
        .any(|&x| joined(board, pair.a, x, pair.color) && joined(board, x, pair.b, pair.color))
}

/// Whether the strings at `a` and `b` (of `color`) share two liberties,
/// or one where a cutting stone would have at most one liberty and
/// capture nothing.
fn joined<const C: usize, const M: usize>(
    board: &Board<C, M>,
    a: Point,
    b: Point,
    color: Color,
) -> bool {
    let shared = board.liberty_set(a) & board.liberty_set(b);
    match shared.len() {
        0 => false,
        1 => shared.iter().all(|l| {
            cut_liberties(board, l, color.opponent()) <= 1 && !cut_captures(board, l, color)
        }),
        _ => true,
    }
}

/// Strings of the pair's colour (at most [`MAX_BRIDGES`], by a stone
/// each) that share a liberty with each string of the pair: the pair may
/// join through them.
fn bridges<const C: usize, const M: usize>(
    board: &Board<C, M>,
    pair: Pair,
) -> ([Point; MAX_BRIDGES], usize) {
    let mut out = [Point::FILLER; MAX_BRIDGES];
    let mut len = 0;
    let lb = board.liberty_set(pair.b);
    for l in board.liberty_set(pair.a).iter() {
        for x in l.neighbors() {
            if board.color_at(x) != Some(pair.color)
                || board.same_string(x, pair.a)
                || board.same_string(x, pair.b)
                || out.iter().take(len).any(|&y| board.same_string(x, y))
                || (board.liberty_set(x) & lb).is_empty()
            {
                continue;
            }
            if let Some(slot) = out.get_mut(len) {
                *slot = x;
                len += 1;
            }
        }
    }
    (out, len)
}

/// The liberties a stone of `color` at the empty point `l` would have,
/// before captures.
fn cut_liberties<const C: usize, const M: usize>(
    board: &Board<C, M>,
    l: Point,
    color: Color,
) -> usize {
    let mut libs = PointSet::new();
    for n in l.neighbors() {
        match board.cell(n) {
            Cell::Empty => {
                libs.insert(n);
            }
            c if c.color() == Some(color) => {
                libs |= board.liberty_set(n);
            }
            _ => {}
        }
    }
    libs.remove(l);
    libs.len()
}

/// Whether a stone at `l` captures a string of `victim`'s (one in atari
/// next to it).
fn cut_captures<const C: usize, const M: usize>(
    board: &Board<C, M>,
    l: Point,
    victim: Color,
) -> bool {
    l.neighbors()
        .iter()
        .any(|&n| board.color_at(n) == Some(victim) && board.liberty_count(n) == 1)
}

/// A candidate list, best first.
struct Moves {
    items: [(i16, Point); MAX_MOVES],
    len: usize,
}

impl Moves {
    fn new() -> Self {
        Moves {
            items: [(0, Point::FILLER); MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a reason for `p` (the best score counts), keeping the list
    /// sorted by score, earlier additions first among equals; when full,
    /// the worst candidate drops out.
    fn add(&mut self, p: Point, score: i16) {
        let mut score = score;
        let filled = self.items.get(..self.len).unwrap_or_default();
        if let Some(i) = filled.iter().position(|item| item.1 == p) {
            score = score.max(filled.get(i).map_or(score, |item| item.0));
            if let Some(tail) = self.items.get_mut(i..self.len) {
                tail.rotate_left(1);
            }
            self.len -= 1;
        }
        let filled = self.items.get(..self.len).unwrap_or_default();
        let at = filled
            .iter()
            .position(|item| item.0 < score)
            .unwrap_or(self.len);
        let end = (self.len + 1).min(MAX_MOVES);
        if let Some(tail) = self.items.get_mut(at..end)
            && !tail.is_empty()
        {
            tail.rotate_right(1);
            if let Some(first) = tail.first_mut() {
                *first = (score, p);
            }
            self.len = end;
        }
    }
}

/// The heads of the opponent strings next to the pair, and whether each
/// touches both strings.
fn neighbours<const C: usize, const M: usize>(
    board: &Board<C, M>,
    pair: Pair,
) -> ([(Point, bool); 16], usize) {
    let mut out = [(Point::FILLER, false); 16];
    let mut len = 0;
    let mut around_a = [Point::FILLER; 16];
    let mut around_b = [Point::FILLER; 16];
    let na = board.adjacent_strings(pair.a, &mut around_a).min(16);
    let nb = board.adjacent_strings(pair.b, &mut around_b).min(16);
    let (around_a, around_b) = (
        around_a.get(..na).unwrap_or_default(),
        around_b.get(..nb).unwrap_or_default(),
    );
    for &s in around_a.iter().chain(around_b) {
        let head = board.string_id(s);
        if out.iter().take(len).any(|&(h, _)| h == head) {
            continue;
        }
        let both = around_a.iter().any(|&x| board.string_id(x) == head)
            && around_b.iter().any(|&x| board.string_id(x) == head);
        if let Some(slot) = out.get_mut(len) {
            *slot = (head, both);
            len += 1;
        }
    }
    (out, len)
}

/// Empty points at each distance from the string at `start`, up to
/// [`PATH_LAYERS`]: its liberties are at distance 1, the empty points next
/// to those at 2, and so on; a string of its colour met on the way adds
/// its liberties at the next distance (it costs no move).
fn layers<const C: usize, const M: usize>(
    board: &Board<C, M>,
    start: Point,
    color: Color,
) -> [PointSet; PATH_LAYERS] {
    let mut out = [PointSet::new(); PATH_LAYERS];
    let mut reached = PointSet::new();
    let mut frontier = PointSet::new();
    for q in board.stones(start) {
        reached.insert(q);
        frontier.insert(q);
    }
    for layer in &mut out {
        let mut next = PointSet::new();
        for p in frontier.iter() {
            for n in p.neighbors() {
                if board.cell(n) == Cell::Empty && !reached.contains(n) {
                    next.insert(n);
                }
            }
        }
        reached |= next;
        frontier = next;
        for p in next.iter() {
            for n in p.neighbors() {
                if board.color_at(n) == Some(color) && !reached.contains(n) {
                    for q in board.stones(n) {
                        reached.insert(q);
                        frontier.insert(q);
                    }
                }
            }
        }
        *layer = next;
    }
    out
}

/// Adds the empty points on the shortest paths between the pair (and on
/// paths one point longer), nearer paths first: the points either side
/// plays to join or to cut. Paths run over empty points and through
/// strings of the pair's colour.
fn path_moves<const C: usize, const M: usize>(board: &Board<C, M>, moves: &mut Moves, pair: Pair) {
    let la = layers(board, pair.a, pair.color);
    let lb = layers(board, pair.b, pair.color);
    let mut shortest = usize::MAX;
    for (i, a) in la.iter().enumerate() {
        for (j, b) in lb.iter().enumerate() {
            if !(*a & *b).is_empty() {
                shortest = shortest.min(i + j);
            }
        }
    }
    for (i, a) in la.iter().enumerate() {
        for (j, b) in lb.iter().enumerate() {
            let longer = (i + j).saturating_sub(shortest);
            if longer <= 1 {
                let score = if longer == 0 {
                    score::PATH
                } else {
                    score::LONGER_PATH
                };
                for p in (*a & *b).iter() {
                    moves.add(p, score);
                }
            }
        }
    }
}

/// The owner's candidates for joining the pair.
fn connecting_moves<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    pair: Pair,
    read_liberties: u8,
) -> Moves {
    let mut moves = Moves::new();
    let (la, lb) = (board.liberty_set(pair.a), board.liberty_set(pair.b));
    for l in (la & lb).iter() {
        moves.add(l, score::SHARED_LIBERTY);
    }
    let (around, n) = neighbours(board, pair);
    for &(head, both) in around.iter().take(n) {
        let libs = board.liberty_count(head);
        if libs == 1 {
            for l in board.liberty_set(head).iter() {
                moves.add(
                    l,
                    if both {
                        score::CAPTURE_BETWEEN
                    } else {
                        score::CAPTURE_NEXT
                    },
                );
            }
        } else if libs <= usize::from(read_liberties) {
            let r = reader.attack(board, head);
            if let (Code::Win, Some(p)) = (r.code, r.point) {
                moves.add(
                    p,
                    if both {
                        score::TAKE_BETWEEN
                    } else {
                        score::TAKE_NEXT
                    },
                );
            }
        }
    }
    for s in [pair.a, pair.b] {
        if board.liberty_count(s) <= usize::from(read_liberties)
            && reader.attack(board, s).code != Code::Fail
            && let Some(p) = reader.find_defense(board, s).point
        {
            moves.add(p, score::RESCUE);
        }
    }
    path_moves(board, &mut moves, pair);
    moves
}

/// The opponent's candidates for cutting the pair.
fn cutting_moves<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    pair: Pair,
) -> Moves {
    let mut moves = Moves::new();
    let (la, lb) = (board.liberty_set(pair.a), board.liberty_set(pair.b));
    for l in (la & lb).iter() {
        moves.add(l, score::SHARED_LIBERTY);
    }
    for s in [pair.a, pair.b] {
        if board.liberty_count(s) == 2 {
            for l in board.liberty_set(s).iter() {
                moves.add(l, score::ATARI);
            }
        }
    }
    let (around, n) = neighbours(board, pair);
    for &(head, both) in around.iter().take(n) {
        if both
            && board.liberty_count(head) <= 2
            && reader.attack(board, head).code != Code::Fail
            && let Some(p) = reader.find_defense(board, head).point
        {
            moves.add(p, score::RESCUE);
        }
    }
    path_moves(board, &mut moves, pair);
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(diagram: &str, a: &str, b: &str) -> (ReadResult, ReadResult) {
        let mut board: Board = Board::from_diagram(diagram).unwrap();
        let size = board.size();
        let p = |v: &str| Point::from_vertex(v, size).unwrap();
        let mut reader: Reader = Reader::new();
        let mut conn = Connection::new();
        let hash = board.hash();
        let join = conn.connect(&mut board, &mut reader, p(a), p(b));
        let cut = conn.disconnect(&mut board, &mut reader, p(a), p(b));
        assert_eq!(board.hash(), hash);
        (join, cut)
    }

    fn vertex(r: &ReadResult) -> std::string::String {
        r.point.map_or("PASS".into(), |p| std::format!("{p}"))
    }

    #[test]
    fn one_string_is_connected() {
        let (join, cut) = read(
            "
            .......
            .......
            .......
            ..XX...
            .......
            .......
            .......",
            "C4",
            "D4",
        );
        assert_eq!((join.code, join.point), (Code::Win, None));
        assert_eq!(cut.code, Code::Fail);
    }

    #[test]
    fn a_bamboo_joint_cannot_be_cut() {
        let (join, cut) = read(
            "
            .......
            .......
            ..X.X..
            ..X.X..
            .......
            .......
            .......",
            "C5",
            "E4",
        );
        assert_eq!(join.code, Code::Win);
        assert_eq!(cut.code, Code::Fail);
    }

    /// C5 and E5 share one liberty, D5, where White's cut joins D4.
    const LONE_LIBERTY: &str = "
            .......
            .......
            ..X.X..
            ...O...
            .......
            .......
            .......";

    #[test]
    fn a_lone_shared_liberty_is_the_point_for_both() {
        let (join, cut) = read(LONE_LIBERTY, "C5", "E5");
        assert_eq!((join.code, vertex(&join).as_str()), (Code::Win, "D5"));
        assert_eq!((cut.code, vertex(&cut).as_str()), (Code::Win, "D5"));
    }

    #[test]
    fn a_tigers_mouth_is_connected() {
        // White at D5 would be in atari and captured at D6.
        let (join, cut) = read(
            "
            .......
            .......
            ..X.X..
            ...X...
            .......
            .......
            .......",
            "C5",
            "E5",
        );
        assert_eq!(join.code, Code::Win);
        assert_eq!(cut.code, Code::Fail);
    }

    #[test]
    fn capturing_the_cutting_stone_connects() {
        // White's D6 cannot escape: taking it at D7 joins the pair.
        let (join, cut) = read(
            "
            ..X.X..
            ..XOX..
            ...X...
            .......
            .......
            .......
            .......",
            "C6",
            "E6",
        );
        assert_eq!((join.code, vertex(&join).as_str()), (Code::Win, "D7"));
        assert_eq!(cut.code, Code::Fail);
    }

    #[test]
    fn capturing_a_string_of_the_pair_cuts() {
        // C2 is in atari: its capture at D2 is the cut.
        let (_, cut) = read(
            "
            .......
            .......
            .......
            .X.....
            .XO....
            .OX....
            ..O....",
            "B3",
            "C2",
        );
        assert_eq!((cut.code, vertex(&cut).as_str()), (Code::Win, "D2"));
    }

    #[test]
    fn a_spent_limit_says_so() {
        // Reading the cut needs reads and nodes beyond one.
        let mut board: Board = Board::from_diagram(LONE_LIBERTY).unwrap();
        let p = |v: &str| Point::from_vertex(v, 7).unwrap();
        let hash = board.hash();
        for (node_limit, work_limit) in [(1, 100_000), (500, 1)] {
            let mut reader: Reader = Reader::new();
            let mut conn = Connection::new();
            conn.set_limits(ConnectionLimits {
                node_limit,
                work_limit,
                ..ConnectionLimits::DEFAULT
            });
            let cut = conn.disconnect(&mut board, &mut reader, p("C5"), p("E5"));
            assert!(cut.limit_hit, "{node_limit} {work_limit}");
            assert_eq!(board.hash(), hash);
            let full = Connection::new().disconnect(&mut board, &mut reader, p("C5"), p("E5"));
            assert!(!full.limit_hit);
        }
    }

    #[test]
    fn stones_of_two_colours_are_not_a_pair() {
        let (join, cut) = read(
            "
            ...
            .XO
            ...",
            "B2",
            "C2",
        );
        assert_eq!(join.code, Code::Fail);
        assert_eq!(cut.code, Code::Fail);
    }
}
