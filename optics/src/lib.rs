//! owlet-optics: eyes and unconditional life on top of owlet-board.
//!
//! - [`unconditional`]: strings that can never be captured, stones that can
//!   never escape and unconditional territory (GNU Go's
//!   `unconditional_status`).
//!
//! `no_std`, no allocation, no `unsafe`; nothing here panics on any input.
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

mod grid;
pub mod unconditional;

pub use unconditional::{
    UnconditionalLife, UnconditionalStatus, unconditional_life, unconditional_status,
};

#[cfg(test)]
extern crate std;
