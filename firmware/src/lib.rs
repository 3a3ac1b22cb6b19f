//! owlet-firmware: the device side of owlet.
//!
//! Owns the GTP console ([`gtp::Engine`]): one command line in, GNU Go's
//! answer out, written into a buffer the caller owns. The same code serves
//! the host program (`owlet gtp`) and, later, a UART on the device.
//!
//! [`serial::LineAssembler`] cuts a byte stream (a UART) into the same
//! command lines, one byte at a time.
//!
//! Omits (for now): drivers, board sensing and the device
//! binaries; SGF loading, which needs a file system and lives on the host
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

pub mod gtp;
pub mod serial;

pub use gtp::{Answer, Args, Engine, Extension, Failure, GameError, Reply, Status};

#[cfg(test)]
extern crate std;
