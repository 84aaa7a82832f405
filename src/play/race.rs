//! The daily race: one board a day and size for every player, drawn by the server from a secret
//! of its own, shown to nobody before they start; every entry checked by replaying it with the
//! same core the page plays with. Here are its rules as plain data, for the server that judges
//! and the page that races: which sizes and days there are, the day's board from its seed, each
//! check an entry must pass (and, when it fails, the rule in words), and what the page asks of
//! the server through the sync worker ([`RaceJob`]) and hears back ([`RaceSaid`]).

use super::game::daily::{DailyError, Date};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{MovesError, parse_moves};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use crate::puzzle::scramble::{ScrambleOptions, random_solvable};
use std::fmt;

/// The sides a race is run on: 3×3 to 10×10.
pub const SIDES: std::ops::RangeInclusive<usize> = 3..=10;

/// The longest look at the board before the first move, as speedsolvers inspect.
pub const INSPECTION_MS: f64 = 15_000.0;

/// What the network may add to the look the server sees (its clock runs from the start's answer
/// leaving it to the entry reaching it).
pub const NETWORK_MS: f64 = 2_000.0;

/// The fastest average pace an entry may claim unless the server says otherwise.
pub const MAX_TPS: f64 = 40.0;

/// A rule an entry (or a start) breaks, in words.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceRule {
    /// Not a race size (`3x3` … `10x10`).
    Size(String),
    /// Not a date.
    Date(DailyError),
    /// The day has not begun anywhere on Earth.
    NotYet(Date),
    /// The day has ended everywhere.
    Over(Date),
    Moves(MovesError),
    /// A move walks off the board (its number, from 1).
    WalksOff(usize),
    /// The moves end away from the goal.
    MissesGoal,
    /// Not one time per tile move.
    TimesCount {
        times: usize,
        moves: usize,
    },
    /// A time below zero, not a number, or below the one before (its number, from 1).
    TimesFall(usize),
    /// The time claimed is longer than the server saw pass since the start.
    LongerThanSeen {
        claimed: f64,
        seen: f64,
    },
    /// More than the inspection's look before the first move.
    LookedTooLong {
        looked: f64,
    },
    /// A pace no hand makes.
    TooFast {
        tps: f64,
        max: f64,
    },
}

impl fmt::Display for RaceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The project's own decimals: the standard float formatter would weigh on the page.
        let s = |ms: f64| format!("{} s", decimals(ms / 1000.0, 1));
        match self {
            RaceRule::Size(size) => {
                write!(f, "{size} is no race size: the race is run on 3x3 to 10x10")
            }
            RaceRule::Date(e) => write!(f, "{e}"),
            RaceRule::NotYet(date) => {
                write!(f, "the race of {date} has not begun anywhere on Earth yet")
            }
            RaceRule::Over(date) => write!(f, "the race of {date} has ended everywhere on Earth"),
            RaceRule::Moves(e) => write!(f, "the moves cannot be read: {e}"),
            RaceRule::WalksOff(n) => write!(f, "move {n} walks off the board"),
            RaceRule::MissesGoal => write!(f, "the moves do not take the race's board to the goal"),
            RaceRule::TimesCount { times, moves } => write!(
                f,
                "there must be one time per tile move: {times} times for {moves} moves"
            ),
            RaceRule::TimesFall(n) => write!(
                f,
                "time {n} falls below the one before it (times run from the first move and never fall)"
            ),
            RaceRule::LongerThanSeen { claimed, seen } => write!(
                f,
                "the time claimed ({}) is longer than the server saw pass since the start ({})",
                s(*claimed),
                s(*seen)
            ),
            RaceRule::LookedTooLong { looked } => write!(
                f,
                "the first move came {} after the board was shown: at most {} of looking",
                s(*looked),
                s(INSPECTION_MS)
            ),
            RaceRule::TooFast { tps, max } => write!(
                f,
                "a pace of {} tile moves a second is faster than any hand ({} at most)",
                decimals(*tps, 1),
                decimals(*max, 0)
            ),
        }
    }
}

impl std::error::Error for RaceRule {}

/// The side of a race size (`4x4` → 4).
pub fn side(size: &str) -> Result<usize, RaceRule> {
    let refuse = || RaceRule::Size(size.chars().take(16).collect());
    let (w, h) = size.split_once('x').ok_or_else(refuse)?;
    match (w.parse::<usize>(), h.parse::<usize>()) {
        (Ok(w), Ok(h)) if w == h && SIDES.contains(&w) => Ok(w),
        _ => Err(refuse()),
    }
}

/// The race of `date` may be played at `now_ms` (ms since 1970 UTC): the day has begun somewhere
/// on Earth (UTC+14) and not ended everywhere (UTC−12).
pub fn open(date: Date, now_ms: f64) -> Result<(), RaceRule> {
    if date > Date::latest_at(now_ms) {
        return Err(RaceRule::NotYet(date));
    }
    if ended_everywhere(date, now_ms) {
        return Err(RaceRule::Over(date));
    }
    Ok(())
}

/// The day `date` has ended everywhere on Earth at `now_ms`: its boards and replays are anyone's.
pub fn ended_everywhere(date: Date, now_ms: f64) -> bool {
    date < Date::at(now_ms, -12 * 60)
}

/// The day's board of `side`×`side` from its seed (the server's secret, the date and the size,
/// hashed): uniformly drawn from the solvable boards, toward the blank-last goal.
pub fn board(seed: u64, side: usize) -> Option<Position> {
    let goal = Board::blank_last(side, side).ok()?;
    random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(seed)).ok()
}

/// An entry that passed every check.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub moves: Vec<Move>,
    /// The time claimed: the last move's.
    pub millis: f64,
    /// The look before the first move, as the server's clock tells it.
    pub looked: f64,
}

impl Checked {
    /// Tile moves a second.
    pub fn tps(&self) -> f64 {
        self.moves.len() as f64 * 1000.0 / self.millis.max(1.0)
    }
}

/// Checks an entry on the race's `board`: `moves` (letters, with counts), one time a tile move
/// from the first, `seen_ms` the server's clock since the start, `max_tps` the fastest pace.
pub fn check(
    board: &Position,
    moves: &str,
    times: &[f64],
    seen_ms: f64,
    max_tps: f64,
) -> Result<Checked, RaceRule> {
    let moves = parse_moves(moves).map_err(RaceRule::Moves)?;
    let mut playing = board.clone();
    for (i, &m) in moves.iter().enumerate() {
        if !playing.apply(m) {
            return Err(RaceRule::WalksOff(i + 1));
        }
    }
    if moves.is_empty() || !playing.is_solved() {
        return Err(RaceRule::MissesGoal);
    }
    if times.len() != moves.len() {
        let (times, moves) = (times.len(), moves.len());
        return Err(RaceRule::TimesCount { times, moves });
    }
    let mut before = 0.0;
    for (i, &t) in times.iter().enumerate() {
        if !t.is_finite() || t < before {
            return Err(RaceRule::TimesFall(i + 1));
        }
        before = t;
    }
    let millis = before;
    if millis > seen_ms {
        return Err(RaceRule::LongerThanSeen {
            claimed: millis,
            seen: seen_ms,
        });
    }
    let looked = seen_ms - millis;
    if looked > INSPECTION_MS + NETWORK_MS {
        return Err(RaceRule::LookedTooLong { looked });
    }
    let checked = Checked {
        moves,
        millis,
        looked,
    };
    if checked.tps() > max_tps {
        let tps = checked.tps();
        return Err(RaceRule::TooFast { tps, max: max_tps });
    }
    Ok(checked)
}

/// One place on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub rank: usize,
    pub name: String,
    pub millis: f64,
    pub moves: usize,
    /// The shortest solution's length, where proven.
    pub optimal: Option<usize>,
    /// The best solution known, where none is proven shortest.
    pub best_known: Option<usize>,
    /// `?board=…&replay=…`, where the reader may see it.
    pub replay: Option<String>,
}

/// What the page asks of the server about the race, through the sync worker.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceJob {
    /// Start (or resume) the race of `date` on `size` (`4x4`).
    Start { date: String, size: String },
    /// Enter a finished race.
    Enter {
        date: String,
        size: String,
        token: String,
        moves: String,
        times: Vec<f64>,
    },
    /// The leaderboard of `date` and `size`.
    Leaderboard { date: String, size: String },
}

/// What the page hears of the race.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceSaid {
    /// The race's board (notation), its token, and how long ago it started (a resumed race's
    /// clock runs on).
    Started {
        date: String,
        size: String,
        board: String,
        token: String,
        elapsed_ms: f64,
    },
    /// The entry was ranked.
    Ranked { rank: usize },
    /// A leaderboard: its best, and where this player stands (if they entered).
    Leaderboard {
        date: String,
        size: String,
        entries: Vec<Standing>,
        you: Option<Standing>,
    },
    /// The server refused (the rule in its words), or did not answer.
    Refused(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn race() -> Position {
        Position::toward(
            parse_board("1 2 3/4 5 6/0 7 8").unwrap(),
            &crate::puzzle::goal::Goal::BlankLast,
        )
        .unwrap()
    }

    #[test]
    fn an_honest_entry_passes_and_each_rule_is_named_when_broken() {
        let board = race();
        let ok = check(&board, "LL", &[0.0, 300.0], 3_000.0, MAX_TPS).unwrap();
        assert_eq!((ok.millis, ok.looked, ok.moves.len()), (300.0, 2_700.0, 2));
        let refused = |moves: &str, times: &[f64], seen: f64| {
            check(&board, moves, times, seen, MAX_TPS).unwrap_err()
        };
        assert_eq!(refused("L", &[0.0], 9_000.0), RaceRule::MissesGoal);
        assert_eq!(refused("RL", &[0.0, 1.0], 9_000.0), RaceRule::WalksOff(1));
        assert_eq!(
            refused("LL", &[0.0], 9_000.0),
            RaceRule::TimesCount { times: 1, moves: 2 }
        );
        assert_eq!(
            refused("LL", &[500.0, 400.0], 9_000.0),
            RaceRule::TimesFall(2)
        );
        assert_eq!(
            refused("LL", &[-1.0, 400.0], 9_000.0),
            RaceRule::TimesFall(1)
        );
        assert_eq!(
            refused("LL", &[0.0, f64::NAN], 9_000.0),
            RaceRule::TimesFall(2)
        );
        assert!(matches!(
            refused("LL", &[0.0, 9_500.0], 9_000.0),
            RaceRule::LongerThanSeen { .. }
        ));
        assert!(matches!(
            refused("LL", &[0.0, 300.0], 30_000.0),
            RaceRule::LookedTooLong { .. }
        ));
        assert!(matches!(
            refused("LL", &[0.0, 10.0], 1_000.0),
            RaceRule::TooFast { .. }
        ));
        assert!(matches!(
            refused("LX", &[0.0, 10.0], 1_000.0),
            RaceRule::Moves(_)
        ));
        for rule in [
            RaceRule::MissesGoal,
            RaceRule::TooFast {
                tps: 99.0,
                max: 40.0,
            },
        ] {
            assert!(rule.to_string().len() > 20);
        }
    }

    #[test]
    fn a_race_is_square_from_three_to_ten_and_its_board_follows_from_its_seed() {
        assert_eq!(side("4x4"), Ok(4));
        for bad in ["2x2", "11x11", "3x4", "x", "", "4x4x4"] {
            assert!(side(bad).is_err(), "{bad}");
        }
        let a = board(7, 4).unwrap();
        assert_eq!(board(7, 4), Some(a.clone()));
        assert_ne!(board(8, 4), Some(a.clone()));
        assert!(a.is_solvable() && !a.is_solved());
    }

    #[test]
    fn a_day_is_open_from_its_start_at_utc_plus_14_to_its_end_at_utc_minus_12() {
        let day = Date::parse("2026-12-07").unwrap();
        let utc = |h: f64| 1_796_601_600_000.0 + h * 3_600_000.0; // 2026-12-07 00:00 UTC
        assert_eq!(open(day, utc(-14.5)), Err(RaceRule::NotYet(day)));
        assert_eq!(open(day, utc(-13.5)), Ok(()));
        assert_eq!(open(day, utc(35.5)), Ok(()));
        assert_eq!(open(day, utc(36.5)), Err(RaceRule::Over(day)));
        assert!(!ended_everywhere(day, utc(35.5)));
        assert!(ended_everywhere(day, utc(36.5)));
    }
}
