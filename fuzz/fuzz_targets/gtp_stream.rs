//! A whole GTP session from arbitrary bytes (many lines, `loadsgf` of
//! missing files included), with the small search limits of
//! `owlet_fuzz::fuzz_limits`: it ends, and every answer is framed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    // `printsgf FILE` writes FILE: without a `/` it can only name a file
    // in the working directory (scripts/fuzz's scratch directory).
    if input.contains(&b'/') {
        return;
    }
    let mut console = owlet_fuzz::console();
    let mut out = Vec::new();
    console.serve(input, &mut out).unwrap();
    assert!(out.is_empty() || out.ends_with(b"\n\n"));
    assert!(console.engine.board().is_consistent());
});
