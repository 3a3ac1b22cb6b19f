//! The generator of owlet-optics' eye-graph table (`owlet gen-eye-table`).
//!
//! Owns: enumerating every realizable eye graph up to a size — every
//! connected diagram (fixed polyomino) of up to that many cells, each cell
//! `.`, `!` or `X`, embedded by [`EyeGraph::parse`] as GNU Go embeds it
//! (unrealizable ones dropped, cut-off defender stones counted as
//! vertices) and reduced to its canonical key — solving each distinct
//! graph with [`Solver::solve`] on a big cache, and writing
//! `optics/src/table_data.rs`. Omits: the lookup (owlet-optics'
//! `table` module).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use owlet_optics::graph::Mask;
use owlet_optics::table::{self, Key};
use owlet_optics::{EyeGraph, Solver};

/// Flash the table may take.
pub const FLASH_LIMIT: usize = 64 * 1024;

/// Bytes per entry: key and data in one `u64`.
pub const ENTRY_BYTES: usize = 8;

/// Largest graphs the device's table holds (see owlet-optics' `table`).
pub const DEVICE_MAX: usize = 5;

/// Cache entries of the generator's solver (1 MiB).
const CACHE: usize = 1 << 17;

/// Node budget of the generator's solver.
const BUDGET: u32 = 50_000_000;

/// Every fixed polyomino of `n` cells, as sorted (row, column) lists with
/// the smallest row and column 0.
pub fn polyominoes(n: usize) -> Vec<Vec<(u8, u8)>> {
    let mut level: BTreeSet<Vec<(u8, u8)>> = BTreeSet::new();
    if n == 0 {
        return Vec::new();
    }
    level.insert(vec![(0, 0)]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for shape in &level {
            for &(r, c) in shape {
                for (dr, dc) in [(0i16, 1i16), (0, -1), (1, 0), (-1, 0)] {
                    let cell = (i16::from(r) + dr, i16::from(c) + dc);
                    let mut cells: Vec<(i16, i16)> = shape
                        .iter()
                        .map(|&(r, c)| (i16::from(r), i16::from(c)))
                        .collect();
                    if cells.contains(&cell) {
                        continue;
                    }
                    cells.push(cell);
                    let r0 = cells.iter().map(|x| x.0).min().unwrap_or(0);
                    let c0 = cells.iter().map(|x| x.1).min().unwrap_or(0);
                    let mut norm: Vec<(u8, u8)> = cells
                        .iter()
                        .map(|&(r, c)| ((r - r0) as u8, (c - c0) as u8))
                        .collect();
                    norm.sort_unstable();
                    next.insert(norm);
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

/// The coded diagram (`%` rows, `O` blanks, trailing blanks dropped) of
/// `cells` labelled with `labels` (one of `.`, `!`, `X` per cell).
pub fn diagram(cells: &[(u8, u8)], labels: &[u8]) -> String {
    let rows = cells
        .iter()
        .map(|c| c.0)
        .max()
        .map_or(0, |r| r as usize + 1);
    let mut grid: Vec<Vec<u8>> = vec![Vec::new(); rows];
    for (&(r, c), &l) in cells.iter().zip(labels) {
        let row = &mut grid[r as usize];
        if row.len() <= c as usize {
            row.resize(c as usize + 1, b'O');
        }
        row[c as usize] = l;
    }
    grid.iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect::<Vec<_>>()
        .join("%")
}

/// Where a diagram lies: `(top, bottom, left, right)`, true where it is
/// flush against that edge; the middle, four edges and four corners.
pub const PLACES: [(bool, bool, bool, bool); 9] = [
    (false, false, false, false),
    (true, false, false, false),
    (false, true, false, false),
    (false, false, true, false),
    (false, false, false, true),
    (true, false, true, false),
    (true, false, false, true),
    (false, true, true, false),
    (false, true, false, true),
];

/// `coded` (as [`diagram`] writes it) framed by the board edges of
/// `place` (see [`PLACES`]), as eyes.db draws them.
pub fn framed(coded: &str, place: (bool, bool, bool, bool)) -> String {
    let (top, bottom, left, right) = place;
    let rows: Vec<&str> = coded.split('%').collect();
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut out: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut line = String::new();
            if left {
                line.push('|');
            }
            line.push_str(r);
            if right {
                line.push_str(&"O".repeat(width - r.len()));
                line.push('|');
            }
            line
        })
        .collect();
    let edge = format!(
        "{}{}{}",
        if left { "+" } else { "" },
        "-".repeat(width),
        if right { "+" } else { "" }
    );
    if top {
        out.insert(0, edge.clone());
    }
    if bottom {
        out.push(edge);
    }
    out.join("%")
}

/// Every realizable graph of up to `max` vertices: canonical key and one
/// diagram that gives it (every diagram of up to `max` cells in each of
/// [`PLACES`]).
pub fn realizable(max: usize) -> BTreeMap<Key, String> {
    realizable_in(max, &PLACES)
}

/// [`realizable`] for diagrams in `places` only.
pub fn realizable_in(max: usize, places: &[(bool, bool, bool, bool)]) -> BTreeMap<Key, String> {
    let mut found = BTreeMap::new();
    for n in 1..=max {
        for cells in polyominoes(n) {
            let mut labels = vec![b'.'; n];
            for (code, &place) in
                (0..3usize.pow(n as u32)).flat_map(|c| places.iter().map(move |p| (c, p)))
            {
                let mut x = code;
                for l in labels.iter_mut() {
                    *l = [b'.', b'!', b'X'][x % 3];
                    x /= 3;
                }
                let coded = framed(&diagram(&cells, &labels), place);
                let Ok(g) = EyeGraph::parse(&coded) else {
                    continue;
                };
                if g.len() > max {
                    continue;
                }
                if let Some(c) = table::canonical(&g) {
                    found.entry(c.key).or_insert(coded);
                }
            }
        }
    }
    found
}

/// The table entry of `key`, solved from scratch.
pub fn solve(solver: &mut Solver<CACHE>, key: Key) -> Result<u64, String> {
    let g = table::decode(key);
    let a = solver.solve(&g);
    if !a.exact {
        return Err(format!("key {key:#x}: the solver ran out of budget"));
    }
    let low = |m: Mask| (m & 0xff) as u8;
    Ok(key << table::DATA_BITS | table::pack(a.value, low(a.attack), low(a.defense)))
}

/// A solver for the generator (boxed: its cache is 1 MiB).
pub fn solver() -> Box<Solver<CACHE>> {
    let mut s: Box<Solver<CACHE>> = Box::default();
    s.set_budget(BUDGET);
    s
}

/// Counts of distinct realizable graphs of each size up to `max`.
pub fn counts(found: &BTreeMap<Key, String>, max: usize) -> Vec<usize> {
    let mut counts = vec![0; max + 1];
    for key in found.keys() {
        counts[(key & 7) as usize] += 1;
    }
    counts
}

/// The largest size whose table (all graphs up to it) fits `limit` bytes.
pub fn largest_fitting(found: &BTreeMap<Key, String>, max: usize, limit: usize) -> usize {
    let counts = counts(found, max);
    let mut total = 0;
    let mut best = 0;
    for (n, &c) in counts.iter().enumerate().skip(1) {
        total += c;
        if total * ENTRY_BYTES <= limit {
            best = n;
        }
    }
    best
}

/// The source of `table_data.rs` for `entries` (sorted): every
/// realizable graph up to `complete` vertices, some up to `max`.
pub fn source(complete: usize, max: usize, entries: &[u64]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! Generated by `owlet gen-eye-table`; do not edit. The analyses of every\n\
         //! realizable eye graph of up to {complete} vertices and of the {max}-vertex ones\n\
         //! away from the board's edges (see [`crate::table`]): {} entries, {} bytes;\n\
         //! on the device up to {DEVICE_MAX} vertices.\n",
        entries.len(),
        entries.len() * ENTRY_BYTES
    );
    let _ = writeln!(
        s,
        "/// Largest size whose every realizable graph is listed.\n\
         pub(crate) const COMPLETE: usize = {complete};\n"
    );
    let device = "#[cfg(target_os = \"none\")]";
    let host = "#[cfg(not(target_os = \"none\"))]";
    for n in 1..=max {
        let block: Vec<u64> = entries
            .iter()
            .copied()
            .filter(|e| ((e >> table::DATA_BITS) & 7) as usize == n)
            .collect();
        let _ = writeln!(s, "/// Entries of graphs of {n} vertices.");
        if n > DEVICE_MAX {
            let _ = writeln!(s, "{host}");
        }
        let _ = writeln!(s, "static SIZE_{n}: [u64; {}] = [", block.len());
        for chunk in block.chunks(4) {
            let line: Vec<String> = chunk.iter().map(|e| format!("{e:#018x}")).collect();
            let _ = writeln!(s, "    {},", line.join(", "));
        }
        let _ = writeln!(s, "];\n");
    }
    let list = |upto: usize| {
        (1..=upto)
            .map(|n| format!("&SIZE_{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        s,
        "/// The blocks by vertex count.\n{host}\npub(crate) static BLOCKS: [&[u64]; {}] = [&[], {}];\n",
        max + 1,
        list(max)
    );
    let _ = writeln!(
        s,
        "/// The blocks by vertex count (the device's).\n{device}\npub(crate) static BLOCKS: [&[u64]; {}] = [&[], {}];",
        max.min(DEVICE_MAX) + 1,
        list(max.min(DEVICE_MAX))
    );
    s
}

/// What [`generate`] did.
#[derive(Debug)]
pub struct Plan {
    /// Largest size listed completely.
    pub complete: usize,
    /// Realizable graphs by size (index 0 unused), up to `complete + 1`.
    pub counts: Vec<usize>,
    /// Graphs of `complete + 1` vertices listed (those of diagrams away
    /// from the edges), if they fit.
    pub extra: usize,
    /// Entries written.
    pub entries: usize,
}

/// Largest size [`table::pack`] holds the vital points of.
const PACK_MAX: usize = 6;

/// Generates the table: every realizable graph up to `max` vertices
/// (`None`: the largest size whose table fits [`FLASH_LIMIT`]), then,
/// if they fit too, the graphs of one more vertex from diagrams away from
/// the edges. Answers the source and what it holds.
pub fn generate(max: Option<usize>) -> Result<(String, Plan), String> {
    let search = max.map_or(PACK_MAX, |m| (m + 1).min(PACK_MAX));
    let mut found = realizable(search);
    let counts = counts(&found, search);
    let complete = match max {
        Some(m) => m.min(search),
        None => largest_fitting(&found, search, FLASH_LIMIT),
    };
    found.retain(|&k, _| (k & 7) as usize <= complete);
    let mut extra = 0;
    if complete < PACK_MAX {
        let more: BTreeMap<Key, String> = realizable_in(complete + 1, &PLACES[..1])
            .into_iter()
            .filter(|&(k, _)| (k & 7) as usize == complete + 1)
            .collect();
        if (found.len() + more.len()) * ENTRY_BYTES <= FLASH_LIMIT {
            extra = more.len();
            found.extend(more);
        }
    }
    let mut solver = solver();
    let mut entries = Vec::new();
    for &key in found.keys() {
        entries.push(solve(&mut solver, key)?);
    }
    entries.sort_unstable();
    let listed = if extra > 0 { complete + 1 } else { complete };
    let plan = Plan {
        complete,
        counts,
        extra,
        entries: entries.len(),
    };
    Ok((source(complete, listed, &entries), plan))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polyomino_counts() {
        // Fixed polyominoes: 1, 2, 6, 19, 63.
        let counts: Vec<usize> = (1..=5).map(|n| polyominoes(n).len()).collect();
        assert_eq!(counts, [1, 2, 6, 19, 63]);
    }

    /// Every realizable graph up to the table's size is in the table, and
    /// the table holds nothing else of that size (in a debug build, up to
    /// 4 vertices); so are the 6-vertex graphs away from the edges.
    #[test]
    fn the_table_is_complete() {
        let max = table::TABLE_MAX_VERTICES;
        assert_eq!(max, 5, "the table is complete up to {max} vertices");
        let upto = if cfg!(debug_assertions) { 4 } else { max };
        let found = realizable(upto);
        for (key, coded) in &found {
            let g = EyeGraph::parse(coded).expect("realizable");
            assert!(
                table::lookup(&g).is_some(),
                "{coded} (key {key:#x}) is not listed"
            );
        }
        let listed = table::keys().filter(|&k| (k & 7) as usize <= upto).count();
        assert_eq!(found.len(), listed, "entries beyond the realizable graphs");
        // Measured: 1636 graphs up to 5 vertices; the 8089 of 6 would not
        // fit, the 2730 away from the edges do.
        assert_eq!(table::entries(), 1636 + 2730);
        assert_eq!(table::bytes(), (1636 + 2730) * ENTRY_BYTES);
        assert!(table::bytes() <= FLASH_LIMIT && (1636 + 8089) * ENTRY_BYTES > FLASH_LIMIT);
        if !cfg!(debug_assertions) {
            for (key, coded) in realizable_in(6, &PLACES[..1]) {
                let g = EyeGraph::parse(&coded).expect("realizable");
                assert!(
                    table::lookup(&g).is_some(),
                    "{coded} (key {key:#x}) is not listed"
                );
            }
        }
    }

    /// The committed `table_data.rs` is the generator's output (in a debug
    /// build: its blocks up to 3 vertices).
    #[test]
    fn the_committed_table_is_generated() {
        let committed = include_str!("../../optics/src/table_data.rs");
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                if cfg!(debug_assertions) {
                    let (source, _) = generate(Some(3)).expect("generated");
                    let start = source.find("/// Entries").expect("blocks");
                    let end = source.find("/// Entries of graphs of 4").expect("blocks");
                    assert!(
                        committed.contains(&source[start..end]),
                        "blocks up to 3 differ"
                    );
                } else {
                    let (source, plan) = generate(None).expect("generated");
                    assert_eq!(plan.complete, table::TABLE_MAX_VERTICES);
                    assert!(source == committed, "optics/src/table_data.rs is stale");
                }
            })
            .expect("thread")
            .join()
            .expect("generation");
    }

    /// Table answers are the solver's: a sample of every size re-solved
    /// from scratch, through a relabelled diagram as well.
    #[test]
    fn table_answers_are_the_solvers() {
        // The 1 MiB solver is built on the stack first in a debug build.
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(sample)
            .expect("thread")
            .join()
            .expect("sample");
    }

    fn sample() {
        let mut found = realizable(if cfg!(debug_assertions) { 4 } else { 5 });
        found.extend(realizable_in(6, &PLACES[..1]));
        let mut solver = solver();
        for (&key, coded) in found.iter().step_by(37) {
            let g = EyeGraph::parse(coded).expect("realizable");
            let listed = table::lookup(&g).expect("listed");
            let canonical = table::decode(key);
            let solved = solver.solve(&canonical);
            assert!(solved.exact);
            assert_eq!(listed.value, solved.value, "{coded}");
            let c = table::canonical(&g).expect("small");
            // The listed vital points, mapped back to `g`, are the
            // solver's on the canonical graph.
            let map = |m: Mask| -> Mask {
                (0..g.len())
                    .filter(|&i| m & (1 << i) != 0)
                    .map(|i| 1 << c.order[i])
                    .fold(0, |a, b| a | b)
            };
            assert_eq!(listed.attack, map(solved.attack), "{coded}");
            assert_eq!(listed.defense, map(solved.defense), "{coded}");
            assert_eq!(
                solve(&mut solver, key),
                Ok(key << table::DATA_BITS
                    | table::pack(solved.value, solved.attack as u8, solved.defense as u8))
            );
        }
    }
}
