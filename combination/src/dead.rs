//! Dead dragons are no prize: the owl filter on the target strings.
//!
//! GNU Go attacks only strings of dragons its owl analysis does not call
//! dead; a dead group that tactical reading cannot capture outright is
//! otherwise an easy "combination" (threaten it twice and it falls), a
//! false alarm. Before a search, every dragon with a target string short
//! of liberties (at most [`MAX_THREAT_LIBERTIES`], the strings a first
//! threat can reach) gets one owl defence search, its owner moving first,
//! under [`AaLimits::owl_nodes`]: when even that fails the dragon is dead
//! and its strings stop being targets. A search cut by its node limit
//! counts as a defence (owlet-owl's convention), so only dragons the owl
//! is sure of are dropped.
//!
//! Owns: [`drop_dead_dragons`], the owl limits it uses ([`owl_limits`])
//! and the sizes of its searcher ([`OWL_CACHE`], [`OWL_SOLVER_CACHE`]).
//! Omits: GNU Go's "critical" dragons (kept as targets) and a cache of
//! verdicts across calls: the searcher lives on the stack of one call
//! (6,928 bytes with its eye memo and the solver, plus the owl's own
//! recursion of at most [`OWL_DEPTH`] plies) and is gone after it.

use owlet_board::{Board, Code, Color, PointSet, Reader, ReadingLimits};
use owlet_optics::Solver;
use owlet_owl::{Owl, OwlLimits, dragon_stones};

use crate::search::{AaLimits, MAX_THREAT_LIBERTIES};

/// Cache entries of the filter's owl searcher (8 bytes each).
pub const OWL_CACHE: usize = 64;
/// Cache entries of the filter's eye-graph solver (8 bytes each).
pub const OWL_SOLVER_CACHE: usize = 128;
/// Plies of an owl search in the filter (owlet-owl's default is 20):
/// bounds its stack.
pub const OWL_DEPTH: u8 = 12;

/// Tactical reading nodes per call inside the filter's owl searches.
pub const OWL_READING_NODE_LIMIT: u32 = 200;

/// The owl limits of the filter: owlet-owl's defaults with
/// [`AaLimits::owl_nodes`] nodes per search, [`OWL_DEPTH`] plies and the
/// combination search's tactical reading limits.
#[must_use]
pub fn owl_limits(limits: &AaLimits) -> OwlLimits {
    OwlLimits {
        node_limit: limits.owl_nodes,
        depth: OWL_DEPTH.min(OwlLimits::DEFAULT.depth),
        branch_depth: OwlLimits::DEFAULT.branch_depth.min(OWL_DEPTH),
        // Not grown by linked strings: that gives the held-out quiet
        // position disaster.sgf 110 a false alarm (white G4).
        link_goal: false,
        reading: ReadingLimits {
            node_limit: OWL_READING_NODE_LIMIT,
            ..OwlLimits::DEFAULT.reading
        },
        ..OwlLimits::DEFAULT
    }
}

/// Removes from `targets` the stones of dragons of `defender` that the
/// owl calls dead (see the module docs); answers the owl nodes spent and
/// whether [`AaLimits::owl_total`] ran out first (no new search starts
/// then, so a call reads at most that total plus one search). Does
/// nothing when [`AaLimits::owl_nodes`] is 0. The board is left as it
/// was; the reader's limits too.
#[inline(never)]
pub fn drop_dead_dragons<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    defender: Color,
    targets: &mut PointSet,
    limits: &AaLimits,
) -> (u64, bool) {
    if limits.owl_nodes == 0 {
        return (0, false);
    }
    let mut owl = Owl::<OWL_CACHE>::new();
    owl.set_limits(owl_limits(limits));
    let mut solver = Solver::<OWL_SOLVER_CACHE>::new();
    let mut checked = PointSet::new();
    let candidates = *targets;
    let mut spent = false;
    for p in candidates.iter() {
        if owl.nodes() >= u64::from(limits.owl_total) {
            spent = true;
            break;
        }
        if checked.contains(p)
            || board.color_at(p) != Some(defender)
            || board.liberty_count(p) > MAX_THREAT_LIBERTIES
        {
            continue;
        }
        let dragon = dragon_stones(board, p);
        for s in dragon.iter() {
            checked.insert(s);
        }
        let r = owl.defend(board, reader, &mut solver, p);
        if r.code == Code::Fail && !r.limit_hit {
            trace!("dead dragon: {}", p);
            for s in dragon.iter() {
                targets.remove(s);
            }
        }
    }
    (owl.nodes(), spent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use owlet_board::Point;

    fn white_stones(board: &Board) -> PointSet {
        let mut set = PointSet::new();
        for i in 0..board.size() * board.size() {
            if let Some(p) = Point::new(i % board.size(), i / board.size())
                && board.color_at(p) == Some(Color::White)
            {
                set.insert(p);
            }
        }
        set
    }

    #[test]
    fn a_dead_group_is_dropped_and_a_live_one_kept() {
        // Left: white's corner group has one eye of two points (reading
        // cannot capture it, owl calls it dead). Right: two separate eyes.
        let mut board: Board = Board::from_diagram(
            "
            .......
            .......
            XXXXXXX
            OOOXOOO
            ..OXO.O
            OOOXOOO
            XXXXO.O",
        )
        .unwrap();
        let before = board.clone();
        let mut reader: Reader = Reader::new();
        let mut targets = white_stones(&board);
        let (nodes, spent) = drop_dead_dragons(
            &mut board,
            &mut reader,
            Color::White,
            &mut targets,
            &AaLimits::default(),
        );
        assert!(nodes > 0 && !spent);
        let at = |v: &str| Point::from_vertex(v, 7).unwrap();
        assert!(!targets.contains(at("A4")) && !targets.contains(at("C3")));
        assert!(targets.contains(at("E4")) && targets.contains(at("G1")));
        assert_eq!(board, before);
        // Owl off: nothing dropped.
        let mut all = white_stones(&board);
        let off = AaLimits {
            owl_nodes: 0,
            ..AaLimits::default()
        };
        assert_eq!(
            drop_dead_dragons(&mut board, &mut reader, Color::White, &mut all, &off),
            (0, false)
        );
        assert_eq!(all, white_stones(&board));
        // A total of one node: the first search runs, then the filter
        // stops and says so; what it did not check stays a target.
        let one = AaLimits {
            owl_total: 1,
            ..AaLimits::default()
        };
        let (nodes, spent) =
            drop_dead_dragons(&mut board, &mut reader, Color::White, &mut all, &one);
        assert!(
            spent && nodes >= 1 && nodes <= u64::from(one.owl_nodes),
            "{nodes}"
        );
        assert!(all.len() > targets.len());
        assert_eq!(board, before);
    }

    #[test]
    fn the_filter_searcher_is_small() {
        let bytes = core::mem::size_of::<Owl<OWL_CACHE>>()
            + core::mem::size_of::<Solver<OWL_SOLVER_CACHE>>();
        std::println!("filter searcher: {bytes} bytes");
        assert!(bytes <= 7 * 1024, "{bytes}");
    }
}
