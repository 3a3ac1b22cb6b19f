//! Zobrist keys, computed at compile time from a fixed seed (splitmix64), so
//! hashes are the same on every build and target and live in flash.

use crate::point::CAPACITY;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn table(seed: u64) -> [u64; CAPACITY] {
    let mut out = [0u64; CAPACITY];
    let mut state = seed;
    let mut rest: &mut [u64] = &mut out;
    while let Some((slot, tail)) = rest.split_first_mut() {
        let (s, v) = splitmix(state);
        state = s;
        *slot = v;
        rest = tail;
    }
    out
}

/// Key of a stone of each colour on each point: `STONE[color][point]`.
pub const STONE: [[u64; CAPACITY]; 2] = [table(0x6f77_6c65_7401), table(0x6f77_6c65_7402)];
/// Key of the ko point (the point that may not be retaken at once).
pub const KO: [u64; CAPACITY] = table(0x6f77_6c65_7403);
/// Key xor-ed in when white is to move.
pub const WHITE_TO_MOVE: u64 = splitmix(0x6f77_6c65_7404).1;

/// The key of a stone of the colour with index `color` on the point with
/// index `point` (0 off the tables: never for a point's index).
#[inline(always)]
pub fn stone(color: usize, point: usize) -> u64 {
    match STONE.get(color).and_then(|t| t.get(point)) {
        Some(&key) => key,
        None => 0,
    }
}

/// The key of the ko point with index `point` (0 off the table).
#[inline(always)]
pub fn ko(point: usize) -> u64 {
    match KO.get(point) {
        Some(&key) => key,
        None => 0,
    }
}
