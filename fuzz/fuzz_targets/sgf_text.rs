//! SGF text into the loader, stopped at a move number and at a vertex:
//! an error leaves the engine alone, a load leaves a consistent board
//! with the announced side to move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use owlet_firmware::Engine;
use owlet_host_tests::sgf::{self, Until};

fuzz_target!(|text: &str| {
    for until in [Until::End, Until::Move(5), Until::Vertex("C3".into())] {
        let mut engine = Engine::new();
        match sgf::load_str(&mut engine, text, &until) {
            Ok(loaded) => {
                assert!(engine.board().is_consistent());
                assert_eq!(engine.board().to_move(), loaded.to_move);
                assert!(engine.komi().is_finite());
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(engine.board(), Engine::new().board());
            }
        }
    }
});
