//! Property tests of `owlet_board::Board`, checked against a naive reference
//! implementation of the rules written here (a plain grid and flood fill,
//! sharing no code with the board).
//!
//! - Random games on random sizes 1..=19 (legal moves, passes, moves out of
//!   turn, illegal attempts): after every move the board agrees with the
//!   reference (stones, captures, side to move, every string's size and
//!   liberties, the legality and refusal reason of every point) and
//!   `is_consistent()` holds; undo restores the exact previous state and undo
//!   all the way back gives the start; refusals leave the board unchanged.
//! - Ko: the reference forbids a move that recreates the position before the
//!   opponent's last move; the board must refuse exactly those, as `Ko`.
//! - Hashes: equal positions reached by different move orders have equal
//!   `position_hash`; a position seen twice in a game hashes the same.
//! - Small journals answer `JournalFull` without changing the board.
//! - Perft: the number of legal move sequences from the empty 4x4 and 5x5
//!   boards, counted by the board (play/undo) and by the reference.

use owlet_host_tests::rng::Rng;
use std::collections::HashMap;

use owlet_board::{Board, CAPACITY, Color, MAX_SIZE, Move, NothingToUndo, PlayError, Point};
use proptest::prelude::*;

/// A journal big enough for any game generated here.
type Big = Board<8192, 1024>;

// ---------------------------------------------------------------------------
// Naive reference rules.

type Grid = Vec<Option<Color>>;

/// A Go position on a plain `size * size` grid (index `row * size + col`),
/// with the rules implemented by flood fill and nothing cached.
#[derive(Clone, Debug)]
struct Naive {
    size: usize,
    cells: Grid,
    /// The stones before the last stone was played and its colour (`None`
    /// at the start and after a pass): the other colour may not recreate
    /// them (simple ko).
    before_last: Option<(Grid, Color)>,
    captures: [usize; 2],
    allow_suicide: bool,
}

impl Naive {
    fn new(size: usize) -> Naive {
        Naive {
            size,
            cells: vec![None; size * size],
            before_last: None,
            captures: [0; 2],
            allow_suicide: false,
        }
    }

    fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let s = self.size;
        let (c, r) = (i % s, i / s);
        [
            (r > 0).then(|| i - s),
            (c > 0).then(|| i - 1),
            (c + 1 < s).then(|| i + 1),
            (r + 1 < s).then(|| i + s),
        ]
        .into_iter()
        .flatten()
    }

    /// The stones of the string at `i` and its liberties, both sorted.
    fn group(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let color = self.cells[i];
        assert!(color.is_some(), "group of an empty point");
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        seen[i] = true;
        let mut stones = Vec::new();
        let mut libs = Vec::new();
        while let Some(s) = stack.pop() {
            stones.push(s);
            for n in self.neighbors(s) {
                if seen[n] {
                    continue;
                }
                if self.cells[n].is_none() {
                    seen[n] = true;
                    libs.push(n);
                } else if self.cells[n] == color {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        stones.sort_unstable();
        libs.sort_unstable();
        (stones, libs)
    }

    /// `color` plays at `i`: the new position and the number of stones captured.
    fn play(&self, color: Color, i: usize) -> Result<(Naive, usize), PlayError> {
        if self.cells[i].is_some() {
            return Err(PlayError::Occupied);
        }
        let mut next = self.clone();
        next.cells[i] = Some(color);
        let mut captured = 0;
        for n in self.neighbors(i) {
            if next.cells[n] == Some(color.opponent()) {
                let (stones, libs) = next.group(n);
                if libs.is_empty() {
                    for s in stones {
                        next.cells[s] = None;
                        captured += 1;
                    }
                }
            }
        }
        let (own, libs) = next.group(i);
        if libs.is_empty() {
            if !self.allow_suicide {
                return Err(PlayError::Suicide);
            }
            for &s in &own {
                next.cells[s] = None;
            }
            next.captures[color.opponent().index()] += own.len();
        }
        // Simple ko: no move may bring back the stones as they were before
        // the opponent's last move. (With suicide allowed a player can undo
        // their own move, or change nothing: neither is a ko.)
        if let Some((earlier, last)) = &self.before_last
            && *last != color
            && *earlier == next.cells
            && next.cells != self.cells
        {
            return Err(PlayError::Ko);
        }
        next.captures[color.index()] += captured;
        next.before_last = Some((self.cells.clone(), color));
        Ok((next, captured))
    }

    fn pass(&self) -> Naive {
        let mut next = self.clone();
        next.before_last = None;
        next
    }

    fn legal_moves(&self, color: Color) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.play(color, i).is_ok())
            .collect()
    }
}

// ---------------------------------------------------------------------------
// Helpers.

fn to_point(size: usize, i: usize) -> Point {
    Point::new(i % size, i / size).expect("index on the board")
}

fn to_index(size: usize, p: Point) -> usize {
    p.row() * size + p.col()
}

/// Everything observable about a board that undo must restore.
fn assert_same<const C: usize, const M: usize>(
    a: &Board<C, M>,
    b: &Board<C, M>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(a, b);
    prop_assert_eq!(a.hash(), b.hash());
    prop_assert_eq!(a.position_hash(), b.position_hash());
    prop_assert_eq!(a.ko_point(), b.ko_point());
    prop_assert_eq!(a.to_move(), b.to_move());
    prop_assert_eq!(a.undo_depth(), b.undo_depth());
    prop_assert_eq!(a.journal_len(), b.journal_len());
    for c in [Color::Black, Color::White] {
        prop_assert_eq!(a.captures(c), b.captures(c));
    }
    for p in a.points() {
        prop_assert_eq!(a.cell(p), b.cell(p));
        prop_assert_eq!(a.liberty_count(p), b.liberty_count(p), "libs at {}", p);
        prop_assert_eq!(a.string_size(p), b.string_size(p), "size at {}", p);
        prop_assert_eq!(a.string_id(p), b.string_id(p), "string id at {}", p);
    }
    Ok(())
}

/// The board shows the reference's stones, captures and strings.
fn assert_agrees<const C: usize, const M: usize>(
    board: &Board<C, M>,
    naive: &Naive,
) -> Result<(), TestCaseError> {
    let size = naive.size;
    prop_assert_eq!(board.size(), size);
    prop_assert!(board.is_consistent(), "inconsistent:\n{}", board);
    for c in [Color::Black, Color::White] {
        prop_assert_eq!(board.captures(c), naive.captures[c.index()]);
    }
    prop_assert_eq!(board.points().count(), size * size);
    let mut ids: HashMap<Point, usize> = HashMap::new();
    let mut buf = [Point::new(0, 0).unwrap(); 4 * MAX_SIZE * MAX_SIZE];
    for i in 0..size * size {
        let p = to_point(size, i);
        prop_assert!(board.is_on_board(p));
        prop_assert_eq!(
            board.color_at(p),
            naive.cells[i],
            "stone at {}\n{}",
            p,
            board
        );
        let Some(_) = naive.cells[i] else {
            prop_assert_eq!(board.liberty_count(p), 0);
            prop_assert_eq!(board.string_size(p), 0);
            prop_assert_eq!(board.stones(p).count(), 0);
            prop_assert_eq!(board.string_id(p), p);
            prop_assert_eq!(board.liberties(p, &mut buf), 0);
            continue;
        };
        let (stones, libs) = naive.group(i);
        prop_assert_eq!(
            board.string_size(p),
            stones.len(),
            "size at {}\n{}",
            p,
            board
        );
        prop_assert_eq!(
            board.liberty_count(p),
            libs.len(),
            "libs at {}\n{}",
            p,
            board
        );
        // `liberties` lists each liberty once.
        let n = board.liberties(p, &mut buf);
        let mut listed: Vec<usize> = buf[..n].iter().map(|&q| to_index(size, q)).collect();
        listed.sort_unstable();
        prop_assert_eq!(&listed, &libs, "liberties at {}", p);
        // A short buffer gets a prefix.
        if n > 1 {
            let mut short = [p; 1];
            prop_assert_eq!(board.liberties(p, &mut short), 1);
            prop_assert!(libs.contains(&to_index(size, short[0])));
        }
        let mut set: Vec<usize> = board
            .liberty_set(p)
            .iter()
            .map(|q| to_index(size, q))
            .collect();
        set.sort_unstable();
        prop_assert_eq!(&set, &libs);
        let mut members: Vec<usize> = board.stones(p).map(|q| to_index(size, q)).collect();
        members.sort_unstable();
        prop_assert_eq!(&members, &stones, "stones at {}", p);
        let lowest = stones.iter().map(|&s| to_point(size, s)).min();
        prop_assert_eq!(Some(board.origin(p)), lowest);
        // One string id per string, distinct strings distinct ids.
        let g = stones[0];
        let id = board.string_id(p);
        prop_assert_eq!(*ids.entry(id).or_insert(g), g, "string id {} shared", id);
        for q in naive.neighbors(i) {
            let same = naive.cells[q] == naive.cells[i];
            prop_assert_eq!(board.same_string(p, to_point(size, q)), same);
        }
    }
    Ok(())
}

/// Illegal points for `color`: occupied, ko, suicide, and off the board.
fn illegal_points(naive: &Naive, color: Color) -> Vec<(Point, PlayError)> {
    let size = naive.size;
    let mut out: Vec<(Point, PlayError)> = (0..size * size)
        .filter_map(|i| match naive.play(color, i) {
            Ok(_) => None,
            Err(e) => Some((to_point(size, i), e)),
        })
        .collect();
    out.push((Point::from_index(0).unwrap(), PlayError::OffBoard));
    out.push((
        Point::from_index(CAPACITY - 1).unwrap(),
        PlayError::OffBoard,
    ));
    if size < MAX_SIZE {
        out.push((Point::new(size, 0).unwrap(), PlayError::OffBoard));
        out.push((Point::new(0, size).unwrap(), PlayError::OffBoard));
        out.push((
            Point::new(MAX_SIZE - 1, MAX_SIZE - 1).unwrap(),
            PlayError::OffBoard,
        ));
    }
    out
}

// ---------------------------------------------------------------------------
// Random games.

#[derive(Clone, Copy, Debug)]
enum Op {
    /// Plays the n-th legal move of the side to move (mod their number).
    Legal(usize),
    /// The side to move passes.
    Pass,
    /// The side not to move plays its n-th legal move.
    OutOfTurn(usize),
    /// Tries the n-th illegal point (occupied, ko, suicide, off board).
    Illegal(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        24 => any::<usize>().prop_map(Op::Legal),
        1 => Just(Op::Pass),
        1 => any::<usize>().prop_map(Op::OutOfTurn),
        4 => any::<usize>().prop_map(Op::Illegal),
    ]
}

/// What a game went through, to check the generator reaches the cases.
#[derive(Default, Debug, Clone, Copy)]
struct Stats {
    moves: usize,
    captures: usize,
    multi_captures: usize,
    kos: usize,
    kos_refused: usize,
    suicides_refused: usize,
    suicides_played: usize,
    merges: usize,
    repeats: usize,
}

/// Plays `ops` on a board of `size` and checks every property after every
/// step; at the end undoes everything, checking each earlier state.
fn run_game(size: usize, ops: &[Op], allow_suicide: bool) -> Result<Stats, TestCaseError> {
    let mut stats = Stats::default();
    let mut board: Big = Big::new(size).unwrap();
    board.set_allow_suicide(allow_suicide);
    let start = board.clone();
    let mut naive = Naive::new(size);
    naive.allow_suicide = allow_suicide;
    let mut to_move = Color::Black;
    // Board before each journaled move.
    let mut history: Vec<Big> = Vec::new();
    // Stones -> position hash, and back: transpositions within the game.
    let mut seen: HashMap<Grid, u64> = HashMap::new();
    let mut seen_hash: HashMap<u64, Grid> = HashMap::new();
    seen.insert(naive.cells.clone(), board.position_hash());
    seen_hash.insert(board.position_hash(), naive.cells.clone());

    for &op in ops {
        prop_assert_eq!(board.to_move(), to_move);
        // Legality and refusal reasons of every point, for the side to move
        // (and, on small boards, the other side), agree with the reference.
        let colors: &[Color] = if size <= 9 {
            &[Color::Black, Color::White]
        } else {
            &[to_move]
        };
        for &c in colors {
            for i in 0..size * size {
                let p = to_point(size, i);
                let want = naive.play(c, i).map(|_| ());
                prop_assert_eq!(board.check_move(c, p), want, "{:?} at {}\n{}", c, p, board);
                prop_assert_eq!(board.is_legal(c, p), want.is_ok());
                if want == Err(PlayError::Ko) {
                    prop_assert_eq!(board.ko_point(), Some(p));
                }
            }
        }
        if let Some(k) = board.ko_point() {
            prop_assert_eq!(
                naive.play(to_move, to_index(size, k)).map(|_| ()),
                Err(PlayError::Ko)
            );
            // The immediate retake is refused and changes nothing.
            let before = board.clone();
            prop_assert_eq!(board.play(to_move, Move::Play(k)), Err(PlayError::Ko));
            assert_same(&board, &before)?;
            stats.kos += 1;
        }

        let before = board.clone();
        let (color, mv) = match op {
            Op::Pass => (to_move, Move::Pass),
            Op::Legal(n) | Op::OutOfTurn(n) => {
                let color = if matches!(op, Op::Legal(_)) {
                    to_move
                } else {
                    to_move.opponent()
                };
                let legal = naive.legal_moves(color);
                if legal.is_empty() {
                    (color, Move::Pass)
                } else {
                    (color, Move::Play(to_point(size, legal[n % legal.len()])))
                }
            }
            Op::Illegal(n) => {
                let bad = illegal_points(&naive, to_move);
                // Favour the rarer refusals: ko, then suicide.
                let rare: Vec<(Point, PlayError)> = match n % 3 {
                    0 => bad
                        .iter()
                        .filter(|b| b.1 == PlayError::Ko)
                        .copied()
                        .collect(),
                    1 => bad
                        .iter()
                        .filter(|b| b.1 == PlayError::Suicide)
                        .copied()
                        .collect(),
                    _ => Vec::new(),
                };
                let pick = if rare.is_empty() { &bad } else { &rare };
                let (p, why) = pick[(n / 3) % pick.len()];
                let got = board.play(to_move, Move::Play(p));
                prop_assert_eq!(got, Err(why), "{:?} at {}\n{}", to_move, p, board);
                match why {
                    PlayError::Ko => stats.kos_refused += 1,
                    PlayError::Suicide => stats.suicides_refused += 1,
                    _ => {}
                }
                assert_same(&board, &before)?;
                continue;
            }
        };

        let result = board.play(color, mv);
        let (next, captured) = match mv {
            Move::Pass => (naive.pass(), 0),
            Move::Play(p) => {
                let i = to_index(size, p);
                let neighbors_own = naive
                    .neighbors(i)
                    .filter(|&q| naive.cells[q] == Some(color))
                    .count();
                let (next, captured) = naive.play(color, i).expect("a legal move");
                if neighbors_own > 1 {
                    stats.merges += 1;
                }
                if next.cells[i].is_none() {
                    stats.suicides_played += 1;
                }
                (next, captured)
            }
        };
        prop_assert_eq!(result, Ok(captured), "{:?} {}\n{}", color, mv, before);
        stats.moves += 1;
        if captured > 0 {
            stats.captures += 1;
        }
        if captured > 1 {
            stats.multi_captures += 1;
        }
        naive = next;
        to_move = color.opponent();
        assert_agrees(&board, &naive)?;
        prop_assert_eq!(board.undo_depth(), history.len() + 1);

        // The same stones always hash the same, and different ones differently.
        let h = board.position_hash();
        match seen.get(&naive.cells) {
            Some(&old) => {
                prop_assert_eq!(old, h, "transposition hashes differently");
                stats.repeats += 1;
            }
            None => {
                seen.insert(naive.cells.clone(), h);
            }
        }
        let prev = seen_hash.entry(h).or_insert_with(|| naive.cells.clone());
        prop_assert_eq!(&*prev, &naive.cells, "hash collision");

        // Undo gives back the exact previous state; playing again the same.
        let after = board.clone();
        board.undo().unwrap();
        assert_same(&board, &before)?;
        prop_assert_eq!(board.play(color, mv), Ok(captured));
        assert_same(&board, &after)?;

        // A ko may be retaken when the ko rule is waived, and taken back.
        if let Some(k) = board.ko_point() {
            let mut retake = board.clone();
            let got = retake.play_ignoring_ko(to_move, k);
            let want = naive.play(to_move, to_index(size, k));
            prop_assert_eq!(want.as_ref().map(|_| ()), Err(&PlayError::Ko));
            let mut no_ko = naive.clone();
            no_ko.before_last = None;
            let (retaken, n) = no_ko.play(to_move, to_index(size, k)).unwrap();
            prop_assert_eq!(got, Ok(n));
            prop_assert_eq!(n, 1);
            prop_assert_eq!(
                Some(&retaken.cells),
                naive.before_last.as_ref().map(|b| &b.0)
            );
            prop_assert!(retake.is_consistent());
            retake.undo().unwrap();
            assert_same(&retake, &board)?;
        }

        history.push(before);
    }

    // Undo all the way back, through every earlier state.
    while let Some(earlier) = history.pop() {
        board.undo().unwrap();
        assert_same(&board, &earlier)?;
        prop_assert!(board.is_consistent());
    }
    prop_assert_eq!(board.undo(), Err(NothingToUndo));
    assert_same(&board, &start)?;
    Ok(stats)
}

fn cases(n: u32) -> ProptestConfig {
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(cases(96))]

    #[test]
    fn random_games_agree_with_reference(
        size in 1usize..=19,
        ops in proptest::collection::vec(op(), 0..300),
    ) {
        run_game(size, &ops, false)?;
    }

    #[test]
    fn random_games_with_suicide_allowed(
        size in 1usize..=9,
        ops in proptest::collection::vec(op(), 0..300),
    ) {
        run_game(size, &ops, true)?;
    }
}

// ---------------------------------------------------------------------------
// The generator reaches the interesting cases.

fn seeded_ops(rng: &mut Rng, n: usize) -> Vec<Op> {
    (0..n)
        .map(|_| match rng.below(30) {
            0 => Op::Pass,
            1 => Op::OutOfTurn(rng.next_u64() as usize),
            2..=5 => Op::Illegal(rng.next_u64() as usize),
            _ => Op::Legal(rng.next_u64() as usize),
        })
        .collect()
}

#[test]
fn games_reach_captures_kos_merges_and_repeats() {
    let mut rng = Rng(7);
    let mut total = Stats::default();
    for size in [3, 4, 5, 5, 6, 7, 7, 9, 9, 13] {
        let ops = seeded_ops(&mut rng, 400);
        let s = run_game(size, &ops, size == 4 || size == 6).unwrap();
        total.moves += s.moves;
        total.captures += s.captures;
        total.multi_captures += s.multi_captures;
        total.kos += s.kos;
        total.kos_refused += s.kos_refused;
        total.suicides_refused += s.suicides_refused;
        total.suicides_played += s.suicides_played;
        total.merges += s.merges;
        total.repeats += s.repeats;
    }
    println!("{total:?}");
    assert!(total.moves > 2000, "{total:?}");
    assert!(total.captures > 100, "{total:?}");
    assert!(total.multi_captures > 20, "{total:?}");
    assert!(total.kos > 5, "{total:?}");
    assert!(total.suicides_refused > 20, "{total:?}");
    assert!(total.suicides_played > 3, "{total:?}");
    assert!(total.merges > 100, "{total:?}");
    assert!(total.repeats > 10, "{total:?}");
}

// ---------------------------------------------------------------------------
// Transpositions: the same stones by different move orders.

/// Points that stay empty: one next to every other point (a perfect
/// dominating pattern, patched at the edges), so any set of stones on the
/// other points has a liberty everywhere and no order of play captures.
fn reserved(size: usize) -> Vec<bool> {
    let mut r: Vec<bool> = (0..size * size)
        .map(|i| (i % size + 2 * (i / size)).is_multiple_of(5))
        .collect();
    let naive = Naive::new(size);
    for i in 0..size * size {
        if !r[i] && !naive.neighbors(i).any(|q| r[q]) {
            r[i] = true;
        }
    }
    r
}

/// Stones (point index, colour) in the order to play them.
type Stones = Vec<(usize, Color)>;

fn stone_set() -> impl Strategy<Value = (usize, Stones, Stones)> {
    (2usize..=19)
        .prop_flat_map(|size| {
            let free: Vec<usize> = reserved(size)
                .iter()
                .enumerate()
                .filter(|(_, r)| !**r)
                .map(|(i, _)| i)
                .collect();
            let n = free.len();
            (
                Just(size),
                Just(free),
                proptest::collection::vec(proptest::option::of(any::<bool>()), n),
            )
        })
        .prop_map(|(size, free, pick)| {
            let stones: Stones = free
                .iter()
                .zip(pick)
                .filter_map(|(&i, c)| c.map(|b| (i, if b { Color::Black } else { Color::White })))
                .collect();
            (size, stones)
        })
        .prop_flat_map(|(size, stones)| {
            (
                Just(size),
                Just(stones.clone()).prop_shuffle(),
                Just(stones).prop_shuffle(),
            )
        })
}

fn play_all(size: usize, stones: &[(usize, Color)]) -> Result<Big, TestCaseError> {
    let mut b = Big::new(size).unwrap();
    for &(i, c) in stones {
        prop_assert_eq!(b.play(c, Move::Play(to_point(size, i))), Ok(0));
    }
    Ok(b)
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn transpositions_hash_alike((size, order_a, order_b) in stone_set()) {
        let mut a = play_all(size, &order_a)?;
        let mut b = play_all(size, &order_b)?;
        prop_assert_eq!(a.position_hash(), b.position_hash());
        // The side to move is the only difference the full hash may see.
        a.set_to_move(Color::Black);
        b.set_to_move(Color::Black);
        prop_assert_eq!(a.hash(), b.hash());
        prop_assert_eq!(&a, &b);
        prop_assert!(a.is_consistent() && b.is_consistent());
        // The hash is of the stones: a rebuilt board hashes the same.
        let c: Big = Big::from_diagram(&a.to_string()).unwrap();
        prop_assert_eq!(c.position_hash(), a.position_hash());
        prop_assert_eq!(&c, &a);
        // Black and white to move differ in `hash`, not in `position_hash`.
        let h = a.hash();
        a.set_to_move(Color::White);
        prop_assert_ne!(a.hash(), h);
        prop_assert_eq!(a.position_hash(), b.position_hash());
        // Adding or removing any stone changes the hash.
        for i in 0..size * size {
            let p = to_point(size, i);
            if b.color_at(p).is_none() && b.is_legal(Color::Black, p) {
                let before = b.position_hash();
                b.play(Color::Black, Move::Play(p)).unwrap();
                prop_assert_ne!(b.position_hash(), before);
                b.undo().unwrap();
                prop_assert_eq!(b.position_hash(), before);
            }
        }
    }
}

#[test]
fn transposition_with_captures_and_passes() {
    // Black captures a white stone in two different orders.
    let v = |s: &str| Point::from_vertex(s, 5).unwrap();
    let mut a: Big = Big::new(5).unwrap();
    for (c, m) in [
        (Color::Black, "B1"),
        (Color::White, "A1"),
        (Color::Black, "A2"),
        (Color::White, "E5"),
    ] {
        a.play(c, Move::Play(v(m))).unwrap();
    }
    assert_eq!(a.color_at(v("A1")), None);
    assert_eq!(a.captures(Color::Black), 1);
    let mut b: Big = Big::new(5).unwrap();
    b.play(Color::Black, Move::Pass).unwrap();
    for (c, m) in [
        (Color::White, "E5"),
        (Color::Black, "A2"),
        (Color::White, "A1"),
        (Color::Black, "B1"),
    ] {
        b.play(c, Move::Play(v(m))).unwrap();
    }
    b.play(Color::White, Move::Pass).unwrap();
    assert_eq!(a.position_hash(), b.position_hash());
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
}

// ---------------------------------------------------------------------------
// Ko.

#[test]
fn immediate_ko_retake_is_refused_then_allowed_after_a_move() {
    let mut b: Big = Big::from_diagram(
        "
        .....
        .XO..
        XO.O.
        .XO..
        .....",
    )
    .unwrap();
    let v = |s: &str| Point::from_vertex(s, 5).unwrap();
    assert_eq!(b.play(Color::Black, Move::Play(v("C3"))), Ok(1));
    let before = b.clone();
    assert_eq!(b.ko_point(), Some(v("B3")));
    assert_eq!(
        b.play(Color::White, Move::Play(v("B3"))),
        Err(PlayError::Ko)
    );
    assert_eq!(b, before);
    // A ko threat elsewhere and its answer lift the ban.
    b.play(Color::White, Move::Play(v("E5"))).unwrap();
    assert_eq!(b.ko_point(), None);
    b.play(Color::Black, Move::Play(v("E1"))).unwrap();
    assert_eq!(b.play(Color::White, Move::Play(v("B3"))), Ok(1));
    assert_eq!(b.ko_point(), Some(v("C3")));
    assert_eq!(
        b.play(Color::Black, Move::Play(v("C3"))),
        Err(PlayError::Ko)
    );
    // Passing lifts it too.
    b.play(Color::Black, Move::Pass).unwrap();
    assert_eq!(b.ko_point(), None);
    b.play(Color::White, Move::Pass).unwrap();
    assert_eq!(b.play(Color::Black, Move::Play(v("C3"))), Ok(1));
    assert!(b.is_consistent());
}

#[test]
fn snapback_is_not_ko() {
    // Black takes one stone with a stone that joins a string left in atari;
    // white may take back at once, capturing four: not a ko.
    let mut b: Big = Big::from_diagram(
        "
        .....
        .....
        OO...
        XXO..
        O.XO.",
    )
    .unwrap();
    let v = |s: &str| Point::from_vertex(s, 5).unwrap();
    let mut naive = Naive::new(5);
    for p in b.points() {
        naive.cells[to_index(5, p)] = b.color_at(p);
    }
    assert_eq!(b.play(Color::Black, Move::Play(v("B1"))), Ok(1));
    assert_eq!(b.ko_point(), None);
    assert_eq!(b.liberty_count(v("B1")), 1);
    assert_eq!(b.play(Color::White, Move::Play(v("A1"))), Ok(4));
    let (after, _) = naive.play(Color::Black, to_index(5, v("B1"))).unwrap();
    let (after, n) = after.play(Color::White, to_index(5, v("A1"))).unwrap();
    assert_eq!(n, 4);
    for p in b.points() {
        assert_eq!(b.color_at(p), after.cells[to_index(5, p)]);
    }
    assert!(b.is_consistent());
}

// ---------------------------------------------------------------------------
// Journal capacity.

#[test]
fn full_journal_refuses_without_change() {
    let v = |s: &str| Point::from_vertex(s, 9).unwrap();
    // Out of move frames: plays and passes are refused alike.
    let mut b: Board<64, 3> = Board::new(9).unwrap();
    for m in ["A1", "B1", "C1"] {
        b.play(Color::Black, Move::Play(v(m))).unwrap();
    }
    let before = b.clone();
    assert_eq!(
        b.play(Color::Black, Move::Play(v("E5"))),
        Err(PlayError::JournalFull)
    );
    assert_eq!(
        b.play(Color::White, Move::Pass),
        Err(PlayError::JournalFull)
    );
    assert_eq!(b, before);
    assert_eq!(b.undo_depth(), 3);
    // A refused move still reports an illegal one as such.
    assert_eq!(
        b.play(Color::Black, Move::Play(v("A1"))),
        Err(PlayError::Occupied)
    );
    b.commit();
    assert_eq!(b.play(Color::Black, Move::Play(v("E5"))), Ok(0));

    // Out of writes: a lone stone needs more room than 18 - 3 = 15.
    let mut b: Board<18, 100> = Board::new(9).unwrap();
    assert_eq!(b.play(Color::Black, Move::Play(v("E5"))), Ok(0));
    let before = b.clone();
    assert_eq!(
        b.play(Color::White, Move::Play(v("A1"))),
        Err(PlayError::JournalFull)
    );
    assert_eq!(b, before);
    assert_eq!(b.journal_len(), before.journal_len());
    b.undo().unwrap();
    assert_eq!(b, Board::new(9).unwrap());
}

/// Random games on a board with a small journal: a move is either played
/// (and undone exactly later) or refused as `JournalFull` with the board
/// unchanged; committing makes room again.
fn small_journal_game<const C: usize, const M: usize>(
    size: usize,
    ops: &[Op],
) -> Result<usize, TestCaseError> {
    let mut board: Board<C, M> = Board::new(size).unwrap();
    let mut naive = Naive::new(size);
    let mut history: Vec<Board<C, M>> = Vec::new();
    let mut refused = 0;
    for &op in ops {
        let color = board.to_move();
        let n = match op {
            Op::Legal(n) | Op::OutOfTurn(n) | Op::Illegal(n) => n,
            Op::Pass => {
                // Undo everything so far, checking each state.
                while let Some(earlier) = history.pop() {
                    board.undo().unwrap();
                    assert_same(&board, &earlier)?;
                }
                prop_assert_eq!(board.undo_depth(), 0);
                prop_assert_eq!(board.journal_len(), 0);
                // Move on from the position before the last checkpoint.
                naive = Naive::new(size);
                for p in board.points() {
                    naive.cells[to_index(size, p)] = board.color_at(p);
                }
                naive.captures = [board.captures(Color::Black), board.captures(Color::White)];
                if let Some(k) = board.ko_point() {
                    // Recreate the ko ban for the reference: the position
                    // the retake would bring back.
                    let mover = board.to_move();
                    let (retaken, _) = naive.play(mover, to_index(size, k)).unwrap();
                    naive.before_last = Some((retaken.cells, mover.opponent()));
                }
                continue;
            }
        };
        let legal = naive.legal_moves(color);
        if legal.is_empty() {
            continue;
        }
        let i = legal[n % legal.len()];
        let p = to_point(size, i);
        let before = board.clone();
        match board.play(color, Move::Play(p)) {
            Err(PlayError::JournalFull) => {
                refused += 1;
                assert_same(&board, &before)?;
                // Commit and try again: now it fits unless the move alone
                // needs more than the whole journal.
                board.commit();
                history.clear();
                match board.play(color, Move::Play(p)) {
                    Ok(_) => {}
                    Err(PlayError::JournalFull) => {
                        // The move needs (by the board's estimate) more
                        // than the whole journal: it stays refused, cleanly.
                        let mut committed = before.clone();
                        committed.commit();
                        assert_same(&board, &committed)?;
                        continue;
                    }
                    Err(e) => prop_assert!(false, "{:?}", e),
                }
                let (next, _) = naive.play(color, i).unwrap();
                naive = next;
                history.push({
                    let mut b = before.clone();
                    b.commit();
                    b
                });
            }
            Ok(n) => {
                let (next, want) = naive.play(color, i).unwrap();
                prop_assert_eq!(n, want);
                naive = next;
                history.push(before);
            }
            Err(e) => prop_assert!(false, "{:?} refused as {:?}", p, e),
        }
        prop_assert!(board.undo_depth() <= M);
        prop_assert!(board.journal_len() <= C);
        assert_agrees(&board, &naive)?;
    }
    while let Some(earlier) = history.pop() {
        board.undo().unwrap();
        assert_same(&board, &earlier)?;
    }
    Ok(refused)
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn small_journals_refuse_cleanly(
        size in 2usize..=9,
        ops in proptest::collection::vec(op(), 0..300),
    ) {
        small_journal_game::<48, 6>(size, &ops)?;
        small_journal_game::<256, 40>(size, &ops)?;
    }
}

#[test]
fn small_journals_do_fill_up() {
    let mut rng = Rng(11);
    let mut refused = (0, 0);
    for size in [4, 5, 7, 9] {
        let ops = seeded_ops(&mut rng, 300);
        refused.0 += small_journal_game::<48, 6>(size, &ops).unwrap();
        refused.1 += small_journal_game::<256, 40>(size, &ops).unwrap();
    }
    assert!(refused.0 > 50 && refused.1 > 5, "{refused:?}");
}

// ---------------------------------------------------------------------------
// Perft: legal move sequences from the empty board (no passes, black first,
// simple ko, no suicide).

/// Counts by depth: `nodes[d]` sequences of `d` moves, `captured[d]` stones
/// captured by their last moves.
#[derive(Debug, PartialEq, Eq, Clone)]
struct Perft {
    nodes: Vec<u64>,
    captured: Vec<u64>,
}

impl Perft {
    fn new(depth: usize) -> Perft {
        Perft {
            nodes: vec![0; depth + 1],
            captured: vec![0; depth + 1],
        }
    }
}

fn perft_owlet(b: &mut Board, color: Color, ply: usize, out: &mut Perft) {
    if ply + 1 >= out.nodes.len() {
        return;
    }
    let points: Vec<Point> = b.points().collect();
    for p in points {
        if let Ok(n) = b.play(color, Move::Play(p)) {
            out.nodes[ply + 1] += 1;
            out.captured[ply + 1] += n as u64;
            perft_owlet(b, color.opponent(), ply + 1, out);
            b.undo().unwrap();
        }
    }
}

fn perft_naive(n: &Naive, color: Color, ply: usize, out: &mut Perft) {
    if ply + 1 >= out.nodes.len() {
        return;
    }
    for i in 0..n.cells.len() {
        if let Ok((next, c)) = n.play(color, i) {
            out.nodes[ply + 1] += 1;
            out.captured[ply + 1] += c as u64;
            perft_naive(&next, color.opponent(), ply + 1, out);
        }
    }
}

fn perft_both(size: usize, owlet_depth: usize, naive_depth: usize) -> Perft {
    let mut b: Board = Board::new(size).unwrap();
    let mut owlet = Perft::new(owlet_depth);
    perft_owlet(&mut b, Color::Black, 0, &mut owlet);
    assert_eq!(b, Board::new(size).unwrap());
    let mut naive = Perft::new(naive_depth);
    perft_naive(&Naive::new(size), Color::Black, 0, &mut naive);
    assert_eq!(owlet.nodes[..=naive_depth], naive.nodes[..]);
    assert_eq!(owlet.captured[..=naive_depth], naive.captured[..]);
    owlet
}

// The expected counts below were computed both by the board and by the
// reference (`perft_reference_full_depth`, run with
// `cargo test --release -p owlet-host-tests --test board_props -- --ignored`).
// In the ordinary run the reference checks the shallower depths.

const PERFT_4X4: Perft4 = Perft4 {
    nodes: [16, 240, 3_360, 43_576, 521_800, 5_695_072],
    captured: [0, 0, 8, 208, 6_272, 104_736],
};

const PERFT_5X5: Perft5 = Perft5 {
    nodes: [25, 600, 13_800, 303_424, 6_368_416],
    captured: [0, 0, 8, 352, 17_936],
};

struct Perft4 {
    nodes: [u64; 6],
    captured: [u64; 6],
}

struct Perft5 {
    nodes: [u64; 5],
    captured: [u64; 5],
}

#[test]
fn perft_4x4() {
    let got = perft_both(4, 6, 4);
    assert_eq!(got.nodes[1..], PERFT_4X4.nodes);
    assert_eq!(got.captured[1..], PERFT_4X4.captured);
}

#[test]
fn perft_5x5() {
    let got = perft_both(5, 5, 3);
    assert_eq!(got.nodes[1..], PERFT_5X5.nodes);
    assert_eq!(got.captured[1..], PERFT_5X5.captured);
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn perft_reference_full_depth() {
    let got = perft_both(4, 6, 6);
    assert_eq!(got.nodes[1..], PERFT_4X4.nodes);
    assert_eq!(got.captured[1..], PERFT_4X4.captured);
    let got = perft_both(5, 5, 5);
    assert_eq!(got.nodes[1..], PERFT_5X5.nodes);
    assert_eq!(got.captured[1..], PERFT_5X5.captured);
}

#[test]
fn perft_small_boards_by_hand() {
    // 1x1: the only move is suicide. 2x2: four first moves, then three,
    // then two (no capture yet possible); the fourth stone on a 2x2 board
    // is either a capture or a suicide, worked out by the reference.
    let got = perft_both(1, 3, 3);
    assert_eq!(got.nodes[1..], [0, 0, 0]);
    let got = perft_both(2, 6, 6);
    assert_eq!(got.nodes[1..4], [4, 12, 24]);
    let got = perft_both(3, 4, 4);
    assert_eq!(got.nodes[1..4], [9, 72, 504]);
}

// ---------------------------------------------------------------------------
// Journal estimate of big captures.

/// 19x19: white fills rows 1-6 but for one eye at K3, black fills row 7.
fn big_dead_string() -> String {
    let mut rows = Vec::new();
    for row in (1..=19).rev() {
        let line: String = (0..19)
            .map(|col| match row {
                8.. => '.',
                7 => 'X',
                3 if col == 9 => '.',
                _ => 'O',
            })
            .collect();
        rows.push(line);
    }
    rows.join("\n")
}

#[test]
fn capturing_a_big_string_fits_a_big_enough_journal() {
    let k3 = Point::from_vertex("K3", 19).unwrap();
    let mut big: Big = Big::from_diagram(&big_dead_string()).unwrap();
    assert_eq!(big.string_size(Point::from_vertex("A1", 19).unwrap()), 113);
    assert_eq!(big.liberty_count(Point::from_vertex("A1", 19).unwrap()), 1);
    assert_eq!(big.play(Color::Black, Move::Play(k3)), Ok(113));
    assert!(big.is_consistent());
    // The capture really writes this many journal entries (5 per stone or
    // fewer), far less than the default journal's 2048 ...
    let writes = big.journal_len();
    assert!(writes <= 5 * 113 + 16, "{writes}");
    big.undo().unwrap();
    // ... so an empty default journal must take it. (The board's estimate
    // counts the captured string once per neighbour of K3, four times, and
    // refuses with JournalFull: 16 + 4 * (5 * 113 + 1) = 2280 > 2048.)
    let mut board: Board = Board::from_diagram(&big_dead_string()).unwrap();
    assert_eq!(board.journal_len(), 0);
    assert_eq!(board.undo_depth(), 0);
    assert_eq!(board.play(Color::Black, Move::Play(k3)), Ok(113));
    assert!(board.is_consistent());
}

/// A journal longer than 65535 writes: undo must still restore the exact
/// previous state once more than 65535 writes are recorded.
#[test]
fn journal_past_u16_writes_undoes_exactly() {
    type Huge = Board<70_000, 12_000>;
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let mut b: Box<Huge> = Box::new(Huge::new(9).unwrap());
            let mut rng = Rng(3);
            let mut checked = 0;
            while b.journal_len() < 66_000 && b.undo_depth() < 12_000 {
                let c = b.to_move();
                let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(c, p)).collect();
                let mv = if legal.is_empty() {
                    Move::Pass
                } else {
                    Move::Play(legal[rng.below(legal.len())])
                };
                let before = b.clone();
                b.play(c, mv).unwrap();
                if b.journal_len() > 65_000 {
                    // Near and past 2^16 writes, check every undo.
                    let after = b.clone();
                    b.undo().unwrap();
                    assert_eq!(*b, *before, "undo at {} writes", after.journal_len());
                    assert_eq!(b.journal_len(), before.journal_len());
                    assert!(b.is_consistent());
                    *b = *after;
                    checked += 1;
                }
            }
            assert!(
                b.journal_len() > 65_536 && checked > 10,
                "{}",
                b.journal_len()
            );
        })
        .unwrap()
        .join()
        .unwrap();
}
