//! The console's eye commands, answered in GNU Go's formats:
//! `unconditional_status VERTEX` (`undecided`, `alive`, `dead`,
//! `white_territory` or `black_territory`).
//!
//! Owns: parsing the arguments and writing the answers; the analysis is
//! owlet-optics'. Omits: everything GNU Go prints to stderr.

use owlet_board::Point;
use owlet_optics::unconditional_status;

use super::Engine;
use super::answer::{Answer, Failure};
use super::line::Args;

/// Runs one of the eye commands listed in [`super::COMMANDS`].
pub(super) fn run(
    engine: &mut Engine,
    command: &str,
    mut args: Args<'_>,
    out: &mut Answer<'_>,
) -> Result<(), Failure> {
    let size = engine.board.size();
    let Some(p) = args.next().and_then(|v| Point::from_vertex(v, size).ok()) else {
        return Err(out.failure("invalid coordinate"));
    };
    match command {
        "unconditional_status" => out.push_str(unconditional_status(&engine.board, p).gtp()),
        _ => return Err(out.failure("unknown command")),
    }
    Ok(())
}
