//! owlet-optics: eyes and unconditional life on top of owlet-board.
//!
//! - [`eyes`]: domains, eye spaces, half and false eyes, and the value of
//!   the eye space through a point (GNU Go's `eval_eye`).
//! - [`instant`]: the Instant Eye Tester, a static verdict (real or false)
//!   on a one-point eye from the paths joining its surrounding stones.
//! - [`graph`]: eye graphs and GNU Go's coded diagrams.
//! - [`solver`]: the local-game solver that values eye graphs.
//! - [`table`]: the generated table of every small eye graph's analysis.
//! - [`value`]: four-digit eye values.
//! - [`unconditional`]: strings that can never be captured, stones that can
//!   never escape and unconditional territory (GNU Go's
//!   `unconditional_status`).
//!
//! `no_std`, no allocation, no `unsafe`; nothing here panics on any input.
//!
//! # Sizes
//! [`Solver`] is 704 bytes plus 8 bytes per cache entry (default 1024:
//! 8,896 bytes; the console's 1280: 10,944 bytes), an
//! [`EyeGraph`] 88 bytes. [`eval_eye`] keeps about ten 56-byte point sets
//! on the stack besides the solver; the solver's recursion is at most
//! 2 × [`solver::MAX_DEPTH`] + 1 `search` frames of 88 bytes deep on the
//! device (11.1 KiB; see [`solver`] for the other frames and measured
//! depths). [`instant_eye`] keeps two 56-byte point sets on the stack.
//! [`EyeGraph::parse`] embeds a
//! diagram on a 361-byte board (plus 1,083 bytes of labels and queue,
//! and one board copy per marginal vertex while placing margins).
//!
//! # The table
//! [`table`] lists the analysis of every realizable eye graph of up to
//! [`table::TABLE_MAX_VERTICES`] = 5 vertices (every connected diagram of
//! up to 5 cells `.`, `!`, `X` that GNU Go's embedding accepts, in the
//! middle of the board, against an edge or in a corner, up to
//! relabelling: 1,636 graphs), and the 2,730 graphs of 6 vertices from
//! diagrams away from the edges: 4,366 entries, 34,928 bytes of flash
//! (one `u64` each). All 8,089 graphs of 6 vertices would make it 77,800
//! bytes, beyond the 64 KiB allowed. On the device (`target_os = "none"`)
//! it stops at 5 vertices: 13,088 bytes. `owlet gen-eye-table`
//! regenerates it in about 21 s (enumeration 18 s, solving the rest).
//! [`Solver::analyze`] looks a graph up there first (about 0.3–0.4 µs);
//! [`Solver::solve`] always reads.

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

pub mod eyes;
pub mod graph;
mod grid;
pub mod instant;
pub mod solver;
pub mod table;
#[rustfmt::skip]
mod table_data;
pub mod unconditional;
pub mod value;

pub use eyes::{EyeResult, eval_eye};
pub use graph::{EyeGraph, GraphError, MAX_VERTICES};
pub use instant::{EyeVerdict, SkipRule, instant_eye, instant_eye_with, lives_on_real_eyes};
pub use solver::{Analysis, Solver};
pub use unconditional::{
    UnconditionalLife, UnconditionalStatus, unconditional_life, unconditional_status,
};
pub use value::EyeValue;

#[cfg(test)]
extern crate std;
