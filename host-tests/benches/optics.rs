//! Eye-space benches on the positions of GNU Go's optics.tst: every
//! `eval_eye` case that follows a plain `loadsgf`.
//!
//! - `eval_eye_optics_tst`: all those calls in a row (one element = one
//!   call): the dead-stone reading, domains, eye space, topology and the
//!   local-game solver (`compute_eyes`) with fresh caches each call.
//! - `table_lookup`: [`table::lookup`] of every graph the table lists (one
//!   element = one lookup: canonical order, then a binary search).
//! - `solve_7_vertices`: [`Solver::solve`] (reading, no table) of the
//!   first 200 realizable 7-vertex graphs from diagrams of a 3×3 box with
//!   two blanks, with the console's 1024-entry cache.
//!
//! The setup prints the number of calls and the solver's nodes per call
//! (mean, median, max).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use owlet_board::{Board, Point, Reader};
use owlet_host_tests::positions::plain_cases;
use owlet_host_tests::regress::default_data_dir;
use owlet_optics::table;
use owlet_optics::{EyeGraph, Solver, eval_eye};

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

/// The graphs the table lists.
fn listed_graphs() -> Vec<EyeGraph> {
    table::keys().map(table::decode).collect()
}

fn table_lookup(c: &mut Criterion) {
    let graphs = listed_graphs();
    eprintln!(
        "table: {} entries, {} bytes; benched on {} listed graphs",
        table::entries(),
        table::bytes(),
        graphs.len()
    );
    let mut group = c.benchmark_group("optics");
    group.throughput(Throughput::Elements(graphs.len() as u64));
    group.bench_function("table_lookup", |b| {
        b.iter(|| {
            for g in &graphs {
                black_box(table::lookup(black_box(g)));
            }
        });
    });
    group.finish();
}

/// Diagrams of 7 cells in a 3×3 box (two cells blank), labelled in turn.
fn seven_vertex_graphs(count: usize) -> Vec<EyeGraph> {
    let mut out = Vec::new();
    let labels = [b'.', b'!', b'X'];
    'outer: for blanks in 0..36usize {
        let (a, b) = (blanks / 9, blanks % 9);
        if a >= b {
            continue;
        }
        for code in 0..2187usize {
            let mut x = code;
            let mut d = Vec::new();
            for cell in 0..9 {
                if cell > 0 && cell % 3 == 0 {
                    d.push(b'%');
                }
                if cell == a || cell == b {
                    d.push(b'O');
                } else {
                    d.push(labels[x % 3]);
                    x /= 3;
                }
            }
            let d = String::from_utf8_lossy(&d).into_owned();
            if let Ok(g) = EyeGraph::parse(&d)
                && g.len() == 7
            {
                out.push(g);
                if out.len() == count {
                    break 'outer;
                }
            }
        }
    }
    out
}

fn solve_7_vertices(c: &mut Criterion) {
    let graphs = seven_vertex_graphs(200);
    let mut solver: Box<Solver> = Box::default();
    let mut nodes: Vec<u32> = graphs
        .iter()
        .map(|g| {
            let _ = solver.solve(g);
            solver.nodes()
        })
        .collect();
    nodes.sort_unstable();
    eprintln!(
        "solve of {} 7-vertex graphs: nodes per graph median {}, max {}",
        nodes.len(),
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
    );
    let mut group = c.benchmark_group("optics");
    group.throughput(Throughput::Elements(graphs.len() as u64));
    group.sample_size(10);
    group.bench_function("solve_7_vertices", |b| {
        b.iter(|| {
            for g in &graphs {
                black_box(solver.solve(black_box(g)));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, eval_eye_optics_tst, table_lookup, solve_7_vertices);
criterion_main!(benches);
