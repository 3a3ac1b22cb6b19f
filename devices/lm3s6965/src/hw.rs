//! The only `unsafe` of the device binary, kept to two small functions:
//!
//! - [`uart0`]: the PL011 register block of UART0 at `0x4000_C000`, handed
//!   to the safe `arm-pl011-uart` driver (and UART1's at `0x4000_D000`,
//!   for defmt's log, with the `defmt` feature).
//! - [`stack_high_water`]: reads the painted stack (cortex-m-rt's
//!   `paint-stack`) to find how deep it has ever been used, and
//!   [`repaint_stack`] to paint it again.
//! - [`stack_guard_intact`]: the stack's tripwire, the lowest
//!   [`GUARD_BYTES`] of the stack, which no command should reach; and
//!   [`scribble_guard`], which writes there as an overflow would (the
//!   `stack_guard_test` command).
//!
//! Everything else is safe code.
#![allow(unsafe_code)]

use core::ptr::NonNull;

use arm_pl011_uart::{PL011Registers, Uart, UniqueMmioPointer};

/// Base address of UART0 on the LM3S6965.
const UART0: usize = 0x4000_C000;

/// Base address of UART1 on the LM3S6965.
#[cfg(feature = "defmt")]
const UART1: usize = 0x4000_D000;

/// What cortex-m-rt paints the stack with before `main` (`paint-stack`).
const PAINT: u32 = 0xCCCC_CCCC;

/// UART0's driver. Call once: the driver must be the only user of the
/// register block, and `main` calls this once before its loop.
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
    // program touches it: `uart0` and `uart1` are each called once, from
    // `main`, and the pointer is moved into the driver.
    let regs = unsafe { UniqueMmioPointer::new(regs) };
    Uart::new(regs)
}

/// Bytes of stack used at the deepest point so far: from the top of the
/// stack down to the lowest word that no longer holds the paint.
pub fn stack_high_water() -> usize {
    let bottom = cortex_m_rt::heap_start() as usize; // == _stack_end, 4-aligned
    let top = stack_top();
    let here = cortex_m::register::msp::read() as usize;
    let mut addr = bottom;
    while addr < here {
        // SAFETY: `addr` is 4-aligned and in [_stack_end, current SP): RAM
        // that belongs to the stack below the current frame, which no Rust
        // object occupies now. Reading it (volatile, as a plain u32) has no
        // side effects.
        let word = unsafe { core::ptr::read_volatile(addr as *const u32) };
        if word != PAINT {
            break;
        }
        addr += 4;
    }
    top.saturating_sub(addr)
}

// The top of the stack, from cortex-m-rt's linker script.
unsafe extern "C" {
    static _stack_start: u32;
}

/// Paints the stack below the current frame again, so that
/// [`stack_high_water`] measures only what is used from here on (`main`
/// calls it once the engine is built: building it takes far more stack,
/// once, than the console's commands).
pub fn repaint_stack() {
    let bottom = cortex_m_rt::heap_start() as usize; // == _stack_end, 4-aligned
    let here = cortex_m::register::msp::read() as usize & !3;
    let mut addr = bottom;
    while addr < here {
        // SAFETY: `addr` is 4-aligned and in [_stack_end, current SP): the
        // stack below the current frame, which no Rust object occupies and
        // no interrupt uses (none is enabled). cortex-m-rt writes the same
        // pattern there at reset.
        unsafe { core::ptr::write_volatile(addr as *mut u32, PAINT) };
        addr += 4;
    }
}

/// The initial stack pointer (`_stack_start`, the end of RAM).
fn stack_top() -> usize {
    // Only the symbol's address is taken; the "u32" there is never read.
    (&raw const _stack_start) as usize
}

/// Bytes at the bottom of the stack (just above the static RAM) that no
/// command may write: the deepest command measured leaves about 5 KiB
/// free, so paint missing here means a command came within this many
/// bytes of overwriting the engine, or went past them.
pub const GUARD_BYTES: usize = 256;

/// Whether the lowest [`GUARD_BYTES`] of the stack still hold the paint.
pub fn stack_guard_intact() -> bool {
    let bottom = cortex_m_rt::heap_start() as usize; // == _stack_end, 4-aligned
    (bottom..bottom + GUARD_BYTES).step_by(4).all(|addr| {
        // SAFETY: `addr` is 4-aligned and in the lowest GUARD_BYTES of the
        // stack, far below the current frame (the console's loop, near the
        // top): no Rust object occupies it. Reading it (volatile, as a
        // plain u32) has no side effects.
        let word = unsafe { core::ptr::read_volatile(addr as *const u32) };
        word == PAINT
    })
}

/// Overwrites the highest word of the guard, as a stack overflow would on
/// its way down (the `stack_guard_test` command: it shows that the
/// console notices).
pub fn scribble_guard() {
    let bottom = cortex_m_rt::heap_start() as usize; // == _stack_end, 4-aligned
    let addr = bottom + GUARD_BYTES - 4;
    // SAFETY: as in `stack_guard_intact`: a 4-aligned word of the stack's
    // lowest GUARD_BYTES, far below the current frame, that no Rust object
    // occupies and no interrupt uses (none is enabled).
    unsafe { core::ptr::write_volatile(addr as *mut u32, !PAINT) };
}
