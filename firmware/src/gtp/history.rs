//! The game record the console keeps so that GTP `undo` can rebuild the
//! position: setup stones, moves and side-to-move changes since the last
//! `clear_board` / `boardsize`, replayed from an empty board.

use owlet_board::{Color, Move, Point};

/// Entries of the game record (default 512, 6 bytes each: 3 KiB). A game that
/// needs more keeps playing normally, but `undo` answers `? cannot undo`
/// until the next `clear_board` or `boardsize`.
pub const HISTORY_CAPACITY: usize = 512;

/// One step of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A setup stone (or `None`: the point was emptied).
    Stone(Point, Option<Color>),
    /// A move.
    Move(Color, Move),
    /// The side to move was set.
    ToMove(Color),
}

/// A bounded list of [`Entry`].
pub(crate) struct History {
    entries: [Entry; HISTORY_CAPACITY],
    len: usize,
    lost: bool,
}

impl History {
    pub(crate) const fn new() -> History {
        History {
            entries: [Entry::ToMove(Color::Black); HISTORY_CAPACITY],
            len: 0,
            lost: false,
        }
    }

    /// Forgets everything; the record is usable again.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.lost = false;
    }

    /// Appends `entry`; when full, the record is marked lost.
    pub(crate) fn push(&mut self, entry: Entry) {
        if self.lost {
            return;
        }
        match self.entries.get_mut(self.len) {
            Some(slot) => {
                *slot = entry;
                self.len += 1;
            }
            None => self.lost = true,
        }
    }

    /// Removes the last move and the side-to-move changes after it.
    /// Refuses (answers `false`) when the record was lost, holds no move,
    /// or setup stones were placed after the last move (GNU Go: setup
    /// starts a new position that undo does not go behind).
    pub(crate) fn pop_move(&mut self) -> bool {
        if self.lost {
            return false;
        }
        let mut n = self.len;
        while n > 0 && matches!(self.entries.get(n - 1), Some(Entry::ToMove(_))) {
            n -= 1;
        }
        if n > 0 && matches!(self.entries.get(n - 1), Some(Entry::Move(..))) {
            self.len = n - 1;
            true
        } else {
            false
        }
    }

    /// The last move, if [`History::pop_move`] would take it back.
    pub(crate) fn last_move(&self) -> Option<(Color, Move)> {
        if self.lost {
            return None;
        }
        match self
            .entries()
            .iter()
            .rev()
            .find(|e| !matches!(e, Entry::ToMove(_)))
        {
            Some(&Entry::Move(color, mv)) => Some((color, mv)),
            _ => None,
        }
    }

    /// The entries, oldest first.
    pub(crate) fn entries(&self) -> &[Entry] {
        self.entries.get(..self.len).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_small() {
        assert_eq!(core::mem::size_of::<Entry>(), 6);
    }

    #[test]
    fn pop_move_skips_to_move_but_not_setup() {
        let p = Point::new(0, 0).unwrap();
        let mut h = History::new();
        h.push(Entry::Move(Color::Black, Move::Pass));
        h.push(Entry::ToMove(Color::Black));
        assert!(h.pop_move());
        assert!(h.entries().is_empty());
        h.push(Entry::Move(Color::Black, Move::Pass));
        h.push(Entry::Stone(p, Some(Color::White)));
        assert!(!h.pop_move());
    }

    #[test]
    fn overflow_loses_the_record() {
        let mut h = History::new();
        for _ in 0..=HISTORY_CAPACITY {
            h.push(Entry::Move(Color::Black, Move::Pass));
        }
        assert!(!h.pop_move());
        h.clear();
        h.push(Entry::Move(Color::Black, Move::Pass));
        assert!(h.pop_move());
    }
}
