//! The only `unsafe` of the RP2040 binary, kept to three items:
//!
//! - [`BOOT2_FIRMWARE`]: the second-stage bootloader, placed in the
//!   `.boot2` section (the first 256 bytes of flash, see `memory.x`).
//! - [`reset_spinlocks`]: releases the SIO spinlocks, which a debugger
//!   reset can leave held (rp2040-hal's `critical-section` uses one).
//! - [`unmask_usb_interrupt`]: lets the USB interrupt run.
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

/// Unmasks the USB controller's interrupt in the NVIC.
pub fn unmask_usb_interrupt() {
    // SAFETY: unmasking can break a critical section that relies on the
    // interrupt being masked; none does. The handler (crate::usb) touches
    // nothing but the USB port, and that only inside a critical section.
    unsafe { rp2040_hal::pac::NVIC::unmask(rp2040_hal::pac::Interrupt::USBCTRL_IRQ) };
}
