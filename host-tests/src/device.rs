//! `owlet gtp --device CMD`: GTP proxied to a device running owlet's
//! console (the QEMU binary through `scripts/qemu-gtp`, or a serial port).
//!
//! Every line goes to the device as it is and the device's answer comes
//! back unchanged, except `loadsgf`, which the device cannot do (it has no
//! files): the host loads the game into its own engine, answers as
//! `owlet gtp` does, and sets the position up on the device with
//! `boardsize`, `komi` and `play` (a ko is rebuilt by playing its capture
//! last). So any regression suite can run on the device.
//!
//! Differences after a `loadsgf`, against `owlet gtp`: `undo` takes back
//! the last setup stone rather than the game's last move, and `captures`
//! counts none of the game's captures.

use std::fs::OpenOptions;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use owlet_board::{Color, Point};
use owlet_firmware::{Engine, Status};

use crate::console::Console;

/// The speed a serial port is set to: the Pico's UART0 runs at it, and a
/// USB (CDC) port ignores it.
pub const SERIAL_BAUD: u32 = 115_200;

/// `O_NOCTTY`, as [`OpenOptionsExt::custom_flags`] takes it.
const NOCTTY: i32 = rustix::fs::OFlags::NOCTTY.bits().cast_signed();

/// Sets a serial port to raw mode at [`SERIAL_BAUD`] (`cfmakeraw`: reads
/// block until a byte comes): no echo (a fresh port echoes, which would
/// send the device's answers back to it as commands), no line editing, no
/// CR/LF translation. A character device that is not a terminal is left as it
/// is.
fn set_raw(port: &std::fs::File) -> io::Result<()> {
    use rustix::termios::{ControlModes, OptionalActions, tcgetattr, tcsetattr};
    let Ok(mut termios) = tcgetattr(port) else {
        return Ok(());
    };
    termios.make_raw();
    // Receive, and ignore the modem lines (an adapter may wire none).
    termios.control_modes |= ControlModes::CREAD | ControlModes::CLOCAL;
    termios.set_speed(SERIAL_BAUD)?;
    tcsetattr(port, OptionalActions::Now, &termios)?;
    Ok(())
}

/// A device that speaks GTP over a byte stream.
pub struct Device {
    child: Option<Child>,
    to: Box<dyn Write>,
    from: BufReader<Box<dyn Read>>,
    quit: bool,
    /// The id of the proxy's last setup command.
    last_id: u32,
}

impl Device {
    /// Opens `target`: a character device (a serial port) is opened for
    /// reading and writing and set to raw mode at [`SERIAL_BAUD`]; anything
    /// else is run as `sh -c TARGET` with GTP on its stdin and stdout.
    pub fn open(target: &str) -> io::Result<Device> {
        let path = Path::new(target);
        if path
            .metadata()
            .is_ok_and(|m| m.file_type().is_char_device())
        {
            // Not as the controlling terminal: unplugging the port must not
            // hang owlet up.
            let port = OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(NOCTTY)
                .open(path)?;
            set_raw(&port)?;
            let reader = port.try_clone()?;
            return Ok(Device {
                child: None,
                to: Box::new(port),
                from: BufReader::new(Box::new(reader) as Box<dyn Read>),
                quit: false,
                last_id: SETUP_IDS,
            });
        }
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(target)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(io::Error::other("device command without pipes"));
        };
        Ok(Device {
            child: Some(child),
            to: Box::new(stdin),
            from: BufReader::new(Box::new(stdout) as Box<dyn Read>),
            quit: false,
            last_id: SETUP_IDS,
        })
    }

    /// Sends one line and answers the device's reply (empty for a line
    /// with no command, which GTP does not answer).
    ///
    /// The reply must carry the line's id (none for a line without one):
    /// one that does not is an answer to another line, and the device is
    /// out of step (an error, never passed on as this line's answer).
    pub fn send(&mut self, line: &[u8]) -> io::Result<Vec<u8>> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        self.to.write_all(line)?;
        self.to.write_all(b"\n")?;
        self.to.flush()?;
        let (id, Some(command)) = command_parts(line) else {
            return Ok(Vec::new());
        };
        if command == "quit" {
            self.quit = true;
        }
        let mut answer = Vec::new();
        loop {
            let start = answer.len();
            if self.from.read_until(b'\n', &mut answer)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the device stopped answering",
                ));
            }
            if answer.len() - start == 1 && start > 0 {
                break;
            }
        }
        if answer_id(&answer) != Some(id.as_deref().unwrap_or("")) {
            let first = answer.split(|&b| b == b'\n').next().unwrap_or(&[]);
            return Err(io::Error::other(format!(
                "the device is out of step: `{}` was answered `{}`",
                String::from_utf8_lossy(line),
                String::from_utf8_lossy(first)
            )));
        }
        Ok(answer)
    }

    /// Sends a command of the proxy's own, with an id of its own so that
    /// its answer is known to be its own; answers whether it succeeded.
    fn setup(&mut self, command: &str) -> io::Result<bool> {
        self.last_id = self.last_id.wrapping_add(1).max(SETUP_IDS);
        let line = format!("{} {command}", self.last_id);
        Ok(self.send(line.as_bytes())?.starts_with(b"="))
    }

    /// Sends `quit` unless it was sent, and waits for the device command
    /// to end.
    pub fn close(mut self) -> io::Result<()> {
        if !self.quit {
            self.send(b"quit")?;
        }
        drop(self.to);
        if let Some(mut child) = self.child.take() {
            child.wait()?;
        }
        Ok(())
    }
}

/// Ids of the proxy's setup commands start here (any id would do: each
/// answer is checked against its command's).
const SETUP_IDS: u32 = 1_000_000;

/// The id and the command name of a GTP line, by the console's rules
/// (control characters dropped, `#` starts a comment, a leading number,
/// optionally signed, is the id, echoed without leading zeros, a negative
/// one not at all); no name when the line has no command and gets no
/// answer.
fn command_parts(line: &[u8]) -> (Option<String>, Option<String>) {
    let cleaned: Vec<u8> = line
        .iter()
        .take_while(|&&b| b != b'\n' && b != b'#')
        .filter_map(|&b| match b {
            b'\t' => Some(b' '),
            b if b < 0x20 || b == 0x7f => None,
            b => Some(b),
        })
        .collect();
    let text = String::from_utf8_lossy(&cleaned);
    let text = text.trim_start_matches(' ');
    let rest = text.strip_prefix(['+', '-']).unwrap_or(text);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (id, rest) = if digits > 0 {
        let number = rest[..digits].trim_start_matches('0');
        let number = if number.is_empty() { "0" } else { number };
        let negative = text.starts_with('-') && number != "0";
        ((!negative).then(|| number.to_string()), &rest[digits..])
    } else {
        (None, text)
    };
    (id, rest.split_ascii_whitespace().next().map(str::to_string))
}

/// The command name of a GTP line (see [`command_parts`]).
fn command_name(line: &[u8]) -> Option<String> {
    command_parts(line).1
}

/// The id an answer carries (`""` for none): the digits after its leading
/// `=` or `?`; `None` when it starts with neither.
fn answer_id(answer: &[u8]) -> Option<&str> {
    let rest = answer.strip_prefix(b"=").or(answer.strip_prefix(b"?"))?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&rest[..digits]).ok()
}

/// The commands that set up `engine`'s position on a device: size, komi,
/// then every stone as a `play` (in a legal position no such play
/// captures or is suicide); a ko is rebuilt by setting up the position
/// before its capture and playing the capture last.
#[must_use]
pub fn setup_commands(engine: &Engine) -> Vec<String> {
    let board = engine.board();
    let size = board.size();
    let mut commands = vec![
        format!("boardsize {size}"),
        format!("komi {}", engine.komi()),
    ];
    let to_move = board.to_move();
    // The ko: the opponent's lone stone in atari next to the ko point,
    // which captured there.
    let ko = board.ko_point().and_then(|k| {
        k.neighbors()
            .into_iter()
            .find(|&m| {
                board.is_on_board(m)
                    && board.color_at(m) == Some(to_move.opponent())
                    && board.string_size(m) == 1
                    && board.liberty_count(m) == 1
            })
            .map(|m| (k, m))
    });
    let play = |color: Color, p: Point| format!("play {} {p}", color.name());
    for p in board.points() {
        match board.color_at(p) {
            Some(color) if ko.is_none_or(|(_, m)| m != p) => commands.push(play(color, p)),
            _ => {}
        }
    }
    if let Some((k, m)) = ko {
        commands.push(play(to_move, k));
        commands.push(play(to_move.opponent(), m));
    }
    commands
}

/// Whether `commands` rebuild `engine`'s stones and ko, tried on an
/// engine of the host.
fn rebuilds(engine: &Engine, commands: &[String]) -> bool {
    let mut copy = Engine::new();
    let mut out = vec![0; 4096];
    for c in commands {
        if copy.execute(c.as_bytes(), &mut out).status != Status::Success {
            return false;
        }
    }
    let (a, b) = (engine.board(), copy.board());
    a.size() == b.size()
        && a.points().all(|p| a.color_at(p) == b.color_at(p))
        && a.ko_point() == b.ko_point()
        && (a.ko_point().is_none() || a.to_move() == b.to_move())
}

/// Serves GTP from `input` to `output` through `device`, until end of
/// input or `quit`; `console` answers `loadsgf`. Closes the device.
pub fn serve(
    mut device: Device,
    console: &mut Console,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut line = Vec::new();
    while crate::console::read_line(&mut input, &mut line)? {
        let answer = if command_name(&line).as_deref() == Some("loadsgf") {
            let (reply, bytes) = console.execute(&line);
            let bytes = bytes.to_vec();
            if reply.status == Status::Success {
                let commands = setup_commands(&console.engine);
                if !rebuilds(&console.engine, &commands) {
                    eprintln!("owlet: warning: this position cannot be set up exactly by play");
                }
                for c in &commands {
                    if !device.setup(c)? {
                        eprintln!("owlet: warning: the device refused `{c}`");
                    }
                }
            }
            bytes
        } else {
            device.send(&line)?
        };
        output.write_all(&answer)?;
        output.flush()?;
        if device.quit {
            break;
        }
    }
    device.close()
}

/// Opens the device `target` (see [`Device::open`]) and serves GTP from
/// stdin to stdout through it, `loadsgf` files read from the current
/// directory.
pub fn run(target: &str) -> io::Result<()> {
    let device = Device::open(target)?;
    let mut console = Console::new();
    console.loadsgf.warn = true;
    serve(
        device,
        &mut console,
        io::stdin().lock(),
        io::stdout().lock(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_follow_the_console() {
        assert_eq!(command_name(b"10 loadsgf x"), Some("loadsgf".into()));
        assert_eq!(command_name(b"10loadsgf x"), Some("loadsgf".into()));
        assert_eq!(command_name(b"-3 name"), Some("name".into()));
        assert_eq!(command_name(b"  \tname\r"), Some("name".into()));
        assert_eq!(command_name(b"12"), None);
        assert_eq!(command_name(b"# loadsgf"), None);
        assert_eq!(command_name(b""), None);
    }

    #[test]
    fn ids_follow_the_console() {
        let id = |line: &[u8]| command_parts(line).0;
        assert_eq!(id(b"10 loadsgf x"), Some("10".into()));
        assert_eq!(id(b"007name"), Some("7".into()));
        assert_eq!(id(b"+5 name"), Some("5".into()));
        assert_eq!(id(b"-5 name"), None);
        assert_eq!(id(b"-0 name"), Some("0".into()));
        assert_eq!(id(b"-name"), None);
        assert_eq!(id(b"name"), None);
        assert_eq!(answer_id(b"=10 A1\n\n"), Some("10"));
        assert_eq!(answer_id(b"= \n\n"), Some(""));
        assert_eq!(answer_id(b"?7 line too long\n\n"), Some("7"));
        assert_eq!(answer_id(b"\n"), None);
    }

    /// A serial port (a pseudo-terminal here, whose defaults are a fresh
    /// port's: echo, line editing, CR/LF translation) is set to raw mode
    /// at the console's speed: the device reads exactly the lines sent
    /// and never its own answers echoed back.
    #[test]
    fn a_serial_port_is_set_raw() {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        use rustix::termios::{LocalModes, OutputModes, tcgetattr};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let path = ptsname(&master, Vec::new()).expect("ptsname");
        let path = path.to_str().expect("a UTF-8 path").to_owned();
        let fresh = tcgetattr(&master).expect("the terminal's settings");
        assert!(
            fresh.local_modes.contains(LocalModes::ECHO),
            "a fresh port echoes"
        );
        // The device: answers each line with its id, and keeps every byte
        // it read until the port closes.
        let mut to_host = std::fs::File::from(master);
        let mut from_host = to_host.try_clone().expect("clone");
        let device = std::thread::spawn(move || {
            let (mut seen, mut line) = (Vec::new(), Vec::new());
            let mut byte = [0u8; 1];
            while matches!(from_host.read(&mut byte), Ok(1)) {
                seen.push(byte[0]);
                line.push(byte[0]);
                if byte[0] == b'\n' {
                    let id: String = line
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .map(|&b| char::from(b))
                        .collect();
                    to_host
                        .write_all(format!("={id} ok\n\n").as_bytes())
                        .expect("answer");
                    line.clear();
                }
            }
            seen
        });
        let mut port = Device::open(&path).expect("the port");
        let again = OpenOptions::new()
            .read(true)
            .custom_flags(NOCTTY)
            .open(&path);
        let set = tcgetattr(again.expect("the port again")).expect("settings");
        assert!(
            !set.local_modes
                .intersects(LocalModes::ECHO | LocalModes::ICANON)
        );
        assert!(!set.output_modes.contains(OutputModes::OPOST));
        assert_eq!(set.output_speed(), SERIAL_BAUD);
        assert_eq!(port.send(b"7 name").expect("an answer"), b"=7 ok\n\n");
        assert_eq!(port.send(b"8 version\n").expect("an answer"), b"=8 ok\n\n");
        assert!(port.setup("boardsize 9").expect("an answer"));
        drop(port);
        let seen = device.join().expect("the device");
        let expected = format!("7 name\n8 version\n{} boardsize 9\n", SETUP_IDS + 1);
        assert_eq!(String::from_utf8_lossy(&seen), expected);
    }

    /// A device that answers one line too many (a stray `= `) is caught at
    /// the next command rather than shifting every later answer.
    #[test]
    fn a_stray_answer_is_an_error() {
        let mut device = Device::open(r"printf '= \n\n'; exec cat >/dev/null").expect("sh");
        let error = device.setup("boardsize 19").expect_err("out of step");
        assert!(error.to_string().contains("out of step"), "{error}");
    }

    #[test]
    fn setup_rebuilds_a_ko() {
        let mut console = Console::new();
        for line in [
            "boardsize 5",
            "play black B3",
            "play white C3",
            "play black A2",
            "play white B2",
            "play white D2",
            "play black B1",
            "play white C1",
            "play black C2",
        ] {
            let (reply, _) = console.execute(line.as_bytes());
            assert_eq!(reply.status, Status::Success, "{line}");
        }
        assert!(console.engine.board().ko_point().is_some());
        let commands = setup_commands(&console.engine);
        assert!(rebuilds(&console.engine, &commands), "{commands:?}");
        assert_eq!(commands.last().map(String::as_str), Some("play black C2"));
    }
}
