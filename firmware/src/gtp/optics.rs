//! The console's eye commands, answered in GNU Go's formats:
//! `unconditional_status VERTEX` (`undecided`, `alive`, `dead`,
//! `white_territory` or `black_territory`), `eval_eye VERTEX` (`MIN MAX`,
//! then the attack and defense points when they differ; `-1` off any eye
//! space) and `analyze_eyegraph CODED` (the value, then the diagram with
//! the vital points marked).
//!
//! Owns: parsing the arguments and writing the answers, and counting the
//! analyses a limit cut ([`super::LimitHits`]: `eye` when the solver
//! answers an estimate, `reading` for `eval_eye`'s tactical reads cut by
//! their node limit); the analysis is owlet-optics'. Known difference:
//! `analyze_eyegraph` of a diagram with no columns answers the value
//! alone (GNU Go adds empty lines, which end a GTP answer early).
//! `analyze_eyegraph` builds a [`ConsoleSolver`] on the stack for the
//! call (10 KiB of cache),
//! `eval_eye` an [`EvalEyeSolver`] (the same).
//! Omits: everything GNU Go prints to stderr.

use core::fmt::Write as _;

use owlet_board::Point;
use owlet_optics::{EyeGraph, GraphError, Solver, eval_eye, unconditional_status};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;

/// The eye solver the console uses, built on the stack for each command:
/// 1280 cache entries (10 KiB: a transposition table of 1024 and a memo
/// of 128 analyses), on the device too. Owl's answers depend on the
/// table's size (an analysis that runs out of its budget is only an
/// estimate, and a smaller table runs out more often): 1024 entries lose
/// four ld_owl.tst cases, 256 more, and 2048 gain none. On the device
/// the room comes from the tactical reader's cache, whose size changes
/// no case there.
pub type ConsoleSolver = Solver<1280>;

/// The solver `eval_eye` builds for its call: the console's (one solver
/// type, so the device's flash holds the solver's code once).
pub type EvalEyeSolver = ConsoleSolver;

/// Runs one of the eye commands listed in [`super::COMMANDS`]. Never
/// inlined: its solvers (10 KiB) must not sit in the frame of every
/// command (inlined into the dispatch loop, the device hung at its first
/// command).
#[inline(never)]
pub(super) fn run(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    if command == "analyze_eyegraph" {
        let coded = args.next().unwrap_or("");
        let graph = match EyeGraph::parse(coded) {
            Ok(graph) => graph,
            Err(GraphError::TooLarge) => return Err(out.failure("too large eyespace")),
            // GNU Go's answer when it cannot place the graph on its board.
            Err(GraphError::Unrealizable) => return Err(out.failure("failed to analyze")),
        };
        let mut solver = ConsoleSolver::new();
        let analysis = solver.analyze(&graph);
        if !analysis.exact {
            engine.hits.eye = engine.hits.eye.saturating_add(1);
        }
        let _ = write!(out, "{}", analysis.value);
        // GNU Go prints an empty diagram as empty lines, which would end
        // the GTP answer early; owlet prints none.
        if graph.width() > 0 {
            let _ = writeln!(out);
            let _ = graph.write_diagram(out, analysis.attack, analysis.defense);
        }
        return Ok(());
    }
    let size = engine.board.size();
    let Some(p) = args.next().and_then(|v| Point::from_vertex(v, size).ok()) else {
        return Err(out.failure("invalid coordinate"));
    };
    match command {
        "unconditional_status" => out.push_str(unconditional_status(&engine.board, p).gtp()),
        "eval_eye" => {
            // A cache of 1024 entries or more: with a much smaller one some
            // 8-vertex spaces run out of nodes and lose their vital points
            // (optics.tst 1807).
            let mut solver = EvalEyeSolver::new();
            let reading_hits = engine.reader.limit_hits();
            let found = eval_eye(&mut engine.board, &mut engine.reader, &mut solver, p);
            let hits = &mut engine.hits;
            hits.reading = hits
                .reading
                .saturating_add(engine.reader.limit_hits().saturating_sub(reading_hits));
            hits.eye = hits.eye.saturating_add(solver.limit_hits());
            match found {
                None => out.push_str("-1"),
                Some(eye) => {
                    let v = eye.value;
                    let _ = write!(out, "{} {}", v.min_eyes(), v.max_eyes());
                    if v.min_eyes() != v.max_eyes()
                        && let (Some(a), Some(d)) = (eye.attack, eye.defense)
                    {
                        let _ = write!(out, " {a} {d}");
                    }
                }
            }
        }
        _ => return Err(out.failure("unknown command")),
    }
    Ok(())
}
