//! Owl reading: can a dragon be killed, can it be saved.
//!
//! Owns [`Owl`]: attack/defend searches over a goal (the dragon's stones,
//! grown by the defender's stones that join it and the strings they link
//! to it, [`crate::dragon::linked_strings`]), their limits
//! ([`OwlLimits`]), node counting and the transposition cache, and the
//! answers built on them: does a move attack or defend, threats, and
//! [`DragonStatus`].
//!
//! At the root of an attack, a goal in open space ([`OPEN_ROOM`]) or with
//! ample eye space ([`AMPLE_EYE_SPACE`] points, or [`OWNED_EYE_POINTS`]
//! that are not marginal), and with no string the attacker can take, is
//! judged alive without a search; so is, when the call trusts
//! the root ([`OwlLimits::doubt_root_alive`] off, as a listing of every
//! dragon does), an estimate of two eyes in a space the goal owns
//! ([`MARGINAL_SHARE`]).
//! At each node [`crate::life::evaluate`] judges the goal: two sure eyes
//! (the attacker moving first) end the search for the defender, fewer
//! than two even with the defender moving first, and no lunch to eat, no
//! room to run and no room to widen (a point of it when not even one eye
//! is in reach), nor, with the defender to move, a liberty next to a
//! friendly string outside the goal ([`Life::linkable`]: a way out), for
//! the attacker; an eye space the solver could only
//! estimate leaves the node open, except below the root of an attack
//! call, where an estimate of two eyes in a space the goal owns
//! ([`MARGINAL_SHARE`]) ends it for the defender. Otherwise the side to
//! move tries its best candidates ([`crate::moves`]):
//! [`OwlLimits::root_moves`] at the root
//! ([`OwlLimits::estimated_root_moves`] when its eye value is partly
//! an estimate), [`OwlLimits::first_reply_moves`] for the defender's reply
//! to the attacker's first move, [`OwlLimits::moves_per_node`] below, one
//! beyond [`OwlLimits::branch_depth`]. An attack's root whose eye value
//! is exact first tries the first candidate after which the evaluation
//! already calls the goal dead (with an estimated value, a lone such move
//! is the checks' first). The attacker wins by
//! capturing every original goal string or by a position the evaluation
//! calls dead; a search that hits a limit counts as the defender's win
//! (GNU Go's convention) and says so in [`OwlResult::limit_hit`].
//!
//! Kos: a ko capture forbidden by the ko rule may be retaken once a
//! threat is assumed (while the depth is below [`OwlLimits::ko_depth`]);
//! a result that needs it is at best [`Code::KoB`] for the retaker, which
//! the parent sees as [`Code::KoA`]. The retaker becomes the komaster
//! (GNU Go's word): until that ko is filled or taken back, neither side
//! retakes against the rule again, so a ko fight's outcome does not hang
//! on which side the depth limit stops. Two eyes do not end the attacker's
//! node while a goal string can be taken by ko (nor settle the root for
//! the defender): the attacker reads its ko capture first. A side whose
//! ko capture the opponent could not answer at once (the opponent played
//! elsewhere) tries filling that ko first at its next turn, one move
//! beyond the node's width: the side that has won a ko fight resolves it.
//! Near the root a node also reads, beyond its width, a second vital
//! point optics finds as good as the one it names ([`OTHER_VITAL_DEPTH`]),
//! and the defender's root reads its best move that parts an eye space in
//! two ([`crate::moves::split_point`]).
//!
//! A defender's root move that wins, and would become the answer, is
//! checked (the first [`ROOT_CHECKS`] such moves): the attacker's reply is
//! read again as the attacker's own call would read it, and a move that
//! check refutes is not the answer. A check takes from the cache the kills
//! the tree's attacker found at any depth and reads the rest again, as it
//! looks wider than the tree for the kills the tree missed. When no root
//! move wins, the best ([`ROOT_RESCUES`]) is read again the same way, and
//! so is the attacker's reply that refuted the first (its vital point,
//! taken first); one that reading cannot kill is the answer. At the root
//! of either side, the opponent's replies that refuted root moves are
//! tried as moves too ([`ROOT_REFUTATIONS`]). The attacker's move with
//! which the last check refuted is a killer move: a check's root tries it
//! first, and the call's root tries it next, as soon as a check has found
//! it ([`CHECK_KILLS`]). In an attack call, the defender's replies to the
//! attacker's root moves that win outright get the same check
//! ([`REPLY_CHECKS`]); a reply counts for no more than its check finds
//! (nothing when the check kills outright, a ko when it kills by ko).
//! A root whose moves all fail falls back on its static verdict with no
//! move (`PASS`: alive for the defender, dead for the attacker) only if
//! the other side, to move, cannot overturn it.
//!
//! Every node a call reads, its checks and rescues included, counts
//! against one budget, [`OwlLimits::node_limit`], of which the checks and
//! rescues together may take at most [`OwlLimits::check_limit`]. A node
//! at the limit answers as the defender would have it, so a kill a cut
//! check found still refutes (more budget could only find more kills),
//! while a rescue the budget cuts saves nothing; once it is spent no
//! rescue starts. The nodes and their reading count against
//! [`OwlLimits::work_limit`] the same way: owl nodes, tactical
//! reading nodes and eye-solver nodes, weighed by what each costs
//! ([`OWL_NODE_WORK`], [`SOLVER_NODES_PER_READING_NODE`]); past
//! [`OwlLimits::eye_limit`] solver nodes, every further eye space is read
//! with at most [`SPENT_EYE_BUDGET`] nodes. So a call's work is bounded by
//! its budgets alone.
//!
//! Every call leaves the board exactly as it found it (each move is
//! undone), and restores the reader's limits.
//!
//! Omits: GNU Go's owl pattern database, semeai reading inside owl, the
//! "probable eyes" estimates and its ko-threat bookkeeping.

use owlet_board::{
    Board, Code, Color, MAX_START_DEPTH, Move, PlayError, Point, PointSet, Reader, ReadingLimits,
    TransCache,
};
use owlet_optics::Solver;

use crate::dragon::{dragon_stones_read, linked_strings};
use crate::life::{
    EYE_MEMO_ENTRIES, EYE_READ_VERTICES, EyeMemo, Life, OPEN_EYE_READ_VERTICES,
    TREE_EYE_READ_VERTICES, TREE_OPEN_EYE_READ_VERTICES, alive_at_a_glance, begin_search,
    end_search, evaluate, goal_stones, open_room, set_eye_reach,
};
use crate::moves::{MAX_CANDIDATES, MoveList, attack_moves, defense_moves, split_point};

/// The largest eye graphs, and open eye graphs, read at an owl search's
/// root (see [`crate::life::set_eye_reach`]).
const ROOT_REACH: (usize, usize) = (EYE_READ_VERTICES, OPEN_EYE_READ_VERTICES);
/// The same below the root.
const TREE_REACH: (usize, usize) = (TREE_EYE_READ_VERTICES, TREE_OPEN_EYE_READ_VERTICES);

/// The depth the root's look for static kills starts its tactical reads
/// at: a look that only orders the moves reads shallower than the tree.
const LOOK_START_DEPTH: u8 = MAX_START_DEPTH;

/// The deepest an owl search may go, whatever the limits say.
pub const MAX_OWL_DEPTH: usize = 32;

/// Plies from the root at which a static "lost for the mover" verdict is
/// still searched (one ply more for the attacker, and for a defender
/// whose root move joined other strings to the goal: a new dragon, as
/// unsure as a root's): the sum of several spaces' values can miss a move
/// that settles two at once.
pub const DOUBTED_PLIES: usize = 2;

/// Default number of cache entries (8 bytes each).
pub const DEFAULT_CACHE_ENTRIES: usize = 512;

/// Limits of an owl search (GNU Go's names in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OwlLimits {
    /// Moves deep, at most [`MAX_OWL_DEPTH`] (`owl_reading_depth`).
    pub depth: u8,
    /// Beyond this depth one move per node is tried (`owl_branch_depth`).
    pub branch_depth: u8,
    /// Moves tried per node below the branch depth.
    pub moves_per_node: u8,
    /// Moves tried at the root.
    pub root_moves: u8,
    /// Moves tried at the root when its eye value is partly the solver's
    /// estimate (a big open space, where the candidates' scores say little).
    pub estimated_root_moves: u8,
    /// Moves the defender tries in reply to the attacker's first move.
    pub first_reply_moves: u8,
    /// Below this depth a forbidden ko capture may be retaken.
    pub ko_depth: u8,
    /// Owl nodes per top-level call (`owl_node_limit`), its checks and
    /// rescues included: a call never reads more.
    pub node_limit: u32,
    /// Of [`OwlLimits::node_limit`], the most a call's checks and rescues
    /// may read together, so that they cannot starve the tree; a check
    /// that needs more is seldom the one that changes the answer.
    pub check_limit: u32,
    /// Work per top-level call, its checks and rescues included, in
    /// tactical reading nodes: its reading nodes, [`OWL_NODE_WORK`] per owl
    /// node and its eye-solver nodes over [`SOLVER_NODES_PER_READING_NODE`].
    /// A call that has done it stops as at its node limit.
    pub work_limit: u32,
    /// Eye-solver nodes per top-level call after which every further eye
    /// space is read with at most [`SPENT_EYE_BUDGET`] nodes (its value is
    /// then mostly the solver's estimate), so that eye spaces cannot take
    /// the call's whole work.
    pub eye_limit: u32,
    /// The eye-graph solver's node budget per eye space during an owl
    /// search (an eye space beyond it gets the solver's flagged estimate).
    pub eye_budget: u32,
    /// The same budget for the root's evaluation, done once per call.
    pub root_eye_budget: u32,
    /// Whether a defender's move grows the goal by the strings it links
    /// to it (see `grow_goal`), not only by its own string.
    pub link_goal: bool,
    /// Whether the attacker's root reads its moves when the evaluation
    /// already says two sure eyes ([`DOUBTED_PLIES`]); without it the
    /// verdict stands, as GNU Go's static dragon statuses do, and so does
    /// an estimate of two eyes in a space the dragon owns
    /// ([`MARGINAL_SHARE`]).
    pub doubt_root_alive: bool,
    /// From this depth on, each further ply starts a node's tactical reads
    /// one ply deeper, up to [`MAX_START_DEPTH`] (GNU Go's reading depth
    /// counts the owl's own moves): cheaper reads deep in the tree.
    /// `u8::MAX` (the default): every read starts at its own root, as
    /// life-and-death problems need.
    pub reading_deepens_from: u8,
    /// The tactical reader's limits during an owl search: shallower than
    /// the reader's defaults, as owl reads many strings at every node.
    pub reading: ReadingLimits,
}

impl OwlLimits {
    /// The default limits.
    pub const DEFAULT: OwlLimits = OwlLimits {
        depth: 20,
        branch_depth: 4,
        moves_per_node: 4,
        root_moves: 8,
        estimated_root_moves: 10,
        first_reply_moves: 8,
        ko_depth: 14,
        node_limit: 1000,
        check_limit: 600,
        work_limit: 140_000,
        eye_limit: 300_000,
        eye_budget: 20_000,
        root_eye_budget: 100_000,
        link_goal: true,
        doubt_root_alive: true,
        reading_deepens_from: u8::MAX,
        reading: ReadingLimits {
            depth: 6,
            branch_depth: 4,
            fourlib_depth: 3,
            ko_depth: 5,
            break_chain_depth: 2,
            extend_depth: 6,
            backfill_depth: 3,
            pre_read_width: 0,
            pre_read_step: 2,
            node_limit: 400,
        },
    };
}

impl Default for OwlLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The answer of a threat search ([`Owl::threaten_attack`],
/// [`Owl::threaten_defense`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OwlThreat {
    /// GNU Go's result code for the side asking.
    pub code: Code,
    /// The first of the two moves, when the code is not `Fail`.
    pub first: Option<Point>,
    /// The second move (`None`: the first already reaches the goal).
    pub second: Option<Point>,
    /// Whether a limit cut one of the searches read for it.
    pub limit_hit: bool,
}

/// The answer of an owl search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OwlResult {
    /// GNU Go's result code for the side asking.
    pub code: Code,
    /// The move that reaches it; `None` with a code other than `Fail`
    /// means no move is needed (GTP `PASS`).
    pub point: Option<Point>,
    /// Whether a limit (nodes or depth) cut the search.
    pub limit_hit: bool,
    /// Owl nodes the call visited.
    pub nodes: u32,
}

/// An owl node's own work (its evaluation and move generation, reading
/// aside) in tactical reading nodes (on the device, about 107,000 and
/// 3,545 instructions).
pub const OWL_NODE_WORK: u64 = 30;

/// Eye-solver nodes that cost as much as one tactical reading node (on the
/// device, 241 and 3,545 instructions): their weight in a call's work.
pub const SOLVER_NODES_PER_READING_NODE: u64 = 15;

/// The eye solver's budget per eye space once a call has read
/// [`OwlLimits::eye_limit`] solver nodes.
pub const SPENT_EYE_BUDGET: u32 = 2_000;

/// Moves the attacker tries at the branch depth itself (one below it for
/// either side beyond): its first-scored move there is often not the kill.
pub const ATTACKER_MOVES_AT_BRANCH_DEPTH: usize = 2;

/// The defender's root moves per call whose win is checked by reading the
/// attacker's reply again as the attacker's own call would; a refuted
/// move is not the answer, and the root tries its next.
pub const ROOT_CHECKS: u8 = 3;

/// In an attack call, the defender's replies to the attacker's winning
/// root moves checked as the defender's root moves are ([`ROOT_CHECKS`]).
pub const REPLY_CHECKS: u8 = 2;

/// When no root move of the defender wins in the tree, its first this many
/// read again as the attacker's own call after them would, and then the
/// attacker's reply that refuted the first; one that reading cannot kill
/// is the answer. Rescues of later moves almost never succeed and cost a
/// full attacker search each.
pub const ROOT_RESCUES: usize = 1;

/// At a call's root, the opponent's replies that refuted root moves, tried
/// as the mover's own moves after the candidates (often the vital point).
pub const ROOT_REFUTATIONS: usize = 2;

/// The checks' kills (the attacker's moves with which a check refuted) a
/// call's root tries at most, each as soon as a check has found it: the
/// attacker's root plays the kill, the defender's takes its point first.
/// A kill found after a root move and its reply often kills without them.
pub const CHECK_KILLS: usize = 2;

/// At the root of an attack call (and of a check, which reads as one), a
/// goal with this much open room (points within
/// [`OPEN_RADIUS`](crate::life::OPEN_RADIUS) steps that no attacker wall
/// stands in front of) and no string the attacker can take is not
/// attacked: it runs into open space.
pub const OPEN_ROOM: usize = 25;

/// At the root of an attack call, a goal whose eye spaces hold at least
/// this many points, worth two eyes or more by the solver's estimate, and
/// with no string the attacker can take, is judged alive without a search
/// (a real game's territory; GNU Go too judges such dragons statically).
/// A check does not take it: a defender's move is read.
pub const AMPLE_EYE_SPACE: usize = 25;

/// [`AMPLE_EYE_SPACE`] counting only the points that are not marginal:
/// the attacker cannot reduce that many of the goal's own points to one eye.
pub const OWNED_EYE_POINTS: usize = 10;

/// Eye spaces with fewer than one marginal point in this many are the
/// goal's own: their estimate of two eyes ends an attack call's nodes
/// below the root, and its root too with [`OwlLimits::doubt_root_alive`] off.
pub const MARGINAL_SHARE: usize = 3;

/// From this depth on, an estimated eye value of two eyes even with the
/// attacker first ends the node as alive ("getting deep, looks lively").
pub const LIVELY_DEPTH: usize = 13;

/// Below this depth a defender's node judged lost, which two defender
/// moves would give two eyes, still reads its vital points.
pub const VITAL_DOUBT_DEPTH: usize = 6;

/// From depth 1 to below this depth, a node also reads the mover's other
/// vital point that optics rates as good as the one it names.
pub const OTHER_VITAL_DEPTH: usize = 3;

/// The answer of [`Owl::status`]: the status and how many of its
/// searches (one or two) a limit cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct OwlStatus {
    /// What the searches found.
    pub status: DragonStatus,
    /// The searches that hit a limit ([`OwlResult::limit_hit`]).
    pub limit_hits: u8,
}

/// A dragon's life-and-death status (GNU Go's `dragon_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum DragonStatus {
    /// The attacker cannot kill it.
    Alive,
    /// The defender cannot save it.
    Dead,
    /// Whoever moves first decides: the attacker's move and the
    /// defender's (`None` is a pass).
    Critical {
        /// Where the attacker kills.
        attack: Option<Point>,
        /// Where the defender lives.
        defense: Option<Point>,
    },
}

/// Which side moves at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Attacker = 1,
    Defender = 2,
}

impl Side {
    /// The side's name in the trace.
    #[cfg(feature = "trace")]
    const fn word(self) -> &'static str {
        match self {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        }
    }

    /// The side that moves after this one.
    const fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// An owl searcher: limits, counters and a transposition cache kept
/// across calls (entries are keyed by position, goal and side, so they
/// stay valid as the game goes on).
///
/// ```
/// use owlet_board::{Board, Code, Point, Reader};
/// use owlet_optics::Solver;
/// use owlet_owl::Owl;
/// // White's corner group has one eye space of three points in a row:
/// // black kills by playing in its middle.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .......
///     .......
///     .......
///     XXXXX..
///     OOOOX..
///     ...OX..").unwrap();
/// let (mut owl, mut reader, mut solver) = (Owl::<64>::new(), Reader::<64>::new(), Solver::<64>::new());
/// let d2 = Point::from_vertex("D2", 7).unwrap();
/// let r = owl.attack(&mut board, &mut reader, &mut solver, d2);
/// assert_eq!((r.code, r.point), (Code::Win, Point::from_vertex("B1", 7).ok()));
/// ```
pub struct Owl<const CACHE: usize = DEFAULT_CACHE_ENTRIES, const EYES: usize = EYE_MEMO_ENTRIES> {
    limits: OwlLimits,
    nodes: u64,
    call_nodes: u32,
    /// The reader's node count as the current call started.
    reading_start: u64,
    /// The eye solver's node count as the current call started.
    solver_start: u64,
    /// The nodes of `call_nodes` read by checks and rescues.
    check_nodes: u32,
    limit_hit: bool,
    /// Root moves still to be checked by a search of their own this call
    /// ([`ROOT_CHECKS`]).
    checks_left: u8,
    /// The next node skips its cache lookup (a root check's first node).
    fresh: bool,
    /// A root check is reading: of the cache entries computed deeper (by a
    /// narrower node) than the node asking, it takes only the attacker's
    /// kills.
    checking: bool,
    /// Counts cut-offs, so a subtree that met one is not cached.
    cutoffs: u32,
    /// Counts nodes refused for the node budget, so a check or rescue
    /// knows whether the budget cut it.
    budget_cuts: u32,
    /// Answers keyed by position, goal and side, with the depth of the
    /// node that computed each: deeper nodes read fewer moves, so while
    /// checking an entry that is not an attacker's kill serves only nodes
    /// at its depth or deeper.
    cache: TransCache<CACHE>,
    /// Eye-space values read during the current call (cleared as a call
    /// starts, unlike `cache`).
    eyes: EyeMemo<EYES>,
    /// The attacker's move with which the last check refuted (a killer
    /// move, see [`CHECK_KILLS`]).
    check_kill: Option<Point>,
    /// The lone static kill of an estimated attack root: a check's root
    /// tries it first while no check has found a kill.
    static_kill: Option<Point>,
    /// The checks' kills the call's root has tried.
    root_kills: [Option<Point>; CHECK_KILLS],
    /// The opponent's reply that refuted the call's first root move (what
    /// a defender's rescue reads after its first moves).
    first_refutation: Option<Point>,
}

impl<const CACHE: usize, const EYES: usize> Default for Owl<CACHE, EYES> {
    fn default() -> Self {
        Self::new()
    }
}

/// What stays fixed during one top-level search.
struct Task<'a> {
    /// The dragon's stones when the search started.
    original: &'a PointSet,
    /// The goal's owner.
    color: Color,
    /// Salt for cache keys: the dragon's first stone, and whether the call
    /// attacks (its nodes judge by [`owns_its_space`], a defence's do not).
    salt: u64,
    /// Whether the call asks if the dragon can be killed.
    attack: bool,
}

impl<const CACHE: usize, const EYES: usize> Owl<CACHE, EYES> {
    /// A searcher with the default limits and an empty cache.
    #[must_use]
    pub const fn new() -> Self {
        Owl {
            limits: OwlLimits::DEFAULT,
            nodes: 0,
            call_nodes: 0,
            reading_start: 0,
            solver_start: 0,
            check_nodes: 0,
            limit_hit: false,
            checks_left: 0,
            fresh: false,
            checking: false,
            cutoffs: 0,
            budget_cuts: 0,
            cache: TransCache::new(),
            eyes: EyeMemo::new(),
            check_kill: None,
            static_kill: None,
            root_kills: [None; CHECK_KILLS],
            first_refutation: None,
        }
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> OwlLimits {
        self.limits
    }

    /// Replaces the limits (and clears the cache, whose answers depend on them).
    pub fn set_limits(&mut self, limits: OwlLimits) {
        self.limits = limits;
        self.clear_cache();
    }

    /// Replaces [`OwlLimits::node_limit`] alone and keeps the cache: it
    /// holds only subtrees that no limit cut, which any node limit reads
    /// alike.
    pub fn set_node_limit(&mut self, node_limit: u32) {
        self.limits.node_limit = node_limit;
    }

    /// Replaces [`OwlLimits::doubt_root_alive`] alone and keeps the cache:
    /// a root that trusts its verdict is not cached.
    pub fn set_doubt_root_alive(&mut self, doubt: bool) {
        self.limits.doubt_root_alive = doubt;
    }

    /// Replaces [`OwlLimits::reading_deepens_from`] alone and keeps the
    /// cache: a call's entries are keyed by it.
    pub fn set_reading_deepens_from(&mut self, depth: u8) {
        self.limits.reading_deepens_from = depth;
    }

    /// Forgets every cached answer.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
        self.eyes.clear();
    }

    /// Owl nodes visited since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Can the dragon through `p` be killed, the attacker moving first?
    /// An empty point answers `Fail`.
    pub fn attack<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> OwlResult {
        self.top(board, reader, solver, p, None, Side::Attacker)
    }

    /// Can the dragon through `p` be saved, its owner moving first?
    /// An empty point answers `Fail`.
    pub fn defend<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> OwlResult {
        self.top(board, reader, solver, p, None, Side::Defender)
    }

    /// Does the attacker's move at `mv` kill the dragon through `p` (the
    /// defender cannot save it afterwards)? An illegal move answers `Fail`.
    pub fn does_attack<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        mv: Point,
        p: Point,
    ) -> OwlResult {
        self.top(board, reader, solver, p, Some(mv), Side::Attacker)
    }

    /// Does the defender's move at `mv` save the dragon through `p`?
    pub fn does_defend<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        mv: Point,
        p: Point,
    ) -> OwlResult {
        self.top(board, reader, solver, p, Some(mv), Side::Defender)
    }

    /// Two moves in a row that kill the dragon through `p` when one does
    /// not (GNU Go's `owl_threaten_attack`): the code and both moves.
    pub fn threaten_attack<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> OwlThreat {
        self.threaten(board, reader, solver, p, Side::Attacker)
    }

    /// Two moves in a row that save the dragon through `p` (GNU Go's
    /// `owl_threaten_defense`): the code and both moves.
    pub fn threaten_defense<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> OwlThreat {
        self.threaten(board, reader, solver, p, Side::Defender)
    }

    /// Whether the dragon through `p` is alive by the attack root's static
    /// verdicts alone, with no search and no cache entry: two sure eyes
    /// (the attacker moving first), open room ([`OPEN_ROOM`]), ample eye
    /// space ([`AMPLE_EYE_SPACE`], [`OWNED_EYE_POINTS`]), or with
    /// [`OwlLimits::doubt_root_alive`] off two estimated eyes in a space
    /// it owns ([`MARGINAL_SHARE`]). False for an empty point.
    pub fn alive_without_search<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> bool {
        let Some(color) = board.color_at(p).filter(|_| board.is_on_board(p)) else {
            return false;
        };
        self.eyes.clear();
        let (reading, budget) = (self.limits.reading, self.limits.root_eye_budget);
        let saved = begin_search(reader, solver, reading, budget, ROOT_REACH);
        let goal = dragon_stones_read(board, reader, p);
        let ample = (AMPLE_EYE_SPACE, OWNED_EYE_POINTS);
        if alive_at_a_glance(
            board,
            reader,
            solver,
            &mut self.eyes,
            &goal,
            color,
            OPEN_ROOM,
            ample,
        ) {
            self.eyes.clear();
            end_search(reader, solver, saved);
            return true;
        }
        let life = evaluate(board, reader, solver, &mut self.eyes, &goal, color, true);
        end_search(reader, solver, saved);
        self.eyes.clear();
        judge(&life, Side::Attacker) == Some((Code::Fail, None))
            || runs_or_lives(board, &life, color, true)
            || (!self.limits.doubt_root_alive && owns_its_space(&life))
    }

    /// The dragon's status from an attack and a defence search (the
    /// defence only when the attack succeeds); `None` for an empty point.
    pub fn status<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
    ) -> Option<OwlStatus> {
        board.color_at(p)?;
        let attack = self.attack(board, reader, solver, p);
        let mut answer = OwlStatus {
            status: DragonStatus::Alive,
            limit_hits: u8::from(attack.limit_hit),
        };
        if attack.code == Code::Fail {
            return Some(answer);
        }
        let defend = self.defend(board, reader, solver, p);
        answer.limit_hits += u8::from(defend.limit_hit);
        answer.status = if defend.code == Code::Fail {
            DragonStatus::Dead
        } else {
            DragonStatus::Critical {
                attack: attack.point,
                defense: defend.point,
            }
        };
        Some(answer)
    }

    fn threaten<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
        side: Side,
    ) -> OwlThreat {
        let mut answer = OwlThreat {
            code: Code::Fail,
            first: None,
            second: None,
            limit_hit: false,
        };
        let Some(color) = board.color_at(p).filter(|_| board.is_on_board(p)) else {
            return answer;
        };
        let mover = match side {
            Side::Attacker => color.opponent(),
            Side::Defender => color,
        };
        let saved = reader.limits();
        reader.set_limits(self.limits.reading);
        let original = dragon_stones_read(board, reader, p);
        let life = evaluate(
            board,
            reader,
            solver,
            &mut self.eyes,
            &original,
            color,
            true,
        );
        let list = match side {
            Side::Attacker => attack_moves(board, reader, &life),
            Side::Defender => defense_moves(board, reader, &life),
        };
        reader.set_limits(saved);
        let mut index = 0;
        for _ in 0..self.limits.moves_per_node {
            let Some(first) = list.next_playable(board, mover, &mut index) else {
                break;
            };
            if board.play(mover, Move::Play(first)).is_err() {
                continue;
            }
            let r = if board.color_at(p) == Some(color) {
                // The opponent passes; the mover plays again.
                self.top(board, reader, solver, p, None, side)
            } else {
                OwlResult {
                    code: Code::Win,
                    point: None,
                    limit_hit: false,
                    nodes: 0,
                }
            };
            let _ = board.undo();
            answer.limit_hit |= r.limit_hit;
            if r.code != Code::Fail {
                answer.code = r.code;
                answer.first = Some(first);
                answer.second = r.point;
                return answer;
            }
        }
        answer
    }

    fn top<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        p: Point,
        first: Option<Point>,
        side: Side,
    ) -> OwlResult {
        self.call_nodes = 0;
        self.check_nodes = 0;
        self.limit_hit = false;
        self.checks_left = match side {
            Side::Attacker => REPLY_CHECKS,
            Side::Defender => ROOT_CHECKS,
        };
        // The eye memo is the call's own: its key sees only the eye space
        // and the points next to it, so an entry an earlier call left for
        // the same key may have been read with other stones further away,
        // and the answer would depend on the calls before.
        self.eyes.clear();
        self.check_kill = None;
        self.static_kill = None;
        self.root_kills = [None; CHECK_KILLS];
        self.first_refutation = None;
        let fail = OwlResult {
            code: Code::Fail,
            point: None,
            limit_hit: false,
            nodes: 0,
        };
        let Some(color) = board.color_at(p).filter(|_| board.is_on_board(p)) else {
            return fail;
        };
        // The dragon is read under owl's reading limits.
        let (reading, budget) = (self.limits.reading, self.limits.eye_budget);
        let saved = begin_search(reader, solver, reading, budget, TREE_REACH);
        self.reading_start = reader.nodes();
        self.solver_start = solver.total_nodes();
        let original = dragon_stones_read(board, reader, p);
        let attack = side == Side::Attacker;
        let task = Task {
            original: &original,
            color,
            salt: (p.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ u64::from(attack).wrapping_mul(0xA076_1D64_78BD_642F)
                ^ u64::from(self.limits.reading_deepens_from).wrapping_mul(0xE703_7ED1_A0B4_28DB),
            attack,
        };
        let (code, point) = match first {
            None => {
                let kos = Kos {
                    fill: None,
                    master: None,
                };
                self.node(board, reader, solver, &task, &original, side, 0, kos)
            }
            Some(mv) => {
                let mover = match side {
                    Side::Attacker => color.opponent(),
                    Side::Defender => color,
                };
                let fill = board.ko_point();
                if board.play(mover, Move::Play(mv)).is_ok() {
                    let kos = Kos { fill, master: None };
                    let link = self.limits.link_goal;
                    let goal = grow_goal(board, &original, mv, side, color, link, true);
                    let reply = side.other();
                    let (child, _) = self.node(board, reader, solver, &task, &goal, reply, 1, kos);
                    let _ = board.undo();
                    (child.invert(), Some(mv))
                } else {
                    (Code::Fail, None)
                }
            }
        };
        end_search(reader, solver, saved);
        trace!(
            "call {} nodes {} check_nodes {}",
            if attack { "attack" } else { "defend" },
            self.call_nodes,
            self.check_nodes
        );
        OwlResult {
            code,
            point: if code == Code::Fail { None } else { point },
            limit_hit: self.limit_hit,
            nodes: self.call_nodes,
        }
    }

    fn key(&self, board_hash: u64, task: &Task<'_>, side: Side, master: Option<Point>) -> u64 {
        let master = master.map_or(0, |p| p.index() as u64 + 1);
        board_hash
            ^ task.salt
            ^ (side as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ master.wrapping_mul(0x94D0_49BB_1331_11EB)
    }

    /// The cached answer of `side`'s node at `depth`. A check looks wider
    /// than the tree for the kills its narrower attacker missed: it takes
    /// the kill an attacker's node found (a move that wins, or wins a ko)
    /// from any depth, and reads every other entry computed deeper again
    /// (a defender's node found lost there had a narrower choice).
    fn lookup(&self, key: u64, depth: usize, side: Side) -> Option<(Code, Option<Point>)> {
        let (code, point, at) = self.cache.lookup(key)?;
        let kill = side == Side::Attacker && code != Code::Fail;
        if self.checking && usize::from(at) > depth && !kill {
            return None;
        }
        Some((code, point))
    }

    fn store(&mut self, key: u64, depth: usize, code: Code, point: Option<Point>) {
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        self.cache.store(key, depth, code, point);
    }

    /// One node: `side` moves; the answer is that side's code and move.
    #[allow(clippy::too_many_arguments)]
    fn node<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        side: Side,
        depth: usize,
        kos: Kos,
    ) -> (Code, Option<Point>) {
        let lost = (Code::Fail, None);
        let fresh = core::mem::take(&mut self.fresh);
        if self.call_spent(reader, solver)
            || (self.checking && self.check_nodes >= self.limits.check_limit)
        {
            self.limit_hit = true;
            self.cutoffs = self.cutoffs.wrapping_add(1);
            self.budget_cuts = self.budget_cuts.wrapping_add(1);
            // The defender wins at the limit.
            return match side {
                Side::Attacker => lost,
                Side::Defender => (Code::Win, None),
            };
        }
        self.nodes += 1;
        self.call_nodes = self.call_nodes.saturating_add(1);
        if self.checking {
            self.check_nodes = self.check_nodes.saturating_add(1);
        }
        // Every original string captured: the attacker has won.
        let any_original = task
            .original
            .iter()
            .any(|q| board.color_at(q) == Some(task.color));
        if !any_original {
            return match side {
                Side::Attacker => (Code::Win, None),
                Side::Defender => lost,
            };
        }
        let key = self.key(board.hash(), task, side, kos.master);
        if !fresh && let Some(hit) = self.lookup(key, depth, side) {
            return hit;
        }
        let cutoffs = self.cutoffs;
        // This node's reads start as deep as its depth says; the caller's
        // start depth is given back before returning.
        let outer_start = reader.start_depth();
        reader.set_start_depth(self.reading_start(depth));
        // The evaluation's state (the Life, the move list) lives only in
        // `plan`'s frame, so a ply keeps just its few candidate moves while
        // the search goes deeper: on the device every byte a ply keeps is
        // multiplied by the depth.
        let result = match self.plan(board, reader, solver, task, goal, side, depth, kos) {
            Plan::Answer(answer) => answer,
            Plan::Search(moves, fallback) => {
                let found =
                    self.search(board, reader, solver, task, goal, &moves, side, depth, kos);
                #[cfg(feature = "trace")]
                trace_searched(
                    board,
                    task,
                    side,
                    depth,
                    &moves,
                    found,
                    self.cutoffs != cutoffs,
                );
                match (found, fallback) {
                    ((Code::Fail, _), Some((Code::Win, None))) if depth == 0 => {
                        self.confirm_pass(board, reader, solver, task, goal, side, kos)
                    }
                    ((Code::Fail, _), Some(decided)) => decided,
                    (found, _) => found,
                }
            }
        };
        reader.set_start_depth(outer_start);
        if self.cutoffs == cutoffs {
            self.store(key, depth, result.0, result.1);
        }
        result
    }

    /// The depth a node's tactical reads start at
    /// ([`OwlLimits::reading_deepens_from`]).
    fn reading_start(&self, depth: usize) -> u8 {
        let from = usize::from(self.limits.reading_deepens_from);
        u8::try_from(depth.saturating_sub(from))
            .unwrap_or(u8::MAX)
            .min(MAX_START_DEPTH)
    }

    /// A root's static verdict with no move needed (`PASS`: the
    /// defender's alive, the attacker's dead), fallen back on when none of
    /// the `side`'s moves won: it stands only if the other side, to move,
    /// finds no way out (the root check's search, as for a root with two
    /// settled eyes); else the answer is 0. The verdict may have missed a
    /// goal string's weakness, or an eye the defender can make, that the
    /// tree's moves did not show.
    /// Out of line, so the check's state is not part of every ply's frame.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn confirm_pass<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        side: Side,
        kos: Kos,
    ) -> (Code, Option<Point>) {
        let other = side.other();
        self.checks_left = self.checks_left.saturating_sub(1);
        // A limit's cut favours the defender (see [`Owl::root_check`]): a
        // cut check's verdict against the defender stands, and an attacker's
        // verdict it overturns falls to the limit, which the answer says.
        let (code, cut) = self.reread(board, reader, solver, task, goal, other, kos);
        let stands = code == Code::Win;
        if cut && !stands && side == Side::Attacker {
            self.limit_hit = true;
        }
        if stands {
            (Code::Win, None)
        } else {
            (Code::Fail, None)
        }
    }

    /// A defender's root move's check ([`ROOT_CHECKS`]): the attacker's
    /// reply read again as the attacker's own call would read it (the
    /// root's width, eye budget and doubted plies, the call's node budget,
    /// the cache bypassed at its first node and, below it, no entry but an
    /// attacker's kill taken that a deeper, narrower node computed: see
    /// `lookup`), so that a root answer agrees with what the opponent's
    /// call after the move says. Returns the root mover's code as that
    /// search has it, cut or not: a node at the limit answers as the
    /// defender would have it, so a kill the check found before its budget
    /// ran out (a ko, while it looked on for an outright kill) stands, and
    /// a cut check that found none leaves the move standing.
    /// `plan` also runs one, with no move played, before the defender's
    /// root passes on settled eyes; that takes one of the call's checks.
    #[allow(clippy::too_many_arguments)]
    fn root_check<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        reply: Side,
        kos: Kos,
    ) -> Code {
        self.checks_left = self.checks_left.saturating_sub(1);
        self.reread(board, reader, solver, task, goal, reply, kos).0
    }

    /// A check of the defender's reply to the attacker's root move
    /// ([`REPLY_CHECKS`]): the root check's search, whose code bounds the
    /// reply's (a reply the check kills by ko holds only by ko, as a
    /// defender's root move does). The eye memo is emptied before and
    /// after it: its key does not see stones further from an eye space,
    /// and a value the check's positions left would serve the tree's other
    /// lines. Answers the reply's code.
    /// Out of line, so that `search` stays small enough to be part of
    /// `node`'s frame (one frame a ply on the device).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn reply_check<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        code: Code,
        kos: Kos,
    ) -> Code {
        self.eyes.clear();
        let check = self.root_check(board, reader, solver, task, goal, Side::Attacker, kos);
        self.eyes.clear();
        Code::min(code, check)
    }

    /// The kill the last check found ([`CHECK_KILLS`]) when the call's
    /// root has not tried its point yet (`index` of its `moves` and the
    /// `refutations` after them so far) and may try another: it is
    /// noted in `root_kills`. Out of line, so that it adds nothing to
    /// every ply's frame.
    #[inline(never)]
    fn take_check_kill(
        &mut self,
        moves: &Candidates,
        index: usize,
        refutations: &[Option<Point>; ROOT_REFUTATIONS],
    ) -> Option<Point> {
        let k = self.check_kill?;
        let kills = &mut self.root_kills;
        let tried = moves.iter().take(index).any(|&(m, _)| m == k)
            || refutations
                .iter()
                .take(index.saturating_sub(moves.len))
                .any(|&r| r == Some(k))
            || kills.contains(&Some(k));
        if tried {
            return None;
        }
        let slot = kills.iter_mut().find(|r| r.is_none())?;
        *slot = Some(k);
        Some(k)
    }

    /// The search behind a root check and a rescue: `reply`'s own call
    /// from this position, as [`Owl::root_check`] describes. Returns the
    /// root mover's code and whether the node limit cut it.
    #[allow(clippy::too_many_arguments)]
    fn reread<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        reply: Side,
        kos: Kos,
    ) -> (Code, bool) {
        let checks = self.checks_left;
        #[cfg(feature = "trace")]
        let start = self.call_nodes;
        let (cuts, hit) = (self.budget_cuts, self.limit_hit);
        // No check within a check.
        self.checks_left = 0;
        self.fresh = true;
        self.checking = true;
        // `node` clears `fresh` as it starts.
        let (child, kill) = self.node(board, reader, solver, task, goal, reply, 0, kos);
        if reply == Side::Attacker && child == Code::Win && kill.is_some() {
            self.check_kill = kill;
        }
        self.checking = false;
        self.checks_left = checks;
        // A cut check or rescue leaves the tree's answer standing: it is
        // the tree's cuts that `limit_hit` reports.
        self.limit_hit = hit;
        trace!(
            "check reply {} code {:?} cut {} nodes {}",
            reply.word(),
            child,
            self.budget_cuts != cuts,
            self.call_nodes.saturating_sub(start)
        );
        (child.invert(), self.budget_cuts != cuts)
    }

    /// Whether the call has read its nodes or done its work
    /// ([`OwlLimits::node_limit`], [`OwlLimits::work_limit`]).
    fn call_spent<const R: usize, const A: usize, const S: usize>(
        &self,
        reader: &Reader<R, A>,
        solver: &Solver<S>,
    ) -> bool {
        let reading = reader.nodes().wrapping_sub(self.reading_start);
        let owl = u64::from(self.call_nodes) * OWL_NODE_WORK;
        let eyes = self.solver_nodes(solver) / SOLVER_NODES_PER_READING_NODE;
        self.call_nodes >= self.limits.node_limit
            || reading.saturating_add(owl).saturating_add(eyes) >= u64::from(self.limits.work_limit)
    }

    /// The eye solver's nodes this call.
    fn solver_nodes<const S: usize>(&self, solver: &Solver<S>) -> u64 {
        solver.total_nodes().wrapping_sub(self.solver_start)
    }

    /// Whether no further check or rescue can read a node this call.
    fn spent<const R: usize, const A: usize, const S: usize>(
        &self,
        reader: &Reader<R, A>,
        solver: &Solver<S>,
    ) -> bool {
        self.call_spent(reader, solver) || self.check_nodes >= self.limits.check_limit
    }

    /// The rescues ([`ROOT_RESCUES`]) of a defender's root where no move
    /// won: its first moves, then the attacker's reply that refuted the
    /// first (play where the attacker wants to), read again as the
    /// attacker's own call after them would read them (the tree's attacker
    /// reply is narrower, and the defender's next reply much narrower, than
    /// that call's). Answers the first that search, uncut, cannot kill; a
    /// ko retake is not read.
    /// Out of line, so its point sets are not part of every ply's frame.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn rescue<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        moves: &Candidates,
        opponent_ko: Option<Point>,
        kos: Kos,
    ) -> Option<Point> {
        let first = moves.iter().take(ROOT_RESCUES).copied();
        let vital = self
            .first_refutation
            .filter(|&v| !moves.iter().take(ROOT_RESCUES).any(|&(m, _)| m == v))
            .map(|v| (v, false));
        for (p, retake) in first.chain(vital) {
            if self.spent(reader, solver) {
                return None;
            }
            if retake {
                continue;
            }
            let Some((again, cut)) =
                self.rescue_read(board, reader, solver, task, goal, p, opponent_ko, kos)
            else {
                continue;
            };
            // Only a clean win: a ko this search finds where the tree found
            // none is no better known than the tree's refutation.
            if again == Code::Win && !cut {
                return Some(p);
            }
        }
        None
    }

    /// One rescue's reading: the defender plays `p` (`None` if it cannot)
    /// and the attacker's own call from there is read as a root check's
    /// search; the defender's code and whether the node budget cut it.
    #[allow(clippy::too_many_arguments)]
    fn rescue_read<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        p: Point,
        opponent_ko: Option<Point>,
        kos: Kos,
    ) -> Option<(Code, bool)> {
        board.play(task.color, Move::Play(p)).ok()?;
        let link = self.limits.link_goal;
        let child_goal = grow_goal(board, goal, p, Side::Defender, task.color, link, true);
        let child_kos = Kos {
            fill: opponent_ko,
            master: kos.master.filter(|&k| board.color_at(k).is_none()),
        };
        let again = self.reread(
            board,
            reader,
            solver,
            task,
            &child_goal,
            Side::Attacker,
            child_kos,
        );
        let _ = board.undo();
        Some(again)
    }

    /// Judges the node statically and says whether to read on.
    ///
    /// A static verdict ends the node, except that the root still names a
    /// move when the verdict gives the mover the win (the attacker names a
    /// killing move, as GNU Go answers; the defender passes only when it
    /// has two eyes no move can touch, [`Life::settled_eyes`], and the
    /// attacker's own search, to move, finds no kill: otherwise the
    /// defender reads its moves with no verdict to fall back on), and that
    /// within [`DOUBTED_PLIES`] (one ply more for the attacker, and for a
    /// defender whose goal its root move grew by other strings) a "lost
    /// for the mover" verdict is still searched, since one vital move can
    /// change what optics sums over several spaces. In both cases the
    /// verdict stands if no move wins.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn plan<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        side: Side,
        depth: usize,
        kos: Kos,
    ) -> Plan {
        if depth == 0 {
            set_eye_reach(solver, self.limits.root_eye_budget, ROOT_REACH);
        }
        // An attack call whose goal runs into open space or holds ample
        // eye space is answered before every eye space is valued (the
        // verdict `runs_or_lives` reaches; a check's root, after a
        // defender's move, seldom has it).
        if depth == 0
            && side == Side::Attacker
            && !self.checking
            && alive_at_a_glance(
                board,
                reader,
                solver,
                &mut self.eyes,
                goal,
                task.color,
                OPEN_ROOM,
                (AMPLE_EYE_SPACE, OWNED_EYE_POINTS),
            )
        {
            set_eye_reach(solver, self.limits.eye_budget, TREE_REACH);
            return Plan::Answer((Code::Fail, None));
        }
        if self.solver_nodes(solver) > u64::from(self.limits.eye_limit) {
            solver.set_budget(SPENT_EYE_BUDGET);
        }
        let life = evaluate(
            board,
            reader,
            solver,
            &mut self.eyes,
            goal,
            task.color,
            depth == 0,
        );
        if depth == 0 {
            set_eye_reach(solver, self.limits.eye_budget, TREE_REACH);
        }
        trace!(
            "{:w$}[{:?} exact {} weak {} escape {} room {} lunches {} attacks {:?} defenses {:?} goal {}]",
            "",
            life.value,
            life.exact,
            life.weak_goal,
            life.escape,
            life.room,
            life.lunches.len(),
            TracePoints(&life.attacks),
            TracePoints(&life.defenses),
            life.stones.len(),
            w = depth * 2
        );
        let max_depth = usize::from(self.limits.depth).min(MAX_OWL_DEPTH);
        if depth == 0
            && side == Side::Attacker
            && runs_or_lives(board, &life, task.color, !self.checking)
        {
            return Plan::Answer((Code::Fail, None));
        }
        if depth == 0
            && side == Side::Attacker
            && !self.limits.doubt_root_alive
            && !self.checking
            && owns_its_space(&life)
        {
            // Not the answer a doubting call would read: kept out of the
            // cache.
            self.cutoffs = self.cutoffs.wrapping_add(1);
            return Plan::Answer((Code::Fail, None));
        }
        // Below an attack's root, a space the goal owns is taken at its
        // estimate of two eyes: killing a dragon that owns it is not the
        // question such a call can settle within its budget. A defence
        // reads on, as its move must stand against the attacker's best.
        if depth > 0 && task.attack && owns_its_space(&life) {
            let answer = match side {
                Side::Attacker => (Code::Fail, None),
                Side::Defender => (Code::Win, None),
            };
            #[cfg(feature = "trace")]
            trace_leaf(board, task, side, depth, answer.0, "owned", &life);
            return Plan::Answer(answer);
        }
        // Deep in the tree a big open space is taken at its estimate.
        if depth >= LIVELY_DEPTH
            && !life.exact
            && life.value.min_eyes() >= 2
            && !life.weak_goal
            && !life.ko_goal
        {
            let answer = match side {
                Side::Attacker => (Code::Fail, None),
                Side::Defender => (Code::Win, None),
            };
            #[cfg(feature = "trace")]
            trace_leaf(board, task, side, depth, answer.0, "lively", &life);
            return Plan::Answer(answer);
        }
        if let Some(decided) = judge(&life, side) {
            // (A weak goal string already keeps `judge` from a win.)
            let settled = side == Side::Defender && life.settled_eyes >= 2 && !life.ko_goal;
            let settled_root = depth == 0 && decided.0 == Code::Win && settled;
            // Optics' settled eyes can be wrong (a space that holds a goal
            // stone): the defender passes only if the attacker, to move,
            // cannot kill either.
            if settled_root {
                let kill = self.root_check(board, reader, solver, task, goal, Side::Attacker, kos);
                if kill != Code::Win {
                    return Plan::Search(
                        self.candidates(board, reader, solver, goal, &life, task, side, depth, kos),
                        None,
                    );
                }
            }
            let root = depth == 0 && decided.0 == Code::Win && !settled_root;
            let trusted = depth == 0 && side == Side::Attacker && !self.limits.doubt_root_alive;
            if trusted && decided.0 == Code::Fail {
                // Not the answer a doubting call would read: keep it out
                // of the cache.
                self.cutoffs = self.cutoffs.wrapping_add(1);
            }
            // The goal grew by more than the root move's stone: joined.
            let joined = goal.len() > task.original.len() + 1;
            let doubted = (depth < DOUBTED_PLIES
                || (depth == DOUBTED_PLIES && (side == Side::Attacker || joined)))
                && decided.0 == Code::Fail
                && !trusted;
            // The defender's lost verdict while two defender moves would
            // make two eyes: its vital points are still read.
            let vital_doubt = side == Side::Defender
                && decided.0 == Code::Fail
                && depth < VITAL_DOUBT_DEPTH
                && life.value.max_eye_threat() >= 2;
            if root || doubted {
                Plan::Search(
                    self.candidates(board, reader, solver, goal, &life, task, side, depth, kos),
                    Some(decided),
                )
            } else if vital_doubt {
                let all =
                    self.candidates(board, reader, solver, goal, &life, task, side, depth, kos);
                let mut vital = Candidates::default();
                for &(p, retake) in all.iter() {
                    if life.defenses.iter().any(|d| d == p) {
                        vital.push(p, retake);
                    }
                }
                Plan::Search(vital, Some(decided))
            } else {
                #[cfg(feature = "trace")]
                trace_leaf(board, task, side, depth, decided.0, "judged", &life);
                Plan::Answer(decided)
            }
        } else if depth >= max_depth {
            self.limit_hit = true;
            self.cutoffs = self.cutoffs.wrapping_add(1);
            Plan::Answer(match side {
                Side::Attacker => (Code::Fail, None),
                Side::Defender => (Code::Win, None),
            })
        } else {
            Plan::Search(
                self.candidates(board, reader, solver, goal, &life, task, side, depth, kos),
                None,
            )
        }
    }

    /// The moves a node tries, in order: the side's best legal candidates,
    /// as many as the node's budget ([`OwlLimits::root_moves`] at the
    /// root, [`OwlLimits::estimated_root_moves`] there when the root's eye
    /// value is partly an estimate, [`OwlLimits::first_reply_moves`] for
    /// the defender's reply to the attacker's first move,
    /// [`OwlLimits::moves_per_node`] below the branch depth,
    /// [`ATTACKER_MOVES_AT_BRANCH_DEPTH`] for the attacker
    /// at it, one beyond it). A ko capture the rule forbids is kept as a
    /// retake while the depth is below [`OwlLimits::ko_depth`] and no
    /// komaster's ko is open. The ko the mover took two plies ago
    /// (`fill`), when the opponent could now retake it, comes first and on
    /// top of the budget.
    /// Near the root the side's first other vital point not yet among the
    /// moves comes last, also on top of the budget ([`OTHER_VITAL_DEPTH`]).
    #[allow(clippy::too_many_arguments)]
    fn candidates<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        goal: &PointSet,
        life: &Life,
        task: &Task<'_>,
        side: Side,
        depth: usize,
        kos: Kos,
    ) -> Candidates {
        let (mover, mut list) = match side {
            Side::Attacker => (task.color.opponent(), attack_moves(board, reader, life)),
            Side::Defender => (task.color, defense_moves(board, reader, life)),
        };
        if depth == 0 && side == Side::Attacker && !self.checking {
            self.static_kills_first(board, reader, solver, task, goal, life.exact, &mut list);
        }
        // A check's root tries the last check's kill first.
        if depth == 0
            && self.checking
            && side == Side::Attacker
            && let Some(k) = self.check_kill.or(self.static_kill)
        {
            list.promote(k);
        }
        #[cfg(feature = "trace")]
        let scored = {
            if depth == 0 {
                let all: std::vec::Vec<_> = list
                    .scored()
                    .map(|(p, s)| std::format!("{p}:{s}"))
                    .collect();
                trace!("candidates {}", all.join(" "));
            }
            let all: std::vec::Vec<_> = list
                .scored()
                .map(|(p, s)| std::format!("{p}:{s}:{}", list.reasons(p)))
                .collect();
            all.join(",")
        };
        let budget = if depth == 0 {
            let root = if life.exact {
                self.limits.root_moves
            } else {
                self.limits.estimated_root_moves
            };
            usize::from(root.max(1))
        } else if depth == 1 && side == Side::Defender {
            usize::from(self.limits.first_reply_moves.max(1))
        } else if depth < usize::from(self.limits.branch_depth) {
            usize::from(self.limits.moves_per_node.max(1))
        } else if side == Side::Attacker && depth == usize::from(self.limits.branch_depth) {
            ATTACKER_MOVES_AT_BRANCH_DEPTH
        } else {
            1
        };
        let mut moves = Candidates::default();
        #[cfg(feature = "trace")]
        {
            moves.scored = scored;
        }
        // The ko the mover took two plies ago, which the opponent may now
        // retake: filling it comes first.
        let fill = kos.fill.filter(|&k| {
            board.check_move(mover, k).is_ok() && board.check_move(mover.opponent(), k).is_ok()
        });
        if let Some(k) = fill {
            let _ = moves.push(k, false);
        }
        let budget = budget + usize::from(fill.is_some());
        let mut index = 0;
        while let Some(p) = list.next_playable(board, mover, &mut index) {
            if Some(p) == fill {
                continue;
            }
            if moves.len >= budget {
                break;
            }
            let retake = match board.check_move(mover, p) {
                Ok(()) => false,
                Err(PlayError::Ko)
                    if depth < usize::from(self.limits.ko_depth) && kos.master.is_none() =>
                {
                    true
                }
                Err(_) => continue,
            };
            if !moves.push(p, retake) {
                break;
            }
        }
        // At the defender's root, the move that parts an eye space in
        // two, on top of the budget.
        if depth == 0 && side == Side::Defender {
            let taken = |p: Point| moves.iter().any(|&(m, _)| m == p);
            if let Some(p) = split_point(board, life, &list, taken, mover) {
                let _ = moves.push(p, false);
            }
        }
        // Another vital point of the side's, as good as the one optics
        // names, on top of the budget near the root.
        if (1..OTHER_VITAL_DEPTH).contains(&depth) {
            let others = match side {
                Side::Attacker => &life.other_attacks,
                Side::Defender => &life.other_defenses,
            };
            if let Some(p) = others.iter().find(|&p| {
                !moves.iter().any(|&(m, _)| m == p) && board.check_move(mover, p).is_ok()
            }) {
                let _ = moves.push(p, false);
            }
        }
        moves
    }

    /// The attack root's static kills: each candidate is played and the
    /// goal judged as the defender's node would judge it before reading.
    /// With an `exact` root value the first move that leaves it dead is
    /// tried first: a kill the evaluation sees at once is the cheapest to
    /// prove, and the look ends there (one evaluation a candidate is its
    /// whole cost). With an estimated one such a verdict says more about
    /// the estimate than the move, and the answer keeps the candidates'
    /// order; a lone such move is what the checks' roots try first
    /// ([`Owl::static_kill`]), so that a check finds that kill sooner: the
    /// look ends at a second one.
    /// The look's reads start [`LOOK_START_DEPTH`] plies deep.
    /// Out of line, so that its sets stay off every ply's frame.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn static_kills_first<
        const C: usize,
        const M: usize,
        const R: usize,
        const A: usize,
        const S: usize,
    >(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        exact: bool,
        list: &mut MoveList,
    ) {
        let attacker = task.color.opponent();
        let (mut first, mut kills) = (None, 0);
        let start = reader.start_depth();
        reader.set_start_depth(LOOK_START_DEPTH);
        for p in list.iter() {
            if board.play(attacker, Move::Play(p)).is_err() {
                continue;
            }
            let child = evaluate(
                board,
                reader,
                solver,
                &mut self.eyes,
                goal,
                task.color,
                false,
            );
            let _ = board.undo();
            if matches!(judge(&child, Side::Defender), Some((Code::Fail, _))) {
                first = first.or(Some(p));
                kills += 1;
                if exact || kills == 2 {
                    break;
                }
            }
        }
        reader.set_start_depth(start);
        // Values read shallower: the memo's key does not tell them apart.
        self.eyes.clear();
        trace!("static kill {first:?} of {kills}");
        match first {
            Some(k) if exact => list.promote(k),
            Some(k) if kills == 1 => self.static_kill = Some(k),
            _ => {}
        }
    }

    /// Plays `moves` for `side` in order and reads each reply. Inlined
    /// into its one caller, `node`, so that a ply is one frame.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task<'_>,
        goal: &PointSet,
        moves: &Candidates,
        side: Side,
        depth: usize,
        kos: Kos,
    ) -> (Code, Option<Point>) {
        let (mover, reply) = match side {
            Side::Attacker => (task.color.opponent(), Side::Defender),
            Side::Defender => (task.color, Side::Attacker),
        };
        // The ko the opponent has just taken (where the mover may not
        // retake yet): the child's own ko to fill.
        let opponent_ko = board.ko_point();
        let mut best = (Code::Fail, None);
        // The opponent's refuting replies at the root, tried after `moves`.
        let mut refutations = [None::<Point>; ROOT_REFUTATIONS];
        // Only the call's own root tries the checks' kills.
        let root = depth == 0 && !self.checking;
        let mut index = 0usize;
        loop {
            let kill = if root {
                self.take_check_kill(moves, index, &refutations)
            } else {
                None
            };
            let candidate = kill.is_none() && index < moves.len;
            let next = if let Some(k) = kill {
                Some((k, false))
            } else if candidate {
                moves.items.get(index).copied().flatten()
            } else {
                let refutation = refutations.get(index - moves.len).copied().flatten();
                refutation.map(|p| (p, false))
            };
            let Some((p, retake)) = next else {
                break;
            };
            if kill.is_none() {
                index += 1;
                if root && self.root_kills.contains(&Some(p)) {
                    continue;
                }
            }
            let played = if retake {
                board.play_ignoring_ko(mover, p)
            } else {
                board.play(mover, Move::Play(p))
            };
            // The candidates were checked: only a full journal fails them
            // here; a refutation may also be illegal for the mover.
            if played.is_err() {
                continue;
            }
            let link = self.limits.link_goal;
            let child_goal = grow_goal(board, goal, p, side, task.color, link, depth == 0);
            trace!(
                "{:w$}{} {}{} (node {})",
                "",
                side.word(),
                p,
                if retake { " (ko retake)" } else { "" },
                self.call_nodes,
                w = depth * 2
            );
            // A retake makes the mover komaster of that ko until it is
            // filled or taken back.
            let master = if retake {
                board.ko_point()
            } else {
                kos.master.filter(|&k| board.color_at(k).is_none())
            };
            let child_kos = Kos {
                fill: opponent_ko,
                master,
            };
            let (child, refutation) = self.node(
                board,
                reader,
                solver,
                task,
                &child_goal,
                reply,
                depth + 1,
                child_kos,
            );
            if root && candidate && index == 1 && child != Code::Fail {
                self.first_refutation = refutation;
            }
            if depth == 0
                && child != Code::Fail
                && let Some(q) = refutation
                && !moves.iter().any(|&(m, _)| m == q)
                && !refutations.contains(&Some(q))
                && let Some(slot) = refutations.iter_mut().find(|r| r.is_none())
            {
                *slot = Some(q);
            }
            trace!(
                "{:w$}-> {:?} (node {}{})",
                "",
                child.invert(),
                self.call_nodes,
                if self.limit_hit { ", limit hit" } else { "" },
                w = depth * 2
            );
            let mut code = child.invert();
            if retake {
                code = Code::min(code, Code::KoB);
            }
            // Only a move that would become the answer is checked (a
            // refutation only by winning outright, see below).
            if (depth == 0 || (depth == 1 && code == Code::Win))
                && side == Side::Defender
                && code.rank() > best.0.rank()
                && (candidate || code == Code::Win)
                && self.checks_left > 0
            {
                code = if depth == 0 {
                    Code::min(
                        code,
                        self.root_check(board, reader, solver, task, &child_goal, reply, child_kos),
                    )
                } else {
                    self.reply_check(board, reader, solver, task, &child_goal, code, child_kos)
                };
            }
            let _ = board.undo();
            if code == Code::Win {
                return (Code::Win, Some(p));
            }
            // A refutation tried as a move counts only when it wins
            // outright (its kos: the held-out set's 9x9-4 G3 became a ko
            // GNU Go reads as dead, and no suite case gained).
            if code.rank() > best.0.rank() && candidate {
                best = (code, Some(p));
            }
        }
        // No move won: at the defender's root, the rescues.
        if depth == 0
            && side == Side::Defender
            && let Some(p) = self.rescue(board, reader, solver, task, goal, moves, opponent_ko, kos)
        {
            return (Code::Win, Some(p));
        }
        best
    }
}

/// A trace line for a node its static verdict ends (`reason`): the side
/// to move, the verdict for it, the depth, a goal stone, the eye value,
/// the lunches and the board, one row after another (for
/// `scripts/owl-leaves`).
#[cfg(feature = "trace")]
fn trace_leaf<const C: usize, const M: usize>(
    board: &Board<C, M>,
    task: &Task<'_>,
    side: Side,
    depth: usize,
    code: Code,
    reason: &str,
    life: &Life,
) {
    let Some(stone) = goal_stone(board, task) else {
        return;
    };
    let v = life.value;
    trace!(
        "leaf {reason} {} {code:?} depth {depth} goal {stone} value {}{}{}{} lunches {} board {}",
        side.word(),
        v.a,
        v.b,
        v.c,
        v.d,
        life.lunches.len(),
        rows(board)
    );
}

/// A trace line for a node whose mover read its moves: the side, the
/// depth, a goal stone, the search's code and move, whether a cut-off (a
/// limit, or a verdict kept out of the cache) met it below, the moves
/// tried, the node's whole scored list (each candidate with its score and
/// its reasons' scores) and the board (for `scripts/owl-order`).
#[cfg(feature = "trace")]
fn trace_searched<const C: usize, const M: usize>(
    board: &Board<C, M>,
    task: &Task<'_>,
    side: Side,
    depth: usize,
    moves: &Candidates,
    found: (Code, Option<Point>),
    cut: bool,
) {
    let Some(stone) = goal_stone(board, task) else {
        return;
    };
    let tried: std::vec::Vec<_> = moves.iter().map(|(p, _)| std::format!("{p}")).collect();
    trace!(
        "searched {} depth {depth} goal {stone} code {:?} move {} cut {cut} tried {} scored {} board {}",
        side.word(),
        found.0,
        found
            .1
            .map_or(std::string::String::from("-"), |p| std::format!("{p}")),
        tried.join(","),
        moves.scored,
        rows(board)
    );
}

/// A stone of the goal's original strings still on the board (the trace's
/// name for the goal).
#[cfg(feature = "trace")]
fn goal_stone<const C: usize, const M: usize>(
    board: &Board<C, M>,
    task: &Task<'_>,
) -> Option<Point> {
    task.original
        .iter()
        .find(|&q| board.color_at(q) == Some(task.color))
}

/// The board's rows, top first, joined by `/` (for the trace).
#[cfg(feature = "trace")]
pub(crate) fn rows<const C: usize, const M: usize>(board: &Board<C, M>) -> std::string::String {
    let rows: std::vec::Vec<std::string::String> = std::format!("{board}")
        .lines()
        .filter_map(|l| l.strip_prefix('|').and_then(|l| l.strip_suffix('|')))
        .map(std::string::String::from)
        .collect();
    rows.join("/")
}

/// Points listed for the development trace.
#[cfg(feature = "trace")]
struct TracePoints<'a>(&'a crate::life::Points);

#[cfg(feature = "trace")]
impl core::fmt::Debug for TracePoints<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list()
            .entries(self.0.iter().map(|p| std::format!("{p}")))
            .finish()
    }
}

/// The kos a node knows of besides the board's own ko point: the one its
/// mover took two plies ago (`fill`: the point the opponent would retake
/// at) and the komaster's.
#[derive(Clone, Copy)]
struct Kos {
    fill: Option<Point>,
    /// Where the other side would take back the ko a side retook against
    /// the rule (GNU Go's `kom_pos`; that side is its komaster): while it
    /// is empty, no side retakes a ko against the rule again.
    master: Option<Point>,
}

/// What a node does after its static evaluation ([`Owl::plan`]).
enum Plan {
    /// The node's answer, without reading on.
    Answer((Code, Option<Point>)),
    /// Try these moves; if none wins, the verdict (when there is one)
    /// stands.
    Search(Candidates, Option<(Code, Option<Point>)>),
}

/// A node's moves to try: points, each marked when it is a ko retake.
#[derive(Default)]
struct Candidates {
    items: [Option<(Point, bool)>; MAX_CANDIDATES],
    len: usize,
    /// The node's whole scored list with each candidate's reasons, for
    /// the trace's `searched` lines.
    #[cfg(feature = "trace")]
    scored: std::string::String,
}

impl Candidates {
    /// Appends a move; `false` when full.
    fn push(&mut self, p: Point, retake: bool) -> bool {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = Some((p, retake));
                self.len += 1;
                true
            }
            None => false,
        }
    }

    fn iter(&self) -> impl Iterator<Item = &(Point, bool)> + '_ {
        self.items.iter().flatten()
    }
}

/// The goal after `side` played at `p`: the defender's stone joins it when
/// its string touches the goal, and so do the strings it links to the goal
/// (a diagonal, a tiger's mouth). At a call's root (`at_root`) the stone
/// also joins when it touches an opponent string in atari that touches the
/// goal (see `ataris_lunch_of`), so an attacker's move that ataris it is
/// not judged settled life for the rest. Out of line, so its point sets
/// are not part of every ply's frame.
#[inline(never)]
fn grow_goal<const C: usize, const M: usize>(
    board: &Board<C, M>,
    goal: &PointSet,
    p: Point,
    side: Side,
    color: Color,
    link: bool,
    at_root: bool,
) -> PointSet {
    let mut next = *goal;
    if side == Side::Defender && board.color_at(p) == Some(color) {
        let stones = goal_stones(board, goal, color);
        if stones.contains(p) {
            next.insert(p);
        }
        // The move may link other strings to the goal (a diagonal, a
        // tiger's mouth): they join it, as its dragon would.
        if link {
            let linked = linked_strings(board, p);
            if linked.iter().any(|q| stones.contains(q)) {
                for q in linked.iter() {
                    next.insert(q);
                }
            }
        }
        if at_root && !next.contains(p) && ataris_lunch_of(board, p, &stones) {
            for q in board.stones(p) {
                next.insert(q);
            }
        }
    }
    next
}

/// Whether the string at `p` touches an opponent string in atari that
/// also touches `stones`: taking it joins them (a lunch between them).
#[inline(never)]
fn ataris_lunch_of<const C: usize, const M: usize>(
    board: &Board<C, M>,
    p: Point,
    stones: &PointSet,
) -> bool {
    let mut lunches = [p; 16];
    let k = board.adjacent_strings(p, &mut lunches).min(16);
    let in_atari = |o: &&Point| board.liberty_count(**o) == 1;
    lunches.iter().take(k).filter(in_atari).any(|&o| {
        let mut around = [o; 16];
        let j = board.adjacent_strings(o, &mut around).min(16);
        around.iter().take(j).any(|&n| stones.contains(n))
    })
}

/// The most room (see [`Life::room`]) a goal with no eye even after two
/// moves of its own may have and still be called dead: one point cannot
/// grow into two eyes.
const DEAD_ROOM_NO_EYE: u8 = 1;
/// The same for a goal that may reach one eye.
const DEAD_ROOM_ONE_EYE: u8 = 0;

/// The root verdicts of an attack: the goal, with no string the attacker
/// can take, runs into open space ([`OPEN_ROOM`]) or, when `ample`
/// counts, holds ample eye space ([`AMPLE_EYE_SPACE`], [`OWNED_EYE_POINTS`]).
fn runs_or_lives<const C: usize, const M: usize>(
    board: &Board<C, M>,
    life: &Life,
    color: Color,
    ample: bool,
) -> bool {
    if life.weak_goal || life.ko_goal {
        return false;
    }
    let roomy = ample
        && !life.exact
        && life.value.min_eyes() >= 2
        && (life.eye_points.len() >= AMPLE_EYE_SPACE
            || (life.eye_points - life.marginal).len() >= OWNED_EYE_POINTS);
    roomy || open_room(board, &life.stones, &life.dead, &life.eye_points, color) >= OPEN_ROOM
}

/// Two eyes by the solver's estimate (the attacker moving first) in eye
/// spaces of which fewer than one point in [`MARGINAL_SHARE`] is marginal,
/// with no goal string the attacker can take: the space is the dragon's
/// own, as in a finished game's territory.
fn owns_its_space(life: &Life) -> bool {
    !life.exact
        && !life.weak_goal
        && !life.ko_goal
        && life.value.min_eyes() >= 2
        && life.marginal.len() * MARGINAL_SHARE < life.eye_points.len()
}

/// The static verdict at a node, when there is one.
fn judge(life: &Life, side: Side) -> Option<(Code, Option<Point>)> {
    if !life.exact {
        return None;
    }
    // A goal string the attacker can take (outright, or by ko with the
    // attacker to move) leaves the eyes unsure.
    let threatened = life.weak_goal || (life.ko_goal && side == Side::Attacker);
    let alive = life.value.min_eyes() >= 2 && !threatened;
    let dead_room = if life.value.max_eyes() == 0 {
        DEAD_ROOM_NO_EYE
    } else {
        DEAD_ROOM_ONE_EYE
    };
    // An eye and shared liberties with an uncapturable neighbour may be
    // a seki: read on.
    let seki = life.seki_neighbour && life.value.max_eyes() >= 1;
    // A lunch keeps the verdict open while its capture may give an eye
    // the value does not count ([`Life::open_lunch`]); with the defender
    // to move, any lunch does, so that taking it is read.
    let lunch_open = match side {
        Side::Attacker => life.open_lunch,
        Side::Defender => !life.lunches.is_empty(),
    };
    // With the defender to move, a liberty next to a lively friendly
    // string outside the goal may connect it out: read on.
    let link_open = side == Side::Defender && life.linkable;
    let dead = life.value.max_eyes() < 2
        && !lunch_open
        && !seki
        && !link_open
        && !life.escape
        && life.room <= dead_room;
    match side {
        Side::Attacker if alive => Some((Code::Fail, None)),
        Side::Attacker if dead => Some((Code::Win, None)),
        Side::Defender if alive => Some((Code::Win, None)),
        Side::Defender if dead => Some((Code::Fail, None)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestOwl = Owl<256>;

    fn setup(diagram: &str) -> (Board, Reader<256>, Solver<256>, TestOwl) {
        (
            Board::from_diagram(diagram).unwrap(),
            Reader::new(),
            Solver::new(),
            TestOwl::new(),
        )
    }

    fn pt(board: &Board, v: &str) -> Point {
        Point::from_vertex(v, board.size()).unwrap()
    }

    fn cells(board: &Board) -> std::vec::Vec<Option<Color>> {
        board.points().map(|p| board.color_at(p)).collect()
    }

    /// Runs `f` and checks the board is exactly as before.
    fn unchanged<T>(board: &mut Board, f: impl FnOnce(&mut Board) -> T) -> T {
        let (hash, depth, before) = (board.hash(), board.undo_depth(), cells(board));
        let out = f(board);
        assert_eq!(board.hash(), hash);
        assert_eq!(board.undo_depth(), depth);
        assert_eq!(cells(board), before);
        assert!(board.is_consistent());
        out
    }

    #[test]
    fn a_root_move_beside_a_lunch_in_atari_joins_the_goal() {
        // Black's C3 puts White's B3 in atari, and B3 touches the goal
        // (A2-A3, B4-A4): at the root C3 joins the goal, deeper not.
        let mut board = Board::from_diagram(
            "
            .....
            XX...
            XO...
            X....
            .....
            ",
        )
        .unwrap();
        let goal = crate::dragon::dragon_stones(&board, pt(&board, "A3"));
        assert_eq!(goal.len(), 4);
        let c3 = pt(&board, "C3");
        board.play(Color::Black, Move::Play(c3)).unwrap();
        let grow = |board: &Board, p, side, at_root| {
            grow_goal(board, &goal, p, side, Color::Black, true, at_root)
        };
        assert!(grow(&board, c3, Side::Defender, true).contains(c3));
        assert_eq!(grow(&board, c3, Side::Defender, false), goal);
        board.undo().unwrap();
        // A stone away from any lunch, or the attacker's stone: no change.
        let e1 = pt(&board, "E1");
        board.play(Color::Black, Move::Play(e1)).unwrap();
        assert_eq!(grow(&board, e1, Side::Defender, true), goal);
        board.undo().unwrap();
        board.play(Color::White, Move::Play(c3)).unwrap();
        assert_eq!(grow(&board, c3, Side::Attacker, true), goal);
    }

    /// An open position where the attacker's tree, its checks and the
    /// defender's rescues of Black's M12 could read far more than a budget.
    const OPEN_POSITION: &str = "
        .......X...O.
        .....OOX.XXXX
        ......OOXO...
        .......O.OOOO
        .......OOO...
        .............
        .............
        .............
        .............
        .............
        .............
        ...........O.
        ..........OO.";

    #[test]
    fn a_call_reads_no_more_than_its_budget() {
        // The tree gets `node_limit` nodes at most, of which the checks and
        // rescues get `check_limit` at most, and the answer says it was cut.
        let diagram = OPEN_POSITION;
        for (node_limit, check_limit) in [(300, 100), (1000, 250), (16_000, 16_000)] {
            let mut board = Board::from_diagram(diagram).unwrap();
            let (mut reader, mut solver) = (Reader::<256>::new(), Solver::<256>::new());
            let mut owl = TestOwl::new();
            owl.set_limits(OwlLimits {
                node_limit,
                check_limit,
                ..OwlLimits::DEFAULT
            });
            let m12 = pt(&board, "M12");
            for attack in [true, false] {
                let r = unchanged(&mut board, |b| {
                    if attack {
                        owl.attack(b, &mut reader, &mut solver, m12)
                    } else {
                        owl.defend(b, &mut reader, &mut solver, m12)
                    }
                });
                assert!(r.nodes <= node_limit, "{r:?}");
                assert!(owl.check_nodes <= check_limit, "{}", owl.check_nodes);
                if r.nodes == node_limit {
                    assert!(r.limit_hit);
                }
            }
        }
    }

    #[test]
    fn a_check_s_kill_is_tried_once_until_the_root_has_tried_two() {
        let board = Board::new(9).unwrap();
        let (a, b, c, d) = (
            pt(&board, "A1"),
            pt(&board, "B1"),
            pt(&board, "C1"),
            pt(&board, "D1"),
        );
        let mut owl = TestOwl::new();
        let mut moves = Candidates::default();
        moves.push(a, false);
        moves.push(b, false);
        let refutations = [Some(c), None];
        // No check has killed yet.
        assert_eq!(owl.take_check_kill(&moves, 0, &refutations), None);
        // A candidate the root has tried is not tried again; one it has
        // not reached yet is tried now.
        owl.check_kill = Some(a);
        assert_eq!(owl.take_check_kill(&moves, 1, &refutations), None);
        assert_eq!(owl.take_check_kill(&moves, 0, &refutations), Some(a));
        assert_eq!(owl.take_check_kill(&moves, 0, &refutations), None);
        // The same for a refutation tried after the candidates.
        owl.check_kill = Some(c);
        assert_eq!(owl.take_check_kill(&moves, 3, &refutations), None);
        assert_eq!(owl.take_check_kill(&moves, 2, &refutations), Some(c));
        // At most CHECK_KILLS a call's root.
        owl.check_kill = Some(d);
        assert_eq!(owl.take_check_kill(&moves, 2, &refutations), None);
        assert_eq!(owl.root_kills, [Some(a), Some(c)]);
    }

    #[test]
    fn a_call_stops_at_its_work_limit() {
        // A quarter of the work the call does unbounded (reading nodes,
        // weighed owl and solver nodes) cuts it, with fewer nodes, and
        // says so.
        let diagram = OPEN_POSITION;
        let read = |work_limit: u32| {
            let mut board = Board::from_diagram(diagram).unwrap();
            let (mut reader, mut solver) = (Reader::<256>::new(), Solver::<256>::new());
            let mut owl = TestOwl::new();
            owl.set_limits(OwlLimits {
                node_limit: 16_000,
                check_limit: 16_000,
                work_limit,
                ..OwlLimits::DEFAULT
            });
            let m12 = pt(&board, "M12");
            let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, m12));
            let work = reader.nodes()
                + u64::from(r.nodes) * OWL_NODE_WORK
                + solver.total_nodes() / SOLVER_NODES_PER_READING_NODE;
            (r, work)
        };
        let (free, free_work) = read(u32::MAX);
        assert!(!free.limit_hit, "{free:?}");
        let (cut, cut_work) = read(u32::try_from(free_work / 4).unwrap());
        assert!(cut.limit_hit, "{cut:?}");
        assert!(cut.nodes < free.nodes, "{cut:?} {free:?}");
        assert!(cut_work < free_work, "{cut_work} {free_work}");
    }

    #[test]
    fn past_its_eye_limit_a_call_reads_eye_spaces_briefly() {
        // White's corner space is too big for the spent budget: with no
        // eye limit left, the defence's solver reads fewer nodes, and it
        // still finds a defence.
        let defend = |eye_limit: u32| {
            let (mut board, mut reader, mut solver, mut owl) = setup(
                "
                .......
                .......
                XXXXX..
                OOOOX..
                ...OX..
                ....OX.
                ....OX.",
            );
            owl.set_limits(OwlLimits {
                eye_limit,
                ..OwlLimits::DEFAULT
            });
            let d4 = pt(&board, "D4");
            let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, d4));
            (r, solver.total_nodes())
        };
        let (full, full_nodes) = defend(OwlLimits::DEFAULT.eye_limit);
        let (brief, brief_nodes) = defend(0);
        assert_eq!(full.code, Code::Win, "{full:?}");
        assert_eq!(brief.code, Code::Win, "{brief:?}");
        assert!(brief_nodes < full_nodes, "{brief_nodes} {full_nodes}");
    }

    #[test]
    fn a_listing_takes_an_estimate_of_two_eyes_in_the_dragons_own_space() {
        // Black's corner of 9 points is too big for the solver's exact
        // value; its estimate is two eyes, and no point of it is marginal.
        // A doubting attack reads its root moves; with the root's verdict
        // trusted, the attack fails at its root and leaves no cache entry.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            ...XO....
            ...XO....
            ...XO....
            XXXXO....
            OOOOO....
            .........
            .........
            .........
            .........",
        );
        let d9 = pt(&board, "D9");
        assert!(!owl.alive_without_search(&mut board, &mut reader, &mut solver, d9));
        owl.set_doubt_root_alive(false);
        assert!(owl.alive_without_search(&mut board, &mut reader, &mut solver, d9));
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, d9));
        assert_eq!((r.code, r.nodes, r.limit_hit), (Code::Fail, 1, false));
        owl.set_doubt_root_alive(true);
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, d9));
        assert!(r.nodes > 1, "{r:?}");
    }

    #[test]
    fn ten_own_eye_points_end_an_attack_at_its_root() {
        // A corner of 12 points (OWNED_EYE_POINTS or more), one of them
        // marginal: even a doubting attack takes its estimate of two eyes
        // at the root.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            ....XO...
            ....XO...
            ...XXO...
            XXXX.O...
            OOOOOO...
            .........
            .........
            .........
            .........",
        );
        let e9 = pt(&board, "E9");
        assert!(owl.alive_without_search(&mut board, &mut reader, &mut solver, e9));
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, e9));
        assert_eq!((r.code, r.nodes, r.limit_hit), (Code::Fail, 1, false));
    }

    #[test]
    fn the_attack_root_tries_a_static_kill_first() {
        // The white corner group's space (A2 to B5) is worth at most one
        // eye with Black's B4 or B5, which the evaluation sees before any
        // reading; optics' vital point A4 needs the tree to read on.
        // GNU Go answers B4.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            ..X..XX.X
            .X..X..X.
            ...X.XXOX
            ..X.XXOOO
            ...X.XXO.
            ...XXXOOO
            ..O.X.XO.
            .OOX.X.XO
            .OXX...XO",
        );
        let c3 = pt(&board, "C3");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c3));
        assert_eq!(r.code, Code::Win);
        let kills = [pt(&board, "B4"), pt(&board, "B5")];
        assert!(r.point.is_some_and(|p| kills.contains(&p)), "{:?}", r.point);
    }

    #[test]
    fn a_stone_in_open_space_is_not_attacked() {
        // E5 has open room on every side: the attack fails at its root.
        // In atari with the same room beyond its liberty, it is read and
        // taken: a string the attacker can take keeps the search.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .........
            .........
            .........
            .........
            ....X....
            .........
            ..O......
            .........
            .........",
        );
        let e5 = pt(&board, "E5");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, e5));
        assert_eq!((r.code, r.nodes, r.limit_hit), (Code::Fail, 1, false));
        let nodes = owl.nodes();
        assert!(unchanged(&mut board, |b| owl.alive_without_search(
            b,
            &mut reader,
            &mut solver,
            e5
        )));
        assert_eq!(owl.nodes(), nodes);
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .........
            .........
            .........
            ...OOO...
            ..OOXOO..
            ..O...O..
            ..O...O..
            .........
            .........",
        );
        let e5 = pt(&board, "E5");
        assert!(!unchanged(&mut board, |b| owl.alive_without_search(
            b,
            &mut reader,
            &mut solver,
            e5
        )));
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, e5));
        assert!(r.nodes > 1, "{r:?}");
        assert_eq!(r.code, Code::Win);
    }

    #[test]
    fn open_room_is_judged_before_the_eye_spaces_are_valued() {
        // The black group holds a nine-point space by the edge and faces
        // open space: the attack fails at its root, and neither it nor
        // the static verdict reads the space with the eye solver.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .............
            .............
            .........O...
            .............
            .............
            ...O.........
            .............
            .............
            XXXX.....O...
            ...X.........
            ...X.........
            ...X.........
            .............",
        );
        let d4 = pt(&board, "D5");
        let before = solver.total_nodes();
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, d4));
        assert_eq!((r.code, r.nodes), (Code::Fail, 1));
        assert!(unchanged(&mut board, |b| owl.alive_without_search(
            b,
            &mut reader,
            &mut solver,
            d4
        )));
        assert_eq!(solver.total_nodes(), before);
    }

    #[test]
    fn ample_eye_space_is_not_attacked() {
        // White's wall holds 27 points below it: too big for the solver,
        // worth two eyes by its estimate, so the attack ends at its root.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .........
            .........
            .........
            .........
            XXXXXXXXX
            OOOOOOOOO
            .........
            .........
            .........",
        );
        let a4 = pt(&board, "A4");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, a4));
        assert_eq!((r.code, r.nodes, r.limit_hit), (Code::Fail, 1, false));
    }

    #[test]
    fn two_eyes_cannot_be_killed() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .......
            .......
            XXXXXX.
            OOOOOX.
            .O.O.X.
            OOOOOX.",
        );
        let b3 = pt(&board, "B3");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, b3));
        assert_eq!(r.code, Code::Fail);
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, b3));
        assert_eq!((r.code, r.point), (Code::Win, None));
        let status = unchanged(&mut board, |b| owl.status(b, &mut reader, &mut solver, b3))
            .map(|s| s.status);
        assert_eq!(status, Some(DragonStatus::Alive));
    }

    /// Two eyes, one of them held by a stone (G1) that just took a ko:
    /// white retakes at F1 with a threat (a ko for the attacker), so the
    /// defender still has a move to make (F1 connects, G3 takes G2).
    #[test]
    fn an_eye_held_by_a_ko_stone_is_not_settled() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .....OO
            ....OO.
            ...OOX.
            ..OOXX.
            ..OX.XO
            ..OXXO.",
        );
        let (d2, f1, g1, g3) = (
            pt(&board, "D2"),
            pt(&board, "F1"),
            pt(&board, "G1"),
            pt(&board, "G3"),
        );
        // Black takes the white stone at F1; White may not retake at once.
        assert!(board.play(Color::Black, Move::Play(g1)).is_ok());
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, d2));
        assert_eq!((r.code, r.point), (Code::KoB, Some(f1)));
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, d2));
        assert_eq!(r.code, Code::Win);
        assert!(r.point == Some(f1) || r.point == Some(g3), "{:?}", r.point);
    }

    /// Black lives at D1 only through a ko: after D1, White throws in at
    /// F1, Black takes it at G1 and White retakes with a threat. Black may
    /// then play elsewhere, but White, who won the ko, fills G1 first (GNU
    /// Go 3.8 answers `2 D1` too; without the fill owlet read an outright
    /// life).
    #[test]
    fn a_won_ko_is_filled() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            ....O..
            ....O..
            ....OO.
            ...OOX.
            OOOOXX.
            ..OX.XO
            ..O.X..",
        );
        let (e3, d1) = (pt(&board, "E3"), pt(&board, "D1"));
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, e3));
        assert_eq!((r.code, r.point), (Code::KoA, Some(d1)));
    }

    #[test]
    fn an_unsavable_lunch_grows_into_a_dead_shape() {
        // Black B9 cannot be saved; black A9 sacrifices three stones, and
        // where white takes them back it has only one eye (ld_owl.tst 67).
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .XO......
            XOOXX....
            .OXX.....
            OOX......
            .XX......
            .X.......
            .........
            .........
            .........",
        );
        let (c9, a9) = (pt(&board, "C9"), pt(&board, "A9"));
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c9));
        assert_eq!((r.code, r.point), (Code::Win, Some(a9)));
    }

    #[test]
    fn a_self_atari_that_starts_a_ko_is_tried() {
        // After white D9 (black D8-E8 in atari), black A9 is a self-atari, but
        // white's capture at B9 leaves a ko: black lives only by it
        // (ld_owl.tst 177). Black to move lives at A9.
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            ..X.OO...
            OX.XXO...
            .XXOOOO..
            .XOO.....
            .OO......
            ..O......
            ..O......
            .........
            .........",
        );
        let (c7, d9, a9) = (pt(&board, "C7"), pt(&board, "D9"), pt(&board, "A9"));
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c7));
        assert_eq!((r.code, r.point), (Code::KoA, Some(d9)));
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, c7));
        assert_eq!((r.code, r.point), (Code::Win, Some(a9)));
    }

    /// Optics values the space around the lone black H8 as two settled
    /// eyes, yet White's J8 (or H9) kills: the defender must not pass
    /// (owl.tst 140, nicklas19 at move 60; GNU Go 3.8 answers `1 H9` to
    /// both calls, owlet used to answer `1 PASS` to `owl_defend`).
    #[test]
    fn settled_eyes_the_attacker_can_break_are_defended() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            O.XOOX...
            OXXXOX.X.
            .XXOOOX..
            XXXO.OOXX
            OOXOOOOOX
            XOOOXXO.O
            XXXX.XXO.
            ......XOO
            .......X.",
        );
        let h8 = pt(&board, "H8");
        let defended = [pt(&board, "H9"), pt(&board, "J8"), pt(&board, "J9")];
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, h8));
        assert_eq!(r.code, Code::Win);
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, h8));
        assert_eq!(r.code, Code::Win);
        assert!(
            r.point.is_some_and(|p| defended.contains(&p)),
            "{:?}",
            r.point
        );
    }

    #[test]
    fn one_small_eye_is_dead() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .......
            .......
            XXXX...
            OOOX...
            .O.X...
            OOOX...",
        );
        let a3 = pt(&board, "A3");
        let r = unchanged(&mut board, |b| owl.defend(b, &mut reader, &mut solver, a3));
        assert_eq!(r.code, Code::Fail);
        let status = unchanged(&mut board, |b| owl.status(b, &mut reader, &mut solver, a3))
            .map(|s| s.status);
        assert_eq!(status, Some(DragonStatus::Dead));
    }

    /// The goal's judgement with `side` to move, from its evaluation.
    fn judged(diagram: &str, goal: &str, side: Side) -> Option<(Code, Option<Point>)> {
        let (mut board, mut reader, mut solver, _) = setup(diagram);
        let p = pt(&board, goal);
        let color = board.color_at(p).unwrap();
        let stones = dragon_stones_read(&mut board, &mut reader, p);
        let mut memo = crate::life::EyeMemo::<8>::new();
        let life = evaluate(
            &mut board,
            &mut reader,
            &mut solver,
            &mut memo,
            &stones,
            color,
            true,
        );
        judge(&life, side)
    }

    #[test]
    fn a_dead_stone_in_the_eye_leaves_the_verdict_to_the_eye_value() {
        // White's one eye holds a dead black stone: with Black to move the
        // group is dead as it stands; with White to move, taking the
        // stone is still read.
        let one_stone = "
            .......
            .......
            .......
            XXXXXX.
            .OOOOX.
            OOOOOX.
            .X.O.X.";
        assert_eq!(
            judged(one_stone, "D2", Side::Attacker),
            Some((Code::Win, None))
        );
        assert_eq!(judged(one_stone, "D2", Side::Defender), None);
        // A dead string of two stones keeps the attacker's node open: the
        // space its capture frees may be worth more than the value reads.
        let two_stones = "
            ........
            ........
            ........
            ........
            XXXXXXX.
            .OOOOOX.
            OOOOOOX.
            .XX.O.X.";
        assert_eq!(judged(two_stones, "E2", Side::Attacker), None);
    }

    #[test]
    fn a_goal_liberty_next_to_a_lively_friend_keeps_the_defender_reading() {
        // White's goal has one eye (A1-B1); its liberty E1 touches White's
        // F1-G4 outside it. With five liberties that string is a way out
        // the defender, to move, still reads; with four (G5 Black's) the
        // goal is dead as it stands. The attacker to move kills either way
        // (it takes E1 first).
        let friend = "
            .......
            .......
            XXXX...
            OOOX..O
            OOOX..O
            OOOXX.O
            ..OO.OO";
        assert_eq!(judged(friend, "A4", Side::Defender), None);
        assert_eq!(
            judged(friend, "A4", Side::Attacker),
            Some((Code::Win, None))
        );
        let short_friend = "
            .......
            .......
            XXXX..X
            OOOX..O
            OOOX..O
            OOOXX.O
            ..OO.OO";
        assert_eq!(
            judged(short_friend, "A4", Side::Defender),
            Some((Code::Fail, None))
        );
    }

    #[test]
    fn straight_three_is_critical_at_its_middle() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .......
            .......
            .......
            XXXXX..
            OOOOX..
            ...OX..",
        );
        let d2 = pt(&board, "D2");
        let b1 = pt(&board, "B1");
        let status = unchanged(&mut board, |b| owl.status(b, &mut reader, &mut solver, d2))
            .map(|s| s.status);
        assert_eq!(
            status,
            Some(DragonStatus::Critical {
                attack: Some(b1),
                defense: Some(b1)
            })
        );
        let r = unchanged(&mut board, |b| {
            owl.does_attack(b, &mut reader, &mut solver, b1, d2)
        });
        assert_eq!(r.code, Code::Win);
        let a1 = pt(&board, "A1");
        let r = unchanged(&mut board, |b| {
            owl.does_defend(b, &mut reader, &mut solver, a1, d2)
        });
        assert_eq!(r.code, Code::Fail);
        // With every node's reads started as deep as they may
        // (`reading_deepens_from` 0): the same vital point, and the reader
        // gets back the start depth it had before the call.
        owl.set_reading_deepens_from(0);
        reader.set_start_depth(1);
        let deeper = unchanged(&mut board, |b| owl.status(b, &mut reader, &mut solver, d2))
            .map(|s| s.status);
        assert_eq!(deeper, status);
        assert_eq!(reader.start_depth(), 1);
    }

    #[test]
    fn empty_points_and_limits() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .......
            .......
            .......
            XXXXX..
            OOOOX..
            ...OX..",
        );
        let c5 = pt(&board, "C5");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c5));
        assert_eq!((r.code, r.point), (Code::Fail, None));
        assert_eq!(owl.status(&mut board, &mut reader, &mut solver, c5), None);
        // A node limit of one: the search stops at once and says so; the
        // defender wins at the limit (GNU Go's convention).
        owl.set_limits(OwlLimits {
            node_limit: 1,
            ..OwlLimits::DEFAULT
        });
        let d2 = pt(&board, "D2");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, d2));
        assert!(r.limit_hit);
        assert_eq!(r.code, Code::Fail);
        // The reader's own limits are restored after a search.
        assert_eq!(reader.limits(), ReadingLimits::DEFAULT);
    }

    /// Black's squared four in the corner is dead as it stands (White's
    /// search kills inside it). With the node limit spent at the root,
    /// neither the attacker's search nor the defender's check of that
    /// verdict can read: the defender has the doubt, as at any node the
    /// limit stops, so the attack fails (and says the limit was hit)
    /// instead of answering `PASS`.
    #[test]
    fn a_static_kill_the_limit_leaves_unchecked_is_not_an_answer() {
        let (mut board, mut reader, mut solver, mut owl) = setup(
            "
            .......
            .......
            .......
            OOOO...
            XXXO...
            ..XO...
            ..XO...",
        );
        let c3 = pt(&board, "C3");
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c3));
        assert_eq!(r.code, Code::Win);
        assert!(!r.limit_hit);
        owl.set_limits(OwlLimits {
            node_limit: 1,
            ..OwlLimits::DEFAULT
        });
        let r = unchanged(&mut board, |b| owl.attack(b, &mut reader, &mut solver, c3));
        assert!(r.limit_hit);
        assert_eq!((r.code, r.point), (Code::Fail, None));
    }

    #[test]
    fn a_root_check_takes_only_kills_computed_deeper() {
        let mut owl = TestOwl::new();
        let point = Point::from_index(40);
        // The defender's survival, read at depth 3.
        owl.store(7, 3, Code::Win, point);
        let defender = Side::Defender;
        assert_eq!(owl.lookup(7, 1, defender), Some((Code::Win, point)));
        owl.checking = true;
        assert_eq!(owl.lookup(7, 1, defender), None);
        assert_eq!(owl.lookup(7, 2, defender), None);
        assert_eq!(owl.lookup(7, 3, defender), Some((Code::Win, point)));
        assert_eq!(owl.lookup(7, 5, defender), Some((Code::Win, point)));
        assert_eq!(owl.lookup(8, 5, defender), None);
        // The attacker's kill, by ko too, serves at any depth.
        owl.store(9, 4, Code::KoA, point);
        assert_eq!(owl.lookup(9, 1, Side::Attacker), Some((Code::KoA, point)));
        // The defender's loss, and the attacker's failure, read deeper, are
        // read again.
        owl.store(11, 4, Code::Fail, None);
        assert_eq!(owl.lookup(11, 1, defender), None);
        owl.store(13, 4, Code::Fail, None);
        assert_eq!(owl.lookup(13, 1, Side::Attacker), None);
    }
}

#[cfg(test)]
mod sizes {
    use super::*;
    use crate::life::EyeMemo;
    use crate::moves::MoveList;

    /// The figures quoted in the crate docs (# Memory).
    #[test]
    fn documented_sizes() {
        std::println!(
            "Owl<512> {} Owl<0> {} EyeMemo {} Life {} MoveList {} PointSet {}",
            core::mem::size_of::<Owl<512>>(),
            core::mem::size_of::<Owl<0>>(),
            core::mem::size_of::<EyeMemo>(),
            core::mem::size_of::<Life>(),
            core::mem::size_of::<MoveList>(),
            core::mem::size_of::<PointSet>(),
        );
        assert_eq!(core::mem::size_of::<EyeMemo<1>>(), 16);
        assert_eq!(core::mem::size_of::<Owl<512>>(), 6_264);
        assert_eq!(core::mem::size_of::<Owl<256, 64>>(), 3_192);
        assert!(core::mem::size_of::<Owl<0>>() <= core::mem::size_of::<EyeMemo>() + 128);
        assert!(core::mem::size_of::<Life>() <= 512);
    }
}
