//! A solve by hand in a link: `replay=RDLU….AgBk…`, its moves and when each was made, compact
//! enough for a chat message (a 100-move 4×4 solve at a typical pace is about 300 characters).
//!
//! The value is the moves as letters (`U`, `D`, `L`, `R`, one a move; read as every list of moves
//! is read, by [`parse_moves`], so a letter may carry a count: `R3` is `RRR`), a `.`, then for
//! every move after the first the milliseconds since the move before it. The first move is at 0, so
//! times cannot go backwards by construction. Each gap is a number in base64url characters
//! (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`: 0 to 63), 5 bits of the number a character, lowest
//! first, with 32 added to every character but a number's last. A gap under 32 ms is one
//! character, under about 1 s two, under 32.8 s three. Every character is left alone by URLs, so
//! the link is never percent-encoded. A gap longer than [`MAX_GAP_MS`] is written as that long.

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::{MovesError, parse_moves, shown_char};
use std::fmt;

/// The longest pause a replay link keeps (10 minutes): a longer one is written as this long, and
/// a link with a longer one is refused.
pub const MAX_GAP_MS: u32 = 600_000;

/// Characters a gap takes at most: 4 carry 20 bits, enough for [`MAX_GAP_MS`].
const MAX_DIGITS: usize = 4;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A solve as a replay link carries it: its moves, and when each was made (milliseconds from the
/// first, the first at 0, never decreasing).
#[derive(Clone, Debug, PartialEq)]
pub struct TimedMoves {
    pub moves: Vec<Move>,
    pub times: Vec<f64>,
}

/// Why a replay link's value cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayLinkError {
    /// Nothing to replay.
    Empty,
    /// No `.` between the moves and their times.
    NoTimes,
    /// The moves cannot be read.
    Moves(MovesError),
    /// A character that cannot be part of a time, at this character of the times (1-based).
    BadTime { index: usize, found: char },
    /// The times end in the middle of a number.
    Truncated,
    /// A number too long to be a pause, for this move (1-based).
    GapTooLong { index: usize },
    /// A count of times that does not fit the count of moves.
    Mismatch { moves: usize, gaps: usize },
    /// The moves cannot be made on the board: this move (1-based) walks off it.
    WalksOff { index: usize, of: usize },
}

impl fmt::Display for ReplayLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayLinkError::Empty => write!(f, "it has no moves"),
            ReplayLinkError::NoTimes => {
                write!(f, "it has no \".\" between its moves and their times")
            }
            ReplayLinkError::Moves(problem) => write!(f, "its moves: {problem}"),
            ReplayLinkError::BadTime { index, found } => write!(
                f,
                "character {index} of its times, {}, is not part of a time",
                shown_char(*found)
            ),
            ReplayLinkError::Truncated => write!(f, "its last time is cut short"),
            ReplayLinkError::GapTooLong { index } => write!(
                f,
                "the pause before move {index} is longer than {} minutes",
                MAX_GAP_MS / 60_000
            ),
            ReplayLinkError::Mismatch { moves, gaps } => write!(
                f,
                "it has {moves} move{} but {} time{} ({} expected)",
                if *moves == 1 { "" } else { "s" },
                gaps + 1,
                if *gaps == 0 { "" } else { "s" },
                moves
            ),
            ReplayLinkError::WalksOff { index, of } => {
                write!(f, "move {index} of {of} walks off the board")
            }
        }
    }
}

impl std::error::Error for ReplayLinkError {}

/// The value of a `replay` parameter for `moves` made at `times` (milliseconds from any start;
/// the first move counts as 0). Gaps are whole milliseconds, rounded so that the times read
/// back are the given ones rounded; a gap past [`MAX_GAP_MS`] is written as that.
pub fn encode(moves: &[Move], times: &[f64]) -> String {
    let mut out: String = moves.iter().map(|m| m.letter()).collect();
    out.push('.');
    let rounded: Vec<f64> = times.iter().map(|t| t.round()).collect();
    for pair in rounded.windows(2).take(moves.len().saturating_sub(1)) {
        let gap = (pair[1] - pair[0]).clamp(0.0, f64::from(MAX_GAP_MS)) as u32;
        push_number(&mut out, gap);
    }
    out
}

fn push_number(out: &mut String, mut n: u32) {
    loop {
        let low = (n & 31) as usize;
        n >>= 5;
        let digit = if n > 0 { low | 32 } else { low };
        out.push(char::from(ALPHABET[digit]));
        if n == 0 {
            return;
        }
    }
}

fn digit_value(c: char) -> Option<u32> {
    let b = u8::try_from(c).ok()?;
    ALPHABET.iter().position(|&a| a == b).map(|i| i as u32)
}

/// Reads a `replay` value (already percent-decoded): its moves, and each one's time.
pub fn decode(text: &str) -> Result<TimedMoves, ReplayLinkError> {
    if text.is_empty() {
        return Err(ReplayLinkError::Empty);
    }
    let (letters, gaps_text) = text.split_once('.').ok_or(ReplayLinkError::NoTimes)?;
    let moves = parse_moves(letters).map_err(ReplayLinkError::Moves)?;
    if moves.is_empty() {
        return Err(ReplayLinkError::Empty);
    }
    let gaps = read_gaps(gaps_text)?;
    if gaps.len() + 1 != moves.len() {
        return Err(ReplayLinkError::Mismatch {
            moves: moves.len(),
            gaps: gaps.len(),
        });
    }
    let mut times = Vec::with_capacity(moves.len());
    let mut at = 0.0;
    times.push(at);
    for (i, &gap) in gaps.iter().enumerate() {
        if gap > MAX_GAP_MS {
            return Err(ReplayLinkError::GapTooLong { index: i + 2 });
        }
        at += f64::from(gap);
        times.push(at);
    }
    Ok(TimedMoves { moves, times })
}

/// The numbers of the times part, each checked for shape but not yet for size.
fn read_gaps(text: &str) -> Result<Vec<u32>, ReplayLinkError> {
    let mut gaps = Vec::new();
    let (mut value, mut digits) = (0u32, 0usize);
    for (i, c) in text.chars().enumerate() {
        let d = digit_value(c).ok_or(ReplayLinkError::BadTime {
            index: i + 1,
            found: c,
        })?;
        if digits == MAX_DIGITS {
            return Err(ReplayLinkError::GapTooLong {
                index: gaps.len() + 2,
            });
        }
        value |= (d & 31) << (5 * digits);
        digits += 1;
        if d < 32 {
            gaps.push(value);
            (value, digits) = (0, 0);
        }
    }
    if digits > 0 {
        return Err(ReplayLinkError::Truncated);
    }
    Ok(gaps)
}

/// Reads a `replay` value and checks its moves on `board`.
pub fn decode_on(board: &Board, text: &str) -> Result<TimedMoves, ReplayLinkError> {
    let timed = decode(text)?;
    let mut walk = board.clone();
    walk.apply_all(&timed.moves)
        .map_err(|i| ReplayLinkError::WalksOff {
            index: i + 1,
            of: timed.moves.len(),
        })?;
    Ok(timed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::{format_moves, parse_board, parse_moves};

    #[test]
    fn a_short_solve_reads_back_as_written() {
        let moves = parse_moves("LLUR").unwrap();
        let times = [0.0, 31.0, 1023.4, 1024.6];
        let text = encode(&moves, &times);
        assert_eq!(text, "LLUR.fgfC");
        let back = decode(&text).unwrap();
        assert_eq!(back.moves, moves);
        assert_eq!(back.times, vec![0.0, 31.0, 1023.0, 1025.0]);
    }

    #[test]
    fn one_move_has_no_gaps() {
        assert_eq!(encode(&[Move::Left], &[0.0]), "L.");
        let back = decode("L.").unwrap();
        assert_eq!(back.times, vec![0.0]);
    }

    #[test]
    fn a_pause_longer_than_the_limit_is_written_as_the_limit() {
        let text = encode(&[Move::Left, Move::Left], &[0.0, 3_600_000.0]);
        assert_eq!(decode(&text).unwrap().times[1], f64::from(MAX_GAP_MS));
    }

    #[test]
    fn the_moves_are_checked_on_the_board() {
        let board = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        assert_eq!(
            decode_on(&board, "UUL.AA"),
            Err(ReplayLinkError::WalksOff { index: 1, of: 3 })
        );
        let board = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
        let ok = decode_on(&board, &encode(&parse_moves("LL").unwrap(), &[0.0, 5.0])).unwrap();
        assert_eq!(format_moves(&ok.moves), "LL");
    }

    #[test]
    fn hostile_values_name_their_problem() {
        let cases = [
            ("", "it has no moves"),
            (".", "it has no moves"),
            ("LLR", "no \".\""),
            ("LxR.AA", "its moves: 'x' at position 2 is not a move"),
            (
                "L0R.AA",
                "its moves: the count at position 2 must follow a move letter",
            ),
            ("L R.AA", "it has 2 moves but 3 times (2 expected)"),
            ("LL.A!", "character 2 of its times, '!'"),
            ("LL.%", "character 1"),
            ("LLL.Ag", "its last time is cut short"),
            ("LLL.A", "it has 3 moves but 2 times (3 expected)"),
            ("LL.AAA", "it has 2 moves but 4 times (2 expected)"),
            (
                "LL._____",
                "the pause before move 2 is longer than 10 minutes",
            ),
            // 2^19 + … : past ten minutes in four characters.
            (
                "LLL.A___f",
                "the pause before move 3 is longer than 10 minutes",
            ),
            ("LL.é", "character 1 of its times, 'é' (U+00E9)"),
        ];
        for (text, needle) in cases {
            let e = decode(text).expect_err(text).to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn moves_are_read_as_everywhere_repeat_counts_included() {
        // R3L is RRRL: four moves, three gaps (0, 1 and 2 ms).
        let read = decode("R3L.ABC").unwrap();
        assert_eq!(format_moves(&read.moves), "RRRL");
        assert_eq!(read.times, [0.0, 0.0, 1.0, 3.0]);
        assert_eq!(decode("rrrl.ABC"), Ok(read));
    }

    /// A realistic 100-move 4×4 solve: gaps of 120 to 600 ms, a few multi-tile slides at the
    /// same time, and two pauses to think.
    #[test]
    fn a_hundred_move_solve_fits_in_about_three_hundred_characters() {
        let moves: Vec<Move> = (0..100).map(|i| Move::ALL[i % 4]).collect();
        let mut times = Vec::new();
        let mut at = 0.0;
        for i in 0..100u32 {
            times.push(at);
            at += match i {
                17 => 2400.0,
                60 => 1800.0,
                _ if i % 7 == 0 => 0.0,
                _ => f64::from(120 + (i * 37) % 480),
            };
        }
        let text = encode(&moves, &times);
        assert!(text.len() <= 320, "{} characters: {text}", text.len());
        assert_eq!(decode(&text).unwrap().times, times);
    }
}
