//! The GTP console over USB: a CDC ACM serial port (`usbd-serial` on
//! rp2040-hal's USB bus). The host sees an ordinary serial port
//! (`/dev/ttyACM0`, `COM3`...); its line settings are ignored.
//!
//! The USB interrupt services the device, so the Pico enumerates,
//! answers the host's control requests and survives being unplugged and
//! plugged back in while a GTP command runs (seconds, for a deep owl
//! reading). Received bytes wait in a buffer of [`RX_CAPACITY`] bytes
//! until the main loop [`read`]s them between commands. When that buffer
//! is full the interrupt masks itself: the host's further bytes stay
//! unacknowledged (USB flow control, nothing is lost) and control
//! requests wait too, until the main loop reads again. Answers go out
//! through [`write`], which queues what usbd-serial's 128-byte buffer
//! takes; the interrupt sends it on as the host collects it.
//!
//! USB ids: 0x16c0:0x27dd, the shared CDC ACM id of pid.codes/V-USB that
//! rp-hal's examples use (no driver needed on Linux, macOS or Windows 10).

use core::cell::RefCell;

use critical_section::Mutex;
use rp2040_hal::pac::{self, interrupt};
use rp2040_hal::usb::UsbBus;
use usb_device::bus::UsbBusAllocator;
use usb_device::device::{
    StringDescriptors, UsbDevice, UsbDeviceBuilder, UsbDeviceState, UsbVidPid,
};
use usbd_serial::SerialPort;

use crate::hw;

/// Received bytes the port holds for the main loop (a GTP line is at most
/// 512 bytes; a command waits here only while the one before runs).
pub const RX_CAPACITY: usize = 256;

/// The USB vendor and product ids.
const VID_PID: UsbVidPid = UsbVidPid(0x16c0, 0x27dd);

/// The device, its serial port and the bytes received.
struct Port {
    device: UsbDevice<'static, UsbBus>,
    serial: SerialPort<'static, UsbBus>,
    rx: [u8; RX_CAPACITY],
    rx_start: usize,
    rx_len: usize,
    /// The interrupt is masked: `rx` was full.
    held: bool,
}

/// The port, shared by the main loop and the USB interrupt.
static PORT: Mutex<RefCell<Option<Port>>> = Mutex::new(RefCell::new(None));

/// The host does not take the bytes: no host, or the device is not
/// configured (unplugged, suspended, enumerating).
#[derive(Clone, Copy, Debug)]
pub struct Closed;

/// Builds the USB device with its serial port on `bus` and starts the
/// USB interrupt. `false` if the device could not be described (it can:
/// one language, short strings).
pub fn start(bus: &'static UsbBusAllocator<UsbBus>) -> bool {
    // The class takes its endpoints before the device is built.
    let serial = SerialPort::new(bus);
    let strings = StringDescriptors::default()
        .manufacturer("owlet")
        .product("owlet GTP console")
        .serial_number("1");
    let Ok(builder) = UsbDeviceBuilder::new(bus, VID_PID).strings(&[strings]) else {
        return false;
    };
    let device = builder.device_class(usbd_serial::USB_CLASS_CDC).build();
    critical_section::with(|cs| {
        PORT.replace(
            cs,
            Some(Port {
                device,
                serial,
                rx: [0; RX_CAPACITY],
                rx_start: 0,
                rx_len: 0,
                held: false,
            }),
        );
    });
    hw::unmask_usb_interrupt();
    true
}

/// Moves up to `buf.len()` received bytes into `buf`; answers how many.
pub fn read(buf: &mut [u8]) -> usize {
    critical_section::with(|cs| {
        let mut port = PORT.borrow_ref_mut(cs);
        let Some(port) = port.as_mut() else {
            return 0;
        };
        let mut n = 0;
        for slot in buf.iter_mut() {
            if port.rx_len == 0 {
                break;
            }
            *slot = port.rx.get(port.rx_start).copied().unwrap_or(0);
            port.rx_start = (port.rx_start + 1) % RX_CAPACITY;
            port.rx_len -= 1;
            n += 1;
        }
        if port.held && port.rx_len < RX_CAPACITY {
            port.held = false;
            hw::unmask_usb_interrupt();
        }
        n
    })
}

/// Queues `bytes` for the host; answers how many were taken (0: the send
/// buffer is full, try again once the host has collected some).
pub fn write(bytes: &[u8]) -> Result<usize, Closed> {
    critical_section::with(|cs| {
        let mut port = PORT.borrow_ref_mut(cs);
        let Some(port) = port.as_mut() else {
            return Err(Closed);
        };
        if port.device.state() != UsbDeviceState::Configured {
            return Err(Closed);
        }
        match port.serial.write(bytes) {
            Ok(n) => Ok(n),
            Err(usb_device::UsbError::WouldBlock) => Ok(0),
            Err(_) => Err(Closed),
        }
    })
}

impl Port {
    /// Services the device and moves received bytes into `rx` while
    /// there is room; masks the interrupt when there is none.
    fn service(&mut self) {
        self.device.poll(&mut [&mut self.serial]);
        while self.rx_len < RX_CAPACITY {
            let end = (self.rx_start + self.rx_len) % RX_CAPACITY;
            let room = (RX_CAPACITY - self.rx_len).min(RX_CAPACITY - end);
            let Some(into) = self.rx.get_mut(end..end + room) else {
                break;
            };
            match self.serial.read(into) {
                Ok(n) if n > 0 => self.rx_len += n,
                _ => break,
            }
        }
        if self.rx_len == RX_CAPACITY {
            self.held = true;
            pac::NVIC::mask(pac::Interrupt::USBCTRL_IRQ);
        }
    }
}

#[interrupt]
fn USBCTRL_IRQ() {
    critical_section::with(|cs| {
        if let Some(port) = PORT.borrow_ref_mut(cs).as_mut() {
            port.service();
        }
    });
}
