//! Tactical reading of one string: can it be captured (`attack`), can it be
//! saved (`find_defense`), and with which move.
//!
//! The search is a depth-first alternation of attacker and defender moves on
//! the board's own journal (play, recurse, undo), as described in GNU Go's
//! reading documentation: strings with one liberty are captured at once,
//! strings with many liberties count as safe, and in between each side tries
//! a short list of candidate moves generated from liberties, second-order
//! liberties, captures of neighbouring strings in atari (for both sides),
//! attacks on neighbouring strings with few liberties (breaking the chain)
//! and, near the root, backfilling (the attacker fills the last liberty of
//! its own string that taking a liberty would put in atari) and approach
//! moves (the defender ataris the attacker's string of two liberties that
//! makes a liberty of a neighbour it attacks suicide to fill).
//! Whether a neighbouring string can be captured or saved is itself read
//! (a pre-read); a pre-read starts [`ReadingLimits::pre_read_step`] plies
//! below its node, so the depth limits narrow it early, tries at most
//! [`ReadingLimits::pre_read_width`] moves per node, and one nested in
//! another only the best [`NESTED_PRE_READ_WIDTH`]. Pre-reads wait until
//! the plain moves have failed: the defender reads whether it can capture
//! a neighbour only when no plain move (liberties, captures of strings in
//! atari, ataris, extensions) saves the string, and the attacker reads how
//! to save its own weak strings only when no plain move captures. Most
//! answers are plain, and pre-reads are the dearest part of a read.
//! Candidates are ordered by a one-move look-ahead (liberties after the move);
//! a defence reads its look-aheads lazily, best first, each only when a bound
//! of its score (read from the move's neighbours) says it could come next.
//! When no defending move helps and the attacker cannot play on any of the
//! string's liberties (each would be suicide), the defender may also play
//! elsewhere: the attacker then has to capture with two moves in a row.
//!
//! Ko: a move refused only by the ko rule may still be tried once per line,
//! as if a ko threat had been made and answered (the first side to do so
//! becomes the "ko master", after which the other side may not); results
//! follow GNU Go's codes: [`Code::KoA`] when the mover wins by taking the ko
//! first, [`Code::KoB`] when the mover needs a ko threat first.
//!
//! Bounds: [`ReadingLimits`] holds named depths (full reading, branching,
//! four-liberty and three-liberty attacks, ko) and a node limit per call;
//! [`MAX_READING_DEPTH`] bounds recursion absolutely; a caller may start
//! its reads deeper ([`Reader::set_start_depth`]) so that the limits
//! narrow them sooner. Hitting the node limit
//! makes the attacker fail from that node on, and the result says so. A
//! transposition cache ([`TransCache`]) keyed by the Zobrist hash,
//! target, routine, depth and ko master keeps answers across calls, and an
//! area cache ([`AreaCache`]) keeps each finished top-level answer while
//! the points around the moves it read stay as they were, so that owl,
//! which asks about the same strings node after node, reads a string again
//! only when a move lands near it.
//!
//! Omits: GNU Go's special-purpose move generators (edge clamps, special
//! rescues and the like) beyond the generic ones above, and "gain"/"loss"
//! codes of partial captures.

use core::fmt;

use crate::area::{AreaCache, SpanBits};
use crate::board::{Board, Cell, PlayError, Preview, push_point};
use crate::cache::TransCache;
use crate::point::{Color, Move, Point};

/// Hard bound on recursion depth (plies): it bounds the device's stack under
/// the deepest owl ply (about 300 bytes a ply); a 19×19 ladder needs ≤ 36.
pub const MAX_READING_DEPTH: usize = 40;
/// Default number of transposition cache entries (8 bytes each).
pub const DEFAULT_CACHE_ENTRIES: usize = 1024;
/// Default number of area cache entries (16 bytes each).
pub const DEFAULT_AREA_ENTRIES: usize = 128;
/// Points around the moves a read played that its area cache entry
/// watches: its trial moves and the strings it counted liberties of lie
/// mostly within two points of them.
const AREA_MARGIN: u8 = 2;
/// Sets of limits the area cache keeps answers under at once.
pub const LIMIT_SETS: usize = 4;
/// The deepest a top-level read may start ([`Reader::set_start_depth`]):
/// the area cache keeps answers apart by it in two bits.
pub const MAX_START_DEPTH: u8 = 3;
/// Candidate moves considered at one node, at most.
pub const MAX_CANDIDATES: usize = 24;
/// Below this depth the attacker also takes liberties of strings the
/// target could connect to.
const SUPERSTRING_DEPTH: usize = 3;
/// Up to this depth the defender also reads captures of attacker strings
/// around its superstring.
const DEFENSE_SUPERSTRING_DEPTH: usize = 5;
/// Chain-breaking captures read per defence node, at most.
pub const MAX_BREAK_CHAIN: usize = 4;
/// Moves per node of a read nested in another's candidate pre-read (a
/// pre-read within a pre-read): it only refines which moves are candidates.
pub const NESTED_PRE_READ_WIDTH: usize = 2;

/// GNU Go's result codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    /// Preference for the side that owns the result: higher is better.
    #[must_use]
    pub const fn rank(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::KoB => 1,
            Code::KoA => 2,
            Code::Win => 3,
        }
    }

    /// The mover's result given the opponent's answer code in the child.
    #[must_use]
    pub const fn invert(self) -> Code {
        match self {
            Code::Fail => Code::Win,
            Code::Win => Code::Fail,
            Code::KoA => Code::KoB,
            Code::KoB => Code::KoA,
        }
    }

    /// The worse (for the mover) of two codes.
    #[must_use]
    pub const fn min(self, other: Code) -> Code {
        if self.rank() <= other.rank() {
            self
        } else {
            other
        }
    }

    /// The code GTP prints as `v` ([`Code::gtp`]); anything else is `Fail`.
    #[must_use]
    pub const fn from_u8(v: u8) -> Code {
        match v {
            1 => Code::Win,
            2 => Code::KoA,
            3 => Code::KoB,
            _ => Code::Fail,
        }
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
    /// The move that reaches it, when the code is not `Fail`.
    pub point: Option<Point>,
    /// Whether the node limit was reached during the search.
    pub limit_hit: bool,
}

/// Depth and node limits (GNU Go's names in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ReadingLimits {
    /// Below this depth, three-liberty strings are attacked and non-atari
    /// moves are tried; beyond it only ladders are read (`depth`).
    pub depth: u8,
    /// Beyond this depth each side tries at most two moves per node
    /// (`branch_depth`).
    pub branch_depth: u8,
    /// Below this depth four-liberty strings are attacked (`fourlib_depth`).
    pub fourlib_depth: u8,
    /// Below this depth ko retakes after a threat are tried (`ko_depth`).
    pub ko_depth: u8,
    /// Below this depth the defender reads whether neighbouring attacker
    /// strings can be captured (`break_chain_depth`).
    pub break_chain_depth: u8,
    /// Below this depth the defender also extends towards open space
    /// (second-order liberties) and plays approach moves; deeper it keeps
    /// to the string's liberties and its neighbours'.
    pub extend_depth: u8,
    /// Below this depth the attacker also backfills: it fills the last
    /// liberty of its own string that taking a liberty would put in atari
    /// (`backfill_depth`).
    pub backfill_depth: u8,
    /// Moves per node of a candidate pre-read, at most (0: as many as the
    /// read itself tries); a pre-read only refines which moves are tried.
    pub pre_read_width: u8,
    /// Plies a candidate pre-read starts below its node, at least 1; the
    /// deeper it starts, the sooner the depth limits narrow it.
    pub pre_read_step: u8,
    /// Nodes per top-level call; past it the attacker fails.
    pub node_limit: u32,
}

impl Default for ReadingLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl ReadingLimits {
    /// The default limits (usable in `const` contexts).
    pub const DEFAULT: ReadingLimits = ReadingLimits {
        depth: 16,
        branch_depth: 13,
        fourlib_depth: 5,
        ko_depth: 8,
        break_chain_depth: 7,
        extend_depth: 3,
        backfill_depth: 2,
        pre_read_width: 2,
        pre_read_step: 4,
        node_limit: 12_000,
    };
}

/// Whose turn at a node, and what they try to do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Routine {
    Attack = 1,
    Defend = 2,
}

/// A tactical reader: limits, node counter and transposition cache.
///
/// ```
/// use owlet_board::{Board, Code, Point, Reader};
/// // The white stone on B2 is in atari.
/// let mut board: Board = Board::from_diagram("
///     .X.
///     XO.
///     .X.").unwrap();
/// let mut reader: Reader = Reader::new();
/// let b2 = Point::from_vertex("B2", 3).unwrap();
/// let r = reader.attack(&mut board, b2);
/// assert_eq!((r.code, r.point), (Code::Win, Point::from_vertex("C2", 3).ok()));
/// ```
pub struct Reader<
    const CACHE: usize = DEFAULT_CACHE_ENTRIES,
    const AREAS: usize = DEFAULT_AREA_ENTRIES,
> {
    limits: ReadingLimits,
    /// How many candidate pre-reads the node being read is nested in.
    pre_reads: u8,
    nodes: u64,
    call_nodes: u32,
    limit_hit: bool,
    /// Top-level reads cut by the node limit (see [`Reader::limit_hits`]).
    limit_hits: u32,
    cache: TransCache<CACHE>,
    /// Top-level answers, valid while the points around their moves stay.
    areas: AreaCache<AREAS>,
    /// The points the current top-level read has played on.
    span: SpanBits,
    /// The limits the area cache's answers were read under.
    limit_sets: [Option<ReadingLimits>; LIMIT_SETS],
    /// The slot of [`Reader::limits`] in `limit_sets`.
    limit_set: u8,
    /// The origin of the string a defence node reads, set by its caller:
    /// a top-level read, a candidate pre-read, or an attack node before
    /// each of its moves (the attacker's move leaves the string as it
    /// was).
    child_origin: Point,
    /// Scratch space for the strings next to the string defending moves
    /// are generated for: kept here, so that it is not cleared on each
    /// call.
    adj: [Point; 16],
    /// The depth top-level reads start at ([`Reader::set_start_depth`]).
    start_depth: u8,
}

impl<const CACHE: usize, const AREAS: usize> Default for Reader<CACHE, AREAS> {
    fn default() -> Self {
        Reader::new()
    }
}

/// Scored candidate moves (scores fit in 16 bits; kept small because
/// each search node holds one on the stack).
type Candidates = [(i16, Point); MAX_CANDIDATES];

/// A candidate list with every slot empty, `(0, Point::FILLER)`. Made of
/// two slots the compiler cannot tell are zero (each taken whole from one
/// of a pair of zero words, read together), so that the device's build
/// writes it with a dozen paired stores rather than a call to clear
/// memory.
#[inline(always)]
fn empty_candidates() -> Candidates {
    let (x, y) = core::hint::black_box((0, 0));
    let (a, b) = (empty_slot(x), empty_slot(y));
    [
        a, b, a, b, a, b, a, b, a, b, a, b, a, b, a, b, a, b, a, b, a, b, a, b,
    ]
}

/// The empty slot `(0, Point::FILLER)` out of the zero word `w`, its low
/// half the score and its high half the point.
#[inline(always)]
fn empty_slot(w: u32) -> (i16, Point) {
    (w as i16, Point::from_layout((w >> 16) as u16))
}

/// Sixteen [`Point::FILLER`]s, scratch space for a list of strings,
/// written as [`empty_candidates`] is: pairs of points taken whole from
/// two zero words, stored without a call to clear memory.
#[inline(always)]
fn no_points() -> [Point; 16] {
    let (x, y) = core::hint::black_box((0, 0));
    let ((a, b), (c, d)) = (filler_pair(x), filler_pair(y));
    [a, b, c, d, a, b, c, d, a, b, c, d, a, b, c, d]
}

/// Two [`Point::FILLER`]s out of the zero word `w`, its low half and its
/// high half.
#[inline(always)]
fn filler_pair(w: u32) -> (Point, Point) {
    (
        Point::from_layout(w as u16),
        Point::from_layout((w >> 16) as u16),
    )
}

impl<const CACHE: usize, const AREAS: usize> Reader<CACHE, AREAS> {
    /// A reader with default limits and an empty cache.
    #[must_use]
    pub const fn new() -> Self {
        Reader {
            limits: ReadingLimits::DEFAULT,
            pre_reads: 0,
            nodes: 0,
            call_nodes: 0,
            limit_hit: false,
            limit_hits: 0,
            cache: TransCache::new(),
            areas: AreaCache::new(),
            span: SpanBits::EMPTY,
            limit_sets: first_limit_set(ReadingLimits::DEFAULT),
            limit_set: 0,
            child_origin: Point::FILLER,
            adj: [Point::FILLER; 16],
            start_depth: 0,
        }
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> ReadingLimits {
        self.limits
    }

    /// Replaces the limits (and clears the cache, whose answers depend on them).
    /// The area cache keeps its answers under each of the last
    /// [`LIMIT_SETS`] limits, so owl's and the default reads both stay.
    pub fn set_limits(&mut self, limits: ReadingLimits) {
        self.limits = limits;
        self.cache.clear();
        let slot = match self.limit_sets.iter().position(|l| *l == Some(limits)) {
            Some(i) => i,
            None => {
                let free = self.limit_sets.iter().position(Option::is_none);
                let i = free.unwrap_or_else(|| {
                    self.areas.clear();
                    self.limit_sets = [None; LIMIT_SETS];
                    0
                });
                if let Some(slot) = self.limit_sets.get_mut(i) {
                    *slot = Some(limits);
                }
                i
            }
        };
        // A slot of `limit_sets`, below `LIMIT_SETS`.
        self.limit_set = u8::try_from(slot).unwrap_or(0);
    }

    /// The area cache's question kind: the routine, the limits' slot and
    /// the start depth (0..=63).
    fn area_kind(&self, routine: Routine) -> u8 {
        routine as u8 | (self.limit_set << 2) | (self.start_depth << 4)
    }

    /// The depth top-level reads start at.
    #[must_use]
    pub fn start_depth(&self) -> u8 {
        self.start_depth
    }

    /// Makes top-level reads start `plies` deep (at most
    /// [`MAX_START_DEPTH`]; 0 by default), so that the depth limits narrow
    /// them sooner: a caller whose own moves count against the reading's
    /// depth, as GNU Go's reading depth counts every move on the board's
    /// stack, sets it. Transposition entries carry their depth, and the
    /// area cache keeps answers apart by the start depth.
    pub fn set_start_depth(&mut self, plies: u8) {
        self.start_depth = plies.min(MAX_START_DEPTH);
    }

    /// Forgets every cached answer.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
        self.areas.clear();
        self.limit_sets = first_limit_set(self.limits);
        self.limit_set = 0;
    }

    /// Nodes visited since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Top-level reads ([`Reader::attack`], [`Reader::find_defense`]) cut
    /// by the node limit since the reader was made, whoever called them
    /// (a caller compares the count before and after its own reads).
    /// Saturates at `u32::MAX`.
    #[must_use]
    pub fn limit_hits(&self) -> u32 {
        self.limit_hits
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Raises the depth limits by one (GNU Go's `increase_depths`).
    pub fn increase_depths(&mut self) {
        let l = &mut self.limits;
        l.depth = l.depth.saturating_add(1);
        l.branch_depth = l.branch_depth.saturating_add(1);
        l.fourlib_depth = l.fourlib_depth.saturating_add(1);
        l.ko_depth = l.ko_depth.saturating_add(1);
        l.break_chain_depth = l.break_chain_depth.saturating_add(1);
        l.extend_depth = l.extend_depth.saturating_add(1);
        l.backfill_depth = l.backfill_depth.saturating_add(1);
        self.set_limits(self.limits);
    }

    /// Lowers the depth limits by one (GNU Go's `decrease_depths`).
    pub fn decrease_depths(&mut self) {
        let l = &mut self.limits;
        l.depth = l.depth.saturating_sub(1);
        l.branch_depth = l.branch_depth.saturating_sub(1);
        l.fourlib_depth = l.fourlib_depth.saturating_sub(1);
        l.ko_depth = l.ko_depth.saturating_sub(1);
        l.break_chain_depth = l.break_chain_depth.saturating_sub(1);
        l.extend_depth = l.extend_depth.saturating_sub(1);
        l.backfill_depth = l.backfill_depth.saturating_sub(1);
        self.set_limits(self.limits);
    }

    /// Can the string at `target` be captured if its opponent moves first?
    /// An empty `target` answers `Fail`.
    pub fn attack<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
    ) -> ReadResult {
        self.top(board, target, Routine::Attack)
    }

    /// Can the string at `target` be saved if its owner moves first? The
    /// move answered is one after which the string cannot be captured.
    /// An empty `target` answers `Fail`.
    pub fn find_defense<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
    ) -> ReadResult {
        self.top(board, target, Routine::Defend)
    }

    fn top<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        routine: Routine,
    ) -> ReadResult {
        self.call_nodes = 0;
        self.limit_hit = false;
        if board.color_at(target).is_none() {
            return ReadResult {
                code: Code::Fail,
                point: None,
                limit_hit: false,
            };
        }
        let origin = board.origin(target);
        if let Some((code, point)) = self.area_answer(board, origin, routine) {
            return ReadResult {
                code,
                point,
                limit_hit: false,
            };
        }
        let depth_before = board.undo_depth();
        let (code, point) = match routine {
            Routine::Attack => self.attack_node(board, target, usize::from(self.start_depth), None),
            Routine::Defend => {
                self.child_origin = origin;
                self.defend_node(board, target, usize::from(self.start_depth), None, true)
            }
        };
        // The search always undoes what it plays; make sure of it anyway.
        while board.undo_depth() > depth_before {
            if board.undo().is_err() {
                break;
            }
        }
        // A read cut by the node limit is not stored: read again with the
        // reader's cache warmed, it may go further.
        if self.limit_hit {
            self.limit_hits = self.limit_hits.saturating_add(1);
        } else {
            self.area_keep(board, origin, routine, code, point);
        }
        ReadResult {
            code,
            point: if code == Code::Fail { None } else { point },
            limit_hit: self.limit_hit,
        }
    }

    /// The area cache's answer about the string at `origin`, or `None`
    /// after starting the span of a new read at the string's stones. Out of
    /// line, so its frame is gone before the search recurses.
    #[inline(never)]
    fn area_answer<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        origin: Point,
        routine: Routine,
    ) -> Option<(Code, Option<Point>)> {
        let hit = self.areas.lookup(board, origin, self.area_kind(routine));
        if hit.is_none() {
            self.span = SpanBits::EMPTY;
            for s in board.stones(origin) {
                self.span.add(s);
            }
        }
        hit
    }

    /// Keeps a finished read's answer in the area cache.
    #[inline(never)]
    fn area_keep<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        origin: Point,
        routine: Routine,
        code: Code,
        point: Option<Point>,
    ) {
        let span = self.span.span().grown(AREA_MARGIN, board.size());
        let kind = self.area_kind(routine);
        self.areas.store(board, origin, kind, span, code, point);
    }

    /// Counts a node; false when the node limit has been reached.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.call_nodes = self.call_nodes.saturating_add(1);
        if self.call_nodes > self.limits.node_limit {
            self.limit_hit = true;
            return false;
        }
        true
    }

    /// Reads `read` as a candidate pre-read (see [`NESTED_PRE_READ_WIDTH`]).
    fn pre_read<T>(&mut self, read: impl FnOnce(&mut Self) -> T) -> T {
        self.pre_reads = self.pre_reads.saturating_add(1);
        let found = read(self);
        self.pre_reads = self.pre_reads.saturating_sub(1);
        found
    }

    /// Candidates tried at a node of `depth` out of `n`: two beyond the
    /// branch depth or within a nested pre-read, at most
    /// [`ReadingLimits::pre_read_width`] within a pre-read, all of them
    /// otherwise.
    fn width(&self, n: usize, depth: usize) -> usize {
        let pre_read_width = usize::from(self.limits.pre_read_width);
        if self.pre_reads >= 2 {
            n.min(NESTED_PRE_READ_WIDTH)
        } else if self.pre_reads == 1 && pre_read_width > 0 {
            n.min(pre_read_width)
        } else if depth >= usize::from(self.limits.branch_depth) {
            n.min(2)
        } else {
            n
        }
    }

    /// How much deeper than its node a candidate pre-read starts.
    fn pre_read_step(&self) -> usize {
        usize::from(self.limits.pre_read_step.max(1))
    }

    /// Whether the attacker does not even try at this depth.
    fn attack_hopeless(&self, libs: usize, depth: usize) -> bool {
        libs >= 5
            || (libs == 4 && depth >= usize::from(self.limits.fourlib_depth))
            || (libs == 3 && depth >= usize::from(self.limits.depth))
    }

    fn key<const C: usize, const M: usize>(
        board: &Board<C, M>,
        origin: Point,
        routine: Routine,
        depth: usize,
        komaster: Option<Color>,
    ) -> u64 {
        let k = match komaster {
            None => 0u64,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        let salt =
            (origin.index() as u64) | ((routine as u64) << 10) | ((depth as u64) << 12) | (k << 20);
        board.hash() ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
    }

    fn lookup(&self, key: u64) -> Option<(Code, Option<Point>)> {
        self.cache.lookup(key).map(|(code, point, _)| (code, point))
    }

    fn store(&mut self, key: u64, code: Code, point: Option<Point>) {
        if !self.limit_hit {
            self.cache.store(key, 0, code, point);
        }
    }

    /// Plays `p` for `color`, allowing a ko retake when the ko master rule
    /// permits. Answers whether it was a retake that needed a threat, and
    /// the new ko master, or `None` if the move cannot be played.
    fn try_play<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        color: Color,
        p: Point,
        depth: usize,
        komaster: Option<Color>,
    ) -> Option<(bool, Option<Color>)> {
        self.span.add(p);
        match board.play(color, Move::Play(p)) {
            Ok(_) => Some((false, komaster)),
            Err(PlayError::Ko)
                if komaster.is_none() && depth < usize::from(self.limits.ko_depth) =>
            {
                board
                    .play_ignoring_ko(color, p)
                    .ok()
                    .map(|_| (true, Some(color)))
            }
            Err(_) => None,
        }
    }

    /// Plays `m` for `mover` (who attacks or defends `target`), reads the
    /// opponent's answer one ply deeper and takes the move back. Answers the
    /// mover's result, or `None` if the move cannot be played.
    #[allow(clippy::too_many_arguments)]
    fn try_move<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        mover: Color,
        m: Point,
        routine: Routine,
        depth: usize,
        komaster: Option<Color>,
    ) -> Option<Code> {
        let (threat, km) = self.try_play(board, mover, m, depth, komaster)?;
        let mut code = match (routine, board.color_at(target).is_some()) {
            (Routine::Attack, false) => Code::Win,
            (Routine::Defend, false) => Code::Fail,
            (Routine::Attack, true) => self
                .defend_node(board, target, depth + 1, km, false)
                .0
                .invert(),
            (Routine::Defend, true) => self.attack_node(board, target, depth + 1, km).0.invert(),
        };
        let _ = board.undo();
        if threat {
            code = code.min(Code::KoB);
        }
        Some(code)
    }

    /// Tries `moves` in order (but `skip`) for `mover`, whose `routine` it
    /// is against the string at `target` (`origin` its origin, for an
    /// attack), raising `best` to each better result, until one wins.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn try_moves<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        (mover, routine): (Color, Routine),
        (moves, origin): (&[(i16, Point)], Point),
        skip: Option<Point>,
        depth: usize,
        komaster: Option<Color>,
        best: &mut (Code, Option<Point>),
    ) {
        for &(_, m) in moves {
            if Some(m) == skip {
                continue;
            }
            if routine == Routine::Attack {
                self.child_origin = origin;
            }
            if let Some(code) = self.try_move(board, target, mover, m, routine, depth, komaster)
                && code.rank() > best.0.rank()
            {
                *best = (code, Some(m));
                if code == Code::Win {
                    break;
                }
            }
        }
    }

    /// A node's second round: the moves of `routine` (`extra` included)
    /// not among the first `tried` of `moves`, up to the node's width,
    /// tried as [`Reader::try_moves`] does.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn try_untried<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        side: (Color, Routine),
        (extra, origin): (&[Point], Point),
        tried: usize,
        moves: &mut Candidates,
        skip: Option<Point>,
        depth: usize,
        komaster: Option<Color>,
        best: &mut (Code, Option<Point>),
    ) {
        let n = self.untried_candidates(board, target, side.1, depth, extra, tried, moves);
        let tries = moves.get(..self.width(n, depth)).unwrap_or(&[]);
        self.try_moves(
            board,
            target,
            side,
            (tries, origin),
            skip,
            depth,
            komaster,
            best,
        );
    }

    /// Tries up to `width` defending moves of `moves`, a list of
    /// [`Reader::defense_candidates`]'s first round of `len` moves, from
    /// its slot `from` on, best first (see [`next_defense`]), raising `best` to each better
    /// result until one wins. Answers the slot after the last move taken.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn try_best_first<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        color: Color,
        moves: &mut Candidates,
        (from, width, len): (usize, usize, usize),
        depth: usize,
        komaster: Option<Color>,
        best: &mut (Code, Option<Point>),
    ) -> usize {
        let mut at = from;
        while at < from + width {
            let Some(m) = next_defense(board, target, color, moves, (at, len)) else {
                break;
            };
            // The move's key, now in slot `at`, tells the target's
            // liberties after it when it was read.
            let libs = moves.get(at).map_or(0, |&(key, _)| key_liberties(key));
            at += 1;
            if self.saves_unplayed(board, color, m, libs, depth) {
                *best = (Code::Win, Some(m));
                break;
            }
            if let Some(code) =
                self.try_move(board, target, color, m, Routine::Defend, depth, komaster)
                && code.rank() > best.0.rank()
            {
                *best = (code, Some(m));
                if code == Code::Win {
                    break;
                }
            }
        }
        at
    }

    /// Whether the defending move `m`, after which the target has at least
    /// `libs` liberties (as its look-ahead read them), saves it without
    /// being played: the attacker's node would not even read a string with
    /// that many ([`Reader::attack_hopeless`]). A ko retake (played with a
    /// threat, which caps its result: see [`Reader::try_move`]) and moves
    /// on boards that allow suicide (whose look-ahead plays them anyway)
    /// are played. The move counts in the read's span as a played one does.
    #[inline(always)]
    fn saves_unplayed<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        color: Color,
        m: Point,
        libs: usize,
        depth: usize,
    ) -> bool {
        if !self.attack_hopeless(libs, depth + 1)
            || board.is_ko_retake(color, m)
            || board.allow_suicide()
        {
            return false;
        }
        self.span.add(m);
        true
    }

    // ---- attack ----------------------------------------------------------

    /// The attacker's answer at a node: [`Reader::attack_read`], but for a
    /// string with too many liberties to attack at this depth (about half
    /// the nodes a defence asks about), answered before the call.
    #[inline(always)]
    fn attack_node<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        depth: usize,
        komaster: Option<Color>,
    ) -> (Code, Option<Point>) {
        if self.attack_hopeless(board.liberty_count(target), depth) {
            return (Code::Fail, None);
        }
        self.attack_read(board, target, depth, komaster)
    }

    /// Can the attacker capture the string at `target` at this node? The
    /// answer and the move. Called directly where the string is known to
    /// have few liberties.
    #[inline(never)]
    fn attack_read<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        depth: usize,
        komaster: Option<Color>,
    ) -> (Code, Option<Point>) {
        let Some(color) = board.color_at(target) else {
            return (Code::Win, None);
        };
        let attacker = color.opponent();
        let libs = board.liberty_count(target);
        let mut excluded = None;
        let mut first = (Code::Fail, None);
        if libs == 1 {
            let mut lib = [target; 1];
            board.liberties(target, &mut lib);
            let lib = lib[0];
            // Taking the last liberty captures the target: only a ko
            // retake can make the move illegal.
            let legal = if board.is_ko_retake(attacker, lib) {
                Err(PlayError::Ko)
            } else {
                Ok(())
            };
            match legal {
                Ok(()) => match self.capture_code(board, target, attacker, lib, depth, komaster) {
                    // Winning the ko is good; winning outright elsewhere is better.
                    Some(Code::KoA) => {
                        first = (Code::KoA, Some(lib));
                        excluded = Some(lib);
                    }
                    Some(code) => return (code, Some(lib)),
                    // The capture walks into a bigger recapture: look for
                    // another way below.
                    None => excluded = Some(lib),
                },
                // Retaking the ko needs a threat; an outright capture
                // elsewhere would be better.
                Err(PlayError::Ko)
                    if komaster.is_none() && depth < usize::from(self.limits.ko_depth) =>
                {
                    first = (Code::KoB, Some(lib));
                    excluded = Some(lib);
                }
                Err(_) => return (Code::Fail, None),
            }
        }
        if self.attack_hopeless(libs, depth) || depth >= MAX_READING_DEPTH || !self.count_node() {
            return first;
        }
        let origin = board.origin(target);
        let key = Self::key(board, origin, Routine::Attack, depth, komaster);
        if let Some(hit) = self.lookup(key) {
            return hit;
        }

        // Plain moves first: liberties, second-order liberties, saving
        // our own strings in atari next to the target.
        let mut moves = empty_candidates();
        let n = self.attack_candidates(board, target, depth, &[], None, &mut moves);
        let width = self.width(n, depth);
        let mut best = first;
        let side = (attacker, Routine::Attack);
        let tries = moves.get(..width).unwrap_or(&[]);
        self.try_moves(
            board,
            target,
            side,
            (tries, origin),
            excluded,
            depth,
            komaster,
            &mut best,
        );
        // Only when no plain move captures: our own neighbouring strings
        // that the defender could capture to escape, read for how to save
        // them, and the next candidates of a node that tried only a few.
        if best.0 != Code::Win && depth < usize::from(self.limits.break_chain_depth) {
            let mut extra = [target; MAX_BREAK_CHAIN];
            let n_extra = self.own_rescues(board, target, libs, depth, komaster, &mut extra);
            let extra = extra.get(..n_extra).unwrap_or(&[]);
            self.try_untried(
                board,
                target,
                side,
                (extra, origin),
                width,
                &mut moves,
                excluded,
                depth,
                komaster,
                &mut best,
            );
        }
        self.store(key, best.0, best.1);
        best
    }

    /// Moves that save the attacker's own strings next to `target` (`libs`
    /// liberties) with at most two liberties and no more than the target,
    /// which the defender could capture to escape: each such string is
    /// read, and when it can be captured its saving move goes into
    /// `extra`; answers how many.
    fn own_rescues<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        libs: usize,
        depth: usize,
        komaster: Option<Color>,
        extra: &mut [Point; MAX_BREAK_CHAIN],
    ) -> usize {
        let mut n_extra = 0;
        let below = depth + self.pre_read_step();
        let mut adj = no_points();
        let na = board.adjacent_strings(target, &mut adj);
        for &a in adj.get(..na).unwrap_or(&[]) {
            let alibs = board.head_liberty_count(a);
            if alibs <= 2 && alibs <= libs && n_extra < MAX_BREAK_CHAIN {
                let threatened = self.pre_read(|r| r.attack_read(board, a, below, komaster));
                if threatened.0 != Code::Fail {
                    let (code, m) = self.pre_read(|r| {
                        r.child_origin = board.origin(a);
                        r.defend_node(board, a, below, komaster, false)
                    });
                    if let (Code::Win | Code::KoA, Some(m)) = (code, m) {
                        push_point(extra, &mut n_extra, m);
                    }
                }
            }
        }
        n_extra
    }

    /// Capturing a lone stone that the defender could retake as a ko only
    /// wins the ko ([`Code::KoA`]) while the defender may still retake; a
    /// capture whose stones are left in atari, more than one of them, is a
    /// snapback for the defender (`None`). Out of line: its look-ahead's
    /// arguments must not widen `attack_node`'s frame.
    #[inline(never)]
    fn capture_code<const C: usize, const M: usize>(
        &self,
        board: &mut Board<C, M>,
        target: Point,
        attacker: Color,
        lib: Point,
        depth: usize,
        komaster: Option<Color>,
    ) -> Option<Code> {
        let (ko, snapped) = if board.allow_suicide() {
            if board.play(attacker, Move::Play(lib)).is_err() {
                return Some(Code::Win);
            }
            let ko = board.ko_point() == Some(target);
            let snapped = board.liberty_count(lib) == 1 && board.string_size(lib) > 1;
            let _ = board.undo();
            (ko, snapped)
        } else {
            // The move is legal (the caller checked): read it unplayed.
            // Capturing the target's one stone alone, with one stone left
            // in atari, makes a ko at the target's point.
            let Some(after) = board.preview(attacker, lib, target, true, 2) else {
                return Some(Code::Win);
            };
            let ko = after.captured == 1 && after.own_size == 1 && after.own_libs == 1;
            (ko, after.own_libs == 1 && after.own_size > 1)
        };
        if snapped {
            None
        } else if ko
            && board.string_size(target) == 1
            && komaster.is_none()
            && depth < usize::from(self.limits.ko_depth)
        {
            Some(Code::KoA)
        } else {
            Some(Code::Win)
        }
    }

    /// Fills `out` with attacking moves, best first; answers how many.
    /// The scores in `known` (see [`known_score`]) are taken as read.
    // Not inlined: its temporaries must not stay on the stack while the
    // search recurses (the device's stack is small).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn attack_candidates<const C: usize, const M: usize>(
        &self,
        board: &mut Board<C, M>,
        target: Point,
        depth: usize,
        extra: &[Point],
        known: Option<&Candidates>,
        out: &mut Candidates,
    ) -> usize {
        let Some(attacker) = board.color_at(target).map(Color::opponent) else {
            return 0;
        };
        let mut list = MoveList::new(out);
        let lib_set = Liberties::of(board, target);
        // All of them: a string read at a node has at most four (see
        // `attack_hopeless`).
        let libs = lib_set.len;
        // The scores of the liberties read for backfilling, by liberty
        // (`None`: not a candidate), when `backfilled`.
        let mut lib_scores: [Option<i16>; 4] = [None; 4];
        let mut backfilled = false;
        for &p in extra {
            list.push(p);
        }
        for &p in lib_set.as_slice() {
            list.push(p);
        }
        let ladder_only = depth >= usize::from(self.limits.depth);
        if !ladder_only {
            // Our own strings next to the target that are in atari: save them.
            let mut adj = no_points();
            let na = board.adjacent_strings(target, &mut adj);
            for &a in adj.get(..na).unwrap_or(&[]) {
                if board.head_liberty_count(a) == 1 {
                    let mut l = [a; 1];
                    board.liberties(a, &mut l);
                    list.push(l[0]);
                    // Or capture a defender string that holds it in atari.
                    let mut around = [Point::FILLER; 8];
                    let nn = board.adjacent_strings(a, &mut around);
                    for &b in around.get(..nn).unwrap_or(&[]) {
                        if board.head_liberty_count(b) == 1 {
                            let mut l = [b; 1];
                            board.liberties(b, &mut l);
                            list.push(l[0]);
                        }
                    }
                }
            }
            // The superstring: friendly strings the target could connect to
            // through a liberty; taking their liberties spoils the connection.
            if libs <= 3 && depth < SUPERSTRING_DEPTH {
                list.push_superstring_out_of_line(
                    board,
                    target,
                    attacker.opponent(),
                    lib_set.as_slice(),
                );
            }
            // Second-order liberties of a short-of-liberties target.
            if libs <= 3 {
                list.push_second_order(board, lib_set.as_slice());
            }
            // Backfilling: a liberty the attacker cannot take without
            // putting its own string in atari is prepared by filling that
            // string's last liberty from behind. The look-ahead at each
            // liberty serves for its score too.
            if depth < usize::from(self.limits.backfill_depth) {
                backfilled = true;
                for (&l, slot) in lib_set.as_slice().iter().zip(&mut lib_scores) {
                    let after = look_ahead(board, attacker, l, target, true, 4);
                    *slot = after.and_then(|a| attack_score(&a, ladder_only, &lib_set, l));
                    if let Some(b) = after.and_then(|a| backfill(board, attacker, l, &a, &lib_set))
                    {
                        list.push(b);
                    }
                }
            }
        }
        // Order by a one-move look-ahead.
        let len = list.len;
        score_moves(out, len, known, |m| {
            let read = if backfilled {
                let at = lib_set.as_slice().iter().position(|&l| l == m);
                at.and_then(|i| lib_scores.get(i).copied())
            } else {
                None
            };
            match read {
                Some(score) => score,
                // Our own string's liberties are read up to 4 (the
                // target's, of the other colour, come exact whatever the
                // cap).
                None => look_ahead(board, attacker, m, target, true, 4)
                    .and_then(|a| attack_score(&a, ladder_only, &lib_set, m)),
            }
        })
    }

    // ---- defense ---------------------------------------------------------

    /// Can the string at `target` be saved at this node? The answer and
    /// the move. The caller sets [`Reader::child_origin`] to the string's
    /// origin; `top` for the node of a top-level read.
    fn defend_node<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        depth: usize,
        komaster: Option<Color>,
        top: bool,
    ) -> (Code, Option<Point>) {
        let Some(color) = board.color_at(target) else {
            return (Code::Fail, None);
        };
        let libs = board.liberty_count(target);
        // A string the attacker would not even try counts as safe.
        if !top && self.attack_hopeless(libs, depth + 1) {
            return (Code::Win, None);
        }
        if libs >= 5 && top {
            return (Code::Win, None);
        }
        if depth >= MAX_READING_DEPTH {
            return (Code::Win, None);
        }
        if !self.count_node() {
            return (Code::Win, None);
        }
        let origin = self.child_origin;
        let key = Self::key(board, origin, Routine::Defend, depth, komaster);
        if let Some(hit) = self.lookup(key) {
            return hit;
        }
        // Plain moves first: liberties, captures of attacker strings in
        // atari (the target's own and its superstring's), ataris on its
        // neighbours and extensions.
        let mut moves = empty_candidates();
        let n = self.defense_candidates(board, target, depth, &[], None, &mut moves);
        let mut best = (Code::Fail, None);
        let side = (color, Routine::Defend);
        let width = self.width(n, depth);
        let tried = self.try_best_first(
            board,
            target,
            color,
            &mut moves,
            (0, width, n),
            depth,
            komaster,
            &mut best,
        );
        // Only when no plain move saves the string: breaking the chain,
        // with moves that capture a neighbouring attacker string of two or
        // three liberties, found by reading it (ladders and nets
        // included), and the next candidates of a node that tried only a
        // few. From the break-chain depth on there is no chain to break:
        // the next candidates come from the same list.
        if best.0 != Code::Win {
            if depth >= usize::from(self.limits.break_chain_depth) {
                let width = self.width(MAX_CANDIDATES, depth);
                self.try_best_first(
                    board,
                    target,
                    color,
                    &mut moves,
                    (tried, width, n),
                    depth,
                    komaster,
                    &mut best,
                );
            } else {
                let mut extra = [target; MAX_BREAK_CHAIN];
                let n_extra =
                    self.chain_breaks(board, target, color, libs, depth, komaster, &mut extra);
                let extra = extra.get(..n_extra).unwrap_or(&[]);
                self.try_untried(
                    board,
                    target,
                    side,
                    (extra, origin),
                    tried,
                    &mut moves,
                    None,
                    depth,
                    komaster,
                    &mut best,
                );
            }
        }
        // No move helps: maybe none is needed. When the attacker cannot
        // play on any liberty (each would be suicide), read whether it can
        // capture even when moving again; if not, the string is safe as it
        // is (a defender may always play elsewhere).
        if !top
            && best.0 != Code::Win
            && libs >= 2
            && every_liberty_is_suicide(board, target, color.opponent())
        {
            let code = self
                .attack_read(board, target, depth + 1, komaster)
                .0
                .invert();
            if code.rank() > best.0.rank() {
                best = (code, None);
            }
        }
        self.store(key, best.0, best.1);
        best
    }

    /// Chain-breaking defence moves for the string at `target` (`libs`
    /// liberties), written to `extra`; answers how many: the capturing
    /// moves of neighbouring attacker strings with two or three liberties,
    /// found by reading them, and both liberties of one with two (either
    /// atari may be the one that works). Near the root the neighbours of
    /// friendly strings the target could connect to through a liberty (its
    /// superstring) count too (see [`chain_targets`]; the liberties of
    /// those in atari are among the first round's candidates, see
    /// [`Reader::defense_candidates`]). A target in atari is taken
    /// next move unless the move captures at once, plays on its liberty, or
    /// ataris a string next to that liberty so that the capture is retaken
    /// (see `capture_code`): only those strings are read then. None
    /// from the break-chain depth on (tested here, before any call).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn chain_breaks<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        color: Color,
        libs: usize,
        depth: usize,
        komaster: Option<Color>,
        extra: &mut [Point; MAX_BREAK_CHAIN],
    ) -> usize {
        if depth >= usize::from(self.limits.break_chain_depth) {
            return 0;
        }
        self.chain_breaks_below(board, target, color, libs, depth, komaster, extra)
    }

    /// [`Reader::chain_breaks`] above the break-chain depth. Out of line:
    /// its chain of strings must not stay on the stack while the defence
    /// reads on.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn chain_breaks_below<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        color: Color,
        libs: usize,
        depth: usize,
        komaster: Option<Color>,
        extra: &mut [Point; MAX_BREAK_CHAIN],
    ) -> usize {
        let mut n_extra = 0;
        let below = depth + self.pre_read_step();
        let mut chain = no_points();
        let lib_set = Liberties::of(board, target);
        let (_, n_chain) = chain_targets(board, target, color, depth, &lib_set, &mut chain);
        let mut last = [target; 1];
        if libs == 1 {
            board.liberties(target, &mut last);
        }
        for &a in chain.get(..n_chain).unwrap_or(&[]) {
            if n_extra >= MAX_BREAK_CHAIN {
                break;
            }
            let alibs = board.head_liberty_count(a);
            let worth = libs >= 2 || last[0].neighbors().iter().any(|&q| board.same_string(q, a));
            if !(2..=3).contains(&alibs) || !worth {
                continue;
            }
            let (code, m) = self.pre_read(|r| r.attack_read(board, a, below, komaster));
            if let (Code::Win | Code::KoA, Some(m)) = (code, m) {
                push_point(extra, &mut n_extra, m);
                if alibs == 2 {
                    let mut l = [a; 2];
                    board.liberties(a, &mut l);
                    for q in l {
                        if !extra.get(..n_extra).unwrap_or(&[]).contains(&q) {
                            push_point(extra, &mut n_extra, q);
                        }
                    }
                }
            }
        }
        n_extra
    }

    /// Refills `moves`, whose first `tried` entries were tried, with the
    /// moves of `routine` against the string at `target` (the extra moves
    /// `extra` included) not tried yet, best first; answers how many. Not
    /// inlined: its copy of the tried moves must not stay on the stack
    /// while the search recurses.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn untried_candidates<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        routine: Routine,
        depth: usize,
        extra: &[Point],
        tried: usize,
        moves: &mut Candidates,
    ) -> usize {
        if board.color_at(target).is_none() {
            return 0;
        }
        // An attack's first round has no extra moves: without any in this
        // round either, the list is the first round's, and so are its
        // candidates: the untried ones are those after the first `tried`,
        // up to the end mark (see `known_score`). (A defence whose rounds
        // share their list carries on from its keyed list instead.)
        if extra.is_empty() && routine == Routine::Attack {
            let n = moves
                .iter()
                .position(|&(_, p)| p == Point::FILLER)
                .unwrap_or(MAX_CANDIDATES);
            for (to, i) in (tried..n).enumerate() {
                if let Some(&e) = moves.get(i)
                    && let Some(slot) = moves.get_mut(to)
                {
                    *slot = e;
                }
            }
            return n.saturating_sub(tried);
        }
        // The first round's scores, read in this same position, serve
        // again.
        let mut known = *moves;
        let n = match routine {
            Routine::Attack => {
                self.attack_candidates(board, target, depth, extra, Some(&known), moves)
            }
            Routine::Defend => {
                // The moves tried are left out below whatever their score:
                // keyed 0, their look-ahead is not read.
                for slot in known.get_mut(..tried).unwrap_or(&mut []) {
                    slot.0 = 0;
                }
                self.defense_candidates(board, target, depth, extra, Some(&known), moves)
            }
        };
        let done = known.get(..tried).unwrap_or(&[]);
        let mut kept = 0;
        for i in 0..n {
            if let Some(&(score, m)) = moves.get(i)
                && !done.iter().any(|&(_, t)| t == m)
            {
                if let Some(slot) = moves.get_mut(kept) {
                    *slot = (score, m);
                }
                kept += 1;
            }
        }
        kept
    }

    /// Fills `out` with defending moves; answers how many. A node's first
    /// round (no `known`) keys each move by a bound of its score (see
    /// [`defense_key`]) and leaves reading and ordering them to
    /// [`next_defense`], the moves that cannot be played included; above
    /// the break-chain depth, the liberties of the first
    /// [`MAX_BREAK_CHAIN`] strings in atari among [`chain_targets`] come
    /// first then. A second round, given the first's list as `known`,
    /// takes the scores read there and orders the moves best first,
    /// leaving out those that cannot be played.
    // Not inlined: its temporaries must not stay on the stack while the
    // search recurses (the device's stack is small).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn defense_candidates<const C: usize, const M: usize>(
        &mut self,
        board: &mut Board<C, M>,
        target: Point,
        depth: usize,
        extra: &[Point],
        known: Option<&Candidates>,
        out: &mut Candidates,
    ) -> usize {
        let Some(color) = board.color_at(target) else {
            return 0;
        };
        let libs = board.liberty_count(target);
        let mut list = MoveList::new(out);
        let lib_set = Liberties::of(board, target);
        let ladder_only = depth >= usize::from(self.limits.depth);
        // The strings next to the target, then (in the first round) the
        // rest of the chain whose strings in atari it captures first.
        let adj = &mut self.adj;
        let na = if known.is_none() && depth < usize::from(self.limits.break_chain_depth) {
            let (na, n_chain) = chain_targets(board, target, color, depth, &lib_set, adj);
            let mut in_atari = 0;
            for &a in adj.get(..n_chain).unwrap_or(&[]) {
                if in_atari >= MAX_BREAK_CHAIN {
                    break;
                }
                if board.liberty_count(a) == 1 {
                    let mut l = [a; 1];
                    board.liberties(a, &mut l);
                    list.push(l[0]);
                    in_atari += 1;
                }
            }
            na
        } else {
            board.adjacent_strings(target, adj)
        };
        for &p in extra {
            list.push(p);
        }
        // Capture or attack the attacker's strings that surround the target:
        // those in atari, and (but in a ladder) those with at most one
        // liberty more than the target and no more than three.
        let most = if ladder_only { 1 } else { (libs + 1).min(3) };
        for &a in adj.get(..na).unwrap_or(&[]) {
            if board.head_liberty_count(a) <= most {
                let mut l = [Point::FILLER; 3];
                let k = board.liberties(a, &mut l);
                // Near the root, a liberty of a string of two that the
                // defender cannot fill gets its approach moves.
                let approach = k == 2 && depth < usize::from(self.limits.extend_depth);
                for &q in l.get(..k).unwrap_or(&[]) {
                    list.push(q);
                    if approach
                        && q.neighbors()
                            .iter()
                            .all(|&n| !board.is_on_board(n) || board.color_at(n).is_some())
                        && board.check_move(color, q) == Err(PlayError::Suicide)
                    {
                        list.push_approaches(board, color, q);
                    }
                }
            }
        }
        for &p in lib_set.as_slice() {
            list.push(p);
        }
        if !ladder_only && libs <= 3 {
            // Strengthen friendly stones next to a liberty (with up to four
            // liberties, as the attacker's superstring), so that
            // connecting to them there works.
            list.push_superstring(board, target, color, lib_set.as_slice());
        }
        if !ladder_only && libs >= 2 && depth < usize::from(self.limits.extend_depth) {
            // Second-order liberties: extend towards open space.
            list.push_second_order(board, lib_set.as_slice());
        }
        let len = list.len;
        let Some(known) = known else {
            // The first round: each move keyed by its score's bound, read
            // when [`next_defense`] needs it; a lone move is read first
            // whatever its bound.
            if len == 1 {
                if let Some(slot) = out.first_mut() {
                    slot.0 = defense_key(0, true, 0, 0);
                }
                return len;
            }
            // Walked as a shrinking slice: a move's place is told by how
            // many are left after it.
            let mut rest = out.get_mut(..len).unwrap_or(&mut []);
            while let [slot, tail @ ..] = core::mem::take(&mut rest) {
                let bound = defense_bound(board, color, slot.1, target, libs);
                slot.0 = defense_key(bound, true, len.wrapping_sub(tail.len() + 1), 0);
                rest = tail;
            }
            return len;
        };
        // `known` holds keys here (see [`defense_key`]), looked up as
        // scores are.
        score_moves(out, len, None, |m| match known_score(Some(known), m) {
            Some(key) if key != UNPLAYABLE && key & 1 == 0 => Some(key >> 8),
            _ => defense_score_out_of_line(board, color, m, target),
        })
    }
}

/// The strings met while generating candidates around one string's
/// liberties, so that each string's points are pushed once. It remembers
/// the first four (of up to 12: 3 liberties of 4 neighbours); a string met
/// again beyond them is pushed again, which adds nothing. Kept small so
/// that it is made without a call to clear memory.
struct Strings {
    heads: [Point; 4],
    len: usize,
}

impl Strings {
    fn new() -> Strings {
        Strings {
            heads: [Point::FILLER; 4],
            len: 0,
        }
    }

    /// Whether the string with head `h` was not met before (or not
    /// remembered); remembers it while there is room.
    #[inline(always)]
    fn first_visit(&mut self, h: Point) -> bool {
        if self.contains(h) {
            return false;
        }
        self.remember(h);
        true
    }

    /// Whether the string with head `h` is remembered.
    #[inline(always)]
    fn contains(&self, h: Point) -> bool {
        self.heads.get(..self.len).unwrap_or(&[]).contains(&h)
    }

    /// Remembers the string with head `h` while there is room.
    #[inline(always)]
    fn remember(&mut self, h: Point) {
        push_point(&mut self.heads, &mut self.len, h);
    }
}

/// The liberties of a string the reader generates moves for, in layout
/// order (the order of [`crate::PointSet::iter`]). Such a string has at most
/// four: with more it counts as safe and no node reads it.
struct Liberties {
    points: [Point; 4],
    len: usize,
}

impl Liberties {
    /// The liberties of the string at `target` (the first four found, in
    /// stone order, should it have more), sorted.
    fn of<const C: usize, const M: usize>(board: &Board<C, M>, target: Point) -> Liberties {
        let mut points = [Point::FILLER; 4];
        let len = board.liberties(target, &mut points);
        let list = points.get_mut(..len).unwrap_or(&mut []);
        for i in 1..list.len() {
            let mut j = i;
            while j > 0 && list.get(j - 1) > list.get(j) {
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        Liberties { points, len }
    }

    fn as_slice(&self) -> &[Point] {
        self.points.get(..self.len).unwrap_or(&[])
    }

    #[cfg_attr(not(target_os = "none"), inline)]
    fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }
}

/// Candidate points, each once, in generation order, written into the
/// first `len` slots of the candidate list that scores them (their
/// scores are written by the scoring).
struct MoveList<'a> {
    /// A filter of the points pushed: bit `i % 32` is set for each point
    /// of layout index `i` pushed, so a point whose bit is clear is new
    /// and only one whose bit is set is looked for in the list.
    filter: u32,
    points: &'a mut Candidates,
    len: usize,
}

impl<'a> MoveList<'a> {
    fn new(points: &'a mut Candidates) -> MoveList<'a> {
        MoveList {
            filter: 0,
            points,
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, p: Point) {
        if self.len >= MAX_CANDIDATES {
            return;
        }
        let bit = 1 << (p.index() % 32);
        // Looked for from the last pushed back: a point comes again
        // mostly soon after it came first.
        if self.filter & bit != 0 {
            // Walked as a shrinking slice, from its end.
            let mut rest = self.points.get(..self.len).unwrap_or(&[]);
            while let [head @ .., (_, q)] = rest {
                if *q == p {
                    return;
                }
                rest = head;
            }
        }
        self.filter |= bit;
        // The score is left as it is: the list's scoring writes it.
        if let Some(slot) = self.points.get_mut(self.len) {
            slot.1 = p;
            self.len += 1;
        }
    }

    /// Pushes the liberties of the strings of `color` (that of the string
    /// at `target`) next to `liberties`, the target's, that have at most
    /// four: the target's superstring, through which it may connect. The
    /// caller has pushed `liberties` before.
    #[inline(always)]
    fn push_superstring<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        target: Point,
        color: Color,
        liberties: &[Point],
    ) {
        let own = Cell::stone(color);
        let target_head = board.string_id(target);
        let mut done = Strings::new();
        for &l in liberties {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            let [a, b, c, d] = l.neighbors();
            let mut near = |q: Point| {
                if board.cell(q) == own {
                    let head = board.string_id(q);
                    if head != target_head && done.first_visit(head) {
                        self.push_friend(board, q, l);
                    }
                }
            };
            near(a);
            near(b);
            near(c);
            near(d);
        }
    }

    /// [`MoveList::push_superstring`] out of line, for the attacker's
    /// candidates: its scratch space must not widen their frame.
    #[inline(never)]
    fn push_superstring_out_of_line<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        target: Point,
        color: Color,
        liberties: &[Point],
    ) {
        self.push_superstring(board, target, color, liberties);
    }

    /// For [`MoveList::push_superstring`]: pushes the liberties of the
    /// string at the stone `q` unless it has more than four, but `pushed`:
    /// the target's liberty next to `q`, one of them, pushed already (the
    /// target's liberties come first), so that its push would add nothing.
    #[inline(never)]
    fn push_friend<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        q: Point,
        pushed: Point,
    ) {
        if board.stone_liberty_count(q) > 4 {
            return;
        }
        self.push_liberties_but(board, q, pushed);
    }

    /// Pushes the liberties of the string at `q` (the first four found)
    /// but `but`.
    #[inline(always)]
    fn push_liberties_but<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        q: Point,
        but: Point,
    ) {
        let mut ql = [Point::FILLER; 4];
        let k = board.liberties(q, &mut ql);
        for &r in ql.get(..k).unwrap_or(&[]) {
            if r != but {
                self.push(r);
            }
        }
    }

    /// Pushes the approach moves to `q`, a liberty of an opponent string
    /// that `color` cannot fill (it would be suicide): the other liberty of
    /// each opponent string of two liberties next to `q`, whose atari lets
    /// `color` play there next.
    fn push_approaches<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        color: Color,
        q: Point,
    ) {
        for n in q.neighbors() {
            if board.color_at(n) == Some(color.opponent()) && board.liberty_count(n) == 2 {
                self.push_liberties_but(board, n, q);
            }
        }
    }

    /// Pushes the empty neighbours of `liberties` (second-order liberties).
    #[inline(always)]
    fn push_second_order<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        liberties: &[Point],
    ) {
        for &l in liberties {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            let [a, b, c, d] = l.neighbors();
            if board.cell(a) == Cell::Empty {
                self.push(a);
            }
            if board.cell(b) == Cell::Empty {
                self.push(b);
            }
            if board.cell(c) == Cell::Empty {
                self.push(c);
            }
            if board.cell(d) == Cell::Empty {
                self.push(d);
            }
        }
    }
}

/// Plays `m` for `color` to look at the result, a ko retake included
/// (the caller undoes). Answers the stones captured and whether it was a
/// ko retake, or `None` if the move cannot be played.
fn trial_play<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
) -> Option<(usize, bool)> {
    match board.play(color, Move::Play(m)) {
        Ok(captured) => Some((captured, false)),
        Err(PlayError::Ko) => board.play_ignoring_ko(color, m).ok().map(|c| (c, true)),
        Err(_) => None,
    }
}

/// The one-move look-ahead of a candidate: what `color` playing `m` does
/// to the string at `target` and its own (see [`Board::preview`], which
/// `own` and `cap` are for), or `None` if the move cannot be played (a ko
/// retake can). Read without playing; with suicide allowed, played and
/// taken back (and counted exactly).
#[inline(always)]
fn look_ahead<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
    own: bool,
    cap: u16,
) -> Option<Preview> {
    if !board.allow_suicide() {
        return board.preview(color, m, target, own, cap);
    }
    played_look_ahead(board, color, m, target)
}

/// [`look_ahead`] with suicide allowed: the move played and taken back.
fn played_look_ahead<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
) -> Option<Preview> {
    let (captured, retake) = trial_play(board, color, m)?;
    let enemy = Some(color.opponent());
    let after = Preview {
        captured: captured as u16,
        retake,
        own_libs: board.liberty_count(m) as u16,
        own_size: board.string_size(m) as u16,
        watch_libs: board.liberty_count(target) as u16,
        watch_gone: board.color_at(target).is_none(),
        ataris: m
            .neighbors()
            .iter()
            .any(|&q| board.color_at(q) == enemy && board.liberty_count(q) == 1),
    };
    let _ = board.undo();
    Some(after)
}

/// The score of the defending move `m` of `color` for the string at
/// `target`, read by its look-ahead, or `None` if the move cannot be
/// played: the target's liberties (up to 6), the stones captured, less for
/// one liberty left or a ko retake, more for an atari. Scores count in
/// tens (10 a liberty, 3 a stone captured), between -55 and 76. Inlined
/// in [`next_defense`], which reads most of them.
#[inline(always)]
fn defense_score<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
) -> Option<i16> {
    defense_look(board, color, m, target).map(|(score, _)| score)
}

/// [`defense_score`] and the target's liberties after `m` (exact below 6,
/// at least 6 otherwise).
#[inline(always)]
fn defense_look<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
) -> Option<(i16, usize)> {
    // Only the target's liberties are read, up to 6.
    let after = look_ahead(board, color, m, target, false, 6)?;
    let mut score = liberty_score(usize::from(after.watch_libs)) + 3 * after.captured.min(4) as i16;
    if after.retake {
        score -= 5;
    }
    // A move that puts an attacker string in atari forces an answer.
    if after.ataris {
        score += 4;
    }
    Some((score, usize::from(after.watch_libs)))
}

/// The part of [`defense_score`] that the target's `tlibs` liberties
/// make: 10 a liberty up to 6, less 50 for one liberty or none.
#[inline(always)]
fn liberty_score(tlibs: usize) -> i16 {
    const SCORES: [i16; 7] = [-50, -40, 20, 30, 40, 50, 60];
    SCORES.get(tlibs.min(6)).copied().unwrap_or(60)
}

/// [`defense_score`] out of line, for a second round: its look-ahead
/// must not widen [`Reader::defense_candidates`]'s frame.
#[inline(never)]
fn defense_score_out_of_line<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
) -> Option<i16> {
    defense_score(board, color, m, target)
}

/// An upper bound of [`defense_score`] read from `m`'s neighbours alone,
/// `libs` being the target's liberties: the target ends with at most its
/// liberties (`m` away from it) or those of the strings `m` joins but `m`
/// and `m`'s empty neighbours (`m` next to it), plus the stones captured,
/// the opponent strings in atari next to `m`; an atari needs an opponent
/// string with two liberties next to `m` (see [`Board::preview_bound`]).
#[inline(always)]
fn defense_bound<const C: usize, const M: usize>(
    board: &Board<C, M>,
    color: Color,
    m: Point,
    target: Point,
    libs: usize,
) -> i16 {
    let (joined, captured, next_to, atari) = board.preview_bound(color, m, target);
    let tlibs = if next_to { joined } else { libs } + captured;
    let mut score = liberty_score(tlibs) + 3 * captured.min(4) as i16;
    if atari {
        score += 4;
    }
    score
}

/// The key of a defending move of a first-round list of
/// [`Reader::defense_candidates`] whose score (see [`defense_score`]) is
/// `score`, or at most `score` when `bound`, made `i`-th: keys order the
/// moves by score, then by when they were made (so a move after one of
/// equal score stays after it whatever its true score), and no two are
/// equal. The lowest bit tells a bound; the two above it, for an exact
/// score, the target's liberties after the move (see [`libs_class`]).
#[inline(always)]
fn defense_key(score: i16, bound: bool, i: usize, libs: usize) -> i16 {
    ((score * 32 + (31 - (i % 32) as i16)) * 4 + libs_class(libs)) * 2 + i16::from(bound)
}

/// The target's liberties after a defending move as its key keeps them:
/// 0 for fewer than three, 1 for three, 2 for four, 3 for five or more.
#[cfg_attr(not(target_os = "none"), inline)]
fn libs_class(libs: usize) -> i16 {
    libs.saturating_sub(2).min(3) as i16
}

/// The fewest liberties the target has after the move keyed `key` (see
/// [`defense_key`]): 0 when the key tells fewer than three, or is a bound.
#[cfg_attr(not(target_os = "none"), inline)]
fn key_liberties(key: i16) -> usize {
    match (key & 1, (key >> 1) & 3) {
        (0, 1) => 3,
        (0, 2) => 4,
        (0, 3) => 5,
        _ => 0,
    }
}

/// The key of a move of a first-round defence list that cannot be played,
/// below every other.
const UNPLAYABLE: i16 = i16::MIN;

/// Swaps the best defending move of `moves` from slot `at` to slot `len`
/// (a first-round list of [`Reader::defense_candidates`] of `len` moves,
/// keyed by [`defense_key`]) into slot `at` and answers it, or `None`
/// when none is left: the one a stable sort by score would place first;
/// its key there is exact when its look-ahead was read. A move's
/// look-ahead is read only when its bound's key tops every other key, and
/// not for the last move left, only checked for whether it can be played;
/// a move that cannot be played is keyed [`UNPLAYABLE`].
#[inline(never)]
fn next_defense<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    target: Point,
    color: Color,
    moves: &mut Candidates,
    (at, len): (usize, usize),
) -> Option<Point> {
    let unplayable = i32::from(UNPLAYABLE);
    loop {
        // The top key and the next below it.
        let (mut top, mut top_key, mut next_key) = (0, unplayable, unplayable);
        // Walked as a shrinking slice: the top's slot is told by how many
        // are left after it.
        let mut rest = moves.get(at..len).unwrap_or(&[]);
        while let [(key, _), tail @ ..] = rest {
            let key = i32::from(*key);
            if key > top_key {
                next_key = top_key;
                (top, top_key) = (rest.len(), key);
            } else if key > next_key {
                next_key = key;
            }
            rest = tail;
        }
        let top = len.wrapping_sub(top);
        if top_key == unplayable {
            return None;
        }
        let m = moves.get(top)?.1;
        if top_key & 1 == 0 {
            moves.swap(at, top);
            return Some(m);
        }
        // The last move left: its score orders nothing, only whether it
        // can be played counts (as the look-ahead reads it).
        if next_key == unplayable {
            if board.cell(m) == Cell::Empty
                && (board.allow_suicide() || !board.is_suicide(color, m))
            {
                moves.swap(at, top);
                return Some(m);
            }
            if let Some(slot) = moves.get_mut(top) {
                slot.0 = UNPLAYABLE;
            }
            return None;
        }
        let key = match defense_look(board, color, m, target) {
            Some((score, libs)) => {
                defense_key(score, false, 31 - ((top_key >> 3) & 31) as usize, libs)
            }
            None => UNPLAYABLE,
        };
        if let Some(slot) = moves.get_mut(top) {
            slot.0 = key;
        }
        // Still above the next key, the move read is the best.
        if i32::from(key) > next_key {
            moves.swap(at, top);
            return Some(m);
        }
    }
}

/// The score of the attacking move `m` from its look-ahead `after` (own
/// liberties read up to 4), `None` when a ladder-only node leaves the
/// target with more than one liberty; `lib_set` holds the target's
/// liberties.
#[inline(always)]
fn attack_score(after: &Preview, ladder_only: bool, lib_set: &Liberties, m: Point) -> Option<i16> {
    let (tlibs, own, captured) = (after.watch_libs, after.own_libs, after.captured);
    if ladder_only && tlibs > 1 && !after.watch_gone {
        return None;
    }
    let mut score = if after.watch_gone {
        1000
    } else {
        100 * (5 - tlibs.min(5) as i32)
    };
    score += 10 * own.min(4) as i32 + 5 * captured.min(4) as i32;
    if own == 1 && captured == 0 && !lib_set.contains(m) {
        // Self-atari away from the target rarely helps.
        score -= 300;
    }
    if after.retake {
        score -= 50;
    }
    Some(score.clamp(-30_000, 30_000) as i16)
}

/// The backfilling move before `color` fills the liberty `m` of a string
/// (whose liberties are `target_libs`), `after` being the move's
/// look-ahead: when the move would join `color`'s stones into a string
/// with one liberty and capture nothing, that liberty (if it is not the
/// string's; the reply would take it), else `None`.
fn backfill<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    m: Point,
    after: &Preview,
    target_libs: &Liberties,
) -> Option<Point> {
    if after.own_libs != 1 || after.own_size < 2 || after.captured > 0 || after.retake {
        return None;
    }
    trial_play(board, color, m)?;
    let mut last = [m; 1];
    let found = board.liberties(m, &mut last) == 1;
    let _ = board.undo();
    let b = last[0];
    (found && b != m && !target_libs.contains(b)).then_some(b)
}

/// The area cache's sets of limits when only `limits` has been used.
const fn first_limit_set(limits: ReadingLimits) -> [Option<ReadingLimits>; LIMIT_SETS] {
    let mut sets = [None; LIMIT_SETS];
    if let Some(first) = sets.first_mut() {
        *first = Some(limits);
    }
    sets
}

/// The score of `m` among `known`, candidates scored earlier at the same
/// node in the same position (a node's first round, read again by its
/// second): a move's look-ahead, and so its score, depends on nothing
/// else. `known` lists its moves first; its unused slots hold
/// [`Point::FILLER`], never a move, where the look ends.
#[cfg_attr(not(target_os = "none"), inline)]
fn known_score(known: Option<&Candidates>, m: Point) -> Option<i16> {
    for &(score, p) in known? {
        if p == m {
            return Some(score);
        }
        if p == Point::FILLER {
            break;
        }
    }
    None
}

/// Scores the first `len` moves of `out` in place, each with its score in
/// `known` (see [`known_score`]) or else with `score`, dropping those
/// `score` finds unplayable; sorts them best first and marks the slots
/// they leave unused with [`Point::FILLER`]. Answers how many are left.
#[inline(always)]
fn score_moves(
    out: &mut Candidates,
    len: usize,
    known: Option<&Candidates>,
    mut score: impl FnMut(Point) -> Option<i16>,
) -> usize {
    let mut count = 0;
    for i in 0..len {
        let Some(&(_, m)) = out.get(i) else {
            break;
        };
        if let Some(s) = known_score(known, m).or_else(|| score(m))
            && let Some(slot) = out.get_mut(count)
        {
            *slot = (s, m);
            count += 1;
        }
    }
    // Most moves are playable: the loop is skipped, not entered empty.
    if count < len {
        for slot in out.get_mut(count..len).unwrap_or(&mut []) {
            *slot = (0, Point::FILLER);
        }
    }
    sort_candidates(out.get_mut(..count).unwrap_or(&mut []));
    count
}

/// Insertion sort by descending score, stable (keeps generation order on ties).
fn sort_candidates(list: &mut [(i16, Point)]) {
    for i in 1..list.len() {
        let mut j = i;
        while j > 0 && list.get(j - 1).map(|e| e.0) < list.get(j).map(|e| e.0) {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The attacker strings next to `target` (and, up to
/// [`DEFENSE_SUPERSTRING_DEPTH`], next to friendly strings with at most
/// three liberties that `target` could connect to through one of its
/// liberties `lib_set`) whose capture may save it, written to `chain`,
/// those next to `target` first; answers how many are next to `target`
/// and how many in all. Out of line, so its scratch space is freed before
/// the defence reads on.
#[inline(never)]
fn chain_targets<const C: usize, const M: usize>(
    board: &Board<C, M>,
    target: Point,
    color: Color,
    depth: usize,
    lib_set: &Liberties,
    chain: &mut [Point; 16],
) -> (usize, usize) {
    let n_adj = board.adjacent_strings(target, chain);
    let mut n_chain = n_adj;
    if depth <= DEFENSE_SUPERSTRING_DEPTH {
        // The friendly strings whose neighbours are all in `chain`: each
        // is read once, however many liberties it touches.
        let mut done = Strings::new();
        let own = Cell::stone(color);
        let target_head = board.string_id(target);
        for &l in lib_set.as_slice() {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            let [a, b, c, d] = l.neighbors();
            let mut near = |q: Point| {
                if board.cell(q) == own {
                    let head = board.string_id(q);
                    if head != target_head
                        && board.head_liberty_count(head) <= 3
                        && !done.contains(head)
                    {
                        chain_friend(board, q, head, &mut done, chain, &mut n_chain);
                    }
                }
            };
            near(a);
            near(b);
            near(c);
            near(d);
        }
    }
    (n_adj, n_chain)
}

/// For [`chain_targets`]: adds to `chain` (`n_chain` long) the strings
/// next to the friendly string at the stone `q` (head `head`) not in it
/// yet, and remembers the string in `done` when its list of neighbours
/// is complete (a full list may have left some out: read again from
/// another stone, they may come in).
#[inline(never)]
fn chain_friend<const C: usize, const M: usize>(
    board: &Board<C, M>,
    q: Point,
    head: Point,
    done: &mut Strings,
    chain: &mut [Point; 16],
    n_chain: &mut usize,
) {
    let mut around = [Point::FILLER; 8];
    let k = board.adjacent_strings(q, &mut around);
    if k < around.len() {
        done.remember(head);
    }
    for &a in around.get(..k).unwrap_or(&[]) {
        let a = board.string_id(a);
        if !chain.get(..*n_chain).unwrap_or(&[]).contains(&a) {
            push_point(chain, n_chain, a);
        }
    }
}

/// Whether `attacker` would commit suicide on every liberty of `target`.
/// Out of line, like [`chain_targets`].
#[inline(never)]
fn every_liberty_is_suicide<const C: usize, const M: usize>(
    board: &Board<C, M>,
    target: Point,
    attacker: Color,
) -> bool {
    board.stones(target).all(|s| {
        s.neighbors()
            .iter()
            .all(|&l| board.cell(l) != Cell::Empty || board.is_suicide(attacker, l))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(diagram: &str, target: &str) -> (ReadResult, ReadResult) {
        let mut board: Board = Board::from_diagram(diagram).unwrap();
        let size = board.size();
        let t = Point::from_vertex(target, size).unwrap();
        let before = board.clone();
        let mut reader: Reader = Reader::new();
        let a = reader.attack(&mut board, t);
        let d = reader.find_defense(&mut board, t);
        assert_eq!(board, before);
        (a, d)
    }

    fn at(v: &str, size: usize) -> Option<Point> {
        Point::from_vertex(v, size).ok()
    }

    /// A read is answered from the area cache while the points around its
    /// moves stay as they were, and read again once a stone lands there.
    #[test]
    fn area_cache_answers_until_the_area_changes() {
        // The corner of a 19×19 board: white A2 with two liberties.
        let mut board: Board = Board::new(19).unwrap();
        for (v, c) in [
            ("A3", Color::Black),
            ("C2", Color::Black),
            ("B1", Color::Black),
            ("A2", Color::White),
        ] {
            board.set_stone(at(v, 19).unwrap(), Some(c)).unwrap();
        }
        let d3 = Point::from_vertex("A2", 19).unwrap();
        let mut reader: Reader = Reader::new();
        let first = reader.attack(&mut board, d3);
        assert_eq!(first.code, Code::Win);
        let Some(m) = first.point else {
            panic!("no attack point");
        };
        let read = reader.nodes();
        assert!(read > 0);
        // A stone far away: the same answer, no node read.
        board
            .play(Color::Black, Move::Play(at("T19", 19).unwrap()))
            .unwrap();
        assert_eq!(reader.attack(&mut board, d3), first);
        assert_eq!(reader.nodes(), read);
        // White takes the point the attack played: read again.
        board.play(Color::White, Move::Play(m)).unwrap();
        let again = reader.attack(&mut board, d3);
        assert!(reader.nodes() > read);
        // The cache lives across limit changes and back.
        let before = reader.nodes();
        reader.set_limits(ReadingLimits {
            depth: 6,
            ..ReadingLimits::DEFAULT
        });
        reader.set_limits(ReadingLimits::DEFAULT);
        assert_eq!(reader.attack(&mut board, d3), again);
        assert_eq!(reader.nodes(), before);
    }

    /// A read that starts deeper meets the depth limits sooner, and the
    /// area cache keeps the answers of each start depth apart.
    #[test]
    fn a_read_started_deeper_narrows_sooner() {
        // The net at E4 captures D4 (see the ladder test below): read
        // to depth 7 from the root, not from three plies down, as its
        // moves are no ataris.
        let mut board: Board = Board::from_diagram(
            "
            .........
            .......O.
            .........
            .........
            ...X.....
            ..XO.....
            ....X....
            .O.......
            .........",
        )
        .unwrap();
        let d4 = at("D4", 9).unwrap();
        let mut reader: Reader = Reader::new();
        reader.set_limits(ReadingLimits {
            depth: 7,
            ..ReadingLimits::DEFAULT
        });
        let net = (Code::Win, at("E4", 9));
        let shallow = reader.attack(&mut board, d4);
        assert_eq!((shallow.code, shallow.point), net);
        reader.set_start_depth(u8::MAX);
        assert_eq!(reader.start_depth(), MAX_START_DEPTH);
        let deep = reader.attack(&mut board, d4);
        assert_eq!((deep.code, deep.point), (Code::Fail, None));
        reader.set_start_depth(0);
        let nodes = reader.nodes();
        assert_eq!(reader.attack(&mut board, d4), shallow);
        assert_eq!(reader.nodes(), nodes, "answered from the area cache");
    }

    #[test]
    fn defense_keys_order_moves_and_keep_what_attack_hopeless_needs() {
        // Keys order by score, then by when the move was made, whatever
        // the liberties kept below them.
        let mut keys = std::vec::Vec::new();
        for score in -55..=76 {
            for i in 0..MAX_CANDIDATES {
                let libs = (score + i as i16).rem_euclid(8) as usize;
                let exact = defense_key(score, false, i, libs);
                let bound = defense_key(score, true, i, 0);
                assert_eq!(exact >> 8, score);
                assert_eq!(31 - ((exact >> 3) & 31) as usize, i);
                assert_eq!(key_liberties(bound), 0);
                keys.push(((score, -(i as i16)), exact, libs));
            }
        }
        keys.sort();
        assert!(keys.windows(2).all(|w| w[0].1 < w[1].1));
        // The liberties a key keeps make the same call of
        // `attack_hopeless` as the move's own, at every depth.
        let mut reader: Reader<4, 4> = Reader::new();
        for (fourlib_depth, depth) in [(3, 6), (7, 16), (0, 0)] {
            reader.set_limits(ReadingLimits {
                fourlib_depth,
                depth,
                ..ReadingLimits::DEFAULT
            });
            for &(_, key, libs) in &keys {
                for d in 0..20 {
                    assert_eq!(
                        reader.attack_hopeless(key_liberties(key), d),
                        reader.attack_hopeless(libs.min(6), d),
                        "libs {libs} depth {d}"
                    );
                }
            }
        }
    }

    #[test]
    fn ladder_works_and_breaker_breaks_it() {
        let ladder = "
            .........
            .........
            .........
            .........
            ...X.....
            ..XO.....
            ....X....
            .........
            .........";
        let (a, d) = read(ladder, "D4");
        assert_eq!(a.code, Code::Win);
        assert_eq!(d.code, Code::Win);
        // White stones on both ladder paths break it.
        let broken = "
            .........
            .......O.
            .........
            .........
            ...X.....
            ..XO.....
            ....X....
            .O.......
            .........";
        // ...but not the net at E4 (GNU Go 3.8 agrees: `1 E4`).
        let (a, _) = read(broken, "D4");
        assert_eq!((a.code, a.point), (Code::Win, at("E4", 9)));
    }

    #[test]
    fn stone_in_atari_can_be_captured_but_not_saved() {
        let diagram = "
            .........
            .........
            .........
            .........
            ...XX....
            ..XO.....
            ...X.....
            .........
            .........";
        let (a, d) = read(diagram, "D4");
        assert_eq!((a.code, a.point), (Code::Win, at("E4", 9)));
        assert_eq!(d.code, Code::Fail);
    }

    #[test]
    fn snapback() {
        let diagram = "
            .......
            .......
            .......
            XXXX...
            OOOX...
            X.OX...
            .XOX...";
        let (a, _) = read(diagram, "C1");
        assert_eq!(a.code, Code::Win);
        assert_eq!(a.point, at("B2", 7));
    }

    #[test]
    fn ko_capture_is_code_2_and_connecting_defends() {
        let diagram = "
            .....
            .XO..
            XO.O.
            .XO..
            .....";
        let (a, d) = read(diagram, "B3");
        assert_eq!((a.code, a.point), (Code::KoA, at("C3", 5)));
        assert_eq!((d.code, d.point), (Code::Win, at("C3", 5)));
    }

    #[test]
    fn approach_move_opens_a_liberty_the_defender_cannot_fill() {
        // White's B5 string (liberties A3, A1, E6) races Black's C1 string
        // (D3, D1), but White cannot fill D1 while Black's E1 keeps F1: F1
        // ataris E1, so that White takes it at D1 next, a ko. (GNU Go 3.8
        // answers the same.)
        let diagram = "
            ...XXX.
            XXXX.X.
            XOOOOX.
            XOXXXO.
            .OX.XOO
            OOXXOO.
            .OX.X.O";
        let (_, d) = read(diagram, "B5");
        assert_eq!((d.code, d.point), (Code::KoA, at("F1", 7)));
    }

    #[test]
    fn node_limit_is_reported_and_board_restored() {
        let mut board: Board = Board::from_diagram(
            "
            .........
            .........
            .........
            .........
            ...X.....
            ..XO.....
            ....X....
            .........
            .........",
        )
        .unwrap();
        let before = board.clone();
        let mut reader: Reader = Reader::new();
        reader.set_limits(ReadingLimits {
            node_limit: 1,
            ..ReadingLimits::default()
        });
        let t = Point::from_vertex("D4", 9).unwrap();
        let r = reader.attack(&mut board, t);
        assert!(r.limit_hit, "{r:?} nodes {}", reader.nodes());
        assert_eq!(r.code, Code::Fail);
        assert_eq!(board, before);
        assert_eq!(board.hash(), before.hash());
        assert_eq!(reader.limit_hits(), 1);
        // Under the default limits the read ends: nothing more is counted.
        reader.set_limits(ReadingLimits::default());
        assert!(!reader.attack(&mut board, t).limit_hit);
        assert_eq!(reader.limit_hits(), 1);
    }

    #[test]
    fn two_liberties_the_attacker_cannot_fill_are_safe() {
        // The white string at the top (K18) keeps J19 and L19, which black
        // can never fill. After black saves its N19 stone with O19, white
        // has no useful move, and needs none: a tenuki is a defence.
        // (GNU Go's marginal.sgf; GNU Go 3.8 agrees the string is safe.)
        let diagram = "
            .......O.OX.X.X.X.X
            ....XXXOOOOOOX.XOXO
            ....XOOXXXXXXXXXOOO
            .XXXXO.OOO.OOOXX...
            OOX.O.OXXXXXXXXXXXX
            .OXOXO.............
            OOXOXO...X.XXXOO.O.
            XOXOX.OOOOXO..X.OO.
            .OXOX...OX.O.XOXOXX
            XOXXXX.XXOO...OXOX.
            XXOOOOXOX..O..OXOXX
            .XO.OX.O...O.OOOOXO
            ..XOOOOO...XOXXXOX.
            ..XOXXO....X.OOXOXO
            .XXOXX.O....XXXXXOO
            X.XOOOXO........XO.
            .XXXXX.X.OOOOOOOO..
            OOOOOOX..OXXXXXXO..
            .O.X.X....X.XO.O...";
        let (a, _) = read(diagram, "K18");
        assert_eq!(a.code, Code::Fail);
    }

    #[test]
    fn safe_string_cannot_be_attacked() {
        let diagram = "
            .....
            .....
            ..O..
            .....
            .....";
        let (a, d) = read(diagram, "C3");
        assert_eq!(a.code, Code::Fail);
        assert_eq!(a.point, None);
        assert_eq!(d.code, Code::Win);
    }
}
