//! owlet-host-tests: the std side of owlet.
//!
//! Owns the `owlet` program's parts: [`console`] (GTP over streams, with
//! `loadsgf` and `printsgf`), [`gogui`] (GoGui's analyze commands), [`device`] (GTP proxied to a device), [`sgf`] (SGF games into the engine, GNU Go's way),
//! [`regress`] (GNU Go `.tst` regression files run in-process) and
//! [`ratchet`] (the lists of cases owlet must keep passing). The engine
//! itself is `owlet-firmware`'s console; nothing here plays Go.
//!
//! Omits: GNU Go's regression pages and its remote (`regress.pike`) modes.

pub mod analyze;
pub mod console;
pub mod device;
pub mod gogui;
pub mod positions;
pub mod ratchet;
pub mod regress;
pub mod rng;
pub mod sgf;
