//! defmt logging on UART1 (feature `defmt`): defmt's frames, rzCOBS
//! encoded and 0-delimited, written raw to the second PL011 at
//! `0x4000_D000`, so UART0 carries GTP alone. `scripts/qemu-gtp --defmt
//! FILE` gives QEMU a second `-serial` to FILE; `defmt-print -e ELF
//! <FILE` decodes it (`scripts/defmt-check`).
//!
//! defmt's logger is global by design (the macros call it with no
//! handle), so this module holds the one piece of global state of the
//! binary: the UART1 driver and defmt's frame encoder, in a
//! `critical_section::Mutex` (a `static`, never `static mut`). The
//! program enables no interrupts, so no frame can start while another is
//! open.
#![allow(unsafe_code)]

use core::cell::RefCell;

use arm_pl011_uart::Uart;
use critical_section::Mutex;

/// The logger's state: UART1 once [`init`] has handed it over (frames
/// before that are dropped), and the frame encoder.
struct State {
    uart: Option<Uart<'static>>,
    encoder: defmt::Encoder,
}

static STATE: Mutex<RefCell<State>> = Mutex::new(RefCell::new(State {
    uart: None,
    encoder: defmt::Encoder::new(),
}));

/// Hands UART1 to the logger.
pub fn init(uart: Uart<'static>) {
    critical_section::with(|cs| STATE.borrow_ref_mut(cs).uart = Some(uart));
}

/// Runs `f` with the encoder and a byte sink writing to UART1 (waiting
/// for room in its transmit FIFO).
fn with_state(f: impl FnOnce(&mut defmt::Encoder, &mut dyn FnMut(&[u8]))) {
    critical_section::with(|cs| {
        let mut state = STATE.borrow_ref_mut(cs);
        let State { uart, encoder } = &mut *state;
        let mut sink = |bytes: &[u8]| {
            if let Some(uart) = uart.as_mut() {
                for &byte in bytes {
                    while uart.is_tx_fifo_full() {}
                    uart.write_word(byte);
                }
            }
        };
        f(encoder, &mut sink);
    });
}

#[defmt::global_logger]
struct UartLogger;

// SAFETY: `acquire` is safe to call from anywhere (each step takes a
// critical section); frames cannot interleave because nothing logs from
// an interrupt (none are enabled), and defmt's macros call acquire,
// write and release in order for each frame.
unsafe impl defmt::Logger for UartLogger {
    fn acquire() {
        with_state(|encoder, sink| encoder.start_frame(sink));
    }

    unsafe fn flush() {
        critical_section::with(|cs| {
            if let Some(uart) = STATE.borrow_ref(cs).uart.as_ref() {
                while uart.is_busy() {}
            }
        });
    }

    unsafe fn release() {
        with_state(|encoder, sink| encoder.end_frame(sink));
    }

    unsafe fn write(bytes: &[u8]) {
        with_state(|encoder, sink| encoder.write(bytes, sink));
    }
}

/// The command word of a GTP line, after its id (digits, maybe signed,
/// maybe glued to the word: the engine's own reading), for the log;
/// empty for a blank line or a comment.
pub fn command_name(line: &[u8]) -> &str {
    let text = core::str::from_utf8(line).unwrap_or("");
    let text = text.split('#').next().unwrap_or("").trim_start();
    let sign = usize::from(text.starts_with(['+', '-']));
    let unsigned = text.get(sign..).unwrap_or("");
    let digits = unsigned.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if digits > 0 {
        unsigned.get(digits..).unwrap_or("")
    } else {
        text
    };
    rest.split_ascii_whitespace().next().unwrap_or("")
}
