//! owlet-firmware: the device side of owlet.
//!
//! Owns the GTP console ([`gtp::Engine`]): one command line in, GNU Go's
//! answer out, written into a buffer the caller owns. The same code serves
//! the host program (`owlet gtp`) and a UART on the device (`devices/`).
//!
//! [`serial::LineAssembler`] cuts a byte stream (a UART) into the same
//! command lines, one byte at a time.
//!
//! The application of an electronic board, generic over embedded-hal 1.0
//! and tested on the host:
//!
//! - [`sensors`]: what stands on each point, from a row/column sensor
//!   matrix or a shift-register chain over SPI, debounced per point.
//! - [`app`]: the referee; stable scans against the game's board: moves,
//!   captured stones to remove, illegal placements (occupied, suicide, ko,
//!   wrong turn), a board out of sync (what to put back, what to lift),
//!   end-of-game marking by touching a string.
//! - [`scoring`]: dead stones behind the [`scoring::DeadStoneOracle`]
//!   trait (unconditional status, or owl), area and territory counting.
//! - [`analysis`]: stones in atari, combination threats, owl's dead and
//!   critical dragons and their vital points, within a per-move node
//!   budget.
//! - [`leds`]: per-point LED frames composed from layers by priority, and
//!   the [`leds::LedSink`] trait with a WS2812-style chain and a
//!   shift-register implementation.
//! - [`link`]: one game for the physical board and the GTP console (the
//!   referee follows the console's moves, undos and new games; the
//!   console plays the board's moves).
//! - [`station`]: the board's turn in a main loop: a scan through the
//!   debouncer to the referee, the analysis after a move, the LED frame.
//!
//! Omits: the device binaries (`devices/`);
//! SGF loading, which needs a file system and lives on the host
//! (it drives the console's public API, see [`gtp::Engine::set_stone`]).
//!
//! `no_std`, no allocation, no `unsafe`, no globals; nothing here panics on
//! any input. Capacities are the consts [`gtp::LINE_CAPACITY`],
//! [`gtp::HISTORY_CAPACITY`] and [`gtp::ANSWER_CAPACITY`].
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

pub mod analysis;
pub mod app;
pub mod gtp;
pub mod leds;
pub mod link;
pub mod scoring;
pub mod sensors;
pub mod serial;
pub mod station;

pub use gtp::{
    Answer, Args, Engine, Extension, Failure, GameError, LimitHits, Reply, SearchLimits, Status,
};

#[cfg(test)]
extern crate std;
