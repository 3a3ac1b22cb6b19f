//! A whole GTP session from arbitrary bytes (many lines, `loadsgf` of
//! missing files included): it ends, and every answer is framed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use owlet_host_tests::console::Console;

fuzz_target!(|input: &[u8]| {
    let mut console = Console::new();
    let mut out = Vec::new();
    console.serve(input, &mut out).unwrap();
    assert!(out.is_empty() || out.ends_with(b"\n\n"));
    assert!(console.engine.board().is_consistent());
});
