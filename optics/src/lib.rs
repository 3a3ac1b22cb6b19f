//! owlet-optics: eyes and unconditional life on top of owlet-board.
//!
//! - [`eyes`]: domains, eye spaces, half and false eyes, and the value of
//!   the eye space through a point (GNU Go's `eval_eye`).
//! - [`graph`]: eye graphs and GNU Go's coded diagrams.
//! - [`solver`]: the local-game solver that values eye graphs.
//! - [`value`]: four-digit eye values.
//! - [`unconditional`]: strings that can never be captured, stones that can
//!   never escape and unconditional territory (GNU Go's
//!   `unconditional_status`).
//!
//! `no_std`, no allocation, no `unsafe`; nothing here panics on any input.
//!
//! # Sizes
//! [`Solver`] is 648 bytes plus 8 bytes per cache entry (default 1024:
//! 8,840 bytes; the console's `small` build uses 256: 2,696 bytes), an
//! [`EyeGraph`] 80 bytes. [`eval_eye`] keeps about ten 56-byte point sets
//! on the stack besides the solver; the solver's recursion is at most
//! [`solver::MAX_DEPTH`] frames deep.
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
pub mod solver;
pub mod unconditional;
pub mod value;

pub use eyes::{EyeResult, eval_eye};
pub use graph::{EyeGraph, GraphError, MAX_VERTICES};
pub use solver::{Analysis, Solver};
pub use unconditional::{
    UnconditionalLife, UnconditionalStatus, unconditional_life, unconditional_status,
};
pub use value::EyeValue;

#[cfg(test)]
extern crate std;
