//! owlet-owl: dragons and owl life-and-death reading (GNU Go's "Optics
//! With Limit-negotiation").
//!
//! - [`dragon`]: strings that cannot be cut apart ([`dragon_stones`],
//!   [`same_dragon`]; [`dragon_stones_read`], the dragon an owl search
//!   reads, also across dead cutting strings).
//! - [`search`]: [`Owl`], the attack/defend search with its limits, node
//!   counter and cache, and the answers built on it ([`DragonStatus`]).
//! - [`life`]: the static judgement at a node (eyes from owlet-optics,
//!   weak goal strings, lunches, escape room).
//! - [`moves`]: the candidate moves of each side.
//! - [`semeai`]: [`Semeai`], capturing races between two dragons.
//!
//! The defender tries to build eye space, the attacker to take it away,
//! and owlet-optics values the result at every node; owlet-board's
//! tactical reader answers the tactical questions (which strings can be
//! taken) under the lighter [`OwlLimits::reading`].
//!
//! `no_std`, no allocation, no `unsafe`; nothing here panics on any input.
//!
//! # Memory
//! [`Owl`] is 112 bytes plus 8 bytes per cache entry and 16 per remembered
//! eye space ([`life::EyeMemo`]): 6,264 bytes with the defaults (512 and
//! 128), 3,192 as the device console's `Owl<256, 64>`. A search keeps per
//! ply only a goal [`owlet_board::PointSet`] (56 bytes) and the moves it
//! will try (96 bytes): the node's evaluation ([`life::Life`], 392 bytes)
//! and its candidate list ([`moves::MoveList`], 144 bytes) live in a frame
//! of their own that ends before the search goes deeper. On thumbv7m
//! (release, opt-level "s") a ply is one frame of about 500 bytes, and
//! the search recurses at most [`MAX_OWL_DEPTH`] plies (one more under a
//! root check, which reads from the root's child); the board's journal holds
//! the moves (no copies of positions). Each node also runs the tactical
//! reader and the eye-graph solver, whose recursion adds to the stack at
//! the deepest ply only.
//!
//! On the device (QEMU `lm3s6965evb`, thumbv7m, the console's `small`
//! build: board journal 1,024 writes, reader caches 192 and 64, solver cache 1280
//! on the stack, `Owl<256, 64>`) deep owl lines that end in long tactical
//! readings take the console's stack to about 43 KiB of its 45,248 bytes
//! (the repository's `docs/device.md` has the figures). The stack's
//! worst case is the console (18.3 KiB with the owl command's solver),
//! [`MAX_OWL_DEPTH`] + 1 plies of about 500 bytes, the evaluation, then a
//! reading of [`owlet_board::reading::MAX_READING_DEPTH`] plies (about 260 bytes
//! each) or an eye analysis of [`EYE_LINE_DEPTH`] positions (about 272
//! bytes each).
//!
//! [`Semeai`] is 88 bytes plus 16 per remembered eye space: 2,136 bytes
//! as `Semeai<128>`, 1,112 as the device console's `Semeai<64>` (built on the
//! stack for each call). A semeai node assesses both dragons in a frame of
//! its own (two 328-byte dragon summaries, and the race count's 2,197-byte
//! memo), then recurses at most [`MAX_SEMEAI_DEPTH`] plies keeping only a
//! 56-byte candidate list per ply.
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

pub mod dragon;
pub mod life;
pub mod moves;
pub mod search;
pub mod semeai;

pub use dragon::{dragon_stones, dragon_stones_read, same_dragon};
pub use life::{EYE_LINE_DEPTH, liberties_of, reset_eye_reach, set_root_eye_reach};
pub use search::{
    DEFAULT_CACHE_ENTRIES, DOUBTED_PLIES, DragonStatus, MAX_OWL_DEPTH, Owl, OwlLimits, OwlResult,
    OwlStatus, OwlThreat, ROOT_CHECKS, ROOT_RESCUES,
};
pub use semeai::{MAX_SEMEAI_DEPTH, Semeai, SemeaiError, SemeaiLimits, SemeaiResult};

#[cfg(any(test, feature = "trace"))]
extern crate std;
