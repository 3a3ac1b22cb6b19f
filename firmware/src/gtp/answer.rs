//! Writing an answer into the caller's buffer: the `=ID ` / `?ID ` prefix,
//! the text, the closing blank line, and clean truncation.

use core::fmt;

/// What kind of answer a line produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Status {
    /// No answer: a blank line, a comment or a bare id. Nothing was written.
    Silent,
    /// `=`: the command succeeded.
    Success,
    /// `?`: the command failed; the text says why and nothing changed.
    Failure,
}

/// The outcome of [`crate::Engine::execute`]: the answer is `out[..len]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Reply {
    /// Success, failure or no answer at all.
    pub status: Status,
    /// Bytes of the answer written at the start of the buffer.
    pub len: usize,
    /// The text did not fit: it was cut at a character boundary, and the
    /// closing `\n\n` is still there when the buffer has room for it.
    pub truncated: bool,
    /// The command was `quit`: the caller should stop after sending this.
    pub quit: bool,
}

impl Reply {
    pub(crate) const SILENT: Reply = Reply {
        status: Status::Silent,
        len: 0,
        truncated: false,
        quit: false,
    };
}

/// Proof that a command failed, made by [`Answer::failure`] (which also
/// writes the reason). Commands return `Result<(), Failure>`.
#[derive(Debug)]
pub struct Failure(());

/// The answer being written: a `core::fmt::Write` over the caller's buffer.
///
/// Two bytes are kept for the closing `\n\n`. Text past the end is dropped
/// (at a character boundary) and the answer is marked truncated; nothing
/// is written after a cut, so a truncated answer is a clean prefix.
pub struct Answer<'a> {
    buf: &'a mut [u8],
    len: usize,
    start: usize,
    limit: usize,
    truncated: bool,
}

impl<'a> Answer<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Answer<'a> {
        let limit = buf.len().saturating_sub(2);
        Answer {
            buf,
            len: 0,
            start: 0,
            limit,
            truncated: false,
        }
    }

    /// Appends `text` (or as much of it as fits).
    pub fn push_str(&mut self, text: &str) {
        if self.truncated {
            return;
        }
        let room = self.limit.saturating_sub(self.len);
        let mut take = text.len().min(room);
        if take < text.len() {
            self.truncated = true;
            while take > 0 && !text.is_char_boundary(take) {
                take -= 1;
            }
        }
        let end = self.len + take;
        if let (Some(dst), Some(src)) =
            (self.buf.get_mut(self.len..end), text.as_bytes().get(..take))
        {
            dst.copy_from_slice(src);
            self.len = end;
        }
    }

    /// Replaces the text written so far with `reason` and marks the
    /// answer as a failure (`? reason`).
    pub fn failure(&mut self, reason: &str) -> Failure {
        self.len = self.start;
        self.truncated = false;
        self.push_str(reason);
        Failure(())
    }

    /// [`Answer::failure`] with a formatted reason.
    pub fn failure_fmt(&mut self, reason: fmt::Arguments<'_>) -> Failure {
        self.len = self.start;
        self.truncated = false;
        let _ = fmt::Write::write_fmt(self, reason);
        Failure(())
    }

    /// The text written so far (without the `=ID ` prefix).
    #[must_use]
    pub fn text(&self) -> &str {
        self.buf
            .get(self.start..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }

    /// Marks the end of the prefix: the text starts here.
    pub(crate) fn begin_text(&mut self) {
        self.start = self.len;
    }

    /// Sets `?` for a failure, appends the closing blank line.
    pub(crate) fn finish(self, ok: bool, quit: bool) -> Reply {
        if !ok && let Some(first) = self.buf.first_mut() {
            *first = b'?';
        }
        let mut len = self.len;
        let mut truncated = self.truncated;
        for _ in 0..2 {
            match self.buf.get_mut(len) {
                Some(byte) => {
                    *byte = b'\n';
                    len += 1;
                }
                None => truncated = true,
            }
        }
        Reply {
            status: if ok { Status::Success } else { Status::Failure },
            len,
            truncated,
            quit,
        }
    }
}

impl fmt::Write for Answer<'_> {
    /// Never fails: text that does not fit is dropped and flagged.
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push_str(text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncates_at_char_boundaries_and_keeps_the_blank_line() {
        let mut buf = [0u8; 8];
        let mut a = Answer::new(&mut buf);
        a.push_str("= ");
        a.begin_text();
        a.push_str("ab\u{e9}cd");
        a.push_str("x");
        let r = a.finish(true, false);
        assert!(r.truncated);
        assert_eq!(&buf[..r.len], b"= ab\xc3\xa9\n\n");
    }

    #[test]
    fn tiny_buffers_do_not_panic() {
        for n in 0..4 {
            let mut buf = [0u8; 4];
            let mut a = Answer::new(&mut buf[..n]);
            a.push_str("= ");
            a.begin_text();
            let _ = a.failure("bad");
            let r = a.finish(false, false);
            assert!(r.len <= n);
            assert!(r.truncated);
        }
    }

    #[test]
    fn failure_replaces_the_text() {
        let mut buf = [0u8; 64];
        let mut a = Answer::new(&mut buf);
        a.push_str("=3 ");
        a.begin_text();
        a.push_str("partial");
        let _ = a.failure_fmt(format_args!("bad {}", 7));
        let r = a.finish(false, false);
        assert_eq!(&buf[..r.len], b"?3 bad 7\n\n");
    }
}
