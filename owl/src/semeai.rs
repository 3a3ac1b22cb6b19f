//! Semeai: capturing races between two adjacent weak dragons.
//!
//! Owns [`Semeai`] (GNU Go's `analyze_semeai`): a search over both
//! dragons at once in which every move of a side serves both to keep its
//! own dragon alive and to kill the other's, its limits
//! ([`SemeaiLimits`]) and the race count that judges a race no longer
//! worth reading ([`race`]).
//!
//! At each node both dragons are valued much as owl values a goal (eye
//! spaces from owlet-optics, weak strings, lunches, room to run), except
//! that neither dragon's stones count as dead and an eye space touching
//! the other dragon is a pool of shared liberties, not an eye. A dragon
//! with two sure eyes is alive; when the other cannot make two eyes, run
//! or eat its way out, the race is over. When neither can, liberties are
//! counted: each side's own (outside liberties, one the filler can fill
//! only into atari at the approach moves it plays out first plus the
//! fill, an eye space worth an eye at its big-eye value 1, 2, 3, 5, 8, 12
//! for 1..6 points) and the shared ones, and [`race`] plays the
//! count out exactly, which recognises seki (shared liberties neither side
//! can fill without putting itself in atari).
//!
//! Capturing the other dragon wins only if the capturer then lives (two
//! sure eyes with the other side to move, room to run, or at least
//! [`BIG_CAPTURE`] stones taken); otherwise the capture is declined, so a
//! dragon shut in by strong stones cannot win by eating a small group
//! inside it. The count only guesses that (room for an eye of its own,
//! the capture making the other, or a capture that leaves a space of a
//! shape that makes two eyes), so it ends the reading only where the
//! guess does not change its answer, not while a string of either
//! dragon is in atari (its capture changes the count), and not where
//! counting an eyeless dragon at the liberties of its weakest string of
//! three or more would change it (the other side may take that string
//! alone; the reader judges strings of fewer).
//!
//! Otherwise the side to move tries its candidates: captures of the
//! other dragon's strings, rescues of its own, lunches, eye vital points
//! of both dragons, the other dragon's liberties (easy ones first), shared
//! liberties, approach moves (room for the mover's strings next to a
//! liberty it can fill only into atari), a liberty in its own eye space
//! of a string of its with one or two, and a pass; a self-atari is
//! not tried except as a throw-in at the other's eye (at the root only
//! after the pass) or, after the pass and while [`SACRIFICE_NODES`]
//! are left, as a sacrifice of two to [`SACRIFICE_MAX`] stones whose
//! capture leaves a space that makes no two eyes (a nakade grown inside
//! the capturer). A search that hits a limit takes the race count as the
//! value of the node and says so; a node below the root that runs out of
//! nodes after reading a move tries no further moves (only its pass), so
//! a count that was never read does not refute what was.
//!
//! Kos: a ko capture the rule forbids is tried after the side's other
//! moves and its pass, as if a ko threat had been made and answered,
//! while the depth is below [`SemeaiLimits::ko_depth`] and once a side in
//! a line (that bounds ko fights and the nodes they cost). What follows
//! it counts only if the retaker wins the ko; if it does not, it gets
//! what its pass got. A node's value is therefore an outcome, or two
//! outcomes hanging on a ko and who takes it first, ranked by A's life
//! first and B's death second (the order of the answer pair), each
//! unconditional over a ko A takes first over one B takes first.
//!
//! The answer is the pair GNU Go prints (dragon A's owner moving first):
//! can A live, can B be killed, each `1` (unconditionally), `2` (with a
//! ko A takes first), `3` (with a ko B takes first: A needs the first
//! threat) or `0`, and the move (a pass when a seki holds without one).
//!
//! Omits: ko threats themselves (a retake assumes one), a ko inside the
//! race count, GNU Go's semeai patterns, owl reading of a capturer's life
//! (its static eyes stand in), escape moves, and a transposition cache.
//! Every call leaves the board as it found it.

use owlet_board::{Board, Code, Color, Move, PlayError, Point, PointSet, Reader, ReadingLimits};
use owlet_optics::Solver;

use crate::dragon::dragon_stones;
use owlet_optics::EyeValue;
use owlet_optics::eyes::{compute_eyes, dead_stones_near, domains, eye_space};

use crate::life::{
    ESCAPE_AREA, EYE_MEMO_ENTRIES, EYE_READ_VERTICES, EyeMemo, Points, READ_LIBERTIES,
    REGION_RADIUS, begin_search, dilate, end_search, escape_room, eye_key, goal_stones,
};

/// The deepest a semeai search may go, whatever the limits say.
pub const MAX_SEMEAI_DEPTH: usize = 24;

/// Stones (and eye points) a dragon may have and still fill into atari.
const SAFE_FILL_MAX: usize = 4;

/// The most stones a sacrifice that grows a nakade may have.
pub const SACRIFICE_MAX: usize = 5;

/// Nodes a call must have left to read a sacrifice (the capture and what
/// follows; cut short, the count misjudges it).
pub const SACRIFICE_NODES: u32 = 40;

/// Approach moves `own_liberties` plays out before a fill.
pub const APPROACH_MAX: u8 = 3;

/// Candidates kept per node.
pub const MAX_SEMEAI_MOVES: usize = 12;

/// Liberties counted per side in a race (more change nothing).
pub const MAX_RACE_LIBERTIES: u8 = 12;

/// The deepest the race count recurses (it needs at most two plies per
/// liberty, plus the final passes).
pub const MAX_RACE_DEPTH: usize = 4 * MAX_RACE_LIBERTIES as usize + 4;

/// Captured stones that surely leave room for two eyes.
pub const BIG_CAPTURE: usize = 7;

/// Liberties an eye space of 7 or more points is worth.
const EYE_LIBERTIES_MAX: u8 = 17;

/// Liberties a big eye of 1..=6 points is worth in a race (the moves the
/// opponent needs to fill it while it is reduced to one eye).
const EYE_LIBERTIES: [u8; 7] = [0, 1, 2, 3, 5, 8, 12];

/// Limits of a semeai search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SemeaiLimits {
    /// Moves deep, at most [`MAX_SEMEAI_DEPTH`].
    pub depth: u8,
    /// Beyond this depth [`SemeaiLimits::narrow_moves`] moves per node.
    pub branch_depth: u8,
    /// Moves tried per node below the branch depth.
    pub moves_per_node: u8,
    /// Moves tried per node beyond the branch depth.
    pub narrow_moves: u8,
    /// Moves tried at the root.
    pub root_moves: u8,
    /// Below this depth a ko capture the rule forbids may be retaken as
    /// if a threat had been answered (once a side in a line).
    pub ko_depth: u8,
    /// Semeai nodes per root move (the root's pass and ko retake
    /// included): each gets its own budget, so the first does not starve
    /// the others.
    pub node_limit: u32,
    /// The eye-graph solver's node budget per eye space.
    pub eye_budget: u32,
    /// The tactical reader's limits during the search.
    pub reading: ReadingLimits,
}

impl SemeaiLimits {
    /// The default limits.
    pub const DEFAULT: SemeaiLimits = SemeaiLimits {
        depth: 14,
        branch_depth: 4,
        moves_per_node: 4,
        narrow_moves: 2,
        root_moves: 5,
        ko_depth: 5,
        node_limit: 250,
        eye_budget: 20_000,
        reading: ReadingLimits {
            depth: 10,
            branch_depth: 8,
            fourlib_depth: 4,
            ko_depth: 5,
            break_chain_depth: 4,
            extend_depth: 10,
            backfill_depth: 0,
            pre_read_width: 0,
            pre_read_step: 3,
            node_limit: 400,
        },
    };
}

impl Default for SemeaiLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The answer of [`Semeai::analyze`], dragon A's owner moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SemeaiResult {
    /// Can dragon A live (GNU Go's first number; [`Code::KoA`] with a ko
    /// A takes first, [`Code::KoB`] with one B takes first).
    pub defense: Code,
    /// Can dragon B be killed (the second, in the same codes).
    pub attack: Code,
    /// A's move; `None` is a pass (GTP `PASS`), also when A loses.
    pub point: Option<Point>,
    /// Whether a limit (nodes or depth) cut the search.
    pub limit_hit: bool,
    /// Semeai nodes the call visited.
    pub nodes: u32,
}

/// Why [`Semeai::analyze`] refused its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum SemeaiError {
    /// A vertex is empty or off the board.
    Empty,
    /// Both dragons have the same colour.
    SameColor,
}

/// Race outcome from A's side: B wins, both live (seki or two lives), A wins.
type Outcome = u8;
const B_WINS: Outcome = 0;
const BOTH_LIVE: Outcome = 1;
const A_WINS: Outcome = 2;

/// A node's value from A's side: an outcome, or two outcomes hanging on a
/// ko (`hi` if A wins it, `lo` if B does) and who takes it first. Ranked
/// by A's preference: A's life first (unconditional over a ko A takes
/// first over one B takes first), then B's death in the same order, the
/// order of the answer pair. The search treats the rank as zero-sum; a
/// retake's value is not monotone in its child's, so a retake is read
/// with the full window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Value(u8);

/// `(hi, lo, a_first)` of each rank, worst for A first.
const VALUES: [(Outcome, Outcome, bool); 9] = [
    (B_WINS, B_WINS, false),
    (BOTH_LIVE, B_WINS, false),
    (A_WINS, B_WINS, false),
    (BOTH_LIVE, B_WINS, true),
    (A_WINS, B_WINS, true),
    (BOTH_LIVE, BOTH_LIVE, false),
    (A_WINS, BOTH_LIVE, false),
    (A_WINS, BOTH_LIVE, true),
    (A_WINS, A_WINS, false),
];

impl Value {
    const LOSS: Value = Value(0);
    const WIN: Value = Value(8);

    /// An outcome that hangs on no ko.
    fn sure(o: Outcome) -> Value {
        match o {
            B_WINS => Value(0),
            BOTH_LIVE => Value(5),
            _ => Value(8),
        }
    }

    /// `hi` if A wins a ko, `lo` if B does; `a_first` when A takes it
    /// first (B needs the first threat).
    fn ko(hi: Outcome, lo: Outcome, a_first: bool) -> Value {
        if hi <= lo {
            return Value::sure(lo);
        }
        let mut rank = 0u8;
        for (i, &(h, l, f)) in VALUES.iter().enumerate() {
            if (h, l, f) == (hi, lo, a_first) {
                rank = i as u8;
            }
        }
        Value(rank)
    }

    /// The value as a word for the trace: `A` or `B` (that dragon's
    /// owner wins), `seki`, or `ko`.
    #[cfg(feature = "trace")]
    fn word(self) -> &'static str {
        match self.parts() {
            (B_WINS, B_WINS, _) => "B",
            (A_WINS, A_WINS, _) => "A",
            (BOTH_LIVE, BOTH_LIVE, _) => "seki",
            _ => "ko",
        }
    }

    fn parts(self) -> (Outcome, Outcome, bool) {
        VALUES
            .get(usize::from(self.0))
            .copied()
            .unwrap_or((B_WINS, B_WINS, false))
    }

    /// The outcome if A wins every ko.
    fn hi(self) -> Outcome {
        self.parts().0
    }

    /// The outcome if B wins every ko.
    fn lo(self) -> Outcome {
        self.parts().1
    }

    /// GNU Go's code for "A reaches at least `goal`".
    fn code(self, goal: Outcome) -> Code {
        let (hi, lo, a_first) = self.parts();
        if lo >= goal {
            Code::Win
        } else if hi < goal {
            Code::Fail
        } else if a_first {
            Code::KoA
        } else {
            Code::KoB
        }
    }

    /// The value of a ko retake the rule forbade, played by `turn` as if
    /// a threat had been answered: `child` if the retaker wins the ko,
    /// `without` (its other outcome: what standing still gives) if not.
    fn retaken(turn: Turn, child: Value, without: Value) -> Value {
        match turn {
            Turn::A => Value::ko(child.hi(), without.lo(), false),
            Turn::B => Value::ko(without.hi(), child.lo(), true),
        }
    }
}

/// Which dragon's owner moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turn {
    A,
    B,
}

impl Turn {
    fn other(self) -> Turn {
        match self {
            Turn::A => Turn::B,
            Turn::B => Turn::A,
        }
    }

    /// The outcome of this side capturing the other.
    fn win(self) -> Outcome {
        match self {
            Turn::A => A_WINS,
            Turn::B => B_WINS,
        }
    }
}

/// A race reduced to counts, as [`race`] plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct RaceCount {
    /// A's own liberties (outside, approach moves and eye).
    pub a: u8,
    /// B's own liberties.
    pub b: u8,
    /// Liberties both dragons have.
    pub shared: u8,
    /// Whether A has an eye.
    pub a_eye: bool,
    /// Whether B has an eye.
    pub b_eye: bool,
    /// Whether capturing B gives A life (else A never captures).
    pub a_lives_by_capture: bool,
    /// Whether capturing A gives B life.
    pub b_lives_by_capture: bool,
    /// Whether A may fill a shared liberty into atari (B taking the
    /// stones would not live).
    pub a_safe_fill: bool,
    /// Whether B may.
    pub b_safe_fill: bool,
}

/// Plays a counted race out exactly, `a_first` telling who moves: `2` A
/// captures B, `1` neither can (seki), `0` B captures A.
///
/// A side may fill one of the other's own liberties, except the last
/// point of an eye, which only a capture may fill; fill a shared liberty
/// unless that puts it in atari; or pass. Two passes end in seki. A side
/// whose capture would not give it life captures only when in atari.
/// The game is solved exactly with a memo of every state (liberties
/// capped at [`MAX_RACE_LIBERTIES`]; 2,197 bytes on the stack).
///
/// ```
/// use owlet_owl::semeai::{RaceCount, race};
/// // No eyes, two shared liberties and no others: seki.
/// let seki = RaceCount { a: 0, b: 0, shared: 2, a_eye: false, b_eye: false,
///     a_lives_by_capture: true, b_lives_by_capture: true,
///     a_safe_fill: false, b_safe_fill: false };
/// assert_eq!(race(seki, true), 1);
/// // An eye against none: the shared liberties are the eye's.
/// let eye = RaceCount { a: 1, b: 0, shared: 2, a_eye: true, b_eye: false,
///     a_lives_by_capture: true, b_lives_by_capture: true,
///     a_safe_fill: false, b_safe_fill: false };
/// assert_eq!(race(eye, false), 2);
/// ```
#[must_use]
pub fn race(count: RaceCount, a_first: bool) -> u8 {
    play_race(capped(count), a_first)
}

/// `count` with its liberties capped at [`MAX_RACE_LIBERTIES`], as
/// [`race`] plays it out: beyond the cap they matter only as a
/// difference.
fn capped(count: RaceCount) -> RaceCount {
    let excess = count.a.min(count.b).saturating_sub(MAX_RACE_LIBERTIES / 2);
    RaceCount {
        a: (count.a - excess).min(MAX_RACE_LIBERTIES),
        b: (count.b - excess).min(MAX_RACE_LIBERTIES),
        shared: count.shared.min(MAX_RACE_LIBERTIES),
        ..count
    }
}

/// [`race`] of a count [`capped`] already.
fn play_race(c: RaceCount, a_first: bool) -> u8 {
    let mut memo = RaceMemo {
        bits: [0; RACE_MEMO_BYTES],
    };
    race_node(&mut memo, c, if a_first { Turn::A } else { Turn::B }, 0, 0)
}

/// Races a search played out, by their capped count and who moves
/// first: a race depends on nothing else, and a search meets the same
/// count at many nodes. Each entry holds a race's key (see
/// [`Races::key`]) and, in its low two bits, its outcome; 0 is empty.
struct Races {
    entries: [u32; RACES],
}

/// Entries of [`Races`].
const RACES: usize = 8;

// A race key's liberties take four bits each.
const _: () = assert!(MAX_RACE_LIBERTIES < 16);

impl Races {
    const fn new() -> Races {
        Races {
            entries: [0; RACES],
        }
    }

    /// [`race`]: a kept race's outcome, or the race played out and kept.
    fn race(&mut self, count: RaceCount, a_first: bool) -> u8 {
        let c = capped(count);
        let key = Races::key(c, a_first);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> 16) as usize % RACES;
        if let Some(&entry) = self.entries.get(slot)
            && entry >> 2 == key
        {
            return (entry & 3) as u8;
        }
        let found = play_race(c, a_first);
        if let Some(entry) = self.entries.get_mut(slot) {
            *entry = key << 2 | u32::from(found & 3);
        }
        found
    }

    /// A capped count and who moves first in 20 bits, the lowest set
    /// (so that no key is 0): the liberties take four bits each.
    fn key(c: RaceCount, a_first: bool) -> u32 {
        let flags = [
            c.a_eye,
            c.b_eye,
            c.a_lives_by_capture,
            c.b_lives_by_capture,
            c.a_safe_fill,
            c.b_safe_fill,
            a_first,
        ]
        .iter()
        .enumerate()
        .fold(0, |k, (i, &f)| k | u32::from(f) << i);
        1 | u32::from(c.a) << 1 | u32::from(c.b) << 5 | u32::from(c.shared) << 9 | flags << 13
    }
}

/// Race states: liberties 0..=MAX each for A, B and shared, the mover,
/// and whether the last move was a pass.
const RACE_STATES: usize = {
    let n = MAX_RACE_LIBERTIES as usize + 1;
    n * n * n * 4
};

/// Two bits a state.
const RACE_MEMO_BYTES: usize = RACE_STATES.div_ceil(4);

/// Values of race states already played out (`0` unknown, else value + 1).
struct RaceMemo {
    bits: [u8; RACE_MEMO_BYTES],
}

impl RaceMemo {
    fn slot(c: RaceCount, turn: Turn, passes: u8) -> usize {
        let n = MAX_RACE_LIBERTIES as usize + 1;
        let libs = (usize::from(c.a) * n + usize::from(c.b)) * n + usize::from(c.shared);
        libs * 4 + usize::from(turn == Turn::B) * 2 + usize::from(passes > 0)
    }

    fn get(&self, slot: usize) -> Option<Outcome> {
        let byte = self.bits.get(slot / 4)?;
        let v = (byte >> ((slot % 4) * 2)) & 3;
        v.checked_sub(1)
    }

    fn put(&mut self, slot: usize, v: Outcome) {
        if let Some(byte) = self.bits.get_mut(slot / 4) {
            let shift = (slot % 4) * 2;
            *byte = (*byte & !(3 << shift)) | ((v + 1) & 3) << shift;
        }
    }
}

fn race_node(memo: &mut RaceMemo, c: RaceCount, turn: Turn, passes: u8, depth: usize) -> Outcome {
    if passes >= 2 || depth >= MAX_RACE_DEPTH {
        return BOTH_LIVE;
    }
    let slot = RaceMemo::slot(c, turn, passes);
    if let Some(v) = memo.get(slot) {
        return v;
    }
    // Provisional value: a cycle through passes is a seki.
    memo.put(slot, BOTH_LIVE);
    let v = race_moves(memo, c, turn, passes, depth);
    memo.put(slot, v);
    v
}

fn race_moves(memo: &mut RaceMemo, c: RaceCount, turn: Turn, passes: u8, depth: usize) -> Outcome {
    // The mover's view: own, other's own, and whether the other has an eye.
    let (mine, theirs, their_eye) = match turn {
        Turn::A => (c.a, c.b, c.b_eye),
        Turn::B => (c.b, c.a, c.a_eye),
    };
    let my_libs = u16::from(mine) + u16::from(c.shared);
    let (may_capture, safe_fill) = match turn {
        Turn::A => (c.a_lives_by_capture, c.a_safe_fill),
        Turn::B => (c.b_lives_by_capture, c.b_safe_fill),
    };
    let their_libs = u16::from(theirs) + u16::from(c.shared);
    if their_libs <= 1 && may_capture {
        return turn.win();
    }
    let next = turn.other();
    let mut best: Option<Outcome> = None;
    let mut consider = |v: Outcome| {
        best = Some(best.map_or(v, |b| better(turn, b, v)));
        v == turn.win()
    };
    // Fill one of their own liberties (not an eye's last point).
    if their_libs > 1 && (theirs > 1 || (theirs == 1 && !their_eye)) {
        let mut n = c;
        match turn {
            Turn::A => n.b -= 1,
            Turn::B => n.a -= 1,
        }
        if consider(race_node(memo, n, next, 0, depth + 1)) {
            return turn.win();
        }
    }
    // Fill a shared liberty; into atari it is a losing move in a race.
    if c.shared > 0 && (my_libs > 2 || safe_fill) && their_libs > 1 {
        let mut n = c;
        n.shared -= 1;
        if consider(race_node(memo, n, next, 0, depth + 1)) {
            return turn.win();
        }
    }
    consider(race_node(memo, c, next, passes + 1, depth + 1));
    best.unwrap_or(BOTH_LIVE)
}

/// The better of two values for the side `turn`.
fn better<T: Ord>(turn: Turn, x: T, y: T) -> T {
    match turn {
        Turn::A => x.max(y),
        Turn::B => x.min(y),
    }
}

/// What a node's static look finds.
struct Assessment {
    /// The value when the node needs no reading.
    verdict: Option<Value>,
    /// The race count's value, the estimate where reading stops.
    estimate: Value,
    /// The mover's candidates, best first.
    moves: Candidates,
    /// Points of the other dragon's eye spaces, where self-atari is a
    /// throw-in.
    throw_ins: PointSet,
}

/// A short scored list of moves.
#[derive(Clone, Copy)]
struct Candidates {
    items: [(u16, i16); MAX_SEMEAI_MOVES],
    len: usize,
}

impl Candidates {
    const fn new() -> Self {
        Candidates {
            items: [(0, 0); MAX_SEMEAI_MOVES],
            len: 0,
        }
    }

    /// Adds a reason for `p`: the best score counts, more reasons add a
    /// little; when full, a better move replaces the worst.
    fn add(&mut self, p: Point, score: i16) {
        let idx = p.index() as u16;
        let (used, _) = self.items.split_at_mut(self.len.min(MAX_SEMEAI_MOVES));
        if let Some(item) = used.iter_mut().find(|i| i.0 == idx) {
            item.1 = item.1.max(score) + 3;
            return;
        }
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = (idx, score);
            self.len += 1;
            return;
        }
        if let Some(worst) = self.items.iter_mut().min_by_key(|i| i.1)
            && worst.1 < score
        {
            *worst = (idx, score);
        }
    }

    fn sort(&mut self) {
        let used = self.items.get_mut(..self.len).unwrap_or_default();
        used.sort_unstable_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
    }

    fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.items
            .iter()
            .take(self.len)
            .filter_map(|&(i, _)| Point::from_index(usize::from(i)))
    }
}

/// Scores of the move reasons; higher is tried first.
mod score {
    pub const CAPTURE: i16 = 300;
    pub const RESCUE: i16 = 250;
    pub const LUNCH_IN_RACE: i16 = 220;
    pub const SAVE_WEAK: i16 = 160;
    pub const LUNCH: i16 = 150;
    pub const VITAL: i16 = 130;
    pub const OUTSIDE_LIBERTY: i16 = 100;
    pub const SHARED_LIBERTY: i16 = 60;
    /// Room for the mover's strings next to a liberty it can fill only
    /// into atari.
    pub const APPROACH: i16 = 40;
    /// A string short of liberties fills its own eye: a sacrifice.
    pub const OWN_EYE_FILL: i16 = 20;
    /// Added per liberty the mover's dragon gains by filling there.
    pub const PER_LIBERTY_GAINED: i16 = 30;
}

/// What a line of play carries down: passes in a row, and which sides
/// have retaken a ko the rule forbade (bit 1 A, bit 2 B).
#[derive(Clone, Copy)]
struct Line {
    passes: u8,
    retakes: u8,
}

/// What stays fixed during one call.
struct Task {
    a: Point,
    b: Point,
    a_color: Color,
    a_goal: PointSet,
    b_goal: PointSet,
}

impl Task {
    fn color(&self, turn: Turn) -> Color {
        match turn {
            Turn::A => self.a_color,
            Turn::B => self.a_color.opponent(),
        }
    }
}

/// A semeai searcher: limits, counters and a memo of eye values.
///
/// ```
/// use owlet_board::{Board, Code, Point, Reader};
/// use owlet_optics::Solver;
/// use owlet_owl::Semeai;
/// // Black's C3 string and White's E3 string have two liberties each
/// // (C1 C2 and F1 F2), none shared: whoever moves first wins.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .OOOXX.
///     .OXXOX.
///     .OXXOX.
///     .OXXOX.
///     .O.XO..
///     .O.XO..").unwrap();
/// let (mut semeai, mut reader, mut solver) = (Semeai::<32>::new(), Reader::<64>::new(), Solver::<64>::new());
/// let c3 = Point::from_vertex("C3", 7).unwrap();
/// let e3 = Point::from_vertex("E3", 7).unwrap();
/// let r = semeai.analyze(&mut board, &mut reader, &mut solver, c3, e3).unwrap();
/// assert_eq!((r.defense, r.attack), (Code::Win, Code::Win));
/// let f1 = Point::from_vertex("F1", 7).ok();
/// let f2 = Point::from_vertex("F2", 7).ok();
/// assert!(r.point == f1 || r.point == f2);
/// ```
pub struct Semeai<const EYES: usize = EYE_MEMO_ENTRIES> {
    limits: SemeaiLimits,
    nodes: u64,
    call_nodes: u32,
    /// `call_nodes` when the root move being read began.
    root_start: u32,
    limit_hit: bool,
    eyes: EyeMemo<EYES>,
    races: Races,
}

impl<const EYES: usize> Default for Semeai<EYES> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const EYES: usize> Semeai<EYES> {
    /// A searcher with the default limits.
    #[must_use]
    pub const fn new() -> Self {
        Semeai {
            limits: SemeaiLimits::DEFAULT,
            nodes: 0,
            call_nodes: 0,
            root_start: 0,
            limit_hit: false,
            eyes: EyeMemo::new(),
            races: Races::new(),
        }
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> SemeaiLimits {
        self.limits
    }

    /// Replaces the limits.
    pub fn set_limits(&mut self, limits: SemeaiLimits) {
        self.limits = limits;
        self.eyes.clear();
    }

    /// Semeai nodes visited since the last reset.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// The race between the dragons through `a` and `b`, A's owner moving
    /// first.
    ///
    /// # Errors
    /// [`SemeaiError::Empty`] when a point is empty or off the board,
    /// [`SemeaiError::SameColor`] when both dragons have one colour; the
    /// board is untouched.
    pub fn analyze<
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
        a: Point,
        b: Point,
    ) -> Result<SemeaiResult, SemeaiError> {
        let on = |p: Point| board.color_at(p).filter(|_| board.is_on_board(p));
        let (Some(a_color), Some(b_color)) = (on(a), on(b)) else {
            return Err(SemeaiError::Empty);
        };
        if a_color == b_color {
            return Err(SemeaiError::SameColor);
        }
        self.call_nodes = 0;
        self.root_start = 0;
        self.limit_hit = false;
        let task = Task {
            a,
            b,
            a_color,
            a_goal: dragon_stones(board, a),
            b_goal: dragon_stones(board, b),
        };
        let (reading, budget) = (self.limits.reading, self.limits.eye_budget);
        let saved = begin_search(
            reader,
            solver,
            reading,
            budget,
            (EYE_READ_VERTICES, EYE_READ_VERTICES),
        );
        let line = Line {
            passes: 0,
            retakes: 0,
        };
        let (value, point) = self.node(
            board,
            reader,
            solver,
            &task,
            Turn::A,
            line,
            0,
            Value::LOSS,
            Value::WIN,
        );
        end_search(reader, solver, saved);
        Ok(SemeaiResult {
            defense: value.code(BOTH_LIVE),
            attack: value.code(A_WINS),
            point: if value.hi() == B_WINS { None } else { point },
            limit_hit: self.limit_hit,
            nodes: self.call_nodes,
        })
    }

    /// One node: `turn` moves; the value (A's side) and the move.
    #[allow(clippy::too_many_arguments)]
    fn node<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task,
        turn: Turn,
        line: Line,
        depth: usize,
        mut alpha: Value,
        mut beta: Value,
    ) -> (Value, Option<Point>) {
        self.nodes += 1;
        self.call_nodes = self.call_nodes.saturating_add(1);
        // A dragon whose named string is gone has lost the race; the
        // capture wins it only if the capturer then lives.
        let b_color = task.a_color.opponent();
        if board.color_at(task.a) != Some(task.a_color) {
            let lives = self.lives_after_capture(board, reader, solver, task, Turn::B);
            return (Value::sure(if lives { B_WINS } else { A_WINS }), None);
        }
        if board.color_at(task.b) != Some(b_color) {
            let lives = self.lives_after_capture(board, reader, solver, task, Turn::A);
            return (Value::sure(if lives { A_WINS } else { B_WINS }), None);
        }
        let root = depth == 0;
        let look = self.assess(board, reader, solver, task, turn, root);
        trace!(
            "{:w$}semeai depth {depth} {turn:?} estimate {} verdict {} used {}",
            "",
            look.estimate.word(),
            look.verdict.map_or("-", Value::word),
            self.used(),
            w = depth * 2
        );
        if let Some(v) = look.verdict
            && !root
        {
            trace!(
                "semeai leaf {turn:?} {} {} {} board {}",
                v.word(),
                task.a,
                task.b,
                crate::search::rows(board)
            );
            return (v, None);
        }
        let max_depth = usize::from(self.limits.depth).min(MAX_SEMEAI_DEPTH);
        if line.passes >= 2 {
            return (look.estimate, None);
        }
        if depth >= max_depth || self.used() > self.limits.node_limit {
            self.limit_hit = true;
            return (look.estimate, None);
        }
        let budget = if root {
            self.limits.root_moves
        } else if depth < usize::from(self.limits.branch_depth) {
            self.limits.moves_per_node
        } else {
            self.limits.narrow_moves
        };
        let budget = usize::from(budget.max(1));
        let color = task.color(turn);
        let win = Value::sure(turn.win());
        let mut best: Option<(Value, Option<Point>)> = None;
        let mut tried = 0usize;
        // The ko capture the rule forbids, tried last (see below).
        let mut retake: Option<Point> = None;
        let next = Line {
            passes: 0,
            retakes: line.retakes,
        };
        let mut stand = None;
        for sacrifices in [false, true] {
            if sacrifices {
                // A pass: standing still may be best (seki), and a side with no
                // useful move must let the other move. Sacrifices come after
                // it, one a node.
                if board.play(color, Move::Pass).is_ok() {
                    if root {
                        self.root_start = self.call_nodes;
                    }
                    let pass_line = Line {
                        passes: line.passes + 1,
                        retakes: line.retakes,
                    };
                    let (v, _) = self.node(
                        board,
                        reader,
                        solver,
                        task,
                        turn.other(),
                        pass_line,
                        depth + 1,
                        alpha,
                        beta,
                    );
                    let _ = board.undo();
                    stand = Some(v);
                    // A seki that holds without a move is answered with a
                    // pass, unless a limit cut the reading that says so.
                    let seki_pass = root && v == Value::sure(BOTH_LIVE) && !self.limit_hit;
                    if best.is_none_or(|(b, _)| better(turn, b, v) != b || (seki_pass && b == v)) {
                        best = Some((v, None));
                    }
                    match turn {
                        Turn::A => alpha = alpha.max(v),
                        Turn::B => beta = beta.min(v),
                    }
                    if v == win || alpha >= beta {
                        return best.unwrap_or((v, None));
                    }
                }
            }
            for p in look.moves.iter() {
                // Out of nodes, a further move would be valued by its
                // count alone: the moves read stand for the node.
                if !root && tried > 0 && self.used() > self.limits.node_limit {
                    break;
                }
                if tried >= budget + usize::from(sacrifices)
                    || (sacrifices && self.used() + SACRIFICE_NODES > self.limits.node_limit)
                {
                    break;
                }
                let captured = match board.play(color, Move::Play(p)) {
                    Ok(captured) => captured,
                    Err(PlayError::Ko) => {
                        retake = Some(p);
                        continue;
                    }
                    Err(_) => continue,
                };
                // Self-atari loses a race, except a throw-in at the other's
                // eye or a sacrifice that leaves the capturer a dead shape.
                // At the root a throw-in waits, like a sacrifice, for the
                // pass: when standing still wins, no stone need be given.
                let in_atari = captured == 0 && board.liberty_count(p) == 1;
                let self_atari = in_atari && !look.throw_ins.contains(p);
                let sacrifice = (self_atari && dead_shape_sacrifice(board, p))
                    || (root && in_atari && !self_atari);
                if (self_atari && !sacrifice) || sacrifice != sacrifices {
                    let _ = board.undo();
                    continue;
                }
                tried += 1;
                if root {
                    self.root_start = self.call_nodes;
                }
                trace!("{:w$}{turn:?} plays {p}", "", w = depth * 2);
                let v =
                    self.after_move(board, reader, solver, task, turn, next, depth, alpha, beta);
                let _ = board.undo();
                trace!("{:w$}{turn:?} {p} -> {}", "", v.word(), w = depth * 2);
                if best.is_none_or(|(b, _)| better(turn, b, v) != b) {
                    best = Some((v, Some(p)));
                }
                match turn {
                    Turn::A => alpha = alpha.max(v),
                    Turn::B => beta = beta.min(v),
                }
                if v == win || alpha >= beta {
                    return (v, Some(p));
                }
            }
        }
        // A ko capture the rule forbids is played as if a threat had been
        // answered, once a side in a line and only near the root: it wins
        // what follows only if the retaker wins the ko, and otherwise
        // gives what standing still gives.
        let bit = match turn {
            Turn::A => 1u8,
            Turn::B => 2u8,
        };
        if let (Some(p), Some(without)) = (retake, stand)
            && depth < usize::from(self.limits.ko_depth)
            && line.retakes & bit == 0
            && best.is_none_or(|(b, _)| b != win)
            && board.play_ignoring_ko(color, p).is_ok()
        {
            if root {
                self.root_start = self.call_nodes;
            }
            let ko_line = Line {
                passes: 0,
                retakes: line.retakes | bit,
            };
            // Full window: the ko value is not monotone in the child's.
            let child = self.after_move(
                board,
                reader,
                solver,
                task,
                turn,
                ko_line,
                depth,
                Value::LOSS,
                Value::WIN,
            );
            let _ = board.undo();
            let v = Value::retaken(turn, child, without);
            if best.is_none_or(|(b, _)| better(turn, b, v) != b) {
                best = Some((v, Some(p)));
            }
        }
        let found = best.unwrap_or((look.estimate, None));
        match look.verdict {
            // The root's static verdict stands when reading finds no better.
            Some(v) if better(turn, v, found.0) != found.0 => (v, None),
            _ => found,
        }
    }

    /// Nodes read for the root move being read.
    fn used(&self) -> u32 {
        self.call_nodes.saturating_sub(self.root_start)
    }

    /// The value after `turn` has played: a capture of the other dragon's
    /// named string wins only if the capturer now lives; otherwise the
    /// other side moves.
    #[allow(clippy::too_many_arguments)]
    fn after_move<
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
        task: &Task,
        turn: Turn,
        line: Line,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let theirs = match turn {
            Turn::A => task.b,
            Turn::B => task.a,
        };
        if board.color_at(theirs).is_none() {
            let lives = self.lives_after_capture(board, reader, solver, task, turn);
            let winner = if lives { turn } else { turn.other() };
            return Value::sure(winner.win());
        }
        let (v, _) = self.node(
            board,
            reader,
            solver,
            task,
            turn.other(),
            line,
            depth + 1,
            alpha,
            beta,
        );
        v
    }

    /// Whether the side `capturer`, having just captured the other
    /// dragon's named string, now lives: two sure eyes with the other side
    /// to move, or room to run.
    fn lives_after_capture<
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
        task: &Task,
        capturer: Turn,
    ) -> bool {
        let (goal, other_goal) = match capturer {
            Turn::A => (&task.a_goal, &task.b_goal),
            Turn::B => (&task.b_goal, &task.a_goal),
        };
        let color = task.color(capturer);
        let stones = goal_stones(board, goal, color);
        if stones.is_empty() {
            return false;
        }
        let taken = other_goal
            .iter()
            .filter(|&q| board.color_at(q).is_none())
            .count();
        if taken >= BIG_CAPTURE {
            return true;
        }
        let other = goal_stones(board, other_goal, color.opponent());
        let d = self.look(board, reader, solver, &stones, &other, color);
        d.escape || (d.value.min_eyes() >= 2 && !d.weak)
    }

    /// Values both dragons and lists the mover's candidates. Kept out of
    /// [`Semeai::node`] so its two [`Dragon`]s do not sit in every frame
    /// of the recursion.
    #[inline(never)]
    fn assess<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        task: &Task,
        turn: Turn,
        root: bool,
    ) -> Assessment {
        let a_color = task.a_color;
        let b_color = a_color.opponent();
        let a_stones = goal_stones(board, &task.a_goal, a_color);
        let b_stones = goal_stones(board, &task.b_goal, b_color);
        let da = self.look(board, reader, solver, &a_stones, &b_stones, a_color);
        let db = self.look(board, reader, solver, &b_stones, &a_stones, b_color);
        let count = count_race(board, &da, &db, a_color);
        let estimate = self.races.race(count, turn == Turn::A);
        // Whether a capture gives life is only guessed in the count: the
        // count decides alone when the guess does not matter.
        let sure = RaceCount {
            a_lives_by_capture: true,
            b_lives_by_capture: true,
            a_safe_fill: false,
            b_safe_fill: false,
            ..count
        };
        // Nor when counting each dragon at its weakest string decides
        // otherwise.
        let settled = self.races.race(sure, turn == Turn::A) == estimate
            && self
                .races
                .race(by_weakest(count, &da, &db), turn == Turn::A)
                == estimate;
        let estimate = Value::sure(estimate);
        let verdict = verdict(&da, &db, estimate, settled);
        let moves = if verdict.is_some() && !root {
            Candidates::new()
        } else {
            match turn {
                Turn::A => candidates(board, reader, &da, &db, a_color, root),
                Turn::B => candidates(board, reader, &db, &da, b_color, root),
            }
        };
        let throw_ins = match turn {
            Turn::A => db.eye_space,
            Turn::B => da.eye_space,
        };
        Assessment {
            verdict,
            estimate,
            moves,
            throw_ins,
        }
    }

    /// One dragon at a node: its eye spaces (those that touch the other
    /// dragon are the race's liberties, not eyes), weak strings, lunches
    /// and room to run. Neither dragon's stones count as dead: that is
    /// what the race decides.
    fn look<const C: usize, const M: usize, const R: usize, const A: usize, const S: usize>(
        &mut self,
        board: &mut Board<C, M>,
        reader: &mut Reader<R, A>,
        solver: &mut Solver<S>,
        stones: &PointSet,
        other: &PointSet,
        color: Color,
    ) -> Dragon {
        let enemy = color.opponent();
        let region = dilate(board, stones, REGION_RADIUS);
        let mut keep = *stones;
        for q in other.iter() {
            keep.insert(q);
        }
        let mut dead = dead_stones_near(board, reader, &region, &keep, READ_LIBERTIES);
        enclosed_stones(board, &region, other, color, &mut dead);
        let (own, theirs) = domains(board, &dead, color);
        let mut d = Dragon {
            stones: *stones,
            libs: liberties(board, stones),
            value: EyeValue::new(0, 0, 0, 0),
            exact: true,
            eye_points: PointSet::new(),
            eye_space: PointSet::new(),
            eye_libs: 0,
            attacks: Points::default(),
            defenses: Points::default(),
            weak: false,
            lunches: Points::default(),
            race_lunches: Points::default(),
            race_lunch_in_atari: false,
            escape: false,
            weakest: u8::MAX,
        };
        let mut seen = PointSet::new();
        for s in stones.iter() {
            for n in s.neighbors() {
                if !board.is_on_board(n)
                    || seen.contains(n)
                    || stones.contains(n)
                    || board.color_at(n) == Some(color)
                {
                    continue;
                }
                seen.insert(n);
                let Some((space, marginal)) =
                    eye_space(board, reader, &dead, &own, &theirs, enemy, n)
                else {
                    continue;
                };
                for q in space.iter() {
                    seen.insert(q);
                }
                let touches = space
                    .iter()
                    .any(|q| other.contains(q) || q.neighbors().iter().any(|&m| other.contains(m)));
                if touches {
                    continue;
                }
                for q in space.iter() {
                    d.eye_space.insert(q);
                }
                let key = eye_key(board, color, &space, &marginal, &dead);
                let r = match self.eyes.get(key) {
                    Some(r) => r,
                    None => {
                        let r =
                            compute_eyes(board, reader, solver, color, &space, &marginal, &dead);
                        self.eyes.put(key, r);
                        r
                    }
                };
                d.value = d.value + r.value;
                d.exact &= r.exact;
                if let Some(p) = r.attack {
                    d.attacks.push(p);
                }
                if let Some(p) = r.defense {
                    d.defenses.push(p);
                }
                if r.value.min_eyes() >= 1 {
                    let size = space.len();
                    let empty = space
                        .iter()
                        .filter(|&q| board.color_at(q).is_none())
                        .count();
                    let worth = EYE_LIBERTIES
                        .get(size)
                        .copied()
                        .unwrap_or(EYE_LIBERTIES_MAX);
                    // Enemy stones already inside are moves the filler
                    // has made.
                    let inside = u8::try_from(size - empty).unwrap_or(u8::MAX);
                    let worth = worth
                        .saturating_sub(inside)
                        .max(u8::try_from(empty).unwrap_or(u8::MAX));
                    d.eye_libs = d.eye_libs.saturating_add(worth);
                    for q in space.iter() {
                        d.eye_points.insert(q);
                    }
                }
            }
        }
        let mut done = PointSet::new();
        for s in stones.iter() {
            let o = board.origin(s);
            if !done.insert(o) {
                continue;
            }
            let libs = board.liberty_count(o);
            if libs <= 2 && reader.attack(board, o).code == Code::Win {
                d.weak = true;
            }
            if libs > 2 {
                d.weakest = d.weakest.min(u8::try_from(libs).unwrap_or(u8::MAX));
            }
        }
        for s in stones.iter() {
            for n in s.neighbors() {
                if board.color_at(n) != Some(enemy) {
                    continue;
                }
                let o = board.origin(n);
                if !done.insert(o) || board.liberty_count(o) > READ_LIBERTIES {
                    continue;
                }
                let r = reader.attack(board, o);
                if r.code == Code::Fail {
                    continue;
                }
                if let Some(p) = r.point {
                    if other.contains(o) {
                        d.race_lunch_in_atari |= board.liberty_count(o) == 1;
                        d.race_lunches.push(p);
                    } else {
                        d.lunches.push(p);
                    }
                }
            }
        }
        d.escape = escape_room(board, stones, &theirs, &d.eye_points) >= ESCAPE_AREA;
        d
    }
}

/// Adds to `dead` the single enemy stones in `region` (outside the other
/// dragon) with three or more liberties that sit inside `color`'s
/// territory: the stone and its liberties touch nothing but `color`'s
/// stones and the edge, like a stone played at the vital point of a big
/// eye.
fn enclosed_stones<const C: usize, const M: usize>(
    board: &Board<C, M>,
    region: &PointSet,
    other: &PointSet,
    color: Color,
    dead: &mut PointSet,
) {
    let enemy = color.opponent();
    for p in region.iter() {
        if board.color_at(p) != Some(enemy) || other.contains(p) || dead.contains(p) {
            continue;
        }
        if p.neighbors()
            .iter()
            .any(|&n| board.color_at(n) == Some(enemy))
        {
            continue;
        }
        let libs = board.liberty_set(p);
        if libs.len() < 3 {
            continue;
        }
        let ok = |q: Point| {
            !board.is_on_board(q) || q == p || libs.contains(q) || board.color_at(q) == Some(color)
        };
        if libs.iter().all(|q| q.neighbors().iter().all(|&n| ok(n))) {
            dead.insert(p);
        }
    }
}

/// Whether the string at `p`, just put in atari, is a sacrifice that
/// leaves its capturer a dead shape: two to [`SACRIFICE_MAX`] stones in
/// a shape that makes no two eyes once taken (the stones grow a nakade).
fn dead_shape_sacrifice<const C: usize, const M: usize>(board: &Board<C, M>, p: Point) -> bool {
    let mut stones = PointSet::new();
    let mut n = 0usize;
    for q in board.stones(p) {
        stones.insert(q);
        n += 1;
    }
    (2..=SACRIFICE_MAX).contains(&n) && !roomy_space(&stones, board.size())
}

/// One dragon at a node, as [`Semeai::look`] finds it.
struct Dragon {
    stones: PointSet,
    libs: PointSet,
    /// The summed value of its own eye spaces.
    value: EyeValue,
    /// Whether every eye value is exact.
    exact: bool,
    /// The points of the eye spaces worth an eye.
    eye_points: PointSet,
    /// Every point of its own eye spaces.
    eye_space: PointSet,
    /// Their worth in the race.
    eye_libs: u8,
    attacks: Points,
    defenses: Points,
    /// A string the reader can take.
    weak: bool,
    /// Where to capture opponent strings next to it outside the race.
    lunches: Points,
    /// Where to capture strings of the other dragon.
    race_lunches: Points,
    /// Whether one of those strings is in atari.
    race_lunch_in_atari: bool,
    /// Room to run.
    escape: bool,
    /// The fewest liberties a string of it with three or more has (those
    /// with fewer the reader judges: [`Dragon::weak`]).
    weakest: u8,
}

/// Two sure eyes and no string the reader can take.
fn alive(d: &Dragon) -> bool {
    d.exact && d.value.min_eyes() >= 2 && !d.weak
}

/// No way out but the race: fewer than two eyes even moving first, no
/// room to run, no lunch outside the race.
fn boxed(d: &Dragon) -> bool {
    d.exact && d.value.max_eyes() < 2 && !d.escape && d.lunches.iter().next().is_none()
}

/// The node's value when it needs no reading.
fn verdict(da: &Dragon, db: &Dragon, estimate: Value, settled: bool) -> Option<Value> {
    match (alive(da), alive(db)) {
        (true, true) => Some(Value::sure(BOTH_LIVE)),
        (true, false) if boxed(db) => Some(Value::sure(A_WINS)),
        (false, true) if boxed(da) => Some(Value::sure(B_WINS)),
        (false, false)
            if settled
                && boxed(da)
                && boxed(db)
                && !da.race_lunch_in_atari
                && !db.race_lunch_in_atari =>
        {
            Some(estimate)
        }
        _ => None,
    }
}

/// The race as counts: each side's own liberties and the shared ones.
fn count_race<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    da: &Dragon,
    db: &Dragon,
    a_color: Color,
) -> RaceCount {
    let mut shared = 0u8;
    for p in da.libs.iter() {
        if db.libs.contains(p) {
            shared = shared.saturating_add(1);
        }
    }
    let (a, a_closed) = own_liberties(board, da, db, a_color.opponent());
    let (b, b_closed) = own_liberties(board, db, da, a_color);
    RaceCount {
        a,
        b,
        shared,
        a_eye: da.eye_libs > 0 || a_closed,
        b_eye: db.eye_libs > 0 || b_closed,
        a_lives_by_capture: lives_by_capture(da, db, board.size()),
        b_lives_by_capture: lives_by_capture(db, da, board.size()),
        a_safe_fill: safe_fill(da, db, board.size()),
        b_safe_fill: safe_fill(db, da, board.size()),
    }
}

/// The count with each eyeless dragon's own liberties cut so that they
/// and the shared ones are no more than its weakest string's: the count
/// pools a dragon's liberties, but the other side may take that string
/// alone.
fn by_weakest(count: RaceCount, da: &Dragon, db: &Dragon) -> RaceCount {
    let cut = |own: u8, eye: bool, weakest: u8| {
        let total = own.saturating_add(count.shared);
        if eye || weakest >= total {
            own
        } else {
            own.saturating_sub(total - weakest)
        }
    };
    RaceCount {
        a: cut(count.a, count.a_eye, da.weakest),
        b: cut(count.b, count.b_eye, db.weakest),
        ..count
    }
}

/// A guess at whether `capturer` lives once `captured` is taken: it can
/// run, it has room for an eye of its own even if it still needs a move
/// (the capture makes another), or the capture leaves a space big enough
/// for two. A capture inside the search is checked on the board instead.
fn lives_by_capture(capturer: &Dragon, captured: &Dragon, size: usize) -> bool {
    capturer.escape || capturer.value.max_eyes() >= 1 || roomy_capture(captured, size)
}

/// Whether the space a capture of `captured` leaves (its stones and its
/// eye points) looks big enough for two eyes: [`BIG_CAPTURE`] points, or four to
/// six with no 2×2 block and no point with four neighbours in it (not a
/// bulky five, a cross or a rabbity six), four only in a line (straight
/// or bent, not a pyramid).
fn roomy_capture(captured: &Dragon, size: usize) -> bool {
    let mut space = captured.stones;
    for q in captured.eye_points.iter() {
        space.insert(q);
    }
    roomy_space(&space, size)
}

/// Whether a space left by a capture makes two eyes (see
/// [`roomy_capture`]); a bent four holding a corner point does not.
fn roomy_space(space: &PointSet, size: usize) -> bool {
    let n = space.len();
    if n >= BIG_CAPTURE {
        return true;
    }
    if n < 4 {
        return false;
    }
    let at = |c: usize, r: usize| Point::new(c, r).is_some_and(|p| space.contains(p));
    let mut edges = 0usize;
    for q in space.iter() {
        let deg = q.neighbors().iter().filter(|&&m| space.contains(m)).count();
        if deg > 3 || (deg > 2 && n == 4) {
            return false;
        }
        edges += deg;
        let (c, r) = (q.col(), q.row());
        if at(c + 1, r) && at(c, r + 1) && at(c + 1, r + 1) {
            return false;
        }
    }
    let corner =
        |q: Point| (q.col() == 0 || q.col() + 1 == size) && (q.row() == 0 || q.row() + 1 == size);
    let straight = space.iter().next().is_some_and(|first| {
        space.iter().all(|q| q.col() == first.col()) || space.iter().all(|q| q.row() == first.row())
    });
    let bend = |q: Point| q.neighbors().iter().filter(|&&m| space.contains(m)).count() == 2;
    if n == 4 && !straight && space.iter().any(|q| corner(q) && bend(q)) {
        return false;
    }
    // In one piece (no 2×2 block: a tree has n - 1 edges).
    edges / 2 + 1 == n
}

/// Whether `filler` may fill a shared liberty even into atari: for some
/// shared liberty, `other` taking the filler's stones with it would get
/// no room for two eyes and has no eye or way out of its own.
fn safe_fill(filler: &Dragon, other: &Dragon, size: usize) -> bool {
    if other.escape || other.value.max_eyes() >= 1 {
        return false;
    }
    // The stones, their eyes and their own liberties all become the
    // capturer's space.
    let mut space = filler.stones;
    for q in filler.eye_points.iter().chain(filler.libs.iter()) {
        if !other.libs.contains(q) {
            space.insert(q);
        }
    }
    if space.len() >= SAFE_FILL_MAX {
        return false;
    }
    filler
        .libs
        .iter()
        .filter(|&p| other.libs.contains(p))
        .any(|p| {
            let mut s = space;
            s.insert(p);
            !roomy_space(&s, size)
        })
}

/// The empty points next to `stones`.
fn liberties<const C: usize, const M: usize>(board: &Board<C, M>, stones: &PointSet) -> PointSet {
    let mut libs = PointSet::new();
    for s in stones.iter() {
        for n in s.neighbors() {
            if board.is_on_board(n) && board.color_at(n).is_none() {
                libs.insert(n);
            }
        }
    }
    libs
}

/// A dragon's own liberties in the race: outside ones (one the `filler`
/// must approach first at [`approach_cost`]) and its eye at its big-eye
/// worth; and
/// whether one of them is closed to the filler (it could only fill it
/// as a capture), which makes it an eye in the race.
fn own_liberties<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    d: &Dragon,
    other: &Dragon,
    filler: Color,
) -> (u8, bool) {
    let mut count = d.eye_libs;
    let mut closed = false;
    for p in d.libs.iter() {
        if other.libs.contains(p) || d.eye_points.contains(p) {
            continue;
        }
        let add = match fill(board, p, filler) {
            Fill::Free => 1,
            Fill::SelfAtari => approach_cost(board, p, filler),
            Fill::Closed => {
                closed = true;
                1
            }
        };
        count = count.saturating_add(add);
    }
    (count, closed)
}

/// How a liberty can be filled.
enum Fill {
    Free,
    /// Only after an approach move: filling it first is self-atari.
    SelfAtari,
    /// Not at all (suicide or otherwise illegal).
    Closed,
}

fn fill<const C: usize, const M: usize>(board: &mut Board<C, M>, p: Point, filler: Color) -> Fill {
    match board.play(filler, Move::Play(p)) {
        Ok(captured) => {
            let short = captured == 0 && board.liberty_count(p) <= 1;
            let _ = board.undo();
            if short { Fill::SelfAtari } else { Fill::Free }
        }
        Err(_) => Fill::Closed,
    }
}

/// Moves `filler` needs to fill `p`, which is self-atari now: the fill
/// and the approach moves that first give its strings next to `p` room
/// (each the liberty that leaves the string the most), at most
/// [`APPROACH_MAX`] of them; a fill never made safe costs one more.
fn approach_cost<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    p: Point,
    filler: Color,
) -> u8 {
    let mut played = 0u8;
    while played < APPROACH_MAX && needs_approach(board, p, filler) {
        let mut best: Option<(usize, Point)> = None;
        for n in p.neighbors() {
            if board.color_at(n) != Some(filler) {
                continue;
            }
            for l in board.liberty_set(n).iter() {
                if l == p || board.play(filler, Move::Play(l)).is_err() {
                    continue;
                }
                let libs = board.liberty_count(l);
                let _ = board.undo();
                if libs >= 2 && best.is_none_or(|(b, _)| libs > b) {
                    best = Some((libs, l));
                }
            }
        }
        let Some((_, l)) = best else { break };
        if board.play(filler, Move::Play(l)).is_err() {
            break;
        }
        played += 1;
    }
    let safe = !needs_approach(board, p, filler);
    for _ in 0..played {
        let _ = board.undo();
    }
    if played == 0 {
        // No string of the filler's to give room: one approach elsewhere.
        return 2;
    }
    played + 1 + u8::from(!safe)
}

/// Whether `filler` playing at `p` would be in atari without capturing.
fn needs_approach<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    p: Point,
    filler: Color,
) -> bool {
    match board.play(filler, Move::Play(p)) {
        Ok(captured) => {
            let short = captured == 0 && board.liberty_count(p) <= 1;
            let _ = board.undo();
            short
        }
        Err(_) => true,
    }
}

/// Liberties `mine` gains by playing at `p` (empty points next to `p`
/// that are not yet its liberties), if `p` touches it.
fn liberty_gain<const C: usize, const M: usize>(
    board: &Board<C, M>,
    mine: &Dragon,
    p: Point,
) -> i16 {
    let n = p.neighbors();
    if !n.iter().any(|&q| mine.stones.contains(q)) {
        return 0;
    }
    n.iter()
        .filter(|&&q| board.is_on_board(q) && board.color_at(q).is_none() && !mine.libs.contains(q))
        .count() as i16
}

/// The mover's candidates: `mine` is the mover's dragon, `theirs` the
/// other; `color` the mover's colour.
fn candidates<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    mine: &Dragon,
    theirs: &Dragon,
    color: Color,
    root: bool,
) -> Candidates {
    let mut list = Candidates::new();
    let enemy = color.opponent();
    // Their strings in atari: capture; ours: save or capture a neighbour.
    let mut done = PointSet::new();
    for s in theirs.stones.iter() {
        let o = board.origin(s);
        if done.insert(o)
            && board.liberty_count(o) == 1
            && let Some(l) = board.liberty_set(o).iter().next()
        {
            list.add(l, score::CAPTURE);
        }
    }
    for s in mine.stones.iter() {
        let o = board.origin(s);
        if !done.insert(o) {
            continue;
        }
        let libs = board.liberty_count(o);
        if libs == 1 {
            for l in board.liberty_set(o).iter() {
                list.add(l, score::RESCUE);
            }
            let mut stones = PointSet::new();
            for q in board.stones(o) {
                stones.insert(q);
            }
            for q in stones.iter() {
                for n in q.neighbors() {
                    if board.color_at(n) == Some(enemy)
                        && board.liberty_count(n) == 1
                        && let Some(l) = board.liberty_set(n).iter().next()
                    {
                        list.add(l, score::RESCUE);
                    }
                }
            }
        } else if libs == 2
            && reader.attack(board, o).code != Code::Fail
            && let Some(p) = reader.find_defense(board, o).point
        {
            list.add(p, score::SAVE_WEAK);
        }
        // Short of liberties, filling its own eye may leave the capturer
        // a dead shape (into atari, the node tries it as a sacrifice).
        if libs <= 2 {
            for l in (board.liberty_set(o) & mine.eye_space).iter() {
                list.add(l, score::OWN_EYE_FILL);
            }
        }
    }
    for p in mine.race_lunches.iter() {
        list.add(p, score::LUNCH_IN_RACE);
    }
    for p in mine.lunches.iter() {
        list.add(p, score::LUNCH);
    }
    for p in mine
        .defenses
        .iter()
        .chain(theirs.attacks.iter())
        .chain(theirs.defenses.iter())
    {
        list.add(p, score::VITAL);
    }
    // Liberties: theirs alone first (easy ones first), then shared. At
    // the root, whose first winning move is the answer, a point the
    // other side would gain liberties from ranks higher, and a shared
    // liberty the mover gains two or more from (no loss to it) ranks as
    // an outside one; deeper, the order decides where the node budget
    // goes, so it stays as it is.
    for p in theirs.libs.iter() {
        let own = liberty_gain(board, mine, p);
        let gain = own
            + if root {
                liberty_gain(board, theirs, p)
            } else {
                0
            };
        if mine.libs.contains(p) {
            let base = if root && own >= 2 {
                score::OUTSIDE_LIBERTY
            } else {
                score::SHARED_LIBERTY
            };
            list.add(p, base + gain * score::PER_LIBERTY_GAINED);
            continue;
        }
        if theirs.eye_points.contains(p) {
            // Their eye is filled last.
            list.add(p, score::SHARED_LIBERTY - 10);
            continue;
        }
        let open = p
            .neighbors()
            .iter()
            .filter(|&&n| board.is_on_board(n) && board.color_at(n).is_none())
            .count() as i16;
        let approach = needs_approach(board, p, color);
        let penalty = if approach { 40 } else { 0 };
        if approach {
            // The approach: give the mover's strings next to `p` room
            // first, so that filling `p` is no longer self-atari.
            for n in p.neighbors() {
                if board.color_at(n) != Some(color) || mine.stones.contains(n) {
                    continue;
                }
                for l in board.liberty_set(n).iter() {
                    if l != p {
                        list.add(l, score::APPROACH);
                    }
                }
            }
        }
        list.add(
            p,
            score::OUTSIDE_LIBERTY + open * 4 - penalty + gain * score::PER_LIBERTY_GAINED,
        );
    }
    list.sort();
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rc(a: u8, b: u8, shared: u8, a_eye: bool, b_eye: bool) -> RaceCount {
        RaceCount {
            a,
            b,
            shared,
            a_eye,
            b_eye,
            a_lives_by_capture: true,
            b_lives_by_capture: true,
            a_safe_fill: false,
            b_safe_fill: false,
        }
    }

    #[test]
    fn race_counts() {
        // No eyes, no shared: more liberties win, the mover wins ties.
        assert_eq!(race(rc(3, 3, 0, false, false), true), 2);
        assert_eq!(race(rc(3, 3, 0, false, false), false), 0);
        assert_eq!(race(rc(2, 3, 0, false, false), true), 0);
        // Two shared liberties and nothing else: seki.
        assert_eq!(race(rc(0, 0, 2, false, false), true), 1);
        // One-point eyes each and one shared liberty: seki.
        assert_eq!(race(rc(1, 1, 1, true, true), true), 1);
        // Eye against no eye: shared liberties count for the eye.
        assert_eq!(race(rc(1, 2, 2, true, false), false), 2);
        // Big eye of three points (3 liberties) against one eye.
        assert_eq!(race(rc(3, 1, 1, true, true), false), 2);
    }

    fn pt(board: &Board, v: &str) -> Point {
        Point::from_vertex(v, board.size()).unwrap()
    }

    fn run(diagram: &str, a: &str, b: &str) -> SemeaiResult {
        let mut board: Board = Board::from_diagram(diagram).unwrap();
        let (mut reader, mut solver) = (Reader::<256>::new(), Solver::<256>::new());
        let mut semeai = Semeai::<64>::new();
        let hash = board.hash();
        let depth = board.undo_depth();
        let (a, b) = (pt(&board, a), pt(&board, b));
        let r = semeai
            .analyze(&mut board, &mut reader, &mut solver, a, b)
            .unwrap();
        assert_eq!(board.hash(), hash);
        assert_eq!(board.undo_depth(), depth);
        r
    }

    /// Black's corner group holds two white stones inside; black's eye
    /// space is the corner (GNU Go agrees on every answer).
    const CORNER_INSIDE: &str = "
        .O.X.O.
        OXXX.O.
        .X.OOO.
        XX.O...
        ..OO...
        OOO....
        .......";

    #[test]
    fn sacrifice_grows_a_nakade() {
        // Black moving first still loses: after A5, White's A7 gives up
        // three stones and the corner they leave makes one eye.
        let r = run(CORNER_INSIDE, "D7", "B7");
        assert_eq!(
            (r.defense, r.attack, r.point),
            (Code::Fail, Code::Fail, None)
        );
        let after_a5 = "
            .O.X.O.
            OXXX.O.
            XX.OOO.
            XX.O...
            ..OO...
            OOO....
            .......";
        let r = run(after_a5, "B7", "D7");
        assert_eq!((r.defense, r.attack), (Code::Win, Code::Win));
        assert_eq!(r.point, Point::from_vertex("A7", 7).ok(), "{r:?}");
    }

    #[test]
    fn approach_moves_counted() {
        // Black fills D6 only into atari: F6, then F4 (joining the row
        // below) come first, so the liberty costs Black three moves.
        let mut board: Board = Board::from_diagram(
            "
            O.O.X.
            OOOOOX
            XXXXX.
            ......
            ......
            ......",
        )
        .unwrap();
        let hash = board.hash();
        let d6 = pt(&board, "D6");
        assert!(needs_approach(&mut board, d6, Color::Black));
        assert_eq!(approach_cost(&mut board, d6, Color::Black), 3);
        assert_eq!(board.hash(), hash);
    }

    /// Two liberties each, none shared (GNU Go agrees on every answer).
    const TWO_EACH: &str = "
        .......
        .OOOXX.
        .OXXOX.
        .OXXOX.
        .OXXOX.
        .O.XO..
        .O.XO..";

    #[test]
    fn first_to_fill_wins() {
        let r = run(TWO_EACH, "C3", "E3");
        assert_eq!((r.defense, r.attack), (Code::Win, Code::Win));
        let fills = ["F1", "F2"].map(|v| Point::from_vertex(v, 7).ok());
        assert!(fills.contains(&r.point), "{r:?}");
        let r = run(TWO_EACH, "E3", "C3");
        assert_eq!((r.defense, r.attack), (Code::Win, Code::Win));
        let fills = ["C1", "C2"].map(|v| Point::from_vertex(v, 7).ok());
        assert!(fills.contains(&r.point), "{r:?}");
    }

    #[test]
    fn one_behind_loses_even_first() {
        // White has filled F1: white is a liberty short.
        let r = run(
            "
            .......
            .OOOXX.
            .OXXOX.
            .OXXOX.
            .OXXOX.
            .O.XO..
            .O.XOX.",
            "E3",
            "C3",
        );
        assert_eq!(
            (r.defense, r.attack, r.point),
            (Code::Fail, Code::Fail, None)
        );
    }

    /// Two shared liberties (D3, D4); Black has one more (C1), White none.
    const SHARED: &str = "
        .......
        .OOOXX.
        .OXXOX.
        .OX.OX.
        .OX.OX.
        .OXXOX.
        .O.XOX.";

    #[test]
    fn shared_liberties_and_seki() {
        let d3 = Point::from_vertex("D3", 7).ok();
        let c1 = Point::from_vertex("C1", 7).ok();
        // Black fills a shared liberty and wins; White, moving first,
        // takes Black's own liberty and gets seki.
        let r = run(SHARED, "C3", "E3");
        assert_eq!((r.defense, r.attack, r.point), (Code::Win, Code::Win, d3));
        let r = run(SHARED, "E3", "C3");
        assert_eq!((r.defense, r.attack, r.point), (Code::Win, Code::Fail, c1));
        // With C1 filled it is seki whoever moves: nothing to play.
        let seki = "
            .......
            .OOOXX.
            .OXXOX.
            .OX.OX.
            .OX.OX.
            .OXXOX.
            .OOXOX.";
        for (a, b) in [("C3", "E3"), ("E3", "C3")] {
            let r = run(seki, a, b);
            assert_eq!(
                (r.defense, r.attack, r.point),
                (Code::Win, Code::Fail, None)
            );
        }
    }

    /// Black's A4 dragon against White's E3 string (F1 F2 F3 outside,
    /// with the C1/D1 ko between them): Black has just retaken the ko at
    /// D1, so White may not capture at C1 at once.
    const KO_RACE: &str = "
        ..O......
        ..O......
        ..O......
        ..O......
        OOO......
        XXOXXXXXX
        XXOXO.X..
        .XXOOXX..
        OXO.O.X..";

    fn run_after_ko(a: &str, b: &str) -> SemeaiResult {
        let mut board: Board = Board::from_diagram(KO_RACE).unwrap();
        let d1 = pt(&board, "D1");
        assert_eq!(board.play(Color::Black, Move::Play(d1)), Ok(1));
        let c1 = pt(&board, "C1");
        assert!(!board.is_legal(Color::White, c1));
        let (mut reader, mut solver) = (Reader::<256>::new(), Solver::<256>::new());
        let mut semeai = Semeai::<64>::new();
        let (a, b) = (pt(&board, a), pt(&board, b));
        let hash = board.hash();
        let r = semeai
            .analyze(&mut board, &mut reader, &mut solver, a, b)
            .unwrap();
        assert_eq!(board.hash(), hash);
        r
    }

    #[test]
    fn ko_race() {
        // GNU Go 3.8 gives both answers (semeai.tst 143 and 144). White
        // moving first has nothing better than a pass: once Black takes
        // a liberty White captures at C1, and the race turns on the ko,
        // which White takes first (code 2 for both White's life and
        // Black's death).
        let r = run_after_ko("E3", "A4");
        assert_eq!((r.defense, r.attack, r.point), (Code::KoA, Code::KoA, None));
        // Black moving first takes a liberty, White captures at C1, and
        // Black wins only if it finds the first ko threat (code 3).
        let r = run_after_ko("A4", "E3");
        assert_eq!((r.defense, r.attack), (Code::KoB, Code::KoB));
        let fills = ["F1", "F3"].map(|v| Point::from_vertex(v, 9).ok());
        assert!(fills.contains(&r.point), "{r:?}");
    }

    #[test]
    fn ko_values() {
        // A ko between B's win and A's win, each side taking it first.
        let a_first = Value::ko(A_WINS, B_WINS, true);
        let b_first = Value::ko(A_WINS, B_WINS, false);
        assert_eq!(a_first.code(BOTH_LIVE), Code::KoA);
        assert_eq!(b_first.code(A_WINS), Code::KoB);
        // Sure life comes before any ko for A, and a ko A takes first
        // before one B takes first.
        assert!(Value::sure(BOTH_LIVE) > a_first && a_first > b_first);
        assert!(b_first > Value::sure(B_WINS));
        // A ko only for B's death: A lives whatever happens.
        let kill = Value::ko(A_WINS, BOTH_LIVE, false);
        assert_eq!(
            (kill.code(BOTH_LIVE), kill.code(A_WINS)),
            (Code::Win, Code::KoB)
        );
        // A ko that changes nothing is no ko.
        assert_eq!(
            Value::ko(BOTH_LIVE, BOTH_LIVE, true),
            Value::sure(BOTH_LIVE)
        );
        // Every rank reads back as itself.
        for (i, &(hi, lo, first)) in VALUES.iter().enumerate() {
            assert_eq!(Value::ko(hi, lo, first).0 as usize, i);
        }
        // A retake by A that wins the race if A wins the ko, when
        // standing still loses: a ko A needs the first threat for.
        let v = Value::retaken(Turn::A, Value::sure(A_WINS), Value::sure(B_WINS));
        assert_eq!(v, b_first);
        let v = Value::retaken(Turn::B, Value::sure(B_WINS), Value::sure(A_WINS));
        assert_eq!(v, a_first);
    }

    #[test]
    fn bad_input() {
        let mut board: Board = Board::from_diagram(TWO_EACH).unwrap();
        let (mut reader, mut solver) = (Reader::<64>::new(), Solver::<64>::new());
        let mut semeai = Semeai::<16>::new();
        let (e, a, d) = (pt(&board, "A1"), pt(&board, "C3"), pt(&board, "D3"));
        let mut go = |x, y| semeai.analyze(&mut board, &mut reader, &mut solver, x, y);
        assert_eq!(go(e, a), Err(SemeaiError::Empty));
        assert_eq!(go(a, e), Err(SemeaiError::Empty));
        assert_eq!(go(a, d), Err(SemeaiError::SameColor));
    }
}

#[cfg(test)]
mod sizes {
    use super::*;

    /// The figures quoted in the crate docs (# Memory).
    #[test]
    fn documented_sizes() {
        std::println!(
            "Semeai<64> {} Semeai<128> {} Dragon {} Candidates {} race memo {}",
            core::mem::size_of::<Semeai<64>>(),
            core::mem::size_of::<Semeai<128>>(),
            core::mem::size_of::<Dragon>(),
            core::mem::size_of::<Candidates>(),
            RACE_MEMO_BYTES,
        );
        assert_eq!(RACE_MEMO_BYTES, 2_197);
        assert!(core::mem::size_of::<Semeai<64>>() <= 64 * 16 + 96);
    }
}
