//! owlet-board: a fixed-capacity Go board for small machines, and tactical
//! reading of single strings.
//!
//! - [`point`]: [`Point`], [`Color`], [`Move`] and GTP vertices.
//! - [`board`]: [`Board`], strings with exact liberties, `play`/`undo` with a
//!   bounded journal, simple ko, positional superko as a query, Zobrist hash.
//! - [`diagram`]: ASCII diagrams (`X`, `O`, `.`, `|`, `-`) in and out.
//! - [`reading`]: GNU Go-style `attack` / `find_defense` of one string with
//!   depth limits, a node limit and a fixed-size transposition cache.
//!
//! `no_std`, no allocation, no `unsafe`. Nothing here panics on any input:
//! every refusal is a returned error.
//!
//! # Sizes
//! The default [`Board`] (journal of [`DEFAULT_JOURNAL_CHANGES`] writes and
//! [`DEFAULT_JOURNAL_MOVES`] moves) is checked by a unit test to stay within
//! the figures below; a journal write costs 4 bytes and a move frame 24 bytes.
//! A move writes 5 + (stones relabelled) + 5 × (stones captured) journal
//! entries, typically 6–12 (24–48 bytes).
#![no_std]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod board;
pub mod diagram;
pub mod point;
pub mod reading;
mod zobrist;

pub use board::{
    Board, Cell, DEFAULT_JOURNAL_CHANGES, DEFAULT_JOURNAL_MOVES, NothingToUndo, PlayError,
    PointSet, SizeError, Stones,
};
pub use diagram::DiagramError;
pub use point::{CAPACITY, Color, MAX_SIZE, Move, Point, STRIDE, VertexError};
pub use reading::{Code, ReadResult, Reader, ReadingLimits};

#[cfg(test)]
extern crate std;
