//! Tactical reading (placeholder API; the search lands in the next commit).

use core::fmt;

use crate::board::Board;
use crate::point::Point;

/// GNU Go's result codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Code {
    /// The goal cannot be reached (GTP `0`).
    Fail = 0,
    /// The goal is reached unconditionally (GTP `1`).
    Win = 1,
    /// Reached with a ko the mover takes first (GTP `2`).
    KoA = 2,
    /// Reached with a ko only if the mover has a ko threat (GTP `3`).
    KoB = 3,
}

impl Code {
    /// The number GTP prints.
    #[must_use]
    pub fn gtp(self) -> u8 {
        self as u8
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.gtp())
    }
}

/// The answer of a reading call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ReadResult {
    /// Result code.
    pub code: Code,
    /// The move that reaches it, when the code is not `Fail` (and a move is needed).
    pub point: Option<Point>,
    /// Whether the node limit was reached during the search.
    pub limit_hit: bool,
}

/// Depth and node limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ReadingLimits {
    /// Node limit per top-level call.
    pub node_limit: u32,
}

impl Default for ReadingLimits {
    fn default() -> Self {
        ReadingLimits { node_limit: 20_000 }
    }
}

/// A tactical reader: limits, node counter and transposition cache.
pub struct Reader {
    limits: ReadingLimits,
    nodes: u64,
}

impl Default for Reader {
    fn default() -> Self {
        Reader::new()
    }
}

impl Reader {
    /// A reader with default limits and an empty cache.
    #[must_use]
    pub fn new() -> Reader {
        Reader {
            limits: ReadingLimits::default(),
            nodes: 0,
        }
    }
    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> ReadingLimits {
        self.limits
    }
    /// Nodes visited since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }
    /// Raises the depth limits by one (GNU Go's `increase_depths`).
    pub fn increase_depths(&mut self) {}
    /// Lowers the depth limits by one (GNU Go's `decrease_depths`).
    pub fn decrease_depths(&mut self) {}
    /// Can the string at `target` be captured if its opponent moves first?
    pub fn attack<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
    ) -> ReadResult {
        let _ = (board, target);
        ReadResult {
            code: Code::Fail,
            point: None,
            limit_hit: false,
        }
    }
    /// Can the string at `target` be saved if its owner moves first?
    pub fn find_defense<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
    ) -> ReadResult {
        let _ = (board, target);
        ReadResult {
            code: Code::Fail,
            point: None,
            limit_hit: false,
        }
    }
}
