//! One GTP line into a console that already holds a small position: any
//! bytes are one answer (or none), the answer framed as GTP's, and the
//! board consistent afterwards. The eye-graph diagrams of
//! `analyze_eyegraph` and every reading command are reached through it,
//! with the small search limits of `owlet_fuzz::fuzz_limits`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &[u8]| {
    // `printsgf FILE` writes FILE: without a `/` it can only name a file
    // in the working directory (scripts/fuzz's scratch directory).
    if line.contains(&b'/') {
        return;
    }
    let mut console = owlet_fuzz::console();
    for setup in [
        "boardsize 7",
        "play black C3",
        "play white D3",
        "play black D4",
        "play white C4",
    ] {
        console.execute(setup.as_bytes());
    }
    let (reply, bytes) = console.execute(line);
    if reply.len > 0 {
        assert!(bytes.starts_with(b"=") || bytes.starts_with(b"?"));
        assert!(bytes.ends_with(b"\n\n"));
    }
    assert!(console.engine.board().is_consistent());
});
