//! Owl move generation: the candidate moves for the attacker and the
//! defender of a goal at one node, scored and sorted.
//!
//! Owns [`attack_moves`], [`defense_moves`] and [`split_point`] (the
//! defender's move that parts an eye space in two). The knowledge is owlet's
//! own, driven by optics and tactical reading (no pattern database):
//! - captures and ataris of goal strings the reader can take (attacker),
//!   rescues of goal strings in danger (defender);
//! - the vital points of the goal's eye spaces (both sides);
//! - lunches: opponent strings next to the goal that the reader can
//!   capture (the defender takes them, the attacker saves them, or grows
//!   one in atari it cannot save into a bigger dead shape);
//! - eye shape: the empty points of the eye spaces (marginal ones first,
//!   and for the defender the centre of a bulky space), the points just
//!   outside them and the goal's liberties.
//!
//! Moves the reader would capture at once (self-atari that captures
//! nothing) are skipped as the list is read, except the attacker's throw-ins inside the eye
//! space and its sacrifices, and a stone whose capture can be retaken at
//! once at its point (a ko or a snapback).
//!
//! Omits: GNU Go's owl pattern database, semeai-style liberty filling,
//! escape moves towards friendly dragons, and cutting points as a reason
//! of their own (as candidates for either side they lose more suite cases
//! than they gain: a cut found is often answered by a connection the
//! defender does not generate).

use owlet_board::{Board, Code, Color, Move, Point, PointSet, Reader};

use crate::life::{Life, dilate, liberties_of};

/// Candidates kept per node (the best by score).
pub const MAX_CANDIDATES: usize = 24;

/// A lunch in atari the attacker cannot save is grown by a stone (a
/// sacrifice for a bigger dead shape) while it has fewer stones than this.
pub const SACRIFICE_STONES: usize = 4;

/// Scores of the move reasons; higher is tried first.
mod score {
    pub const CAPTURE_GOAL: i16 = 200;
    pub const RESCUE_GOAL: i16 = 190;
    pub const ATTACK_GOAL: i16 = 150;
    pub const VITAL: i16 = 120;
    /// The other side's vital point (its eye-making or eye-taking move).
    pub const OPPONENT_VITAL: i16 = 100;
    pub const LUNCH: i16 = 110;
    /// The attacker adding a stone to a lunch it cannot save.
    pub const SACRIFICE: i16 = 35;
    pub const KO_GOAL: i16 = 90;
    pub const EYE_MARGIN: i16 = 55;
    /// The attacker's placement inside the eye space.
    pub const EYE_POINT: i16 = 40;
    /// The defender filling its own eye space (rarely right unless vital).
    pub const OWN_EYE_POINT: i16 = 10;
    /// The defender's stone at the centre of a space (all four neighbours
    /// in it): the vital point of a bulky space, two eyes around a stone.
    pub const CENTRE: i16 = 50;
    /// Just outside the eye space: the attacker reduces from outside, the
    /// defender widens (the defender's more so).
    pub const EYE_EDGE: i16 = 30;
    pub const WIDEN: i16 = 45;
    /// The defender widening along the first line, which gains little room
    /// and often walks into a crawl.
    pub const WIDEN_FIRST_LINE: i16 = 25;
    pub const LIBERTY: i16 = 15;
    pub const SHORT_OF_LIBERTIES: i16 = 20;
    /// Added for every further reason a point has.
    pub const EXTRA_REASON: i16 = 5;
}

/// A scored candidate list: a point, its score and whether it may be a
/// stone the opponent takes at once (a throw-in or sacrifice).
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    items: [Option<(Point, i16, bool)>; MAX_CANDIDATES],
    /// The reasons' scores as they were added (the first four per
    /// candidate slot), for the trace.
    #[cfg(feature = "trace")]
    log: [(Option<Point>, i16); 4 * MAX_CANDIDATES],
}

impl MoveList {
    pub(crate) const fn new() -> Self {
        MoveList {
            items: [None; MAX_CANDIDATES],
            #[cfg(feature = "trace")]
            log: [(None, 0); 4 * MAX_CANDIDATES],
        }
    }

    /// The scores of the reasons added for `p`, joined by `+` (for the
    /// trace).
    #[cfg(feature = "trace")]
    pub(crate) fn reasons(&self, p: Point) -> std::string::String {
        let all: std::vec::Vec<_> = self
            .log
            .iter()
            .filter(|e| e.0 == Some(p))
            .map(|e| std::format!("{}", e.1))
            .collect();
        all.join("+")
    }

    /// Adds a reason for `p`: the best score counts, further reasons add a
    /// little. When full, a better candidate replaces the worst.
    ///
    /// The filled slots come first (slots are filled in order and never
    /// emptied; sorting keeps the empty ones last), so one scan finds `p`
    /// or the first empty slot.
    pub(crate) fn add(&mut self, p: Point, score: i16) {
        #[cfg(feature = "trace")]
        if let Some(e) = self.log.iter_mut().find(|e| e.0.is_none()) {
            *e = (Some(p), score);
        }
        for slot in &mut self.items {
            match slot {
                Some(item) if item.0 == p => {
                    item.1 = item.1.max(score) + score::EXTRA_REASON;
                    return;
                }
                Some(_) => {}
                None => {
                    *slot = Some((p, score, false));
                    return;
                }
            }
        }
        if let Some(worst) = self.items.iter_mut().flatten().min_by_key(|i| i.1)
            && worst.1 < score
        {
            *worst = (p, score, false);
        }
    }

    /// Moves `p` to the front, when it is a candidate; the rest keep
    /// their order.
    pub(crate) fn promote(&mut self, p: Point) {
        let Some(at) = self.items.iter().position(|i| i.is_some_and(|i| i.0 == p)) else {
            return;
        };
        // Swapped down one slot at a time: no call to move memory.
        for i in (1..=at).rev() {
            self.items.swap(i - 1, i);
        }
    }

    pub(crate) fn sort(&mut self) {
        // Stable: equal scores keep the order the reasons came in; the
        // empty slots (all at the end) stay there.
        let score = |i: &Option<(Point, i16, bool)>| i.map_or(i16::MIN, |(_, s, _)| s);
        // Insertion sort: short, stable, no allocation.
        for i in 1..self.items.len() {
            let mut j = i;
            while j > 0 {
                let (Some(a), Some(b)) = (self.items.get(j - 1), self.items.get(j)) else {
                    break;
                };
                if score(a) >= score(b) {
                    break;
                }
                self.items.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The candidates, best first, playable or not (see
    /// [`MoveList::next_playable`]).
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.items.iter().flatten().map(|i| i.0)
    }

    /// The candidates with their scores, in list order.
    #[cfg(feature = "trace")]
    pub(crate) fn scored(&self) -> impl Iterator<Item = (Point, i16)> + '_ {
        self.items.iter().flatten().map(|&(p, s, _)| (p, s))
    }

    /// The next candidate from `*index` on that `mover` can play and the
    /// opponent does not take at once for nothing; `*index` moves past it.
    /// A node tries only its first few candidates, so each is tested only
    /// when it is reached.
    pub fn next_playable<const C: usize, const M: usize>(
        &self,
        board: &mut Board<C, M>,
        mover: Color,
        index: &mut usize,
    ) -> Option<Point> {
        while let Some(&item) = self.items.get(*index) {
            *index += 1;
            let (p, _, throw_in_ok) = item?;
            if playable(board, mover, p, throw_in_ok) {
                return Some(p);
            }
        }
        None
    }
}

/// Whether `color` at `p` is legal and not a stone the opponent takes at
/// once for nothing (one liberty left, nothing captured, no ko or
/// snapback left).
fn playable<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    p: Point,
    throw_in_ok: bool,
) -> bool {
    match board.play(color, Move::Play(p)) {
        Ok(captured) => {
            let bad = captured == 0
                && board.liberty_count(p) <= 1
                && !throw_in_ok
                && !recaptures(board, color, p);
            let _ = board.undo();
            !bad
        }
        // A ko capture the rules forbid now: owl may still retake it.
        Err(owlet_board::PlayError::Ko) => true,
        Err(_) => false,
    }
}

/// Whether the stone just played at `p` (one liberty) can be taken only by
/// a capture that leaves the capturing string with `p` its only liberty:
/// a ko (the board's ko rule then forbids the immediate retake at `p`, so
/// `color` retakes later) or a snapback. Such a self-atari stays a
/// candidate for either side.
fn recaptures<const C: usize, const M: usize>(
    board: &mut Board<C, M>,
    color: Color,
    p: Point,
) -> bool {
    let Some(l) = board.liberty_set(p).iter().next() else {
        return false;
    };
    if board.play(color.opponent(), Move::Play(l)).is_err() {
        return false;
    }
    let mut libs = [p; 2];
    let again = board.liberties(l, &mut libs) == 1 && libs[0] == p;
    let _ = board.undo();
    again
}

/// The liberties of the goal.
fn goal_liberties<const C: usize, const M: usize>(board: &Board<C, M>, life: &Life) -> PointSet {
    liberties_of(board, &life.stones)
}

/// Empty points next to the eye spaces but outside them and the goal.
fn eye_edges<const C: usize, const M: usize>(board: &Board<C, M>, life: &Life) -> PointSet {
    let mut edges = PointSet::new();
    for e in life.eye_points.iter() {
        for n in e.neighbors() {
            if board.is_on_board(n) && board.color_at(n).is_none() && !life.eye_points.contains(n) {
                edges.insert(n);
            }
        }
    }
    edges
}

/// The attacker's candidates against the goal.
pub fn attack_moves<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    life: &Life,
) -> MoveList {
    let mut list = MoveList::new();
    let mut done = PointSet::new();
    // Each string once: met before when its head is in `done`.
    for s in life.stones.iter() {
        if !done.insert(board.string_id(s)) {
            continue;
        }
        let o = board.origin(s);
        let libs = board.liberty_count(o);
        if libs <= 3 {
            let r = reader.attack(board, o);
            if let Some(p) = r.point {
                match r.code {
                    Code::Win if libs == 1 => list.add(p, score::CAPTURE_GOAL),
                    Code::Win => list.add(p, score::ATTACK_GOAL),
                    Code::KoA | Code::KoB => list.add(p, score::KO_GOAL),
                    Code::Fail => {}
                }
            }
        }
    }
    for p in life.attacks.iter() {
        list.add(p, score::VITAL);
    }
    // Where the defender would make its eyes: take the point first.
    for p in life.defenses.iter() {
        list.add(p, score::OPPONENT_VITAL);
    }
    // Save the attacker's strings the defender could eat; one that cannot
    // be saved may still grow into a bigger dead shape (a sacrifice).
    let mut saved = PointSet::new();
    let mut throw_ins = life.eye_points;
    for q in life.lunches.iter() {
        if !saved.insert(board.string_id(q)) {
            continue;
        }
        let o = board.origin(q);
        let r = reader.find_defense(board, o);
        if r.code != Code::Fail
            && let Some(p) = r.point
        {
            list.add(p, score::LUNCH);
        } else if board.string_size(o) < SACRIFICE_STONES && board.liberty_count(o) == 1 {
            for l in board.liberty_set(o).iter() {
                list.add(l, score::SACRIFICE);
                throw_ins.insert(l);
            }
        }
    }
    add_shape_moves(
        board,
        life,
        &mut list,
        (score::EYE_POINT, score::EYE_POINT),
        (score::EYE_EDGE, score::EYE_EDGE),
    );
    finish(list, Some(&throw_ins))
}

/// The defender's candidates for the goal.
pub fn defense_moves<const C: usize, const M: usize, const R: usize, const A: usize>(
    board: &mut Board<C, M>,
    reader: &mut Reader<R, A>,
    life: &Life,
) -> MoveList {
    let mut list = MoveList::new();
    let mut done = PointSet::new();
    // Each string once: met before when its head is in `done`.
    for s in life.stones.iter() {
        if !done.insert(board.string_id(s)) {
            continue;
        }
        let o = board.origin(s);
        let libs = board.liberty_count(o);
        if libs <= 2 && reader.attack(board, o).code != Code::Fail {
            let r = reader.find_defense(board, o);
            if r.code != Code::Fail
                && let Some(p) = r.point
            {
                list.add(p, score::RESCUE_GOAL);
            }
        }
    }
    for p in life.defenses.iter() {
        list.add(p, score::VITAL);
    }
    for p in life.attacks.iter() {
        list.add(p, score::OPPONENT_VITAL);
    }
    let mut eaten = PointSet::new();
    for q in life.lunches.iter() {
        if !eaten.insert(board.string_id(q)) {
            continue;
        }
        let o = board.origin(q);
        let r = reader.attack(board, o);
        if let Some(p) = r.point {
            match r.code {
                Code::Win => list.add(p, score::LUNCH),
                Code::KoA | Code::KoB => list.add(p, score::KO_GOAL),
                Code::Fail => {}
            }
        }
    }
    add_shape_moves(
        board,
        life,
        &mut list,
        (score::OWN_EYE_POINT, score::CENTRE),
        (score::WIDEN, score::WIDEN_FIRST_LINE),
    );
    finish(list, None)
}

/// Eye-space points (inside ones at the centre of a space scored apart),
/// the points around them and the goal's liberties.
fn add_shape_moves<const C: usize, const M: usize>(
    board: &Board<C, M>,
    life: &Life,
    list: &mut MoveList,
    (inside, centre): (i16, i16),
    (edge, edge_first_line): (i16, i16),
) {
    for e in life.eye_points.iter() {
        if board.color_at(e).is_none() {
            let s = if life.marginal.contains(e) {
                score::EYE_MARGIN
            } else if e.neighbors().iter().all(|&n| life.eye_points.contains(n)) {
                centre
            } else {
                inside
            };
            list.add(e, s);
        }
    }
    for e in eye_edges(board, life).iter() {
        let s = if board.is_first_line(e) {
            edge_first_line
        } else {
            edge
        };
        list.add(e, s);
    }
    let libs = goal_liberties(board, life);
    let short = libs.len() <= 3;
    for l in libs.iter() {
        let s = if short {
            score::LIBERTY + score::SHORT_OF_LIBERTIES
        } else {
            score::LIBERTY
        };
        list.add(l, s);
    }
}

/// The defender's best candidate of `list` not yet `taken` that is an
/// empty point of its eye spaces whose stone parts a space in two: the
/// shape move that makes two eyes of one space, which the low score of a
/// move inside its own space (`score::OWN_EYE_POINT`) can leave out of
/// a node's budget. Out of line, so its sets stay off the search's frame.
#[inline(never)]
pub fn split_point<const C: usize, const M: usize>(
    board: &Board<C, M>,
    life: &Life,
    list: &MoveList,
    taken: impl Fn(Point) -> bool,
    mover: Color,
) -> Option<Point> {
    list.iter().find(|&p| {
        life.eye_points.contains(p)
            && board.color_at(p).is_none()
            && !taken(p)
            && parts_space(board, &life.eye_points, p)
            && board.check_move(mover, p).is_ok()
    })
}

/// Whether taking `e` out of `space` leaves its neighbours in the space
/// unconnected to each other.
fn parts_space<const C: usize, const M: usize>(
    board: &Board<C, M>,
    space: &PointSet,
    e: Point,
) -> bool {
    let mut rest = *space;
    rest.remove(e);
    let mut near = e.neighbors().into_iter().filter(|&n| rest.contains(n));
    let Some(first) = near.next() else {
        return false;
    };
    // The part of the space `first` reaches, grown a step at a time.
    let mut part = PointSet::new();
    part.insert(first);
    loop {
        let grown = dilate(board, &part, 1) & rest;
        if grown == part {
            break;
        }
        part = grown;
    }
    near.any(|n| !part.contains(n))
}

/// Marks the throw-ins and sorts the list; playability is tested as the
/// list is read ([`MoveList::next_playable`]).
fn finish(mut list: MoveList, throw_ins: Option<&PointSet>) -> MoveList {
    if let Some(t) = throw_ins {
        for item in list.items.iter_mut().flatten() {
            item.2 = t.contains(item.0);
        }
    }
    list.sort();
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's goal through `stone` on `board`, evaluated as a root.
    fn root_life(board: &mut Board<4096, 361>, reader: &mut Reader<256>, stone: Point) -> Life {
        use crate::life::set_eye_reach;
        use crate::life::{EYE_READ_VERTICES, EyeMemo, OPEN_EYE_READ_VERTICES, evaluate};
        use owlet_optics::Solver;
        let mut goal = PointSet::new();
        goal.insert(stone);
        let mut solver: Solver<256> = Solver::new();
        set_eye_reach(
            &mut solver,
            100_000,
            (EYE_READ_VERTICES, OPEN_EYE_READ_VERTICES),
        );
        let mut memo: EyeMemo = EyeMemo::new();
        evaluate(
            board,
            reader,
            &mut solver,
            &mut memo,
            &goal,
            Color::Black,
            true,
        )
    }

    /// Black's straight three on the edge: B1 parts the space into two
    /// eyes, so it is the defender's split point; A1 and C1 part nothing.
    #[test]
    fn the_split_point_of_a_straight_three_is_its_middle() {
        let mut board = Board::<4096, 361>::from_diagram(
            "
            .........
            .........
            .........
            .........
            .........
            .........
            OOOOOO...
            XXXXXO...
            ...XXO...",
        )
        .unwrap();
        let p = |v| Point::from_vertex(v, 9).unwrap();
        let mut reader: Reader<256> = Reader::new();
        let life = root_life(&mut board, &mut reader, p("D1"));
        for v in ["A1", "B1", "C1"] {
            assert!(life.eye_points.contains(p(v)), "{v} in the eye space");
        }
        assert!(parts_space(&board, &life.eye_points, p("B1")));
        assert!(!parts_space(&board, &life.eye_points, p("A1")));
        assert!(!parts_space(&board, &life.eye_points, p("C1")));
        let list = defense_moves(&mut board, &mut reader, &life);
        let split = split_point(&board, &life, &list, |_| false, Color::Black);
        assert_eq!(split, Some(p("B1")));
        // A point already among the node's moves is not offered again.
        let split = split_point(&board, &life, &list, |q| q == p("B1"), Color::Black);
        assert_eq!(split, None);
    }

    /// Black's bulky corner space A1-D4, walled in by White: its centre
    /// points (all four neighbours in the space) come before the
    /// defender's other points inside it.
    #[test]
    fn the_defender_tries_the_centre_of_a_bulky_space_first() {
        let mut board = Board::<4096, 361>::from_diagram(
            "
            .......
            OOOOOO.
            XXXXXO.
            ....XO.
            ....XO.
            ....XO.
            ....XO.",
        )
        .unwrap();
        let p = |v| Point::from_vertex(v, 7).unwrap();
        let mut reader: Reader<256> = Reader::new();
        let life = root_life(&mut board, &mut reader, p("E1"));
        let list = defense_moves(&mut board, &mut reader, &life);
        let rank = |v| list.iter().position(|q| q == p(v)).expect(v);
        for centre in ["B2", "C2", "B3", "C3"] {
            for other in ["A1", "B1", "C1", "A2", "A3", "A4", "B4"] {
                assert!(rank(centre) < rank(other), "{centre} before {other}");
            }
        }
    }

    #[test]
    fn promote_moves_a_candidate_to_the_front_and_keeps_the_rest_in_order() {
        let p = |v| Point::from_vertex(v, 9).unwrap();
        let mut list = MoveList::new();
        list.add(p("A1"), 30);
        list.add(p("B1"), 20);
        list.add(p("C1"), 10);
        list.sort();
        list.promote(p("C1"));
        let order: [Point; 3] = [p("C1"), p("A1"), p("B1")];
        assert!(list.iter().eq(order));
        // A point that is not a candidate changes nothing.
        list.promote(p("D1"));
        assert!(list.iter().eq(order));
    }

    /// Black's A1 is a self-atari that captures nothing. With C1 black,
    /// White's capture at B1 leaves the three white stones with A1 their
    /// only liberty (a snapback), so A1 is worth trying; with C1 empty the
    /// stone is simply lost.
    #[test]
    fn a_snapback_is_playable_and_a_plain_self_atari_is_not() {
        let p = |v| Point::from_vertex(v, 5).unwrap();
        let mut snapback = Board::<4096, 361>::from_diagram(
            "
            .....
            .....
            XXX..
            OOX..
            ..X..",
        )
        .unwrap();
        assert!(playable(&mut snapback, Color::Black, p("A1"), false));
        let mut lost = Board::<4096, 361>::from_diagram(
            "
            .....
            .....
            XXX..
            OOX..
            .....",
        )
        .unwrap();
        assert!(!playable(&mut lost, Color::Black, p("A1"), false));
        assert!(playable(&mut lost, Color::Black, p("A1"), true));
    }
}
