//! owlet-owl: dragons and owl life-and-death reading (GNU Go's "Optics
//! With Limit-negotiation").
//!
//! - [`dragon`]: strings that cannot be cut apart ([`dragon_stones`],
//!   [`same_dragon`]).
//! - [`search`]: [`Owl`], the attack/defend search with its limits, node
//!   counter and cache, and the answers built on it ([`DragonStatus`]).
//! - [`life`]: the static judgement at a node (eyes from owlet-optics,
//!   weak goal strings, lunches, escape room).
//! - [`moves`]: the candidate moves of each side.
//!
//! The defender tries to build eye space, the attacker to take it away,
//! and owlet-optics values the result at every node; owlet-board's
//! tactical reader answers the tactical questions (which strings can be
//! taken) under the lighter [`OwlLimits::reading`].
//!
//! `no_std`, no allocation, no `unsafe`; nothing here panics on any input.
//!
//! # Memory
//! [`Owl`] is 48 bytes plus 16 bytes per cache entry (default 512:
//! 8,240 bytes). A search keeps per ply one goal [`owlet_board::PointSet`]
//! (56 bytes), one [`life::Life`] (about 400 bytes) and a candidate list,
//! and recurses at most [`MAX_OWL_DEPTH`] plies; the board's journal holds
//! the moves (no copies of positions).
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

pub mod dragon;
pub mod life;
pub mod moves;
pub mod search;

pub use dragon::{dragon_stones, same_dragon};
pub use search::{DEFAULT_CACHE_ENTRIES, DragonStatus, MAX_OWL_DEPTH, Owl, OwlLimits, OwlResult};

#[cfg(test)]
extern crate std;
