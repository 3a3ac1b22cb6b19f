//! The console's end-of-game commands, answered in GNU Go's formats:
//! `final_score` (`B+8.0`, `W+6.5`, or `0`: area scoring, the komi
//! deducted from black), `final_status VERTEX` (`alive`, `dead`, `seki`,
//! `black_territory`, `white_territory` or `dame`) and
//! `final_status_list alive|dead|seki` (one string per line, top row
//! first, each string's stones top row first, left to right).
//!
//! Owns: [`final_statuses`], the judgement behind the three commands
//! ([`Engine::final_statuses`] remembers it for an unchanged board).
//! A stone is dead when owlet-optics' unconditional status says so
//! ([`UnconditionalOracle`]) or when owl calls its dragon dead and no
//! race against a neighbouring dragon saves it (the same judgement as
//! `dragon_status`). Dragons are read weakest first (fewest liberties of
//! a string, then fewest stones), each with the console's owl limits but
//! for reads that start deeper as the searches go deeper
//! ([`BOARD_READING_DEEPENS_FROM`]), as the `dragon_status` listing reads
//! them. The board's end-of-game mode marks these dead stones
//! ([`crate::link::ConsoleOracle`]). A dragon is alive
//! without owl reading when the Instant Eye Tester's real one-point eyes
//! carry every one of its strings ([`lives_on_real_eyes`], no reading at
//! all), or else when its enclosed regions hold two sure eyes by
//! owlet-optics' eye values; a dragon owl cannot settle within its node
//! limit, or left when the judgement's [`SCORE_OWL_NODES`] are spent, is
//! alive and counted uncertain. Strings in seki come from [`seki_stones`]; the count is
//! [`score`] with the dead stones off.
//!
//! Known differences from GNU Go: GNU Go plays the game out before
//! counting (its `aftermath`); owlet judges the position as it stands,
//! so a finished game is what it scores well. `final_score` counts area
//! (GNU Go's `--chinese-rules`); GNU Go's default counts territory.
//! Omits: `final_status_list` of territory and dame points.

use core::fmt::Write as _;

use owlet_board::{Code, Color, Point, PointSet};
use owlet_optics::eyes::{compute_eyes, dead_stones, domains, eye_space};
use owlet_optics::lives_on_real_eyes;
use owlet_owl::{DragonStatus, dragon_stones_read, reset_eye_reach, set_root_eye_reach};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;
use super::optics::ConsoleSolver;
use crate::scoring::{
    BOARD_READING_DEEPENS_FROM, DeadStoneOracle, Score, UnconditionalOracle, owner, score,
    seki_stones,
};

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

/// Owl nodes one judgement of the board may spend (four searches at owl's
/// default node limit); the dragons left when they are spent are alive
/// and uncertain.
pub const SCORE_OWL_NODES: u64 = 4000;

/// Dragons ordered by weakness; more are judged in board order after them.
const MAX_ORDERED: usize = 64;

/// Judges every stone of the engine's board (see the module
/// documentation). The board is left as it was found.
#[inline(never)]
pub fn final_statuses(engine: &mut Engine) -> FinalStatuses {
    let mut f = FinalStatuses::default();
    UnconditionalOracle.dead_stones(&mut engine.board, &mut f.dead);
    let owl_dead = owl_verdicts(engine, &mut f);
    correct_races(engine, &owl_dead, &mut f);
    f.seki = seki(engine, &f.dead);
    f
}

/// The semeai correction of the dragons owl called dead, with a solver
/// of its own, once the owl phase's is off the stack.
#[inline(never)]
fn correct_races(engine: &mut Engine, owl_dead: &PointSet, f: &mut FinalStatuses) {
    let mut solver = ConsoleSolver::new();
    let mut done = PointSet::new();
    for p in super::scan(engine.board.size()) {
        if !owl_dead.contains(p) || done.contains(p) {
            continue;
        }
        let dragon = dragon_stones_read(&mut engine.board, &mut engine.reader, p);
        for q in dragon.iter() {
            done.insert(q);
        }
        let status = super::semeai::status_with_semeai(engine, p, DragonStatus::Dead, &mut solver);
        if status == DragonStatus::Dead {
            for q in dragon.iter().filter(|&q| owl_dead.contains(q)) {
                f.dead.insert(q);
            }
        }
    }
}

/// The stones of the dragons owl calls dead (before the semeai
/// correction); marks those owl could not settle as uncertain in `f`.
#[inline(never)]
fn owl_verdicts(engine: &mut Engine, f: &mut FinalStatuses) -> PointSet {
    let mut owl_dead = PointSet::new();
    // The dragons, weakest first (fewest liberties of a string, then
    // fewest stones), so that a spent budget leaves out the safest.
    let Some(a1) = Point::new(0, 0) else {
        return owl_dead;
    };
    let mut order = [(0u8, 0u8, a1); MAX_ORDERED];
    let mut n = 0usize;
    let mut seen = f.dead;
    for p in super::scan(engine.board.size()) {
        if engine.board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let dragon = dragon_stones_read(&mut engine.board, &mut engine.reader, p);
        let mut weakest = u8::MAX;
        for q in dragon.iter() {
            seen.insert(q);
            let libs = u8::try_from(engine.board.liberty_count(q)).unwrap_or(u8::MAX);
            weakest = weakest.min(libs);
        }
        let size = u8::try_from(dragon.len()).unwrap_or(u8::MAX);
        if let Some(slot) = order.get_mut(n) {
            *slot = (weakest, size, p);
            n += 1;
        }
    }
    let ordered = order.get_mut(..n).unwrap_or_default();
    ordered.sort_unstable_by_key(|&(libs, size, p)| (libs, size, p.row(), p.col()));
    let eyes = EyeContext::new(engine);
    let mut solver = ConsoleSolver::new();
    let start = engine.owl.nodes();
    let deepens_from = engine.owl.limits().reading_deepens_from;
    engine
        .owl
        .set_reading_deepens_from(BOARD_READING_DEEPENS_FROM);
    let mut judged = PointSet::new();
    let rest = super::scan(engine.board.size());
    for p in order.iter().take(n).map(|e| e.2).chain(rest) {
        if engine.board.color_at(p).is_none() || f.dead.contains(p) || judged.contains(p) {
            continue;
        }
        let e = &mut *engine;
        let dragon = dragon_stones_read(&mut e.board, &mut e.reader, p);
        for q in dragon.iter() {
            judged.insert(q);
        }
        if lives_on_real_eyes(&e.board, &dragon) || eyes.two_eyes(e, &dragon, &mut solver) {
            continue;
        }
        if e.owl.nodes().saturating_sub(start) >= SCORE_OWL_NODES {
            for q in dragon.iter() {
                f.uncertain.insert(q);
            }
            continue;
        }
        let attack = e.owl.attack(&mut e.board, &mut e.reader, &mut solver, p);
        let mut limit_hit = attack.limit_hit;
        let mut dead = false;
        if attack.code != Code::Fail {
            let defend = e.owl.defend(&mut e.board, &mut e.reader, &mut solver, p);
            limit_hit |= defend.limit_hit;
            dead = defend.code == Code::Fail;
        }
        for q in dragon.iter() {
            if dead {
                owl_dead.insert(q);
            } else if limit_hit {
                f.uncertain.insert(q);
            }
        }
    }
    engine.owl.set_reading_deepens_from(deepens_from);
    owl_dead
}

/// [`seki_stones`] in a frame of its own.
#[inline(never)]
fn seki(engine: &mut Engine, dead: &PointSet) -> PointSet {
    seki_stones(&mut engine.board, dead)
}

/// What the eye analysis of one board needs once: owlet-optics' dead
/// (not lively) stones and both colours' domains.
struct EyeContext {
    dead: PointSet,
    domains: [PointSet; 2],
}

impl EyeContext {
    fn new(engine: &mut Engine) -> EyeContext {
        let dead = dead_stones(&mut engine.board, &mut engine.reader);
        let (black, white) = domains(&engine.board, &dead, Color::Black);
        let domains = [black, white];
        EyeContext { dead, domains }
    }

    /// Whether the enclosed regions of `dragon` hold two sure eyes. A
    /// region is a set of empty points joined orthogonally, with the
    /// opponent strings among them that the tactical reader captures and
    /// cannot save; it is enclosed when every other stone around it is of
    /// the dragon's colour. Each is valued by owlet-optics (the eye space
    /// through it and [`compute_eyes`], as `eval_eye` values it: the eyes
    /// it keeps when the attacker moves first) within the reach of owl's
    /// root evaluation ([`set_root_eye_reach`]: a space beyond it gets the
    /// solver's estimate, as owl's own reading of the dragon would); two
    /// in all make the dragon alive without owl reading.
    #[inline(never)]
    fn two_eyes(&self, engine: &mut Engine, dragon: &PointSet, solver: &mut ConsoleSolver) -> bool {
        set_root_eye_reach(solver, engine.owl.limits().root_eye_budget);
        let two = self.two_eyes_within(engine, dragon, solver);
        reset_eye_reach(solver);
        two
    }

    /// [`EyeContext::two_eyes`] with the solver's reach set.
    fn two_eyes_within(
        &self,
        engine: &mut Engine,
        dragon: &PointSet,
        solver: &mut ConsoleSolver,
    ) -> bool {
        let Some(color) = dragon.iter().next().and_then(|d| engine.board.color_at(d)) else {
            return false;
        };
        let (Some(own), Some(other)) = (
            self.domains.get(color.index()),
            self.domains.get(color.opponent().index()),
        ) else {
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
            let region = enclosed_region(engine, start, color);
            for q in region.0.iter() {
                seen.insert(q);
            }
            if !region.1 {
                continue;
            }
            let e = &mut *engine;
            let Some((space, marginal)) = eye_space(
                &mut e.board,
                &mut e.reader,
                &self.dead,
                own,
                other,
                color.opponent(),
                start,
            ) else {
                continue;
            };
            let eye = compute_eyes(
                &mut e.board,
                &mut e.reader,
                solver,
                color,
                &space,
                &marginal,
                &self.dead,
            );
            eyes = eyes.saturating_add(eye.value.min_eyes());
            if eyes >= 2 {
                return true;
            }
        }
        false
    }
}

/// The region through the empty point `start` (see
/// [`EyeContext::two_eyes`]) and whether it is enclosed by `color`.
#[inline(never)]
fn enclosed_region(engine: &mut Engine, start: Point, color: Color) -> (PointSet, bool) {
    let mut region = PointSet::new();
    let mut stack = [start; 64];
    let mut depth = 1usize;
    region.insert(start);
    while depth > 0 {
        depth -= 1;
        let Some(&q) = stack.get(depth) else { break };
        for n in q.neighbors() {
            if !engine.board.is_on_board(n) || region.contains(n) {
                continue;
            }
            match engine.board.color_at(n) {
                Some(c) if c == color => continue,
                Some(_) if !captured(engine, n) => return (region, false),
                _ => {}
            }
            region.insert(n);
            match stack.get_mut(depth) {
                Some(slot) => {
                    *slot = n;
                    depth += 1;
                }
                // Larger than the stack: left to owl.
                None => return (region, false),
            }
        }
    }
    (region, true)
}

/// Whether the tactical reader captures the string at `p` and cannot
/// save it.
fn captured(engine: &mut Engine, p: Point) -> bool {
    let e = &mut *engine;
    e.reader.attack(&mut e.board, p).code == Code::Win
        && e.reader.find_defense(&mut e.board, p).code == Code::Fail
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
            let f = engine.final_statuses();
            let s = f.score(&engine.board);
            let _ = write!(out, "{}", s.area_result(engine.komi));
        }
        "final_status" => {
            let size = engine.board.size();
            let Some(p) = args.next().and_then(|v| Point::from_vertex(v, size).ok()) else {
                return Err(out.failure("invalid coordinate"));
            };
            let f = engine.final_statuses();
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
            let f = engine.final_statuses();
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
