//! owlet's board simulator in the browser: owlet-firmware's board
//! application compiled to `wasm32-unknown-unknown`, `no_std` as on a
//! device, driven by the page in `www/`.
//!
//! Owns: the exports the page calls (plain integers in and out; bytes go
//! out through one buffer the page reads at [`sim_buf`], and a GTP
//! command line in through one it writes at [`sim_gtp_line`]) and the single
//! static that holds the simulator ([`sim::Sim`]). All `unsafe` is here:
//! the exports' `no_mangle` and the access to that static (the page runs
//! one thread and calls one export at a time).
//!
//! Omits: the page itself (`www/index.html`, `www/sim.js`: drawing, the
//! scan timer, clicks) and any logic of the game, which is the
//! firmware's ([`owlet_firmware::station::Station`]).
//!
//! # The state buffer ([`sim_state`])
//! A 16-byte header, then 10 bytes per point, row by row from line 1
//! (index `row × size + col`, column A first).
//!
//! | header byte | meaning |
//! |---|---|
//! | 0 | board size |
//! | 1 | to move: 1 black, 2 white |
//! | 2 | mode: 0 play, 1 scoring |
//! | 3 | in sync: 1 |
//! | 4 | the illegal placement's reason: 0 none, 1 occupied, 2 suicide, 3 ko, 4 wrong turn |
//! | 5 | quiet (nothing bouncing, touched or settling): 1 |
//! | 6, 7 | owl after each move on; bouncing on |
//! | 8..10, 10..12 | stones captured by black, by white (u16, little-endian) |
//! | 12..14 | the last move's index + 1, 0 for none |
//! | 14..16 | moves and passes played |
//!
//! | point byte | meaning |
//! |---|---|
//! | 0, 1 | the sensor's raw reading (what stands there), the debounced one: 0 empty, 1 black, 2 white, 3 conflict |
//! | 2 | the game's stone: 0 none, 1 black, 2 white |
//! | 3, 4, 5 | the LED's colour (red, green, blue) |
//! | 6 | its blinking: 0 steady, 1 slow, 2 fast |
//! | 7 | lit at the tick given: 1 |
//! | 8 | flags: 1 to remove, 2 missing, 4 extra, 8 dead, 16 atari, 32 threat, 64 vital, 128 the illegal placement |
//! | 9 | flags: 1 critical (owl), 2 the ko point, 4 unsure (owl reached a limit) |
//!
//! # Size
//! `www/owlet.wasm` is 349,569 bytes, 160,872 gzipped (`opt-level =
//! "s"`, LTO, `panic = "abort"`); about half of it is the GTP console's
//! commands. Its memory is 20 pages (1.2 MiB): the stack's 1 MiB and
//! 198,792 bytes of static data, most of it the simulator (with the
//! console's engine) and the buffers.
#![no_std]

pub mod sim;

use core::cell::UnsafeCell;
use core::mem::MaybeUninit;

use sim::{Click, GTP_LINE_BYTES, OUT_BYTES, Sim};

/// The simulator and the page's buffer, in one static.
struct State {
    sim: MaybeUninit<Sim>,
    ready: bool,
    out: [u8; OUT_BYTES],
    line: [u8; GTP_LINE_BYTES],
}

/// The static's cell: the page is single-threaded and calls one export
/// at a time, so no two borrows of it overlap.
struct Slot(UnsafeCell<State>);

// SAFETY: wasm32-unknown-unknown without threads: one thread only.
#[allow(unsafe_code)]
unsafe impl Sync for Slot {}

static STATE: Slot = Slot(UnsafeCell::new(State {
    sim: MaybeUninit::uninit(),
    ready: false,
    out: [0; OUT_BYTES],
    line: [0; GTP_LINE_BYTES],
}));

/// The state; each export takes it once and drops it before returning.
#[allow(unsafe_code)]
fn state() -> &'static mut State {
    // SAFETY: one thread, and no export calls another or keeps the
    // reference, so this is the only live reference.
    unsafe { &mut *STATE.0.get() }
}

/// The simulator, once [`sim_new`] has made one.
fn with<T>(default: T, f: impl FnOnce(&mut Sim, &mut [u8; OUT_BYTES]) -> T) -> T {
    with_line(default, |sim, out, _| f(sim, out))
}

/// [`with`], with the GTP line buffer.
fn with_line<T>(
    default: T,
    f: impl FnOnce(&mut Sim, &mut [u8; OUT_BYTES], &[u8; GTP_LINE_BYTES]) -> T,
) -> T {
    let st = state();
    if !st.ready {
        return default;
    }
    // SAFETY: `ready` is set only after `sim` was written.
    #[allow(unsafe_code)]
    let sim = unsafe { st.sim.assume_init_mut() };
    f(sim, &mut st.out, &st.line)
}

/// A new game on a `size`×`size` board (2..=19): 1, or 0 for a bad size.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_new(size: u32) -> u32 {
    let Some(sim) = Sim::new(size as usize).filter(|_| size >= 2) else {
        return 0;
    };
    let st = state();
    st.sim.write(sim);
    st.ready = true;
    1
}

/// One sensor scan (the page calls it every 20 ms): bit 0 a new event,
/// bit 1 a move was played and analysed.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_scan() -> u32 {
    with(0, |sim, _| sim.scan())
}

/// A click on the point `index` (`row × size + col`): `how` 0 a normal
/// click, 1 knock the stone off, 2 place the colour not to move. Answers
/// 0 nothing, 1 placed, 2 lifted, 3 touched.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_click(index: u32, how: u32) -> u32 {
    let how = match how {
        1 => Click::Knock,
        2 => Click::Other,
        _ => Click::Normal,
    };
    with(0, |sim, _| sim.click(index as usize, how) as u32)
}

/// The pass button: 1 when a pass was made.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_pass() -> u32 {
    with(0, |sim, _| u32::from(sim.pass()))
}

/// Leaves the end-of-game mode.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_resume() {
    with((), |sim, _| sim.resume());
}

/// Bouncing readings (1) or clean ones (0) for the next changes.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_set_bounce(on: u32) {
    with((), |sim, _| sim.set_bounce(on != 0));
}

/// Owl's analysis after each move on (1) or off (0).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_set_owl(on: u32) {
    with((), |sim, _| sim.set_owl(on != 0));
}

/// The komi in half points (13 is 6.5).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_set_komi(halves: i32) {
    with((), |sim, _| sim.set_komi(halves));
}

/// Writes the state (see the crate's documentation) at blink `tick` into
/// the buffer; answers its length.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_state(tick: u32) -> u32 {
    with(0, |sim, out| sim.state(tick, out) as u32)
}

/// Writes the last event's words (UTF-8) into the buffer; answers their
/// length.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_event() -> u32 {
    with(0, |sim, out| copy(sim.event().0, out))
}

/// How many events were noted since the game began.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_events() -> u32 {
    with(0, |sim, _| sim.events())
}

/// The last event's kind (see [`Sim::event`]).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_event_kind() -> u32 {
    with(0, |sim, _| sim.event().1)
}

/// Writes the count (`B+3.5 ...`, GNU Go's `final_score` first) into the
/// buffer; answers its length.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_score() -> u32 {
    with(0, |sim, out| {
        let mut t = sim::Text::default();
        let _ = core::fmt::Write::write_fmt(&mut t, format_args!("{}", sim.score_words()));
        copy(t.bytes(), out)
    })
}

/// The GTP console: runs the command line of `len` bytes the page wrote
/// at [`sim_gtp_line`] (the Pico's console, in one game with the board),
/// writes the answer (`= ...` or `? ...`, ending in an empty line) into
/// the buffer; answers its length.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_gtp(len: u32) -> u32 {
    with_line(0, |sim, out, line| {
        let line = line.get(..len as usize).unwrap_or(line);
        sim.gtp(line, out) as u32
    })
}

/// The buffer of [`sim_gtp`]'s command line
/// ([`sim::GTP_LINE_BYTES`] bytes).
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_gtp_line() -> *mut u8 {
    state().line.as_mut_ptr()
}

/// The buffer the other exports write into.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn sim_buf() -> *const u8 {
    state().out.as_ptr()
}

fn copy(bytes: &[u8], out: &mut [u8; OUT_BYTES]) -> u32 {
    let n = bytes.len().min(OUT_BYTES);
    if let (Some(dst), Some(src)) = (out.get_mut(..n), bytes.get(..n)) {
        dst.copy_from_slice(src);
    }
    n as u32
}

/// A panic is a bug (no input should cause one): the module traps.
#[cfg(not(test))]
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}
