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
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use owlet_board::{Board, Point, Reader};
use owlet_firmware::Engine;
use owlet_host_tests::sgf::{Until, load_file};
use owlet_optics::{Solver, eval_eye};

fn data_dir() -> PathBuf {
    std::env::var_os("OWLET_REGRESS_DATA").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/gnugo-regress"),
        PathBuf::from,
    )
}

/// (position, vertex) for each plain eval_eye case.
fn cases() -> Vec<(Board, Point)> {
    let dir = data_dir();
    let text = std::fs::read_to_string(dir.join("optics.tst"))
        .unwrap_or_else(|e| panic!("optics.tst in {}: {e}", dir.display()));
    let mut engine = Engine::new();
    let mut plain = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.chars().all(|c| c.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let until = Until::from_arg(rest.first().copied());
                plain = load_file(&mut engine, &dir.join(file), &until).is_ok();
            }
            ["eval_eye", vertex] if plain => {
                let board = engine.board().clone();
                if let Ok(p) = Point::from_vertex(vertex, board.size()) {
                    out.push((board, p));
                }
            }
            ["trymove" | "play", ..] => plain = false,
            _ => {}
        }
    }
    out
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
