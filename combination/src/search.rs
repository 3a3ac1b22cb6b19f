//! The combination search: threats by the attacker, answers by the
//! defender, on the board's own journal (play, look, undo).
//!
//! At an attacker node the candidate threats are the liberties of target
//! strings with at most [`MAX_THREAT_LIBERTIES`] liberties and, for the
//! first threat, the second-order liberties of targets with at most
//! [`MAX_READ_LIBERTIES`] (deeper, of targets with at most two); points
//! next to several short targets first.
//! Deeper threats must lie within [`REGION_STEPS`] of the strings of the
//! moves already played in the line (a combination is local), only
//! [`MAX_DEEP_THREATS`] of them are tried per node, and their targets must
//! have at most [`MAX_READ_LIBERTIES`] liberties. A threat is played and
//! the target strings around it (next to the move or to one of its empty
//! neighbours, or next to an attacker string the move touches) with at
//! most [`MAX_READ_LIBERTIES`] liberties are read: a target that tactical
//! reading captures and cannot save ends the line with a capture. If every
//! threatened target can be saved on its own, the defender must find one
//! answer that saves them all: the answers tried are the reader's defence
//! and attack points of each threatened target, its liberties when it has
//! at most three, the liberties of attacker strings in atari next to it,
//! captures of attacker strings next to it with at most
//! [`MAX_READ_LIBERTIES`] liberties, and a capture of the threatening
//! stones. A string the first threat alone kills (outright, or whatever
//! the defender answers) was dead already: that is no combination. An
//! answer that leaves some threatened target capturable loses for the
//! defender; one that saves
//! them all must be met by a new threat one ply deeper, unless some
//! other target string near the line (within [`REGION_STEPS`] of the
//! strings of its moves or of the strings next to those) with at most
//! [`MAX_READ_LIBERTIES`] liberties is now captured by reading: the moves
//! weakened it (a shared liberty filled, a neighbour short of liberties),
//! and the line ends in its capture. The threat is a
//! combination when no answer holds. The size of a line is the smallest
//! string it captures. Depths are searched 1, 2, ... up to
//! [`AaLimits::depth`] (iterative deepening), so short combinations are
//! found before the node budget goes into long lines.
//!
//! Once a combination is found its first move is forbidden (at every ply)
//! and the search runs again: when no combination at least as large turns
//! up, the first move is essential ([`Combination::essential`]). The
//! answer stays the first (shortest) combination either way. Defending
//! moves are found by trying each point of the combination's area (the
//! attack point, the liberties of the strings it threatens and of attacker
//! strings with at most two liberties next to them) for the defender and
//! searching again.
//!
//! Omits: kos (see the crate docs), threats further than second-order
//! liberties (a capture elsewhere that weakens a target), and answers that
//! counter-threaten elsewhere.

use owlet_board::{
    Board, Cell, Code, Color, Move, PlayError, Point, PointSet, Reader, ReadingLimits,
};

use crate::dead::drop_dead_dragons;

/// Default plies of attacker threats (each answered by the defender).
pub const DEFAULT_DEPTH: u8 = 5;
/// Hard bound on [`AaLimits::depth`].
pub const MAX_DEPTH: u8 = 10;
/// Default node limit: threats tried per search.
pub const DEFAULT_NODE_LIMIT: u32 = 1_500;
/// Default smallest target string, in stones.
pub const DEFAULT_MIN_TARGET_SIZE: u8 = 1;
/// Default node limit of each tactical reading call during the search.
pub const DEFAULT_READING_NODE_LIMIT: u32 = 1_000;
/// Default owl nodes per dragon when dropping dead dragons from the
/// targets ([`crate::dead`]).
pub const DEFAULT_OWL_NODE_LIMIT: u32 = 30;
/// Default owl nodes of the dead-dragon filter per call: no bound beyond
/// [`DEFAULT_OWL_NODE_LIMIT`] per dragon.
pub const DEFAULT_OWL_TOTAL: u32 = u32::MAX;
/// Threats are played on liberties of targets with at most this many.
pub const MAX_THREAT_LIBERTIES: usize = 4;
/// Deeper than the first threat, threats are played within this many
/// steps of the strings of the moves played so far.
pub const REGION_STEPS: usize = 2;
/// After a threat, targets with at most this many liberties are read.
pub const MAX_READ_LIBERTIES: usize = 3;
/// Candidate threats per attacker node, at most.
pub const MAX_THREATS: usize = 32;
/// Candidate points scored per attacker node, at most.
const MAX_SCORED: usize = 128;
/// Threats tried per attacker node after the first threat, at most.
pub const MAX_DEEP_THREATS: usize = 6;
/// Candidate answers per defender node, at most.
pub const MAX_ANSWERS: usize = 24;
/// Targets read after one threat, at most.
pub const MAX_THREATENED: usize = 8;
/// Defending moves reported, at most.
pub const MAX_DEFENSES: usize = 24;

/// Depths, node limits and target size of a combination search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct AaLimits {
    /// Plies of attacker threats ([`DEFAULT_DEPTH`]; at most [`MAX_DEPTH`]).
    pub depth: u8,
    /// Threats tried per search ([`DEFAULT_NODE_LIMIT`]); past it the
    /// attacker finds nothing more and [`Stats::node_limit_hit`] is set.
    pub node_limit: u32,
    /// Strings smaller than this are not attacked
    /// ([`DEFAULT_MIN_TARGET_SIZE`]).
    pub min_target_size: u8,
    /// Reading limits during the search: the reader's defaults with a
    /// node limit of [`DEFAULT_READING_NODE_LIMIT`] per call.
    pub reading: ReadingLimits,
    /// Owl nodes per dragon for dropping dead dragons from the targets
    /// ([`DEFAULT_OWL_NODE_LIMIT`]; 0 keeps them, and no owl searcher is
    /// built). See [`crate::dead`].
    pub owl_nodes: u32,
    /// Owl nodes of the dead-dragon filter for the whole call: once they
    /// are spent, the dragons not yet checked stay targets and
    /// [`Stats::owl_total_hit`] is set ([`DEFAULT_OWL_TOTAL`]: no bound).
    pub owl_total: u32,
}

impl Default for AaLimits {
    fn default() -> Self {
        AaLimits {
            depth: DEFAULT_DEPTH,
            node_limit: DEFAULT_NODE_LIMIT,
            min_target_size: DEFAULT_MIN_TARGET_SIZE,
            reading: ReadingLimits {
                depth: 10,
                branch_depth: 8,
                fourlib_depth: 4,
                ko_depth: 6,
                break_chain_depth: 2,
                extend_depth: 10,
                backfill_depth: 0,
                pre_read_width: 2,
                pre_read_step: 4,
                node_limit: DEFAULT_READING_NODE_LIMIT,
            },
            owl_nodes: DEFAULT_OWL_NODE_LIMIT,
            owl_total: DEFAULT_OWL_TOTAL,
        }
    }
}

/// What a call cost and whether it ran out of anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Stats {
    /// Threats tried, all searches of the call together.
    pub nodes: u32,
    /// Tactical reading nodes used (the owl filter's included).
    pub reading_nodes: u64,
    /// Owl nodes of the dead-dragon filter ([`crate::dead`]).
    pub owl_nodes: u64,
    /// Some search reached [`AaLimits::node_limit`].
    pub node_limit_hit: bool,
    /// The dead-dragon filter ran out of [`AaLimits::owl_total`]: some
    /// dragons were kept as targets unchecked (a dead one may be
    /// threatened).
    pub owl_total_hit: bool,
    /// Some move was refused for lack of journal room.
    pub journal_full: bool,
    /// More defending moves were found than [`MAX_DEFENSES`].
    pub defenses_truncated: bool,
}

impl Stats {
    fn add(&mut self, other: Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.owl_nodes = self.owl_nodes.saturating_add(other.owl_nodes);
        self.node_limit_hit |= other.node_limit_hit;
        self.owl_total_hit |= other.owl_total_hit;
        self.journal_full |= other.journal_full;
        self.defenses_truncated |= other.defenses_truncated;
    }
}

/// A combination attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Combination {
    /// The attacker's first move.
    pub attack: Point,
    /// Stones in the smallest string the combination captures.
    pub size: usize,
    /// With the first move forbidden (at every ply) no other combination
    /// of at least `size` stones turns up: the move is essential. When
    /// false, another combination exists as well; this one is still the
    /// shortest found first.
    pub essential: bool,
    /// Moves by the defender that stop it (empty when not asked for, or
    /// when none was found); at most [`MAX_DEFENSES`].
    pub defenses: PointSet,
}

/// The result of a blunder check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Blunder {
    /// Size of the new combination after the move, 0 when none.
    pub size: usize,
    /// The opponent's combination after the move, when it is new.
    pub combination: Option<Combination>,
    /// Cost and limits reached.
    pub stats: Stats,
}

/// The result of a safety check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Safety {
    /// No new combination of at least the asked size appears.
    pub safe: bool,
    /// Size of the new combination, 0 when none.
    pub size: usize,
    /// When unsafe: a move for the mover, after its move, that stops the
    /// new combination, if one was found.
    pub defense: Option<Point>,
    /// Cost and limits reached.
    pub stats: Stats,
}

/// Candidate points, each once, in insertion order.
struct List<const N: usize> {
    seen: PointSet,
    points: [Point; N],
    len: usize,
}

impl<const N: usize> List<N> {
    fn new(filler: Point) -> Self {
        List {
            seen: PointSet::new(),
            points: [filler; N],
            len: 0,
        }
    }

    fn push(&mut self, p: Point) {
        if self.len < N
            && !self.seen.contains(p)
            && let Some(slot) = self.points.get_mut(self.len)
        {
            self.seen.insert(p);
            *slot = p;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Point] {
        self.points.get(..self.len).unwrap_or(&[])
    }
}

/// One search: board, reader, the attacker, target stones, forbidden moves.
struct Search<'a, const C: usize, const M: usize, const R: usize, const A: usize> {
    board: &'a mut Board<C, M>,
    reader: &'a mut Reader<R, A>,
    attacker: Color,
    depth: usize,
    node_limit: u32,
    nodes: u32,
    targets: PointSet,
    forbidden: PointSet,
    /// The moves of the current line, both sides, in order.
    line: [Point; 2 * MAX_DEPTH as usize],
    line_len: usize,
    /// The targets were chosen on this very position: a string the first
    /// threat kills by itself was dead already and does not count. False
    /// when checking a defender's move, where such a kill refutes it.
    fresh: bool,
    stats: Stats,
}

impl<const C: usize, const M: usize, const R: usize, const A: usize> Search<'_, C, M, R, A> {
    fn defender(&self) -> Color {
        self.attacker.opponent()
    }

    /// Whether the stone at `p` belongs to a target string.
    fn is_target(&self, p: Point) -> bool {
        self.board.color_at(p) == Some(self.defender())
            && (self.targets.contains(p) || self.board.stones(p).any(|s| self.targets.contains(s)))
    }

    fn count_node(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stats.node_limit_hit = true;
            return false;
        }
        self.nodes += 1;
        self.stats.nodes = self.stats.nodes.saturating_add(1);
        true
    }

    fn play(&mut self, color: Color, p: Point) -> bool {
        match self.board.play(color, Move::Play(p)) {
            Ok(_) => true,
            Err(PlayError::JournalFull) => {
                self.stats.journal_full = true;
                false
            }
            Err(_) => false,
        }
    }

    /// Heads of the target strings (of at least `minsize` stones) with
    /// at most [`MAX_THREAT_LIBERTIES`] liberties.
    fn short_targets(&self, minsize: usize, max_libs: usize, out: &mut List<64>) {
        let mut done = PointSet::new();
        for p in self.targets.iter() {
            if self.board.color_at(p) != Some(self.defender()) {
                continue;
            }
            let head = self.board.string_id(p);
            if !done.insert(head) {
                continue;
            }
            if self.board.string_size(p) >= minsize && self.board.liberty_count(p) <= max_libs {
                out.push(head);
            }
        }
    }

    /// Deeper than the first threat, the points next to the strings of
    /// the moves played so far (or to the moves, if captured): later
    /// threats must be local to the line. `None` at the first threat.
    fn region(&self) -> Option<PointSet> {
        if self.line_len == 0 {
            return None;
        }
        let mut core = PointSet::new();
        for &p in self.line.get(..self.line_len).unwrap_or(&[]) {
            core.insert(p);
            for s in self.board.stones(p) {
                core.insert(s);
            }
        }
        let mut region = core;
        for _ in 0..REGION_STEPS {
            let inner = region;
            for p in inner.iter() {
                for q in p.neighbors() {
                    region.insert(q);
                }
            }
        }
        Some(region)
    }

    /// The points within [`REGION_STEPS`] of the strings of the line's
    /// moves and of the strings next to those (a weakened neighbour's
    /// shared liberties lead to strings the moves do not touch). `None`
    /// at the first threat.
    fn goal(&self) -> Option<PointSet> {
        if self.line_len == 0 {
            return None;
        }
        let mut core = PointSet::new();
        for &p in self.line.get(..self.line_len).unwrap_or(&[]) {
            if self.board.color_at(p).is_none() || core.contains(p) {
                core.insert(p);
                continue;
            }
            for s in self.board.stones(p) {
                core.insert(s);
            }
            let mut adj = [p; 16];
            let k = self.board.adjacent_strings(p, &mut adj);
            for &a in adj.get(..k).unwrap_or(&[]) {
                for s in self.board.stones(a) {
                    core.insert(s);
                }
            }
        }
        let mut region = core;
        for _ in 0..REGION_STEPS {
            let inner = region;
            for p in inner.iter() {
                for q in p.neighbors() {
                    region.insert(q);
                }
            }
        }
        Some(region)
    }

    fn push_line(&mut self, p: Point) {
        if let Some(slot) = self.line.get_mut(self.line_len) {
            *slot = p;
            self.line_len += 1;
        }
    }

    /// How promising a threat at `p` looks: short targets next to it count
    /// most, short targets next to its empty neighbours a little.
    fn threat_score(&self, p: Point, filler: Point) -> u32 {
        let mut score = 0u32;
        let mut heads = [filler; 8];
        let mut nh = 0;
        let mut direct = 0;
        for q in p.neighbors() {
            let (near, weight) = if self.board.cell(q) == Cell::Empty {
                (q.neighbors(), 3)
            } else {
                ([q; 4], 10)
            };
            for r in near {
                if !self.is_target(r) {
                    continue;
                }
                let h = self.board.string_id(r);
                if heads.get(..nh).unwrap_or(&[]).contains(&h) {
                    continue;
                }
                if let Some(slot) = heads.get_mut(nh) {
                    *slot = h;
                    nh += 1;
                }
                let libs = self.board.liberty_count(r).min(5) as u32;
                score += weight * (6 - libs);
                if weight == 10 {
                    direct += 1;
                }
            }
        }
        if direct >= 2 {
            score += 20;
        }
        score
    }

    /// Candidate threats, those touching several short targets first.
    // Out of line: its scratch space is freed before the line goes deeper.
    #[inline(never)]
    fn threats(&self, minsize: usize, filler: Point, out: &mut List<MAX_THREATS>) {
        let region = self.region();
        let mut short = List::<64>::new(filler);
        let max_libs = if region.is_none() {
            MAX_THREAT_LIBERTIES
        } else {
            MAX_READ_LIBERTIES
        };
        self.short_targets(minsize, max_libs, &mut short);
        let mut scored = [(0u32, filler); MAX_SCORED];
        let mut n = 0;
        let mut seen = PointSet::new();
        for &t in short.as_slice() {
            let libs = self.board.liberty_set(t);
            let second = libs.len()
                <= if region.is_none() {
                    MAX_READ_LIBERTIES
                } else {
                    2
                };
            for l in libs.iter() {
                let far = l
                    .neighbors()
                    .into_iter()
                    .filter(|&e| second && self.board.cell(e) == Cell::Empty);
                for p in core::iter::once(l).chain(far) {
                    if self.forbidden.contains(p)
                        || !seen.insert(p)
                        || region.as_ref().is_some_and(|r| !r.contains(p))
                    {
                        continue;
                    }
                    if let Some(slot) = scored.get_mut(n) {
                        *slot = (self.threat_score(p, filler), p);
                        n += 1;
                    }
                }
            }
        }
        let list = scored.get_mut(..n).unwrap_or(&mut []);
        // Stable insertion sort, best first.
        for i in 1..list.len() {
            let mut j = i;
            while j > 0 {
                let (Some(&a), Some(&b)) = (list.get(j - 1), list.get(j)) else {
                    break;
                };
                if a.0 >= b.0 {
                    break;
                }
                list.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(_, p) in list.iter() {
            out.push(p);
        }
    }

    /// An attacker node: a threat that wins, and the size it captures.
    fn attack(&mut self, ply: usize, minsize: usize) -> Option<(Point, usize)> {
        if ply >= self.depth {
            return None;
        }
        let filler = Point::new(0, 0)?;
        let mut threats = List::<MAX_THREATS>::new(filler);
        self.threats(minsize, filler, &mut threats);
        let width = if ply == 0 {
            MAX_THREATS
        } else {
            MAX_DEEP_THREATS
        };
        for &m in threats.as_slice().iter().take(width) {
            if !self.count_node() {
                return None;
            }
            if !self.play(self.attacker, m) {
                continue;
            }
            trace!(
                "{:w$}threat {} (ply {} depth {})",
                "",
                m,
                ply,
                self.depth,
                w = 2 * self.line_len
            );
            self.push_line(m);
            let result = self.after_threat(m, ply, minsize);
            self.line_len -= 1;
            let _ = self.board.undo();
            if let Some(size) = result {
                return Some((m, size));
            }
        }
        None
    }

    /// Target strings near `m`: next to it, or next to an attacker string
    /// it touches (including its own).
    // Out of line: its scratch space is freed before the line goes deeper.
    #[inline(never)]
    fn near_targets(&self, m: Point, minsize: usize, out: &mut List<MAX_THREATENED>) {
        let consider = |q: Point, out: &mut List<MAX_THREATENED>| {
            if self.is_target(q)
                && self.board.string_size(q) >= minsize
                && self.board.liberty_count(q) <= MAX_READ_LIBERTIES
            {
                out.push(self.board.string_id(q));
            }
        };
        for q in m.neighbors() {
            consider(q, out);
            if self.board.cell(q) == Cell::Empty {
                for r in q.neighbors() {
                    consider(r, out);
                }
            }
        }
        let mut own = [m; 5];
        let mut n_own = 0;
        if self.board.color_at(m) == Some(self.attacker) {
            own[0] = self.board.string_id(m);
            n_own = 1;
        }
        for q in m.neighbors() {
            if self.board.color_at(q) == Some(self.attacker) {
                let h = self.board.string_id(q);
                if !own.get(..n_own).unwrap_or(&[]).contains(&h)
                    && let Some(slot) = own.get_mut(n_own)
                {
                    *slot = h;
                    n_own += 1;
                }
            }
        }
        for &s in own.get(..n_own).unwrap_or(&[]) {
            let mut adj = [s; 16];
            let k = self.board.adjacent_strings(s, &mut adj);
            for &a in adj.get(..k).unwrap_or(&[]) {
                consider(a, out);
            }
        }
    }

    /// After the attacker's threat at `m`: the size captured if the
    /// defender cannot answer, `None` if it can.
    fn after_threat(&mut self, m: Point, ply: usize, minsize: usize) -> Option<usize> {
        let mut near = List::<MAX_THREATENED>::new(m);
        self.near_targets(m, minsize, &mut near);
        let mut threatened = [(m, 0usize); MAX_THREATENED];
        let mut n = 0;
        let mut answers = List::<MAX_ANSWERS>::new(m);
        for &t in near.as_slice() {
            let a = self.reader.attack(self.board, t);
            trace!("{:w$}near {} {:?}", "", t, a.code, w = 2 * self.line_len);
            if a.code != Code::Win {
                continue;
            }
            let size = self.board.string_size(t);
            let d = self.reader.find_defense(self.board, t);
            if d.code == Code::Fail {
                if ply == 0 && self.fresh {
                    // One attacker move kills `t` outright: it was
                    // tactically dead already (reading missed it when the
                    // targets were chosen), not the prize of a combination.
                    trace!("{:w$}dead already {}", "", t, w = 2 * self.line_len);
                    continue;
                }
                trace!("{:w$}captures {}", "", t, w = 2 * self.line_len);
                return Some(size);
            }
            if let Some(slot) = threatened.get_mut(n) {
                *slot = (t, size);
                n += 1;
            }
            if let Some(p) = d.point {
                answers.push(p);
            }
            if let Some(p) = a.point {
                answers.push(p);
            }
            // Captures of attacker strings in atari next to the target.
            let mut adj = [t; 16];
            let k = self.board.adjacent_strings(t, &mut adj);
            for &s in adj.get(..k).unwrap_or(&[]) {
                if self.board.liberty_count(s) == 1 {
                    let mut lib = [s; 1];
                    if self.board.liberties(s, &mut lib) == 1 {
                        answers.push(lib[0]);
                    }
                }
            }
            if self.board.liberty_count(t) <= 3 {
                for l in self.board.liberty_set(t).iter() {
                    answers.push(l);
                }
            }
            // Counter-attacks: capturing a short attacker string next to
            // the target.
            for &s in adj.get(..k).unwrap_or(&[]) {
                let libs = self.board.liberty_count(s);
                if !(2..=MAX_READ_LIBERTIES).contains(&libs) {
                    continue;
                }
                let a = self.reader.attack(self.board, s);
                if a.code == Code::Win
                    && let Some(p) = a.point
                {
                    answers.push(p);
                }
            }
        }
        if n == 0 {
            return None;
        }
        // Capturing the threatening stones.
        if self.board.color_at(m).is_some() && self.board.liberty_count(m) <= 2 {
            let a = self.reader.attack(self.board, m);
            if a.code == Code::Win
                && let Some(p) = a.point
            {
                answers.push(p);
            }
        }
        let threatened = threatened.get(..n).unwrap_or(&[]);
        let mut smallest = threatened.iter().map(|&(_, s)| s).min().unwrap_or(0);
        let mut worst: Option<usize> = None;
        // The one target left capturable right after every answer, if the
        // same for all: then the first threat alone kills it.
        let mut same_victim: Option<Option<Point>> = None;
        for &d in answers.as_slice() {
            if !self.play(self.defender(), d) {
                continue;
            }
            trace!("{:w$}answer {}", "", d, w = 2 * self.line_len);
            self.push_line(d);
            let outcome = self.after_answer(threatened, ply, minsize);
            self.line_len -= 1;
            let _ = self.board.undo();
            match outcome {
                None => return None,
                Some((s, victim)) => {
                    worst = Some(worst.map_or(s, |w: usize| w.min(s)));
                    same_victim = match same_victim {
                        None => Some(victim),
                        Some(v) if v == victim => Some(v),
                        Some(_) => Some(None),
                    };
                }
            }
        }
        if ply == 0 && self.fresh && (worst.is_none() || matches!(same_victim, Some(Some(_)))) {
            // The first threat kills one string whatever the defender
            // does (or leaves nothing to try): a plain tactical kill of a
            // string that was dead already, not a combination.
            trace!(
                "{:w$}plain kill, not a combination",
                "",
                w = 2 * self.line_len
            );
            return None;
        }
        if let Some(w) = worst {
            smallest = w;
        }
        Some(smallest)
    }

    /// After the defender's answer: the size the attacker captures, if
    /// any, and the threatened target still capturable right away (`None`
    /// when the capture comes from a later threat).
    fn after_answer(
        &mut self,
        threatened: &[(Point, usize)],
        ply: usize,
        minsize: usize,
    ) -> Option<(usize, Option<Point>)> {
        for &(t, _) in threatened {
            if self.board.color_at(t) != Some(self.defender()) {
                continue;
            }
            if self.reader.attack(self.board, t).code == Code::Win {
                trace!("{:w$}still capturable {}", "", t, w = 2 * self.line_len);
                return Some((self.board.string_size(t), Some(t)));
            }
        }
        if let Some(t) = self.capturable_near_line(minsize) {
            // Like a capture by a later threat: not the first threat's
            // own victim.
            return Some((self.board.string_size(t), None));
        }
        self.attack(ply + 1, minsize).map(|(_, s)| (s, None))
    }

    /// A target string near the line (a stone within [`Self::goal`]) with at most [`MAX_READ_LIBERTIES`] liberties
    /// that reading now captures, the attacker to move: the moves so far
    /// weakened it (targets were uncapturable at the start), so the line
    /// ends in its capture.
    // Out of line: its scratch space is freed before the line goes deeper.
    #[inline(never)]
    fn capturable_near_line(&mut self, minsize: usize) -> Option<Point> {
        let region = self.goal()?;
        let mut done = PointSet::new();
        for p in region.iter() {
            if !self.is_target(p) {
                continue;
            }
            let head = self.board.string_id(p);
            if !done.insert(head)
                || self.board.string_size(p) < minsize
                || self.board.liberty_count(p) > 2
            {
                continue;
            }
            let code = self.reader.attack(self.board, p).code;
            trace!("{:w$}goal {} {:?}", "", p, code, w = 2 * self.line_len);
            if code == Code::Win {
                trace!(
                    "{:w$}capturable near the line {}",
                    "",
                    p,
                    w = 2 * self.line_len
                );
                return Some(p);
            }
        }
        None
    }
}

/// Target stones for `attacker`: defender strings of at least `min_size`
/// stones that reading cannot capture now.
fn targets<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    min_size: usize,
) -> PointSet {
    let mut set = PointSet::new();
    let mut done = PointSet::new();
    let size = board.size();
    for i in 0..size * size {
        let Some(p) = Point::new(i % size, i / size) else {
            continue;
        };
        if board.color_at(p) != Some(attacker.opponent()) || done.contains(p) {
            continue;
        }
        for s in board.stones(p) {
            done.insert(s);
        }
        if board.string_size(p) < min_size {
            continue;
        }
        let safe = board.liberty_count(p) >= 5 || reader.attack(board, p).code != Code::Win;
        if !safe {
            trace!("not a target: {}", p);
        }
        if safe {
            for s in board.stones(p) {
                set.insert(s);
            }
        }
    }
    set
}

/// Runs `f` with the reader set to `limits.reading`, restoring its limits
/// after; adds the reading nodes used to the stats `f` answers.
fn with_reading<const R: usize, const A: usize, T>(
    reader: &mut Reader<R, A>,
    limits: &AaLimits,
    f: impl FnOnce(&mut Reader<R, A>) -> (T, Stats),
) -> (T, Stats) {
    let before = reader.limits();
    let nodes = reader.nodes();
    if before != limits.reading {
        reader.set_limits(limits.reading);
    }
    let (value, mut stats) = f(reader);
    if before != limits.reading {
        reader.set_limits(before);
    }
    stats.reading_nodes = reader.nodes().wrapping_sub(nodes);
    trace!("stats: {:?}", stats);
    (value, stats)
}

/// Searches once with the given forbidden moves; answers the combination
/// (attack, size) of at least `minsize` stones.
#[allow(clippy::too_many_arguments)]
fn search_once<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    targets: PointSet,
    forbidden: PointSet,
    minsize: usize,
    limits: &AaLimits,
    fresh: bool,
    stats: &mut Stats,
) -> Option<(Point, usize)> {
    let filler = Point::new(0, 0)?;
    let mut search = Search {
        board,
        reader,
        attacker,
        depth: usize::from(limits.depth.min(MAX_DEPTH)),
        node_limit: limits.node_limit,
        nodes: 0,
        targets,
        forbidden,
        line: [filler; 2 * MAX_DEPTH as usize],
        line_len: 0,
        fresh,
        stats: Stats::default(),
    };
    // Iterative deepening: short combinations are found before the node
    // budget goes into long lines.
    let mut found = None;
    for depth in 1..=usize::from(limits.depth.min(MAX_DEPTH)) {
        search.depth = depth;
        found = search.attack(0, minsize.max(1));
        if found.is_some() || search.stats.node_limit_hit {
            break;
        }
    }
    stats.add(search.stats);
    found
}

/// The first combination found (shortest lines first), its size, and
/// whether its first move is essential: with that move forbidden at every
/// ply no combination at least as large turns up.
fn essential<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    targets: PointSet,
    limits: &AaLimits,
    stats: &mut Stats,
) -> Option<(Point, usize, bool)> {
    let minsize = usize::from(limits.min_target_size).max(1);
    let (m, size) = search_once(
        board,
        reader,
        attacker,
        targets,
        PointSet::new(),
        minsize,
        limits,
        true,
        stats,
    )?;
    let mut forbidden = PointSet::new();
    forbidden.insert(m);
    let other = search_once(
        board, reader, attacker, targets, forbidden, size, limits, true, stats,
    );
    Some((m, size, other.is_none()))
}

/// Points where the defender might stop the combination that starts at
/// `attack`: the attack point, the liberties of the target strings around
/// it and of attacker strings in atari next to those.
fn area<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    attacker: Color,
    attack: Point,
    targets: &PointSet,
) -> PointSet {
    let mut area = PointSet::new();
    area.insert(attack);
    if board.play(attacker, Move::Play(attack)).is_err() {
        return area;
    }
    let mut strings = [attack; 24];
    let mut n = 0;
    let mut push = |board: &Board<C, M>, q: Point, n: &mut usize| {
        if board.color_at(q) == Some(attacker.opponent())
            && board.stones(q).any(|s| targets.contains(s))
        {
            let h = board.string_id(q);
            if !strings.get(..*n).unwrap_or(&[]).contains(&h)
                && let Some(slot) = strings.get_mut(*n)
            {
                *slot = h;
                *n += 1;
            }
        }
    };
    for q in attack.neighbors() {
        push(board, q, &mut n);
        if board.color_at(q) == Some(attacker) {
            let mut adj = [q; 16];
            let k = board.adjacent_strings(q, &mut adj);
            for &a in adj.get(..k).unwrap_or(&[]) {
                push(board, a, &mut n);
            }
        }
    }
    let mut adj = [attack; 16];
    let k = board.adjacent_strings(attack, &mut adj);
    for &a in adj.get(..k).unwrap_or(&[]) {
        push(board, a, &mut n);
    }
    for &t in strings.get(..n).unwrap_or(&[]) {
        if board.liberty_count(t) > MAX_THREAT_LIBERTIES {
            continue;
        }
        for l in board.liberty_set(t).iter() {
            area.insert(l);
        }
        let mut around = [t; 16];
        let k = board.adjacent_strings(t, &mut around);
        for &a in around.get(..k).unwrap_or(&[]) {
            if board.liberty_count(a) <= 2 {
                for l in board.liberty_set(a).iter() {
                    area.insert(l);
                }
            }
        }
    }
    for l in board.liberty_set(attack).iter() {
        area.insert(l);
    }
    let _ = board.undo();
    area
}

/// The moves of the defender in the combination's area after which
/// `attacker` has no combination of at least `size` stones.
#[allow(clippy::too_many_arguments)]
fn defenses<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    attack: Point,
    size: usize,
    targets: &PointSet,
    limits: &AaLimits,
    stats: &mut Stats,
) -> PointSet {
    let mut out = PointSet::new();
    let candidates = area(board, attacker, attack, targets);
    for d in candidates.iter() {
        match board.play(attacker.opponent(), Move::Play(d)) {
            Ok(_) => {}
            Err(PlayError::JournalFull) => {
                stats.journal_full = true;
                continue;
            }
            Err(_) => continue,
        }
        let found = search_once(
            board,
            reader,
            attacker,
            *targets,
            PointSet::new(),
            size,
            limits,
            false,
            stats,
        );
        let _ = board.undo();
        if found.is_none() {
            if out.len() < MAX_DEFENSES {
                out.insert(d);
            } else {
                stats.defenses_truncated = true;
            }
        }
    }
    out
}

/// Looks for a combination for `attacker`: its first move and the size of
/// the smallest string it captures, without the defending moves (cheaper
/// than [`atari_atari`]). The board is left unchanged.
pub fn find_combination<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    limits: &AaLimits,
) -> (Option<Combination>, Stats) {
    with_reading(reader, limits, |reader| {
        let mut stats = Stats::default();
        let mut targets = targets(board, reader, attacker, usize::from(limits.min_target_size));
        (stats.owl_nodes, stats.owl_total_hit) =
            drop_dead_dragons(board, reader, attacker.opponent(), &mut targets, limits);
        let found = essential(board, reader, attacker, targets, limits, &mut stats);
        let combination = found.map(|(attack, size, essential)| Combination {
            attack,
            size,
            essential,
            defenses: PointSet::new(),
        });
        (combination, stats)
    })
}

/// GNU Go's `atari_atari`: a combination for `attacker` (its essential
/// first move, the size of the smallest string under attack) and the
/// defender's moves that stop it. The board is left unchanged.
///
/// ```
/// use owlet_board::{Board, Color, Reader};
/// use owlet_combination::{AaLimits, atari_atari};
/// // Four lone stones: nothing to combine.
/// let mut board: Board = Board::from_diagram("
///     .......
///     .X...O.
///     .......
///     .......
///     .......
///     .O...X.
///     .......").unwrap();
/// let mut reader: Reader = Reader::new();
/// let (found, stats) = atari_atari(&mut board, &mut reader, Color::Black, &AaLimits::default());
/// assert_eq!(found, None);
/// assert!(!stats.node_limit_hit);
/// ```
pub fn atari_atari<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    attacker: Color,
    limits: &AaLimits,
) -> (Option<Combination>, Stats) {
    with_reading(reader, limits, |reader| {
        let mut stats = Stats::default();
        let mut targets = targets(board, reader, attacker, usize::from(limits.min_target_size));
        (stats.owl_nodes, stats.owl_total_hit) =
            drop_dead_dragons(board, reader, attacker.opponent(), &mut targets, limits);
        let found = essential(board, reader, attacker, targets, limits, &mut stats);
        let combination = found.map(|(attack, size, essential)| Combination {
            attack,
            size,
            essential,
            defenses: defenses(
                board, reader, attacker, attack, size, &targets, limits, &mut stats,
            ),
        });
        (combination, stats)
    })
}

/// GNU Go's `atari_atari_blunder_size`: after `color` plays `mv`, does the
/// opponent have a combination it did not have before (none before, or a
/// smaller one)? Answers its size (0 when none) and the combination, its
/// defences being moves for `color` after `mv`. An illegal `mv` is an
/// error; the board is left unchanged either way.
pub fn atari_atari_blunder_size<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    color: Color,
    mv: Point,
    limits: &AaLimits,
) -> Result<Blunder, PlayError> {
    board.check_move(color, mv)?;
    let opponent = color.opponent();
    let (before, mut stats) = find_combination(board, reader, opponent, limits);
    board.play(color, Move::Play(mv))?;
    let (after, after_stats) = atari_atari(board, reader, opponent, limits);
    let _ = board.undo();
    stats.add(after_stats);
    stats.reading_nodes = stats
        .reading_nodes
        .saturating_add(after_stats.reading_nodes);
    let before_size = before.map_or(0, |c| c.size);
    let combination = after.filter(|c| c.size > before_size);
    Ok(Blunder {
        size: combination.map_or(0, |c| c.size),
        combination,
        stats,
    })
}

/// GNU Go's `atari_atari_confirm_safety`: is `mv` by `color` safe from a
/// new combination of at least `minsize` stones (`minsize` 0 counts as 1)?
/// When it is not, `defense` is a move for `color` after `mv` that stops
/// the combination, if one was found. An illegal `mv` is an error.
pub fn atari_atari_confirm_safety<
    const C: usize,
    const M: usize,
    const R: usize,
    const A: usize,
>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    color: Color,
    mv: Point,
    minsize: usize,
    limits: &AaLimits,
) -> Result<Safety, PlayError> {
    let blunder = atari_atari_blunder_size(board, reader, color, mv, limits)?;
    let safe = blunder.size < minsize.max(1);
    Ok(Safety {
        safe,
        size: blunder.size,
        defense: if safe {
            None
        } else {
            blunder.combination.and_then(|c| c.defenses.iter().next())
        },
        stats: blunder.stats,
    })
}

#[cfg(test)]
mod tests;
