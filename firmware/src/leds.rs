//! The LED under each point: frames composed from layers, and two ways to
//! send them out.
//!
//! Owns: [`Rgb`], [`Blink`], [`Led`], [`Frame`] (one [`Led`] per point of a
//! board of run-time size up to 19×19), [`Layers`] and [`Palette`] (what
//! to show and in which colours), the [`LedSink`] output trait, and two
//! sinks: [`Ws2812Chain`] (a WS2812-style chain through the `smart-leds`
//! [`SmartLedsWrite`] trait, rows or serpentine wiring) and
//! [`ShiftRegisterLeds`] (bicolour LEDs on a serial-in parallel-out shift
//! register chain over embedded-hal [`SpiBus`] with a latch [`OutputPin`]).
//!
//! Omits: the analysis behind the layers (they are plain point sets: see
//! [`crate::analysis`], [`crate::app::App`]), brightness control and
//! gamma, and multiplexed (row-scanned) LED matrices.
//!
//! # Layers and priority
//! [`Frame::compose`] paints the layers from the lowest priority to the
//! highest, so a point shows the most urgent thing about it:
//!
//! 1. (highest) an illegal placement to lift (red, fast blink)
//! 2. points out of sync: stones to put back or to lift (red, slow blink)
//! 3. captured stones to remove (orange, fast blink)
//! 4. the last move (white, steady)
//! 5. combination threats (magenta, slow blink)
//! 6. vital points of critical groups (cyan, slow blink)
//! 7. stones in atari (yellow, steady)
//! 8. groups whose analysis ran out of its budget: unsure, no verdict
//!    (grey, slow blink)
//! 9. (lowest) dead groups (blue, steady)
//!
//! A group is shown unsure instead of dead, or instead of the vital
//! points of a critical group, when its search reached a node limit
//! ([`crate::analysis::Groups::unsure`]): what such a search says is no
//! verdict. A group with no mark is alive or was not read. Atari needs no
//! reading, and a threat is shown only when its combination was read out:
//! a spent combination budget ([`crate::analysis::Analysis::exhausted`])
//! can hide a threat but not invent one.
//!
//! # Blinking
//! A sink is given a `tick` (a counter the caller advances at a steady
//! rate, e.g. every 50 ms): [`Blink::Slow`] is lit for 8 ticks out of 16,
//! [`Blink::Fast`] for 2 out of 4.
//!
//! # Sizes
//! A [`Led`] is 4 bytes and a [`Frame`] 1,445 bytes; [`ShiftRegisterLeds`]
//! keeps a 91-byte buffer; checked by a unit test.

use embedded_hal::digital::OutputPin;
use embedded_hal::spi::SpiBus;
use owlet_board::{MAX_SIZE, Point, PointSet};
use smart_leds_trait::{RGB8, SmartLedsWrite};

use crate::sensors::POINTS;

/// An LED colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Rgb {
    /// Red, 0..=255.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

impl Rgb {
    /// Off.
    pub const OFF: Rgb = Rgb::new(0, 0, 0);

    /// A colour from its components.
    #[must_use]
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }
}

impl From<Rgb> for RGB8 {
    fn from(c: Rgb) -> RGB8 {
        RGB8::new(c.r, c.g, c.b)
    }
}

/// How an LED blinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Blink {
    /// Always lit.
    #[default]
    Steady,
    /// Lit 8 ticks of 16.
    Slow,
    /// Lit 2 ticks of 4.
    Fast,
}

/// One point's LED.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Led {
    /// Its colour when lit.
    pub color: Rgb,
    /// How it blinks.
    pub blink: Blink,
}

impl Led {
    /// Dark.
    pub const OFF: Led = Led {
        color: Rgb::OFF,
        blink: Blink::Steady,
    };

    /// What it shows at `tick`.
    #[must_use]
    pub const fn at(self, tick: u32) -> Rgb {
        let lit = match self.blink {
            Blink::Steady => true,
            Blink::Slow => tick % 16 < 8,
            Blink::Fast => tick % 4 < 2,
        };
        if lit { self.color } else { Rgb::OFF }
    }
}

/// Colours and blinking of each layer (see the module's priority list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[allow(missing_docs)] // one field per layer, named after it
pub struct Palette {
    pub illegal: Led,
    pub fix: Led,
    pub to_remove: Led,
    pub last_move: Led,
    pub threat: Led,
    pub vital: Led,
    pub atari: Led,
    pub unsure: Led,
    pub dead: Led,
}

impl Default for Palette {
    fn default() -> Self {
        let led = |r, g, b, blink| Led {
            color: Rgb::new(r, g, b),
            blink,
        };
        Palette {
            illegal: led(255, 0, 0, Blink::Fast),
            fix: led(255, 0, 0, Blink::Slow),
            to_remove: led(255, 96, 0, Blink::Fast),
            last_move: led(255, 255, 255, Blink::Steady),
            threat: led(255, 0, 255, Blink::Slow),
            vital: led(0, 255, 255, Blink::Slow),
            atari: led(255, 255, 0, Blink::Steady),
            unsure: led(96, 96, 96, Blink::Slow),
            dead: led(0, 0, 255, Blink::Steady),
        }
    }
}

/// What to show: plain point sets, from the referee and the analysis.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Layers<'a> {
    /// An illegal placement to lift.
    pub illegal: Option<Point>,
    /// Points out of sync (stones to put back or to lift).
    pub fix: Option<&'a PointSet>,
    /// Also out of sync (a second set, e.g. the stones to lift when `fix`
    /// holds the ones to put back).
    pub fix_more: Option<&'a PointSet>,
    /// Captured stones to remove.
    pub to_remove: Option<&'a PointSet>,
    /// The last move.
    pub last_move: Option<Point>,
    /// Combination threats.
    pub threats: Option<&'a PointSet>,
    /// Vital points of critical groups.
    pub vital: Option<&'a PointSet>,
    /// Stones in atari.
    pub atari: Option<&'a PointSet>,
    /// Stones of groups whose analysis ran out of its budget (no verdict).
    pub unsure: Option<&'a PointSet>,
    /// Stones of dead groups.
    pub dead: Option<&'a PointSet>,
}

/// One [`Led`] per point of a `size`×`size` board.
///
/// ```
/// use owlet_board::{Point, PointSet};
/// use owlet_firmware::leds::{Frame, Layers, Palette};
/// let [d4, e5] = ["D4", "E5"].map(|v| Point::from_vertex(v, 9).unwrap());
/// let mut atari = PointSet::new();
/// atari.insert(d4);
/// atari.insert(e5);
/// let palette = Palette::default();
/// let layers = Layers { last_move: Some(e5), atari: Some(&atari), ..Layers::default() };
/// let frame = Frame::compose(9, &layers, &palette);
/// assert_eq!(frame.led(e5), palette.last_move); // the last move outranks atari
/// assert_eq!(frame.led(d4), palette.atari);
/// assert_eq!(frame.lit(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Frame {
    size: u8,
    leds: [Led; POINTS],
}

impl Frame {
    /// A dark frame (sizes above 19 are taken as 19).
    #[must_use]
    pub const fn new(size: usize) -> Frame {
        let size = if size > MAX_SIZE { MAX_SIZE } else { size };
        Frame {
            size: size as u8,
            leds: [Led::OFF; POINTS],
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    fn slot(&self, col: usize, row: usize) -> Option<usize> {
        (col < self.size() && row < self.size()).then_some(row * MAX_SIZE + col)
    }

    /// The LED at 0-based `col`, `row` (row 0 at the bottom); off outside.
    #[must_use]
    pub fn get(&self, col: usize, row: usize) -> Led {
        self.slot(col, row)
            .and_then(|i| self.leds.get(i).copied())
            .unwrap_or(Led::OFF)
    }

    /// The LED at `p`.
    #[must_use]
    pub fn led(&self, p: Point) -> Led {
        self.get(p.col(), p.row())
    }

    /// Sets the LED at `p`; ignored off the board.
    pub fn set(&mut self, p: Point, led: Led) {
        if let Some(slot) = self
            .slot(p.col(), p.row())
            .and_then(|i| self.leds.get_mut(i))
        {
            *slot = led;
        }
    }

    /// Sets the LED of every point of `set`.
    pub fn paint(&mut self, set: &PointSet, led: Led) {
        for p in set.iter() {
            self.set(p, led);
        }
    }

    /// Number of LEDs not off.
    #[must_use]
    pub fn lit(&self) -> usize {
        self.leds.iter().filter(|led| **led != Led::OFF).count()
    }

    /// The frame for `layers` in `palette`'s colours, by the module's
    /// priority list.
    #[must_use]
    pub fn compose(size: usize, layers: &Layers<'_>, palette: &Palette) -> Frame {
        let mut frame = Frame::new(size);
        let sets = [
            (layers.dead, palette.dead),
            (layers.unsure, palette.unsure),
            (layers.atari, palette.atari),
            (layers.vital, palette.vital),
            (layers.threats, palette.threat),
        ];
        for (set, led) in sets {
            if let Some(set) = set {
                frame.paint(set, led);
            }
        }
        if let Some(p) = layers.last_move {
            frame.set(p, palette.last_move);
        }
        for (set, led) in [
            (layers.to_remove, palette.to_remove),
            (layers.fix, palette.fix),
            (layers.fix_more, palette.fix),
        ] {
            if let Some(set) = set {
                frame.paint(set, led);
            }
        }
        if let Some(p) = layers.illegal {
            frame.set(p, palette.illegal);
        }
        frame
    }
}

/// Where LED frames go.
pub trait LedSink {
    /// The bus or pin error.
    type Error;
    /// Shows `frame` as it looks at `tick` (see [`Blink`]).
    fn show(&mut self, frame: &Frame, tick: u32) -> Result<(), Self::Error>;
}

/// How a chain of LEDs runs over the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Wiring {
    /// Every row left to right (A to T), from line 1 up.
    #[default]
    Rows,
    /// Line 1 left to right, line 2 right to left, and so on.
    Serpentine,
}

impl Wiring {
    /// The point (`col`, `row`) of the `i`-th LED of the chain on a
    /// `size`×`size` board.
    #[must_use]
    pub const fn point(self, i: usize, size: usize) -> (usize, usize) {
        if size == 0 {
            return (0, 0);
        }
        let (row, k) = (i / size, i % size);
        match self {
            Wiring::Serpentine if row % 2 == 1 => (size - 1 - k, row),
            _ => (k, row),
        }
    }
}

/// A WS2812-style chain (one addressable RGB LED per point, `size²` of
/// them) through any `smart-leds` driver.
pub struct Ws2812Chain<W> {
    writer: W,
    wiring: Wiring,
}

impl<W: SmartLedsWrite<Color = RGB8>> Ws2812Chain<W> {
    /// A chain driven by `writer`, laid out as `wiring` says.
    pub const fn new(writer: W, wiring: Wiring) -> Self {
        Ws2812Chain { writer, wiring }
    }

    /// The driver back.
    pub fn release(self) -> W {
        self.writer
    }
}

impl<W: SmartLedsWrite<Color = RGB8>> LedSink for Ws2812Chain<W> {
    type Error = W::Error;

    fn show(&mut self, frame: &Frame, tick: u32) -> Result<(), Self::Error> {
        let size = frame.size();
        let wiring = self.wiring;
        self.writer.write((0..size * size).map(|i| {
            let (col, row) = wiring.point(i, size);
            RGB8::from(frame.get(col, row).at(tick))
        }))
    }
}

/// A bus or pin error of [`ShiftRegisterLeds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ShiftError<S, P> {
    /// The SPI transfer failed.
    Spi(S),
    /// Driving the latch failed.
    Latch(P),
}

/// Bicolour (red/green) LEDs, one per point, on a chain of serial-in
/// parallel-out registers (74HC595 kind) written over SPI; `latch` (the
/// storage clock) is pulsed high after the bytes so all outputs change at
/// once.
///
/// The stream is `⌈2 × size² / 8⌉` bytes, most significant bit first: bit
/// `2i` is the red die of point `i`, bit `2i + 1` the green one, points in
/// row-major order from A1 (`i = row × size + col`). The byte sent first
/// ends in the register farthest from the controller: wire that one to A1.
/// A die is lit when the LED's channel is at least 64 at this tick (yellow
/// lights both, blue neither).
pub struct ShiftRegisterLeds<S, P> {
    spi: S,
    latch: P,
    buffer: [u8; crate::sensors::CHAIN_BYTES],
}

impl<S: SpiBus, P: OutputPin> ShiftRegisterLeds<S, P> {
    /// A chain on `spi`; `latch` should start low.
    pub const fn new(spi: S, latch: P) -> Self {
        ShiftRegisterLeds {
            spi,
            latch,
            buffer: [0; crate::sensors::CHAIN_BYTES],
        }
    }

    /// The bus and the latch back.
    pub fn release(self) -> (S, P) {
        (self.spi, self.latch)
    }
}

impl<S: SpiBus, P: OutputPin> LedSink for ShiftRegisterLeds<S, P> {
    type Error = ShiftError<S::Error, P::Error>;

    fn show(&mut self, frame: &Frame, tick: u32) -> Result<(), Self::Error> {
        let size = frame.size();
        let n = (2 * size * size).div_ceil(8);
        let bytes = self.buffer.get_mut(..n).unwrap_or(&mut []);
        bytes.fill(0);
        for i in 0..size * size {
            let c = frame.get(i % size, i / size).at(tick);
            for (bit, on) in [(2 * i, c.r >= 64), (2 * i + 1, c.g >= 64)] {
                if let (true, Some(byte)) = (on, bytes.get_mut(bit / 8)) {
                    *byte |= 0x80 >> (bit % 8);
                }
            }
        }
        self.spi.write(bytes).map_err(ShiftError::Spi)?;
        self.spi.flush().map_err(ShiftError::Spi)?;
        self.latch.set_high().map_err(ShiftError::Latch)?;
        self.latch.set_low().map_err(ShiftError::Latch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
    use embedded_hal_mock::eh1::spi::{Mock as SpiMock, Transaction as SpiTx};
    use std::vec;
    use std::vec::Vec;

    fn pt(v: &str, size: usize) -> Point {
        Point::from_vertex(v, size).unwrap()
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Led>(), 4);
        assert_eq!(core::mem::size_of::<Frame>(), 1445);
    }

    #[test]
    fn priority_order() {
        let p = pt("C3", 9);
        let mut one = PointSet::new();
        one.insert(p);
        let palette = Palette::default();
        let mut layers = Layers {
            dead: Some(&one),
            ..Layers::default()
        };
        let expect = |layers: &Layers<'_>, led: Led| {
            assert_eq!(Frame::compose(9, layers, &palette).led(p), led);
        };
        expect(&layers, palette.dead);
        layers.atari = Some(&one);
        expect(&layers, palette.atari);
        layers.vital = Some(&one);
        expect(&layers, palette.vital);
        layers.threats = Some(&one);
        expect(&layers, palette.threat);
        layers.last_move = Some(p);
        expect(&layers, palette.last_move);
        layers.to_remove = Some(&one);
        expect(&layers, palette.to_remove);
        layers.fix = Some(&one);
        expect(&layers, palette.fix);
        layers.illegal = Some(p);
        expect(&layers, palette.illegal);
        assert_eq!(Frame::compose(9, &layers, &palette).lit(), 1);
    }

    #[test]
    fn blinking() {
        let fast = Led {
            color: Rgb::new(1, 2, 3),
            blink: Blink::Fast,
        };
        let lit: Vec<bool> = (0..8).map(|t| fast.at(t) != Rgb::OFF).collect();
        assert_eq!(lit, [true, true, false, false, true, true, false, false]);
        let slow = Led {
            blink: Blink::Slow,
            ..fast
        };
        assert_eq!((0..16).filter(|&t| slow.at(t) != Rgb::OFF).count(), 8);
    }

    struct Recorder(Vec<RGB8>);

    impl SmartLedsWrite for Recorder {
        type Error = ();
        type Color = RGB8;
        fn write<T, I>(&mut self, iterator: T) -> Result<(), ()>
        where
            T: IntoIterator<Item = I>,
            I: Into<RGB8>,
        {
            self.0 = iterator.into_iter().map(Into::into).collect();
            Ok(())
        }
    }

    #[test]
    fn ws2812_serpentine_reverses_odd_rows() {
        let mut frame = Frame::new(3);
        let red = Led {
            color: Rgb::new(255, 0, 0),
            blink: Blink::Steady,
        };
        frame.set(pt("A2", 3), red); // row 1, col 0
        let mut rows = Ws2812Chain::new(Recorder(Vec::new()), Wiring::Rows);
        rows.show(&frame, 0).unwrap();
        let rows = rows.release().0;
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[3], RGB8::new(255, 0, 0));
        let mut snake = Ws2812Chain::new(Recorder(Vec::new()), Wiring::Serpentine);
        snake.show(&frame, 0).unwrap();
        let snake = snake.release().0;
        assert_eq!(snake[5], RGB8::new(255, 0, 0));
        assert_eq!(snake.iter().filter(|c| **c != RGB8::default()).count(), 1);
    }

    #[test]
    fn shift_register_bits_and_latch() {
        // 2×2: 8 bits. A1 red (bit 0), B2 yellow (bits 6, 7), B1 blinking
        // fast green, dark at tick 2.
        let mut frame = Frame::new(2);
        let led = |r, g, blink| Led {
            color: Rgb::new(r, g, 0),
            blink,
        };
        frame.set(pt("A1", 2), led(255, 0, Blink::Steady));
        frame.set(pt("B2", 2), led(255, 255, Blink::Steady));
        frame.set(pt("B1", 2), led(0, 255, Blink::Fast));
        let spi = SpiMock::new(&[
            SpiTx::write_vec(vec![0b1001_0011]),
            SpiTx::flush(),
            SpiTx::write_vec(vec![0b1000_0011]),
            SpiTx::flush(),
        ]);
        let latch = PinMock::new(&[
            PinTx::set(State::High),
            PinTx::set(State::Low),
            PinTx::set(State::High),
            PinTx::set(State::Low),
        ]);
        let mut sink = ShiftRegisterLeds::new(spi, latch);
        sink.show(&frame, 0).unwrap();
        sink.show(&frame, 2).unwrap();
        let (mut spi, mut latch) = sink.release();
        spi.done();
        latch.done();
    }
}
