//! owlet-combination: combination attacks (GNU Go's `atari_atari`).
//!
//! It may happen that no single opponent string can be captured, yet one
//! move guarantees that at least one of several will be: a double atari, or
//! a chain of threats (usually ataris) that ends in a capture. This crate
//! finds such moves for a colour, the moves that defend against them, and
//! whether a given move walks into a new one (a blunder check).
//!
//! Owns: [`atari_atari`] (attack move, size of the smallest string under
//! attack, defending moves), [`find_combination`] (the attack alone),
//! [`atari_atari_blunder_size`] and [`atari_atari_confirm_safety`]. The
//! search is described in [`search`]; the tactical reading it relies on is
//! owlet-board's [`owlet_board::Reader`], run with the lighter
//! [`AaLimits::reading`]; dead dragons are dropped from the targets by
//! owlet-owl ([`dead`]).
//!
//! Omits (simplifications against GNU Go 3.8): GNU Go only attacks strings
//! of dragons its owl analysis calls alive. owlet's targets are the
//! strings that tactical reading cannot capture outright now (a ko capture
//! counts as "cannot"), that have at least [`AaLimits::min_target_size`]
//! stones, and whose dragon a small owl search ([`AaLimits::owl_nodes`]
//! per dragon, [`dead`]) does not call dead. Critical dragons stay
//! targets (owlet's owl calls too many alive dragons killable to drop
//! them), and strings that reading can capture are never part of a
//! combination even when a life-and-death analysis would call them alive.
//! Threats are generated from the liberties of short-of-liberty target
//! strings, not from GNU Go's pattern database; kos are not fought (a
//! target capturable only through a ko counts as safe). Sizes are in
//! stones, not points.
//!
//! # Figures
//! GNU Go's `atari_atari.tst`, through `owlet regress` (default limits, the
//! shared 2-core machine): 20/28 (GNU Go 3.8: 23/28): cases 1–5, 7–12,
//! 14, 15, 17, 21–25 and 29; 24 is one GNU Go fails. Held-out game
//! positions where GNU Go finds nothing for either colour
//! (host-tests' `combination_heldout`, 25 positions): 6 false alarms in
//! 50 answers (7 without the owl filter). Time, the whole file through
//! `owlet gtp` against `gnugo --mode gtp` in one run: 42.9 s against
//! 6.9 s, 6.2 times GNU Go (another run: 39.9 s against 5.5 s, 7.3
//! times; per test, median 0.95 s against 0.12 s).
//! Per `combination_attack` call: threats tried median 460 (mean 556,
//! most 1,558; 3 of 28 calls reach [`AaLimits::node_limit`]), tactical
//! reading nodes median 650 k (mean 1.0 M), owl nodes of the filter
//! median 232 (most 564).
//!
//! `no_std`, no allocation, no `unsafe`, no globals; nothing here panics on
//! any input. Every call leaves the board as it found it (hash, ko and
//! journal included); the reader's limits are restored too, which clears
//! its cache when they differed. Running out of nodes, depth or journal is
//! reported in [`Stats`], never a panic.
//!
//! # Sizes
//! [`Combination`] holds its defences as a [`PointSet`] (56 bytes); the
//! search keeps one
//! [`PointSet`] of target stones, one of forbidden moves and, per ply of
//! [`AaLimits::depth`], candidate lists of at most [`MAX_THREATS`] and
//! [`MAX_ANSWERS`] points (well under 1 KiB of stack per ply, excluding
//! the reader's own recursion). The owl filter ([`dead`]) builds its
//! searcher and eye solver on the stack for the call (5,840 bytes) before
//! the search starts; [`AaLimits::owl_nodes`] 0 builds none.
#![no_std]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

/// Development trace to stderr (feature `trace`, host only).
macro_rules! trace {
    ($($t:tt)*) => {
        #[cfg(feature = "trace")]
        {
            std::eprintln!($($t)*);
        }
    };
}

pub mod dead;
pub mod search;

pub use owlet_board::PointSet;
pub use search::{
    AaLimits, Blunder, Combination, DEFAULT_DEPTH, DEFAULT_MIN_TARGET_SIZE, DEFAULT_NODE_LIMIT,
    DEFAULT_OWL_NODE_LIMIT, DEFAULT_READING_NODE_LIMIT, MAX_ANSWERS, MAX_DEEP_THREATS,
    MAX_DEFENSES, MAX_DEPTH, MAX_READ_LIBERTIES, MAX_THREAT_LIBERTIES, MAX_THREATENED, MAX_THREATS,
    REGION_STEPS, Safety, Stats, atari_atari, atari_atari_blunder_size, atari_atari_confirm_safety,
    find_combination,
};

#[cfg(any(test, feature = "trace"))]
extern crate std;
