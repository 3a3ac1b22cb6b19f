//! Reading the physical board: what stands on each point, from a sensor
//! matrix, debounced.
//!
//! Owns: [`Reading`] and [`Scan`] (one reading per point), the
//! [`StoneSensor`] trait every sensor front end implements, two front ends
//! over embedded-hal 1.0 ([`MatrixSensor`]: row drive [`OutputPin`]s and
//! column [`InputPin`]s; [`ShiftRegisterSensor`]: a parallel-in shift
//! register chain read over [`SpiBus`]), the per-point [`Debouncer`] and
//! the [`Scanner`] that ties a sensor to a debouncer.
//!
//! Omits: what the readings mean for the game (see [`crate::app`]), scan
//! timing (the caller polls, e.g. from a timer every few milliseconds) and
//! interrupts.
//!
//! # Electrical assumptions
//! Each point has two sensing elements: one that detects a black stone and
//! one that detects a white stone (for example two Hall switches and stones
//! carrying magnets of opposite polarity, or a photodiode pair reading
//! reflectance). A point reads [`Reading::Empty`] when neither detects,
//! [`Reading::Black`] or [`Reading::White`] when one does, and
//! [`Reading::Conflict`] when both do (a fault, or a stone in mid-air:
//! never taken as stable by the [`Debouncer`]).
//!
//! - [`MatrixSensor`]: `ROWS` row lines, one per board line, driven low one
//!   at a time (the others high); `COLS = 2 × ROWS` column inputs with
//!   pull-ups, column `2k` the black element of board column `k`, `2k + 1`
//!   the white one. An element pulls its column low while it detects and
//!   its row is driven (an open-drain sensor powered from the row, or a
//!   diode per element, so there is no ghosting). Row 0 is board line 1
//!   (the bottom edge, as in GTP). After driving a row the scanner waits
//!   `settle_us` microseconds before reading.
//! - [`ShiftRegisterSensor`]: a chain of parallel-in serial-out registers
//!   (74HC165 kind). Pulsing the load pin low latches every input; then
//!   `⌈2 × size² / 8⌉` bytes are read, most significant bit first. Bit `2i`
//!   of that stream is the black element of point `i` and bit `2i + 1` the
//!   white one, points in row-major order from A1 (`i = row × size + col`);
//!   a set bit means "detects" (invert active-low sensors in hardware).
//!
//! # Sizes
//! A [`Scan`] is 362 bytes, a [`Debouncer`] 1,084 bytes and a [`Scanner`]
//! 1,446 bytes plus the sensor ([`ShiftRegisterSensor`] keeps a 91-byte
//! buffer); checked by a unit test.

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{InputPin, OutputPin};
use embedded_hal::spi::SpiBus;
use owlet_board::{Color, MAX_SIZE, Point};

/// Points of the largest board.
pub const POINTS: usize = MAX_SIZE * MAX_SIZE;

/// Bytes of a full shift-register sensor chain: two bits per point.
pub const CHAIN_BYTES: usize = (2 * POINTS).div_ceil(8);

/// What the sensors of one point say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[repr(u8)]
pub enum Reading {
    /// No stone.
    #[default]
    Empty,
    /// A black stone.
    Black,
    /// A white stone.
    White,
    /// Both elements detect: a fault, never stable.
    Conflict,
}

impl Reading {
    /// The reading of a point whose black and white elements detect or not.
    #[must_use]
    pub const fn from_elements(black: bool, white: bool) -> Reading {
        match (black, white) {
            (false, false) => Reading::Empty,
            (true, false) => Reading::Black,
            (false, true) => Reading::White,
            (true, true) => Reading::Conflict,
        }
    }

    /// The reading of a point holding `stone`.
    #[must_use]
    pub const fn of(stone: Option<Color>) -> Reading {
        match stone {
            None => Reading::Empty,
            Some(Color::Black) => Reading::Black,
            Some(Color::White) => Reading::White,
        }
    }

    /// The stone read, `None` for empty (and for a conflict).
    #[must_use]
    pub const fn stone(self) -> Option<Color> {
        match self {
            Reading::Black => Some(Color::Black),
            Reading::White => Some(Color::White),
            Reading::Empty | Reading::Conflict => None,
        }
    }
}

/// One reading per point of a board of run-time size 1..=19.
///
/// ```
/// use owlet_board::{Color, Point};
/// use owlet_firmware::sensors::{Reading, Scan};
/// let mut scan = Scan::new(9);
/// let c3 = Point::from_vertex("C3", 9).unwrap();
/// scan.set(c3, Reading::Black);
/// assert_eq!(scan.stone(c3), Some(Color::Black));
/// assert_eq!(scan.get(2, 2), Reading::Black);
/// assert_eq!(scan.get(9, 0), Reading::Empty); // off the board
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Scan {
    size: u8,
    cells: [Reading; POINTS],
}

impl Scan {
    /// An empty scan of a `size`×`size` board (sizes above 19 are taken as 19).
    #[must_use]
    pub const fn new(size: usize) -> Scan {
        let size = if size > MAX_SIZE { MAX_SIZE } else { size };
        Scan {
            size: size as u8,
            cells: [Reading::Empty; POINTS],
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

    /// The reading at 0-based `col`, `row` (row 0 at the bottom); empty off
    /// the board.
    #[must_use]
    pub fn get(&self, col: usize, row: usize) -> Reading {
        self.slot(col, row)
            .and_then(|i| self.cells.get(i).copied())
            .unwrap_or(Reading::Empty)
    }

    /// Sets the reading at `col`, `row`; ignored off the board.
    pub fn set_at(&mut self, col: usize, row: usize, reading: Reading) {
        if let Some(cell) = self.slot(col, row).and_then(|i| self.cells.get_mut(i)) {
            *cell = reading;
        }
    }

    /// The reading at `p`.
    #[must_use]
    pub fn reading(&self, p: Point) -> Reading {
        self.get(p.col(), p.row())
    }

    /// The stone at `p`, if one is read there.
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.reading(p).stone()
    }

    /// Sets the reading at `p`; ignored off the board.
    pub fn set(&mut self, p: Point, reading: Reading) {
        self.set_at(p.col(), p.row(), reading);
    }

    /// Every reading empty.
    pub fn clear(&mut self) {
        self.cells = [Reading::Empty; POINTS];
    }
}

/// A sensor front end: fills a [`Scan`] with what is on the board now.
pub trait StoneSensor {
    /// The bus or pin error.
    type Error;
    /// The board size the sensor covers.
    fn size(&self) -> usize;
    /// Reads every point into `out` (whose size is set to [`Self::size`]).
    fn scan(&mut self, out: &mut Scan) -> Result<(), Self::Error>;
}

/// A board size outside 1..=19 (see [`ShiftRegisterSensor::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct ShapeError;

/// A pin error of [`MatrixSensor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum MatrixError<R, C> {
    /// Driving a row failed.
    Row(R),
    /// Reading a column failed.
    Column(C),
}

/// A row/column sensor matrix: `ROWS` row outputs, `COLS = 2 × ROWS`
/// column inputs (see the module's electrical assumptions).
pub struct MatrixSensor<R, C, D, const ROWS: usize, const COLS: usize> {
    rows: [R; ROWS],
    cols: [C; COLS],
    delay: D,
    settle_us: u32,
}

impl<R, C, D, const ROWS: usize, const COLS: usize> MatrixSensor<R, C, D, ROWS, COLS>
where
    R: OutputPin,
    C: InputPin,
    D: DelayNs,
{
    /// Checked when [`MatrixSensor::new`] is compiled.
    const SHAPE: () = assert!(
        ROWS >= 1 && ROWS <= MAX_SIZE && COLS == 2 * ROWS,
        "a sensor matrix needs 1..=19 rows and two columns per row"
    );

    /// A matrix of a `ROWS`×`ROWS` board. `COLS` must be `2 × ROWS` and
    /// `ROWS` 1..=19, or it does not compile. The rows should start high
    /// (idle).
    ///
    /// ```compile_fail
    /// use embedded_hal_mock::eh1::delay::NoopDelay;
    /// use embedded_hal_mock::eh1::digital::Mock;
    /// use owlet_firmware::sensors::MatrixSensor;
    /// let rows = [Mock::new(&[]), Mock::new(&[])];
    /// let cols = [Mock::new(&[]), Mock::new(&[]), Mock::new(&[])]; // not 4
    /// let _ = MatrixSensor::new(rows, cols, NoopDelay, 0);
    /// ```
    pub fn new(rows: [R; ROWS], cols: [C; COLS], delay: D, settle_us: u32) -> Self {
        let () = Self::SHAPE;
        MatrixSensor {
            rows,
            cols,
            delay,
            settle_us,
        }
    }

    /// The pins and the delay back.
    pub fn release(self) -> ([R; ROWS], [C; COLS], D) {
        (self.rows, self.cols, self.delay)
    }
}

impl<R, C, D, const ROWS: usize, const COLS: usize> StoneSensor
    for MatrixSensor<R, C, D, ROWS, COLS>
where
    R: OutputPin,
    C: InputPin,
    D: DelayNs,
{
    type Error = MatrixError<R::Error, C::Error>;

    fn size(&self) -> usize {
        ROWS
    }

    fn scan(&mut self, out: &mut Scan) -> Result<(), Self::Error> {
        *out = Scan::new(ROWS);
        for (row, pin) in self.rows.iter_mut().enumerate() {
            pin.set_low().map_err(MatrixError::Row)?;
            self.delay.delay_us(self.settle_us);
            let mut read = || -> Result<(), C::Error> {
                for (col, pair) in self.cols.chunks_exact_mut(2).enumerate() {
                    if let [black, white] = pair {
                        let reading = Reading::from_elements(black.is_low()?, white.is_low()?);
                        out.set_at(col, row, reading);
                    }
                }
                Ok(())
            };
            let result = read();
            // Release the row even when a column failed.
            pin.set_high().map_err(MatrixError::Row)?;
            result.map_err(MatrixError::Column)?;
        }
        Ok(())
    }
}

/// A bus or pin error of [`ShiftRegisterSensor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ChainError<S, P> {
    /// The SPI transfer failed.
    Spi(S),
    /// Driving the load pin failed.
    Load(P),
}

/// A parallel-in shift-register chain read over SPI (see the module's
/// electrical assumptions): `load` is the active-low parallel-load pin.
pub struct ShiftRegisterSensor<S, P> {
    spi: S,
    load: P,
    size: u8,
    buffer: [u8; CHAIN_BYTES],
}

impl<S: SpiBus, P: OutputPin> ShiftRegisterSensor<S, P> {
    /// A chain covering a `size`×`size` board (1..=19). `load` should start
    /// high.
    pub fn new(spi: S, load: P, size: usize) -> Result<Self, ShapeError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ShapeError);
        }
        Ok(ShiftRegisterSensor {
            spi,
            load,
            size: size as u8,
            buffer: [0; CHAIN_BYTES],
        })
    }

    /// Bytes read per scan: `⌈2 × size² / 8⌉`.
    #[must_use]
    pub fn bytes_per_scan(&self) -> usize {
        (2 * self.size() * self.size()).div_ceil(8)
    }

    /// The bus and the load pin back.
    pub fn release(self) -> (S, P) {
        (self.spi, self.load)
    }
}

impl<S: SpiBus, P: OutputPin> StoneSensor for ShiftRegisterSensor<S, P> {
    type Error = ChainError<S::Error, P::Error>;

    fn size(&self) -> usize {
        usize::from(self.size)
    }

    fn scan(&mut self, out: &mut Scan) -> Result<(), Self::Error> {
        let size = self.size();
        *out = Scan::new(size);
        self.load.set_low().map_err(ChainError::Load)?;
        self.load.set_high().map_err(ChainError::Load)?;
        let n = self.bytes_per_scan();
        let bytes = self.buffer.get_mut(..n).unwrap_or(&mut []);
        self.spi.read(bytes).map_err(ChainError::Spi)?;
        let bit = |i: usize| {
            bytes
                .get(i / 8)
                .is_some_and(|byte| byte & (0x80 >> (i % 8)) != 0)
        };
        for i in 0..size * size {
            let reading = Reading::from_elements(bit(2 * i), bit(2 * i + 1));
            out.set_at(i % size, i / size, reading);
        }
        Ok(())
    }
}

/// Per-point debouncing: a point's stable reading changes only after the
/// same new reading was seen in `N` consecutive scans (`N` ≥ 1). A
/// [`Reading::Conflict`] is never stable: it only restarts the count.
///
/// ```
/// use owlet_board::Point;
/// use owlet_firmware::sensors::{Debouncer, Reading, Scan};
/// let a1 = Point::from_vertex("A1", 9).unwrap();
/// let mut debouncer: Debouncer<3> = Debouncer::new(9);
/// let mut raw = Scan::new(9);
/// raw.set(a1, Reading::Black);
/// assert!(!debouncer.update(&raw));
/// assert!(!debouncer.update(&raw));
/// assert!(debouncer.update(&raw)); // third scan in a row: stable
/// assert_eq!(debouncer.stable().reading(a1), Reading::Black);
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Debouncer<const N: u8> {
    stable: Scan,
    candidate: [Reading; POINTS],
    count: [u8; POINTS],
}

impl<const N: u8> Debouncer<N> {
    /// A debouncer for a `size`×`size` board whose stable picture is empty.
    #[must_use]
    pub const fn new(size: usize) -> Self {
        Debouncer {
            stable: Scan::new(size),
            candidate: [Reading::Empty; POINTS],
            count: [0; POINTS],
        }
    }

    /// The stable readings.
    #[must_use]
    pub fn stable(&self) -> &Scan {
        &self.stable
    }

    /// Whether every point's last raw reading equals its stable reading
    /// (nothing is settling).
    #[must_use]
    pub fn is_quiet(&self) -> bool {
        self.count.iter().all(|&c| c == 0)
    }

    /// Takes one raw scan; answers whether the stable picture changed. A
    /// scan of another size restarts from an empty stable picture of that
    /// size.
    pub fn update(&mut self, raw: &Scan) -> bool {
        if raw.size() != self.stable.size() {
            *self = Debouncer::new(raw.size());
        }
        let size = raw.size();
        let mut changed = false;
        for row in 0..size {
            for col in 0..size {
                let now = raw.get(col, row);
                let i = row * MAX_SIZE + col;
                let (Some(candidate), Some(count)) =
                    (self.candidate.get_mut(i), self.count.get_mut(i))
                else {
                    continue;
                };
                if now == self.stable.get(col, row) {
                    *count = 0;
                    *candidate = now;
                    continue;
                }
                if now == *candidate && *count > 0 {
                    *count = count.saturating_add(1);
                } else {
                    *candidate = now;
                    *count = 1;
                }
                if now != Reading::Conflict && *count >= N {
                    self.stable.set_at(col, row, now);
                    *count = 0;
                    changed = true;
                }
            }
        }
        changed
    }
}

/// A sensor and its debouncer: call [`Scanner::poll`] at a steady rate.
pub struct Scanner<S, const N: u8> {
    sensor: S,
    raw: Scan,
    debouncer: Debouncer<N>,
}

impl<S: StoneSensor, const N: u8> Scanner<S, N> {
    /// A scanner over `sensor`; the stable picture starts empty.
    pub fn new(sensor: S) -> Self {
        let size = sensor.size();
        Scanner {
            sensor,
            raw: Scan::new(size),
            debouncer: Debouncer::new(size),
        }
    }

    /// Scans once; answers the stable picture when it changed.
    pub fn poll(&mut self) -> Result<Option<&Scan>, S::Error> {
        self.sensor.scan(&mut self.raw)?;
        Ok(self
            .debouncer
            .update(&self.raw)
            .then_some(self.debouncer.stable()))
    }

    /// The stable picture.
    #[must_use]
    pub fn stable(&self) -> &Scan {
        self.debouncer.stable()
    }

    /// The last raw scan.
    #[must_use]
    pub fn raw(&self) -> &Scan {
        &self.raw
    }

    /// Whether nothing is settling (see [`Debouncer::is_quiet`]).
    #[must_use]
    pub fn is_quiet(&self) -> bool {
        self.debouncer.is_quiet()
    }

    /// The sensor.
    #[must_use]
    pub fn sensor(&self) -> &S {
        &self.sensor
    }

    /// The sensor.
    pub fn sensor_mut(&mut self) -> &mut S {
        &mut self.sensor
    }

    /// The sensor back.
    pub fn release(self) -> S {
        self.sensor
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_hal_mock::eh1::delay::NoopDelay;
    use embedded_hal_mock::eh1::digital::{Mock as PinMock, State, Transaction as PinTx};
    use embedded_hal_mock::eh1::spi::{Mock as SpiMock, Transaction as SpiTx};
    use std::vec;
    use std::vec::Vec;

    fn pt(v: &str, size: usize) -> Point {
        Point::from_vertex(v, size).unwrap()
    }

    #[test]
    fn sizes() {
        assert_eq!(core::mem::size_of::<Scan>(), 362);
        assert_eq!(core::mem::size_of::<Debouncer<3>>(), 1084);
        assert_eq!(core::mem::size_of::<Scanner<(), 3>>(), 1446);
    }

    impl StoneSensor for () {
        type Error = ();
        fn size(&self) -> usize {
            1
        }
        fn scan(&mut self, _: &mut Scan) -> Result<(), ()> {
            Ok(())
        }
    }

    #[test]
    fn matrix_reads_both_elements_of_each_point() {
        // 2×2 board: row 0 = line 1. Columns: A black, A white, B black, B white.
        // A1 black, B2 white, B1 both elements (conflict).
        let rows: Vec<PinMock> = (0..2)
            .map(|_| PinMock::new(&[PinTx::set(State::Low), PinTx::set(State::High)]))
            .collect();
        let col_states = [
            [State::Low, State::High],  // A black: row 0 yes, row 1 no
            [State::High, State::High], // A white
            [State::Low, State::High],  // B black: row 0 yes
            [State::Low, State::Low],   // B white: row 0 yes (conflict), row 1 yes
        ];
        let cols: Vec<PinMock> = col_states
            .iter()
            .map(|s| PinMock::new(&[PinTx::get(s[0]), PinTx::get(s[1])]))
            .collect();
        let rows: [PinMock; 2] = rows.try_into().unwrap();
        let cols: [PinMock; 4] = cols.try_into().unwrap();
        let mut sensor = MatrixSensor::new(rows, cols, NoopDelay, 5);
        let mut scan = Scan::new(19);
        sensor.scan(&mut scan).unwrap();
        assert_eq!(scan.size(), 2);
        assert_eq!(scan.reading(pt("A1", 2)), Reading::Black);
        assert_eq!(scan.reading(pt("B1", 2)), Reading::Conflict);
        assert_eq!(scan.reading(pt("A2", 2)), Reading::Empty);
        assert_eq!(scan.reading(pt("B2", 2)), Reading::White);
        let (rows, cols, _) = sensor.release();
        for mut p in rows.into_iter().chain(cols) {
            p.done();
        }
    }

    #[test]
    fn chain_decodes_bits_in_point_order() {
        // 3×3: 18 bits in 3 bytes. A1 black (bits 0,1 = 10), B1 white (01),
        // C3 (point 8) black (bits 16,17 = 10).
        let bytes = vec![0b1001_0000, 0b0000_0000, 0b1000_0000];
        let spi = SpiMock::new(&[SpiTx::read_vec(bytes)]);
        let load = PinMock::new(&[PinTx::set(State::Low), PinTx::set(State::High)]);
        let mut sensor = ShiftRegisterSensor::new(spi, load, 3).unwrap();
        assert_eq!(sensor.bytes_per_scan(), 3);
        let mut scan = Scan::new(3);
        sensor.scan(&mut scan).unwrap();
        assert_eq!(scan.reading(pt("A1", 3)), Reading::Black);
        assert_eq!(scan.reading(pt("B1", 3)), Reading::White);
        assert_eq!(scan.reading(pt("C3", 3)), Reading::Black);
        let stones = (0..3)
            .flat_map(|r| (0..3).map(move |c| (c, r)))
            .filter(|&(c, r)| scan.get(c, r) != Reading::Empty)
            .count();
        assert_eq!(stones, 3);
        let (mut spi, mut load) = sensor.release();
        spi.done();
        load.done();
    }

    #[test]
    fn debouncer_needs_n_consecutive_equal_readings() {
        let a1 = pt("A1", 9);
        let mut d: Debouncer<3> = Debouncer::new(9);
        let mut black = Scan::new(9);
        black.set(a1, Reading::Black);
        let empty = Scan::new(9);
        // Bounce: black, black, empty, black, black -> not yet stable.
        for (scan, expect) in [
            (&black, false),
            (&black, false),
            (&empty, false),
            (&black, false),
            (&black, false),
        ] {
            assert_eq!(d.update(scan), expect);
        }
        assert!(!d.is_quiet());
        assert_eq!(d.stable().reading(a1), Reading::Empty);
        assert!(d.update(&black));
        assert!(d.is_quiet());
        assert_eq!(d.stable().reading(a1), Reading::Black);
    }

    #[test]
    fn conflict_is_never_stable() {
        let a1 = pt("A1", 9);
        let mut d: Debouncer<2> = Debouncer::new(9);
        let mut both = Scan::new(9);
        both.set(a1, Reading::Conflict);
        for _ in 0..5 {
            assert!(!d.update(&both));
        }
        assert_eq!(d.stable().reading(a1), Reading::Empty);
    }
}
