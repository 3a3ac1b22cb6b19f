//! Reading one GTP command line: control characters, comments, the
//! optional numeric id, the command name and its arguments.

/// Longest command line accepted, in bytes after control characters and
/// the comment are removed (default 512). Longer lines are answered
/// `? line too long`. The line is copied to the stack while it is handled.
pub const LINE_CAPACITY: usize = 512;

/// A command line after GTP's preprocessing: control characters other
/// than tab removed, tabs turned into spaces, everything from `#` or the
/// first newline on dropped, invalid UTF-8 replaced by `?`.
pub(crate) struct Line {
    buf: [u8; LINE_CAPACITY],
    len: usize,
    /// The line did not fit in [`LINE_CAPACITY`] bytes.
    pub(crate) too_long: bool,
}

impl Line {
    /// Preprocesses `input`.
    pub(crate) fn clean(input: &[u8]) -> Line {
        let mut line = Line {
            buf: [0; LINE_CAPACITY],
            len: 0,
            too_long: false,
        };
        for &byte in input {
            let byte = match byte {
                b'\n' | b'#' => break,
                b'\t' => b' ',
                b if b < 0x20 || b == 0x7f => continue,
                b => b,
            };
            match line.buf.get_mut(line.len) {
                Some(slot) => {
                    *slot = byte;
                    line.len += 1;
                }
                None => {
                    line.too_long = true;
                    break;
                }
            }
        }
        line.fix_utf8();
        line
    }

    /// Replaces every byte of an invalid UTF-8 sequence by `?`.
    fn fix_utf8(&mut self) {
        let mut start = 0;
        while let Some(rest) = self.buf.get(start..self.len) {
            let Err(error) = core::str::from_utf8(rest) else {
                break;
            };
            let bad = start + error.valid_up_to();
            let n = error.error_len().unwrap_or(self.len - bad);
            for byte in self.buf.iter_mut().skip(bad).take(n) {
                *byte = b'?';
            }
            start = bad + n.max(1);
        }
    }

    /// The cleaned text.
    pub(crate) fn text(&self) -> &str {
        self.buf
            .get(..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }
}

/// The parts of a command line.
pub(crate) struct Parsed<'a> {
    /// The id to echo, without leading zeros; `None` when absent or negative.
    pub(crate) id: Option<&'a str>,
    /// The command name; `None` for a blank line, a comment or a bare id.
    pub(crate) command: Option<&'a str>,
    /// The arguments after the command name.
    pub(crate) args: Args<'a>,
}

/// Splits a cleaned line. Like GNU Go, a leading number (optionally signed,
/// even when glued to the command: `10name`) is the id; a negative id is
/// not echoed.
pub(crate) fn parse(text: &str) -> Parsed<'_> {
    let text = text.trim_start_matches(' ');
    let bytes = text.as_bytes();
    let sign = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = bytes
        .iter()
        .skip(sign)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let (id, rest) = if digits > 0 {
        let number = text.get(sign..sign + digits).unwrap_or("0");
        let number = match number.trim_start_matches('0') {
            "" => "0",
            n => n,
        };
        let negative = bytes.first() == Some(&b'-') && number != "0";
        let id = if negative { None } else { Some(number) };
        (id, text.get(sign + digits..).unwrap_or(""))
    } else {
        (None, text)
    };
    let mut args = Args {
        words: rest.split_ascii_whitespace(),
    };
    let command = args.next();
    Parsed { id, command, args }
}

/// The arguments of a command, one word at a time.
#[derive(Clone, Debug)]
pub struct Args<'a> {
    words: core::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Args<'a> {
    /// The arguments in `text`, split at ASCII whitespace (no command name).
    #[must_use]
    pub fn new(text: &'a str) -> Args<'a> {
        Args {
            words: text.split_ascii_whitespace(),
        }
    }
}

impl<'a> Iterator for Args<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        self.words.next()
    }
}

/// Parses a leading integer the way C's `sscanf("%d")` does: an optional
/// sign and at least one digit, ignoring what follows (`9.5` is 9).
/// Saturates instead of overflowing.
pub(crate) fn int_prefix(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    let mut value: i64 = 0;
    let mut any = false;
    for &b in rest.iter().take_while(|b| b.is_ascii_digit()) {
        value = value.saturating_mul(10).saturating_add(i64::from(b - b'0'));
        any = true;
    }
    any.then_some(if negative { -value } else { value })
}

/// Parses a leading number the way `sscanf("%f")` does (`6.5x` is 6.5):
/// the longest prefix of number characters that parses; `None` unless it
/// is finite.
pub(crate) fn float_prefix(text: &str) -> Option<f32> {
    let end = text
        .bytes()
        .take_while(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
        .count();
    (1..=end)
        .rev()
        .find_map(|n| text.get(..n)?.parse::<f32>().ok())
        .filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(input: &str) -> (Option<std::string::String>, Option<std::string::String>) {
        let line = Line::clean(input.as_bytes());
        let p = parse(line.text());
        (p.id.map(Into::into), p.command.map(Into::into))
    }

    #[test]
    fn ids_like_gnugo() {
        assert_eq!(parts("10 name"), (Some("10".into()), Some("name".into())));
        assert_eq!(parts("10name"), (Some("10".into()), Some("name".into())));
        assert_eq!(parts("007 name"), (Some("7".into()), Some("name".into())));
        assert_eq!(parts("+5 name"), (Some("5".into()), Some("name".into())));
        assert_eq!(parts("-5 name"), (None, Some("name".into())));
        assert_eq!(parts("-0 name"), (Some("0".into()), Some("name".into())));
        assert_eq!(parts("10"), (Some("10".into()), None));
        assert_eq!(parts("  \t name"), (None, Some("name".into())));
        assert_eq!(parts("na\x01me\r"), (None, Some("name".into())));
        assert_eq!(parts("5 # x"), (Some("5".into()), None));
        assert_eq!(parts("-name"), (None, Some("-name".into())));
    }

    #[test]
    fn invalid_utf8_becomes_question_marks() {
        let line = Line::clean(b"name \xff\xfe ok \xe2\x82");
        assert_eq!(line.text(), "name ?? ok ??");
    }

    #[test]
    fn long_lines_are_flagged() {
        let long = [b'a'; LINE_CAPACITY + 1];
        assert!(Line::clean(&long).too_long);
        assert!(!Line::clean(&long[..LINE_CAPACITY]).too_long);
    }

    #[test]
    fn number_prefixes() {
        assert_eq!(int_prefix("9.5"), Some(9));
        assert_eq!(int_prefix("-1"), Some(-1));
        assert_eq!(int_prefix("x"), None);
        assert_eq!(int_prefix("-"), None);
        assert_eq!(int_prefix("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(float_prefix("6.5x"), Some(6.5));
        assert_eq!(float_prefix("1e2"), Some(100.0));
        assert_eq!(float_prefix("-3"), Some(-3.0));
        assert_eq!(float_prefix("x"), None);
        assert_eq!(float_prefix("1e99"), None);
    }
}
