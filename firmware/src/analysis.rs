//! What the board shows about the position after each move, within a
//! per-move budget.
//!
//! Owns: [`Budget`] (node limits for one move's analysis), [`Analysis`]
//! (point sets for the LED layers: stones in atari, combination threats)
//! and [`analyze`], [`atari_stones`] on its own (no reading), and
//! [`OwlBudget`], [`Groups`] and [`analyze_groups`] (owl: dead dragons,
//! critical ones and their vital points).
//!
//! Omits: wall-clock time: the bound is in nodes, which the caller
//! converts to time on its device (a reading node is about 2 µs on the
//! host).
//!
//! The budget bounds every search: [`Budget::combination_nodes`] threats
//! per colour (owlet-combination's node limit) and
//! [`Budget::reading_nodes`] tactical reading nodes per reading call made
//! during that search. [`Analysis::exhausted`] says whether a limit was
//! reached (the answer may then miss a threat, never invent one). The
//! bound on the total is indirect: the number of reading calls grows with
//! the strings on the board and the threats tried, and the time follows
//! the total reading nodes ([`Analysis::reading_nodes`], about 2 µs each
//! on the host).
//!
//! Measured on the host (release build, shared 2-core machine; ten random
//! legal 19×19 games after 120 moves, many short-of-liberty strings, so
//! harder than real games; 256-entry reading cache):
//!
//! | budget (threats, reading nodes per call, depth, filter owl nodes) | time mean / worst | reading nodes mean / worst |
//! |---|---|---|
//! | [`Budget::DEVICE`] (50, 50, 2, 30) | 81 ms / 119 ms | 76,406 / 91,936 |
//! | `Station::BOARD_BUDGET` (20, 500, 2, 30) | 127 ms / 160 ms | 130,942 / 161,916 |
//! | [`Budget::default`] (1,500, 1,000, 5, no bound) | 3.2 s / 6.3 s | 3,545,580 / 7,199,147 |
//!
//! The dead-dragon filter's owl nodes are the dearest part: with no bound
//! on them, [`Budget::DEVICE`] takes 1.56 s / 2.03 s.
//!
//! [`analyze_groups`] on five of those positions with [`OwlBudget::DEVICE`]
//! (owl: 30 nodes per search, 60 in all, weakest dragons first): 0.16 to
//! 0.35 s, 86 to 99 owl nodes and 45,000 to 76,000 reading nodes; the
//! owl's static evaluation of a node (eyes, solver) costs about 3 ms on
//! the host, more than its reading. On a Cortex-M expect tens of times
//! longer: owl after every move is not affordable there, at the end
//! of the game it is.

use owlet_board::{Board, Code, Color, Point, PointSet, Reader, ReadingLimits};
use owlet_combination::{AaLimits, find_combination};
use owlet_optics::Solver;
use owlet_owl::{Owl, OwlLimits, dragon_stones};

use crate::sensors::POINTS;

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
    /// Owl nodes per colour for dropping dead dragons from the threats'
    /// targets (at most owlet-combination's `DEFAULT_OWL_NODE_LIMIT` per
    /// dragon); 0 skips it, and a threat to a dead dragon may be shown.
    pub owl_nodes: u32,
}

impl Default for Budget {
    /// owlet-combination's defaults (GTP's `combination_attack`): seconds
    /// on a busy 19×19 position even on the host; see the module's table.
    fn default() -> Self {
        let limits = AaLimits::default();
        Budget {
            combination_nodes: limits.node_limit,
            reading_nodes: limits.reading.node_limit,
            depth: limits.depth,
            owl_nodes: limits.owl_total,
        }
    }
}

impl Budget {
    /// A small budget for a Cortex-M board: tens of thousands of reading
    /// nodes on a busy 19×19 position (see the module's figures).
    pub const DEVICE: Budget = Budget {
        combination_nodes: 50,
        reading_nodes: 50,
        depth: 2,
        owl_nodes: 30,
    };

    /// No search at all: only what needs no reading (stones in atari).
    pub const NONE: Budget = Budget {
        combination_nodes: 0,
        reading_nodes: 0,
        depth: 0,
        owl_nodes: 0,
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
            owl_nodes: defaults.owl_nodes.min(self.owl_nodes),
            owl_total: self.owl_nodes,
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
    /// Tactical reading nodes spent, both colours: the bulk of the time.
    pub reading_nodes: u64,
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
pub fn analyze<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
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
        analysis.reading_nodes = analysis.reading_nodes.saturating_add(stats.reading_nodes);
        analysis.exhausted |= stats.node_limit_hit || stats.owl_total_hit || stats.journal_full;
    }
    analysis
}

/// Node limits of [`analyze_groups`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OwlBudget {
    /// Owl nodes per owl search (one or two searches per dragon); 0 skips
    /// owl.
    pub nodes: u32,
    /// Owl nodes for all searches together: no new search starts once
    /// they are spent, so a call costs at most this plus one search.
    pub total: u32,
    /// Tactical reading nodes per reading call inside the searches.
    pub reading_nodes: u32,
}

impl OwlBudget {
    /// A small budget for a Cortex-M board (see the module's figures).
    pub const DEVICE: OwlBudget = OwlBudget {
        nodes: 30,
        total: 60,
        reading_nodes: 50,
    };

    /// No owl search.
    pub const NONE: OwlBudget = OwlBudget {
        nodes: 0,
        total: 0,
        reading_nodes: 0,
    };
}

impl Default for OwlBudget {
    /// owlet-owl's default limits per search, twenty searches' worth in
    /// all.
    fn default() -> Self {
        OwlBudget {
            nodes: OwlLimits::DEFAULT.node_limit,
            total: 20 * OwlLimits::DEFAULT.node_limit,
            reading_nodes: OwlLimits::DEFAULT.reading.node_limit,
        }
    }
}

/// What owl says about the dragons on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Groups {
    /// Stones of dragons owl calls dead.
    pub dead: PointSet,
    /// Stones of critical dragons (whoever moves first decides).
    pub critical: PointSet,
    /// The attacking and defending moves of the critical dragons.
    pub vital: PointSet,
    /// Stones of dragons whose attack or defence search reached its node
    /// limit: no verdict, so they are in none of the sets above (the LEDs
    /// show them unsure, see [`crate::leds`]).
    pub unsure: PointSet,
    /// Owl nodes spent.
    pub nodes: u64,
    /// Some search reached its limit ([`Groups::unsure`] is not empty), or
    /// the total was spent before every dragon was read (those left are
    /// in no set).
    pub exhausted: bool,
}

/// Owl's verdict on every dragon within `budget`, the weakest dragons
/// (fewest liberties of a string) first: dead, critical (with its vital
/// points), or unsure when a search reached its node limit. The owl's
/// limits and the board are left as found.
///
/// ```
/// use owlet_board::{Board, Point, Reader};
/// use owlet_firmware::analysis::{OwlBudget, analyze_groups};
/// use owlet_optics::Solver;
/// use owlet_owl::Owl;
/// // White's corner group lives or dies by B1, whoever plays it.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .......
///     .......
///     .......
///     XXXXX..
///     OOOOX..
///     ...OX..").unwrap();
/// let (mut owl, mut reader, mut solver) = (Owl::<64>::new(), Reader::<64>::new(), Solver::<64>::new());
/// let groups = analyze_groups(&mut board, &mut owl, &mut reader, &mut solver, &OwlBudget::DEVICE);
/// let b1 = Point::from_vertex("B1", 7).unwrap();
/// assert!(groups.vital.contains(b1));
/// assert_eq!(groups.critical.len(), 5);
/// assert!(groups.dead.is_empty());
/// ```
pub fn analyze_groups<
    const C: usize,
    const M: usize,
    const O: usize,
    const R: usize,
    const A: usize,
    const S: usize,
>(
    board: &mut Board<C, M>,
    owl: &mut Owl<O>,
    reader: &mut Reader<R, A>,
    solver: &mut Solver<S>,
    budget: &OwlBudget,
) -> Groups {
    let mut groups = Groups::default();
    if budget.nodes == 0 {
        return groups;
    }
    let saved = owl.limits();
    let mut limits = saved;
    limits.node_limit = budget.nodes;
    limits.reading.node_limit = budget.reading_nodes;
    owl.set_limits(limits);
    let before = owl.nodes();
    // One point per dragon, the weakest (fewest liberties of a string)
    // first, so that a spent total budget leaves out the safest ones.
    let mut order: [(usize, Option<Point>); POINTS] = [(0, None); POINTS];
    let mut n = 0;
    let mut seen = PointSet::new();
    for p in board.points() {
        if board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let dragon = dragon_stones(board, p);
        let mut weakest = usize::MAX;
        for q in dragon.iter() {
            seen.insert(q);
            weakest = weakest.min(board.liberty_count(q));
        }
        if let Some(slot) = order.get_mut(n) {
            *slot = (weakest, Some(p));
            n += 1;
        }
    }
    let order = order.get_mut(..n).unwrap_or(&mut []);
    order.sort_unstable_by_key(|&(libs, _)| libs);
    for p in order.iter().filter_map(|&(_, p)| p) {
        if owl.nodes().saturating_sub(before) >= u64::from(budget.total) {
            groups.exhausted = true;
            break;
        }
        let dragon = dragon_stones(board, p);
        let attack = owl.attack(board, reader, solver, p);
        let defend = if attack.limit_hit || attack.code == Code::Fail {
            None
        } else {
            Some(owl.defend(board, reader, solver, p))
        };
        if attack.limit_hit || defend.is_some_and(|d| d.limit_hit) {
            groups.exhausted = true;
            for q in dragon.iter() {
                groups.unsure.insert(q);
            }
            continue;
        }
        let Some(defend) = defend else {
            continue;
        };
        if defend.code == Code::Fail {
            for q in dragon.iter() {
                groups.dead.insert(q);
            }
            continue;
        }
        for q in dragon.iter() {
            groups.critical.insert(q);
        }
        for q in [attack.point, defend.point].into_iter().flatten() {
            groups.vital.insert(q);
        }
    }
    groups.nodes = owl.nodes().saturating_sub(before);
    owl.set_limits(saved);
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leds::{Frame, Layers, Led, Palette};

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
        let d4 = Point::from_vertex("D4", 7).unwrap();
        for budget in [Budget::DEVICE, Budget::default()] {
            let found = analyze(&mut board, &mut reader, &budget);
            assert_eq!(board.hash(), hash);
            assert!(found.threats.contains(d4), "{:?}", found.threats);
            assert!(found.nodes > 0 && found.reading_nodes > 0);
        }
    }

    /// Owl's analysis of `diagram` within `budget`, and the frame it shows.
    fn groups_frame(diagram: &str, budget: &OwlBudget) -> (Groups, Frame) {
        let mut board: Board = Board::from_diagram(diagram).unwrap();
        let hash = board.hash();
        let mut owl: Owl<64> = Owl::new();
        let mut reader: Reader<64> = Reader::new();
        let mut solver: Solver<64> = Solver::new();
        let groups = analyze_groups(&mut board, &mut owl, &mut reader, &mut solver, budget);
        assert_eq!(board.hash(), hash);
        let layers = Layers {
            vital: Some(&groups.vital),
            unsure: Some(&groups.unsure),
            dead: Some(&groups.dead),
            ..Layers::default()
        };
        let frame = Frame::compose(board.size(), &layers, &Palette::default());
        (groups, frame)
    }

    #[test]
    fn a_spent_budget_shows_unsure_and_an_ample_one_the_verdict() {
        let palette = Palette::default();
        let one_node = OwlBudget {
            nodes: 1,
            ..OwlBudget::DEVICE
        };
        // White's corner group lives or dies by B1, whoever plays it.
        let critical = "
            .......
            .......
            .......
            .......
            XXXXX..
            OOOOX..
            ...OX..";
        let [a2, d1, b1] = ["A2", "D1", "B1"].map(|v| Point::from_vertex(v, 7).unwrap());
        let (groups, frame) = groups_frame(critical, &OwlBudget::DEVICE);
        assert!(groups.unsure.is_empty(), "{groups:?}");
        assert!(groups.critical.contains(a2) && groups.vital.contains(b1));
        assert_eq!(frame.led(b1), palette.vital);
        let (groups, frame) = groups_frame(critical, &one_node);
        assert!(groups.exhausted);
        assert!(groups.critical.is_empty() && groups.vital.is_empty());
        for p in [a2, d1] {
            assert!(groups.unsure.contains(p));
            assert_eq!(frame.led(p), palette.unsure);
        }
        assert_eq!(frame.led(b1), Led::OFF);
        // White's two-point eye in the corner is dead.
        let dead = "
            .......
            .......
            .......
            .......
            XXXX...
            OOOX...
            ..OX...";
        let [a2, c1] = ["A2", "C1"].map(|v| Point::from_vertex(v, 7).unwrap());
        let (groups, frame) = groups_frame(dead, &OwlBudget::DEVICE);
        assert!(
            groups.dead.contains(a2) && groups.dead.contains(c1),
            "{groups:?}"
        );
        assert!(!groups.unsure.contains(a2));
        assert_eq!(frame.led(c1), palette.dead);
        let (groups, frame) = groups_frame(dead, &one_node);
        assert!(groups.dead.is_empty());
        assert!(groups.unsure.contains(a2) && groups.unsure.contains(c1));
        assert_eq!(frame.led(c1), palette.unsure);
        assert_ne!(palette.unsure, palette.dead);
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
