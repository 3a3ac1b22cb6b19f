//! Answers that stay valid while one part of the board stays the same.
//!
//! Owns [`AreaCache`], the tactical reader's memory across positions (GNU
//! Go's "persistent reading cache", in our own form): a read of one string
//! is stored with the rectangle it played in ([`Span`], grown by a margin)
//! and a hash of that rectangle's points and ko point. A later read
//! of the same string, by the same routine, answers from the entry when the
//! rectangle still hashes the same, however the board changed elsewhere.
//! That is an approximation, as it is in GNU Go: a string crossing the
//! rectangle's edge may have lost liberties outside it. `N` entries of 16
//! bytes are replaced in turn (first in, first out). Omits GNU Go's
//! per-point active areas and its cost-based replacement.

use crate::board::{Board, Cell};
use crate::cache::{pack_point, unpack_point};
use crate::point::{CAPACITY, Point, STRIDE};
use crate::reading::Code;
use crate::zobrist;

/// A rectangle of points in the padded layout's columns and rows
/// (inclusive), empty until a point is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    lo: (u8, u8),
    hi: (u8, u8),
}

impl Span {
    /// The empty rectangle.
    pub const EMPTY: Span = Span {
        lo: (u8::MAX, u8::MAX),
        hi: (0, 0),
    };

    /// Grows the rectangle to hold `p`.
    #[inline]
    pub fn add(&mut self, p: Point) {
        let (c, r) = coords(p);
        self.lo = (self.lo.0.min(c), self.lo.1.min(r));
        self.hi = (self.hi.0.max(c), self.hi.1.max(r));
    }

    /// Whether no point was added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lo.0 > self.hi.0
    }

    /// The rectangle grown by `margin` on each side, clipped to a board of
    /// `size`.
    #[must_use]
    pub fn grown(self, margin: u8, size: usize) -> Span {
        if self.is_empty() {
            return self;
        }
        let last = u8::try_from(size).unwrap_or(u8::MAX);
        Span {
            lo: (
                self.lo.0.saturating_sub(margin).max(1),
                self.lo.1.saturating_sub(margin).max(1),
            ),
            hi: (
                self.hi.0.saturating_add(margin).min(last),
                self.hi.1.saturating_add(margin).min(last),
            ),
        }
    }

    /// Hash of the points inside the rectangle, of the ko point when it
    /// lies inside, and of the board's size (a rectangle clipped at one
    /// size's edge is not the same area on a larger board). The cells are
    /// read row by row, up to 16 at a time, two bits each, into a word
    /// (two rows of at most 8 into one) that each step of the hash takes
    /// in: each step is a bijection of the hash so far, so two contents
    /// of one rectangle that differ in one word never hash the same.
    #[must_use]
    pub fn hash<const C: usize, const M: usize>(&self, board: &Board<C, M>) -> u64 {
        const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = 0u64;
        if self.is_empty() {
            return h;
        }
        let width = (usize::from(self.hi.0) + 1).saturating_sub(usize::from(self.lo.0));
        let rows = (usize::from(self.hi.1) + 1).saturating_sub(usize::from(self.lo.1));
        // From the first row's first point to the last row's last, and
        // the cells after it that a read of a row's first 16 takes in.
        let start = usize::from(self.lo.1) * STRIDE + usize::from(self.lo.0);
        let all = board.cells_from(start, rows.saturating_sub(1) * STRIDE + width.max(16));
        let step = |h: u64, word: u32| (h ^ u64::from(word)).wrapping_mul(MIX).rotate_left(29);
        let mask = row_mask(width);
        // Each row's first 16 cells make one word, read 4 at a time, a
        // byte each, and packed 2 bits a cell; the rest (a row holds at
        // most 19) another.
        let word = |at: usize| match all.get(at..at + 16).map(<&[Cell; 16]>::try_from) {
            Some(Ok(sixteen)) => {
                let [a, b, c, d] = quads(sixteen);
                (a | b << 2 | c << 4 | d << 6) & mask
            }
            _ => pack_cut(all, at, width),
        };
        // The rows whose cells `all` holds (all of them but at the end of
        // the cells, where the rows from the first it cuts are left out).
        let whole = match all.len().checked_sub(width) {
            Some(past) => past / STRIDE + 1,
            None => 0,
        };
        let mut at = 0;
        if width <= 8 {
            // A row of 8 takes every other 4 bits of its word: two rows
            // make one word, the second's bits 4 up.
            for _ in 0..rows.min(whole) / 2 {
                h = step(h, word(at) | word(at + STRIDE) << 4);
                at += 2 * STRIDE;
            }
            if rows.min(whole) % 2 == 1 {
                h = step(h, word(at));
            }
        } else if width <= 16 {
            for _ in 0..rows.min(whole) {
                h = step(h, word(at));
                at += STRIDE;
            }
        } else {
            for _ in 0..rows.min(whole) {
                h = step(h, word(at));
                h = step(h, pack(all.get(at + 16..at + width).unwrap_or(&[])));
                at += STRIDE;
            }
        }
        if let Some(ko) = board.ko_point()
            && self.holds(ko)
        {
            h ^= zobrist::ko(ko.index());
        }
        let size = u8::try_from(board.size()).unwrap_or(u8::MAX);
        h ^ u64::from_le_bytes([self.lo.0, self.lo.1, self.hi.0, self.hi.1, size, 0, 0, 0])
            .wrapping_mul(MIX)
    }

    /// The points inside the rectangle.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let (lo, hi) = (self.lo, self.hi);
        (lo.1..=hi.1).flat_map(move |r| {
            (lo.0..=hi.0)
                .filter_map(move |c| Point::from_index(usize::from(r) * STRIDE + usize::from(c)))
        })
    }

    fn holds(&self, p: Point) -> bool {
        let (c, r) = coords(p);
        (self.lo.0..=self.hi.0).contains(&c) && (self.lo.1..=self.hi.1).contains(&r)
    }
}

/// The columns and rows of the points added, a bit each: a [`Span`] in
/// the making, which a point grows with two `or`s and no comparison.
#[derive(Clone, Copy)]
pub(crate) struct SpanBits {
    cols: u32,
    rows: u32,
}

const _: () = assert!(STRIDE <= 32 && CAPACITY.div_ceil(STRIDE) <= 32);

impl SpanBits {
    /// No point added.
    pub(crate) const EMPTY: SpanBits = SpanBits { cols: 0, rows: 0 };

    /// Marks the column and row of `p`.
    #[inline(always)]
    pub(crate) fn add(&mut self, p: Point) {
        let (c, r) = coords(p);
        self.cols |= 1 << c;
        self.rows |= 1 << r;
    }

    /// The smallest rectangle that holds the points added.
    pub(crate) fn span(self) -> Span {
        if self.cols == 0 || self.rows == 0 {
            return Span::EMPTY;
        }
        let first = |bits: u32| bits.trailing_zeros() as u8;
        let last = |bits: u32| (31 - bits.leading_zeros()) as u8;
        Span {
            lo: (first(self.cols), first(self.rows)),
            hi: (last(self.cols), last(self.rows)),
        }
    }
}

/// 16 cells as 4 words of 4, a byte a cell, first cell lowest (each word
/// read at once).
#[inline(always)]
fn quads(cells: &[Cell; 16]) -> [u32; 4] {
    let [
        a0,
        a1,
        a2,
        a3,
        b0,
        b1,
        b2,
        b3,
        c0,
        c1,
        c2,
        c3,
        d0,
        d1,
        d2,
        d3,
    ] = *cells;
    [
        u32::from_le_bytes([a0 as u8, a1 as u8, a2 as u8, a3 as u8]),
        u32::from_le_bytes([b0 as u8, b1 as u8, b2 as u8, b3 as u8]),
        u32::from_le_bytes([c0 as u8, c1 as u8, c2 as u8, c3 as u8]),
        u32::from_le_bytes([d0 as u8, d1 as u8, d2 as u8, d3 as u8]),
    ]
}

/// The bits of a row's first 16 cells packed as [`pack`] packs them that
/// hold its first `width` cells: 2 bits of each byte for each 4 cells
/// (a cell's byte is below 4, so a quad shifted into place spills into no
/// other), and the low bytes of the next 2 bits for the rest.
#[inline]
fn row_mask(width: usize) -> u32 {
    let w = width.min(16) as u32;
    let (full, part) = (w / 4, w % 4);
    let quads = 0x0303_0303u32.wrapping_mul(((1 << (2 * full)) - 1) / 3);
    let rest = (0x0303_0303u32 & ((1 << (8 * part)) - 1)) << (2 * full);
    quads | rest
}

/// The first `width` (up to 16) cells of `all` from `at` packed as
/// [`pack`] packs them: a row of [`Span::hash`] whose 16 cells from its
/// first run past the board's cells. Out of line: rarely read.
#[inline(never)]
fn pack_cut(all: &[Cell], at: usize, width: usize) -> u32 {
    pack(all.get(at..at + width.min(16)).unwrap_or(&[]))
}

/// Up to 16 cells in one word, 2 bits a cell, packed as [`Span::hash`]
/// packs a row's first 16: cell `4k + j` in bits `8j + 2k`.
fn pack(cells: &[Cell]) -> u32 {
    cells.iter().enumerate().fold(0, |w, (i, &c)| {
        w | (c as u32) << (8 * (i % 4) + 2 * (i / 4))
    })
}

/// `i * ROW_STEP >> 16` is the row `i / STRIDE` of every layout index `i`
/// (checked below): a multiplication where a division would be dearer.
const ROW_STEP: u32 = (1 << 16) / STRIDE as u32 + 1;

const _: () = {
    let mut i = 0;
    while i < CAPACITY {
        assert!((i as u32 * ROW_STEP) >> 16 == (i / STRIDE) as u32);
        i += 1;
    }
    assert!(STRIDE < 256);
};

/// The padded layout's column and row of `p`.
#[inline(always)]
fn coords(p: Point) -> (u8, u8) {
    let i = p.index() as u32;
    let row = (i * ROW_STEP) >> 16;
    ((i - row * STRIDE as u32) as u8, row as u8)
}

/// Rectangles whose hash [`AreaCache::lookup`] keeps while it looks.
const KNOWN_SPANS: usize = 4;

#[derive(Clone, Copy)]
struct Entry {
    /// The rectangle's hash when the answer was stored.
    hash: u64,
    span: Span,
    /// The string's origin index, plus the caller's tag times 1024.
    tag: u16,
    /// The code's GTP number plus one (0: an empty slot; bits 0–2) and the
    /// move's point index (bits 3–11).
    answer: u16,
}

const EMPTY: Entry = Entry {
    hash: 0,
    span: Span::EMPTY,
    tag: 0,
    answer: 0,
};

/// A fixed-size table of answers about one string each, valid while their
/// rectangle hashes the same.
///
/// ```
/// use owlet_board::{AreaCache, Board, Code, Point, Span};
/// let mut board: Board = Board::new(9).unwrap();
/// let mut cache = AreaCache::<4>::new();
/// let (a1, e5) = (Point::new(0, 0).unwrap(), Point::new(4, 4).unwrap());
/// let mut span = Span::EMPTY;
/// span.add(a1);
/// cache.store(&board, a1, 1, span.grown(1, 9), Code::Win, None);
/// assert_eq!(cache.lookup(&board, a1, 1), Some((Code::Win, None)));
/// // A stone far away leaves the answer; one inside the rectangle drops it.
/// board.play(owlet_board::Color::Black, owlet_board::Move::Play(e5)).unwrap();
/// assert_eq!(cache.lookup(&board, a1, 1), Some((Code::Win, None)));
/// board.play(owlet_board::Color::White, owlet_board::Move::Play(Point::new(1, 1).unwrap())).unwrap();
/// assert_eq!(cache.lookup(&board, a1, 1), None);
/// ```
pub struct AreaCache<const N: usize> {
    entries: [Entry; N],
    next: usize,
}

impl<const N: usize> Default for AreaCache<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> AreaCache<N> {
    /// An empty table.
    #[must_use]
    #[inline(always)]
    pub const fn new() -> Self {
        AreaCache {
            entries: [EMPTY; N],
            next: 0,
        }
    }

    /// Forgets every answer.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.next = 0;
    }

    fn tag(origin: Point, kind: u8) -> u16 {
        u16::try_from(origin.index()).unwrap_or(0) | (u16::from(kind) << 10)
    }

    /// The answer stored about the string with origin `origin`, for the
    /// caller's `kind` of question (0..=63), if its rectangle still hashes
    /// as it did: the code and the move.
    #[must_use]
    pub fn lookup<const C: usize, const M: usize>(
        &self,
        board: &Board<C, M>,
        origin: Point,
        kind: u8,
    ) -> Option<(Code, Option<Point>)> {
        let tag = Self::tag(origin, kind);
        // Entries about one string often share their rectangle: each
        // distinct rectangle is hashed once.
        let mut known = [(Span::EMPTY, 0u64); KNOWN_SPANS];
        let mut n_known = 0;
        let mut from = 0;
        while let Some(i) = self.next_tagged(from, tag) {
            from = i + 1;
            let Some(e) = self.entries.get(i) else {
                break;
            };
            if e.answer == 0 {
                continue;
            }
            let seen = known.get(..n_known).unwrap_or(&[]);
            let hash = match seen.iter().find(|(s, _)| *s == e.span) {
                Some(&(_, h)) => h,
                None => {
                    let h = e.span.hash(board);
                    if let Some(slot) = known.get_mut(n_known) {
                        *slot = (e.span, h);
                        n_known += 1;
                    }
                    h
                }
            };
            if hash == e.hash {
                let code = Code::from_u8(u8::try_from(e.answer & 7).unwrap_or(1).wrapping_sub(1));
                return Some((code, unpack_point(e.answer >> 3)));
            }
        }
        None
    }

    /// The first entry from `from` on tagged `tag`. Four tags are
    /// compared a step: most entries are about other strings.
    #[inline(always)]
    fn next_tagged(&self, from: usize, tag: u16) -> Option<usize> {
        let rest = self.entries.get(from..)?;
        let mut quads = rest.chunks_exact(4);
        let mut at = from;
        for quad in &mut quads {
            if let Ok([a, b, c, d]) = <&[Entry; 4]>::try_from(quad) {
                if a.tag == tag {
                    return Some(at);
                }
                if b.tag == tag {
                    return Some(at + 1);
                }
                if c.tag == tag {
                    return Some(at + 2);
                }
                if d.tag == tag {
                    return Some(at + 3);
                }
            }
            at += 4;
        }
        let last = quads.remainder().iter().position(|e| e.tag == tag)?;
        Some(at + last)
    }

    /// Stores an answer about the string with origin `origin` for `kind`,
    /// valid while `span` hashes as it does now.
    pub fn store<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        origin: Point,
        kind: u8,
        span: Span,
        code: Code,
        point: Option<Point>,
    ) {
        if N == 0 {
            return;
        }
        let slot = self.next % N;
        self.next = (slot + 1) % N;
        if let Some(e) = self.entries.get_mut(slot) {
            *e = Entry {
                hash: span.hash(board),
                span,
                tag: Self::tag(origin, kind),
                answer: u16::from(code.gtp() + 1) | (pack_point(point) << 3),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row's mask holds the bits that `pack` writes for its cells.
    #[test]
    fn a_row_mask_holds_the_row_s_cells() {
        for width in 0..=19 {
            let cells = [Cell::Border; 19];
            let n = width.min(16);
            assert_eq!(row_mask(width), pack(&cells[..n]), "width {width}");
        }
    }

    /// The bits of the points added make the rectangle `Span::add` makes.
    #[test]
    fn span_bits_make_the_span_of_their_points() {
        let mut bits = SpanBits::EMPTY;
        let mut span = Span::EMPTY;
        assert_eq!(bits.span(), span);
        for (c, r) in [(4, 7), (0, 18), (18, 0), (9, 9)] {
            let p = Point::new(c, r).unwrap();
            bits.add(p);
            span.add(p);
            assert_eq!(bits.span(), span);
        }
    }

    #[test]
    fn an_entry_is_16_bytes() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
    }

    /// A rectangle clipped at a 9×9 board's edge is another area on 13×13.
    #[test]
    fn the_board_size_is_part_of_the_area() {
        let j5 = Point::new(8, 4).unwrap();
        let mut board: Board = Board::new(9).unwrap();
        board.set_stone(j5, Some(crate::Color::White)).unwrap();
        let mut span = Span::EMPTY;
        span.add(j5);
        let mut cache = AreaCache::<2>::new();
        cache.store(&board, j5, 0, span.grown(2, 9), Code::Win, None);
        assert_eq!(cache.lookup(&board, j5, 0), Some((Code::Win, None)));
        let mut larger: Board = Board::new(13).unwrap();
        larger.set_stone(j5, Some(crate::Color::White)).unwrap();
        assert_eq!(cache.lookup(&larger, j5, 0), None);
    }
}
