//! Ratchet files: for each tracked suite, `ratchet/<suite>.txt` lists the
//! ids of the cases owlet passes, one per line (`#` starts a comment). A
//! listed case that stops passing is a regression; a passing case not yet
//! listed is progress to record.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::regress::Report;

/// `host-tests/ratchet` of this source tree.
#[must_use]
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ratchet")
}

/// The tracked suites in `dir`: `(suite, ratchet file)`, sorted.
pub fn suites(dir: &Path) -> io::Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "txt")
            && let Some(stem) = path.file_stem()
        {
            out.push((stem.to_string_lossy().into_owned(), path));
        }
    }
    out.sort();
    Ok(out)
}

/// Reads the ids of a ratchet file.
pub fn read(path: &Path) -> io::Result<Vec<u32>> {
    let text = fs::read_to_string(path)?;
    let mut ids = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let id = line.parse().map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}:{}: not a test id: {line}", path.display(), n + 1),
            )
        })?;
        ids.push(id);
    }
    Ok(ids)
}

/// Writes the passing ids of `report` as the ratchet of its suite in `dir`.
pub fn write(dir: &Path, report: &Report) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let suite = report.suite();
    let path = dir.join(format!("{suite}.txt"));
    let mut text = format!(
        "# {suite}.tst cases owlet passes; regenerate with `owlet regress --write-ratchet`\n"
    );
    for id in report.passing_ids() {
        text += &format!("{id}\n");
    }
    fs::write(&path, text)?;
    Ok(path)
}

/// How a run compares with a ratchet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Listed cases that did not pass (or are missing from the file).
    pub regressed: Vec<u32>,
    /// Passing cases not listed.
    pub new: Vec<u32>,
}

/// Compares `report` with the listed `ids`.
#[must_use]
pub fn compare(report: &Report, ids: &[u32]) -> Comparison {
    let passing = report.passing_ids();
    Comparison {
        regressed: ids
            .iter()
            .copied()
            .filter(|id| !passing.contains(id))
            .collect(),
        new: passing.into_iter().filter(|id| !ids.contains(id)).collect(),
    }
}
