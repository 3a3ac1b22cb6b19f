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
}
