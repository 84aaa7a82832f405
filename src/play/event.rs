//! Events, as speedsolvers hold them: a marathon of N solves of one size, a relay through the
//! sizes up to N×N, a blindfolded solve (memorise, then solve with the numbers hidden) and a
//! fewest-moves round (a board, a time limit, the shortest solution you can find, scored against
//! the optimum). Each runs on a static site with no server: its boards come from one board (a
//! seed), the moves are kept, and a friend's page replays them to check a claimed result.
//!
//! - this file: the events and their names (`marathon-10`, `relay-5`, `blindfolded`, `fmc`), as
//!   links, files and records name them;
//! - [`boards`]: an event's boards, drawn from one board or from a date;
//! - [`run`]: an event in progress: its clock, its boards, its splits, and how it ends;
//! - [`proof`]: a friend's moves replayed over the boards, to check a claimed result;
//! - [`submission`]: a fewest-moves submission, accepted or rejected with the reason;
//! - [`record`]: a finished (or abandoned) event as kept in the history, in JSON and CSV;
//! - [`log`]: every event kept, imported and exported;
//! - [`stats`]: the records per event, size and control: bests, means, averages.

pub mod boards;
pub mod log;
pub mod proof;
pub mod record;
pub mod run;
pub mod stats;
pub mod submission;

use crate::play::wire::Wire;
use std::fmt;

/// Solves a marathon may have.
pub const MARATHON_SOLVES: std::ops::RangeInclusive<u32> = 2..=100;
/// The largest board of a relay (whose smallest is 2×2, played first or last).
pub const RELAY_UP_TO: std::ops::RangeInclusive<u32> = 3..=10;
/// A fewest-moves round's time limit, in minutes.
pub const FMC_MINUTES: std::ops::RangeInclusive<u32> = 1..=60;
/// A fewest-moves round's time limit unless the player picks another.
pub const FMC_DEFAULT_MINUTES: u32 = 10;

/// An event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// `solves` boards of one size in a row, on one clock.
    Marathon { solves: u32 },
    /// Every size from 2×2 to `up_to`×`up_to` in a row, on one clock: largest first when
    /// `down` (as the speedsolving community plays a relay), else smallest first. The two orders
    /// are two events, with records of their own.
    Relay { up_to: u32, down: bool },
    /// Memorise the board, then solve it with the numbers hidden.
    Blindfolded,
    /// Fewest moves: find a short solution within a time limit.
    Fmc,
}

/// Why a text names no event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    /// Not one of the names.
    Unknown(String),
    /// A marathon's count outside 2–100 (or not a number).
    Solves(String),
    /// A relay's last size outside 3–10 (or not a number).
    UpTo(String),
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = (MARATHON_SOLVES.start(), MARATHON_SOLVES.end());
        let (a, b) = (RELAY_UP_TO.start(), RELAY_UP_TO.end());
        match self {
            EventError::Unknown(name) => write!(
                f,
                "no such event \"{name}\" (marathon-N, relay-N, relay-down-N, blindfolded or fmc)"
            ),
            EventError::Solves(n) => write!(f, "a marathon has {lo} to {hi} solves, not \"{n}\""),
            EventError::UpTo(n) => write!(f, "a relay goes up to {a}×{a} … {b}×{b}, not \"{n}\""),
        }
    }
}

impl std::error::Error for EventError {}

/// What text from a link or a file may show of itself in a message.
fn shown(text: &str) -> String {
    text.chars().take(20).collect()
}

impl Event {
    /// The event's name in links, files and records: `marathon-10`, `relay-5` (smallest first,
    /// the only relay before the order could be chosen), `relay-down-5`, `blindfolded`, `fmc`.
    pub fn name(self) -> String {
        match self {
            Event::Marathon { solves } => format!("marathon-{solves}"),
            Event::Relay { up_to, down } => {
                format!("relay-{}{up_to}", if down { "down-" } else { "" })
            }
            Event::Blindfolded => "blindfolded".into(),
            Event::Fmc => "fmc".into(),
        }
    }

    /// The kind alone, as `data-event` has it: `marathon`, `relay`, `blindfolded`, `fmc`.
    pub fn kind(self) -> &'static str {
        match self {
            Event::Marathon { .. } => "marathon",
            Event::Relay { .. } => "relay",
            Event::Blindfolded => "blindfolded",
            Event::Fmc => "fmc",
        }
    }

    /// The event in words: `Marathon of 10`, `Relay from 5×5` (largest first), `Relay up to 5×5`,
    /// `Blindfolded`, `Fewest moves`.
    pub fn title(self) -> String {
        match self {
            Event::Marathon { solves } => format!("Marathon of {solves}"),
            Event::Relay { up_to, down } => {
                format!(
                    "Relay {} {up_to}×{up_to}",
                    if down { "from" } else { "up to" }
                )
            }
            Event::Blindfolded => "Blindfolded".into(),
            Event::Fmc => "Fewest moves".into(),
        }
    }

    /// Reads a name that [`Event::name`] wrote.
    pub fn parse(text: &str) -> Result<Event, EventError> {
        let count = |n: &str, range: &std::ops::RangeInclusive<u32>| {
            let ok = !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit());
            ok.then(|| n.parse::<u32>().ok())
                .flatten()
                .filter(|n| range.contains(n))
        };
        match text.split_once('-') {
            _ if text == "blindfolded" => Ok(Event::Blindfolded),
            _ if text == "fmc" => Ok(Event::Fmc),
            Some(("marathon", n)) => count(n, &MARATHON_SOLVES)
                .map(|solves| Event::Marathon { solves })
                .ok_or_else(|| EventError::Solves(shown(n))),
            Some(("relay", n)) => {
                let (down, n) = n.strip_prefix("down-").map_or((false, n), |n| (true, n));
                count(n, &RELAY_UP_TO)
                    .map(|up_to| Event::Relay { up_to, down })
                    .ok_or_else(|| EventError::UpTo(shown(n)))
            }
            _ => Err(EventError::Unknown(shown(text))),
        }
    }

    /// How many boards the event has.
    pub fn boards(self) -> usize {
        match self {
            Event::Marathon { solves } => solves as usize,
            Event::Relay { up_to, .. } => up_to as usize - 1,
            Event::Blindfolded | Event::Fmc => 1,
        }
    }
}

/// An event crosses to the record's worker by its name, read back by [`Event::parse`].
impl Wire for Event {
    fn put(&self, out: &mut Vec<u8>) {
        self.name().put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Event> {
        Event::parse(&String::take(input)?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_say_why() {
        for event in [
            Event::Marathon { solves: 2 },
            Event::Marathon { solves: 100 },
            Event::Relay {
                up_to: 3,
                down: false,
            },
            Event::Relay {
                up_to: 10,
                down: true,
            },
            Event::Blindfolded,
            Event::Fmc,
        ] {
            assert_eq!(Event::parse(&event.name()), Ok(event));
        }
        // Today's relay-N is smallest first, as every relay was before the order was chosen.
        assert_eq!(
            Event::parse("relay-5"),
            Ok(Event::Relay {
                up_to: 5,
                down: false
            })
        );
        assert_eq!(
            Event::parse("relay-down-5"),
            Ok(Event::Relay {
                up_to: 5,
                down: true
            })
        );
        assert_eq!(
            Event::Relay {
                up_to: 5,
                down: true
            }
            .boards(),
            4
        );
        assert_eq!(
            Event::parse("relay-down-2"),
            Err(EventError::UpTo("2".into()))
        );
        assert_eq!(
            Event::parse("relay-up-5"),
            Err(EventError::UpTo("up-5".into()))
        );
        assert_eq!(
            Event::parse("marathon-1"),
            Err(EventError::Solves("1".into()))
        );
        assert_eq!(
            Event::parse("marathon-101"),
            Err(EventError::Solves("101".into()))
        );
        assert_eq!(
            Event::parse("marathon-+5"),
            Err(EventError::Solves("+5".into()))
        );
        assert_eq!(Event::parse("relay-2"), Err(EventError::UpTo("2".into())));
        assert_eq!(Event::parse("relay-11"), Err(EventError::UpTo("11".into())));
        assert!(matches!(Event::parse("bogus"), Err(EventError::Unknown(_))));
        assert!(matches!(Event::parse(""), Err(EventError::Unknown(_))));
        let long = "x".repeat(500);
        assert!(EventError::Unknown(shown(&long)).to_string().len() < 100);
    }
}
