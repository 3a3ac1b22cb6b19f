//! The console's dragon and owl commands, answered in GNU Go's formats:
//! `owl_attack V` / `owl_defend V` (`0`, or the code and the move or
//! `PASS`), `owl_does_attack MOVE V` / `owl_does_defend MOVE V` (the
//! code), `owl_threaten_attack V` / `owl_threaten_defense V` (`0`, or the
//! code and two moves), `dragon_status V` (`alive`, `dead` or `critical
//! ATTACK DEFENSE`; owl's `dead` corrected by semeai, see `semeai`;
//! without `V`, every dragon within one budget, [`LIST_OWL_NODES`]),
//! `same_dragon V V` (`1` or `0`), `dragon_stones V` (top row first, left
//! to right; both the dragon owl reads, [`dragon_stones_read`]) and
//! `reset_owl_node_counter` / `get_owl_node_counter` (owl and semeai
//! nodes).
//!
//! Owns: parsing the arguments and writing the answers; the analysis is
//! owlet-owl's, with the engine's persistent [`ConsoleOwl`] cache. Each
//! call builds a [`ConsoleSolver`] on the stack. Known difference: GNU Go
//! ends each line of `dragon_stones` and `worm_stones` with a space.
//! Omits: everything GNU Go prints to stderr.

use core::fmt::Write as _;

use owlet_board::{Code, Color, Point, PointSet};
use owlet_optics::lives_on_real_eyes;
use owlet_owl::{DragonStatus, Owl, dragon_stones_read};

use super::answer::{Answer, Failure};
use super::line::Args;
use super::optics::ConsoleSolver;
use super::{Engine, write_move};
use crate::scoring::{DeadStoneOracle, UnconditionalOracle};

/// The owl searcher the console keeps: 512 cache entries and 128 remembered
/// eye spaces (6,264 bytes), or 256 and 64 (3,192 bytes) with the `small`
/// feature.
#[cfg(not(feature = "small"))]
pub type ConsoleOwl = Owl<512>;
/// The owl searcher the console keeps.
#[cfg(feature = "small")]
pub type ConsoleOwl = Owl<256, 64>;

/// The commands this module answers, sorted.
pub(super) const OWL_COMMANDS: [&str; 12] = [
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
    "worm_stones",
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
        "dragon_stones" | "worm_stones" => return stones_command(engine, command, args, out),
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
            let t = if command == "owl_threaten_attack" {
                e.owl
                    .threaten_attack(&mut e.board, &mut e.reader, &mut solver, p)
            } else {
                e.owl
                    .threaten_defense(&mut e.board, &mut e.reader, &mut solver, p)
            };
            e.count_owl(t.limit_hit);
            let _ = write!(out, "{}", t.code);
            if t.code != Code::Fail {
                out.push_str(" ");
                write_move(out, t.first);
                out.push_str(" ");
                write_move(out, t.second);
            }
        }
        "dragon_status" => {
            let mut solver = ConsoleSolver::new();
            let Some(v) = args.next() else {
                return list_statuses(engine, out, &mut solver);
            };
            let Some(p) = Point::from_vertex(v, engine.board.size()).ok() else {
                return Err(out.failure("invalid coordinate"));
            };
            if engine.board.color_at(p).is_none() {
                return Err(out.failure("vertex must not be empty"));
            }
            write_status(engine, p, out, &mut solver);
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

/// Writes the status of the dragon through the stone `p` (owl's, with the
/// semeai correction). The solver is [`run`]'s: a second one in this
/// frame ran the device out of stack.
fn write_status(engine: &mut Engine, p: Point, out: &mut Answer<'_>, solver: &mut ConsoleSolver) {
    let status = read_status(engine, p, solver);
    write_dragon_status(out, status);
}

/// The status of the dragon through the stone `p`: owl's two searches,
/// their limits counted, then the semeai correction.
fn read_status(engine: &mut Engine, p: Point, solver: &mut ConsoleSolver) -> DragonStatus {
    let e = &mut *engine;
    let Some(read) = e.owl.status(&mut e.board, &mut e.reader, solver, p) else {
        return DragonStatus::Alive;
    };
    e.hits.owl = e.hits.owl.saturating_add(u32::from(read.limit_hits));
    super::semeai::status_with_semeai(e, p, read.status, solver)
}

fn write_dragon_status(out: &mut Answer<'_>, status: DragonStatus) {
    match status {
        DragonStatus::Alive => out.push_str("alive"),
        DragonStatus::Dead => out.push_str("dead"),
        DragonStatus::Critical { attack, defense } => {
            out.push_str("critical ");
            write_move(out, attack);
            out.push_str(" ");
            write_move(out, defense);
        }
    }
}

/// Owl and semeai nodes one `dragon_status` listing may spend; the
/// dragons left when they are spent get the static verdict.
pub const LIST_OWL_NODES: u64 = 10_000;

/// Owl nodes per search in a `dragon_status` listing (a single dragon's
/// status reads [`owlet_owl::OwlLimits::node_limit`]): a listing reads
/// every dragon, so each gets a smaller share.
pub const LIST_DRAGON_NODES: u32 = 400;

/// A dragon with a string of at most this many liberties is read first
/// in a listing.
const LIST_WEAK_LIBERTIES: usize = 3;

/// `dragon_status` without a vertex: `VERTEX: STATUS` for every dragon,
/// named by its first stone (top row first, left to right), in that order.
/// See [`list_within`].
#[inline(never)]
fn list_statuses(
    engine: &mut Engine,
    out: &mut Answer<'_>,
    solver: &mut ConsoleSolver,
) -> Result<(), Failure> {
    list_within(engine, out, solver, LIST_OWL_NODES);
    Ok(())
}

/// What a listing's reading found, by each dragon's first stone.
struct Listing {
    /// Dragons answered by reading or by the tester's real eyes.
    read: PointSet,
    dead: PointSet,
    /// Critical dragons, read again when written (owl's cache keeps it
    /// short).
    critical: PointSet,
    /// Critical dragons whose reading hit a limit: written from a reading
    /// with a single dragon's node limit while the listing's budget lasts.
    unsure: PointSet,
}

/// The listing of [`list_statuses`] within `budget` owl and semeai
/// nodes, each owl search within [`LIST_DRAGON_NODES`] and trusting an
/// attack root's verdict of two sure eyes, or of two estimated eyes in a
/// space the dragon owns ([`owlet_owl::OwlLimits::doubt_root_alive`]
/// off), as GNU Go's static statuses do, and with reads that start deeper
/// as its searches go deeper
/// ([`crate::scoring::BOARD_READING_DEEPENS_FROM`]). A dragon
/// the Instant Eye Tester's real eyes carry ([`lives_on_real_eyes`]) is
/// `alive` without a search. The others are read weak ones first (a
/// string of at most [`LIST_WEAK_LIBERTIES`] liberties), each group in
/// board order, so that a spent budget leaves out the safer; each dragon
/// left then gets the static verdict: `dead` when it stands in the other
/// colour's unconditional territory or the judgement of `final_score` on
/// this same board called it dead, else `alive`, counted as an owl limit
/// hit (`get_limit_hits`). A critical dragon is read again as it is
/// written; one whose reading hit a limit (its defence may be only the
/// limit's win) with a single dragon's node limit, while the budget
/// lasts. The reading and the writing are frames side by side, so that
/// neither's point sets sit under the other's searches.
pub(super) fn list_within(
    engine: &mut Engine,
    out: &mut Answer<'_>,
    solver: &mut ConsoleSolver,
    budget: u64,
) {
    let weak = weak_dragons(engine);
    let mut found = Listing {
        read: PointSet::new(),
        dead: PointSet::new(),
        critical: PointSet::new(),
        unsure: PointSet::new(),
    };
    let start = engine.owl.nodes().saturating_add(engine.semeai_nodes);
    let until = start.saturating_add(budget);
    let limits = engine.owl.limits();
    engine
        .owl
        .set_node_limit(limits.node_limit.min(LIST_DRAGON_NODES));
    engine.owl.set_doubt_root_alive(false);
    engine
        .owl
        .set_reading_deepens_from(crate::scoring::BOARD_READING_DEEPENS_FROM);
    read_listing(engine, solver, &mut found, until, Some(&weak));
    read_listing(engine, solver, &mut found, until, None);
    write_listing(engine, out, solver, &found, (until, limits.node_limit));
    engine.owl.set_node_limit(limits.node_limit);
    engine.owl.set_doubt_root_alive(limits.doubt_root_alive);
    engine
        .owl
        .set_reading_deepens_from(limits.reading_deepens_from);
}

/// The first stones of the dragons with a string of at most
/// [`LIST_WEAK_LIBERTIES`] liberties.
#[inline(never)]
fn weak_dragons(engine: &mut Engine) -> PointSet {
    let mut weak = PointSet::new();
    let mut seen = PointSet::new();
    for p in super::scan(engine.board.size()) {
        if engine.board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let e = &mut *engine;
        for q in dragon_stones_read(&mut e.board, &mut e.reader, p).iter() {
            seen.insert(q);
            if e.board.liberty_count(q) <= LIST_WEAK_LIBERTIES {
                weak.insert(p);
            }
        }
    }
    weak
}

/// Reads the dragons not yet in `found` (only those whose first stone is
/// in `only`, when given), in board order, while the owl and semeai
/// node count is below `until`.
#[inline(never)]
fn read_listing(
    engine: &mut Engine,
    solver: &mut ConsoleSolver,
    found: &mut Listing,
    until: u64,
    only: Option<&PointSet>,
) {
    let mut seen = PointSet::new();
    for p in super::scan(engine.board.size()) {
        if engine.board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let e = &mut *engine;
        let dragon = dragon_stones_read(&mut e.board, &mut e.reader, p);
        for q in dragon.iter() {
            seen.insert(q);
        }
        if found.read.contains(p) || only.is_some_and(|w| !w.contains(p)) {
            continue;
        }
        if lives_on_real_eyes(&e.board, &dragon) {
            found.read.insert(p);
            continue;
        }
        if e.owl.nodes().saturating_add(e.semeai_nodes) >= until {
            continue;
        }
        found.read.insert(p);
        let hits = e.hits.owl;
        match read_status(e, p, solver) {
            DragonStatus::Alive => {}
            DragonStatus::Dead => {
                found.dead.insert(p);
            }
            DragonStatus::Critical { .. } => {
                found.critical.insert(p);
                if e.hits.owl != hits {
                    found.unsure.insert(p);
                }
            }
        }
    }
}

/// Writes the listing from what [`read_listing`] found.
#[inline(never)]
fn write_listing(
    engine: &mut Engine,
    out: &mut Answer<'_>,
    solver: &mut ConsoleSolver,
    found: &Listing,
    (until, node_limit): (u64, u32),
) {
    let mut seen = PointSet::new();
    let mut first = true;
    // The unconditionally dead stones, once a dragon was left unread.
    let mut dead: Option<PointSet> = None;
    for p in super::scan(engine.board.size()) {
        if engine.board.color_at(p).is_none() || seen.contains(p) {
            continue;
        }
        let e = &mut *engine;
        for q in dragon_stones_read(&mut e.board, &mut e.reader, p).iter() {
            seen.insert(q);
        }
        if !first {
            out.push_str("\n");
        }
        first = false;
        let _ = write!(out, "{p}: ");
        let spent = e.owl.nodes().saturating_add(e.semeai_nodes) >= until;
        if found.unsure.contains(p) && !spent {
            let listing = e.owl.limits().node_limit;
            e.owl.set_node_limit(node_limit);
            write_status(e, p, out, solver);
            e.owl.set_node_limit(listing);
        } else if found.critical.contains(p) {
            write_status(e, p, out, solver);
        } else if found.read.contains(p) {
            out.push_str(if found.dead.contains(p) {
                "dead"
            } else {
                "alive"
            });
        } else {
            let hash = e.board.hash();
            let judged_dead = e
                .judged
                .as_ref()
                .is_some_and(|(h, f)| *h == hash && f.dead.contains(p));
            let dead = dead.get_or_insert_with(|| {
                let mut set = PointSet::new();
                UnconditionalOracle.dead_stones(&mut e.board, &mut set);
                set
            });
            if judged_dead || dead.contains(p) {
                out.push_str("dead");
            } else {
                out.push_str("alive");
                e.count_owl(true);
            }
        }
    }
}

/// `dragon_stones` and `worm_stones`: with a vertex, the stones of its
/// dragon or string on one line; with a colour, or nothing, one line per
/// dragon or string of that colour (or both), in the order of their first
/// stones. Stones are listed top row first, left to right.
fn stones_command(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    let size = engine.board.size();
    let dragons = command == "dragon_stones";
    let arg = args.next();
    let color = arg.and_then(Color::from_gtp);
    if let (Some(v), None) = (arg, color) {
        let Some(p) = Point::from_vertex(v, size).ok() else {
            return Err(out.failure("invalid coordinate"));
        };
        if engine.board.color_at(p).is_none() {
            return Err(out.failure_fmt(format_args!("{command} called on an empty vertex")));
        }
        let stones = group(engine, p, dragons);
        super::write_points(out, size, &stones);
        return Ok(());
    }
    let mut seen = PointSet::new();
    let mut first = true;
    for p in super::scan(size) {
        let Some(c) = engine.board.color_at(p) else {
            continue;
        };
        if seen.contains(p) {
            continue;
        }
        let stones = group(engine, p, dragons);
        for q in stones.iter() {
            seen.insert(q);
        }
        if color.is_some_and(|want| want != c) {
            continue;
        }
        if !first {
            out.push_str("\n");
        }
        first = false;
        super::write_points(out, size, &stones);
    }
    Ok(())
}

/// The dragon (as owl reads it) or the string through the stone `p`.
fn group(engine: &mut Engine, p: Point, dragon: bool) -> PointSet {
    if dragon {
        dragon_stones_read(&mut engine.board, &mut engine.reader, p)
    } else {
        let mut set = PointSet::new();
        for q in engine.board.stones(p) {
            set.insert(q);
        }
        set
    }
}
