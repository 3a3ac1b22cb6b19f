//! `owlet analyze` on SGF text, with small node limits (the tactical
//! reader's from `owlet_fuzz::fuzz_limits`) so that each input is quick:
//! whatever loads on a board up to 9×9 is analysed without a panic, and
//! the report is consistent with the board it shows. Larger boards are
//! left out: the eye-space analysis of an open 19×19 position takes
//! seconds whatever the node limits, which libFuzzer reports as a
//! timeout.
#![no_main]

use libfuzzer_sys::fuzz_target;
use owlet_firmware::Engine;
use owlet_host_tests::analyze::{Options, analyze_engine};
use owlet_host_tests::sgf::{self, Until};

fuzz_target!(|text: &str| {
    let mut engine = Engine::new();
    if sgf::load_str(&mut engine, text, &Until::End).is_err() || engine.board().size() > 9 {
        return;
    }
    engine.set_limits(&owlet_fuzz::fuzz_limits());
    let options = Options {
        owl_nodes: 200,
        owl_search_nodes: 100,
        aa_nodes: 5,
        aa_reading_nodes: 100,
    };
    let report = analyze_engine(&engine, &options);
    assert_eq!(report.board.len(), report.size);
    let stones: usize = report
        .board
        .iter()
        .map(|row| row.chars().filter(|c| matches!(c, 'X' | 'O')).count())
        .sum();
    let in_dragons: usize = report.dragons.iter().map(|d| d.stones.len()).sum();
    assert_eq!(in_dragons, stones);
    assert!(!report.to_json().is_empty());
});
