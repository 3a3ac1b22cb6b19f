//! The local-game solver: the value and vital points of an eye graph, read
//! out by play.
//!
//! Owns: [`Solver`] and [`Analysis`]. The method is the one GNU Go documents
//! for `analyze_eyegraph`: the graph is embedded in a defender group that
//! has no other eye potential — every vertex that touches the group's
//! stones is its liberty, and the group has [`OUTER_LIBERTIES`] more
//! liberties outside that only the attacker fills (on a board, the real
//! number when it is smaller: see [`Solver::analyze_with_outer`]) — while marginal
//! vertices also touch attacker stones that cannot be captured, and dead
//! attacker stones start on their vertices (a dead stone on a marginal
//! vertex, `$`, is not joined to the outside: once captured, its vertex is
//! an ordinary margin). Then it reads whether the
//! attacker can capture the group, without and with one extra true eye
//! elsewhere: a group that lives without it is worth 2 eyes, one that
//! lives with it 1, otherwise 0. Doing so for the four ways of starting
//! (see [`crate::value`]) gives the value `abcd`.
//!
//! Rules of the reading: either side may pass; two passes in a row end it
//! (the group lives); for `a` and `d` the side that owes a tenuki passes
//! right after the first move, so the other side moves twice in a row
//! (this is what GNU Go 3.8's `analyze_eyegraph` answers for `!..` and
//! `....`; eyes.db's own comment on pattern 6141 describes a subtler
//! reading: letting the defender choose when to tenuki agrees with
//! only 649 of eyes.db's 1816 values, against 1292 this way). Suicide is not allowed (GNU Go's
//! `analyze_eyegraph` answers `X.X` with 2222; eyes.db, which assumes
//! suicide, says 1222). A move that
//! repeats an earlier position of the line is not allowed (positional
//! superko), so ko goes to the side that does not need to retake first.
//!
//! Bounds: a direct-mapped cache of `CACHE` 8-byte entries (default
//! [`DEFAULT_CACHE_ENTRIES`] = 1024, 8 KiB), a node budget per analysis
//! ([`DEFAULT_NODE_BUDGET`]) and a line depth of [`MAX_DEPTH`]. When the
//! budget or depth runs out the analysis answers a conservative value with
//! [`Analysis::exact`] false. Results that depended on the superko rule are
//! not cached.
//!
//! Dead attacker strings with no liberty in the graph have their last
//! liberty outside the space: the defender may capture them with a move
//! (so `X` alone is an eye, as eyes.db's pattern 100 says; GNU Go's
//! `analyze_eyegraph` answers 0000 there). A line that ends with dead
//! stones left in the space counts as a loss for the defender: a seki
//! around dead stones is no eye (eyes.db: `$.` is 0000, `$.X` 1111).
//!
//! Omits: ko values (a ko counts as lost by whoever must retake first),
//! and seki is counted as life (2 eyes) when the group survives without
//! the extra eye.

use crate::graph::{EyeGraph, MAX_VERTICES, Mask, bit};
use crate::value::EyeValue;

/// Default cache entries (8 bytes each).
pub const DEFAULT_CACHE_ENTRIES: usize = 1024;

/// Default node budget of one [`Solver::analyze`] call.
pub const DEFAULT_NODE_BUDGET: u32 = 400_000;

/// Longest line read (moves and passes).
pub const MAX_DEPTH: usize = 64;

/// Most dead strings without a liberty in the graph that are tracked.
const MAX_CAPTIVES: usize = 8;

/// Liberties of the defender's group outside the eye space (3 agrees
/// best with eyes.db: 1292 patterns, against 1256 with 2 and 1280 with 4).
pub const OUTER_LIBERTIES: u8 = 3;

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

/// A position of the local game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    def: Mask,
    att: Mask,
    /// Dead stones on marginal vertices (`$`) still on their vertex: they
    /// are not connected to the attacker's outside stones (a stone the
    /// attacker plays on a marginal vertex later is).
    orig: Mask,
    outer: u8,
    eye: bool,
}

impl Pos {
    fn key(self) -> u64 {
        u64::from(self.def)
            | (u64::from(self.att) << 16)
            | (u64::from(self.outer & 0xf) << 32)
            | (u64::from(self.eye) << 36)
            | (u64::from(self.orig) << 42)
    }
}

/// Debts: the defender owes a tenuki (bit 0) or the attacker does (bit 1).
const DEFENDER_OWES: u8 = 1;
const ATTACKER_OWES: u8 = 2;

/// What a move did.
enum Played {
    Illegal,
    Captured,
    Done(Pos),
}

/// The solver with its cache. `size_of` is `CACHE × 8` plus about 0.6 KiB.
pub struct Solver<const CACHE: usize = DEFAULT_CACHE_ENTRIES> {
    cache: [u64; CACHE],
    graph: EyeGraph,
    order: [u8; MAX_VERTICES],
    path: [u64; MAX_DEPTH],
    captives: [Mask; MAX_CAPTIVES],
    ncaptives: usize,
    nodes: u32,
    budget: u32,
    outer: u8,
    out_of_budget: bool,
}

impl<const CACHE: usize> Default for Solver<CACHE> {
    fn default() -> Self {
        Solver::new()
    }
}

const RESULT_SHIFT: u32 = 62;

impl<const CACHE: usize> Solver<CACHE> {
    /// An empty solver with the default budget.
    #[must_use]
    pub fn new() -> Self {
        Solver {
            cache: [0; CACHE],
            graph: EyeGraph::new(),
            order: [0; MAX_VERTICES],
            path: [0; MAX_DEPTH],
            captives: [0; MAX_CAPTIVES],
            ncaptives: 0,
            nodes: 0,
            budget: DEFAULT_NODE_BUDGET,
            outer: OUTER_LIBERTIES,
            out_of_budget: false,
        }
    }

    /// Sets the node budget of each [`Solver::analyze`] call.
    pub fn set_budget(&mut self, nodes: u32) {
        self.budget = nodes;
    }

    /// Nodes used by the last analysis.
    #[must_use]
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// The value and vital points of `graph`.
    pub fn analyze(&mut self, graph: &EyeGraph) -> Analysis {
        self.analyze_with_outer(graph, OUTER_LIBERTIES)
    }

    /// [`Solver::analyze`] for a group with `outer` liberties outside the
    /// eye space (at most [`OUTER_LIBERTIES`] are used): on a board, a
    /// group whose only liberties are in the eye space has fewer.
    pub fn analyze_with_outer(&mut self, graph: &EyeGraph, outer: u8) -> Analysis {
        self.graph = *graph;
        self.cache.iter_mut().for_each(|e| *e = 0);
        self.nodes = 0;
        self.out_of_budget = false;
        self.outer = outer.min(OUTER_LIBERTIES);
        // Moves with more neighbours first: vital points are usually central.
        let mut order = [0u8; MAX_VERTICES];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        let n = graph.len().min(MAX_VERTICES);
        if let Some(slice) = order.get_mut(..n) {
            slice.sort_unstable_by_key(|&v| {
                let degree = graph.adj.get(v as usize).map_or(0, |a| a.count_ones());
                (core::cmp::Reverse(degree), v)
            });
        }
        self.order = order;

        let start = Pos {
            def: 0,
            att: graph.stones & graph.all(),
            orig: graph.stones & graph.marginal & graph.all(),
            outer: self.outer,
            eye: false,
        };
        // Dead strings without a liberty in the graph: their last liberty
        // is outside the eye space, where only the defender can use it (a
        // move that captures them).
        self.captives = [0; MAX_CAPTIVES];
        self.ncaptives = 0;
        let immortal = graph.flood(start.att & graph.marginal & !start.orig, start.att);
        let empty = graph.all() & !start.att;
        let mut rest = start.att & !immortal;
        while rest != 0 {
            let string = graph.flood(bit(rest.trailing_zeros() as usize), start.att);
            rest &= !string;
            if graph.neighbours(string) & empty == 0
                && let Some(slot) = self.captives.get_mut(self.ncaptives)
            {
                *slot = string;
                self.ncaptives += 1;
            }
        }
        let a = self.digit(start, Side::Attacker, DEFENDER_OWES);
        let b = self.digit(start, Side::Attacker, 0);
        let c = self.digit(start, Side::Defender, 0);
        let d = self.digit(start, Side::Defender, ATTACKER_OWES);
        let (Some(a), Some(b), Some(c), Some(d)) = (a, b, c, d) else {
            return self.estimate();
        };
        let value = EyeValue::new(a.min(b), b, c, d.max(c));
        let mut attack = 0;
        let mut defense = 0;
        if value.b < value.c {
            attack = self.vital(start, Side::Attacker, 0, value.b);
        } else if value.a < value.b {
            attack = self.vital(start, Side::Attacker, DEFENDER_OWES, value.a);
        }
        if value.c > value.b {
            defense = self.vital(start, Side::Defender, 0, value.c);
        } else if value.d > value.c {
            defense = self.vital(start, Side::Defender, ATTACKER_OWES, value.d);
        }
        if self.out_of_budget {
            return self.estimate();
        }
        Analysis {
            value,
            attack,
            defense,
            exact: true,
        }
    }

    /// The conservative value used beyond the solver's reach: as many eyes
    /// as the plain (non-marginal, empty) vertices surely give, counting
    /// seven or more as two, one for three or more.
    fn estimate(&self) -> Analysis {
        let g = &self.graph;
        let plain = (g.all() & !g.marginal & !g.stones).count_ones();
        let sure = if plain >= 7 { 2 } else { u8::from(plain >= 3) };
        Analysis {
            value: EyeValue::new(sure, sure, 2, 2),
            attack: 0,
            defense: 0,
            exact: false,
        }
    }

    /// Eyes when `first` moves first from `pos` with the given debts.
    fn digit(&mut self, pos: Pos, first: Side, debts: u8) -> Option<u8> {
        let with_eye = self.root(Pos { eye: true, ..pos }, first, debts)?;
        if !with_eye {
            return Some(0);
        }
        let without = self.root(pos, first, debts)?;
        Some(if without { 2 } else { 1 })
    }

    fn root(&mut self, pos: Pos, first: Side, debts: u8) -> Option<bool> {
        if let Some(p) = self.path.get_mut(0) {
            *p = pos.key();
        }
        match self.search(pos, first, 0, debts, 1).0 {
            Res::Lives => Some(true),
            Res::Dies => Some(false),
            Res::Unknown => None,
        }
    }

    /// First moves of `side` from `pos` that reach `target` eyes.
    fn vital(&mut self, pos: Pos, side: Side, debts: u8, target: u8) -> Mask {
        let mut found = 0;
        let empty = self.graph.all() & !pos.att & !pos.def;
        for i in 0..self.graph.len() {
            let v = self.order.get(i).copied().unwrap_or(0) as usize;
            if empty & bit(v) == 0 {
                continue;
            }
            let eyes = |s: &mut Self, eye: bool| -> Option<bool> {
                let p = Pos { eye, ..pos };
                match s.play(p, side, v) {
                    Played::Illegal => None,
                    Played::Captured => Some(false),
                    Played::Done(next) => {
                        if let Some(slot) = s.path.get_mut(0) {
                            *slot = p.key();
                        }
                        if let Some(slot) = s.path.get_mut(1) {
                            *slot = next.key();
                        }
                        match s.search(next, other(side), 0, debts, 2).0 {
                            Res::Lives => Some(true),
                            _ => Some(false),
                        }
                    }
                }
            };
            let Some(with_eye) = eyes(self, true) else {
                continue;
            };
            let got = if !with_eye {
                0
            } else if eyes(self, false) == Some(true) {
                2
            } else {
                1
            };
            if got == target {
                found |= bit(v);
            }
        }
        found
    }

    /// Liberties of the defender's group (the wall and the stones joined
    /// to it), and the group's stones.
    fn wall_liberties(&self, pos: Pos) -> (u32, Mask) {
        let g = &self.graph;
        let empty = g.all() & !pos.def & !pos.att;
        let group = g.flood(pos.def & g.wall, pos.def);
        let libs = (empty & (g.wall | g.neighbours(group))).count_ones()
            + u32::from(pos.outer)
            + u32::from(pos.eye);
        (libs, group)
    }

    /// Removes `side`'s strings without liberties (the wall excepted for
    /// the defender, immortal strings for the attacker); answers the new
    /// position and whether the wall has no liberty.
    fn remove_dead(&self, mut pos: Pos, side: Side) -> (Pos, bool) {
        let g = &self.graph;
        match side {
            Side::Attacker => {
                let immortal = g.flood(pos.att & g.marginal & !pos.orig, pos.att);
                let mut rest = pos.att & !immortal;
                while rest != 0 {
                    let seed = bit(rest.trailing_zeros() as usize);
                    let string = g.flood(seed, pos.att);
                    rest &= !string;
                    let empty = g.all() & !pos.def & !pos.att;
                    if g.neighbours(string) & empty == 0 {
                        pos.att &= !string;
                        pos.orig &= !string;
                    }
                }
                (pos, false)
            }
            Side::Defender => {
                let (libs, group) = self.wall_liberties(pos);
                if libs == 0 {
                    return (pos, true);
                }
                let mut rest = pos.def & !group;
                while rest != 0 {
                    let seed = bit(rest.trailing_zeros() as usize);
                    let string = g.flood(seed, pos.def);
                    rest &= !string;
                    let empty = g.all() & !pos.def & !pos.att;
                    if g.neighbours(string) & empty == 0 {
                        pos.def &= !string;
                    }
                }
                (pos, false)
            }
        }
    }

    /// `side` plays on vertex `v`.
    fn play(&self, pos: Pos, side: Side, v: usize) -> Played {
        let b = bit(v);
        if (pos.def | pos.att) & b != 0 || b == 0 {
            return Played::Illegal;
        }
        let mut next = pos;
        match side {
            Side::Defender => next.def |= b,
            Side::Attacker => next.att |= b,
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

    fn search(
        &mut self,
        pos: Pos,
        mover: Side,
        passes: u8,
        debts: u8,
        depth: usize,
    ) -> (Res, bool) {
        if passes >= 2 && debts == 0 {
            // The group lives only with its eye space cleared of dead
            // stones: a seki around a dead stone is no eye (eyes.db).
            let immortal = self
                .graph
                .flood(pos.att & self.graph.marginal & !pos.orig, pos.att);
            if pos.att & !immortal != 0 {
                return (Res::Dies, false);
            }
            return (Res::Lives, false);
        }
        self.nodes = self.nodes.saturating_add(1);
        if self.nodes > self.budget || depth >= MAX_DEPTH {
            self.out_of_budget = true;
            return (Res::Unknown, false);
        }
        let (libs, _) = self.wall_liberties(pos);
        if mover == Side::Attacker && libs <= 1 {
            return (Res::Dies, false);
        }
        let key = pos.key()
            | (u64::from(mover == Side::Attacker) << 37)
            | (u64::from(passes.min(3)) << 38)
            | (u64::from(debts & 3) << 40);
        let slot = (mix(key) % CACHE.max(1) as u64) as usize;
        if let Some(&entry) = self.cache.get(slot)
            && entry & !(3 << RESULT_SHIFT) == key
        {
            match entry >> RESULT_SHIFT {
                1 => return (Res::Lives, false),
                2 => return (Res::Dies, false),
                _ => {}
            }
        }

        let good = match mover {
            Side::Defender => Res::Lives,
            Side::Attacker => Res::Dies,
        };
        let bad = match mover {
            Side::Defender => Res::Dies,
            Side::Attacker => Res::Lives,
        };
        let mut history = false;
        let mut unknown = false;
        let n = self.graph.len();
        let owes = match mover {
            Side::Defender => DEFENDER_OWES,
            Side::Attacker => ATTACKER_OWES,
        };
        // A side that owes a tenuki pays it at once: the other side moves
        // twice in a row.
        let pass = n + 1 + self.ncaptives;
        let first = if debts & owes != 0 { pass } else { 0 };
        // Moves on the vertices, then (attacker) an outer liberty or
        // (defender) capturing a string from outside, then pass.
        for i in first..=pass {
            let next = if i < n {
                let v = self.order.get(i).copied().unwrap_or(0) as usize;
                match self.play(pos, mover, v) {
                    Played::Illegal => continue,
                    Played::Captured => return self.store(slot, key, Res::Dies, false),
                    Played::Done(next) => Some(next),
                }
            } else if i == n {
                if mover != Side::Attacker || pos.outer == 0 {
                    continue;
                }
                Some(Pos {
                    outer: pos.outer - 1,
                    ..pos
                })
            } else if i < pass {
                let cap = self.captives.get(i - n - 1).copied().unwrap_or(0);
                if mover != Side::Defender || cap == 0 || pos.att & cap != cap {
                    continue;
                }
                Some(Pos {
                    att: pos.att & !cap,
                    orig: pos.orig & !cap,
                    ..pos
                })
            } else {
                None
            };
            let (res, hist) = match next {
                Some(next) => {
                    let k = next.key();
                    if self.path.iter().take(depth).any(|&p| p == k) {
                        history = true;
                        continue;
                    }
                    if let Some(p) = self.path.get_mut(depth) {
                        *p = k;
                    }
                    self.search(next, other(mover), 0, debts, depth + 1)
                }
                None => {
                    if let Some(p) = self.path.get_mut(depth) {
                        *p = pos.key();
                    }
                    if debts & owes != 0 {
                        self.search(pos, other(mover), 0, debts & !owes, depth + 1)
                    } else {
                        self.search(pos, other(mover), passes + 1, debts, depth + 1)
                    }
                }
            };
            history |= hist;
            if res == good {
                return self.store(slot, key, good, history);
            }
            if res == Res::Unknown {
                unknown = true;
            }
        }
        if unknown {
            return (Res::Unknown, history);
        }
        self.store(slot, key, bad, history)
    }

    fn store(&mut self, slot: usize, key: u64, res: Res, history: bool) -> (Res, bool) {
        if !history && let Some(e) = self.cache.get_mut(slot) {
            let r: u64 = match res {
                Res::Lives => 1,
                Res::Dies => 2,
                Res::Unknown => 0,
            };
            *e = key | (r << RESULT_SHIFT);
        }
        (res, history)
    }
}

const fn other(side: Side) -> Side {
    match side {
        Side::Defender => Side::Attacker,
        Side::Attacker => Side::Defender,
    }
}

/// A 64-bit mix for cache slots.
const fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

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
        assert_eq!(value("X"), "1111"); // eyes.db 100; analyze_eyegraph says 0000
        assert_eq!(value("XXX"), "1112"); // eyes.db 302 (xXx) says 1111: no threat
        assert_eq!(value(".X."), "1111");
        assert_eq!(value("..%.."), "1112");
        assert_eq!(value("X.X"), "2222");
        assert_eq!(value("OO!%O.X%!..."), "0112");
        assert_eq!(value("$."), "0000");
        assert_eq!(value("$.X"), "1111"); // eyes.db 331; analyze_eyegraph says 0011
    }
}

#[cfg(test)]
mod size {
    use super::*;

    #[test]
    fn sizes_are_documented() {
        // Solver: the cache plus about 0.6 KiB (line of 64 positions,
        // graph, move order, captives).
        let fixed = core::mem::size_of::<Solver<0>>();
        assert!(fixed <= 700, "{fixed}");
        assert_eq!(core::mem::size_of::<Solver<1024>>(), fixed + 8192);
        assert!(core::mem::size_of::<EyeGraph>() <= 96);
        std::println!(
            "Solver<0> {fixed} bytes, EyeGraph {} bytes",
            core::mem::size_of::<EyeGraph>()
        );
    }
}
