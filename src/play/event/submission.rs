//! A fewest-moves submission: the moves from the start board, accepted if they solve it within
//! the time limit, else rejected with the reason.

use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use std::fmt;

/// Why a submission is not accepted.
#[derive(Clone, Debug, PartialEq)]
pub enum Rejection {
    /// No moves: the start board is not solved.
    NoMoves,
    /// The moves do not reach the goal: this many tiles end out of place.
    NotSolved { out_of_place: usize },
    /// The time limit (minutes) had passed: the round is over.
    TooLate { minutes: u32 },
}

impl Rejection {
    /// The round goes on after this rejection (only the time limit ends it).
    pub fn round_goes_on(&self) -> bool {
        !matches!(self, Rejection::TooLate { .. })
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Not accepted: ")?;
        match self {
            Rejection::NoMoves => f.write_str("no moves were made from the start board."),
            Rejection::NotSolved { out_of_place: 1 } => f.write_str(
                "the moves do not solve the board (1 tile is out of place); keep going, or Reset to start.",
            ),
            Rejection::NotSolved { out_of_place } => write!(
                f,
                "the moves do not solve the board ({out_of_place} tiles are out of place); keep going, or Reset to start."
            ),
            Rejection::TooLate { minutes } => write!(
                f,
                "the time limit of {minutes} minute{} had passed, so the round is over.",
                if *minutes == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Checks `moves` from `start`, submitted `elapsed_ms` after the round began with a limit of
/// `minutes`: the number of moves if accepted.
pub fn check(
    start: &Position,
    moves: &[Move],
    elapsed_ms: f64,
    minutes: u32,
) -> Result<usize, Rejection> {
    if elapsed_ms > f64::from(minutes) * 60_000.0 {
        return Err(Rejection::TooLate { minutes });
    }
    if moves.is_empty() {
        return Err(Rejection::NoMoves);
    }
    let mut end = start.clone();
    for &m in moves {
        if !end.apply(m) {
            // A move off the board cannot come from play; counted as not solving it.
            return Err(Rejection::NotSolved {
                out_of_place: start.misplaced(),
            });
        }
    }
    match end.misplaced() {
        0 => Ok(moves.len()),
        out_of_place => Err(Rejection::NotSolved { out_of_place }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::moves::Move::*;
    use crate::puzzle::notation::parse_board;

    fn start() -> Position {
        Position::toward(parse_board("1 2 3/4 5 6/0 7 8").unwrap(), &Goal::BlankLast).unwrap()
    }

    #[test]
    fn a_solution_in_time_is_scored_by_its_moves() {
        // The tile moves: 7 left, 8 left.
        assert_eq!(check(&start(), &[Left, Left], 1_000.0, 10), Ok(2));
        assert_eq!(
            check(&start(), &[Left, Left, Right, Left], 599_999.0, 10),
            Ok(4)
        );
    }

    #[test]
    fn rejections_say_why_and_only_the_clock_ends_the_round() {
        let short = check(&start(), &[Left], 1.0, 10).unwrap_err();
        assert_eq!(short, Rejection::NotSolved { out_of_place: 1 });
        assert!(short.round_goes_on());
        assert!(short.to_string().contains("1 tile is out of place"));
        assert_eq!(check(&start(), &[], 1.0, 10), Err(Rejection::NoMoves));
        let late = check(&start(), &[Left, Left], 60_001.0, 1).unwrap_err();
        assert_eq!(late, Rejection::TooLate { minutes: 1 });
        assert!(!late.round_goes_on());
        assert!(late.to_string().contains("1 minute had passed"));
    }
}
