//! What the board shows about the position after each move, within a
//! per-move budget.
//!
//! Owns: [`Budget`] (node limits for one move's analysis), [`Analysis`]
//! (point sets for the LED layers: stones in atari, combination threats)
//! and [`analyze`], plus [`atari_stones`] on its own (no reading).
//!
//! Omits: owl (groups' life and death and their vital points: the LED
//! layers take them as plain point sets, see [`crate::leds::Layers`]), and
//! wall-clock time: the bound is in nodes, which the caller converts to
//! time on its device (the README's figures: a reading node is roughly a
//! few microseconds on the host).
//!
//! The budget bounds every search: [`Budget::combination_nodes`] threats
//! per colour (owlet-combination's node limit) and
//! [`Budget::reading_nodes`] tactical reading nodes per reading call made
//! during that search. [`Analysis::exhausted`] says whether a limit was
//! reached (the answer may then miss a threat, never invent one).

use owlet_board::{Board, Color, PointSet, Reader, ReadingLimits};
use owlet_combination::{AaLimits, find_combination};

/// Node limits for one move's analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Budget {
    /// Combination search: threats tried per colour; 0 skips the search.
    pub combination_nodes: u32,
    /// Tactical reading nodes per reading call inside the search.
    pub reading_nodes: u32,
    /// Plies of threats (at most owlet-combination's `MAX_DEPTH`).
    pub depth: u8,
}

impl Default for Budget {
    /// owlet-combination's defaults, a few hundred milliseconds at most on
    /// the host for a 19×19 middle game.
    fn default() -> Self {
        let limits = AaLimits::default();
        Budget {
            combination_nodes: limits.node_limit,
            reading_nodes: limits.reading.node_limit,
            depth: limits.depth,
        }
    }
}

impl Budget {
    /// No search at all: only what needs no reading (stones in atari).
    pub const NONE: Budget = Budget {
        combination_nodes: 0,
        reading_nodes: 0,
        depth: 0,
    };

    /// The combination search's limits under this budget.
    #[must_use]
    pub fn limits(&self) -> AaLimits {
        let defaults = AaLimits::default();
        AaLimits {
            node_limit: self.combination_nodes,
            depth: self.depth,
            reading: ReadingLimits {
                node_limit: self.reading_nodes,
                ..defaults.reading
            },
            ..defaults
        }
    }
}

/// What the analysis of a position found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Analysis {
    /// Stones of strings with one liberty (either colour).
    pub atari: PointSet,
    /// First moves of combination attacks (either colour's).
    pub threats: PointSet,
    /// Some search reached its node limit or ran out of journal.
    pub exhausted: bool,
    /// Combination threats tried, both colours.
    pub nodes: u32,
}

/// The stones of every string with exactly one liberty.
///
/// ```
/// use owlet_board::{Board, Point};
/// use owlet_firmware::analysis::atari_stones;
/// let board: Board = Board::from_diagram("
///     XO...
///     .....
///     .....
///     .....
///     .....").unwrap();
/// let atari = atari_stones(&board);
/// assert!(atari.contains(Point::from_vertex("A5", 5).unwrap()));
/// assert_eq!(atari.len(), 1);
/// ```
#[must_use]
pub fn atari_stones<const C: usize, const M: usize>(board: &Board<C, M>) -> PointSet {
    let mut out = PointSet::new();
    for p in board.points() {
        if board.color_at(p).is_some() && board.liberty_count(p) == 1 {
            out.insert(p);
        }
    }
    out
}

/// Analyses the position within `budget`: stones in atari, and each
/// colour's combination attack (its first move), if one is found. The
/// board is left as it was found.
pub fn analyze<const C: usize, const M: usize, const R: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R>,
    budget: &Budget,
) -> Analysis {
    let mut analysis = Analysis {
        atari: atari_stones(board),
        ..Analysis::default()
    };
    if budget.combination_nodes == 0 {
        return analysis;
    }
    let limits = budget.limits();
    for color in [Color::Black, Color::White] {
        let (found, stats) = find_combination(board, reader, color, &limits);
        if let Some(combination) = found {
            analysis.threats.insert(combination.attack);
        }
        analysis.nodes = analysis.nodes.saturating_add(stats.nodes);
        analysis.exhausted |= stats.node_limit_hit || stats.journal_full;
    }
    analysis
}

#[cfg(test)]
mod tests {
    use super::*;
    use owlet_board::Point;

    #[test]
    fn double_atari_is_a_threat_within_budget_and_none_without() {
        // White C4 (liberties B4, D4) and D3 (D4, E3): black D4 ataris both.
        let mut board: Board = Board::from_diagram(
            "
            .......
            .......
            ..X....
            ..O....
            ..XO...
            ...X...
            .......",
        )
        .unwrap();
        let hash = board.hash();
        let mut reader: Reader<256> = Reader::new();
        let none = analyze(&mut board, &mut reader, &Budget::NONE);
        assert!(none.threats.is_empty());
        assert_eq!(none.nodes, 0);
        let found = analyze(&mut board, &mut reader, &Budget::default());
        assert_eq!(board.hash(), hash);
        let d4 = Point::from_vertex("D4", 7).unwrap();
        assert!(found.threats.contains(d4), "{:?}", found.threats);
        assert!(found.nodes > 0);
    }

    #[test]
    fn atari_stones_lists_whole_strings() {
        let board: Board = Board::from_diagram(
            "
            XXO..
            O....
            .....
            .....
            .....",
        )
        .unwrap();
        let atari = atari_stones(&board);
        let [a5, b5] = ["A5", "B5"].map(|v| Point::from_vertex(v, 5).unwrap());
        assert!(atari.contains(a5) && atari.contains(b5));
        assert_eq!(atari.len(), 2);
    }
}
