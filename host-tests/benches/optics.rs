//! Eye-space benches on the positions of GNU Go's optics.tst: every
//! `eval_eye` case that follows a plain `loadsgf`.
//!
//! - `eval_eye_optics_tst`: all those calls in a row (one element = one
//!   call): the dead-stone reading, domains, eye space, topology and the
//!   local-game solver (`compute_eyes`) with fresh caches each call.
//!
//! The setup prints the number of calls and the solver's nodes per call
//! (mean, median, max).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use owlet_board::{Board, Point, Reader};
use owlet_host_tests::positions::plain_cases;
use owlet_host_tests::regress::default_data_dir;
use owlet_optics::{Solver, eval_eye};

/// (position, vertex) for each plain `eval_eye` case.
fn cases() -> Vec<(Board, Point)> {
    plain_cases("optics.tst", "eval_eye")
        .unwrap_or_else(|e| panic!("optics.tst in {}: {e}", default_data_dir().display()))
}

fn eval_eye_optics_tst(c: &mut Criterion) {
    let cases = cases();
    let mut nodes: Vec<u32> = cases
        .iter()
        .map(|(board, p)| {
            let mut board = board.clone();
            let mut reader: Box<Reader> = Box::default();
            let mut solver: Box<Solver> = Box::default();
            let _ = eval_eye(&mut board, &mut reader, &mut solver, *p);
            solver.nodes()
        })
        .collect();
    nodes.sort_unstable();
    let total: u64 = nodes.iter().map(|&n| u64::from(n)).sum();
    eprintln!(
        "eval_eye on optics.tst: {} calls, solver nodes per call mean {:.0}, median {}, max {}",
        nodes.len(),
        total as f64 / nodes.len().max(1) as f64,
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
    );
    let mut group = c.benchmark_group("optics");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.sample_size(10);
    group.bench_function("eval_eye_optics_tst", |b| {
        let mut boards: Vec<(Board, Point)> = cases.clone();
        b.iter(|| {
            for (board, p) in &mut boards {
                let mut reader: Box<Reader> = Box::default();
                let mut solver: Box<Solver> = Box::default();
                black_box(eval_eye(board, &mut reader, &mut solver, *p));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, eval_eye_optics_tst);
criterion_main!(benches);
