//! What the fuzz targets share: the console's search limits, cut down so
//! that an input reaching owl, semeai or the combination search takes
//! milliseconds, not seconds. The searches are the same code as with the
//! default limits; only their node limits are smaller, so more of their
//! answers are limited (and counted as such).

use owlet_firmware::SearchLimits;
use owlet_host_tests::console::Console;

/// The limits of the fuzz targets' searches: owl 50 nodes per search,
/// semeai 25 per root move, the eye solver 2,000 nodes per eye space
/// inside them (5,000 at owl's root), 50 combination threats with 200
/// reading nodes each, 2,000 nodes per tactical reading command, 100
/// connection nodes with 200 reading nodes per read and 2,000 in all.
#[must_use]
pub fn fuzz_limits() -> SearchLimits {
    let mut limits = SearchLimits::default();
    limits.reading.node_limit = 2_000;
    limits.owl.node_limit = 50;
    limits.owl.check_limit = 50;
    limits.owl.eye_budget = 2_000;
    limits.owl.root_eye_budget = 5_000;
    limits.semeai.node_limit = 25;
    limits.semeai.eye_budget = 2_000;
    limits.combination.node_limit = 50;
    limits.combination.reading.node_limit = 200;
    limits.connection.node_limit = 100;
    limits.connection.work_limit = 2_000;
    limits.connection.reading.node_limit = 200;
    limits
}

/// A console with [`fuzz_limits`].
#[must_use]
pub fn console() -> Console {
    let mut console = Console::new();
    console.engine.set_limits(&fuzz_limits());
    console
}
