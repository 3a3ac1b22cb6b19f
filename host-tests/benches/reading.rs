//! Tactical reading benches on the positions of GNU Go's reading.tst: every
//! `attack` case that follows a plain `loadsgf` (no `trymove` before it),
//! each read with a fresh transposition cache.
//!
//! - `attack_reading_tst`: all those calls in a row (one element = one call).
//!
//! The setup prints the number of calls and the reading nodes per call
//! (mean, median, max), so µs per call and per node can be read off.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use owlet_board::{Board, Point, Reader};
use owlet_host_tests::positions::plain_cases;
use owlet_host_tests::regress::default_data_dir;

/// (position, vertex) for each plain `attack` case.
fn cases() -> Vec<(Board, Point)> {
    plain_cases("reading.tst", "attack")
        .unwrap_or_else(|e| panic!("reading.tst in {}: {e}", default_data_dir().display()))
}

fn attack_reading_tst(c: &mut Criterion) {
    let cases = cases();
    let mut nodes: Vec<u64> = cases
        .iter()
        .map(|(board, p)| {
            let mut board = board.clone();
            let mut reader: Box<Reader> = Box::default();
            reader.attack(&mut board, *p);
            reader.nodes()
        })
        .collect();
    nodes.sort_unstable();
    let total: u64 = nodes.iter().sum();
    eprintln!(
        "attack on reading.tst: {} calls, nodes per call mean {:.0}, median {}, max {}",
        nodes.len(),
        total as f64 / nodes.len().max(1) as f64,
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
    );
    let mut group = c.benchmark_group("reading");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.sample_size(10);
    group.bench_function("attack_reading_tst", |b| {
        let mut boards: Vec<(Board, Point)> = cases.clone();
        let mut reader: Box<Reader> = Box::default();
        b.iter(|| {
            for (board, p) in &mut boards {
                reader.clear_cache();
                black_box(reader.attack(board, *p));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, attack_reading_tst);
criterion_main!(benches);
