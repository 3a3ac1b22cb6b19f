//! A whole GTP session from arbitrary bytes (many lines, `loadsgf` of
//! missing files included): it ends, and every answer is framed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use owlet_host_tests::console::Console;

fuzz_target!(|input: &[u8]| {
    // `printsgf FILE` writes FILE: without a `/` it can only name a file
    // in the working directory (scripts/fuzz's scratch directory).
    if input.contains(&b'/') {
        return;
    }
    let mut console = Console::new();
    let mut out = Vec::new();
    console.serve(input, &mut out).unwrap();
    assert!(out.is_empty() || out.ends_with(b"\n\n"));
    assert!(console.engine.board().is_consistent());
});
