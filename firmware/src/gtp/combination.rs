//! The console's combination commands, answered in GNU Go's formats:
//! `combination_attack COLOR` (a vertex, or `PASS`), `combination_defend
//! COLOR` (the moves against COLOR's combination, top row first, left to
//! right, or `PASS`) and `aa_confirm_safety COLOR VERTEX [MINSIZE]` (`1`,
//! or `0` and a defending move or `PASS`).
//!
//! Owns: parsing the arguments and writing the answers; the search is
//! owlet-combination's, with the engine's limits (by default its own
//! defaults; see [`Engine::set_limits`]). Omits: GNU Go's stderr
//! output. Known differences: GNU Go 3.8 answers `aa_confirm_safety`
//! without its worm analysis, so it says `1` for every move with the
//! default MINSIZE 0 and `0 A19` (a defence it never set) for most moves
//! with MINSIZE 1; owlet checks for a new combination of at least
//! max(MINSIZE, 1) stones. GNU Go aborts on an occupied vertex; owlet
//! answers `? illegal move`, and `? board journal full (too many
//! trymoves)` when the move finds no room in the board's journal.

use core::fmt::Write as _;

use owlet_board::{Color, PlayError, Point};
use owlet_combination::{Stats, atari_atari, atari_atari_confirm_safety, find_combination};

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::{self, Args};

/// Runs one of the combination commands listed in [`super::COMMANDS`].
/// Never inlined: its solver and searches must not sit in the frame of
/// every command (see [`super::optics::run`]).
#[inline(never)]
pub(super) fn run(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    let limits = engine.combination_limits();
    let size = engine.board.size();
    let color = args.next().and_then(Color::from_gtp);
    match command {
        "combination_attack" => {
            let Some(color) = color else {
                return Err(out.failure("invalid color"));
            };
            let (found, stats) =
                find_combination(&mut engine.board, &mut engine.reader, color, &limits);
            engine.count_combination(&stats);
            match found {
                Some(c) => {
                    let _ = write!(out, "{}", c.attack);
                }
                None => out.push_str("PASS"),
            }
        }
        "combination_defend" => {
            let Some(color) = color else {
                return Err(out.failure("invalid color"));
            };
            let (found, stats) = atari_atari(&mut engine.board, &mut engine.reader, color, &limits);
            engine.count_combination(&stats);
            match found {
                Some(c) if !c.defenses.is_empty() => {
                    let mut first = true;
                    for row in (0..size).rev() {
                        for p in (0..size).filter_map(|col| Point::new(col, row)) {
                            if c.defenses.contains(p) {
                                let _ = write!(out, "{}{p}", if first { "" } else { " " });
                                first = false;
                            }
                        }
                    }
                }
                _ => out.push_str("PASS"),
            }
        }
        "aa_confirm_safety" => {
            let (Some(color), Some(p)) = (
                color,
                args.next().and_then(|v| Point::from_vertex(v, size).ok()),
            ) else {
                return Err(out.failure("invalid color or coordinate"));
            };
            let minsize = args
                .next()
                .and_then(line::int_prefix)
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or(0);
            match atari_atari_confirm_safety(
                &mut engine.board,
                &mut engine.reader,
                color,
                p,
                minsize,
                &limits,
            ) {
                Ok(s) => {
                    engine.count_combination(&s.stats);
                    match (s.safe, s.defense) {
                        (true, _) => out.push_str("1"),
                        (false, Some(d)) => {
                            let _ = write!(out, "0 {d}");
                        }
                        (false, None) => out.push_str("0 PASS"),
                    }
                }
                // The move itself found no room: not an illegal move.
                Err(PlayError::JournalFull) => {
                    return Err(out.failure("board journal full (too many trymoves)"));
                }
                Err(_) => return Err(out.failure("illegal move")),
            }
        }
        _ => return Err(out.failure("unknown command")),
    }
    Ok(())
}

impl Engine {
    /// Counts a combination search that hit its node limit (a full
    /// journal is counted by the board).
    fn count_combination(&mut self, stats: &Stats) {
        if stats.node_limit_hit {
            self.hits.combination = self.hits.combination.saturating_add(1);
        }
    }
}
