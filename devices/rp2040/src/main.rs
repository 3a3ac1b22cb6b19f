//! owlet on a Raspberry Pi Pico (RP2040, Cortex-M0+ at 125 MHz, 264 KiB
//! RAM, 2 MiB flash): the GTP console on UART0 (GP0 = TX, Pico pin 1;
//! GP1 = RX, pin 2; 115200 8N1), and the board's stone sensors, referee
//! and LEDs ([`board_io`]: a 74HC165 sensor chain on SPI0, bicolour LEDs
//! on a 74HC595 chain on SPI1).
//!
//! Reads command lines from UART0, answers each through
//! [`owlet_firmware::Engine`] exactly as `owlet gtp` does on the host
//! (default capacities, not the `small` feature: the RP2040 has room).
//! Between bytes the main loop gives the board its turn
//! ([`board_io::BoardIo::poll`]: scan, referee, analysis after a move,
//! LED frame). The console and the board have a board each: GTP's is the
//! console's own (set up with `boardsize`/`play`), the referee's is the
//! game on the physical board. `quit` answers and ends nothing:
//! a board has no one to return to, and the next line starts a new
//! session.
//!
//! State lives on `main`'s stack or in `main`'s one `static mut` (the
//! engine), which cortex-m-rt hands over as a safe `&'static mut`. All
//! `unsafe` is in [`hw`] (boot2's section, the spinlock reset).
#![no_std]
#![no_main]

mod board_io;
mod hw;

use core::mem::MaybeUninit;

use cortex_m_rt::entry;
use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_firmware::serial::LineAssembler;
use owlet_firmware::{Engine, Reply};
use rp2040_hal::fugit::RateExtU32 as _;
use rp2040_hal::uart::{
    DataBits, StopBits, UartConfig, UartDevice, UartPeripheral, ValidUartPinout,
};
use rp2040_hal::{Clock as _, Sio, Timer, Watchdog, clocks, gpio, pac};

/// The Pico's crystal.
const XOSC_HZ: u32 = 12_000_000;

/// The console's line speed.
const BAUD: u32 = 115_200;

#[entry]
fn main() -> ! {
    // The engine (about 47 KiB) lives in static RAM, built in place by
    // `new_engine` before the console starts.
    static mut ENGINE: MaybeUninit<Engine> = MaybeUninit::uninit();
    hw::reset_spinlocks();

    // `main` runs once and takes the peripherals first, so `take` has
    // them; if it had not, there would be nothing to drive.
    let Some(mut p) = pac::Peripherals::take() else {
        halt()
    };
    let mut watchdog = Watchdog::new(p.WATCHDOG);
    // 125 MHz system clock from the 12 MHz crystal. Should the crystal not
    // start, the chip keeps running from its ring oscillator with the
    // peripheral clock off: the UART cannot work then, so stop.
    let Ok(clocks) = clocks::init_clocks_and_plls(
        XOSC_HZ,
        p.XOSC,
        p.CLOCKS,
        p.PLL_SYS,
        p.PLL_USB,
        &mut p.RESETS,
        &mut watchdog,
    ) else {
        halt()
    };
    let sio = Sio::new(p.SIO);
    let pins = gpio::Pins::new(p.IO_BANK0, p.PADS_BANK0, sio.gpio_bank0, &mut p.RESETS);
    let uart_pins = (
        pins.gpio0.into_function::<gpio::FunctionUart>(),
        pins.gpio1.into_function::<gpio::FunctionUart>(),
    );
    let config = UartConfig::new(BAUD.Hz(), DataBits::Eight, None, StopBits::One);
    let Ok(uart) = UartPeripheral::new(p.UART0, uart_pins, &mut p.RESETS)
        .enable(config, clocks.peripheral_clock.freq())
    else {
        halt()
    };

    let timer = Timer::new(p.TIMER, &mut p.RESETS, &clocks);
    let Some(mut board) = board_io::BoardIo::wire(board_io::Peripherals {
        pins: board_io::BoardPins {
            gpio2: pins.gpio2,
            gpio3: pins.gpio3,
            gpio4: pins.gpio4,
            gpio5: pins.gpio5,
            gpio9: pins.gpio9,
            gpio10: pins.gpio10,
            gpio11: pins.gpio11,
            gpio25: pins.gpio25,
        },
        spi0: p.SPI0,
        spi1: p.SPI1,
        resets: &mut p.RESETS,
        peripheral_hz: clocks.peripheral_clock.freq(),
        timer,
    }) else {
        halt()
    };
    let engine = new_engine(ENGINE);
    let mut lines = LineAssembler::new();
    let mut out = [0u8; ANSWER_CAPACITY];
    loop {
        let mut byte = [0u8; 1];
        match uart.read_raw(&mut byte) {
            Ok(_) => {
                if let Some(line) = lines.push(byte[0]) {
                    let reply = engine.execute(line, &mut out);
                    answer(&uart, &out, reply);
                }
            }
            // A byte received with an error (overrun, break, parity,
            // framing): the line fails with its id rather than running
            // with a byte missing.
            Err(nb::Error::Other(_)) => lines.push_damaged(),
            // Nothing received: the board's turn.
            Err(nb::Error::WouldBlock) => board.poll(),
        }
    }
}

/// Builds the engine into `slot`. Kept out of line: building it takes
/// temporaries on the stack (the board and the reader are built, then
/// moved), freed here before the console starts.
#[inline(never)]
fn new_engine(slot: &'static mut MaybeUninit<Engine>) -> &'static mut Engine {
    slot.write(Engine::new())
}

/// Sends the answer `out[..reply.len]`, blocking until the transmit FIFO
/// has taken it.
fn answer<D: UartDevice, P: ValidUartPinout<D>>(
    uart: &UartPeripheral<rp2040_hal::uart::Enabled, D, P>,
    out: &[u8],
    reply: Reply,
) {
    uart.write_full_blocking(out.get(..reply.len).unwrap_or(&[]));
}

/// Stops for good (the board needs a reset): sleeps between interrupts.
fn halt() -> ! {
    loop {
        cortex_m::asm::wfi();
    }
}

/// A panic is a bug (no input should cause one): stop; the watchdog is
/// not armed, so the board waits for a reset.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    halt()
}
