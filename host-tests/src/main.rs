//! The `owlet` command-line program.
fn main() {}
