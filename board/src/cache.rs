//! A fixed-size transposition table for search answers.
//!
//! Owns [`TransCache`]: `N` entries of 8 bytes, each the key's high 32
//! bits, a [`Code`], an optional move and the depth of the node that
//! computed the answer, stored at `key % N` and always replaced. The slot
//! and the stored bits together tell keys apart: a lookup takes another
//! key's answer with odds of about 2⁻³², and a device's RAM holds twice the
//! entries that whole keys would allow. The tactical reader and the owl
//! search keep one each. Omits buckets, ageing and any replacement policy:
//! a slot holds the latest answer written to it.
//!
//! Also owns [`slot`], `key % n` for every fixed-size table keyed by a
//! 64-bit hash, computed with 32-bit divisions: a Cortex-M has no 64-bit
//! divide, and the library call that stands in for it would cost about
//! 2 % of an owl search's instructions.

use crate::point::Point;
use crate::reading::Code;

#[derive(Clone, Copy)]
struct Entry {
    /// The key's high 32 bits ([`check`]).
    check: u32,
    /// The code's GTP number plus one; 0 marks an empty slot.
    code: u8,
    depth: u8,
    /// The move's point index; 0, the padding corner, for none.
    point: u16,
}

/// An empty slot. All zero so that a `static` table lands in
/// zero-initialised RAM.
const EMPTY: Entry = Entry {
    check: 0,
    code: 0,
    depth: 0,
    point: 0,
};

/// The bits of `key` an entry keeps to tell it from others in its slot.
#[inline(always)]
fn check(key: u64) -> u32 {
    (key >> 32) as u32
}

/// `key % n` for `n` of 1..=65,536 (0 when `n` is 0). With `n` =
/// `odd`·2^`shift`, the slot's low `shift` bits are the key's, and the
/// rest is `k % odd` for the key shifted right by `shift`, read from its
/// two 32-bit halves: `k = hi·2³² + lo`, so `k % odd` is
/// `(hi % odd)·(2³² % odd) + lo % odd`, reduced again (each product below
/// 2³²). When 2³² % `odd` is 1 (as for 5, 3, 17 or 255), `k % odd` is that
/// of `hi + lo`, whose carry counts 1: a single division.
#[must_use]
#[inline]
pub fn slot(key: u64, n: usize) -> usize {
    let Ok(n) = u32::try_from(n) else {
        return (key % n as u64) as usize;
    };
    if n == 0 {
        return 0;
    }
    if n > 1 << 16 {
        return (key % u64::from(n)) as usize;
    }
    let shift = n.trailing_zeros();
    let odd = n >> shift;
    let k = key >> shift;
    let (hi, lo) = ((k >> 32) as u32, k as u32);
    let wrap = ((1u64 << 32) % u64::from(odd)) as u32;
    let rest = if wrap == 1 {
        let (sum, carry) = hi.overflowing_add(lo);
        let r = sum % odd + u32::from(carry);
        if r >= odd { r - odd } else { r }
    } else {
        (hi % odd * wrap % odd + lo % odd) % odd
    };
    ((rest << shift) | (key as u32 & ((1 << shift) - 1))) as usize
}

/// For `n` = `odd`·2^`shift` with `odd` > 1 and `n` ≤ 65,536: a bit `s`
/// below 32 with 2^`s` % `odd` = 1 that leaves the key shifted right by
/// `shift` at most 31 bits above it, so that its two parts sum within 32
/// bits; 0 when there is none.
const fn fold_bit(n: usize) -> u32 {
    if n == 0 || n > 1 << 16 {
        return 0;
    }
    let shift = n.trailing_zeros();
    let odd = (n >> shift) as u64;
    if odd == 1 {
        return 0;
    }
    let bits = 64 - shift;
    let mut s = 31;
    while bits - s <= 31 {
        if (1u64 << s) % odd == 1 {
            return s;
        }
        s -= 1;
    }
    0
}

/// A fixed-size, always-replace table of answers keyed by a 64-bit hash.
///
/// ```
/// use owlet_board::{Code, TransCache};
/// let mut cache = TransCache::<8>::new();
/// cache.store(42, 3, Code::KoA, None);
/// assert_eq!(cache.lookup(42), Some((Code::KoA, None, 3)));
/// assert_eq!(cache.lookup(43), None);
/// ```
pub struct TransCache<const N: usize> {
    entries: [Entry; N],
}

impl<const N: usize> Default for TransCache<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> TransCache<N> {
    /// An empty table. Always inlined, so that a table inside a `static`
    /// is built in place rather than in a temporary on the stack.
    #[must_use]
    #[inline(always)]
    pub const fn new() -> Self {
        TransCache {
            entries: [EMPTY; N],
        }
    }

    /// Forgets every answer.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// The bit at which [`Self::slot`] splits the shifted key, 0 for none:
    /// see [`fold_bit`].
    const FOLD: u32 = fold_bit(N);

    /// `key % N`, as [`slot`] computes it. When `N` has a [`fold_bit`]
    /// `s`, the key shifted right by `N`'s twos is `a·2^s + b` with
    /// 2^`s` % `odd` = 1, so its remainder is that of the 32-bit `a + b`:
    /// one division, and no carry to correct.
    fn slot(key: u64) -> usize {
        if Self::FOLD == 0 {
            return slot(key, N);
        }
        let shift = N.trailing_zeros();
        let odd = (N >> shift) as u32;
        let k = key >> shift;
        let a = (k >> Self::FOLD) as u32;
        let b = k as u32 & ((1 << Self::FOLD) - 1);
        let rest = (a + b) % odd;
        (rest as usize) * (1 << shift) + (key as u32 & ((1 << shift) - 1)) as usize
    }

    /// The answer stored for `key`: its code, move and depth.
    #[must_use]
    pub fn lookup(&self, key: u64) -> Option<(Code, Option<Point>, u8)> {
        let e = self.entries.get(Self::slot(key))?;
        if e.code == 0 || e.check != check(key) {
            return None;
        }
        let point = unpack_point(e.point);
        Some((Code::from_u8(e.code - 1), point, e.depth))
    }

    /// Stores an answer for `key`, replacing whatever its slot held.
    /// Inlined: each search node that stores calls it once, at its end.
    /// Finds the slot with the general [`slot`]: the same value as
    /// `lookup`'s, in code large enough that the reader's store stays out
    /// of line, out of the frames of its recursive nodes.
    #[inline(always)]
    pub fn store(&mut self, key: u64, depth: u8, code: Code, point: Option<Point>) {
        if let Some(e) = self.entries.get_mut(slot(key, N)) {
            *e = Entry {
                check: check(key),
                code: code.gtp() + 1,
                depth,
                point: pack_point(point),
            };
        }
    }
}

/// A move as a cache stores it: its point's index, or 0 (the padding
/// corner, never a move) for none.
#[inline]
pub(crate) fn pack_point(point: Option<Point>) -> u16 {
    point.map_or(0, |p| u16::try_from(p.index()).unwrap_or(0))
}

/// The move [`pack_point`] stored.
#[inline]
pub(crate) fn unpack_point(packed: u16) -> Option<Point> {
    Point::from_index(usize::from(packed)).filter(|_| packed != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_8_bytes() {
        assert_eq!(core::mem::size_of::<Entry>(), 8);
    }

    #[test]
    fn a_slot_keeps_the_latest_answer() {
        let mut cache = TransCache::<4>::new();
        let p = Point::from_index(30);
        cache.store(1, 0, Code::Win, p);
        assert_eq!(cache.lookup(1), Some((Code::Win, p, 0)));
        // This key shares key 1's slot and replaces it.
        let other = 5 | 7 << 32;
        cache.store(other, 2, Code::Fail, None);
        assert_eq!(cache.lookup(1), None);
        assert_eq!(cache.lookup(other), Some((Code::Fail, None, 2)));
        // Keys of one slot and one high half are one key to the table.
        assert_eq!(cache.lookup(other ^ 4), Some((Code::Fail, None, 2)));
        cache.clear();
        assert_eq!(cache.lookup(other), None);
        // An empty table answers nothing, even for key 0.
        assert_eq!(cache.lookup(0), None);
        assert_eq!(TransCache::<0>::new().lookup(0), None);
    }

    #[test]
    fn a_table_slot_is_the_key_modulo_the_size() {
        assert_eq!(fold_bit(160), 28);
        assert_eq!(fold_bit(128), 0);
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        let extremes = [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) - 1, 0];
        for i in 0..3000 {
            key ^= key << 13;
            key ^= key >> 7;
            key ^= key << 17;
            let k = extremes.get(i).copied().unwrap_or(key);
            assert_eq!(TransCache::<160>::slot(k), (k % 160) as usize);
            assert_eq!(TransCache::<96>::slot(k), (k % 96) as usize);
            assert_eq!(TransCache::<1020>::slot(k), (k % 1020) as usize);
            assert_eq!(TransCache::<65_535>::slot(k), (k % 65_535) as usize);
            assert_eq!(TransCache::<128>::slot(k), (k % 128) as usize);
            assert_eq!(TransCache::<7>::slot(k), (k % 7) as usize);
        }
    }

    #[test]
    fn slot_is_the_key_modulo_the_size() {
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        let sizes = [
            1, 2, 3, 5, 7, 10, 17, 96, 100, 160, 257, 1000, 1024, 65_280, 65_535, 65_536, 99_999,
        ];
        for _ in 0..2000 {
            // xorshift64
            key ^= key << 13;
            key ^= key >> 7;
            key ^= key << 17;
            for n in sizes {
                assert_eq!(slot(key, n), (key % n as u64) as usize, "{key} % {n}");
            }
        }
        for n in [5, 96, 160, 65_280] {
            for key in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) - 1, 0] {
                assert_eq!(slot(key, n), (key % n as u64) as usize, "{key} % {n}");
            }
        }
        assert_eq!(slot(u64::MAX, 65_536), (u64::MAX % 65_536) as usize);
        assert_eq!(slot(u64::MAX, 65_535), (u64::MAX % 65_535) as usize);
        assert_eq!(slot(42, 0), 0);
    }
}
