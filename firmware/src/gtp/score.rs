//! The console's end-of-game commands, answered in GNU Go's formats:
//! `final_score` (`B+8.0`, `W+6.5`, or `0`: area scoring, the komi
//! deducted from black), `final_status VERTEX` (`alive`, `dead`, `seki`,
//! `black_territory`, `white_territory` or `dame`) and
//! `final_status_list alive|dead|seki` (one string per line, top row
//! first, each string's stones top row first, left to right).
//!
//! Owns: [`final_statuses`], the judgement behind the three commands.
//! A stone is dead when owlet-optics' unconditional status says so
//! ([`UnconditionalOracle`]) or when owl calls its dragon dead and no
//! race against a neighbouring dragon saves it (the same judgement as
//! `dragon_status`); a dragon owl cannot settle within its node limit is
//! alive and counted uncertain. Strings in seki come from
//! [`seki_stones`]; the count is [`score`] with the dead stones off.
//! Each call reads every dragon again (owl's cache keeps the answers of
//! an unchanged board).
//!
//! Known differences from GNU Go: GNU Go plays the game out before
//! counting (its `aftermath`); owlet judges the position as it stands,
//! so a finished game is what it scores well. `final_score` counts area
//! (GNU Go's `--chinese-rules`); GNU Go's default counts territory.
//! Omits: `final_status_list` of territory and dame points.

use core::fmt::Write as _;

use owlet_board::{Code, Color, Point, PointSet};
use owlet_optics::eval_eye;
use owlet_owl::{DragonStatus, dragon_stones_read};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;
use super::optics::ConsoleSolver;
use crate::scoring::{DeadStoneOracle, Score, UnconditionalOracle, owner, score, seki_stones};

/// The commands this module answers, sorted.
pub(super) const SCORE_COMMANDS: [&str; 3] = ["final_score", "final_status", "final_status_list"];

/// The status of every stone at the end of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FinalStatuses {
    /// Dead stones.
    pub dead: PointSet,
    /// Live stones in seki.
    pub seki: PointSet,
    /// Stones of dragons whose owl reading hit its node or depth limit
    /// (judged alive, unless unconditionally dead).
    pub uncertain: PointSet,
}

impl FinalStatuses {
    /// The count with the dead stones taken off.
    #[must_use]
    pub fn score<const C: usize, const M: usize>(&self, board: &owlet_board::Board<C, M>) -> Score {
        score(board, &self.dead)
    }
}

/// Judges every stone of the engine's board (see the module
/// documentation). The board is left as it was found.
#[inline(never)]
pub fn final_statuses(engine: &mut Engine) -> FinalStatuses {
    let mut f = FinalStatuses::default();
    UnconditionalOracle.dead_stones(&mut engine.board, &mut f.dead);
    let mut seen = f.dead;
    let mut solver = ConsoleSolver::new();
    for p in super::scan(engine.board.size()) {
        if engine.board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let e = &mut *engine;
        let dragon = dragon_stones_read(&mut e.board, &mut e.reader, p);
        for q in dragon.iter() {
            seen.insert(q);
        }
        if has_two_eyes(e, &dragon, &mut solver) {
            continue;
        }
        let attack = e.owl.attack(&mut e.board, &mut e.reader, &mut solver, p);
        let mut limit_hit = attack.limit_hit;
        let mut dead = false;
        if attack.code != Code::Fail {
            let defend = e.owl.defend(&mut e.board, &mut e.reader, &mut solver, p);
            limit_hit |= defend.limit_hit;
            if defend.code == Code::Fail {
                dead = super::semeai::status_with_semeai(e, p, DragonStatus::Dead)
                    == DragonStatus::Dead;
            }
        }
        for q in dragon.iter() {
            if dead {
                f.dead.insert(q);
            } else if limit_hit {
                f.uncertain.insert(q);
            }
        }
    }
    f.seki = seki_stones(&mut engine.board, &f.dead);
    f
}

/// Whether the enclosed regions of `dragon` hold two sure eyes. A region
/// is a set of empty points joined orthogonally, with the opponent strings
/// among them that the tactical reader captures and cannot save; it is
/// enclosed when every other stone around it is of the dragon's colour.
/// Each is valued by owlet-optics' [`eval_eye`] (the eyes it keeps when
/// the attacker moves first); two in all make the dragon alive without
/// owl reading.
fn has_two_eyes(engine: &mut Engine, dragon: &PointSet, solver: &mut ConsoleSolver) -> bool {
    let Some(color) = dragon.iter().next().and_then(|d| engine.board.color_at(d)) else {
        return false;
    };
    let mut seen = PointSet::new();
    let mut eyes = 0u8;
    for start in dragon.iter().flat_map(Point::neighbors) {
        if !engine.board.is_on_board(start)
            || engine.board.color_at(start).is_some()
            || seen.contains(start)
        {
            continue;
        }
        let mut region = PointSet::new();
        let mut stack = [start; 64];
        let mut depth = 1usize;
        region.insert(start);
        let mut enclosed = true;
        while depth > 0 && enclosed {
            depth -= 1;
            let Some(&q) = stack.get(depth) else { break };
            for n in q.neighbors() {
                if !engine.board.is_on_board(n) || region.contains(n) {
                    continue;
                }
                match engine.board.color_at(n) {
                    Some(c) if c == color => continue,
                    Some(_) if !captured(engine, n) => {
                        enclosed = false;
                        break;
                    }
                    _ => {}
                }
                region.insert(n);
                match stack.get_mut(depth) {
                    Some(slot) => {
                        *slot = n;
                        depth += 1;
                    }
                    // Larger than the stack: left to owl.
                    None => enclosed = false,
                }
            }
        }
        for q in region.iter() {
            seen.insert(q);
        }
        if !enclosed {
            continue;
        }
        let e = &mut *engine;
        if let Some(eye) = eval_eye(&mut e.board, &mut e.reader, solver, start)
            && eye.color == color
        {
            eyes = eyes.saturating_add(eye.value.min_eyes());
            if eyes >= 2 {
                return true;
            }
        }
    }
    false
}

/// Whether the tactical reader captures the string at `p` and cannot
/// save it.
fn captured(engine: &mut Engine, p: Point) -> bool {
    let e = &mut *engine;
    e.reader.attack(&mut e.board, p).code == Code::Win
        && e.reader.find_defense(&mut e.board, p).code == Code::Fail
}

/// Writes black's lead by area less `komi` as GNU Go does.
fn write_score(out: &mut Answer<'_>, s: &Score, komi: f32) {
    let black = f32::from(s.area(Color::Black));
    let white = f32::from(s.area(Color::White));
    let margin = black - white - komi;
    if margin > 0.0 {
        let _ = write!(out, "B+{margin:.1}");
    } else if margin < 0.0 {
        let _ = write!(out, "W+{:.1}", -margin);
    } else {
        out.push_str("0");
    }
}

/// Runs one of the commands in [`SCORE_COMMANDS`]. Never inlined: its
/// solver and searches must not sit in the frame of every command.
#[inline(never)]
pub(super) fn run(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    match command {
        "final_score" => {
            let f = final_statuses(engine);
            let s = f.score(&engine.board);
            write_score(out, &s, engine.komi);
        }
        "final_status" => {
            let size = engine.board.size();
            let Some(p) = args.next().and_then(|v| Point::from_vertex(v, size).ok()) else {
                return Err(out.failure("invalid coordinate"));
            };
            let f = final_statuses(engine);
            let text = if f.dead.contains(p) {
                "dead"
            } else if f.seki.contains(p) {
                "seki"
            } else if engine.board.color_at(p).is_some() {
                "alive"
            } else {
                match owner(&engine.board, &f.dead, p) {
                    Some(Color::Black) => "black_territory",
                    Some(Color::White) => "white_territory",
                    None => "dame",
                }
            };
            out.push_str(text);
        }
        "final_status_list" => {
            let wanted = match args.next() {
                None => return Err(out.failure("missing status")),
                Some(s @ ("alive" | "dead" | "seki")) => s,
                Some(_) => return Err(out.failure("invalid status")),
            };
            let f = final_statuses(engine);
            let board = &engine.board;
            let mut listed = PointSet::new();
            let mut first = true;
            for p in super::scan(board.size()) {
                if board.color_at(p).is_none() || listed.contains(p) {
                    continue;
                }
                let status = if f.dead.contains(p) {
                    "dead"
                } else if f.seki.contains(p) {
                    "seki"
                } else {
                    "alive"
                };
                let mut string = PointSet::new();
                for q in board.stones(p) {
                    string.insert(q);
                    listed.insert(q);
                }
                if status == wanted {
                    if !first {
                        out.push_str("\n");
                    }
                    first = false;
                    super::write_points(out, board.size(), &string);
                }
            }
        }
        _ => return Err(out.failure("unknown command")),
    }
    Ok(())
}
