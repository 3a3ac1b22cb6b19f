//! owlet on a Cortex-M3: the GTP console on UART0 of the LM3S6965 (QEMU's
//! `lm3s6965evb`: 64 KiB RAM, 256 KiB flash).
//!
//! Reads command lines from UART0, answers each through
//! [`owlet_firmware::Engine`] exactly as `owlet gtp` does on the host, and
//! exits QEMU through semihosting after `quit` (semihosting is used for
//! nothing else, so the UART carries GTP alone). Two extra commands:
//! `stack_high_water` answers the most bytes of stack used since reset
//! (the stack is painted at reset), `stack_console_high_water` the most
//! used by commands (painted again once the engine is built, which takes
//! more stack than most commands).
//!
//! The stack cannot overwrite the engine: the console runs on a stack at
//! the start of RAM (the process stack; `memory.x`), below the engine's
//! static RAM, so an overflow runs off the start of RAM, where no memory
//! answers, and faults on its first write, however large the frame. The
//! fault handler runs on the main stack at the end of RAM, answers the
//! command `? stack overflow: ...` in place of its answer and stops QEMU
//! with a failure status. The device command `stack_overflow_test`
//! recurses until that happens (CI runs it: `scripts/stack-overflow-check`).
//!
//! With the `defmt` feature, the binary also logs (boot, each command's
//! name, outcome and reading nodes, receive errors) as defmt frames on
//! UART1, see [`log`]; the default build has no logging.
//!
//! State lives on the console's stack: no globals, no heap (the `defmt`
//! feature's logger is the one global). All `unsafe` is in [`hw`] (the
//! UARTs' register blocks, the switch to the console's stack, reading the
//! painted stack, the fault handler) and [`log`] (defmt's logger trait).
#![no_std]
#![no_main]

mod hw;
#[cfg(feature = "defmt")]
mod log;

use core::mem::MaybeUninit;

use arm_pl011_uart::{DataBits, LineConfig, Parity, StopBits, Uart};
use cortex_m_rt::entry;
use cortex_m_semihosting::debug;
use owlet_firmware::gtp::ANSWER_CAPACITY;
use owlet_firmware::serial::LineAssembler;
use owlet_firmware::{Answer, Args, Engine, Extension, Failure};

/// The UART's line settings: 115200 8N1 from the 12 MHz clock QEMU and the
/// board's crystal provide at reset.
const BAUD: u32 = 115_200;
const SYSCLK: u32 = 12_000_000;

#[entry]
fn main() -> ! {
    // The engine (about 20 KiB with firmware's `small` capacities) lives in
    // static RAM. cortex-m-rt turns this `static mut` into a safe
    // `&'static mut`, taken once here.
    static mut ENGINE: MaybeUninit<Engine> = MaybeUninit::uninit();
    hw::start_console(ENGINE, console)
}

/// The console, on its own stack (see [`hw::start_console`]): builds the
/// engine into `slot`, then answers command lines until `quit`.
extern "C" fn console(slot: &'static mut MaybeUninit<Engine>) -> ! {
    let mut uart = hw::uart0();
    let line_config = LineConfig {
        data_bits: DataBits::Bits8,
        parity: Parity::None,
        stop_bits: StopBits::One,
    };
    // The divisor for these constants is valid; if it were not, the UART
    // would keep its reset settings, which QEMU accepts too.
    let _ = uart.enable(line_config, BAUD, SYSCLK);
    #[cfg(feature = "defmt")]
    {
        let mut uart1 = hw::uart1();
        let _ = uart1.enable(line_config, BAUD, SYSCLK);
        log::init(uart1);
        defmt::info!(
            "owlet {=str} boot: engine {=usize} bytes, stack used {=usize} bytes",
            owlet_firmware::gtp::VERSION,
            core::mem::size_of::<Engine>(),
            hw::stack_high_water()
        );
    }

    let engine = new_engine(slot);
    // Building the engine is the deepest the stack goes before the
    // console: keep that figure, then measure the commands on their own.
    let boot_stack = hw::stack_high_water();
    hw::repaint_stack();
    let mut lines = LineAssembler::new();
    let mut out = [0u8; ANSWER_CAPACITY];
    let mut device = DeviceCommands { boot_stack };
    loop {
        let Some(byte) = read_byte(&mut uart) else {
            // A byte received with an error: the line fails rather than
            // running with a byte missing, and still gets one answer.
            lines.push_damaged();
            #[cfg(feature = "defmt")]
            defmt::warn!("UART0 receive error: the line will fail");
            continue;
        };
        let Some(line) = lines.push(byte) else {
            continue;
        };
        // SEV before and after: a no-op here, and the markers that
        // devices/qemu-plugin counts each command's instructions between.
        #[cfg(feature = "defmt")]
        let nodes = engine.reader().nodes();
        cortex_m::asm::sev();
        let reply = engine.execute_with(line, &mut out, &mut device);
        cortex_m::asm::sev();
        #[cfg(feature = "defmt")]
        log_command(
            line,
            reply,
            &out,
            engine.reader().nodes().saturating_sub(nodes),
        );
        write_all(&mut uart, out.get(..reply.len).unwrap_or(&[]));
        if reply.quit {
            while uart.is_busy() {}
            debug::exit(debug::EXIT_SUCCESS);
        }
    }
}

/// Builds the engine into `slot`. Kept out of line: building it takes
/// temporaries on the stack (about 27 KiB: the board and the reader are
/// built, then moved), freed here before the console starts.
#[inline(never)]
fn new_engine(slot: &'static mut MaybeUninit<Engine>) -> &'static mut Engine {
    slot.write(Engine::new())
}

/// Waits for one byte; `None` for a byte received with an error (the
/// driver does not hand it over).
fn read_byte(uart: &mut Uart<'_>) -> Option<u8> {
    loop {
        match uart.read_word() {
            Ok(Some(byte)) => return Some(byte),
            Ok(None) => {}
            Err(_) => return None,
        }
    }
}

/// Sends `bytes`, waiting for room in the transmit FIFO.
fn write_all(uart: &mut Uart<'_>, bytes: &[u8]) {
    for &byte in bytes {
        while uart.is_tx_fifo_full() {}
        uart.write_word(byte);
    }
}

/// Logs one command: its name, outcome and reading nodes; a failure's
/// answer; a truncated answer.
#[cfg(feature = "defmt")]
fn log_command(line: &[u8], reply: owlet_firmware::Reply, out: &[u8], nodes: u64) {
    use owlet_firmware::Status;
    let name = log::command_name(line);
    match reply.status {
        Status::Silent => {}
        Status::Success => defmt::info!("{=str}: ok, {=u64} nodes", name, nodes),
        Status::Failure => {
            let answer = out.get(..reply.len).unwrap_or(&[]);
            let first = answer.split(|&b| b == b'\n').next().unwrap_or(&[]);
            defmt::warn!(
                "{=str}: failed, {=u64} nodes: {=str}",
                name,
                nodes,
                core::str::from_utf8(first).unwrap_or("?")
            );
        }
    }
    if reply.truncated {
        defmt::warn!(
            "{=str}: answer truncated at {=usize} bytes",
            name,
            reply.len
        );
    }
}

/// The device's own commands: `stack_high_water` (the most stack used
/// since reset, building the engine included),
/// `stack_console_high_water` (the most used by commands) and
/// `stack_overflow_test` (recurses until the stack overflows: the fault
/// handler then answers `? stack overflow: ...` and stops the device).
struct DeviceCommands {
    /// Stack used to build the engine, before the console started.
    boot_stack: usize,
}

impl Extension for DeviceCommands {
    fn commands(&self) -> &[&str] {
        &[
            "stack_high_water",
            "stack_console_high_water",
            "stack_overflow_test",
        ]
    }

    fn run(
        &mut self,
        _engine: &mut Engine,
        command: &str,
        _args: Args<'_>,
        answer: &mut Answer<'_>,
    ) -> Result<(), Failure> {
        use core::fmt::Write as _;
        if command == "stack_overflow_test" {
            let _ = write!(answer, "{}", recurse(0));
            return Ok(());
        }
        let console = hw::stack_high_water();
        let bytes = if command == "stack_console_high_water" {
            console
        } else {
            console.max(self.boot_stack)
        };
        let _ = write!(answer, "{bytes}");
        Ok(())
    }
}

/// Recurses with 256-byte frames until the stack overflows (the
/// `stack_overflow_test` command): the depth bound is never reached on a
/// 64 KiB device, and it keeps the compiler from calling the recursion
/// endless.
#[inline(never)]
fn recurse(depth: u32) -> u32 {
    let frame = core::hint::black_box([depth as u8; 256]);
    if depth == u32::MAX {
        return 0;
    }
    let below = recurse(depth + 1);
    core::hint::black_box(below.wrapping_add(u32::from(frame[depth as usize % 256])))
}

/// A panic is a bug (no input should cause one): stop QEMU with a failure
/// status so that scripts and CI see it.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    loop {
        debug::exit(debug::EXIT_FAILURE);
    }
}
