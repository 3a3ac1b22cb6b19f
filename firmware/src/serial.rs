//! Command lines from a byte stream (a UART): [`LineAssembler`].

use crate::gtp::LINE_CAPACITY;

/// Collects GTP command lines from a byte stream, one byte at a time, in
/// a fixed buffer.
///
/// It keeps exactly what [`crate::Engine::execute`] would keep of the
/// whole line (control characters other than tab dropped, nothing from
/// `#` on) and one byte past [`LINE_CAPACITY`], so a line of any length
/// gets the same answer as on the host, `? line too long` included.
pub struct LineAssembler {
    buf: [u8; LINE_CAPACITY + 1],
    len: usize,
    comment: bool,
    done: bool,
}

impl Default for LineAssembler {
    fn default() -> Self {
        LineAssembler::new()
    }
}

impl LineAssembler {
    /// No bytes yet.
    #[must_use]
    pub const fn new() -> LineAssembler {
        LineAssembler {
            buf: [0; LINE_CAPACITY + 1],
            len: 0,
            comment: false,
            done: false,
        }
    }

    /// Takes one byte; at a newline answers the line (without it), ready
    /// for [`crate::Engine::execute`]. The next byte starts a new line.
    pub fn push(&mut self, byte: u8) -> Option<&[u8]> {
        if self.done {
            self.len = 0;
            self.comment = false;
            self.done = false;
        }
        match byte {
            b'\n' => {
                self.done = true;
                return Some(self.buf.get(..self.len).unwrap_or(&[]));
            }
            _ if self.comment => {}
            b'#' => self.comment = true,
            b'\t' => self.store(byte),
            b if b < 0x20 || b == 0x7f => {}
            b => self.store(b),
        }
        None
    }

    /// Takes the place of a byte that arrived damaged (a UART receive
    /// error: overrun, break, parity, framing) and was dropped. The line
    /// keeps an invalid byte there, which the console reads as `?`, so the
    /// line still gets its one answer, with its id, but as a failure
    /// (`? unknown command`, `? invalid coordinate`...) rather than a
    /// different command run in its place. Inside a comment it changes
    /// nothing.
    pub fn push_damaged(&mut self) {
        if self.done {
            self.len = 0;
            self.comment = false;
            self.done = false;
        }
        if !self.comment {
            self.store(0xff);
        }
    }

    fn store(&mut self, byte: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;
    use std::vec::Vec;

    /// Answers of `input` fed whole-line to the engine and fed byte by byte
    /// through the assembler.
    fn both(input: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut out = [0u8; 4096];
        let mut direct = Vec::new();
        let mut engine = Engine::new();
        for line in input.split(|&b| b == b'\n') {
            let r = engine.execute(line, &mut out);
            direct.extend_from_slice(&out[..r.len]);
        }
        let mut streamed = Vec::new();
        let mut engine = Engine::new();
        let mut lines = LineAssembler::new();
        for &b in input.iter().chain(b"\n") {
            if let Some(line) = lines.push(b) {
                let r = engine.execute(line, &mut out);
                streamed.extend_from_slice(&out[..r.len]);
            }
        }
        (direct, streamed)
    }

    #[test]
    fn same_answers_as_whole_lines() {
        let mut input = Vec::new();
        input.extend_from_slice(b"1 name\r\n\n# comment\n2 boardsize 9 # nine\n");
        input.extend_from_slice(b"3 pl\x01ay\tblack C3\n4 countlib C3\n5 \xff\xfe\n");
        let mut long = std::vec![b'x'; LINE_CAPACITY - 6];
        long.splice(0..0, b"6 name ".iter().copied());
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\n");
        input.extend_from_slice(b"7 name");
        input.extend_from_slice(&[b'\r'; 2 * LINE_CAPACITY]);
        input.extend_from_slice(b" # ");
        input.extend_from_slice(&[b'y'; 2 * LINE_CAPACITY]);
        input.extend_from_slice(b"\n8 known_command ");
        input.extend_from_slice(&[b'z'; LINE_CAPACITY]);
        input.extend_from_slice(b"\n9 quit");
        let (direct, streamed) = both(&input);
        assert_eq!(
            std::string::String::from_utf8_lossy(&direct),
            std::string::String::from_utf8_lossy(&streamed)
        );
        let text = std::string::String::from_utf8_lossy(&streamed);
        assert!(text.contains("?6 line too long"), "{text}");
        assert!(text.contains("=7 owlet"), "{text}");
        assert!(text.contains("?8 line too long"), "{text}");
    }

    /// Feeds `line` and a newline, losing the byte at `lost`; answers the
    /// console's reply and whether C3 got a stone.
    fn damaged(line: &[u8], lost: usize) -> (std::string::String, bool) {
        let mut engine = Engine::new();
        let mut lines = LineAssembler::new();
        let mut out = [0u8; 4096];
        let mut text = std::string::String::new();
        for (i, &b) in line.iter().chain(b"\n").enumerate() {
            let line = if i == lost {
                lines.push_damaged();
                None
            } else {
                lines.push(b)
            };
            if let Some(line) = line {
                let r = engine.execute(line, &mut out);
                text.push_str(&std::string::String::from_utf8_lossy(&out[..r.len]));
            }
        }
        let mut out2 = [0u8; 64];
        // Playing C3 again is refused if and only if the line played it.
        let r = engine.execute(b"play black C3", &mut out2);
        let stone = out2[..r.len].starts_with(b"?");
        (text, stone)
    }

    #[test]
    fn a_damaged_byte_fails_the_line_with_its_id() {
        let line = b"12 play black C3 # x";
        for lost in 0..line.len() {
            let (text, stone) = damaged(line, lost);
            if line[lost] == b'#' || lost > 17 {
                continue; // the comment, or the space before it
            }
            assert!(text.starts_with('?'), "byte {lost}: {text}");
            assert!(!stone, "byte {lost}: {text}");
            if lost > 1 {
                assert!(text.starts_with("?12 "), "byte {lost}: {text}");
            }
        }
        let (text, stone) = damaged(b"12 play black C3 # x", 19);
        assert!(text.starts_with("=12"), "{text}");
        assert!(stone);
    }
}
