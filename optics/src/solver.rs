//! The local-game solver: the value and vital points of an eye graph, read
//! out by play.
//!
//! Owns: [`Solver`] and [`Analysis`]. The method is the one GNU Go
//! documents for `analyze_eyegraph`: the graph is embedded in a defender
//! group that has no other eye potential — every vertex that touches the
//! group's stones is its liberty, and the group has
//! [`DIAGRAM_OUTER_LIBERTIES`] more liberties outside that only the
//! attacker fills (a group on a board: its real number, up to
//! [`OUTER_LIBERTIES`], see [`Solver::analyze_with_outer`]) — while
//! marginal vertices also touch attacker stones that cannot be captured,
//! and dead attacker stones start on their vertices (a stone on a
//! marginal vertex is joined to those invincible stones, except on graphs
//! built from a board, where once captured its vertex is an ordinary
//! margin). How a diagram becomes such a graph is [`crate::graph`]'s
//! part. A question is then whether the attacker can capture the group,
//! with the group's one extra true eye elsewhere or with it filled.
//! [`Solver::analyze`] first looks the graph up in [`crate::table`]; a
//! graph of up to [`crate::table::CANONICAL_MAX`] vertices the table does
//! not list is read in canonical order.
//!
//! The value follows from those questions as GNU Go's method reads it:
//! a group that lives without the extra eye when the attacker starts is
//! worth `b = c = 2`, and `a` is what is left after two attacker moves in
//! a row; critical without the extra eye is `x122` (or `0022` when the
//! attacker kills even with the extra eye), `a` being 0 when an attacking
//! move leaves a space worth `0011`; dead without but alive with the
//! extra eye is `x11y`, `a` 0 when an attacker move leaves a space worth
//! `0011` and `y` 2 when a defender move leaves one worth `1122`; critical
//! with the extra eye is `001y` (`y` 2 when a defending move leaves
//! `1122`); dead with it is `000y`, `y` what two defender moves in a row
//! reach.
//!
//! Rules of the reading (GNU Go 3.8's): the defender may pass, the
//! attacker may not (so the attacker must capture to win; the group lives
//! when the attacker runs out of useful moves); suicide is not allowed;
//! a move that repeats an earlier position of the line is not allowed
//! (positional superko), so ko goes to the side that does not need to
//! retake first; the defender does not play where the attacker's stone
//! would be suicide unless it captures there (it never fills its own
//! eyes). Dead attacker strings with no liberty in the graph have their
//! last liberty outside the space: the defender may capture them with a
//! move (so `X` alone is an eye; GNU Go's `analyze_eyegraph` keeps such a
//! string on the board forever, a position that cannot arise in a game,
//! and answers 0000). With the board rules of
//! [`Solver::analyze_with_outer`] (what reproduces GNU Go's `eval_eye`
//! and keeps owl's regression cases) the attacker may pass too, when both
//! pass a group with dead attacker stones still in its space has no eye
//! there, the defender may fill any point, the vertices are read in
//! order of degree, and `a` and `d` are simply what two moves in a row
//! of the attacker or the defender leave (see `evaluate_board`), read in
//! one pass with the whole budget. Under either rules a position where
//! the group has two eyes the attacker can never fill (single empty
//! vertices off the margin surrounded by the group's stones, the extra eye
//! counting as one) is a win for the defender without reading on
//! (measured on ld_owl.tst: the solver reads 14 % fewer nodes, the suite
//! takes 16 % less CPU time).
//!
//! Bounds: `CACHE` 8-byte entries (default [`DEFAULT_CACHE_ENTRIES`] =
//! 1024, 8 KiB): four fifths a two-way transposition cache, a fifth a memo
//! of whole analyses kept across calls (see [`Solver`]); a node budget per
//! analysis ([`DEFAULT_NODE_BUDGET`]), a line depth of [`MAX_DEPTH`] and
//! a largest graph read ([`Solver::set_vertex_limit`], and for open
//! graphs [`Solver::set_open_vertex_limit`]). A result
//! that a repetition refused above its position decided is not cached; if
//! this exact reading runs out of a quarter of the budget, a second one
//! caches every result as GNU Go does (a result reached through a
//! repetition may then be reused on a line where it does not hold). When
//! the budget or depth runs out the analysis answers a conservative value
//! with [`Analysis::exact`] false.
//!
//! Stack (thumbv7m-none-eabi, release, as linked in the device's
//! console): a `search` frame is 88 bytes (registers and locals; a
//! move is made in a `search_move` frame of 96 on top of the line's
//! last), an `evaluate` frame 136, `winning_moves` 96, `tactical` 48. A
//! line holds at most [`MAX_DEPTH`] positions and a pass adds a frame but
//! no position, so the deepest reading is 129 `search` frames (11.1 KiB)
//! under a chain of `evaluate`/`tactical` frames as long as the line's
//! moves at the top; measured, the random graphs of up to 8 vertices of
//! the differential test reach lines of 32 positions (about 10 KiB of
//! stack); eyes.db's largest shapes reach the limit. A caller deep in a
//! search of its own sets a shorter line ([`Solver::set_depth_limit`]):
//! owl reads at most 40 positions.
//!
//! Omits: ko values (a ko counts as lost by whoever must retake first),
//! and seki is counted as life (2 eyes) when the group survives without
//! the extra eye.

use core::cell::Cell;

use crate::graph::{EyeGraph, MAX_VERTICES, Mask, bit};
use crate::value::EyeValue;

/// Default cache entries (8 bytes each).
pub const DEFAULT_CACHE_ENTRIES: usize = 1024;

/// Default node budget of one [`Solver::analyze`] call.
pub const DEFAULT_NODE_BUDGET: u32 = 400_000;

/// Longest line read (moves, the extra eye's filling and the moves that
/// find the value; passes do not count).
pub const MAX_DEPTH: usize = 64;

/// Analyses that read at least this many nodes are kept in the memo (see
/// [`Solver`]); cheaper ones are read again.
pub const MEMO_MIN_NODES: u32 = 30;

/// Most dead strings without a liberty in the graph that are tracked.
const MAX_CAPTIVES: usize = 8;

/// Most liberties outside the eye space [`Solver::analyze_with_outer`]
/// gives a group on a board (3 agrees best with optics.tst).
pub const OUTER_LIBERTIES: u8 = 3;

/// Liberties of the defender's group outside the eye space in
/// [`Solver::analyze`] (GNU Go 3.8's `analyze_eyegraph` gives two).
pub const DIAGRAM_OUTER_LIBERTIES: u8 = 2;

/// The value of an eye graph and its vital points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Analysis {
    /// The eye value.
    pub value: EyeValue,
    /// Vertices where the attacker's first move reaches the value's lower
    /// digit (`b` when it differs from `c`, else `a` when it differs from
    /// `b`), as a mask over the graph's vertices.
    pub attack: Mask,
    /// Vertices where the defender's first move reaches the upper digit
    /// (`c` when it differs from `b`, else `d`).
    pub defense: Mask,
    /// False when the solver ran out of budget and the value is an
    /// estimate.
    pub exact: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Defender,
    Attacker,
}

/// Outcome of a search: the group lives, dies, or the budget ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Res {
    Lives,
    Dies,
    Unknown,
}

/// A position of the local game, as its cache key: the defender's stones
/// (bits 0 to 15), the attacker's (16 to 31), the outer liberties (32 to
/// 35), whether the extra eye is empty (not filled by the defender, bit
/// 36) and the dead stones on marginal vertices (`$`) still on their
/// vertex (42 to 57): they are not connected to the attacker's outside
/// stones (a stone the attacker plays on a marginal vertex later is). One
/// word, so that it moves between calls in registers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos(u64);

/// The bit of [`Pos`] that says the extra eye is empty.
const EYE_BIT: u64 = 1 << 36;

/// Where [`Pos`] keeps its dead stones on marginal vertices.
const ORIG_SHIFT: u32 = 42;

impl Pos {
    const fn new(def: Mask, att: Mask, orig: Mask, outer: u8, eye: bool) -> Pos {
        Pos(def as u64
            | (att as u64) << 16
            | ((outer & 0xf) as u64) << 32
            | (eye as u64) << 36
            | (orig as u64) << ORIG_SHIFT)
    }

    const fn key(self) -> u64 {
        self.0
    }

    const fn def(self) -> Mask {
        self.0 as Mask
    }

    const fn att(self) -> Mask {
        (self.0 >> 16) as Mask
    }

    /// The vertices holding a stone of either side.
    const fn stones(self) -> Mask {
        let low = self.0 as u32;
        (low | low >> 16) as Mask
    }

    const fn orig(self) -> Mask {
        (self.0 >> ORIG_SHIFT) as Mask
    }

    const fn outer(self) -> u8 {
        ((self.0 >> 32) & 0xf) as u8
    }

    const fn eye(self) -> bool {
        self.0 & EYE_BIT != 0
    }

    const fn with_eye(self, eye: bool) -> Pos {
        Pos(self.0 & !EYE_BIT | (eye as u64) << 36)
    }

    /// One outer liberty fewer (there is one).
    const fn fill_outer(self) -> Pos {
        Pos(self.0 - (1 << 32))
    }

    fn add_def(&mut self, b: Mask) {
        self.0 |= u64::from(b);
    }

    fn add_att(&mut self, b: Mask) {
        self.0 |= u64::from(b) << 16;
    }

    fn remove_def(&mut self, string: Mask) {
        self.0 &= !u64::from(string);
    }

    /// Removes the attacker's stones `string` (from `orig` too).
    fn remove_att(&mut self, string: Mask) {
        self.0 &= !(u64::from(string) << 16 | u64::from(string) << ORIG_SHIFT);
    }
}

/// How [`Solver::search`] reached a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Came {
    /// The reading starts there.
    Root,
    /// By a move from the search node below it on the line.
    Move,
    /// By a defender's move that leaves its group at most one liberty:
    /// the attacker to move captures it.
    Atari,
    /// By a defender's move that leaves its group two liberties or more.
    Free,
    /// By a pass of the search node on the same position.
    Pass,
}

/// What a move did.
enum Played {
    Illegal,
    /// Legal but for repeating the position at this index of the line.
    Repeats(usize),
    Captured,
    Done(Pos),
}

/// Where [`outcome`] keeps what a move did (0: the position reached,
/// in the bits below).
const OUTCOME_SHIFT: u32 = 62;
const OUTCOME_ILLEGAL: u64 = 1;
const OUTCOME_CAPTURED: u64 = 2;
const OUTCOME_REPEATS: u64 = 3;

/// A move's [`Played`] in one word: the position reached (its key, bits
/// 62 and 63 clear), or [`OUTCOME_ILLEGAL`], [`OUTCOME_CAPTURED`] or
/// [`OUTCOME_REPEATS`] from [`OUTCOME_SHIFT`] up, with the repeated
/// index below.
#[inline(always)]
fn outcome(played: Played) -> u64 {
    match played {
        Played::Done(next) => next.0,
        Played::Illegal => OUTCOME_ILLEGAL << OUTCOME_SHIFT,
        Played::Captured => OUTCOME_CAPTURED << OUTCOME_SHIFT,
        Played::Repeats(i) => OUTCOME_REPEATS << OUTCOME_SHIFT | i as u64,
    }
}

/// Moves as indices: vertices `0..MAX_VERTICES`, then an outer liberty
/// (attacker), then capturing tracked dead string `i` from outside
/// (defender).
const OUTER_MOVE: usize = MAX_VERTICES;
const CAPTURE_MOVE: usize = MAX_VERTICES + 1;
const MOVES: usize = CAPTURE_MOVE + MAX_CAPTIVES;

/// A set of moves (bit `i`: move `i`).
type Moves = u32;

/// What [`Solver::tactical`] finds: whether the attacker moving first
/// captures the group, and whether the defender moving first keeps it.
#[derive(Clone, Copy)]
struct Status {
    attack: bool,
    defend: bool,
}

const DEAD: Status = Status {
    attack: true,
    defend: false,
};

/// The solver with its cache. `size_of` is `CACHE × 8` plus about 0.85 KiB.
///
/// Four fifths of the cache's entries are the reading's transposition
/// table, cleared for each analysis; the last fifth is a memo of whole
/// analyses (`CACHE / 10` of them, two entries each) that read at least
/// [`MEMO_MIN_NODES`], kept across calls: owl meets the same eye graph in
/// many positions. Once it is full, a new analysis replaces the one of
/// lowest priority, an analysis's priority being the nodes it read (in
/// sixteens) plus the priority of the one it replaced: costly analyses
/// stay longest, and old ones go in the end. The memo's key is a 64-bit
/// hash of the graph, the rules, the outer liberties, the budget and the
/// line depth, everything an analysis depends on, so a memo answer is the
/// one reading would give.
///
/// The fields keep their order (`repr(C)`), the cache last: those the
/// reading uses lie within a load's offset of the solver's address.
#[repr(C)]
pub struct Solver<const CACHE: usize = DEFAULT_CACHE_ENTRIES> {
    /// [`MIX`], read from memory where [`Solver::search`] hashes a
    /// position: on Thumb-2 a load brings two words, where an immediate
    /// takes two instructions a word.
    multipliers: [u64; 2],
    /// Nodes of every analysis before the last (wrapping; see
    /// [`Solver::total_nodes`]).
    earlier_nodes: u64,
    len: usize,
    nodes: u32,
    budget: u32,
    /// Longest line read, at most [`MAX_DEPTH`].
    depth_limit: usize,
    deepest: usize,
    /// Analyses answered with an estimate because the budget or the line
    /// depth cut them (see [`Solver::limit_hits`]).
    limit_hits: u32,
    /// Analyses stored in the memo (wrapping): until its pairs are all
    /// filled, the next one fills pair `memo_next` and only the pairs
    /// below it are looked up.
    memo_next: usize,
    graph: EyeGraph,
    /// The graph's vertices (`graph.all()`, kept for the reading).
    all: Mask,
    /// The captives' vertices, all together.
    captive_mask: Mask,
    captives: [Mask; MAX_CAPTIVES],
    ncaptives: u8,
    /// The last defender stones whose group was found ([`Solver::wall`],
    /// or a move's update in [`Solver::play_local`]), their group and the
    /// vertices whose emptiness counts as its liberties: the node after a
    /// move reads the group its move left.
    wall_memo: Cell<(Mask, Mask, Mask)>,
    /// The vertex of each move index (the reading order).
    order: [u8; MAX_VERTICES],
    /// `order` inverted, four vertices at a time: entry `x` of row `k`
    /// holds the moves on the vertices `4k + i` for the bits `i` of `x`,
    /// so that a look-up per four vertices turns the empty vertices into
    /// moves.
    nibble_moves: [[u16; 16]; MAX_VERTICES / 4],
    /// Whether every defender string off the wall has a liberty at the
    /// start: then, with no captive standing, only the strings next to a
    /// move can lose their last liberty by it (see [`Solver::play`]).
    local_play: bool,
    /// Graphs of more vertices are not read (see [`Solver::set_vertex_limit`]).
    vertex_limit: u8,
    /// Open graphs of more vertices are not read (see
    /// [`Solver::set_open_vertex_limit`]).
    open_vertex_limit: u8,
    outer: u8,
    out_of_budget: bool,
    /// Cache results that depended on the repetition rule too (the
    /// second, faster pass of an analysis).
    store_all: bool,
    /// The rules for a group on a board (see [`Solver::analyze_with_outer`]).
    board_rules: bool,
    /// How [`Solver::search`] reaches the position of the last move
    /// [`Solver::search_move`] made.
    reached: Came,
    /// Keys of the positions of the current line, each with its
    /// [`measure`] in the bits from [`LINE_MEASURE`] and the index of the
    /// last position up to it that a move removing stones reached (0 if
    /// none) in the bits from [`LAST_REMOVAL`] (see [`Solver::repeats`]).
    path: [u64; MAX_DEPTH],
    cache: [u64; CACHE],
}

impl<const CACHE: usize> Default for Solver<CACHE> {
    fn default() -> Self {
        Solver::new()
    }
}

const RESULT_SHIFT: u32 = 62;

/// No repetition was refused below a search node.
const NO_REPETITION: usize = usize::MAX - 1;

impl<const CACHE: usize> Solver<CACHE> {
    /// An empty solver with the default budget.
    #[must_use]
    pub fn new() -> Self {
        Solver {
            cache: [0; CACHE],
            memo_next: 0,
            graph: EyeGraph::new(),
            all: 0,
            order: [0; MAX_VERTICES],
            nibble_moves: [[0; 16]; MAX_VERTICES / 4],
            path: [0; MAX_DEPTH],
            len: 0,
            captives: [0; MAX_CAPTIVES],
            ncaptives: 0,
            captive_mask: 0,
            local_play: false,
            earlier_nodes: 0,
            nodes: 0,
            budget: DEFAULT_NODE_BUDGET,
            depth_limit: MAX_DEPTH,
            vertex_limit: MAX_VERTICES as u8,
            open_vertex_limit: MAX_VERTICES as u8,
            outer: DIAGRAM_OUTER_LIBERTIES,
            out_of_budget: false,
            limit_hits: 0,
            store_all: false,
            board_rules: false,
            deepest: 0,
            wall_memo: Cell::new((0, 0, 0)),
            reached: Came::Move,
            multipliers: MIX,
        }
    }

    /// Sets the node budget of each [`Solver::analyze`] call.
    pub fn set_budget(&mut self, nodes: u32) {
        self.budget = nodes;
    }

    /// Sets the longest line each analysis reads (at most [`MAX_DEPTH`],
    /// the default). A caller deep in a search of its own lowers it to
    /// bound its stack: the solver recurses about twice as many frames as
    /// the line has positions. A line cut short leaves the value inexact.
    pub fn set_depth_limit(&mut self, positions: usize) {
        self.depth_limit = positions.min(MAX_DEPTH);
    }

    /// Sets the most vertices a graph may have to be read ([`MAX_VERTICES`],
    /// the default: every graph). A larger one gets the estimate at once,
    /// as if the budget had run out: a caller whose budget never suffices
    /// for such graphs saves reading them.
    pub fn set_vertex_limit(&mut self, vertices: usize) {
        self.vertex_limit = u8::try_from(vertices).unwrap_or(u8::MAX);
    }

    /// Sets the same limit for open graphs: no stone on any vertex and
    /// some marginal vertex (default [`MAX_VERTICES`]). Such a graph has
    /// the most lines to read for its size: both sides may play on every
    /// vertex, the attacker safely on the margin.
    pub fn set_open_vertex_limit(&mut self, vertices: usize) {
        self.open_vertex_limit = u8::try_from(vertices).unwrap_or(u8::MAX);
    }

    /// Nodes used by the last analysis.
    #[must_use]
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// Nodes used by every analysis since the solver was made (wrapping):
    /// a caller's work between two readings of it.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.earlier_nodes.wrapping_add(u64::from(self.nodes))
    }

    /// Analyses since the solver was made whose value is an estimate
    /// because the node budget or the line depth cut them (a memo answer
    /// of such an analysis counts again). Saturates at `u32::MAX`. Graphs
    /// looked up in the table are exact; a graph over the vertex limit
    /// ([`Solver::set_vertex_limit`], [`Solver::set_open_vertex_limit`])
    /// gets the estimate by the caller's choice and is not counted.
    #[must_use]
    pub fn limit_hits(&self) -> u32 {
        self.limit_hits
    }

    /// Positions on the longest line of the last analysis (at most
    /// [`MAX_DEPTH`]; the solver's recursion is at most twice as many
    /// frames deep, a pass being a frame that adds no position).
    #[must_use]
    pub fn deepest(&self) -> usize {
        self.deepest
    }

    /// The value and vital points of `graph` under GNU Go's
    /// `analyze_eyegraph` rules: [`DIAGRAM_OUTER_LIBERTIES`] outer
    /// liberties, the attacker never passes, a seki counts as life.
    /// Graphs the generated table lists are looked up there; other graphs
    /// of up to [`crate::table::CANONICAL_MAX`] vertices are read in
    /// canonical order (so that relabelling or mirroring a diagram does not
    /// change the answer), larger ones as given.
    pub fn analyze(&mut self, graph: &EyeGraph) -> Analysis {
        if let Some(found) = crate::table::lookup(graph) {
            self.count_last();
            self.nodes = 0;
            return found;
        }
        // Small graphs are read in canonical order, so that relabelling
        // or mirroring a diagram cannot change the answer.
        if let Some(c) = crate::table::canonical(graph) {
            let found = self.solve(&crate::table::decode(c.key));
            let unmap = |m: Mask| -> Mask {
                c.order
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| m & bit(i) != 0)
                    .fold(0, |acc, (_, &v)| acc | bit(v as usize))
            };
            return Analysis {
                attack: unmap(found.attack),
                defense: unmap(found.defense),
                ..found
            };
        }
        self.solve(graph)
    }

    /// [`Solver::analyze`] by reading alone, without the table (what the
    /// table was generated with).
    pub fn solve(&mut self, graph: &EyeGraph) -> Analysis {
        self.board_rules = false;
        self.run(graph, DIAGRAM_OUTER_LIBERTIES)
    }

    /// The value and vital points of an eye space of a group on a board
    /// with `outer` liberties outside it (at most [`OUTER_LIBERTIES`] are
    /// used), under the rules that reproduce GNU Go's `eval_eye`: either
    /// side may pass, and when both pass a group with dead attacker
    /// stones still in its space has no eye there (a seki around dead
    /// stones, eyes.db's view).
    pub fn analyze_with_outer(&mut self, graph: &EyeGraph, outer: u8) -> Analysis {
        self.board_rules = true;
        let found = self.run(graph, outer.min(OUTER_LIBERTIES));
        self.board_rules = false;
        found
    }

    /// Entries of the cache's transposition table (the rest is the memo).
    const TABLE: usize = CACHE - 2 * Self::MEMO;

    /// Whether `probe`, a slot of the table or the other way of its pair
    /// (`slot ^ 1`), is in the table: always when the table's size is
    /// even.
    #[inline(always)]
    const fn in_table(probe: usize) -> bool {
        Self::TABLE % 2 == 0 || probe < Self::TABLE
    }
    /// Analyses the memo keeps.
    const MEMO: usize = CACHE / 10;

    /// Adds the last analysis's nodes to the earlier ones, before the
    /// next analysis counts its own.
    fn count_last(&mut self) {
        self.earlier_nodes = self.earlier_nodes.wrapping_add(u64::from(self.nodes));
    }

    fn run(&mut self, graph: &EyeGraph, outer: u8) -> Analysis {
        self.count_last();
        let open = graph.stones == 0 && graph.defenders == 0 && graph.marginal != 0;
        if graph.len() > usize::from(self.vertex_limit)
            || (open && graph.len() > usize::from(self.open_vertex_limit))
        {
            self.graph = *graph;
            self.nodes = 0;
            self.deepest = 0;
            return self.estimate();
        }
        let key = self.memo_key(graph, outer);
        if let Some(found) = self.memo_lookup(key) {
            self.nodes = 0;
            self.deepest = 0;
            if !found.exact {
                self.limit_hits = self.limit_hits.saturating_add(1);
            }
            return found;
        }
        let found = self.read(graph, outer);
        if self.nodes >= MEMO_MIN_NODES {
            self.memo_store(key, found, self.nodes);
        }
        found
    }

    /// The memo's key of an analysis of `graph` with `outer` liberties
    /// under the current rules, budget and line depth; never 0.
    fn memo_key(&self, graph: &EyeGraph, outer: u8) -> u64 {
        let n = graph.len().min(MAX_VERTICES);
        let mut h = mix(u64::from(outer)
            | u64::from(self.board_rules) << 8
            | (self.depth_limit as u64) << 16
            | u64::from(self.budget) << 24
            | (n as u64) << 56);
        for &a in graph.adj.iter().take(n) {
            h = mix(h ^ u64::from(a));
        }
        h = mix(h
            ^ (u64::from(graph.marginal)
                | u64::from(graph.stones) << 16
                | u64::from(graph.wall) << 32
                | u64::from(graph.defenders) << 48));
        mix(h ^ u64::from(graph.loose)) | 1
    }

    fn memo_lookup(&self, key: u64) -> Option<Analysis> {
        let filled = self.memo_next.min(Self::MEMO);
        let memo = self.cache.get(Self::TABLE..Self::TABLE + 2 * filled)?;
        memo.chunks_exact(2)
            .find(|pair| pair.first() == Some(&key))
            .and_then(|pair| pair.get(1))
            .map(|&packed| unpack_analysis(packed))
    }

    /// Keeps `found`, an analysis that read `nodes`, in the memo: in the
    /// next empty pair, or once all are filled in place of the first of
    /// lowest priority (see [`Solver`]).
    fn memo_store(&mut self, key: u64, found: Analysis, nodes: u32) {
        let stored = self.memo_next;
        self.memo_next = stored.wrapping_add(1);
        let Some(memo) = self.cache.get_mut(Self::TABLE..) else {
            return;
        };
        let (victim, floor) = if stored < Self::MEMO {
            (Some(stored), 0)
        } else {
            let mut victim = None;
            let mut lowest = u32::MAX;
            for (i, pair) in memo.chunks_exact(2).enumerate() {
                let priority = (pair.get(1).copied().unwrap_or(0) >> MEMO_PRIORITY) as u32;
                if priority < lowest {
                    lowest = priority;
                    victim = Some(i);
                }
            }
            (victim, lowest)
        };
        if let Some([k, v]) = victim
            .and_then(|i| memo.get_mut(2 * i..2 * i + 2))
            .and_then(|s| <&mut [u64; 2]>::try_from(s).ok())
        {
            *k = key;
            let priority = (floor + (nodes >> 4)).min(0xffff);
            *v = pack_analysis(found) | u64::from(priority) << MEMO_PRIORITY;
        }
    }

    /// Reads `graph` (see [`Solver::analyze`] and
    /// [`Solver::analyze_with_outer`]).
    fn read(&mut self, graph: &EyeGraph, outer: u8) -> Analysis {
        self.deepest = 0;
        // First exactly, with a quarter of the budget; then, if that runs
        // out, caching every result as GNU Go does (a result reached
        // through a repetition is then reused on other lines).
        self.store_all = false;
        // The board rules read once, with the whole budget.
        if self.board_rules {
            return self.analyze_once(graph, outer);
        }
        let budget = self.budget;
        self.budget = budget / 4;
        let first = self.analyze_once(graph, outer);
        self.budget = budget;
        if first.exact {
            return first;
        }
        let used = self.nodes;
        self.store_all = true;
        let second = self.analyze_once(graph, outer);
        self.nodes = self.nodes.saturating_add(used);
        self.store_all = false;
        if !second.exact {
            self.limit_hits = self.limit_hits.saturating_add(1);
        }
        second
    }

    fn analyze_once(&mut self, graph: &EyeGraph, outer: u8) -> Analysis {
        self.graph = *graph;
        self.all = graph.all();
        // No defender stone: no group, the wall's vertices are liberties.
        self.wall_memo.set((0, 0, graph.wall));
        self.cache.iter_mut().take(Self::TABLE).for_each(|e| *e = 0);
        self.nodes = 0;
        self.out_of_budget = false;
        self.outer = outer.min(OUTER_LIBERTIES);
        // Marginal vertices first (the attacker's safe moves, the
        // defender's urgent ones; not with the board rules), then those
        // with more neighbours: vital points are usually central.
        let mut order = [0u8; MAX_VERTICES];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        let n = graph.len().min(MAX_VERTICES);
        let board_rules = self.board_rules;
        if let Some(slice) = order.get_mut(..n) {
            slice.sort_unstable_by_key(|&v| {
                let degree = graph.degree(v as usize);
                (
                    !board_rules && graph.marginal & bit(v as usize) == 0,
                    core::cmp::Reverse(degree),
                    v,
                )
            });
        }
        self.order = order;
        self.nibble_moves = [[0; 16]; MAX_VERTICES / 4];
        for (m, &v) in order.iter().enumerate().take(n) {
            let v = usize::from(v);
            if let Some(row) = self.nibble_moves.get_mut(v / 4) {
                for (x, entry) in row.iter_mut().enumerate() {
                    if x & 1 << (v % 4) != 0 {
                        *entry |= 1 << m;
                    }
                }
            }
        }

        let start = Pos::new(
            graph.defenders & graph.all(),
            graph.stones & graph.all(),
            graph.loose & graph.all(),
            self.outer,
            true,
        );
        // Dead strings without a liberty in the graph: their last liberty
        // is outside the eye space, where only the defender can use it (a
        // move that captures them).
        self.captives = [0; MAX_CAPTIVES];
        self.ncaptives = 0;
        self.captive_mask = 0;
        let immortal = graph.flood(start.att() & graph.marginal & !start.orig(), start.att());
        let empty = graph.all() & !start.stones();
        let mut rest = start.att() & !immortal;
        while rest != 0 {
            let string = graph.flood(bit(rest.trailing_zeros() as usize), start.att());
            rest &= !string;
            if graph.neighbours(string) & empty == 0
                && let Some(slot) = self.captives.get_mut(usize::from(self.ncaptives))
            {
                *slot = string;
                self.ncaptives += 1;
                self.captive_mask |= string;
            }
        }
        let (_, group) = self.wall_liberties(start);
        let mut rest = start.def() & !group;
        self.local_play = true;
        while rest != 0 {
            let string = graph.flood(bit(rest.trailing_zeros() as usize), start.def());
            rest &= !string;
            if graph.neighbours(string) & empty == 0 {
                self.local_play = false;
            }
        }
        self.len = 0;
        let found = if self.wall_liberties(start).0 == 0 {
            Some((EyeValue::default(), 0, 0))
        } else {
            self.push(start);
            if self.board_rules {
                self.evaluate_board(start)
            } else {
                self.evaluate(start)
            }
        };
        match found {
            Some((value, attack, defense)) if !self.out_of_budget => Analysis {
                value,
                attack: self.vertices(attack),
                defense: self.vertices(defense),
                exact: true,
            },
            _ => {
                // The board rules read once; a diagram's first, cheaper
                // reading is followed by a second one, counted in `read`.
                if self.board_rules {
                    self.limit_hits = self.limit_hits.saturating_add(1);
                }
                self.estimate()
            }
        }
    }

    /// The conservative value used beyond the solver's reach: as many eyes
    /// as the plain (non-marginal, empty) vertices surely give, counting
    /// seven or more as two, one for three or more.
    fn estimate(&self) -> Analysis {
        let g = &self.graph;
        let plain = (g.all() & !g.marginal & !g.stones & !g.defenders).count_ones();
        let sure = if plain >= 7 { 2 } else { u8::from(plain >= 3) };
        Analysis {
            value: EyeValue::new(sure, sure, 2, 2),
            attack: 0,
            defense: 0,
            exact: false,
        }
    }

    fn push(&mut self, pos: Pos) {
        let key = pos.key();
        let before = self.len.checked_sub(1).and_then(|i| self.path.get(i));
        // A move that removes no stone adds one to the measure and keeps
        // the last removal.
        let entry = match before {
            Some(&before) if stones(before) & !stones(key) == 0 => {
                key | ((before & !KEY_BITS) + (1 << LINE_MEASURE))
            }
            Some(_) => key | measure(pos) << LINE_MEASURE | (self.len as u64) << LAST_REMOVAL,
            None => key | measure(pos) << LINE_MEASURE,
        };
        debug_assert_eq!(line_measure(entry), measure(pos));
        self.push_entry(entry);
    }

    /// Puts a line entry (a key with its measure and last removal, see
    /// [`Solver::path`]) on the line.
    #[inline(always)]
    fn push_entry(&mut self, entry: u64) {
        if let Some(slot) = self.path.get_mut(self.len) {
            *slot = entry;
        }
        self.len += 1;
        if self.len > self.deepest {
            self.deepest = self.len;
        }
    }

    /// Where on the line `pos`, reached from the line's last position
    /// `from`, already stands, if it does.
    ///
    /// A move that removes no stone adds one, fills an outer liberty or
    /// fills the extra eye, and nothing takes these back but a removal.
    /// So unless the move to `pos` removes stones, `pos` can only repeat
    /// a position before the last one a removal reached (kept with the
    /// line's keys), and only those are compared.
    ///
    /// Between one removal and the next each move adds one to the
    /// [`measure`], so such a run of the line holds at most one position
    /// of `pos`'s measure, found from the run's first one: one comparison
    /// per run. Outer liberties and the extra eye are filled and never
    /// emptied, so the runs before a position that differs from `pos` in
    /// them are not looked at.
    fn repeats(&self, from: Pos, pos: Pos) -> Option<usize> {
        self.line_entry(from, pos).err()
    }

    /// [`Solver::repeats`], inlined where search makes its moves: the
    /// index of the repeated position, or else `pos`'s line entry (what
    /// [`Solver::push`] would put on the line).
    #[inline(always)]
    fn line_entry(&self, from: Pos, pos: Pos) -> Result<u64, usize> {
        let top = self.len.checked_sub(1).and_then(|i| self.path.get(i));
        let k = pos.key();
        let (reach, q) = match top {
            Some(&top) if from.stones() & !pos.stones() == 0 => {
                debug_assert_eq!(top & KEY_BITS, from.key());
                ((top >> LAST_REMOVAL) as usize, line_measure(top) + 1)
            }
            _ => (self.len, measure(pos)),
        };
        let mut end = reach.min(MAX_DEPTH);
        while let Some(&last) = end.checked_sub(1).and_then(|i| self.path.get(i)) {
            // Outer liberties and the extra eye are only ever filled: the
            // positions up to one that differs from `pos` in them differ
            // too.
            if (last ^ k) & FILLED_BITS != 0 {
                break;
            }
            let start = (last >> LAST_REMOVAL) as usize;
            let first = self.path.get(start).copied().map_or(0, line_measure);
            if let Some(i) = q.checked_sub(first).map(|d| start + d as usize)
                && i < end
                && self.path.get(i).is_some_and(|&p| p & KEY_BITS == k)
            {
                return Err(i);
            }
            end = start;
        }
        Ok(k | q << LINE_MEASURE | (reach as u64) << LAST_REMOVAL)
    }

    /// `side` makes move `m` (see [`OUTER_MOVE`]) from `pos`; a position
    /// that repeats one of the line is illegal.
    fn step(&self, pos: Pos, side: Side, m: usize) -> Played {
        let played = if m < self.graph.len() {
            let v = self.order.get(m).copied().unwrap_or(0) as usize;
            self.play(pos, side, v)
        } else {
            self.off_graph(pos, side, m)
        };
        self.unrepeated(pos, played)
    }

    /// `side` makes move `m` off the graph (an outer liberty or a
    /// capture from outside) from `pos`, repetition aside.
    #[inline(always)]
    fn off_graph(&self, pos: Pos, side: Side, m: usize) -> Played {
        if m == OUTER_MOVE {
            if side != Side::Attacker || pos.outer() == 0 {
                return Played::Illegal;
            }
            let next = pos.fill_outer();
            if self.no_liberty(next, self.wall(next)) {
                return Played::Captured;
            }
            Played::Done(next)
        } else if m >= CAPTURE_MOVE && m < CAPTURE_MOVE + usize::from(self.ncaptives) {
            let cap = self.captives.get(m - CAPTURE_MOVE).copied().unwrap_or(0);
            if side != Side::Defender || cap == 0 || pos.att() & cap != cap {
                return Played::Illegal;
            }
            let mut next = pos;
            next.remove_att(cap);
            Played::Done(next)
        } else {
            Played::Illegal
        }
    }

    /// `played`, a move from `pos`, unless its position repeats one of
    /// the line.
    fn unrepeated(&self, pos: Pos, played: Played) -> Played {
        match played {
            Played::Done(next) => match self.repeats(pos, next) {
                Some(i) => Played::Repeats(i),
                None => Played::Done(next),
            },
            p => p,
        }
    }

    /// The vertices of the moves in `set` (moves off the graph left out).
    fn vertices(&self, set: Moves) -> Mask {
        bits(set)
            .filter(|&m| m < self.graph.len())
            .fold(0, |acc, m| {
                acc | bit(self.order.get(m).copied().unwrap_or(0) as usize)
            })
    }

    /// Whether the attacker moving first captures the group (`eye`: with
    /// the extra eye; without, the defender has filled it).
    fn tactical(&mut self, pos: Pos, eye: bool) -> Option<Status> {
        let p = pos.with_eye(eye);
        let filled = !eye && pos.eye();
        if self.no_liberty(p, self.wall(p)) {
            return Some(DEAD);
        }
        if filled {
            self.push(p);
        }
        let attack = self.first(p, Side::Attacker);
        let defend = match attack {
            Some(true) => self.first(p, Side::Defender),
            Some(false) => Some(true),
            None => None,
        };
        if filled {
            self.len -= 1;
        }
        Some(Status {
            attack: attack?,
            defend: defend?,
        })
    }

    /// Whether `side` moving first from `pos` wins (the attacker
    /// captures, the defender lives).
    fn first(&mut self, pos: Pos, side: Side) -> Option<bool> {
        let (res, _) = self.search(pos, side, Came::Root);
        match (res, side) {
            (Res::Unknown, _) => None,
            (Res::Dies, Side::Attacker) | (Res::Lives, Side::Defender) => Some(true),
            _ => Some(false),
        }
    }

    /// The moves of `side` from `pos` (extra eye as `eye`) after which
    /// `side` wins with the other side to move.
    fn winning_moves(&mut self, pos: Pos, eye: bool, side: Side) -> Option<Moves> {
        let p = pos.with_eye(eye);
        let filled = !eye && pos.eye();
        if filled {
            self.push(p);
        }
        let mut found: Moves = 0;
        let mut unknown = false;
        for m in 0..MOVES {
            let wins = match self.step(p, side, m) {
                Played::Illegal | Played::Repeats(_) => continue,
                Played::Captured => Some(side == Side::Attacker),
                Played::Done(next) => {
                    self.push(next);
                    let r = self.first(next, other(side)).map(|w| !w);
                    self.len -= 1;
                    r
                }
            };
            match wins {
                Some(true) => found |= 1 << m,
                Some(false) => {}
                None => unknown = true,
            }
        }
        if filled {
            self.len -= 1;
        }
        if unknown { None } else { Some(found) }
    }

    /// The value of `pos` (on the line) and its vital moves.
    fn evaluate(&mut self, pos: Pos) -> Option<(EyeValue, Moves, Moves)> {
        let without = self.tactical(pos, false)?;
        if !without.attack {
            // Alive without the extra eye: what do two attacker moves do?
            let mut a = 2;
            let mut vital: Moves = 0;
            for m in 0..MOVES {
                let got = match self.step(pos, Side::Attacker, m) {
                    Played::Illegal | Played::Repeats(_) => continue,
                    Played::Captured => 0,
                    Played::Done(next) => {
                        self.push(next);
                        let r = self.two_moves(next);
                        self.len -= 1;
                        r?
                    }
                };
                if got < a {
                    a = got;
                    vital = 0;
                }
                if got == a && a < 2 {
                    vital |= 1 << m;
                }
            }
            return Some((EyeValue::new(a, 2, 2, 2), vital, 0));
        }
        if without.defend {
            // Critical without the extra eye.
            let defense = self.winning_moves(pos, false, Side::Defender)?;
            let with = self.tactical(pos, true)?;
            if with.attack {
                let attack = self.winning_moves(pos, true, Side::Attacker)?;
                return Some((EyeValue::new(0, 0, 2, 2), attack, defense));
            }
            let points = self.winning_moves(pos, false, Side::Attacker)?;
            let mut a = 1;
            let mut vital: Moves = 0;
            for m in bits(points) {
                let worth = match self.step(pos, Side::Attacker, m) {
                    Played::Illegal | Played::Repeats(_) => continue,
                    Played::Captured => EyeValue::default(),
                    Played::Done(next) => {
                        self.push(next);
                        let r = self.evaluate(next);
                        self.len -= 1;
                        r?.0
                    }
                };
                if worth.b == 0 && worth.c == 1 && worth.d == 1 {
                    if a == 1 {
                        vital = 0;
                    }
                    a = 0;
                    vital |= 1 << m;
                } else if a == 1 {
                    vital |= 1 << m;
                }
            }
            return Some((EyeValue::new(a, 1, 2, 2), vital, defense));
        }
        let with = self.tactical(pos, true)?;
        if !with.attack {
            // One eye: can a threat take it, or make a second?
            let (mut a, mut d) = (1, 1);
            let (mut attack, mut defense): (Moves, Moves) = (0, 0);
            for m in 0..MOVES {
                let Played::Done(next) = self.step(pos, Side::Attacker, m) else {
                    continue;
                };
                self.push(next);
                let r = self.threat(next, Side::Attacker);
                self.len -= 1;
                if r? {
                    a = 0;
                    attack |= 1 << m;
                }
            }
            for m in 0..MOVES {
                let Played::Done(next) = self.step(pos, Side::Defender, m) else {
                    continue;
                };
                self.push(next);
                let r = self.threat(next, Side::Defender);
                self.len -= 1;
                if r? {
                    d = 2;
                    defense |= 1 << m;
                }
            }
            return Some((EyeValue::new(a, 1, 1, d), attack, defense));
        }
        if with.defend {
            // Critical with the extra eye.
            let attack = self.winning_moves(pos, true, Side::Attacker)?;
            let points = self.winning_moves(pos, true, Side::Defender)?;
            let mut d = 1;
            let mut vital: Moves = 0;
            for m in bits(points) {
                let Played::Done(next) = self.step(pos, Side::Defender, m) else {
                    continue;
                };
                self.push(next);
                let r = self.evaluate(next);
                self.len -= 1;
                let worth = r?.0;
                if worth.a == 1 && worth.b == 1 && worth.c == 2 {
                    if d == 1 {
                        vital = 0;
                    }
                    d = 2;
                    vital |= 1 << m;
                } else if d == 1 {
                    vital |= 1 << m;
                }
            }
            return Some((EyeValue::new(0, 0, 1, d), attack, vital));
        }
        // Dead even with the extra eye: what do two defender moves do?
        let mut d = 0;
        let mut vital: Moves = 0;
        for m in 0..MOVES {
            let Played::Done(next) = self.step(pos, Side::Defender, m) else {
                continue;
            };
            self.push(next);
            let r = self.two_defender_moves(next);
            self.len -= 1;
            let got = r?;
            if got > d {
                d = got;
                vital = 0;
            }
            if got == d && d > 0 {
                vital |= 1 << m;
            }
        }
        Some((EyeValue::new(0, 0, 0, d), 0, vital))
    }

    /// The value of `pos` under the board rules: `b` and `c` as
    /// [`Solver::evaluate`] finds them, `a` what two attacker moves in a
    /// row leave, `d` what two defender moves reach; the vital points are
    /// the first moves that reach the lower (attacker) or upper (defender)
    /// digit.
    fn evaluate_board(&mut self, pos: Pos) -> Option<(EyeValue, Moves, Moves)> {
        let without = self.tactical(pos, false)?;
        let with = self.tactical(pos, true)?;
        let b = if !without.attack {
            2
        } else {
            u8::from(!with.attack)
        };
        let c = if without.defend {
            2
        } else {
            u8::from(with.defend)
        };
        // Each first move: (eyes if the other side answers, eyes if the
        // same side moves again).
        let mut attacks = [(0u8, 0u8); MOVES];
        let mut defenses = [(0u8, 0u8); MOVES];
        let (mut a, mut d) = (b, c);
        let (mut att_legal, mut def_legal): (Moves, Moves) = (0, 0);
        for m in 0..MOVES {
            let got = match self.step(pos, Side::Attacker, m) {
                Played::Illegal | Played::Repeats(_) => continue,
                Played::Captured => (0, 0),
                Played::Done(next) => {
                    self.push(next);
                    let answered = self.eyes_first(next, Side::Defender);
                    let again = self.two_moves(next);
                    self.len -= 1;
                    (answered?, again?)
                }
            };
            att_legal |= 1 << m;
            a = a.min(got.1);
            if let Some(slot) = attacks.get_mut(m) {
                *slot = got;
            }
        }
        for m in 0..MOVES {
            let got = match self.step(pos, Side::Defender, m) {
                Played::Done(next) => {
                    self.push(next);
                    let answered = self.eyes_first(next, Side::Attacker);
                    let again = self.two_defender_moves(next);
                    self.len -= 1;
                    (answered?, again?)
                }
                _ => continue,
            };
            def_legal |= 1 << m;
            d = d.max(got.1);
            if let Some(slot) = defenses.get_mut(m) {
                *slot = got;
            }
        }
        let pick = |moves: &[(u8, u8); MOVES], legal: Moves, f: &dyn Fn((u8, u8)) -> bool| {
            bits(legal)
                .filter(|&m| moves.get(m).is_some_and(|&g| f(g)))
                .fold(0 as Moves, |acc, m| acc | 1 << m)
        };
        let (attack, defense) = if b < c {
            (
                pick(&attacks, att_legal, &|g| g.0 == b),
                pick(&defenses, def_legal, &|g| g.0 == c),
            )
        } else {
            (
                if a < b {
                    pick(&attacks, att_legal, &|g| g.1 == a)
                } else {
                    0
                },
                if d > c {
                    pick(&defenses, def_legal, &|g| g.1 == d)
                } else {
                    0
                },
            )
        };
        Some((EyeValue::new(a, b, c, d), attack, defense))
    }

    /// Eyes when `side` moves first from `pos`.
    fn eyes_first(&mut self, pos: Pos, side: Side) -> Option<u8> {
        let without = self.tactical(pos, false)?;
        let with = self.tactical(pos, true)?;
        Some(match side {
            Side::Attacker => {
                if !without.attack {
                    2
                } else {
                    u8::from(!with.attack)
                }
            }
            Side::Defender => {
                if without.defend {
                    2
                } else {
                    u8::from(with.defend)
                }
            }
        })
    }

    /// Eyes when the attacker, having just moved to `pos`, moves again.
    fn two_moves(&mut self, pos: Pos) -> Option<u8> {
        if !self.tactical(pos, false)?.attack {
            return Some(2);
        }
        Some(if self.tactical(pos, true)?.attack {
            0
        } else {
            1
        })
    }

    /// Eyes when the defender, having just moved to `pos`, moves again.
    fn two_defender_moves(&mut self, pos: Pos) -> Option<u8> {
        if !self.tactical(pos, true)?.defend {
            return Some(0);
        }
        Some(if self.tactical(pos, false)?.defend {
            2
        } else {
            1
        })
    }

    /// Whether a `side` move that led to `pos` threatens: for the
    /// attacker, the space left is worth `0011` (one more move takes the
    /// eye, and the defender cannot make it `0012`); for the defender,
    /// worth `1122`.
    fn threat(&mut self, pos: Pos, side: Side) -> Option<bool> {
        match side {
            Side::Attacker => {
                if !self.tactical(pos, true)?.attack {
                    return Some(false);
                }
                Some(self.evaluate(pos)?.0.d == 1)
            }
            Side::Defender => {
                if !self.tactical(pos, false)?.defend {
                    return Some(false);
                }
                Some(self.evaluate(pos)?.0.a == 1)
            }
        }
    }

    /// Liberties of the defender's group (the wall and the stones joined
    /// to it), counted up to two (callers ask whether it has none or one),
    /// and the group's stones. The group depends on the defender's
    /// stones alone: the last one found is kept (`wall_memo`) and reused
    /// while they stay the same.
    fn wall_liberties(&self, pos: Pos) -> (u32, Mask) {
        let wall = self.wall(pos);
        (self.liberties(pos, wall), wall.group())
    }

    /// The defender's group in `pos` and the vertices whose emptiness
    /// counts as its liberties (kept in `wall_memo`).
    #[inline(always)]
    fn wall(&self, pos: Pos) -> Wall {
        let g = &self.graph;
        let (def, group, reach) = self.wall_memo.get();
        if def == pos.def() {
            return Wall::new(group, reach);
        }
        let (group, around) = g.flood_around(pos.def() & g.wall, pos.def());
        let reach = g.wall | around;
        self.wall_memo.set((pos.def(), group, reach));
        Wall::new(group, reach)
    }

    /// [`Solver::wall_liberties`]'s count for `pos` whose group is `wall`.
    fn liberties(&self, pos: Pos, wall: Wall) -> u32 {
        let inside = self.all & !pos.stones() & wall.reach();
        let inside = u32::from(inside != 0) + u32::from(inside & inside.wrapping_sub(1) != 0);
        inside + u32::from(pos.outer()) + u32::from(pos.eye())
    }

    /// Whether [`Solver::liberties`] is 0, tested without counting.
    fn no_liberty(&self, pos: Pos, wall: Wall) -> bool {
        pos.outer() == 0 && !pos.eye() && self.all & !pos.stones() & wall.reach() == 0
    }

    /// Whether the group has two eyes the attacker can never fill (the
    /// extra eye counts as one): empty vertices off the margin whose every
    /// neighbour is a stone of the group (`group`, as
    /// [`Solver::wall_liberties`] finds it), so that an attacker stone
    /// there would have no liberty and, with a second such eye, could not
    /// capture. The group then lives whatever is played; dead attacker
    /// stones left elsewhere it can capture at leisure.
    fn two_true_eyes(&self, pos: Pos, group: Mask) -> bool {
        let g = &self.graph;
        let empty = self.all & !pos.stones() & !g.marginal;
        let mut eyes = u32::from(pos.eye());
        let mut rest = u32::from(empty);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let adj = g.adj.get(v).copied().unwrap_or(0);
            if adj & !group == 0 && (adj != 0 || g.wall & bit(v) != 0) {
                eyes += 1;
                if eyes >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The attacker's strings that cannot be captured: those joined to a
    /// stone on a marginal vertex (other than an original `$`).
    fn immortal(&self, pos: Pos) -> Mask {
        let g = &self.graph;
        g.flood(pos.att() & g.marginal & !pos.orig(), pos.att())
    }

    /// Removes `side`'s strings without liberties (the wall excepted for
    /// the defender, immortal strings for the attacker); answers the new
    /// position and whether the wall has no liberty.
    fn remove_dead(&self, mut pos: Pos, side: Side) -> (Pos, bool) {
        let g = &self.graph;
        match side {
            Side::Attacker => {
                let immortal = self.immortal(pos);
                let mut rest = pos.att() & !immortal;
                while rest != 0 {
                    let seed = bit(rest.trailing_zeros() as usize);
                    let (string, around) = g.flood_around(seed, pos.att());
                    rest &= !string;
                    let empty = self.all & !pos.stones();
                    if around & empty == 0 {
                        pos.remove_att(string);
                    }
                }
                (pos, false)
            }
            Side::Defender => {
                let (libs, group) = self.wall_liberties(pos);
                if libs == 0 {
                    return (pos, true);
                }
                let mut rest = pos.def() & !group;
                while rest != 0 {
                    let seed = bit(rest.trailing_zeros() as usize);
                    let (string, around) = g.flood_around(seed, pos.def());
                    rest &= !string;
                    let empty = self.all & !pos.stones();
                    if around & empty == 0 {
                        pos.remove_def(string);
                    }
                }
                (pos, false)
            }
        }
    }

    /// `side` plays on vertex `v`: the opponent's strings left without a
    /// liberty are captured (the wall: [`Played::Captured`]), then a
    /// string of the mover's without one makes the move illegal.
    ///
    /// Every position a legal move reaches has no such string left (the
    /// wall and immortal strings aside), and neither has the start when no
    /// captive stands and `local_play` holds: then only the strings next
    /// to `v`, and `v`'s own, need a look ([`Solver::play_local`]).
    fn play(&self, pos: Pos, side: Side, v: usize) -> Played {
        let b = bit(v);
        if pos.stones() & b != 0 || b == 0 {
            return Played::Illegal;
        }
        if self.local_play && pos.att() & self.captive_mask == 0 {
            return self.play_local(pos, self.wall(pos), side, v).0;
        }
        self.play_anywhere(pos, side, v)
    }

    /// [`Solver::play`] on an empty vertex `v` of `pos`, whose group is
    /// `wall`, with how [`Solver::search`] reaches the position.
    fn play_at(&self, pos: Pos, wall: Wall, side: Side, v: usize) -> (Played, Came) {
        if self.local_play && pos.att() & self.captive_mask == 0 {
            return self.play_local(pos, wall, side, v);
        }
        let word = self.play_anywhere_outcome(pos, side, v);
        let played = match word >> OUTCOME_SHIFT {
            0 => Played::Done(Pos(word)),
            OUTCOME_CAPTURED => Played::Captured,
            _ => Played::Illegal,
        };
        (played, Came::Move)
    }

    /// [`Solver::play_anywhere`] as an [`outcome`]. Kept out of line: the
    /// move it answers stays off [`Solver::search_move`]'s frame.
    #[inline(never)]
    fn play_anywhere_outcome(&self, pos: Pos, side: Side, v: usize) -> u64 {
        outcome(self.play_anywhere(pos, side, v))
    }

    /// [`Solver::play`] when any string may lose its last liberty.
    fn play_anywhere(&self, pos: Pos, side: Side, v: usize) -> Played {
        let b = bit(v);
        let mut next = pos;
        match side {
            Side::Defender => next.add_def(b),
            Side::Attacker => next.add_att(b),
        }
        // Captures first, then the mover's own strings (suicide).
        let (next, wall_dead) = self.remove_dead(next, other(side));
        if wall_dead {
            return Played::Captured;
        }
        // No suicide: the mover's own strings must all keep a liberty.
        let (after, own_wall_dead) = self.remove_dead(next, side);
        if own_wall_dead || after != next {
            return Played::Illegal;
        }
        Played::Done(next)
    }

    /// [`Solver::play`] where only the strings next to `v` can lose their
    /// last liberty (an empty, legal-looking vertex `v`; `wall`: `pos`'s
    /// group). The group after the move follows from `wall` (the stone
    /// joins it, with the strings it connects) and is left in
    /// `wall_memo` for the position reached; after a defender's move, its
    /// liberties are counted, and the [`Came`] answered says whether the
    /// attacker to move captures at once.
    #[inline(always)]
    fn play_local(&self, pos: Pos, wall: Wall, side: Side, v: usize) -> (Played, Came) {
        let g = &self.graph;
        let b = bit(v);
        let around = g.adj.get(v).copied().unwrap_or(0);
        let mut next = pos;
        match side {
            Side::Defender => {
                next.add_def(b);
                let empty = self.all & !next.stones();
                // A string holding one of these is immortal.
                let anchors = g.marginal & !next.orig();
                let mut rest = u32::from(next.att() & around);
                while rest != 0 {
                    let u = rest.trailing_zeros() as usize;
                    // A stone with an empty neighbour keeps its string.
                    let next_to = g.adj.get(u).copied().unwrap_or(0);
                    if next_to & empty != 0 {
                        rest &= rest - 1;
                        continue;
                    }
                    let (string, lives) =
                        g.flood_until_past(bit(u), next_to, next.att(), empty, anchors);
                    rest &= !u32::from(string);
                    if !lives {
                        next.remove_att(string);
                    }
                }
                let mut wall = wall;
                if g.wall & b != 0 || around & wall.group() != 0 {
                    // The stone joins the group, with the strings next
                    // to it that were not in it.
                    let apart = around & pos.def() & !wall.group();
                    let (joined, next_to) = if apart == 0 {
                        (0, 0)
                    } else {
                        g.flood_around(apart, pos.def())
                    };
                    wall = Wall::new(wall.group() | b | joined, wall.reach() | around | next_to);
                }
                self.wall_memo.set((next.def(), wall.group(), wall.reach()));
                let liberties = self.liberties(next, wall);
                if liberties == 0 {
                    return (Played::Illegal, Came::Move);
                }
                // A string off the group needs a liberty (one next to `v`
                // will do).
                let empty = self.all & !next.stones();
                if wall.group() & b == 0
                    && around & empty == 0
                    && !g.flood_until_past(b, around, next.def(), empty, 0).1
                {
                    return (Played::Illegal, Came::Move);
                }
                let came = if liberties <= 1 {
                    Came::Atari
                } else {
                    Came::Free
                };
                return (Played::Done(next), came);
            }
            Side::Attacker => {
                next.add_att(b);
                if self.no_liberty(next, wall) {
                    return (Played::Captured, Came::Move);
                }
                let empty = self.all & !next.stones();
                let mut rest = u32::from(next.def() & around & !wall.group());
                while rest != 0 {
                    let u = rest.trailing_zeros() as usize;
                    // A stone with an empty neighbour keeps its string.
                    let next_to = g.adj.get(u).copied().unwrap_or(0);
                    if next_to & empty != 0 {
                        rest &= rest - 1;
                        continue;
                    }
                    let (string, lives) = g.flood_until_past(bit(u), next_to, next.def(), empty, 0);
                    rest &= !u32::from(string);
                    if !lives {
                        next.remove_def(string);
                    }
                }
                // The strings taken were off the group: it stays.
                self.wall_memo.set((next.def(), wall.group(), wall.reach()));
                // The stone's string needs a liberty (one next to `v` will
                // do) unless it is immortal.
                let empty = self.all & !next.stones();
                if around & empty == 0
                    && !g
                        .flood_until_past(b, around, next.att(), empty, g.marginal & !next.orig())
                        .1
                {
                    return (Played::Illegal, Came::Move);
                }
            }
        }
        (Played::Done(next), Came::Move)
    }

    /// Whether the defender's move on vertex `v` is one it reads: it
    /// captures, or the attacker could play there too.
    fn defender_reads(&self, pos: Pos, v: usize, next: Pos) -> bool {
        if next.att() != pos.att() {
            return true;
        }
        matches!(
            self.play(pos, Side::Attacker, v),
            Played::Done(_) | Played::Captured
        )
    }

    /// The result when both sides pass: with the board rules a group with
    /// dead attacker stones left in its space has no eye there (a seki
    /// around dead stones).
    fn both_passed(&self, pos: Pos) -> Res {
        if self.board_rules && pos.att() & !self.immortal(pos) != 0 {
            Res::Dies
        } else {
            Res::Lives
        }
    }

    /// Whether `mover` wins from `pos` (`came`: how it was reached), and
    /// the earliest index of the line whose position a refused repetition
    /// reached ([`NO_REPETITION`] if none).
    fn search(&mut self, pos: Pos, mover: Side, came: Came) -> (Res, usize) {
        let passed = came == Came::Pass;
        // A reading stops soon after its budget: the count never nears
        // `u32::MAX`.
        self.nodes = self.nodes.wrapping_add(1);
        if self.nodes > self.budget || self.len >= self.depth_limit {
            self.out_of_budget = true;
            return (Res::Unknown, NO_REPETITION);
        }
        let wall = self.wall(pos);
        // A defender's move below has counted the group's liberties.
        if mover == Side::Attacker
            && match came {
                Came::Atari => true,
                Came::Free => false,
                _ => self.liberties(pos, wall) <= 1,
            }
        {
            return (Res::Dies, NO_REPETITION);
        }
        // Below a search node that found no two sure eyes, a pass, or an
        // attacker's move that took nothing (the same group, fewer empty
        // vertices), finds none either.
        let unchanged = match came {
            Came::Pass => true,
            Came::Move => {
                mover == Side::Defender
                    && self
                        .path
                        .get(self.len.wrapping_sub(2))
                        .is_some_and(|&above| above as Mask == pos.def())
            }
            Came::Root | Came::Atari | Came::Free => false,
        };
        if !unchanged && self.two_true_eyes(pos, wall.group()) {
            return (Res::Lives, NO_REPETITION);
        }
        let key =
            pos.key() | (u64::from(mover == Side::Attacker) << 37) | (u64::from(passed) << 38);
        let slot = table_slot(mix_by(key, self.multipliers), Self::TABLE);
        // The two ways, newest first. Most probes miss both, and an
        // entry's low word (the stones) tells nearly every miss: both ways
        // are compared on it first.
        let way = |probe: usize| match self.cache.get(probe) {
            Some(&entry) if Self::in_table(probe) => entry,
            _ => 0,
        };
        let (newest, older) = (way(slot), way(slot ^ 1));
        let hit = |entry: u64| match entry >> RESULT_SHIFT {
            1 if entry & !(3 << RESULT_SHIFT) == key => Some(Res::Lives),
            2 if entry & !(3 << RESULT_SHIFT) == key => Some(Res::Dies),
            _ => None,
        };
        if (newest as u32 == key as u32 || older as u32 == key as u32)
            && let Some(res) = hit(newest).or_else(|| hit(older))
        {
            return (res, NO_REPETITION);
        }
        let (good, bad) = match mover {
            Side::Defender => (Res::Lives, Res::Dies),
            Side::Attacker => (Res::Dies, Res::Lives),
        };
        // The earliest index of the line that a refused repetition
        // reached: the result depends on the line above that point only.
        let mut history = NO_REPETITION;
        // The moves that can be legal: the empty vertices (by their
        // index in the reading order), then an outer liberty for the
        // attacker, captures of the tracked strings for the defender.
        let mut moves: Moves = match mover {
            Side::Attacker if pos.outer() > 0 => 1 << OUTER_MOVE,
            Side::Attacker => 0,
            Side::Defender => ((1 << self.ncaptives) - 1) << CAPTURE_MOVE,
        };
        let empty = usize::from(self.all & !pos.stones());
        let nibble = |k: usize| {
            let x = empty >> (4 * k) & 15;
            self.nibble_moves
                .get(k)
                .and_then(|row| row.get(x))
                .map_or(0, |&m| u32::from(m))
        };
        moves |= nibble(0) | nibble(1);
        // Most graphs read have at most eight vertices.
        if empty > 0xff {
            moves |= nibble(2) | nibble(3);
        }
        // One place stores the result (the store is inlined there).
        let (res, history) = 'read: {
            while moves != 0 {
                let m = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let played = self.search_move(m, pos, wall, mover);
                let next = match played >> OUTCOME_SHIFT {
                    // On the line already.
                    0 => Pos(played),
                    OUTCOME_ILLEGAL => continue,
                    OUTCOME_CAPTURED => break 'read (Res::Dies, NO_REPETITION),
                    _ => {
                        history = history.min(played as u32 as usize);
                        continue;
                    }
                };
                let res = self.search(next, other(mover), self.reached);
                self.len -= 1;
                history = history.min(res.1);
                if res.0 == good {
                    break 'read (good, history);
                }
                // The budget or the line depth ran out: the analysis
                // answers its estimate whatever the other moves find.
                if res.0 == Res::Unknown {
                    break 'read (Res::Unknown, history);
                }
            }
            // A pass (the attacker's only with the board rules).
            if mover == Side::Defender || self.board_rules {
                let res = if passed {
                    (self.both_passed(pos), NO_REPETITION)
                } else {
                    // The moves' reading has left other groups in the memo.
                    self.wall_memo.set((pos.def(), wall.group(), wall.reach()));
                    self.search(pos, other(mover), Came::Pass)
                };
                history = history.min(res.1);
                if res.0 == good {
                    break 'read (good, history);
                }
                if res.0 == Res::Unknown {
                    break 'read (Res::Unknown, history);
                }
            }
            (bad, history)
        };
        self.store(slot, key, res, history)
    }

    /// [`Solver::search`]'s move `m` of `mover` from `pos` (whose group
    /// is `wall`), as one word (see [`outcome`]); a defender's move it does
    /// not read is [`Played::Illegal`]. The position a move reaches
    /// ([`Played::Done`]) is put on the line, and how the search reaches
    /// it in `reached`. Kept out of line on the device: its temporaries
    /// stay off the recursion's frames; `m` comes first, to be passed in
    /// a register.
    #[cfg_attr(target_os = "none", inline(never))]
    fn search_move(&mut self, m: usize, pos: Pos, wall: Wall, mover: Side) -> u64 {
        if m >= self.graph.len() {
            self.reached = Came::Move;
            return outcome(match self.off_graph(pos, mover, m) {
                Played::Done(next) => self.onto_line(pos, next),
                played => played,
            });
        }
        // Move indices on the graph and vertices are below MAX_VERTICES:
        // the remainders only tell the compiler so.
        let v = usize::from(self.order.get(m % MAX_VERTICES).copied().unwrap_or(0)) % MAX_VERTICES;
        let (played, came) = self.play_at(pos, wall, mover, v);
        self.reached = came;
        match played {
            Played::Done(next) => match self.line_entry(pos, next) {
                Err(i) => outcome(Played::Repeats(i)),
                Ok(_)
                    if mover == Side::Defender
                        && !self.board_rules
                        && !self.defender_reads(pos, v, next) =>
                {
                    outcome(Played::Illegal)
                }
                Ok(entry) => {
                    self.push_entry(entry);
                    next.0
                }
            },
            played => outcome(played),
        }
    }

    /// `next`, reached from the line's last position `pos`, put on the
    /// line unless it repeats one of it.
    fn onto_line(&mut self, pos: Pos, next: Pos) -> Played {
        match self.line_entry(pos, next) {
            Err(i) => Played::Repeats(i),
            Ok(entry) => {
                self.push_entry(entry);
                Played::Done(next)
            }
        }
    }

    /// Caches `res` unless it depended on the line above the current
    /// position (a repetition reached further up than `history`).
    #[inline(always)]
    fn store(&mut self, slot: usize, key: u64, res: Res, history: usize) -> (Res, usize) {
        if (self.store_all || history + 1 >= self.len)
            && let Some(e) = self.cache.get_mut(slot)
        {
            let r: u64 = match res {
                Res::Lives => 1,
                Res::Dies => 2,
                Res::Unknown => 0,
            };
            // Two ways: the newest entry in the first slot, the one it
            // displaces (unless it is the same position) in the second.
            let old = *e;
            *e = key | (r << RESULT_SHIFT);
            if old & !(3 << RESULT_SHIFT) != key
                && old != 0
                && Self::in_table(slot ^ 1)
                && let Some(second) = self.cache.get_mut(slot ^ 1)
            {
                *second = old;
            }
        }
        (res, history)
    }
}

/// The defender's group and the vertices whose emptiness counts as its
/// liberties (see [`Solver::wall_liberties`]).
#[derive(Clone, Copy)]
struct Wall(u32);

impl Wall {
    const fn new(group: Mask, reach: Mask) -> Wall {
        Wall(group as u32 | (reach as u32) << 16)
    }

    const fn group(self) -> Mask {
        self.0 as Mask
    }

    const fn reach(self) -> Mask {
        (self.0 >> 16) as Mask
    }
}

/// Where the line's entries keep the index of the last removal (see
/// [`Solver::path`]): above a position's key.
const LAST_REMOVAL: u32 = 58;

/// Where the line's entries keep their position's [`measure`].
const LINE_MEASURE: u32 = 37;

/// The bits of a position's key that hold its outer liberties and its
/// extra eye.
const FILLED_BITS: u64 = 0x1f << 32;

/// A line entry's key.
const KEY_BITS: u64 = ((1 << LAST_REMOVAL) - 1) & !(0x1f << LINE_MEASURE);

/// A position's stones less its outer liberties and extra eye, plus 4
/// (0 to 20): every move that removes no stone adds one (a stone, or an
/// outer liberty or the extra eye filled).
fn measure(pos: Pos) -> u64 {
    u64::from(pos.stones().count_ones() + 4 - u32::from(pos.outer()) - u32::from(pos.eye()))
}

/// The [`measure`] kept in a line entry.
const fn line_measure(entry: u64) -> u64 {
    (entry >> LINE_MEASURE) & 0x1f
}

/// The vertices holding a stone in a position's key.
const fn stones(key: u64) -> Mask {
    key as Mask | (key >> 16) as Mask
}

/// The members of a move set, lowest first.
fn bits(set: Moves) -> impl Iterator<Item = usize> {
    (0..MOVES).filter(move |&m| set & (1 << m) != 0)
}

const fn other(side: Side) -> Side {
    match side {
        Side::Defender => Side::Attacker,
        Side::Attacker => Side::Defender,
    }
}

/// Where a memo entry keeps its priority (see [`Solver`]; up to
/// `0xffff`), above the packed analysis's defence mask.
const MEMO_PRIORITY: u32 = 48;

/// An analysis in 64 bits: the value's digits (two bits each), exactness,
/// the attack and the defence masks (bits 48 to 63 are free).
fn pack_analysis(a: Analysis) -> u64 {
    let v = a.value;
    u64::from(v.a & 3)
        | u64::from(v.b & 3) << 2
        | u64::from(v.c & 3) << 4
        | u64::from(v.d & 3) << 6
        | u64::from(a.exact) << 8
        | u64::from(a.attack) << 16
        | u64::from(a.defense) << 32
}

fn unpack_analysis(x: u64) -> Analysis {
    let digit = |shift: u32| ((x >> shift) & 3) as u8;
    Analysis {
        value: EyeValue::new(digit(0), digit(2), digit(4), digit(6)),
        exact: (x >> 8) & 1 != 0,
        attack: (x >> 16) as Mask,
        defense: (x >> 32) as Mask,
    }
}

/// `h % n`, as [`owlet_board::slot`] computes it. When `2^32 % n` is
/// `n - d` for a `d` dividing `n` (820 entries: `d` = 4), the high half
/// counts as `-d × (high % (n / d))`, which takes one reduction fewer.
#[inline(always)]
fn table_slot(h: u64, n: usize) -> usize {
    let (Ok(n32), Ok(wrap)) = (
        u32::try_from(n),
        u32::try_from((1u64 << 32) % n.max(1) as u64),
    ) else {
        return owlet_board::slot(h, n);
    };
    let d = n32.wrapping_sub(wrap);
    if n32 == 0 || n32 > 1 << 16 || d == 0 || n32 % d != 0 {
        return owlet_board::slot(h, n);
    }
    let lo = h as u32 % n32;
    let high = d * ((h >> 32) as u32 % (n32 / d));
    let s = lo + (n32 - high);
    (if s >= n32 { s - n32 } else { s }) as usize
}

/// The multipliers of [`mix`].
const MIX: [u64; 2] = [0xff51_afd7_ed55_8ccd, 0xc4ce_b9fe_1a85_ec53];

/// A 64-bit mix for cache slots.
const fn mix(x: u64) -> u64 {
    mix_by(x, MIX)
}

/// [`mix`] with its multipliers `k` given (see [`Solver::multipliers`]).
#[inline(always)]
const fn mix_by(mut x: u64, k: [u64; 2]) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(k[0]);
    x ^= x >> 33;
    x = x.wrapping_mul(k[1]);
    x ^ (x >> 33)
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

    #[test]
    fn table_slot_matches_board_slot() {
        let mut h = 0x0123_4567_89ab_cdefu64;
        for _ in 0..20_000 {
            h = mix(h.wrapping_add(1));
            for n in [1, 2, 3, 104, 205, 820, 1000, 1024, 4096, 65_537] {
                assert_eq!(table_slot(h, n), owlet_board::slot(h, n), "{h} {n}");
            }
        }
        for h in [0, u64::MAX, 1 << 32, (1 << 32) - 1] {
            assert_eq!(table_slot(h, 820), owlet_board::slot(h, 820));
        }
    }

    fn value(coded: &str) -> String {
        let g = EyeGraph::parse(coded).unwrap();
        let mut s: Solver = Solver::new();
        let a = s.analyze(&g);
        assert!(a.exact, "{coded}");
        a.value.to_string()
    }

    /// Expected values are GNU Go 3.8's `analyze_eyegraph` answers.
    #[test]
    fn small_shapes() {
        assert_eq!(value("."), "1111");
        assert_eq!(value(".."), "1111");
        assert_eq!(value("..."), "1122");
        assert_eq!(value("...."), "1222");
        assert_eq!(value("!."), "0011");
        assert_eq!(value("!"), "0000");
        // A dead string with no liberty in the space: captured from
        // outside (GNU Go keeps it on the board and answers 0000).
        assert_eq!(value("X"), "1111");
        assert_eq!(value("XXX"), "1112");
        assert_eq!(value("X.."), "1122");
        assert_eq!(value(".X."), "1111");
        assert_eq!(value("..%.."), "1112");
        assert_eq!(value("X.X"), "2222");
        assert_eq!(value("OO!%O.X%!..."), "0112");
        assert_eq!(value("$."), "0000");
        assert_eq!(value("$.X"), "0011"); // eyes.db 331 says 1111
        // A margin whose only blank side joins it to its invincible group
        // no longer touches the defender's group.
        assert_eq!(value(".!!%OX%O!"), "0011");
        // A defender stone cut off by the eye space can be captured.
        assert_eq!(value("...%.O.%..."), "2222");
    }

    /// Two single-point eyes settle the group at once, whatever the
    /// attacker plays in the rest of the space.
    #[test]
    fn two_true_eyes_end_the_reading() {
        let g = EyeGraph::parse(".O.O.....").unwrap();
        let mut s: Solver = Solver::new();
        let a = s.solve(&g);
        assert!(a.exact);
        assert_eq!(a.value.to_string(), "2222");
        // 7 nodes: the two eyes end the reading (it takes 213 otherwise).
        assert!(s.nodes() <= 20, "{}", s.nodes());
        let mut board = Solver::<1024>::new();
        let a = board.analyze_with_outer(&g, 1);
        assert!(a.exact);
        assert_eq!(a.value.to_string(), "2222");
        // 92 nodes under the board rules (both sides may pass); 1,619
        // without the early end.
        assert!(board.nodes() <= 200, "{}", board.nodes());
    }

    /// The total counts every analysis's nodes once: a table lookup and a
    /// memo answer add none.
    #[test]
    fn the_total_adds_up_every_analysis() {
        let mut s: Solver = Solver::new();
        assert_eq!(s.total_nodes(), 0);
        let mut sum = 0;
        for g in [".O.O.....", ".....%.....", ".....%.....", "..."] {
            let _ = s.analyze_with_outer(&EyeGraph::parse(g).unwrap(), 2);
            sum += u64::from(s.nodes());
            assert_eq!(s.total_nodes(), sum, "{g}");
        }
        let _ = s.analyze(&EyeGraph::parse("...").unwrap());
        assert_eq!((s.nodes(), s.total_nodes()), (0, sum));
        assert!(sum > u64::from(MEMO_MIN_NODES), "{sum}");
    }

    /// An analysis that reads at least [`MEMO_MIN_NODES`] is answered from
    /// the memo the second time, with the same answer and no reading;
    /// another budget is another question.
    #[test]
    fn the_memo_answers_a_graph_read_before() {
        let g = EyeGraph::parse(".....%.....").unwrap();
        let mut s: Solver = Solver::new();
        let first = s.analyze_with_outer(&g, 2);
        assert!(s.nodes() >= MEMO_MIN_NODES, "{}", s.nodes());
        let again = s.analyze_with_outer(&g, 2);
        assert_eq!((again, s.nodes()), (first, 0));
        // A fresh solver reads the same answer.
        let mut fresh: Solver = Solver::new();
        assert_eq!(fresh.analyze_with_outer(&g, 2), first);
        // Other outer liberties or budget: read again.
        let _ = s.analyze_with_outer(&g, 1);
        assert!(s.nodes() > 0);
        s.set_budget(DEFAULT_NODE_BUDGET / 2);
        let halved = s.analyze_with_outer(&g, 2);
        assert!(s.nodes() > 0);
        assert_eq!(halved, first);
    }

    /// A full memo gives up the analysis that read fewer nodes, not the
    /// oldest.
    #[test]
    fn the_memo_keeps_costly_analyses() {
        let [costly, cheap, third] =
            ["......", ".....", "...%..."].map(|g| EyeGraph::parse(g).unwrap());
        // Two memo pairs.
        let mut s: Solver<20> = Solver::new();
        let first = s.analyze_with_outer(&costly, 2);
        let read = s.nodes();
        let _ = s.analyze_with_outer(&cheap, 2);
        assert!(s.nodes() < read, "{} {read}", s.nodes());
        let _ = s.analyze_with_outer(&third, 2);
        assert!(s.nodes() >= MEMO_MIN_NODES);
        assert_eq!((s.analyze_with_outer(&costly, 2), s.nodes()), (first, 0));
        let _ = s.analyze_with_outer(&cheap, 2);
        assert!(s.nodes() > 0);
    }

    /// Analyses cut by the budget are counted, once per analysis, a memo
    /// answer of one again; exact ones and graphs over the vertex limit
    /// are not.
    #[test]
    fn cut_analyses_are_counted() {
        let mut s: Solver = Solver::new();
        assert!(
            s.analyze_with_outer(&EyeGraph::parse("...").unwrap(), 2)
                .exact
        );
        assert_eq!(s.limit_hits(), 0);
        let g = EyeGraph::parse(".....%.....").unwrap();
        s.set_budget(MEMO_MIN_NODES);
        assert!(!s.analyze_with_outer(&g, 2).exact);
        assert_eq!(s.limit_hits(), 1);
        assert!(!s.analyze_with_outer(&g, 2).exact);
        assert_eq!((s.nodes(), s.limit_hits()), (0, 2), "a memo answer");
        // A diagram's reading, cut in both of its passes, counts once.
        assert!(!s.solve(&g).exact);
        assert_eq!(s.limit_hits(), 3);
        s.set_vertex_limit(g.len() - 1);
        assert!(!s.analyze_with_outer(&g, 1).exact);
        assert_eq!(s.limit_hits(), 3);
    }

    /// A graph over the vertex limit gets the estimate without reading.
    #[test]
    fn graphs_over_the_vertex_limit_are_estimated() {
        let g = EyeGraph::parse(".....%.....").unwrap();
        let mut s: Solver = Solver::new();
        s.set_vertex_limit(g.len() - 1);
        let a = s.analyze_with_outer(&g, 2);
        assert_eq!(
            (a.exact, s.nodes(), a.value.to_string()),
            (false, 0, "2222".into())
        );
        s.set_vertex_limit(g.len());
        let read = s.analyze_with_outer(&g, 2);
        assert!(s.nodes() > 0);
        assert_eq!(read.exact, s.nodes() <= DEFAULT_NODE_BUDGET);
    }

    /// An open graph (no stone, a marginal vertex) over the open vertex
    /// limit gets the estimate without reading; one with a stone is read.
    #[test]
    fn open_graphs_over_their_limit_are_estimated() {
        let open = EyeGraph::parse("..!..").unwrap();
        let mut s: Solver = Solver::new();
        s.set_open_vertex_limit(open.len() - 1);
        let a = s.analyze_with_outer(&open, 2);
        assert_eq!((a.exact, s.nodes()), (false, 0));
        let stone = EyeGraph::parse("..!.X").unwrap();
        let b = s.analyze_with_outer(&stone, 2);
        assert!(b.exact && s.nodes() > 0);
        let plain = EyeGraph::parse(".....").unwrap();
        let c = s.analyze_with_outer(&plain, 2);
        assert!(c.exact && s.nodes() > 0);
    }
}

#[cfg(test)]
mod size {
    use super::*;

    #[test]
    fn sizes_are_documented() {
        // Solver: the cache plus about 0.85 KiB (line of 64 positions,
        // graph, move order and its inverse by nibbles, captives).
        let fixed = core::mem::size_of::<Solver<0>>();
        assert!(fixed <= 856, "{fixed}");
        assert_eq!(core::mem::size_of::<Solver<1024>>(), fixed + 8192);
        assert!(core::mem::size_of::<EyeGraph>() <= 96);
        std::println!(
            "Solver<0> {fixed} bytes, EyeGraph {} bytes",
            core::mem::size_of::<EyeGraph>()
        );
    }
}
