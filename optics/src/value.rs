//! Eye values: the four-digit local-game value of an eye space.
//!
//! Owns: [`EyeValue`] (GNU Go's `abcd` form, e.g. `1122`), its four
//! readings ([`EyeValue::min_eye_threat`], [`EyeValue::min_eyes`],
//! [`EyeValue::max_eyes`], [`EyeValue::max_eye_threat`]), the addition of
//! two values and the text form. Omits: how a value is found (see
//! [`crate::solver`]).
//!
//! The digits count eyes (capped at 2) when, in order:
//! `a` the attacker moves first and gets one more move because the
//! defender tenukis once (at a time of the defender's choosing), `b` the
//! attacker moves first and play alternates, `c` the defender moves first,
//! `d` the defender moves first and gets one more move.

use core::fmt;

/// A local eye value `abcd`, each digit 0, 1 or 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct EyeValue {
    /// Eyes if the attacker plays first and once more.
    pub a: u8,
    /// Eyes if the attacker plays first.
    pub b: u8,
    /// Eyes if the defender plays first.
    pub c: u8,
    /// Eyes if the defender plays first and once more.
    pub d: u8,
}

impl EyeValue {
    /// The value `abcd`, each digit capped at 2.
    #[must_use]
    pub const fn new(a: u8, b: u8, c: u8, d: u8) -> EyeValue {
        const fn cap(x: u8) -> u8 {
            if x > 2 { 2 } else { x }
        }
        EyeValue {
            a: cap(a),
            b: cap(b),
            c: cap(c),
            d: cap(d),
        }
    }

    /// Parses the four-digit form (`"1122"`); `None` for anything else.
    #[must_use]
    pub fn parse(text: &str) -> Option<EyeValue> {
        let b = text.as_bytes();
        if b.len() != 4 || b.iter().any(|&c| !(b'0'..=b'2').contains(&c)) {
            return None;
        }
        let d = |i: usize| b.get(i).map_or(0, |c| c - b'0');
        Some(EyeValue::new(d(0), d(1), d(2), d(3)))
    }

    /// Eyes if the attacker plays first twice (`a`).
    #[must_use]
    pub const fn min_eye_threat(self) -> u8 {
        self.a
    }

    /// Eyes if the attacker plays first (`b`).
    #[must_use]
    pub const fn min_eyes(self) -> u8 {
        self.b
    }

    /// Eyes if the defender plays first (`c`).
    #[must_use]
    pub const fn max_eyes(self) -> u8 {
        self.c
    }

    /// Eyes if the defender plays first twice (`d`).
    #[must_use]
    pub const fn max_eye_threat(self) -> u8 {
        self.d
    }

    /// The value of two independent eye spaces played together: the
    /// attacker's first move goes where it hurts most, the defender's
    /// where it helps most, and a spare move (`a`, `d`) goes to the space
    /// where it counts.
    #[must_use]
    pub fn plus(self, other: EyeValue) -> EyeValue {
        let (x, y) = (self, other);
        // Attacker first: it picks a space; the defender answers there or
        // takes the first move in the other space.
        let b = (x.b + y.b).max(x.a + y.c).min((x.b + y.b).max(x.c + y.a));
        // Defender first, the mirror image.
        let c = (x.c + y.c).min(x.d + y.b).max((x.c + y.c).min(x.b + y.d));
        // A spare move: both moves in one space, or one in each.
        let a = (x.a + y.c).min(x.c + y.a).min(x.b + y.b);
        let d = (x.d + y.b).max(x.b + y.d).max(x.c + y.c);
        let (b, c) = (b.min(2), c.min(2));
        let a = a.min(b);
        let d = d.min(2).max(c);
        EyeValue::new(a, b, c, d)
    }
}

impl core::ops::Add for EyeValue {
    type Output = EyeValue;

    /// [`EyeValue::plus`].
    fn add(self, other: EyeValue) -> EyeValue {
        self.plus(other)
    }
}

impl fmt::Display for EyeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn text_form_round_trips() {
        let v = EyeValue::parse("1122").unwrap();
        assert_eq!(v, EyeValue::new(1, 1, 2, 2));
        assert_eq!(v.to_string(), "1122");
        assert_eq!((v.min_eyes(), v.max_eyes()), (1, 2));
        assert_eq!(EyeValue::parse("1132"), None);
        assert_eq!(EyeValue::parse("112"), None);
        assert_eq!(EyeValue::new(3, 3, 3, 3).to_string(), "2222");
    }

    #[test]
    fn adding_values() {
        let eye = EyeValue::new(1, 1, 1, 1);
        let half = EyeValue::new(0, 0, 1, 1);
        // An eye and a half eye: 3/2 eyes.
        assert_eq!((eye + half).to_string(), "1122");
        // Two half eyes: one eye, both threatened by a spare move.
        assert_eq!((half + half).to_string(), "0112");
        // Two eyes stay two.
        assert_eq!((eye + eye).to_string(), "2222");
        // Nothing adds nothing.
        assert_eq!(EyeValue::default() + eye, eye);
    }
}
