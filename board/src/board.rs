//! The board: stones, strings ("worms") with exact liberty counts, legal
//! moves, the undo journal and the Zobrist hash.
//!
//! Storage is fixed at 19×19 capacity in the padded layout of [`crate::point`];
//! the size (1..=19) is chosen at run time. Each string is a circular list of
//! its stones (`next`), every stone knows its string's head (`head`), and the
//! head holds the string's size and exact liberty count. All of it is updated
//! incrementally by [`Board::play`]; every write is recorded in a bounded
//! journal as (slot, old value) so [`Board::undo`] restores the exact previous
//! state, hash included, but the new stone's head and next stone, which an
//! empty point does not need (a capture journals them instead). The journal
//! is for reading (try a move, look, take it back): a game's moves are
//! usually [`Board::commit`]ed after each move.
//!
//! What it omits: liberty lists are not cached (they are collected from the
//! stones on demand), and there is no game record; both belong to callers.

use core::fmt;

use crate::point::{CAPACITY, Color, MAX_SIZE, Move, Point, STRIDE};
use crate::zobrist;

/// Default capacity of the journal in recorded writes (4 bytes each).
pub const DEFAULT_JOURNAL_CHANGES: usize = 2048;
/// Default capacity of the journal in moves (undo levels).
pub const DEFAULT_JOURNAL_MOVES: usize = 160;

/// Lists of liberties up to this long are searched for repeats instead of
/// keeping a set of the points seen.
const SHORT_LIBERTY_LIST: usize = 8;

/// What occupies a cell of the padded layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Border = 3,
}

impl Cell {
    /// The cell holding a stone of `color`.
    #[inline]
    #[must_use]
    pub const fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of the stone in the cell, if any.
    #[inline]
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// The cell of code `v` (its low two bits: one instruction on the
    /// device, where a range check takes three).
    const fn from_u16(v: u16) -> Cell {
        match v & 3 {
            0 => Cell::Empty,
            1 => Cell::Black,
            2 => Cell::White,
            _ => Cell::Border,
        }
    }
}

/// Why a move was refused. The board is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would retake a ko at once.
    Ko,
    /// The move would leave its own string without liberties (and suicide is off).
    Suicide,
    /// The journal has no room for the move.
    JournalFull,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::OffBoard => "off board",
            PlayError::Occupied => "occupied",
            PlayError::Ko => "ko",
            PlayError::Suicide => "suicide",
            PlayError::JournalFull => "journal full",
        })
    }
}

/// A board size outside 1..=19.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SizeError;

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unacceptable size")
    }
}

// The string tables, in `Board::strings`, and the cells: what a journal
// entry restores, its slot being kind * CAPACITY + index. The string
// tables come first, so that a slot below `CELL * CAPACITY` is an index
// into all of them end to end.
const HEAD: usize = 0;
const NEXT: usize = 1;
const LIBS: usize = 2;
const SIZE: usize = 3;
const CELL: usize = 4;

#[derive(Clone, Copy)]
struct Change {
    slot: u16,
    old: u16,
}

#[derive(Clone, Copy)]
struct Frame {
    changes: u32,
    ko: u16,
    ko_color: Color,
    to_move: Color,
    hash: u64,
    captures: [u16; 2],
}

/// `table[i]`, or 0 off the table (never, for a point's index or a
/// string's head: the tables cover the padded layout).
#[inline(always)]
fn at(table: &[u16], i: usize) -> u16 {
    match table.get(i) {
        Some(&v) => v,
        None => 0,
    }
}

/// Sets `table[i]`; nothing happens off the table.
#[inline(always)]
fn put(table: &mut [u16], i: usize, v: u16) {
    if let Some(slot) = table.get_mut(i) {
        *slot = v;
    }
}

/// Whether `h` is in the short list `list` (a string's few neighbours),
/// searched one entry at a time: `contains` would first look for blocks
/// of 32 entries.
#[allow(clippy::manual_contains)]
#[inline(always)]
fn among(list: &[u16], h: u16) -> bool {
    list.iter().any(|&x| x == h)
}

/// Writes `x` at `list[*n]` and counts it, if there is room.
#[inline(always)]
pub(crate) fn push_point<T>(list: &mut [T], n: &mut usize, x: T) {
    if let Some(slot) = list.get_mut(*n) {
        *slot = x;
        *n += 1;
    }
}

/// The first `n` entries of `list` (all of it when `n` is past its end),
/// with no failure to handle: `n` is cut to the length first.
#[inline(always)]
fn written<T>(list: &[T], n: usize) -> &[T] {
    list.get(..n.min(list.len())).unwrap_or(&[])
}

/// The layout indices of the four neighbours of the layout index `i`
/// (south, west, east, north), as [`Point::neighbors`] has them but in
/// `usize`: no table has an index past the layout's ends, where the
/// border's neighbours fall.
#[inline(always)]
const fn around(i: usize) -> [usize; 4] {
    [
        i.wrapping_sub(STRIDE),
        i.wrapping_sub(1),
        i.wrapping_add(1),
        i.wrapping_add(STRIDE),
    ]
}

/// Length of a [`Board::window`] of cells.
const WINDOW: usize = 2 * STRIDE + 1;
/// Where a window's south, west, east and north neighbours of its middle
/// are.
const SOUTH: usize = 0;
const WEST: usize = STRIDE - 1;
const EAST: usize = STRIDE + 1;
const NORTH: usize = 2 * STRIDE;

/// `w[k]`, for a constant `k` inside the window.
#[inline(always)]
fn seen(w: &[Cell; WINDOW], k: usize) -> Cell {
    match w.get(k) {
        Some(&c) => c,
        None => Cell::Border,
    }
}

/// What a move would do, as [`Board::preview`] reads it.
/// Its counts are 16 bits wide (a board has fewer than 2¹⁶ points), so
/// that it is returned in registers on the host and in three words on the
/// device.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Preview {
    /// Stones captured.
    pub captured: u16,
    /// Whether the move retakes a ko.
    pub retake: bool,
    /// Liberties of the string the new stone is part of, up to the cap
    /// asked for (see [`Board::preview`]); 0 when not asked for, unless
    /// the watched string is part of it.
    pub own_libs: u16,
    /// Stones of that string.
    pub own_size: u16,
    /// Liberties of the watched string, up to the cap; 0 when it is
    /// captured or absent.
    pub watch_libs: u16,
    /// Whether the watched point is empty after the move.
    pub watch_gone: bool,
    /// Whether an opponent string next to the move is left in atari.
    pub ataris: bool,
}

/// The neighbours of a new stone as [`Board::play_at`] reads them before
/// it changes anything, each string once (the heads themselves are kept
/// apart, whose clearing would make this dearer).
struct Met {
    /// Heads of the strings of the stone's colour, in `friends`.
    n_friends: usize,
    /// Heads of the opponent's strings, in `enemies`.
    n_enemies: usize,
    /// Empty neighbours.
    empties: u16,
    /// Stones of the opponent's strings with one liberty.
    captured: usize,
}

impl Met {
    /// Reads a neighbour whose cell is `cell` and whose string's head,
    /// for a stone, is `h`, for a stone `own`, unless `h` is among
    /// `earlier` (the heads of the neighbours read before, 0 for none);
    /// answers the head (0 for no stone).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn see<const C: usize, const M: usize>(
        &mut self,
        board: &Board<C, M>,
        own: Cell,
        cell: Cell,
        h: u16,
        [e0, e1, e2]: [u16; 3],
        friends: &mut [u16; 4],
        enemies: &mut [u16; 4],
    ) -> u16 {
        if cell == Cell::Empty {
            self.empties += 1;
            return 0;
        }
        if cell == Cell::Border {
            return 0;
        }
        if h == e0 || h == e1 || h == e2 {
            return h;
        }
        if cell == own {
            push_point(friends, &mut self.n_friends, h);
        } else {
            push_point(enemies, &mut self.n_enemies, h);
            // The size only of the strings captured.
            if at(&board.strings[LIBS], usize::from(h)) == 1 {
                self.captured += usize::from(at(&board.strings[SIZE], usize::from(h)));
            }
        }
        h
    }
}

/// The strings around a point as [`Board::preview`] reads them, one
/// neighbour at a time.
struct Around {
    /// Heads of the strings of the mover's colour, in `friends`.
    n_friends: usize,
    /// Heads of the opponent's strings with one liberty, in `dead`.
    n_dead: usize,
    /// In one word (one register): the empty neighbours in the low 8
    /// bits, one plus the stones of the `friends` from bit
    /// [`Around::OWN_SIZE`] on, the stones of the `dead` strings from bit
    /// [`Around::CAPTURED`] on, and [`Around::ATARIS`] when an opponent
    /// string has two liberties. No field overflows: a board has fewer
    /// than 2¹¹ stones.
    sums: u32,
}

impl Around {
    const OWN_SIZE: u32 = 8;
    const CAPTURED: u32 = 20;
    const ATARIS: u32 = 1 << 31;

    const fn new() -> Around {
        Around {
            n_friends: 0,
            n_dead: 0,
            sums: 1 << Around::OWN_SIZE,
        }
    }

    /// Reads the neighbour at `k` of the windows `cells` and `heads`, for
    /// a stone `own`, unless its string's head is among `earlier` (the
    /// heads of the neighbours read before, 0 for none); answers that head
    /// (0 for no stone). The heads of strings go to `friends` and `dead` (kept apart from `self`, whose
    /// clearing they would make dearer).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn see<const C: usize, const M: usize, const N: usize>(
        &mut self,
        board: &Board<C, M>,
        own: Cell,
        (cells, heads): (&[Cell; WINDOW], &[u16; WINDOW]),
        k: usize,
        [e0, e1, e2]: [u16; 3],
        friends: &mut [u16; 4],
        dead: &mut [u16; 4],
    ) -> u16 {
        let cell = seen(cells, k);
        if cell == Cell::Empty {
            self.sums += 1;
            return 0;
        }
        if cell == Cell::Border {
            return 0;
        }
        let h = at(heads, k);
        // Only the first `N` heads are of neighbours read before (the
        // rest are 0, which no stone's head is).
        if (N > 0 && h == e0) || (N > 1 && h == e1) || (N > 2 && h == e2) {
            return h;
        }
        let size = || u32::from(at(&board.strings[SIZE], usize::from(h)));
        if cell == own {
            push_point(friends, &mut self.n_friends, h);
            self.sums += size() << Around::OWN_SIZE;
        } else {
            match at(&board.strings[LIBS], usize::from(h)) {
                1 => {
                    push_point(dead, &mut self.n_dead, h);
                    self.sums += size() << Around::CAPTURED;
                }
                2 => self.sums |= Around::ATARIS,
                _ => {}
            }
        }
        h
    }
}

/// A set of points as a bitmap over the padded layout (56 bytes): bit
/// `i % 64` of word `i / 64` is the point of layout index `i`. The set
/// operators (`|`, `&`, `-` for the difference) work a word at a time.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct PointSet([u64; POINT_SET_WORDS]);

/// Number of 64-bit words in a [`PointSet`]'s bitmap.
pub const POINT_SET_WORDS: usize = CAPACITY.div_ceil(64);

/// The bits of a [`PointSet`]'s last word that lie inside the layout.
const LAST_WORD: u64 = u64::MAX >> (64 * POINT_SET_WORDS - CAPACITY);

impl core::ops::BitOr for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitor(mut self, other: PointSet) -> PointSet {
        self |= other;
        self
    }
}

impl core::ops::BitOrAssign for PointSet {
    #[inline]
    fn bitor_assign(&mut self, other: PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl core::ops::BitAnd for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitand(mut self, other: PointSet) -> PointSet {
        self &= other;
        self
    }
}

impl core::ops::BitAndAssign for PointSet {
    #[inline]
    fn bitand_assign(&mut self, other: PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }
}

impl core::ops::Sub for PointSet {
    type Output = PointSet;
    /// The points of `self` not in `other`.
    #[inline]
    fn sub(mut self, other: PointSet) -> PointSet {
        self -= other;
        self
    }
}

impl core::ops::SubAssign for PointSet {
    #[inline]
    fn sub_assign(&mut self, other: PointSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
    }
}

impl PointSet {
    /// The empty set.
    #[must_use]
    pub const fn new() -> PointSet {
        PointSet([0; POINT_SET_WORDS])
    }
    /// Adds `p`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        match self.0.get_mut(w) {
            Some(word) => {
                let new = *word & (1 << b) == 0;
                *word |= 1 << b;
                new
            }
            None => false,
        }
    }
    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.0
            .get(p.index() / 64)
            .is_some_and(|w| w & (1 << (p.index() % 64)) != 0)
    }
    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        if let Some(w) = self.0.get_mut(p.index() / 64) {
            *w &= !(1 << (p.index() % 64));
        }
    }
    /// Number of points in the set.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The bitmap: bit `i % 64` of word `i / 64` is the point of layout
    /// index `i`.
    #[inline]
    #[must_use]
    pub const fn words(&self) -> &[u64; POINT_SET_WORDS] {
        &self.0
    }
    /// The square of layout cells whose row and column are both in
    /// `first..=last` (empty when `last < first`), at most [`MAX_SIZE`]
    /// wide: e.g. a board's points, or those off its first line. `const`,
    /// so a fixed square is built at compile time.
    // Indexing, as `get_mut` is not `const`: each index is checked first.
    #[allow(clippy::indexing_slicing)]
    #[must_use]
    pub const fn square(first: usize, last: usize) -> PointSet {
        let mut words = [0u64; POINT_SET_WORDS];
        if last < first || last - first >= MAX_SIZE {
            return PointSet(words);
        }
        let row = (1u64 << (last - first + 1)) - 1;
        let mut r = first;
        while r <= last {
            let i = r * STRIDE + first;
            let (w, b) = (i / 64, (i % 64) as u32);
            if w < POINT_SET_WORDS {
                words[w] |= row << b;
            }
            if b > 0 && w + 1 < POINT_SET_WORDS {
                words[w + 1] |= row >> (64 - b);
            }
            r += 1;
        }
        PointSet::from_words(words)
    }
    /// The set with this bitmap (see [`PointSet::words`]); bits past the
    /// layout are dropped.
    #[inline]
    #[must_use]
    pub const fn from_words(mut words: [u64; POINT_SET_WORDS]) -> PointSet {
        words[POINT_SET_WORDS - 1] &= LAST_WORD;
        PointSet(words)
    }
    /// The points, in layout order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        SetPoints {
            set: self,
            read: 0,
            low: 0,
            high: 0,
        }
    }
}

/// The points of a [`PointSet`], in layout order.
struct SetPoints<'a> {
    /// The set walked.
    set: &'a PointSet,
    /// The number of words read.
    read: usize,
    /// The last word read's points not returned yet, in its low and high
    /// halves: the device's words are 32 bits wide.
    low: u32,
    high: u32,
}

impl Iterator for SetPoints<'_> {
    type Item = Point;
    // Out of line on the device: inlined at every walk of a set, the
    // loop makes the callers' code and frames larger.
    #[cfg_attr(target_os = "none", inline(never))]
    #[cfg_attr(not(target_os = "none"), inline)]
    fn next(&mut self) -> Option<Point> {
        loop {
            if self.low != 0 {
                let b = self.low.trailing_zeros() as usize;
                self.low &= self.low - 1;
                return Point::from_index(self.read * 64 - 64 + b);
            }
            if self.high != 0 {
                let b = self.high.trailing_zeros() as usize;
                self.high &= self.high - 1;
                return Point::from_index(self.read * 64 - 32 + b);
            }
            // The next word with points, the empty ones passed over in
            // registers.
            let mut read = self.read;
            let word = loop {
                let Some(&word) = self.set.0.get(read) else {
                    self.read = read;
                    return None;
                };
                read += 1;
                if word != 0 {
                    break word;
                }
            };
            self.read = read;
            self.low = word as u32;
            self.high = (word >> 32) as u32;
        }
    }
}

/// A Go board of run-time size 1..=19 with an undo journal of `CHANGES`
/// recorded writes and `MOVES` moves.
///
/// ```
/// use owlet_board::{Board, Color, Move, Point};
/// let mut board: Board = Board::new(9).unwrap();
/// let d4 = Point::from_vertex("D4", 9).unwrap();
/// board.play(Color::Black, Move::Play(d4)).unwrap();
/// assert_eq!(board.liberty_count(d4), 4);
/// board.undo().unwrap();
/// assert!(board.color_at(d4).is_none());
/// ```
// In this order (`repr(C)`): the string tables, then the cells and the
// hash, at offsets from the board's address small enough for the
// device's loads and stores to reach without a base computed first; the
// small fields sit where padding would be.
#[derive(Clone)]
#[repr(C)]
pub struct Board<
    const CHANGES: usize = DEFAULT_JOURNAL_CHANGES,
    const MOVES: usize = DEFAULT_JOURNAL_MOVES,
> {
    /// Per point: its string's head (`HEAD`) and the next stone of the
    /// string (`NEXT`); per head: the string's liberties (`LIBS`) and
    /// stones (`SIZE`).
    strings: [[u16; CAPACITY]; 4],
    cells: [Cell; CAPACITY],
    size: u8,
    captures: [u16; 2],
    ko: u16,
    hash: u64,
    changes: [Change; CHANGES],
    frames: [Frame; MOVES],
    n_changes: usize,
    n_frames: usize,
    /// Moves refused for want of journal room, since the last reset.
    journal_full: u32,
    ko_color: Color,
    to_move: Color,
    allow_suicide: bool,
}

impl<const CHANGES: usize, const MOVES: usize> Board<CHANGES, MOVES> {
    /// An empty board of `size` (1..=19), black to move, suicide forbidden.
    pub fn new(size: usize) -> Result<Self, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError);
        }
        Ok(Self::with_size(size as u8))
    }

    const fn with_size(size: u8) -> Self {
        let mut board = Board {
            size,
            allow_suicide: false,
            to_move: Color::Black,
            ko: 0,
            ko_color: Color::Black,
            hash: 0,
            captures: [0; 2],
            cells: [Cell::Border; CAPACITY],
            strings: [[0; CAPACITY]; 4],
            changes: [Change { slot: 0, old: 0 }; CHANGES],
            n_changes: 0,
            frames: [Frame {
                changes: 0,
                ko: 0,
                ko_color: Color::Black,
                to_move: Color::Black,
                hash: 0,
                captures: [0; 2],
            }; MOVES],
            n_frames: 0,
            journal_full: 0,
        };
        board.clear();
        board
    }

    /// An empty 19×19 board, as a `const fn` so that a `static` can hold
    /// one without building it on the stack first (the device does this).
    #[must_use]
    pub const fn empty() -> Self {
        Self::with_size(MAX_SIZE as u8)
    }

    /// Removes every stone, clears the journal, ko and capture counts; black to move.
    pub const fn clear(&mut self) {
        let size = self.size as usize;
        let mut i = 0;
        let mut rest: &mut [Cell] = &mut self.cells;
        while let Some((cell, tail)) = rest.split_first_mut() {
            let (row, col) = (i / STRIDE, i % STRIDE);
            *cell = if row >= 1 && row <= size && col >= 1 && col <= size {
                Cell::Empty
            } else {
                Cell::Border
            };
            rest = tail;
            i += 1;
        }
        self.to_move = Color::Black;
        self.ko = 0;
        self.captures = [0; 2];
        self.n_changes = 0;
        self.n_frames = 0;
        self.hash = 0;
    }

    /// Changes the size (and clears the board).
    pub fn resize(&mut self, size: usize) -> Result<(), SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError);
        }
        self.size = size as u8;
        self.clear();
        Ok(())
    }

    /// The board size.
    #[inline]
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// Whether suicide (a move leaving its own string without liberties,
    /// which is then removed) is legal. Off by default.
    pub fn set_allow_suicide(&mut self, allow: bool) {
        self.allow_suicide = allow;
    }

    /// Whether suicide is legal.
    #[must_use]
    pub fn allow_suicide(&self) -> bool {
        self.allow_suicide
    }

    /// What occupies `p`.
    #[inline]
    #[must_use]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells.get(p.index()).copied().unwrap_or(Cell::Border)
    }

    /// What occupies the layout index `i` (the border past the layout).
    #[inline(always)]
    fn cell_at(&self, i: usize) -> Cell {
        match self.cells.get(i) {
            Some(&c) => c,
            None => Cell::Border,
        }
    }

    /// The cells from `STRIDE` before the layout index `i` to `STRIDE`
    /// after it, taken from the layout without a check: those of its four
    /// neighbours are at [`SOUTH`], [`WEST`], [`EAST`] and [`NORTH`].
    /// Callers centre it on points of the board; for `i` in the layout's
    /// first or last row (the border), whose window would leave the
    /// layout, it is the layout's last window instead.
    #[inline(always)]
    fn window(&self, i: usize) -> &[Cell; WINDOW] {
        let start = i.wrapping_sub(STRIDE).min(CAPACITY - WINDOW);
        match self
            .cells
            .get(start..)
            .and_then(<[Cell]>::first_chunk::<WINDOW>)
        {
            Some(w) => w,
            None => &[Cell::Border; WINDOW],
        }
    }

    /// The heads' table from `STRIDE` before the layout index `i` to
    /// `STRIDE` after it, as [`Board::window`] has the cells.
    #[inline(always)]
    fn head_window(&self, i: usize) -> &[u16; WINDOW] {
        let start = i.wrapping_sub(STRIDE).min(CAPACITY - WINDOW);
        match self.strings[HEAD]
            .get(start..)
            .and_then(<[u16]>::first_chunk::<WINDOW>)
        {
            Some(w) => w,
            None => &[0; WINDOW],
        }
    }

    /// The stone after the stone of layout index `i` in its string,
    /// read at the middle of a window of the table placed as
    /// [`Board::window`] places the cells: a walk that reads a stone's
    /// window shares its start.
    #[inline(always)]
    fn next_in_window(&self, i: usize) -> usize {
        let start = i.wrapping_sub(STRIDE).min(CAPACITY - WINDOW);
        match self.strings[NEXT]
            .get(start..)
            .and_then(<[u16]>::first_chunk::<WINDOW>)
        {
            Some(w) => usize::from(at(w, STRIDE)),
            None => 0,
        }
    }

    /// The colour of the stone at `p`, if any.
    #[inline]
    #[must_use]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cell(p).color()
    }

    /// The cells of `len` points from the layout index `start` on (fewer
    /// at the layout's end).
    #[inline]
    pub(crate) fn cells_from(&self, start: usize, len: usize) -> &[Cell] {
        let rest = self.cells.get(start..).unwrap_or(&[]);
        rest.get(..len).unwrap_or(rest)
    }

    /// The empty points, the black stones and the white stones, in that
    /// order (index with `Cell::Empty as usize` and so on), from one pass
    /// over the cells.
    #[must_use]
    pub fn cell_sets(&self) -> [PointSet; 3] {
        // Bit 0 of a cell's code is set for black and the border, bit 1
        // for white and the border; eight codes at a time, one per byte,
        // are gathered into eight bits by a multiplication.
        const LOW_BITS: u64 = 0x0101_0101_0101_0101;
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let gather = |bytes: u64| (bytes & LOW_BITS).wrapping_mul(GATHER) >> 56;
        let mut sets = [PointSet::new(); 3];
        for (w, chunk) in self.cells.chunks(64).enumerate() {
            let (mut low, mut high) = (0u64, 0u64);
            for (k, group) in chunk.chunks(8).enumerate() {
                let codes = match <&[Cell; 8]>::try_from(group) {
                    Ok(group) => u64::from_le_bytes(group.map(|cell| cell as u8)),
                    // The layout's last group is short: the codes past
                    // its end read as border.
                    Err(_) => group
                        .iter()
                        .rev()
                        .fold(u64::MAX, |codes, &cell| codes << 8 | u64::from(cell as u8)),
                };
                low |= gather(codes) << (8 * k);
                high |= gather(codes >> 1) << (8 * k);
            }
            for (set, bits) in sets
                .iter_mut()
                .zip([!(low | high), low & !high, high & !low])
            {
                if let Some(word) = set.0.get_mut(w) {
                    *word = bits;
                }
            }
        }
        sets
    }

    /// Whether `p` is a point of this board (as opposed to the border).
    #[inline]
    #[must_use]
    pub fn is_on_board(&self, p: Point) -> bool {
        self.cell(p) != Cell::Border
    }

    /// Whether `p` is on the first line (the edge row or column).
    #[must_use]
    pub fn is_first_line(&self, p: Point) -> bool {
        let s = self.size();
        p.col() == 0 || p.row() == 0 || p.col() + 1 == s || p.row() + 1 == s
    }

    /// The point `dc` columns and `dr` rows from `p`, or `None` off the
    /// board.
    #[must_use]
    pub fn offset(&self, p: Point, dc: isize, dr: isize) -> Option<Point> {
        let c = p.col().checked_add_signed(dc)?;
        let r = p.row().checked_add_signed(dr)?;
        Point::new(c, r).filter(|&q| self.is_on_board(q))
    }

    /// Every point of the board, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<CHANGES, MOVES> {
        let size = self.size();
        let first = STRIDE + 1;
        Points {
            next: first,
            row_end: first + size,
            end: size * STRIDE + size + 1,
            skip: STRIDE - size,
        }
    }

    /// The side to move: the opponent of the last move's colour.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move (not journaled).
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.hash ^= zobrist::WHITE_TO_MOVE;
            self.to_move = color;
        }
    }

    /// 64-bit Zobrist hash of stones, ko point and side to move.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Hash of the stones alone (for positional superko).
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        Self::stones_only(self.hash, self.ko, self.to_move)
    }

    fn stones_only(hash: u64, ko: u16, to_move: Color) -> u64 {
        let mut h = hash;
        if ko != 0 {
            h ^= zobrist::ko(usize::from(ko));
        }
        if to_move == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
    }

    /// The point the side to move may not play because it would retake a ko.
    #[must_use]
    pub fn ko_point(&self) -> Option<Point> {
        if self.ko == 0 {
            None
        } else {
            Point::from_index(usize::from(self.ko))
        }
    }

    /// Stones captured so far by `color` (since the last clear).
    #[must_use]
    pub fn captures(&self, color: Color) -> usize {
        usize::from(self.captures.get(color.index()).copied().unwrap_or(0))
    }

    /// Number of moves that [`Board::undo`] can take back.
    #[inline]
    #[must_use]
    pub fn undo_depth(&self) -> usize {
        self.n_frames
    }

    /// Journal writes in use (of `CHANGES`).
    #[must_use]
    pub fn journal_len(&self) -> usize {
        self.n_changes
    }

    /// How many moves were refused with [`PlayError::JournalFull`] since
    /// the board was made or [`Board::reset_journal_full_count`]: each may
    /// have changed an answer of the reading that tried it. Not changed
    /// by [`Board::clear`] or [`Board::undo`].
    #[must_use]
    pub fn journal_full_count(&self) -> u32 {
        self.journal_full
    }

    /// Sets [`Board::journal_full_count`] to zero.
    pub fn reset_journal_full_count(&mut self) {
        self.journal_full = 0;
    }

    /// Counts a move refused for want of journal room.
    #[cold]
    fn journal_is_full(&mut self) -> PlayError {
        self.journal_full = self.journal_full.saturating_add(1);
        PlayError::JournalFull
    }

    /// Forgets the journal: the moves so far can no longer be undone.
    pub fn commit(&mut self) {
        self.n_changes = 0;
        self.n_frames = 0;
    }

    // ---- strings -------------------------------------------------------

    #[inline]
    fn head_of(&self, p: Point) -> usize {
        usize::from(at(&self.strings[HEAD], p.index()))
    }

    /// The head of the string at `p` (an arbitrary stone that identifies the
    /// string until the next move). Empty points are their own head.
    #[inline]
    #[must_use]
    pub fn string_id(&self, p: Point) -> Point {
        if self.cell(p).color().is_some() {
            Point::from_layout(at(&self.strings[HEAD], p.index()))
        } else {
            p
        }
    }

    /// The string's lowest point: a name for it that does not depend on
    /// the order the stones were played in. `p` itself if empty.
    #[must_use]
    pub fn origin(&self, p: Point) -> Point {
        if self.cell(p).color().is_none() {
            return p;
        }
        // Round the string's cycle from `p` (the walk stops off the
        // table, which no stone's next stone is).
        let next = &self.strings[NEXT];
        let start = p.index();
        let mut low = start;
        let mut s = start;
        while let Some(&n) = next.get(s) {
            s = usize::from(n);
            if s == start {
                break;
            }
            low = low.min(s);
        }
        Point::from_index(low).unwrap_or(p)
    }

    /// Whether `a` and `b` hold stones of the same string.
    #[inline]
    #[must_use]
    pub fn same_string(&self, a: Point, b: Point) -> bool {
        self.cell(a).color().is_some()
            && self.cell(b).color().is_some()
            && at(&self.strings[HEAD], a.index()) == at(&self.strings[HEAD], b.index())
    }

    /// Exact number of liberties of the string at `p` (0 for an empty point).
    #[inline]
    #[must_use]
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.cell(p).color().is_some() {
            usize::from(at(&self.strings[LIBS], self.head_of(p)))
        } else {
            0
        }
    }

    /// Exact number of liberties of the string with head `h`, as
    /// [`Board::string_id`] and [`Board::adjacent_strings`] give heads
    /// (not checked: the cell is not read).
    #[inline]
    #[must_use]
    pub(crate) fn head_liberty_count(&self, h: Point) -> usize {
        usize::from(at(&self.strings[LIBS], h.index()))
    }

    /// Exact number of liberties of the string at the stone `s` (not
    /// checked: the cell is not read).
    #[inline]
    #[must_use]
    pub(crate) fn stone_liberty_count(&self, s: Point) -> usize {
        self.head_liberty_count(Point::from_layout(at(&self.strings[HEAD], s.index())))
    }

    /// Number of stones in the string at `p` (0 for an empty point).
    #[inline]
    #[must_use]
    pub fn string_size(&self, p: Point) -> usize {
        if self.cell(p).color().is_some() {
            usize::from(at(&self.strings[SIZE], self.head_of(p)))
        } else {
            0
        }
    }

    /// The stones of the string at `p` (none for an empty point).
    pub fn stones(&self, p: Point) -> Stones<'_, CHANGES, MOVES> {
        let occupied = self.cell(p).color().is_some();
        Stones {
            board: self,
            start: p.index() as u16,
            current: p.index() as u16,
            done: !occupied,
        }
    }

    /// Writes up to `out.len()` liberties of the string at `p` into `out`
    /// (in stone order); returns how many were written.
    pub fn liberties(&self, p: Point, out: &mut [Point]) -> usize {
        // The walk ends once the string's (exact) count is reached.
        let want = self.liberty_count(p).min(out.len());
        if want == 0 {
            return 0;
        }
        // A short list is its own record of the liberties seen.
        if out.len() > SHORT_LIBERTY_LIST {
            return self.liberties_long(p, out, want);
        }
        // The list cut to `want` entries: its length is the end of the walk.
        let Some(out) = out.get_mut(..want) else {
            return 0;
        };
        let mut n = 0;
        // The stones, walked round the string from `p` (a stone: it has
        // liberties). The first stone's empty neighbours are all new.
        let start = p.index();
        let [a, b, c, d] = around(start);
        let w = self.window(start);
        if Self::push_new(a, seen(w, SOUTH), out, &mut n, want)
            || Self::push_new(b, seen(w, WEST), out, &mut n, want)
            || Self::push_new(c, seen(w, EAST), out, &mut n, want)
            || Self::push_new(d, seen(w, NORTH), out, &mut n, want)
        {
            return n;
        }
        let mut s = usize::from(at(&self.strings[NEXT], start));
        while s != start {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            let [a, b, c, d] = around(s);
            let w = self.window(s);
            if Self::push_liberty(a, seen(w, SOUTH), out, &mut n, want)
                || Self::push_liberty(b, seen(w, WEST), out, &mut n, want)
                || Self::push_liberty(c, seen(w, EAST), out, &mut n, want)
                || Self::push_liberty(d, seen(w, NORTH), out, &mut n, want)
            {
                break;
            }
            s = usize::from(at(&self.strings[NEXT], s));
        }
        n
    }

    /// For [`Board::liberties`]: writes the point of layout index `i`,
    /// whose cell is `cell`, to `out[*n]` if it is empty; answers whether
    /// `want` are written.
    #[inline(always)]
    fn push_new(i: usize, cell: Cell, out: &mut [Point], n: &mut usize, want: usize) -> bool {
        if cell != Cell::Empty {
            return false;
        }
        push_point(out, n, Point::from_layout(i as u16));
        *n >= want
    }

    /// For [`Board::liberties`]: writes the point of layout index `i`,
    /// whose cell is `cell`, to `out[*n]` if it is empty and not among the
    /// first `*n`; answers whether `want` are written.
    #[inline(always)]
    fn push_liberty(i: usize, cell: Cell, out: &mut [Point], n: &mut usize, want: usize) -> bool {
        if cell != Cell::Empty {
            return false;
        }
        // Never taken (`*n < want <= out.len()`): with room known, the
        // search and the write go without cutting `*n` to the length.
        if *n >= out.len() {
            return true;
        }
        if written(out, *n).iter().rev().any(|q| q.index() == i) {
            return false;
        }
        push_point(out, n, Point::from_layout(i as u16));
        *n >= want
    }

    /// [`Board::liberties`] into a long list, with a set of those seen,
    /// until `want` are written.
    fn liberties_long(&self, p: Point, out: &mut [Point], want: usize) -> usize {
        let mut seen = PointSet::new();
        let mut n = 0;
        for s in self.stones(p) {
            for q in s.neighbors() {
                if self.cell(q) == Cell::Empty && seen.insert(q) {
                    push_point(out, &mut n, q);
                    if n >= want {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// The liberties of the string at `p` as a set.
    #[must_use]
    pub fn liberty_set(&self, p: Point) -> PointSet {
        let mut set = PointSet::new();
        for s in self.stones(p) {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            let [a, b, c, d] = s.neighbors();
            self.insert_if_empty(&mut set, a);
            self.insert_if_empty(&mut set, b);
            self.insert_if_empty(&mut set, c);
            self.insert_if_empty(&mut set, d);
        }
        set
    }

    /// Adds `q` to `set` if it is empty.
    #[inline(always)]
    fn insert_if_empty(&self, set: &mut PointSet, q: Point) {
        if self.cell(q) == Cell::Empty {
            set.insert(q);
        }
    }

    /// Writes the heads of the strings of the other colour next to the
    /// string at `p` into `out` (up to its length); returns how many.
    pub fn adjacent_strings(&self, p: Point, out: &mut [Point]) -> usize {
        let Some(color) = self.color_at(p) else {
            return 0;
        };
        let enemy = Cell::stone(color.opponent());
        let mut n = 0;
        // The stones, walked round the string from `p`.
        let start = p.index();
        let mut s = start;
        loop {
            // Written out: the device's build (optimised for size) does
            // not unroll a loop over the four neighbours.
            // The cells and heads from one window each (`s` is a point
            // of the board).
            let (w, h) = (self.window(s), self.head_window(s));
            if !(Self::push_string(w, h, SOUTH, enemy, out, &mut n)
                && Self::push_string(w, h, WEST, enemy, out, &mut n)
                && Self::push_string(w, h, EAST, enemy, out, &mut n)
                && Self::push_string(w, h, NORTH, enemy, out, &mut n))
            {
                return n;
            }
            s = self.next_in_window(s);
            if s == start {
                return n;
            }
        }
    }

    /// For [`Board::adjacent_strings`]: writes the head of the string at
    /// place `k` of the windows of cells `w` and heads `h`, if it holds a
    /// stone `enemy`, to `out[*n]` unless it is among the first `*n`;
    /// answers false when the list is full.
    #[inline(always)]
    fn push_string(
        w: &[Cell; WINDOW],
        h: &[u16; WINDOW],
        k: usize,
        enemy: Cell,
        out: &mut [Point],
        n: &mut usize,
    ) -> bool {
        if seen(w, k) != enemy {
            return true;
        }
        // A full list ends the walk (as a new string would); with room
        // known, the search and the write go without cutting `*n`.
        if *n >= out.len() {
            return false;
        }
        // Newest first: a string met again is most often one just met.
        let h = Point::from_layout(at(h, k));
        if written(out, *n).iter().rev().any(|&q| q == h) {
            return true;
        }
        match out.get_mut(*n) {
            Some(slot) => *slot = h,
            None => return false,
        }
        *n += 1;
        true
    }

    // ---- legality ------------------------------------------------------

    /// Whether `color` may play at `p` now.
    #[must_use]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check_move(color, p).is_ok()
    }

    /// Why `color` may not play at `p` now, if it may not (the journal's
    /// room is not checked here).
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), PlayError> {
        match self.cell(p) {
            Cell::Border => return Err(PlayError::OffBoard),
            Cell::Black | Cell::White => return Err(PlayError::Occupied),
            Cell::Empty => {}
        }
        if usize::from(self.ko) == p.index() && self.ko_color == color {
            return Err(PlayError::Ko);
        }
        if !self.allow_suicide && self.is_suicide(color, p) {
            return Err(PlayError::Suicide);
        }
        Ok(())
    }

    /// Whether a stone of `color` at the empty point `p` would have no
    /// liberties after its captures.
    #[cfg_attr(not(target_os = "none"), inline)]
    #[must_use]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        for q in p.neighbors() {
            match self.cell(q) {
                Cell::Empty => return false,
                Cell::Border => {}
                c if c == own => {
                    if at(&self.strings[LIBS], self.head_of(q)) > 1 {
                        return false;
                    }
                }
                _ => {
                    if at(&self.strings[LIBS], self.head_of(q)) == 1 {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether playing `color` at `p` would recreate a position (stones
    /// only) found in `history` or earlier in the journal: positional superko.
    /// A move that cannot be played (illegal, or no room in the journal to
    /// try it) is an error.
    pub fn violates_superko(
        &mut self,
        color: Color,
        p: Point,
        history: &[u64],
    ) -> Result<bool, PlayError> {
        self.play(color, Move::Play(p))?;
        let now = self.position_hash();
        let in_journal = self.frames[..self.n_frames]
            .iter()
            .any(|f| Self::stones_only(f.hash, f.ko, f.to_move) == now);
        let _ = self.undo();
        Ok(in_journal || history.contains(&now))
    }

    // ---- play / undo ---------------------------------------------------

    /// Sets entry `index` of the table `kind` (`CELL` or a string
    /// table) to `value`, journaled at `*journal` (the journal's length while
    /// a move is played, kept out of `self` so that it stays in a
    /// register).
    #[inline]
    fn write(&mut self, n: &mut usize, kind: usize, index: usize, value: u16) {
        let old = if kind == CELL {
            let Some(cell) = self.cells.get_mut(index) else {
                return;
            };
            let old = *cell as u16;
            *cell = Cell::from_u16(value);
            old
        } else {
            let Some(slot) = self.strings.get_mut(kind).and_then(|t| t.get_mut(index)) else {
                return;
            };
            let old = *slot;
            *slot = value;
            old
        };
        self.record(n, kind, index, old);
    }

    /// Journals `old` as the value of entry `index` of the table `kind`
    /// at `*n` (see [`Board::write`]), the entry itself left as it is.
    #[inline(always)]
    fn record(&mut self, n: &mut usize, kind: usize, index: usize, old: u16) {
        // Room was reserved before the move started (see `play_at`), so
        // `*n` is below `CHANGES`: masking it, for a power of two, keeps
        // it and lets the check go.
        let at = if CHANGES.is_power_of_two() {
            *n & (CHANGES - 1)
        } else {
            *n
        };
        if let Some(change) = self.changes.get_mut(at) {
            *change = Change {
                slot: (kind * CAPACITY + index) as u16,
                old,
            };
            *n = at + 1;
        }
    }

    /// Sets the head or next stone (`kind`) of the new stone of a move at
    /// the layout index `index` without journaling it: undo empties the
    /// point again, and an empty point's entries are stale (every reader
    /// of the tables checks the cell first). Those of a point emptied by
    /// a capture still in the journal are journaled by
    /// [`Board::remove_string`], for the capture's undo.
    #[inline(always)]
    fn set_new(&mut self, kind: usize, index: usize, value: u16) {
        if let Some(table) = self.strings.get_mut(kind) {
            put(table, index, value);
        }
    }

    #[inline(always)]
    fn push_frame(&mut self) -> Result<(), PlayError> {
        let frame = Frame {
            changes: self.n_changes as u32,
            ko: self.ko,
            ko_color: self.ko_color,
            to_move: self.to_move,
            hash: self.hash,
            captures: self.captures,
        };
        // The count in a local: the frame's store is not known to leave
        // it as it was.
        let n = self.n_frames;
        let Some(slot) = self.frames.get_mut(n) else {
            return Err(self.journal_is_full());
        };
        *slot = frame;
        self.n_frames = n + 1;
        Ok(())
    }

    #[inline(always)]
    fn set_ko_and_turn(&mut self, ko: u16, ko_color: Color, to_move: Color) {
        if self.ko != 0 {
            self.hash ^= zobrist::ko(usize::from(self.ko));
        }
        if ko != 0 {
            self.hash ^= zobrist::ko(usize::from(ko));
        }
        self.ko = ko;
        self.ko_color = ko_color;
        self.set_to_move(to_move);
    }

    /// Plays a move for `color`; answers the number of stones it captured.
    /// On error the board is unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<usize, PlayError> {
        let p = match mv {
            Move::Pass => {
                self.push_frame()?;
                self.set_ko_and_turn(0, color, color.opponent());
                return Ok(0);
            }
            Move::Play(p) => p,
        };
        self.play_at(color, p, true)
    }

    /// Retakes a ko at once, as if a ko threat had been made and answered:
    /// [`Board::play`] without the ko rule. Reading uses it to value kos.
    pub fn play_ignoring_ko(&mut self, color: Color, p: Point) -> Result<usize, PlayError> {
        self.play_at(color, p, false)
    }

    /// Plays `color` at `p`: the checks of [`Board::check_move`] (a ko
    /// retake passes them when `ko_rule` is off, suicide unchecked), the
    /// journal's room, then the move. The neighbours' strings are read
    /// once for all of it.
    fn play_at(&mut self, color: Color, p: Point, ko_rule: bool) -> Result<usize, PlayError> {
        match self.cell(p) {
            Cell::Border => return Err(PlayError::OffBoard),
            Cell::Black | Cell::White => return Err(PlayError::Occupied),
            Cell::Empty => {}
        }
        let retake = usize::from(self.ko) == p.index() && self.ko_color == color;
        if retake && ko_rule {
            return Err(PlayError::Ko);
        }
        let own = Cell::stone(color);
        // The neighbours, each string once, read before anything changes;
        // their cells and heads from one window each (`p` is a point of
        // the board).
        let mut met = Met {
            n_friends: 0,
            n_enemies: 0,
            empties: 0,
            captured: 0,
        };
        let mut friends = [0u16; 4];
        let mut enemies = [0u16; 4];
        let (f, x) = (&mut friends, &mut enemies);
        // Written out: the device's build (optimised for size) does not
        // unroll a loop over the four neighbours.
        let (w, h) = (self.window(p.index()), self.head_window(p.index()));
        let (a, b) = (seen(w, SOUTH), at(h, SOUTH));
        let ha = met.see(self, own, a, b, [0, 0, 0], f, x);
        let (a, b) = (seen(w, WEST), at(h, WEST));
        let hb = met.see(self, own, a, b, [ha, 0, 0], f, x);
        let (a, b) = (seen(w, EAST), at(h, EAST));
        let hc = met.see(self, own, a, b, [ha, hb, 0], f, x);
        let (a, b) = (seen(w, NORTH), at(h, NORTH));
        met.see(self, own, a, b, [ha, hb, hc], f, x);
        let Met {
            n_friends,
            n_enemies,
            empties,
            captured: doomed,
        } = met;
        let friends = friends.get(..n_friends).unwrap_or(&[]);
        // Surrounded, capturing nothing, with no friend of more than one
        // liberty: suicide (the friends' liberties are read only then).
        let surrounded = empties == 0 && doomed == 0;
        let free = || {
            friends
                .iter()
                .any(|&f| at(&self.strings[LIBS], usize::from(f)) > 1)
        };
        if surrounded && !retake && !self.allow_suicide && !free() {
            return Err(PlayError::Suicide);
        }
        // Journal writes at most: 16 for the stone and its neighbours'
        // liberty counts, a friend's size + 3 (relabelling), 7 × a
        // captured string's size, and 7 × the merged size for an allowed
        // suicide. The friends' sizes, fewer than a board's points in
        // all, are read only when the room left is short of that many
        // more or for a suicide.
        let room = CHANGES - self.n_changes;
        let mut bound = 16 + 3 * n_friends + 7 * doomed;
        let suicide = self.allow_suicide
            && surrounded
            && friends
                .iter()
                .all(|&f| at(&self.strings[LIBS], usize::from(f)) == 1);
        if suicide || room < bound + MAX_SIZE * MAX_SIZE {
            let friends_size: usize = friends
                .iter()
                .map(|&f| usize::from(at(&self.strings[SIZE], usize::from(f))))
                .sum();
            bound += friends_size;
            if suicide {
                bound += 7 * (friends_size + 1);
            }
        }
        if self.n_frames >= MOVES || room < bound {
            return Err(self.journal_is_full());
        }
        let mut journal = self.n_changes;
        self.push_frame()?;
        let pi = p.index();
        self.write(&mut journal, CELL, pi, own as u16);
        self.hash ^= zobrist::stone(color.index(), pi);
        // The opponent's strings lose the liberty at `p`; those left with
        // none are captured below.
        let mut dead = [0u16; 4];
        let mut n_dead = 0;
        for &e in enemies.get(..n_enemies).unwrap_or(&[]) {
            let e = usize::from(e);
            let libs = at(&self.strings[LIBS], e).wrapping_sub(1);
            self.write(&mut journal, LIBS, e, libs);
            if libs == 0 {
                push_point(&mut dead, &mut n_dead, e as u16);
            }
        }

        // Join the new stone to its friends: relabel the smaller strings.
        let head = match *friends {
            [] => {
                self.set_new(HEAD, pi, pi as u16);
                self.set_new(NEXT, pi, pi as u16);
                self.write(&mut journal, SIZE, pi, 1);
                self.write(&mut journal, LIBS, pi, empties);
                pi
            }
            [f] => {
                // One string: `p` joins its cycle after its head.
                let big = usize::from(f);
                self.set_new(HEAD, pi, f);
                let libs = self.joined_liberties(p, own, big, friends, u16::MAX);
                self.set_new(NEXT, pi, at(&self.strings[NEXT], big));
                self.write(&mut journal, NEXT, big, pi as u16);
                self.write(&mut journal, SIZE, big, at(&self.strings[SIZE], big) + 1);
                self.write(&mut journal, LIBS, big, libs);
                big
            }
            _ => {
                let big = self.largest(friends);
                self.set_new(HEAD, pi, big as u16);
                // `big`'s liberties but `p`, and `p`'s empty neighbours
                // that `big` does not touch; the other strings' liberties
                // are added as their stones are relabelled.
                let mut libs = at(&self.strings[LIBS], big)
                    .wrapping_sub(1)
                    .wrapping_add(self.liberties_at(p, own, big));
                self.set_new(NEXT, pi, at(&self.strings[NEXT], big));
                // After `big` come the other strings' stones, the last string
                // first, each cycle cut after its head, then `p`: `big`'s next
                // stone and size are written once.
                let mut first = pi as u16;
                let mut size = at(&self.strings[SIZE], big) + 1;
                for &f in friends {
                    let f = usize::from(f);
                    if f == big {
                        continue;
                    }
                    libs = libs.wrapping_add(self.relabel(&mut journal, f, own, big));
                    let after_f = at(&self.strings[NEXT], f);
                    self.write(&mut journal, NEXT, f, first);
                    first = after_f;
                    size += at(&self.strings[SIZE], f);
                }
                self.write(&mut journal, NEXT, big, first);
                self.write(&mut journal, SIZE, big, size);
                self.write(&mut journal, LIBS, big, libs);
                big
            }
        };

        let mut captured = 0usize;
        let mut last_captured = 0u16;
        // The strings captured come first in `dead`, the rest is 0 (no
        // string's head).
        for &d in &dead {
            if d == 0 {
                break;
            }
            captured += self.remove_string(&mut journal, usize::from(d), color.opponent());
            last_captured = d;
        }
        if at(&self.strings[LIBS], head) == 0 {
            // Only reachable with suicide allowed.
            let lost = self.remove_string(&mut journal, head, color);
            if let Some(n) = self.captures.get_mut(color.opponent().index()) {
                *n = n.saturating_add(lost as u16);
            }
        }
        self.n_changes = journal;
        if captured > 0
            && let Some(n) = self.captures.get_mut(color.index())
        {
            *n = n.saturating_add(captured as u16);
        }
        let ko = if captured == 1
            && self.cells.get(pi) == Some(&own)
            && at(&self.strings[SIZE], head) == 1
            && at(&self.strings[LIBS], head) == 1
        {
            last_captured
        } else {
            0
        };
        self.set_ko_and_turn(ko, color.opponent(), color.opponent());
        Ok(captured)
    }

    /// The head of the largest of the strings `friends`, the first of
    /// them among strings of equal size (0 for none).
    #[inline(always)]
    fn largest(&self, friends: &[u16]) -> usize {
        let (mut big, mut most) = (0, 0);
        for &f in friends {
            let size = at(&self.strings[SIZE], usize::from(f));
            if size > most {
                big = usize::from(f);
                most = size;
            }
        }
        big
    }

    /// For [`Board::play_at`]: relabels the stones of the string with
    /// head `f` as stones of the string with head `big` (journaled at
    /// `*journal`) and answers the liberties they add to it. The empty
    /// neighbours of a stone that touch no stone of `big` so far (`big`'s
    /// own, the new stone's and those relabelled before) are new: each
    /// counts once, at the first stone relabelled next to it.
    #[inline(never)]
    fn relabel(&mut self, journal: &mut usize, f: usize, own: Cell, big: usize) -> u16 {
        let mut len = *journal;
        let mut libs = 0u16;
        let mut s = f;
        loop {
            libs = libs.wrapping_add(self.liberties_at(Point::from_layout(s as u16), own, big));
            self.write(&mut len, HEAD, s, big as u16);
            s = usize::from(at(&self.strings[NEXT], s));
            if s == f {
                break;
            }
        }
        *journal = len;
        libs
    }

    /// The empty neighbours of `p` that touch no stone `own` (other than
    /// `p`) of the string with head `big`: the liberties a stone at `p`
    /// adds to that string.
    #[inline(always)]
    fn liberties_at(&self, p: Point, own: Cell, big: usize) -> u16 {
        // Written out: the device's build (optimised for size) does not
        // unroll a loop over the four. Each neighbour `e` is read with its
        // neighbours but `p` (`p` is a point of the board), at these places
        // of its window.
        let p = p.index();
        let [a, b, c, d] = around(p);
        let w = self.window(p);
        let (ka, kb) = ([SOUTH, WEST, EAST], [SOUTH, WEST, NORTH]);
        let (kc, kd) = ([SOUTH, EAST, NORTH], [WEST, EAST, NORTH]);
        u16::from(self.adds(a, seen(w, SOUTH), ka, own, big))
            + u16::from(self.adds(b, seen(w, WEST), kb, own, big))
            + u16::from(self.adds(c, seen(w, EAST), kc, own, big))
            + u16::from(self.adds(d, seen(w, NORTH), kd, own, big))
    }

    /// For [`Board::liberties_at`]: whether the point of layout index `e`,
    /// whose cell is `cell`, is empty and touches no stone `own` of the
    /// string with head `big` at the three places given of its window.
    #[inline(always)]
    fn adds(&self, e: usize, cell: Cell, [ka, kb, kc]: [usize; 3], own: Cell, big: usize) -> bool {
        if cell != Cell::Empty {
            return false;
        }
        // `e` is a point of the board: its neighbours' cells and heads
        // come from one window each. The head first: it rules out more
        // (an empty point's head is stale, so the cell is still read).
        let (w, heads) = (self.window(e), self.head_window(e));
        let of_big = |k: usize| usize::from(at(heads, k)) == big && seen(w, k) == own;
        !(of_big(ka) || of_big(kb) || of_big(kc))
    }

    /// Liberties of the string that a stone `own` at `p` makes of the
    /// strings `friends` around it, of which `big` is one, before any of
    /// them is relabelled (the stone itself may be on the board or not):
    /// `big`'s liberties but `p`, plus the empty neighbours of `p` and of
    /// the other strings' stones that `big` does not touch. Only the
    /// strings other than `big` are walked. Captures are not counted.
    /// With more than one string, the count stops at `cap`.
    #[inline(always)]
    fn joined_liberties(&self, p: Point, own: Cell, big: usize, friends: &[u16], cap: u16) -> u16 {
        let libs = at(&self.strings[LIBS], big).wrapping_sub(1);
        if let [_] = friends {
            return libs + self.liberties_at(p, own, big);
        }
        let stop = cap.saturating_sub(libs);
        libs.wrapping_add(self.more_joined_liberties(p, own, big, friends, stop))
    }

    /// The part of [`Board::joined_liberties`] that more than one string
    /// adds to `big`'s liberties but `p`. A liberty reached from several
    /// stones is counted once, at the first of them in layout order (see
    /// [`Board::first_reach`]), so no set of those seen is kept. The
    /// count stops once it reaches `stop`.
    fn more_joined_liberties(
        &self,
        p: Point,
        own: Cell,
        big: usize,
        friends: &[u16],
        stop: u16,
    ) -> u16 {
        let mut libs = self.liberties_at(p, own, big);
        if libs >= stop {
            return libs;
        }
        for &f in friends {
            if usize::from(f) == big {
                continue;
            }
            // The string's stones, round its cycle from its head.
            let f = usize::from(f);
            let p = p.index();
            let mut s = f;
            loop {
                // Written out: the device's build (optimised for size)
                // does not unroll a loop over the four neighbours.
                // Each point `e` next to `s` is read with its neighbours
                // but `s`, which is clear (a stone of a string other than
                // `big`, not below itself), at these places of its window.
                let [a, b, c, d] = around(s);
                let w = self.window(s);
                let (ka, kb) = ([SOUTH, WEST, EAST], [SOUTH, WEST, NORTH]);
                let (kc, kd) = ([SOUTH, EAST, NORTH], [WEST, EAST, NORTH]);
                libs += u16::from(self.first_reach(a, seen(w, SOUTH), ka, s, p, own, big, friends))
                    + u16::from(self.first_reach(b, seen(w, WEST), kb, s, p, own, big, friends))
                    + u16::from(self.first_reach(c, seen(w, EAST), kc, s, p, own, big, friends))
                    + u16::from(self.first_reach(d, seen(w, NORTH), kd, s, p, own, big, friends));
                if libs >= stop {
                    return libs;
                }
                s = self.next_in_window(s);
                if s == f {
                    break;
                }
            }
        }
        libs
    }

    /// For the point `e` next to the stone `s` (layout indices, as `p`)
    /// of one of `friends` other than `big`, whose cell is `cell` and
    /// whose neighbours but `s` are at the three places given of its
    /// window: whether [`Board::more_joined_liberties`] counts `e` at
    /// `s`. It does if `e` is empty and not `p`, unless `e` is next to `p`
    /// (counted with `p`'s neighbours), touches a stone of `big`, or
    /// touches a lower stone of one of `friends` other than `big`
    /// (counted there).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn first_reach(
        &self,
        e: usize,
        cell: Cell,
        [ka, kb, kc]: [usize; 3],
        s: usize,
        p: usize,
        own: Cell,
        big: usize,
        friends: &[u16],
    ) -> bool {
        // The cell first: an empty point is the rarer case.
        if cell != Cell::Empty || e == p {
            return false;
        }
        // `e` is a point of the board: its neighbours' cells and heads
        // come from one window each.
        let (w, heads) = (self.window(e), self.head_window(e));
        let clear = |k: usize| {
            let r = e.wrapping_add(k).wrapping_sub(STRIDE);
            if r == p {
                return false;
            }
            if seen(w, k) != own {
                return true;
            }
            let h = at(heads, k);
            usize::from(h) != big && (r >= s || !among(friends, h))
        };
        clear(ka) && clear(kb) && clear(kc)
    }

    /// What playing `color` at `p` would do, read without playing: the
    /// stones it captures, whether it retakes a ko, the liberties of the
    /// string it joins and those of the string at `watch` after it (0 when
    /// that string is captured or `watch` is empty), and whether it leaves
    /// an opponent string next to it in atari. `None` when the move could
    /// not be played (a ko retake counts as playable, as with
    /// [`Board::play_ignoring_ko`]); a move refused for want of journal
    /// room is counted as [`Board::play`] counts it. Suicide must be off.
    ///
    /// Liberty counts are exact below `cap` and at least `cap` otherwise
    /// (the rest is not counted). The new stone's are counted only when
    /// `own` asks for them or the watched string joins it.
    #[inline(always)]
    pub(crate) fn preview(
        &mut self,
        color: Color,
        p: Point,
        watch: Point,
        own: bool,
        cap: u16,
    ) -> Option<Preview> {
        match (own, cap) {
            (true, 2) => self.preview_of::<true, 2>(color, p, watch, cap),
            (true, 4) => self.preview_of::<true, 4>(color, p, watch, cap),
            (false, 6) => self.preview_of::<false, 6>(color, p, watch, cap),
            (true, _) => self.preview_of::<true, 0>(color, p, watch, cap),
            (false, _) => self.preview_of::<false, 0>(color, p, watch, cap),
        }
    }

    /// [`Board::preview`], with `OWN` for its `own` and `CAP` for its
    /// `cap` (0: `cap` is read): the callers' arguments are constants,
    /// and each pair the readers pass gets its own code.
    #[inline(never)]
    fn preview_of<const OWN: bool, const CAP: u16>(
        &mut self,
        color: Color,
        p: Point,
        watch: Point,
        cap: u16,
    ) -> Option<Preview> {
        let own = OWN;
        let cap = if CAP == 0 { cap } else { CAP };
        if self.cell(p) != Cell::Empty {
            return None;
        }
        let retake = usize::from(self.ko) == p.index() && self.ko_color == color;
        let wants_own = own;
        let own = Cell::stone(color);
        // One look at each neighbour, each string next to `p` read once,
        // the cells and heads from one window each (`p` is a point of the
        // board).
        let mut near = Around::new();
        let mut friends = [0u16; 4];
        let mut dead = [0u16; 4];
        let (f, x) = (&mut friends, &mut dead);
        let v = (self.window(p.index()), self.head_window(p.index()));
        let ha = near.see::<CHANGES, MOVES, 0>(self, own, v, SOUTH, [0, 0, 0], f, x);
        let hb = near.see::<CHANGES, MOVES, 1>(self, own, v, WEST, [ha, 0, 0], f, x);
        let hc = near.see::<CHANGES, MOVES, 2>(self, own, v, EAST, [ha, hb, 0], f, x);
        let hd = near.see::<CHANGES, MOVES, 3>(self, own, v, NORTH, [ha, hb, hc], f, x);
        let Around {
            n_friends,
            n_dead,
            sums,
        } = near;
        let empties = (sums & 0xff) as u16;
        let own_size = ((sums >> Around::OWN_SIZE) & 0xfff) as usize;
        let captured = ((sums >> Around::CAPTURED) & 0x7ff) as usize;
        let ataris = sums & Around::ATARIS != 0;
        let friends = friends.get(..n_friends).unwrap_or(&[]);
        let dead = dead.get(..n_dead).unwrap_or(&[]);
        // Surrounded, capturing nothing: suicide when every friend has at
        // most one liberty (as `play_at` reads it); with suicide allowed,
        // `play_at` counts the merged string's removal in its journal
        // bound when every friend has exactly one.
        let surrounded = empties == 0 && dead.is_empty();
        let friend_libs = |f: &u16| at(&self.strings[LIBS], usize::from(*f));
        if surrounded && !retake && friends.iter().all(|f| friend_libs(f) <= 1) {
            return None;
        }
        // `play_at`'s bound: 16, plus a friend's size + 3, plus 7 × a
        // captured string's size.
        let mut bound = 16 + (own_size - 1) + 3 * friends.len() + 7 * captured;
        if self.allow_suicide && surrounded && friends.iter().all(|f| friend_libs(f) == 1) {
            bound += 7 * own_size;
        }
        if self.n_frames >= MOVES || CHANGES - self.n_changes < bound {
            self.journal_is_full();
            return None;
        }
        let watch_cell = self.cell(watch);
        let watch_head = at(&self.strings[HEAD], watch.index());
        let joins = watch_cell == own && friends.contains(&watch_head);
        let own_libs = if wants_own || joins {
            self.own_liberties(p, own, empties, friends, dead, cap)
        } else {
            0
        };
        let mut watch_gone = false;
        let watch_libs = match watch_cell.color() {
            None => {
                watch_gone = true;
                0
            }
            Some(c) => {
                let h = watch_head;
                if c == color {
                    if joins {
                        own_libs
                    } else {
                        let libs = at(&self.strings[LIBS], usize::from(h));
                        if dead.is_empty() || libs >= cap {
                            libs
                        } else {
                            libs + self.freed::<false>(dead, own, Point::FILLER, &[h], cap - libs)
                        }
                    }
                } else if dead.contains(&h) {
                    watch_gone = true;
                    0
                } else if h == ha || h == hb || h == hc || h == hd {
                    // Next to `p` (written out: the device's build does
                    // not unroll a search of the four heads).
                    at(&self.strings[LIBS], usize::from(h)).wrapping_sub(1)
                } else {
                    at(&self.strings[LIBS], usize::from(h))
                }
            }
        };
        Some(Preview {
            captured: captured as u16,
            retake,
            own_libs,
            own_size: own_size as u16,
            watch_libs,
            watch_gone,
            ataris,
        })
    }

    /// Bounds of what [`Board::preview`] reads of `color` playing at the
    /// empty point `p`, from `p`'s neighbours alone: the liberties of the
    /// strings of `color` next to `p` but `p`, plus `p`'s empty neighbours;
    /// the stones of the opponent strings in atari next to `p`; whether the
    /// string at the stone `watch` is next to `p`; and whether an opponent
    /// string with two liberties is. Inlined in its caller on the host,
    /// where a call returns the four through memory (the device's build
    /// inlines it as it is).
    #[cfg_attr(not(target_os = "none"), inline(always))]
    pub(crate) fn preview_bound(
        &self,
        color: Color,
        p: Point,
        watch: Point,
    ) -> (usize, usize, bool, bool) {
        /// The sums so far, in one word (one register): liberties in the
        /// low 16 bits, stones captured from bit `CAPTURED` on, and the
        /// flags `NEXT_TO` (next to the watched string) and `ATARI`. No
        /// field overflows: four strings have fewer than 2¹⁶ liberties
        /// and a board fewer than 2¹⁴ stones.
        type Sums = u32;
        const CAPTURED: u32 = 16;
        const NEXT_TO: u32 = 1 << 30;
        const ATARI: u32 = 1 << 31;
        /// Adds the neighbour at `k` of the windows `cells` and `heads`
        /// unless it is a stone of a string with head among the heads
        /// seen so far; answers the head of its string (0 for no stone).
        #[inline(always)]
        fn see<const C: usize, const M: usize, const N: usize>(
            board: &Board<C, M>,
            own: Cell,
            (cells, heads): (&[Cell; WINDOW], &[u16; WINDOW]),
            k: usize,
            [e0, e1, e2]: [u16; 3],
            watch_head: u16,
            sums: &mut Sums,
        ) -> u16 {
            let cell = seen(cells, k);
            if cell == Cell::Border {
                return 0;
            }
            if cell == Cell::Empty {
                *sums += 1;
                return 0;
            }
            let h = at(heads, k);
            // Only the first `N` heads are of neighbours seen so far (the
            // rest are 0, which no stone's head is).
            if (N > 0 && h == e0) || (N > 1 && h == e1) || (N > 2 && h == e2) {
                return h;
            }
            let n = u32::from(at(&board.strings[LIBS], usize::from(h)));
            if cell == own {
                // The string keeps its liberties but the point played
                // (one of them: `n` is at least 1).
                *sums += n.wrapping_sub(1);
                if h == watch_head {
                    *sums |= NEXT_TO;
                }
            } else if n == 1 {
                *sums += u32::from(at(&board.strings[SIZE], usize::from(h))) << CAPTURED;
            } else if n == 2 {
                *sums |= ATARI;
            }
            h
        }
        let own = Cell::stone(color);
        let w = at(&self.strings[HEAD], watch.index());
        let mut sums = 0;
        // The neighbours' cells and heads, from one window each (`p` is a
        // point of the board).
        let v = (self.window(p.index()), self.head_window(p.index()));
        // Written out, each string once, as `preview` reads them.
        let ha = see::<CHANGES, MOVES, 0>(self, own, v, SOUTH, [0, 0, 0], w, &mut sums);
        let hb = see::<CHANGES, MOVES, 1>(self, own, v, WEST, [ha, 0, 0], w, &mut sums);
        let hc = see::<CHANGES, MOVES, 2>(self, own, v, EAST, [ha, hb, 0], w, &mut sums);
        see::<CHANGES, MOVES, 3>(self, own, v, NORTH, [ha, hb, hc], w, &mut sums);
        (
            (sums & 0xffff) as usize,
            ((sums >> CAPTURED) & 0x3fff) as usize,
            sums & NEXT_TO != 0,
            sums & ATARI != 0,
        )
    }

    /// Whether a stone of `color` at `p` would retake a ko, which
    /// [`Board::check_move`] refuses.
    pub(crate) fn is_ko_retake(&self, color: Color, p: Point) -> bool {
        usize::from(self.ko) == p.index() && self.ko_color == color
    }

    /// For [`Board::preview`]: the liberties of the string that a stone
    /// `own` at `p` with `empties` empty neighbours makes of the strings
    /// `friends`, capturing the strings `dead`, exact below `cap` and at
    /// least `cap` otherwise: a count that reaches `cap` is not completed.
    #[inline(always)]
    fn own_liberties(
        &self,
        p: Point,
        own: Cell,
        empties: u16,
        friends: &[u16],
        dead: &[u16],
        cap: u16,
    ) -> u16 {
        let mut libs = if friends.is_empty() {
            empties
        } else {
            let big = match *friends {
                [f] => usize::from(f),
                _ => self.largest(friends),
            };
            // The joined string keeps `big`'s liberties but `p`.
            let kept = at(&self.strings[LIBS], big).wrapping_sub(1);
            if kept >= cap {
                return kept;
            }
            if let [_] = friends {
                self.capped_liberties_at(p, own, big, kept, cap)
            } else {
                kept.wrapping_add(self.more_joined_liberties(p, own, big, friends, cap - kept))
            }
        };
        // A captured stone next to the new string is a liberty of it.
        if !dead.is_empty() && libs < cap {
            libs += self.freed::<true>(dead, own, p, friends, cap - libs);
        }
        libs
    }

    /// `kept` plus [`Board::liberties_at`]`(p, own, big)`, exact below
    /// `cap` (above `kept`) and at least `cap` otherwise: the count stops
    /// at `cap`.
    #[inline(always)]
    fn capped_liberties_at(&self, p: Point, own: Cell, big: usize, kept: u16, cap: u16) -> u16 {
        // Written out, as in `liberties_at`.
        let p = p.index();
        let [a, b, c, d] = around(p);
        let w = self.window(p);
        let mut libs = kept;
        if self.adds(a, seen(w, SOUTH), [SOUTH, WEST, EAST], own, big) {
            libs += 1;
            if libs >= cap {
                return libs;
            }
        }
        if self.adds(b, seen(w, WEST), [SOUTH, WEST, NORTH], own, big) {
            libs += 1;
            if libs >= cap {
                return libs;
            }
        }
        if self.adds(c, seen(w, EAST), [SOUTH, EAST, NORTH], own, big) {
            libs += 1;
            if libs >= cap {
                return libs;
            }
        }
        libs + u16::from(self.adds(d, seen(w, NORTH), [WEST, EAST, NORTH], own, big))
    }

    /// How many stones of the strings `dead` are next to `p` (with
    /// `AT_P`; `p` is not read without) or to a stone `own` of one of the
    /// strings with head in `heads`: the liberties those strings gain
    /// when `dead` is captured. The count stops once it reaches `stop`.
    #[cfg_attr(target_os = "none", inline(never))]
    fn freed<const AT_P: bool>(
        &self,
        dead: &[u16],
        own: Cell,
        p: Point,
        heads: &[u16],
        stop: u16,
    ) -> u16 {
        let mut n = 0;
        let p = p.index();
        for &d in dead {
            // The string's stones, round its cycle from its head.
            let d = usize::from(d);
            let mut t = d;
            loop {
                // Written out: the device's build (optimised for size)
                // does not unroll a loop over the four neighbours.
                let [a, b, c, e] = around(t);
                let frees = |r: usize| {
                    (AT_P && r == p)
                        || (self.cell_at(r) == own && among(heads, at(&self.strings[HEAD], r)))
                };
                if frees(a) || frees(b) || frees(c) || frees(e) {
                    n += 1;
                    if n >= stop {
                        return n;
                    }
                }
                t = usize::from(at(&self.strings[NEXT], t));
                if t == d {
                    break;
                }
            }
        }
        n
    }

    /// Removes the string with head `head` (of `color`), journaled at
    /// `*journal` (see [`Board::write`]); answers its size.
    fn remove_string(&mut self, journal: &mut usize, head: usize, color: Color) -> usize {
        // The journal's length in a local, stored once at the end.
        let mut len = *journal;
        let own = Cell::stone(color.opponent());
        // The size read once: no count is kept through the walk.
        let size = usize::from(at(&self.strings[SIZE], head));
        let mut s = head;
        loop {
            // The stone's head, unchanged, for undo: a move at its point
            // writes it unjournaled (see `set_new`); its next stone too,
            // below.
            self.record(&mut len, HEAD, s, head as u16);
            self.write(&mut len, CELL, s, Cell::Empty as u16);
            self.hash ^= zobrist::stone(color.index(), s);
            // The neighbours' cells and heads, from one window each (`s`
            // is a point of the board).
            let (w, h) = (self.window(s), self.head_window(s));
            let head_of = |k: usize| if seen(w, k) == own { at(h, k) } else { 0 };
            let [ha, hb, hc, hd] = [head_of(SOUTH), head_of(WEST), head_of(EAST), head_of(NORTH)];
            // Written out: the device's build (optimised for size)
            // does not unroll a loop over the four. Each string once,
            // at its first neighbour; a neighbour of no string (0) is
            // passed over before any comparison.
            if ha != 0 {
                self.free_liberty(&mut len, ha);
            }
            if hb != 0 && hb != ha {
                self.free_liberty(&mut len, hb);
            }
            if hc != 0 && hc != ha && hc != hb {
                self.free_liberty(&mut len, hc);
            }
            if hd != 0 && hd != ha && hd != hb && hd != hc {
                self.free_liberty(&mut len, hd);
            }
            let next = self.next_in_window(s);
            self.record(&mut len, NEXT, s, next as u16);
            s = next;
            if s == head {
                break;
            }
        }
        *journal = len;
        size
    }

    /// For [`Board::remove_string`]: gives the string with head `h` a
    /// liberty (journaled at `*journal`).
    #[inline(always)]
    fn free_liberty(&mut self, journal: &mut usize, h: u16) {
        let h = usize::from(h);
        self.write(journal, LIBS, h, at(&self.strings[LIBS], h) + 1);
    }

    /// Takes back the last move. Fails when the journal is empty.
    pub fn undo(&mut self) -> Result<(), NothingToUndo> {
        // With no frame, the index wraps past the end of the frames.
        let last = self.n_frames.wrapping_sub(1);
        let Some(&frame) = self.frames.get(last) else {
            return Err(NothingToUndo);
        };
        self.n_frames = last;
        // The frame's own values first: only the journal's part is needed
        // while the tables are restored.
        self.ko = frame.ko;
        self.ko_color = frame.ko_color;
        self.to_move = frame.to_move;
        self.hash = frame.hash;
        self.captures = frame.captures;
        let end = self.n_changes;
        let start = (frame.changes as usize).min(end);
        self.n_changes = start;
        for &Change { slot, old } in self.changes.get(start..end).unwrap_or(&[]).iter().rev() {
            let slot = usize::from(slot);
            if let Some(entry) = self.strings.as_flattened_mut().get_mut(slot) {
                *entry = old;
            } else if let Some(cell) = self.cells.get_mut(slot - CELL * CAPACITY) {
                *cell = Cell::from_u16(old);
            }
        }
        Ok(())
    }

    // ---- setup ---------------------------------------------------------

    /// Puts a stone of `color` on `p` without capturing anything (SGF setup,
    /// diagrams), or empties `p` with `None`. Strings and the hash are
    /// rebuilt and the journal is cleared. Strings left without liberties
    /// stay on the board; the caller decides whether that is acceptable.
    pub fn set_stone(&mut self, p: Point, color: Option<Color>) -> Result<(), PlayError> {
        if !self.is_on_board(p) {
            return Err(PlayError::OffBoard);
        }
        if let Some(cell) = self.cells.get_mut(p.index()) {
            *cell = match color {
                Some(c) => Cell::stone(c),
                None => Cell::Empty,
            };
        }
        self.rebuild();
        Ok(())
    }

    /// Sets a cell without updating strings; [`Board::rebuild`] must follow.
    pub(crate) fn cells_mut_for_setup(&mut self, p: Point, cell: Cell) {
        if self.is_on_board(p)
            && let Some(slot) = self.cells.get_mut(p.index())
        {
            *slot = cell;
        }
    }

    /// Recomputes strings, liberties and the hash from the stones alone and
    /// clears the journal and ko.
    pub fn rebuild(&mut self) {
        let fresh = self.recount();
        self.strings[HEAD] = fresh.head;
        self.strings[NEXT] = fresh.next;
        self.strings[LIBS] = fresh.libs;
        self.strings[SIZE] = fresh.stones;
        self.ko = 0;
        self.hash = self.compute_hash();
        self.commit();
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for p in self.points() {
            if let Some(c) = self.color_at(p) {
                h ^= zobrist::stone(c.index(), p.index());
            }
        }
        if self.ko != 0 {
            h ^= zobrist::ko(usize::from(self.ko));
        }
        if self.to_move == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
    }

    /// String tables computed from scratch by flood fill. Never inlined:
    /// its tables (4 KiB) must not sit in its callers' frames (the
    /// device's console loop among them).
    #[inline(never)]
    fn recount(&self) -> Strings {
        let mut out = Strings {
            head: [0; CAPACITY],
            next: [0; CAPACITY],
            libs: [0; CAPACITY],
            stones: [0; CAPACITY],
        };
        let mut done = PointSet::new();
        let mut stack = [0u16; MAX_SIZE * MAX_SIZE];
        for p in self.points() {
            let Some(color) = self.color_at(p) else {
                continue;
            };
            if done.contains(p) {
                continue;
            }
            let h = p.index();
            let mut libs = PointSet::new();
            let mut size = 0u16;
            let mut prev = h;
            let mut top = 1;
            stack[0] = h as u16;
            done.insert(p);
            while top > 0 {
                top -= 1;
                let s = usize::from(stack.get(top).copied().unwrap_or(0));
                put(&mut out.head, s, h as u16);
                put(&mut out.next, prev, s as u16);
                prev = s;
                size += 1;
                let Some(sp) = Point::from_index(s) else {
                    continue;
                };
                for q in sp.neighbors() {
                    match self.cell(q) {
                        Cell::Empty => {
                            libs.insert(q);
                        }
                        c if c.color() == Some(color) && done.insert(q) => {
                            if let Some(slot) = stack.get_mut(top) {
                                *slot = q.index() as u16;
                                top += 1;
                            }
                        }
                        _ => {}
                    }
                }
            }
            put(&mut out.next, prev, h as u16);
            put(&mut out.stones, h, size);
            put(&mut out.libs, h, libs.len() as u16);
        }
        out
    }

    /// Whether the incremental string data (membership, sizes, liberty
    /// counts) and the hash agree with a from-scratch recount. For tests.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let fresh = self.recount();
        for p in self.points() {
            if self.color_at(p).is_none() {
                continue;
            }
            let i = p.index();
            let (h, fh) = (self.head_of(p), usize::from(at(&fresh.head, i)));
            if at(&self.strings[SIZE], h) != at(&fresh.stones, fh)
                || at(&self.strings[LIBS], h) != at(&fresh.libs, fh)
            {
                return false;
            }
            // Same membership: every stone's head agrees with the fresh
            // string's head through one representative.
            if self.head_of(Point::from_index(fh).unwrap_or(p)) != h {
                return false;
            }
            if self.stones(p).count() != usize::from(at(&self.strings[SIZE], h)) {
                return false;
            }
        }
        self.hash == self.compute_hash()
    }
}

struct Strings {
    head: [u16; CAPACITY],
    next: [u16; CAPACITY],
    libs: [u16; CAPACITY],
    stones: [u16; CAPACITY],
}

/// [`Board::undo`] with nothing to undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct NothingToUndo;

impl fmt::Display for NothingToUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot undo")
    }
}

/// Iterator over the points of a board, bottom row first: layout indices
/// from `next` to `end`, skipping the border between rows.
struct Points {
    next: usize,
    /// Where the current row's points end.
    row_end: usize,
    end: usize,
    /// Border cells between one row's end and the next row's start.
    skip: usize,
}

impl Iterator for Points {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.next >= self.end {
            return None;
        }
        let p = Point::from_index(self.next);
        self.next += 1;
        if self.next == self.row_end {
            self.next += self.skip;
            self.row_end += STRIDE;
        }
        p
    }
}

/// Iterator over the stones of one string.
pub struct Stones<'a, const C: usize, const M: usize> {
    board: &'a Board<C, M>,
    start: u16,
    current: u16,
    done: bool,
}

impl<const C: usize, const M: usize> Iterator for Stones<'_, C, M> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.done {
            return None;
        }
        let p = Point::from_layout(self.current);
        self.current = at(&self.board.strings[NEXT], usize::from(self.current));
        self.done = self.current == self.start;
        Some(p)
    }
}

impl<const C: usize, const M: usize> Default for Board<C, M> {
    /// An empty 19×19 board.
    fn default() -> Self {
        Self::empty()
    }
}

impl<const C: usize, const M: usize> PartialEq for Board<C, M> {
    /// Same size, stones, side to move, ko and capture counts.
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.to_move == other.to_move
            && self.ko == other.ko
            && self.hash == other.hash
            && self.captures == other.captures
    }
}

impl<const C: usize, const M: usize> fmt::Debug for Board<C, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(v: &str, size: usize) -> Point {
        Point::from_vertex(v, size).unwrap()
    }

    #[test]
    fn squares_are_a_boards_points_and_its_interior() {
        for size in 1..=MAX_SIZE {
            let board: Board = Board::new(size).unwrap();
            let (mut points, mut interior) = (PointSet::new(), PointSet::new());
            for p in board.points() {
                points.insert(p);
                if p.neighbors().iter().all(|&n| board.is_on_board(n)) {
                    interior.insert(p);
                }
            }
            assert_eq!(PointSet::square(1, size), points, "size {size}");
            assert_eq!(PointSet::square(2, size - 1), interior, "size {size}");
        }
        assert!(PointSet::square(3, 2).is_empty());
        assert!(PointSet::square(1, 1 + MAX_SIZE).is_empty());
    }

    #[test]
    fn capture_ko_and_undo() {
        let mut b: Board = Board::from_diagram(
            "
            .....
            .XO..
            XO.O.
            .XO..
            .....",
        )
        .unwrap();
        let before = b.clone();
        // Black captures at C3: a ko.
        assert_eq!(b.play(Color::Black, Move::Play(pt("C3", 5))), Ok(1));
        assert_eq!(b.color_at(pt("B3", 5)), None);
        assert_eq!(b.ko_point(), Some(pt("B3", 5)));
        assert_eq!(
            b.play(Color::White, Move::Play(pt("B3", 5))),
            Err(PlayError::Ko)
        );
        assert!(b.is_consistent());
        b.undo().unwrap();
        assert_eq!(b, before);
        assert!(b.is_consistent());
    }

    #[test]
    fn suicide_and_occupied() {
        let mut b: Board = Board::from_diagram(
            "
            .X.
            X..
            ...",
        )
        .unwrap();
        assert_eq!(
            b.play(Color::White, Move::Play(pt("A3", 3))),
            Err(PlayError::Suicide)
        );
        assert_eq!(
            b.play(Color::White, Move::Play(pt("B3", 3))),
            Err(PlayError::Occupied)
        );
        b.set_allow_suicide(true);
        assert_eq!(b.play(Color::White, Move::Play(pt("A3", 3))), Ok(0));
        assert_eq!(b.color_at(pt("A3", 3)), None);
        assert_eq!(b.captures(Color::Black), 1);
        assert!(b.is_consistent());
    }

    #[test]
    fn merge_counts_liberties() {
        let mut b: Board = Board::new(9).unwrap();
        for v in ["C3", "E3", "D4"] {
            b.play(Color::Black, Move::Play(pt(v, 9))).unwrap();
        }
        b.play(Color::Black, Move::Play(pt("D3", 9))).unwrap();
        assert_eq!(b.string_size(pt("C3", 9)), 4);
        assert_eq!(b.liberty_count(pt("C3", 9)), 8);
        assert!(b.is_consistent());
        let mut libs = [pt("A1", 9); 16];
        assert_eq!(b.liberties(pt("E3", 9), &mut libs), 8);
    }

    #[test]
    fn journal_full_is_an_error() {
        let mut b: Board<64, 4> = Board::new(9).unwrap();
        for v in ["A1", "B1", "C1", "D1"] {
            b.play(Color::Black, Move::Play(pt(v, 9))).unwrap();
        }
        let before = b.clone();
        assert_eq!(
            b.play(Color::Black, Move::Play(pt("E1", 9))),
            Err(PlayError::JournalFull)
        );
        assert_eq!(b, before);
    }

    #[test]
    fn superko_sees_the_position_before_a_ko_capture() {
        let mut b: Board = Board::from_diagram(
            "
            .....
            .XO..
            XO.O.
            .XO..
            .....",
        )
        .unwrap();
        let start = b.position_hash();
        b.play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
        b.play(Color::White, Move::Play(pt("E5", 5))).unwrap();
        b.play(Color::Black, Move::Play(pt("E1", 5))).unwrap();
        // After moves elsewhere the retake repeats nothing.
        assert_eq!(
            b.violates_superko(Color::White, pt("B3", 5), &[]),
            Ok(false)
        );
        assert_eq!(
            b.violates_superko(Color::White, pt("A1", 5), &[]),
            Ok(false)
        );
        let mut c: Board = Board::from_diagram(
            "
            .....
            .XO..
            XO.O.
            .XO..
            .....",
        )
        .unwrap();
        c.play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
        assert_eq!(
            c.violates_superko(Color::White, pt("B3", 5), &[start]),
            Err(PlayError::Ko)
        );
        c.play(Color::White, Move::Pass).unwrap();
        c.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(
            c.violates_superko(Color::White, pt("B3", 5), &[start]),
            Ok(true)
        );
        // The journal alone remembers the start too.
        assert_eq!(c.violates_superko(Color::White, pt("B3", 5), &[]), Ok(true));
        c.commit();
        assert_eq!(
            c.violates_superko(Color::White, pt("B3", 5), &[]),
            Ok(false)
        );
    }

    #[test]
    fn const_constructors_serve_statics() {
        static EMPTY: Board = Board::empty();
        static READER: crate::Reader = crate::Reader::new();
        assert_eq!(EMPTY, Board::new(19).unwrap());
        assert!(EMPTY.is_consistent());
        assert_eq!(READER.nodes(), 0);
    }

    /// A set's words are its bitmap; the set operators act point by point.
    #[test]
    fn words_and_operators() {
        let mut x = 0x1234_5678_9abc_def0_u64;
        let mut bit = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x.is_multiple_of(3)
        };
        let mut a = PointSet::new();
        let mut b = PointSet::new();
        for i in 0..CAPACITY {
            let p = Point::from_index(i).unwrap();
            if bit() {
                a.insert(p);
            }
            if bit() {
                b.insert(p);
            }
        }
        assert_eq!(PointSet::from_words(*a.words()), a);
        let mut words = [u64::MAX; POINT_SET_WORDS];
        assert_eq!(PointSet::from_words(words).len(), CAPACITY);
        words = [0; POINT_SET_WORDS];
        words[2] = 1 << 5;
        assert_eq!(
            PointSet::from_words(words)
                .iter()
                .collect::<std::vec::Vec<_>>(),
            [Point::from_index(133).unwrap()]
        );
        for i in 0..CAPACITY {
            let p = Point::from_index(i).unwrap();
            let (in_a, in_b) = (a.contains(p), b.contains(p));
            assert_eq!((a | b).contains(p), in_a || in_b);
            assert_eq!((a & b).contains(p), in_a && in_b);
            assert_eq!((a - b).contains(p), in_a && !in_b);
        }
    }

    /// `cell_sets` holds each point of the board in the set of its cell.
    #[test]
    fn cell_sets_sort_the_points() {
        let b: Board = Board::from_diagram(
            "
            X.O..
            .XO.O
            OO.X.
            ..XX.
            X...O",
        )
        .unwrap();
        let [empty, black, white] = b.cell_sets();
        assert_eq!(empty.len() + black.len() + white.len(), 25);
        for p in b.points() {
            let expected = match b.color_at(p) {
                None => &empty,
                Some(Color::Black) => &black,
                Some(Color::White) => &white,
            };
            assert!(expected.contains(p), "{p}");
        }
        let full: Board = Board::new(19).unwrap();
        assert_eq!(full.cell_sets()[0].len(), 361);
    }

    #[test]
    fn board_fits_the_device() {
        // Documented in the crate docs: keep in step.
        assert_eq!(core::mem::size_of::<Board>(), 16_040);
        assert_eq!(core::mem::size_of::<Board<1024, 64>>(), 9_640);
        assert_eq!(core::mem::size_of::<crate::Reader>(), 10_408);
    }
}
