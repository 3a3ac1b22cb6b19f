//! The console's semeai command, answered in GNU Go's format, and the
//! semeai correction of `dragon_status`.
//!
//! `analyze_semeai DRAGON_A DRAGON_B` answers `RESULT_A RESULT_B MOVE`:
//! whether A can live and whether B can be killed, A's owner moving
//! first (`1` unconditionally, `2` with a ko A takes first, `3` with a ko
//! B takes first, `0` not), and A's move (`PASS` when none is needed or A
//! loses even with a ko).
//! [`status_with_semeai`] turns owl's `dead` into `alive` when an
//! opponent dragon in contact cannot kill the dragon in a race even moving
//! first and lives itself: seki (GNU Go's dragon status counts such
//! dragons alive).
//!
//! Owns: parsing the arguments and writing the answer; the analysis is
//! owlet-owl's [`Semeai`], built on the stack for the call with a
//! [`ConsoleSolver`]. Its nodes count in the owl node counter, as GNU
//! Go's do. Bad input (`invalid coordinate`, `vertex must not be empty`,
//! and `vertices must have opposite colors` where GNU Go aborts) changes
//! nothing. A race that hangs on a ko does not correct owl's status.
//! Omits: ko threats (see owlet-owl's `semeai` module), the
//! correction of owl's `critical` (it cost ld_owl.tst cases), and
//! everything GNU Go prints to stderr.

use core::fmt::Write as _;

use owlet_board::{Code, Point, PointSet};
use owlet_owl::{DragonStatus, Semeai, SemeaiError, dragon_stones, liberties_of};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;
use super::optics::ConsoleSolver;

/// The semeai searcher a call builds: 128 remembered eye spaces, or 64
/// with the `small` feature (about 2 KiB or 1 KiB of stack).
#[cfg(not(feature = "small"))]
pub type ConsoleSemeai = Semeai<128>;
/// The semeai searcher a call builds.
#[cfg(feature = "small")]
pub type ConsoleSemeai = Semeai<64>;

fn stone(engine: &Engine, args: &mut Args<'_>, out: &mut Answer<'_>) -> Result<Point, Failure> {
    let size = engine.board.size();
    let p = args
        .next()
        .and_then(|v| Point::from_vertex(v, size).ok())
        .ok_or_else(|| out.failure("invalid coordinate"))?;
    if engine.board.color_at(p).is_none() {
        return Err(out.failure("vertex must not be empty"));
    }
    Ok(p)
}

/// Runs `analyze_semeai`. Never inlined: its searcher and solver must not
/// sit in the frame of every command.
#[inline(never)]
pub(super) fn run(
    engine: &mut Engine,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    let a = stone(engine, &mut args, out)?;
    let b = stone(engine, &mut args, out)?;
    let mut semeai = ConsoleSemeai::new();
    semeai.set_limits(engine.semeai_limits);
    let mut solver = ConsoleSolver::new();
    let e = &mut *engine;
    let r = match semeai.analyze(&mut e.board, &mut e.reader, &mut solver, a, b) {
        Ok(r) => r,
        Err(SemeaiError::SameColor) => {
            return Err(out.failure("vertices must have opposite colors"));
        }
        Err(SemeaiError::Empty) => return Err(out.failure("vertex must not be empty")),
    };
    e.semeai_nodes = e.semeai_nodes.saturating_add(u64::from(r.nodes));
    if r.limit_hit {
        e.hits.semeai = e.hits.semeai.saturating_add(1);
    }
    let _ = write!(out, "{} {} ", r.defense, r.attack);
    match r.point {
        Some(p) if r.defense != Code::Fail => {
            let _ = write!(out, "{p}");
        }
        _ => out.push_str("PASS"),
    }
    Ok(())
}

/// Opponent dragons in contact that `dragon_status` races against.
const MAX_RIVALS: usize = 3;

/// Semeai nodes per root move of a race that may correct owl's `dead`: a
/// seki or won race next to a dead dragon shows in a short reading, and a
/// race cut by this limit corrects nothing.
pub const RACE_CHECK_NODES: u32 = 60;

/// Owl's status of the dragon through `p`, corrected by semeai: a dragon
/// owl calls dead is alive when some opponent dragon in contact with it
/// cannot kill it in a race even moving first (seki, or the race is its
/// own). A dragon with a string in atari keeps owl's `dead`: the
/// opponent, to move, takes that string (a race declines a capture after
/// which the capturer cannot live, which says nothing of the stones
/// taken). A rival races only if it has at most twice the dragon's
/// liberties (with more it fills them all, moving first, before its own
/// outside ones run out: a big eye of up to six points is worth at most
/// twice its points in a race) and owl's root does not call it alive
/// without a search (two sure eyes, open room, ample eye space, and in a
/// listing two estimated eyes in a space it owns). Each race reads at
/// most [`RACE_CHECK_NODES`] nodes per root move.
/// Reads with the caller's solver: a second one on the stack ran the
/// device out of it, and a warm solver answers as a fresh one (each
/// analysis clears its table; its memo is exact). Never inlined, like
/// [`run`].
#[inline(never)]
pub(super) fn status_with_semeai(
    engine: &mut Engine,
    p: Point,
    status: DragonStatus,
    solver: &mut ConsoleSolver,
) -> DragonStatus {
    if status != DragonStatus::Dead {
        return status;
    }
    let Some(color) = engine.board.color_at(p) else {
        return status;
    };
    let stones = dragon_stones(&engine.board, p);
    if stones.iter().any(|s| engine.board.liberty_count(s) == 1) {
        return status;
    }
    let own = liberties_of(&engine.board, &stones).len();
    let mut seen = PointSet::new();
    // Each rival with whether it has few enough liberties to race.
    let mut rivals = [None::<(Point, bool)>; MAX_RIVALS];
    let mut n = 0usize;
    for s in stones.iter() {
        for q in s.neighbors() {
            if engine.board.color_at(q) != Some(color.opponent()) || seen.contains(q) {
                continue;
            }
            let rival = dragon_stones(&engine.board, q);
            seen |= rival;
            if let Some(slot) = rivals.get_mut(n) {
                *slot = Some((q, liberties_of(&engine.board, &rival).len() <= 2 * own));
                n += 1;
            }
        }
    }
    let mut semeai = ConsoleSemeai::new();
    let mut limits = engine.semeai_limits;
    limits.node_limit = limits.node_limit.min(RACE_CHECK_NODES);
    semeai.set_limits(limits);
    let e = &mut *engine;
    for (q, races) in rivals.iter().flatten() {
        if !races {
            continue;
        }
        if e.owl
            .alive_without_search(&mut e.board, &mut e.reader, solver, *q)
        {
            continue;
        }
        if let Ok(r) = semeai.analyze(&mut e.board, &mut e.reader, solver, *q, p) {
            e.semeai_nodes = e.semeai_nodes.saturating_add(u64::from(r.nodes));
            if r.limit_hit {
                e.hits.semeai = e.hits.semeai.saturating_add(1);
            }
            if r.defense == Code::Win && r.attack == Code::Fail && !r.limit_hit {
                return DragonStatus::Alive;
            }
        }
    }
    status
}
