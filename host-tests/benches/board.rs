//! Board benches on a 19x19 game of random legal moves (seeded, so the same
//! game every run; captures allowed):
//!
//! - `play_undo_game`: play the whole game on the journal, then undo it all
//!   (one element = one move played and taken back);
//! - `play_commit_game`: play the whole game committing after each move,
//!   as a game record would (one element = one move);
//! - `is_legal_all_points`: `is_legal` for both colours on every point of
//!   the middle-game and final positions (one element = one query).

use owlet_host_tests::rng::Rng;
use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use owlet_board::{Board, Color, Move, Point};

/// Moves in the benched game.
const GAME_LENGTH: usize = 250;

/// Journal room for the whole game without commits.
type GameBoard = Board<8192, 512>;

/// A game of `GAME_LENGTH` random legal moves (no passes unless a side has
/// no legal move) and the position after each move.
fn random_game(seed: u64) -> (Vec<(Color, Move)>, Vec<GameBoard>) {
    let mut rng = Rng(seed);
    let mut board = GameBoard::new(19).expect("19 is a valid size");
    let mut moves = Vec::with_capacity(GAME_LENGTH);
    let mut positions = Vec::with_capacity(GAME_LENGTH);
    for _ in 0..GAME_LENGTH {
        let color = board.to_move();
        let legal: Vec<Point> = board
            .points()
            .filter(|&p| board.is_legal(color, p))
            .collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[rng.below(legal.len())])
        };
        board.play(color, mv).expect("a legal move");
        moves.push((color, mv));
        positions.push(board.clone());
    }
    (moves, positions)
}

fn benches(c: &mut Criterion) {
    let (moves, positions) = random_game(2026);
    let final_position = positions.last().expect("a game");
    let captured = final_position.captures(Color::Black) + final_position.captures(Color::White);
    eprintln!(
        "benched game: 19x19, {} moves, {} stones captured",
        moves.len(),
        captured
    );
    let empty = GameBoard::new(19).expect("19 is a valid size");

    let mut group = c.benchmark_group("board");
    group.throughput(Throughput::Elements(moves.len() as u64));

    group.bench_function("play_undo_game", |b| {
        let mut board = empty.clone();
        b.iter(|| {
            for &(color, mv) in &moves {
                let _ = black_box(board.play(color, black_box(mv)));
            }
            while board.undo().is_ok() {}
            black_box(board.hash())
        });
        assert_eq!(board, empty);
    });

    group.bench_function("play_commit_game", |b| {
        b.iter_batched_ref(
            || empty.clone(),
            |board| {
                for &(color, mv) in &moves {
                    let _ = black_box(board.play(color, black_box(mv)));
                    board.commit();
                }
                black_box(board.hash())
            },
            BatchSize::SmallInput,
        );
    });

    let middle = &positions[positions.len() / 2];
    let points: Vec<Point> = middle.points().collect();
    group.throughput(Throughput::Elements(2 * 2 * points.len() as u64));
    group.bench_function("is_legal_all_points", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for position in [middle, final_position] {
                for color in [Color::Black, Color::White] {
                    for &p in &points {
                        n += usize::from(position.is_legal(color, black_box(p)));
                    }
                }
            }
            black_box(n)
        });
    });
    group.finish();
}

criterion_group!(board, benches);
criterion_main!(board);
