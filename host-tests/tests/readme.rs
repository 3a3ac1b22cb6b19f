//! The README's GTP command list against the console's `list_commands`:
//! every command the console answers must be named in the README's table,
//! and every name in the table must be a command.

use std::collections::BTreeSet;
use std::path::Path;

use owlet_host_tests::console::Console;

/// The heading of the README section that lists the GTP commands.
const SECTION: &str = "### GTP commands";

fn list_commands() -> BTreeSet<String> {
    let mut console = Console::new();
    let (_, answer) = console.execute(b"list_commands");
    let answer = String::from_utf8_lossy(answer).into_owned();
    let body = answer
        .strip_prefix('=')
        .unwrap_or_else(|| panic!("list_commands failed: {answer:?}"));
    body.split_whitespace().map(str::to_string).collect()
}

/// The backquoted names in the rows of the README's command table.
fn readme_commands() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let readme =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = readme
        .find(SECTION)
        .unwrap_or_else(|| panic!("README.md has no '{SECTION}' section"));
    let section = &readme[start + SECTION.len()..];
    let section = &section[..section.find("\n#").unwrap_or(section.len())];
    let mut names = BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with('|')) {
        // The last cell holds the commands; the header and rule hold none.
        let cell = row.trim_end_matches('|').rsplit('|').next().unwrap_or("");
        for (i, part) in cell.split('`').enumerate() {
            if i % 2 == 1 {
                names.insert(part.to_string());
            }
        }
    }
    names
}

#[test]
fn readme_lists_every_gtp_command() {
    let answered = list_commands();
    let listed = readme_commands();
    assert!(answered.len() > 40, "list_commands: {answered:?}");
    let missing: Vec<_> = answered.difference(&listed).collect();
    assert!(
        missing.is_empty(),
        "README.md's '{SECTION}' table lacks commands that list_commands answers: {missing:?}"
    );
    let unknown: Vec<_> = listed.difference(&answered).collect();
    assert!(
        unknown.is_empty(),
        "README.md's '{SECTION}' table names commands that list_commands does not: {unknown:?}"
    );
}
