//! The board's stone sensors and LEDs on the Pico: the pin map, the
//! wiring of `owlet-firmware`'s drivers to the RP2040's SPI buses, and the
//! board's turn in the main loop.
//!
//! The drivers are `owlet-firmware`'s, hardware-free and tested on the
//! host: [`ShiftRegisterSensor`] (a chain of 74HC165 parallel-in shift
//! registers, two sensing elements per point) read by a [`Station`] (the
//! debouncer, the referee turning stable scans into game events, the
//! analysis after each move, the LED frame); and [`ShiftRegisterLeds`]
//! (bicolour LEDs on a 74HC595 chain) showing the station's frame. This
//! module owns only the Pico's pins and the timing.
//!
//! | signal | GPIO | Pico pin | what |
//! |---|---|---|---|
//! | `SENSE_SCK` | GP2 | 4 | SPI0 clock to the 74HC165 chain (CLK) |
//! | `SENSE_TX` | GP3 | 5 | SPI0 TX (not connected: the chain only sends) |
//! | `SENSE_RX` | GP4 | 6 | SPI0 RX from the last 74HC165 (QH) |
//! | `SENSE_LOAD` | GP5 | 7 | 74HC165 SH/LD, pulsed low to latch the inputs |
//! | `LED_LATCH` | GP9 | 12 | 74HC595 RCLK, pulsed high to show a frame |
//! | `LED_SCK` | GP10 | 14 | SPI1 clock to the 74HC595 chain (SRCLK) |
//! | `LED_TX` | GP11 | 15 | SPI1 TX to the first 74HC595 (SER) |
//! | `STATUS_LED` | GP25 | — | the Pico's own LED: blinks while the loop runs |
//!
//! UART0 (GP0 TX, GP1 RX) is the GTP console's (USB is the other).
//! [`PIN_MAP`] is this table; [`BoardIo::wire`] takes the same pins (keep
//! the two in step).
//!
//! Timing: a scan every [`SCAN_US`] (a 19×19 chain is 91 bytes, about
//! 0.7 ms at 1 MHz), a stable picture after [`DEBOUNCE`] equal scans, an
//! LED frame every [`FRAME_US`] (the blink tick). The board gets its turn
//! only while the console waits for input: a long GTP command (a deep
//! `attack`, seconds at worst) pauses scanning and blinking meanwhile.
//!
//! The board and the console play one game ([`owlet_firmware::link`]):
//! [`BoardIo::poll`] hands the referee's moves to the console, and
//! [`BoardIo::follow_console`] (after each GTP command) gives the referee
//! the console's moves, passes, undos and new games, while the console's
//! board has [`BOARD_SIZE`]; the board's pass, undo and new-game gestures
//! reach the console through [`BoardIo::poll`].

use embedded_hal::digital::{PinState, StatefulOutputPin};
use owlet_firmware::app::Event;
use owlet_firmware::leds::{LedSink, ShiftRegisterLeds};
use owlet_firmware::link::ConsoleOracle;
use owlet_firmware::scoring::UnconditionalOracle;
use owlet_firmware::sensors::ShiftRegisterSensor;
use owlet_firmware::station::{SensorTestCommand, Station};
use owlet_firmware::{Engine, Reply};
use rp2040_hal::Timer;
use rp2040_hal::fugit::{HertzU32, RateExtU32 as _};
use rp2040_hal::gpio::{self, FunctionSpi};
use rp2040_hal::pac;
use rp2040_hal::spi::Spi;

/// A signal's name and its GPIO number.
pub type PinAssignment = (&'static str, u8);

/// The pin map (see the module's table).
pub const PIN_MAP: [PinAssignment; 8] = [
    ("SENSE_SCK", 2),
    ("SENSE_TX", 3),
    ("SENSE_RX", 4),
    ("SENSE_LOAD", 5),
    ("LED_LATCH", 9),
    ("LED_SCK", 10),
    ("LED_TX", 11),
    ("STATUS_LED", 25),
];

/// GPIOs the console owns (UART0's TX and RX).
const CONSOLE_PINS: [u8; 2] = [0, 1];

/// Whether two signals of `map` share a GPIO, or one takes the console's.
const fn pins_clash(map: &[PinAssignment]) -> bool {
    let mut i = 0;
    while i < map.len() {
        let mut j = 0;
        while j < CONSOLE_PINS.len() {
            if map[i].1 == CONSOLE_PINS[j] {
                return true;
            }
            j += 1;
        }
        let mut k = i + 1;
        while k < map.len() {
            if map[i].1 == map[k].1 {
                return true;
            }
            k += 1;
        }
        i += 1;
    }
    false
}

// The pin map is checked when the binary is built.
const _: () = assert!(!pins_clash(&PIN_MAP), "a GPIO is assigned twice");

/// The board's size (lines).
pub const BOARD_SIZE: usize = 19;

/// Equal scans in a row before a point's reading is taken as stable.
pub const DEBOUNCE: u8 = 4;

/// Microseconds between scans: the 20 ms the board's gestures are timed
/// in (`owlet_firmware::station`'s `PASS_GESTURE_SCANS`, 3 s, and
/// `UNDO_HOLD_SCANS`, 2 s) and a debounce window of 80 ms.
pub const SCAN_US: u64 = 20_000;

/// Microseconds between LED frames (one blink tick).
pub const FRAME_US: u64 = 50_000;

/// SPI clock of the sensor chain.
const SENSE_SPI_HZ: u32 = 1_000_000;

/// SPI clock of the LED chain.
const LED_SPI_HZ: u32 = 4_000_000;

/// The sensor chain: SPI0 on GP3/GP4/GP2, SH/LD on GP5.
type SenseSpi = Spi<
    rp2040_hal::spi::Enabled,
    pac::SPI0,
    (
        gpio::Pin<gpio::bank0::Gpio3, FunctionSpi, gpio::PullDown>,
        gpio::Pin<gpio::bank0::Gpio4, FunctionSpi, gpio::PullDown>,
        gpio::Pin<gpio::bank0::Gpio2, FunctionSpi, gpio::PullDown>,
    ),
>;
type SenseLoad = gpio::Pin<gpio::bank0::Gpio5, gpio::FunctionSioOutput, gpio::PullDown>;

/// The LED chain: SPI1 on GP11/GP10, RCLK on GP9.
type LedSpi = Spi<
    rp2040_hal::spi::Enabled,
    pac::SPI1,
    (
        gpio::Pin<gpio::bank0::Gpio11, FunctionSpi, gpio::PullDown>,
        gpio::Pin<gpio::bank0::Gpio10, FunctionSpi, gpio::PullDown>,
    ),
>;
type LedLatch = gpio::Pin<gpio::bank0::Gpio9, gpio::FunctionSioOutput, gpio::PullDown>;
type StatusLed = gpio::Pin<gpio::bank0::Gpio25, gpio::FunctionSioOutput, gpio::PullDown>;

/// The board's sensors, referee, analysis and LEDs, given a turn whenever
/// the console is idle.
pub struct BoardIo {
    station: BoardStation,
    leds: ShiftRegisterLeds<LedSpi, LedLatch>,
    status: StatusLed,
    timer: Timer,
    next_scan: u64,
    next_frame: u64,
    tick: u32,
}

/// The sensor chain read by the debouncer, the referee and the analysis
/// (after each move: [`Station::BOARD_BUDGET`]).
type BoardStation = Station<ShiftRegisterSensor<SenseSpi, SenseLoad>, DEBOUNCE>;

/// A GPIO as it is after reset.
type ResetPin<I> = gpio::Pin<I, gpio::FunctionNull, gpio::PullDown>;

/// The GPIOs of [`PIN_MAP`], as they are after reset.
#[allow(missing_docs)] // named after their GPIO numbers
pub struct BoardPins {
    pub gpio2: ResetPin<gpio::bank0::Gpio2>,
    pub gpio3: ResetPin<gpio::bank0::Gpio3>,
    pub gpio4: ResetPin<gpio::bank0::Gpio4>,
    pub gpio5: ResetPin<gpio::bank0::Gpio5>,
    pub gpio9: ResetPin<gpio::bank0::Gpio9>,
    pub gpio10: ResetPin<gpio::bank0::Gpio10>,
    pub gpio11: ResetPin<gpio::bank0::Gpio11>,
    pub gpio25: ResetPin<gpio::bank0::Gpio25>,
}

/// The peripherals [`BoardIo::wire`] takes.
pub struct Peripherals<'a> {
    /// The pins of [`PIN_MAP`].
    pub pins: BoardPins,
    /// SPI0, for the sensors.
    pub spi0: pac::SPI0,
    /// SPI1, for the LEDs.
    pub spi1: pac::SPI1,
    /// The reset controller.
    pub resets: &'a mut pac::RESETS,
    /// The peripheral clock's frequency.
    pub peripheral_hz: HertzU32,
    /// The microsecond timer.
    pub timer: Timer,
}

impl BoardIo {
    /// Wires the drivers to the pins of [`PIN_MAP`]: `None` if the
    /// sensor chain does not fit [`BOARD_SIZE`] (it does: 19 is legal).
    pub fn wire(p: Peripherals<'_>) -> Option<BoardIo> {
        let pins = p.pins;
        let sense_pins = (
            pins.gpio3.into_function::<FunctionSpi>(),
            pins.gpio4.into_function::<FunctionSpi>(),
            pins.gpio2.into_function::<FunctionSpi>(),
        );
        let sense_spi = Spi::<_, _, _, 8>::new(p.spi0, sense_pins).init(
            p.resets,
            p.peripheral_hz,
            SENSE_SPI_HZ.Hz(),
            embedded_hal::spi::MODE_0,
        );
        // SH/LD idles high (shifting); the sensor pulses it low to latch.
        let load = pins.gpio5.into_push_pull_output_in_state(PinState::High);
        let sensor = ShiftRegisterSensor::new(sense_spi, load, BOARD_SIZE).ok()?;

        let led_pins = (
            pins.gpio11.into_function::<FunctionSpi>(),
            pins.gpio10.into_function::<FunctionSpi>(),
        );
        let led_spi = Spi::<_, _, _, 8>::new(p.spi1, led_pins).init(
            p.resets,
            p.peripheral_hz,
            LED_SPI_HZ.Hz(),
            embedded_hal::spi::MODE_0,
        );
        let latch = pins.gpio9.into_push_pull_output_in_state(PinState::Low);
        let status = pins.gpio25.into_push_pull_output_in_state(PinState::Low);

        let station = Station::new(sensor, BoardStation::BOARD_BUDGET).ok()?;
        let now = p.timer.get_counter().ticks();
        Some(BoardIo {
            station,
            leds: ShiftRegisterLeds::new(led_spi, latch),
            status,
            timer: p.timer,
            next_scan: now,
            next_frame: now,
            tick: 0,
        })
    }

    /// One turn: a scan when one is due (a new stable picture goes to the
    /// referee; a move is played on the console's `engine` too, analysed,
    /// and the frame composed again), then an LED frame when one is due.
    pub fn poll(&mut self, engine: &mut Engine) {
        let now = self.timer.get_counter().ticks();
        if now >= self.next_scan {
            self.next_scan = now.saturating_add(SCAN_US);
            self.scan(engine);
        }
        if now >= self.next_frame {
            self.next_frame = now.saturating_add(FRAME_US);
            self.tick = self.tick.wrapping_add(1);
            // The buses and pins of rp2040-hal cannot fail (Infallible).
            let _ = self.leds.show(self.station.frame(), self.tick);
            if self.tick.is_multiple_of(16) {
                let _ = self.status.toggle();
            }
        }
    }

    /// Runs one GTP command `line` on `engine` with the board's own
    /// command, `owlet-sensor_test on|off` (each point lit as its sensor
    /// reads it, for bring-up); the answer goes into `out`.
    pub fn execute(&mut self, engine: &mut Engine, line: &[u8], out: &mut [u8]) -> Reply {
        engine.execute_with(line, out, &mut SensorTestCommand::new(&mut self.station))
    }

    /// After a GTP command: takes the console's position if it differs
    /// (a `play`, `undo`, `clear_board`...); the LEDs show the stones to
    /// place and to lift. A console pass that ends the game starts the
    /// end-of-game mode as the board's second pass does.
    pub fn follow_console(&mut self, engine: &mut Engine) {
        let event = self.station.follow_console(engine);
        self.start_scoring_if_over(event, engine);
    }

    /// After the second pass in a row: the end-of-game mode with the
    /// console's dead stones marked (`final_status_list dead`, see
    /// [`ConsoleOracle`]). That judgement reads every dragon (seconds), so
    /// the LEDs first show the mode with the unconditionally dead stones.
    fn start_scoring_if_over(&mut self, event: Option<Event>, engine: &mut Engine) {
        if let Some(Event::Passed {
            game_over: true, ..
        }) = event
        {
            self.station
                .app_mut()
                .start_scoring(&mut UnconditionalOracle);
            self.station.refresh(false);
            // The buses and pins of rp2040-hal cannot fail (Infallible).
            let _ = self.leds.show(self.station.frame(), self.tick);
            self.station
                .app_mut()
                .start_scoring(&mut ConsoleOracle { engine });
            self.station.refresh(false);
        }
    }

    /// Scans once; on a new stable picture, referees it, plays a move or
    /// a pass (the board's pass gesture) on the console, analyses it and
    /// composes the frame; the undo and new-game gestures act on the
    /// console too. The second pass in a row starts the end-of-game mode
    /// with the console's dead stones marked.
    fn scan(&mut self, engine: &mut Engine) {
        // Unchanged, or a bus error (none on the RP2040's SPI): nothing.
        if let Ok(Some((event, _))) = self.station.scan_linked(engine) {
            self.start_scoring_if_over(Some(event), engine);
        }
    }
}
