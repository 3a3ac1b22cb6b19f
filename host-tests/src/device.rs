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
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use owlet_board::{Color, Point};
use owlet_firmware::{Engine, Status};

use crate::console::Console;

/// A device that speaks GTP over a byte stream.
pub struct Device {
    child: Option<Child>,
    to: Box<dyn Write>,
    from: BufReader<Box<dyn Read>>,
    quit: bool,
}

impl Device {
    /// Opens `target`: a character device (a serial port) is opened for
    /// reading and writing; anything else is run as `sh -c TARGET` with
    /// GTP on its stdin and stdout.
    pub fn open(target: &str) -> io::Result<Device> {
        let path = Path::new(target);
        if path
            .metadata()
            .is_ok_and(|m| m.file_type().is_char_device())
        {
            let port = OpenOptions::new().read(true).write(true).open(path)?;
            let reader = port.try_clone()?;
            return Ok(Device {
                child: None,
                to: Box::new(port),
                from: BufReader::new(Box::new(reader) as Box<dyn Read>),
                quit: false,
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
        })
    }

    /// Sends one line and answers the device's reply (empty for a line
    /// with no command, which GTP does not answer).
    pub fn send(&mut self, line: &[u8]) -> io::Result<Vec<u8>> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        self.to.write_all(line)?;
        self.to.write_all(b"\n")?;
        self.to.flush()?;
        let Some(command) = command_name(line) else {
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
                return Ok(answer);
            }
        }
    }

    /// Sends a command of the proxy's own; answers whether it succeeded.
    fn setup(&mut self, command: &str) -> io::Result<bool> {
        Ok(self.send(command.as_bytes())?.starts_with(b"="))
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

/// The command name of a GTP line, by the console's rules (control
/// characters dropped, `#` starts a comment, a leading number is the id);
/// `None` when the line has no command and gets no answer.
fn command_name(line: &[u8]) -> Option<String> {
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
    let rest = if digits > 0 { &rest[digits..] } else { text };
    rest.split_ascii_whitespace().next().map(str::to_string)
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
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    for line in input.split(b'\n') {
        let line = line?;
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
