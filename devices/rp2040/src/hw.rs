//! The only `unsafe` of the RP2040 binary, kept to two items:
//!
//! - [`BOOT2_FIRMWARE`]: the second-stage bootloader, placed in the
//!   `.boot2` section (the first 256 bytes of flash, see `memory.x`).
//! - [`reset_spinlocks`]: releases the SIO spinlocks, which a debugger
//!   reset can leave held (rp2040-hal's `critical-section` uses one).
#![allow(unsafe_code)]

/// The second-stage bootloader for the Pico's W25Q16JV flash (the generic
/// 03h read works with any QSPI flash the boot ROM accepts). The boot ROM
/// copies these 256 bytes to SRAM, checks their CRC and runs them; they
/// set up execute-in-place and jump to the vector table after them.
// SAFETY: `.boot2` is this program's own section at the start of flash
// (memory.x places it before `.text`); nothing else is linked there.
#[unsafe(link_section = ".boot2")]
#[used]
pub static BOOT2_FIRMWARE: [u8; 256] = rp2040_boot2::BOOT_LOADER_GENERIC_03H;

/// Releases the 32 SIO spinlocks. Call first thing in `main`.
pub fn reset_spinlocks() {
    // SAFETY: called once at the start of `main`, before anything takes a
    // spinlock, a critical section or a peripheral; it only writes the
    // spinlock release registers (SIO 0xd000_0100..0xd000_0180).
    unsafe { rp2040_hal::sio::spinlock_reset() };
}
