//! The daily puzzle: one board per date and size, the same for every player, derived from the
//! date alone (no server): the date and size are hashed into the seed of the core's own random
//! generator, whose arithmetic is the same on every platform.

use crate::puzzle::board::Board;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};
use std::fmt;

/// A calendar date (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// Why a date or a daily cannot be had. What the player reads is its `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyError {
    /// Not written `YYYY-MM-DD` (the text, shortened).
    Malformed(String),
    /// Written so, but no day of the calendar (`2026-02-30`).
    NoSuchDay(String),
    /// A day that has not begun anywhere on Earth yet.
    NotOut { date: Date, latest: Date },
    /// Before the first daily.
    BeforeFirst(Date),
    /// No board of that size (or no scramble of it).
    Board(String),
}

impl fmt::Display for DailyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DailyError::Malformed(text) => write!(f, "“{text}” is not a date written YYYY-MM-DD"),
            DailyError::NoSuchDay(text) => write!(f, "{text} is not a day of the calendar"),
            DailyError::NotOut { date, latest } => write!(
                f,
                "The daily puzzle of {date} is not out yet: it is still {latest} or earlier everywhere."
            ),
            DailyError::BeforeFirst(date) => {
                write!(f, "The daily puzzle started on {FIRST}; {date} had none.")
            }
            DailyError::Board(problem) => f.write_str(problem),
        }
    }
}

impl std::error::Error for DailyError {}

/// The first daily puzzle's date: earlier dates are refused.
pub const FIRST: Date = Date {
    year: 2026,
    month: 1,
    day: 1,
};

impl Date {
    /// Reads `YYYY-MM-DD`, a real date.
    pub fn parse(text: &str) -> Result<Date, DailyError> {
        let bad = || DailyError::Malformed(shorten(text));
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let number = |s: &str| -> Result<u16, DailyError> {
            if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().map_err(|_| bad())
            } else {
                Err(bad())
            }
        };
        let (year, month, day) = (number(y)?, number(m)?, number(d)?);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month as u8).into() {
            return Err(DailyError::NoSuchDay(shorten(text)));
        }
        Ok(Date {
            year,
            month: month as u8,
            day: day as u8,
        })
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: year.clamp(0, 9999) as u16,
            month,
            day,
        }
    }

    /// The date at `epoch_ms` milliseconds after 1970-01-01 00:00 UTC, in a time zone
    /// `offset_minutes` ahead of UTC.
    pub fn at(epoch_ms: f64, offset_minutes: i32) -> Date {
        let minutes = (epoch_ms / 60_000.0).floor() as i64 + i64::from(offset_minutes);
        Date::from_days(minutes.div_euclid(24 * 60))
    }

    /// The latest date anywhere on Earth at `epoch_ms` (UTC+14): no later date has begun.
    pub fn latest_at(epoch_ms: f64) -> Date {
        Date::at(epoch_ms, 14 * 60)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(20).collect();
    if text.chars().count() > 20 {
        s.push('…');
    }
    s
}

/// Whether `date` may be played now: not before the first daily, not after `latest` (the latest
/// date anywhere on Earth: see [`Date::latest_at`]).
pub fn check(date: Date, latest: Date) -> Result<Date, DailyError> {
    if date > latest {
        return Err(DailyError::NotOut { date, latest });
    }
    if date < FIRST {
        return Err(DailyError::BeforeFirst(date));
    }
    Ok(date)
}

/// The seed of a date's board: FNV-1a of `slide daily YYYY-MM-DD WxH`.
fn seed(date: Date, width: usize, height: usize) -> u64 {
    crate::puzzle::random::fnv1a(format!("slide daily {date} {width}x{height}").as_bytes())
}

/// The first day whose board is drawn uniformly from all solvable boards (random state), so
/// that a daily solve counts for statistics. The days before keep the boards players were
/// given, and links shared, drawn with most tiles out of place.
pub const RANDOM_STATE_FROM: Date = Date {
    year: 2026,
    month: 11,
    day: 27,
};

/// Whether the daily board of `date` was drawn uniformly from all solvable boards.
pub fn random_state(date: Date) -> bool {
    date >= RANDOM_STATE_FROM
}

/// The daily board of `date` and size, toward the blank-last goal: from
/// [`RANDOM_STATE_FROM`] on drawn uniformly from all solvable boards, before with most tiles
/// out of place.
pub fn board(date: Date, width: usize, height: usize) -> Result<Position, DailyError> {
    let board = |e: &dyn fmt::Display| DailyError::Board(e.to_string());
    let goal = Board::blank_last(width, height).map_err(|e| board(&e))?;
    let mut rng = Rng::seeded(seed(date, width, height));
    let options = match random_state(date) {
        true => ScrambleOptions::default(),
        false => ScrambleOptions::MOSTLY_MISPLACED,
    };
    random_solvable(&goal, options, &mut rng).map_err(|e| board(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Date {
        Date::parse(text).unwrap()
    }

    #[test]
    fn dates_are_read_strictly() {
        assert_eq!(d("2026-11-23").to_string(), "2026-11-23");
        assert_eq!(d("2028-02-29").day, 29);
        for bad in [
            "2026-11-31",
            "2027-02-29",
            "2026-13-01",
            "2026-1-01",
            "26-11-23",
            "2026-11-23x",
            "",
            "2026/11/23",
            "+026-11-23",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
        let problem = Date::parse("<script>").unwrap_err();
        assert_eq!(problem, DailyError::Malformed("<script>".into()));
        assert!(problem.to_string().contains("YYYY-MM-DD"));
    }

    #[test]
    fn dates_follow_the_clock_and_the_time_zone() {
        assert_eq!(Date::from_days(0), d("1970-01-01"));
        assert_eq!(Date::from_days(20_415), d("2025-11-23"));
        // 2026-11-23 23:30 UTC: still the 23rd in London, the 24th in Tokyo and at UTC+14.
        let ms = 1_795_476_600_000.0;
        assert_eq!(Date::at(ms, 0), d("2026-11-23"));
        assert_eq!(Date::at(ms, 9 * 60), d("2026-11-24"));
        assert_eq!(Date::at(ms, -10 * 60), d("2026-11-23"));
        assert_eq!(Date::latest_at(ms), d("2026-11-24"));
    }

    #[test]
    fn only_dates_that_have_begun_somewhere_can_be_played() {
        let latest = d("2026-11-24");
        assert!(check(d("2026-11-24"), latest).is_ok());
        let problem = check(d("2026-11-25"), latest).unwrap_err();
        assert!(problem.to_string().contains("not out yet"), "{problem}");
        assert!(check(d("2025-12-31"), latest).is_err());
    }

    #[test]
    fn a_dates_board_is_the_same_everywhere_and_differs_by_date_and_size() {
        let day = d("2026-11-23");
        let a = board(day, 4, 4).unwrap();
        assert_eq!(a, board(day, 4, 4).unwrap());
        // Recorded once: a change here would give players different dailies.
        assert_eq!(a.board().to_string(), DAILY_2026_11_23_4X4);
        assert_ne!(a, board(d("2026-11-24"), 4, 4).unwrap());
        let five = board(day, 5, 5).unwrap();
        assert_eq!((five.width(), five.height()), (5, 5));
        assert_eq!(a.goal(), &Board::blank_last(4, 4).unwrap());
        assert!(a.is_solvable());
    }

    const DAILY_2026_11_23_4X4: &str = "7 8 14 2/13 11 3 6/4 15 12 10/1 9 0 5";
}
