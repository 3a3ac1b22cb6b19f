//! The console's dragon and owl commands, answered in GNU Go's formats:
//! `owl_attack V` / `owl_defend V` (`0`, or the code and the move or
//! `PASS`), `owl_does_attack MOVE V` / `owl_does_defend MOVE V` (the
//! code), `owl_threaten_attack V` / `owl_threaten_defense V` (`0`, or the
//! code and two moves), `dragon_status V` (`alive`, `dead` or `critical
//! ATTACK DEFENSE`; owl's `dead` corrected by semeai, see `semeai`),
//! `same_dragon V V` (`1` or `0`), `dragon_stones V` (top row first, left
//! to right; both the dragon owl reads, [`dragon_stones_read`]) and
//! `reset_owl_node_counter` / `get_owl_node_counter` (owl and semeai
//! nodes).
//!
//! Owns: parsing the arguments and writing the answers; the analysis is
//! owlet-owl's, with the engine's persistent [`ConsoleOwl`] cache. Each
//! call builds a [`ConsoleSolver`] on the stack. Omits: the forms without
//! a vertex (GNU Go lists every dragon) and everything GNU Go prints to
//! stderr.

use core::fmt::Write as _;

use owlet_board::{Code, Point};
use owlet_owl::{DragonStatus, Owl, dragon_stones_read};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;
use super::optics::ConsoleSolver;

/// The owl searcher the console keeps: 512 cache entries and 128 remembered
/// eye spaces (12,400 bytes), or 128 and 32 (3,184 bytes) with the `small`
/// feature.
#[cfg(not(feature = "small"))]
pub type ConsoleOwl = Owl<512>;
/// The owl searcher the console keeps.
#[cfg(feature = "small")]
pub type ConsoleOwl = Owl<128, 32>;

/// The commands this module answers, sorted.
pub(super) const OWL_COMMANDS: [&str; 11] = [
    "dragon_status",
    "dragon_stones",
    "get_owl_node_counter",
    "owl_attack",
    "owl_defend",
    "owl_does_attack",
    "owl_does_defend",
    "owl_threaten_attack",
    "owl_threaten_defense",
    "reset_owl_node_counter",
    "same_dragon",
];

fn vertex(engine: &Engine, args: &mut Args<'_>, out: &mut Answer<'_>) -> Result<Point, Failure> {
    let size = engine.board.size();
    args.next()
        .and_then(|v| Point::from_vertex(v, size).ok())
        .ok_or_else(|| out.failure("invalid coordinate"))
}

fn stone(engine: &Engine, args: &mut Args<'_>, out: &mut Answer<'_>) -> Result<Point, Failure> {
    let p = vertex(engine, args, out)?;
    if engine.board.color_at(p).is_none() {
        return Err(out.failure("vertex must not be empty"));
    }
    Ok(p)
}

fn write_move(out: &mut Answer<'_>, p: Option<Point>) {
    match p {
        Some(p) => {
            let _ = write!(out, "{p}");
        }
        None => out.push_str("PASS"),
    }
}

/// Runs one of the commands in [`OWL_COMMANDS`].
/// Never inlined: its solver and searches must not sit in the frame of
/// every command (see [`super::optics::run`]).
#[inline(never)]
pub(super) fn run(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    match command {
        "reset_owl_node_counter" => {
            engine.owl.reset_nodes();
            engine.semeai_nodes = 0;
        }
        "get_owl_node_counter" => {
            // Semeai nodes count as owl nodes, as in GNU Go.
            let nodes = engine.owl.nodes().saturating_add(engine.semeai_nodes);
            let _ = write!(out, "{nodes}");
        }
        "same_dragon" => {
            let a = stone(engine, &mut args, out)?;
            let b = stone(engine, &mut args, out)?;
            let dragon = dragon_stones_read(&mut engine.board, &mut engine.reader, a);
            out.push_str(if dragon.contains(b) { "1" } else { "0" });
        }
        "dragon_stones" => {
            let p = vertex(engine, &mut args, out)?;
            if engine.board.color_at(p).is_none() {
                return Err(out.failure("dragon_stones called on an empty vertex"));
            }
            let stones = dragon_stones_read(&mut engine.board, &mut engine.reader, p);
            let size = engine.board.size();
            let mut first = true;
            for row in (0..size).rev() {
                for col in 0..size {
                    if let Some(q) = Point::new(col, row)
                        && stones.contains(q)
                    {
                        if !first {
                            out.push_str(" ");
                        }
                        first = false;
                        let _ = write!(out, "{q}");
                    }
                }
            }
        }
        "owl_attack" | "owl_defend" => {
            let p = stone(engine, &mut args, out)?;
            let mut solver = ConsoleSolver::new();
            let e = &mut *engine;
            let r = if command == "owl_attack" {
                e.owl.attack(&mut e.board, &mut e.reader, &mut solver, p)
            } else {
                e.owl.defend(&mut e.board, &mut e.reader, &mut solver, p)
            };
            e.count_owl(r.limit_hit);
            let _ = write!(out, "{}", r.code);
            if r.code != Code::Fail {
                out.push_str(" ");
                write_move(out, r.point);
            }
        }
        "owl_does_attack" | "owl_does_defend" => {
            let mv = vertex(engine, &mut args, out)?;
            if engine.board.color_at(mv).is_some() {
                return Err(out.failure("move vertex must be empty"));
            }
            let p = stone(engine, &mut args, out)?;
            let mut solver = ConsoleSolver::new();
            let e = &mut *engine;
            let r = if command == "owl_does_attack" {
                e.owl
                    .does_attack(&mut e.board, &mut e.reader, &mut solver, mv, p)
            } else {
                e.owl
                    .does_defend(&mut e.board, &mut e.reader, &mut solver, mv, p)
            };
            e.count_owl(r.limit_hit);
            let _ = write!(out, "{}", r.code);
        }
        "owl_threaten_attack" | "owl_threaten_defense" => {
            let p = stone(engine, &mut args, out)?;
            let mut solver = ConsoleSolver::new();
            let e = &mut *engine;
            let (code, a, b) = if command == "owl_threaten_attack" {
                e.owl
                    .threaten_attack(&mut e.board, &mut e.reader, &mut solver, p)
            } else {
                e.owl
                    .threaten_defense(&mut e.board, &mut e.reader, &mut solver, p)
            };
            let _ = write!(out, "{code}");
            if code != Code::Fail {
                out.push_str(" ");
                write_move(out, a);
                out.push_str(" ");
                write_move(out, b);
            }
        }
        "dragon_status" => {
            let p = stone(engine, &mut args, out)?;
            let mut solver = ConsoleSolver::new();
            let e = &mut *engine;
            // Owl::status's two searches, their limits counted.
            let attack = e.owl.attack(&mut e.board, &mut e.reader, &mut solver, p);
            e.count_owl(attack.limit_hit);
            let status = if attack.code == Code::Fail {
                DragonStatus::Alive
            } else {
                let defend = e.owl.defend(&mut e.board, &mut e.reader, &mut solver, p);
                e.count_owl(defend.limit_hit);
                if defend.code == Code::Fail {
                    DragonStatus::Dead
                } else {
                    DragonStatus::Critical {
                        attack: attack.point,
                        defense: defend.point,
                    }
                }
            };
            let status = Some(super::semeai::status_with_semeai(e, p, status));
            match status {
                Some(DragonStatus::Alive) => out.push_str("alive"),
                Some(DragonStatus::Dead) => out.push_str("dead"),
                Some(DragonStatus::Critical { attack, defense }) => {
                    out.push_str("critical ");
                    write_move(out, attack);
                    out.push_str(" ");
                    write_move(out, defense);
                }
                None => return Err(out.failure("vertex must not be empty")),
            }
        }
        _ => return Err(out.failure("unknown command")),
    }
    Ok(())
}

impl Engine {
    /// Counts an owl search cut by a limit.
    fn count_owl(&mut self, limit_hit: bool) {
        if limit_hit {
            self.hits.owl = self.hits.owl.saturating_add(1);
        }
    }
}
