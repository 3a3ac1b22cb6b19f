//! The only `unsafe` of the device binary, kept to a few small functions:
//!
//! - [`uart0`]: the PL011 register block of UART0 at `0x4000_C000`, handed
//!   to the safe `arm-pl011-uart` driver (and UART1's at `0x4000_D000`,
//!   for defmt's log, with the `defmt` feature).
//! - [`start_console`]: paints the console's stack (the process stack, at
//!   the start of RAM: see `memory.x`) and switches to it.
//! - [`stack_high_water`]: reads the painted stack to find how deep it has
//!   ever been used, and [`repaint_stack`] to paint it again.
//! - The fault handler: a stack overflow runs off the start of RAM, where
//!   no memory answers, and faults on its first write; the handler runs on
//!   the main stack (the end of RAM), answers `? stack overflow: ...` and
//!   stops QEMU with a failure status.
//!
//! Everything else is safe code.
#![allow(unsafe_code)]

use core::mem::MaybeUninit;
use core::ptr::NonNull;

use arm_pl011_uart::{PL011Registers, Uart, UniqueMmioPointer};
use cortex_m_rt::exception;
use cortex_m_semihosting::debug;
use owlet_firmware::Engine;

/// Base address of UART0 on the LM3S6965.
const UART0: usize = 0x4000_C000;

/// Base address of UART1 on the LM3S6965.
#[cfg(feature = "defmt")]
const UART1: usize = 0x4000_D000;

/// What the console's stack is painted with before it runs.
const PAINT: u32 = 0xCCCC_CCCC;

/// UART0's driver. Call once: the driver must be the only user of the
/// register block. The console calls this once before its loop; the fault
/// handler calls it again, but the console never runs after a fault.
pub fn uart0() -> Uart<'static> {
    uart_at(UART0)
}

/// UART1's driver, for defmt's log. Call once, like [`uart0`].
#[cfg(feature = "defmt")]
pub fn uart1() -> Uart<'static> {
    uart_at(UART1)
}

/// The driver of the PL011 at `base` (UART0 or UART1).
fn uart_at(base: usize) -> Uart<'static> {
    let regs = NonNull::new(base as *mut PL011Registers);
    // The base is not null; if it were, there would be nothing to drive.
    let Some(regs) = regs else {
        loop {
            cortex_m::asm::wfi();
        }
    };
    // SAFETY: `base` is UART0 (0x4000_C000) or UART1 (0x4000_D000): a
    // PL011-compatible register block of 4 KiB on the LM3S6965 for the
    // whole run (device memory, never RAM or flash). Nothing else in the
    // program touches it: `uart0` and `uart1` are each called once by the
    // console (`uart0` once more by the fault handler, after which the
    // console never runs again), and the pointer is moved into the driver.
    let regs = unsafe { UniqueMmioPointer::new(regs) };
    Uart::new(regs)
}

// The console's stack, from memory.x: the start of RAM up to the engine's
// static RAM.
unsafe extern "C" {
    static _thread_stack_bottom: u32;
    static _thread_stack_top: u32;
}

/// The lowest address of the console's stack (the start of RAM).
fn stack_bottom() -> usize {
    // Only the symbol's address is taken; the "u32" there is never read.
    (&raw const _thread_stack_bottom) as usize
}

/// Where the console's stack starts, at its top (8-aligned: memory.x).
fn stack_top() -> usize {
    // Only the symbol's address is taken; the "u32" there is never read.
    (&raw const _thread_stack_top) as usize
}

/// The console: the engine's slot in static RAM in, never returns.
pub type Console = extern "C" fn(&'static mut MaybeUninit<Engine>) -> !;

/// Paints the console's stack, makes it the stack of thread mode (the
/// process stack, PSP) and runs `console` on it with `slot`. The main
/// stack (MSP, at the end of RAM) stays for the fault handler, so that it
/// has a stack to run on when the console's has overflowed.
pub fn start_console(slot: &'static mut MaybeUninit<Engine>, console: Console) -> ! {
    let (bottom, top) = (stack_bottom(), stack_top());
    for addr in (bottom..top).step_by(4) {
        // SAFETY: `addr` is 4-aligned and in the console's stack
        // (memory.x's THREAD_STACK), which nothing has used yet: we run on
        // the main stack, at the other end of RAM, and no interrupt is
        // enabled.
        unsafe { core::ptr::write_volatile(addr as *mut u32, PAINT) };
    }
    // SAFETY: PSP gets the top of the console's stack (8-aligned, its
    // memory unused), CONTROL.SPSEL = 1 makes it thread mode's stack (the
    // ISB makes the switch take effect before the next instruction), and
    // the branch enters `console` with `slot` in r0, as the C ABI passes
    // it. Nothing of this frame is used after the switch: `console` never
    // returns, and `slot` (a unique `&'static mut`) moves into it.
    unsafe {
        core::arch::asm!(
            "msr psp, {top}",
            "msr control, {spsel}",
            "isb",
            "bx {console}",
            top = in(reg) top,
            spsel = in(reg) 2u32,
            console = in(reg) console,
            in("r0") core::ptr::from_mut(slot),
            options(noreturn),
        )
    }
}

/// Bytes of the console's stack used at the deepest point so far: from
/// its top down to the lowest word that no longer holds the paint.
pub fn stack_high_water() -> usize {
    let here = cortex_m::register::psp::read() as usize;
    let mut addr = stack_bottom();
    while addr < here {
        // SAFETY: `addr` is 4-aligned and in [bottom, current SP): the
        // console's stack below the current frame, which no Rust object
        // occupies now. Reading it (volatile, as a plain u32) has no side
        // effects.
        let word = unsafe { core::ptr::read_volatile(addr as *const u32) };
        if word != PAINT {
            break;
        }
        addr += 4;
    }
    stack_top().saturating_sub(addr)
}

/// Paints the console's stack below the current frame again, so that
/// [`stack_high_water`] measures only what is used from here on (the
/// console calls it once the engine is built: building it takes far more
/// stack, once, than the console's commands).
pub fn repaint_stack() {
    let here = cortex_m::register::psp::read() as usize & !3;
    let mut addr = stack_bottom();
    while addr < here {
        // SAFETY: `addr` is 4-aligned and in [bottom, current SP): the
        // stack below the current frame, which no Rust object occupies and
        // no interrupt uses (none is enabled; faults run on the main
        // stack).
        unsafe { core::ptr::write_volatile(addr as *mut u32, PAINT) };
        addr += 4;
    }
}

/// The answer to the command that overflowed the console's stack (the
/// device stops after it).
const STACK_OVERFLOW_ANSWER: &[u8] =
    b"? stack overflow: the command ran off the start of RAM; stopping\n\n";

/// The answer to a command during which any other fault happened.
const FAULT_ANSWER: &[u8] = b"? hard fault; stopping\n\n";

/// The fault handler, run on the main stack: the console's stack may be
/// what failed. A stack overflow runs the console's stack pointer below
/// the start of RAM (the exception's own stacking there fails too, and
/// leaves PSP below it); any other fault is a bug. Either way the command
/// that was running gets a failure answer, in place of its own, and QEMU
/// stops with a failure status rather than run on.
///
/// No trampoline: the exception frame it would hand over may lie in
/// memory that does not exist.
#[exception(trampoline = false)]
unsafe fn HardFault() -> ! {
    let overflow = (cortex_m::register::psp::read() as usize) < stack_bottom();
    let mut uart = uart0();
    let answer = if overflow {
        STACK_OVERFLOW_ANSWER
    } else {
        FAULT_ANSWER
    };
    crate::write_all(&mut uart, answer);
    while uart.is_busy() {}
    loop {
        debug::exit(debug::EXIT_FAILURE);
    }
}
