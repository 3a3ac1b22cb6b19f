//! owlet on a Raspberry Pi Pico (RP2040, Cortex-M0+ at 125 MHz, 264 KiB
//! RAM, 2 MiB flash): the GTP console over USB ([`usb`]: a CDC ACM serial
//! port) and on UART0 (GP0 = TX, Pico pin 1; GP1 = RX, pin 2; 115200 8N1),
//! both at once, and the board's stone sensors, referee and LEDs
//! ([`board_io`]: a 74HC165 sensor chain on SPI0, bicolour LEDs on a
//! 74HC595 chain on SPI1).
//!
//! Reads command lines from either port, answers each on its own port
//! through [`owlet_firmware::Engine`] exactly as `owlet gtp` does on the
//! host (default capacities, not the `small` feature: the RP2040 has
//! room), plus the board's `owlet-sensor_test on|off`
//! ([`board_io::BoardIo::execute`]). The two ports share the one engine (and its game); a line from
//! one port is answered before the next is read from either. When neither
//! port has a byte the main loop gives the board its turn
//! ([`board_io::BoardIo::poll`]: scan, referee, analysis after a move,
//! LED frame); so does the wait while the USB host collects an answer.
//! The console and the board play one game ([`owlet_firmware::link`]): a
//! stone placed on the board is a console move, and the console's moves,
//! undos and new games light the points to place and to lift, while the
//! console's board has the physical board's size (19×19). A pass is the
//! board's gesture ([`owlet_firmware::station`]); two end the game.
//! An answer the USB host does not collect within [`USB_STALL_US`] is
//! dropped (a host that stopped reading), and so is one with no host
//! (unplugged). `quit` answers and ends nothing: a board has no one to
//! return to, and the next line starts a new session.
//!
//! UART0's RX has its pull-up on, so an unconnected UART is an idle line.
//!
//! State lives on `main`'s stack, in `main`'s `static mut`s (the engine,
//! the USB bus), which cortex-m-rt hands over as safe `&'static mut`s, and
//! in [`usb`]'s port behind a critical section. All `unsafe` is in [`hw`]
//! (boot2's section, the spinlock reset, unmasking the USB interrupt).
#![no_std]
#![no_main]

mod board_io;
mod hw;
mod usb;

use core::mem::MaybeUninit;

use cortex_m_rt::entry;
use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_firmware::serial::LineAssembler;
use owlet_firmware::{Engine, Reply};
use rp2040_hal::fugit::RateExtU32 as _;
use rp2040_hal::uart::{
    DataBits, StopBits, UartConfig, UartDevice, UartPeripheral, ValidUartPinout,
};
use rp2040_hal::usb::UsbBus;
use rp2040_hal::{Clock as _, Sio, Timer, Watchdog, clocks, gpio, pac};
use usb_device::bus::UsbBusAllocator;

/// The Pico's crystal.
const XOSC_HZ: u32 = 12_000_000;

/// The console's line speed.
const BAUD: u32 = 115_200;

/// Microseconds the USB host may leave an answer uncollected before the
/// rest of it is dropped.
pub const USB_STALL_US: u64 = 1_000_000;

#[entry]
fn main() -> ! {
    // The engine (about 47 KiB) lives in static RAM, built in place by
    // `new_engine` before the console starts.
    static mut ENGINE: MaybeUninit<Engine> = MaybeUninit::uninit();
    // The USB bus, which the device and its serial port borrow for good.
    static mut USB_BUS: Option<UsbBusAllocator<UsbBus>> = None;
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
        pins.gpio1
            .into_pull_type::<gpio::PullUp>()
            .into_function::<gpio::FunctionUart>(),
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
    // The USB device last: the host may talk to it as soon as it is up.
    let bus = USB_BUS.insert(UsbBusAllocator::new(UsbBus::new(
        p.USBCTRL_REGS,
        p.USBCTRL_DPRAM,
        clocks.usb_clock,
        true,
        &mut p.RESETS,
    )));
    if !usb::start(bus) {
        halt()
    }
    let mut uart_lines = LineAssembler::new();
    let mut usb_lines = LineAssembler::new();
    let mut out = [0u8; ANSWER_CAPACITY];
    loop {
        let mut received = false;
        let mut byte = [0u8; 1];
        match uart.read_raw(&mut byte) {
            Ok(_) => {
                received = true;
                if let Some(line) = uart_lines.push(byte[0]) {
                    let reply = board.execute(engine, line, &mut out);
                    board.follow_console(engine);
                    answer(&uart, &out, reply);
                }
            }
            // A byte received with an error (overrun, break, parity,
            // framing): the line fails with its id rather than running
            // with a byte missing.
            Err(nb::Error::Other(_)) => uart_lines.push_damaged(),
            Err(nb::Error::WouldBlock) => {}
        }
        let mut bytes = [0u8; 64];
        let n = usb::read(&mut bytes);
        for &byte in bytes.get(..n).unwrap_or(&[]) {
            received = true;
            if let Some(line) = usb_lines.push(byte) {
                let reply = board.execute(engine, line, &mut out);
                board.follow_console(engine);
                usb_answer(
                    out.get(..reply.len).unwrap_or(&[]),
                    &mut board,
                    engine,
                    &timer,
                );
            }
        }
        // Nothing received: the board's turn.
        if !received {
            board.poll(engine);
        }
    }
}

/// Sends `answer` to the USB host, giving the board its turns while the
/// host collects it; drops it if there is no host or the host stops
/// collecting for [`USB_STALL_US`].
fn usb_answer(
    mut answer: &[u8],
    board: &mut board_io::BoardIo,
    engine: &mut Engine,
    timer: &Timer,
) {
    let mut progress = timer.get_counter().ticks();
    while !answer.is_empty() {
        match usb::write(answer) {
            Ok(0) => {
                if timer.get_counter().ticks().saturating_sub(progress) > USB_STALL_US {
                    return;
                }
                board.poll(engine);
            }
            Ok(n) => {
                answer = answer.get(n..).unwrap_or(&[]);
                progress = timer.get_counter().ticks();
            }
            Err(usb::Closed) => return,
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
