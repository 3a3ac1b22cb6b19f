//! owlet-board: a fixed-capacity Go board for small machines, and tactical
//! reading of single strings.
//!
//! - [`point`]: [`Point`], [`Color`], [`Move`] and GTP vertices.
//! - [`board`]: [`Board`], strings with exact liberties, `play`/`undo` with a
//!   bounded journal, simple ko, positional superko as a query, Zobrist hash.
//! - [`diagram`]: ASCII diagrams (`X`, `O`, `.`, `|`, `-`) in and out.
//! - [`reading`]: GNU Go-style `attack` / `find_defense` of one string with
//!   depth limits, a node limit and a fixed-size transposition cache.
//! - [`connection`]: GNU Go-style `connect` / `disconnect` of two strings,
//!   read with the tactical reader's help.
//!
//! `no_std`, no allocation, no `unsafe`. Nothing here panics on any input:
//! every refusal is a returned error.
//!
//! # Sizes
//! Measured with `core::mem::size_of` on the host (checked by unit tests):
//!
//! | type | bytes |
//! |---|---|
//! | [`Board`] (journal of [`DEFAULT_JOURNAL_CHANGES`] = 2048 writes and [`DEFAULT_JOURNAL_MOVES`] = 160 moves) | 16,040 |
//! | `Board<1024, 64>` | 9,640 |
//! | [`Reader`] (1024 transposition cache entries of 8 bytes, 128 area cache entries of 16) | 10,408 |
//!
//! Position data is 3,969 bytes (cells and four `u16` tables over the padded
//! 21×21 layout); the rest is journal. A journal write costs 4 bytes and a
//! move frame 24 bytes. A move records 1 + (liberty updates of neighbouring
//! enemy strings, ≤ 4) + 5 for the new stone + (stones relabelled when strings
//! merge, the smaller side) + 5 × (stones captured) writes: 6–12 writes
//! (24–48 bytes) for a typical move.
//!
//! # Inlining
//! The reading is generic, so its code is made in the crate that uses it;
//! the host's release build does not inline this crate's other functions
//! there unless they are marked `#[inline]`, so the small ones it calls
//! most are. Where the mark changes the device's build (link-time
//! optimised, for size), which inlines them as it sees fit, it is the
//! host's alone: `#[cfg_attr(not(target_os = "none"), inline)]`. Some
//! functions are kept out of line for the device's small stack and
//! flash alone: `#[cfg_attr(target_os = "none", inline(never))]`.
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

pub mod area;
pub mod board;
pub mod cache;
pub mod connection;
pub mod diagram;
pub mod point;
pub mod reading;
mod zobrist;

pub use area::{AreaCache, Span};
pub use board::{
    Board, Cell, DEFAULT_JOURNAL_CHANGES, DEFAULT_JOURNAL_MOVES, NothingToUndo, POINT_SET_WORDS,
    PlayError, PointSet, SizeError, Stones,
};
pub use cache::{TransCache, slot};
pub use connection::{Connection, ConnectionLimits, MAX_CONNECTION_DEPTH};
pub use diagram::DiagramError;
pub use point::{CAPACITY, Color, MAX_SIZE, Move, Point, STRIDE, VertexError};
pub use reading::{Code, MAX_START_DEPTH, ReadResult, Reader, ReadingLimits};

#[cfg(test)]
extern crate std;
