//! A solve's or an event's `uid`: its name among the player's records on every device, worked
//! out from its own facts (when it ended, its board and goal, its moves and times), so that one
//! solve exported here and imported there, or kept by two devices and met on the server, is one
//! solve. Facts filled in later (the shortest length) are not among them. Times count in whole
//! milliseconds, as the history's CSV keeps them, so a solve reads back from either file with
//! the same `uid`.

use crate::puzzle::random::fnv1a;

/// The kinds of record, as the first letter of their `uid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Solve,
    Event,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Solve => 's',
            Kind::Event => 'e',
        }
    }
}

/// The `uid` of a record of `kind` whose facts are `facts`: its kind's letter, then 16 hex
/// digits (`s3f09c2…`).
pub fn uid(kind: Kind, facts: &Facts) -> String {
    format!("{}{:016x}", kind.letter(), fnv1a(facts.text.as_bytes()))
}

/// Whether `text` has the form of a `uid` of `kind` (a letter and 16 hex digits).
pub fn well_formed(kind: Kind, text: &str) -> bool {
    let mut chars = text.chars();
    chars.next() == Some(kind.letter())
        && text.len() == 17
        && chars.all(|c| matches!(c, '0'..='9' | 'a'..='f'))
}

/// A record's facts, written one after another in one canonical text.
#[derive(Default)]
pub struct Facts {
    text: String,
}

impl Facts {
    pub fn new() -> Facts {
        Facts::default()
    }

    /// A fact as text.
    pub fn text(mut self, fact: impl std::fmt::Display) -> Facts {
        self.text.push_str(&fact.to_string());
        self.text.push('|');
        self
    }

    /// A time, in whole milliseconds.
    pub fn millis(self, millis: f64) -> Facts {
        self.text(millis.round() as i64)
    }

    /// Times, each in whole milliseconds.
    pub fn all_millis(mut self, times: &[f64]) -> Facts {
        for &t in times {
            self.text.push_str(&(t.round() as i64).to_string());
            self.text.push(' ');
        }
        self.text.push('|');
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uid_is_its_kind_and_sixteen_hex_digits_and_rounds_times_to_the_millisecond() {
        let a = uid(Kind::Solve, &Facts::new().text(5).all_millis(&[0.0, 120.4]));
        let b = uid(Kind::Solve, &Facts::new().text(5).all_millis(&[0.0, 119.6]));
        assert_eq!(a, b);
        assert!(well_formed(Kind::Solve, &a), "{a}");
        assert!(!well_formed(Kind::Event, &a));
        let c = uid(Kind::Solve, &Facts::new().text(5).all_millis(&[0.0, 121.0]));
        assert_ne!(a, c);
        assert!(!well_formed(Kind::Solve, "s123"));
        assert!(!well_formed(Kind::Solve, "sABCDEF0123456789"));
    }
}
