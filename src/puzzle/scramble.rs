//! Scrambled boards that can always be solved.
//!
//! [`random_solvable`] draws uniformly from every arrangement that can reach the goal: shuffle all
//! squares, and if the result has the wrong parity, exchange the tiles on the first two non-blank
//! squares. That exchange is its own inverse and never moves the blank, so it pairs every
//! unreachable arrangement with exactly one reachable one, and uniform stays uniform.
//! [`random_walk`] makes random moves from the goal instead, for boards a given distance away.

use crate::puzzle::board::Board;
use crate::puzzle::moves::{Move, Neighbours};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;
use std::fmt;

/// How far a random scramble must be from its goal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScrambleOptions {
    /// The least fraction (0.0 to 1.0) of numbered tiles that must be out of place.
    /// The seed app used 0.8: "most tiles out of place".
    pub min_misplaced: f64,
}

impl Default for ScrambleOptions {
    fn default() -> Self {
        ScrambleOptions { min_misplaced: 0.0 }
    }
}

impl ScrambleOptions {
    /// The seed app's option: at least 80 % of the tiles out of place.
    pub const MOSTLY_MISPLACED: ScrambleOptions = ScrambleOptions { min_misplaced: 0.8 };
}

/// Why no scramble was produced.
#[derive(Clone, Debug, PartialEq)]
pub enum ScrambleError {
    /// The fraction is outside 0..=1.
    BadFraction(f64),
    /// No arrangement met the demand after many draws (tiny boards with a fraction near 1).
    TooDemanding { attempts: u32 },
}

impl fmt::Display for ScrambleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Written without the standard float printer, whose code the page would carry.
            ScrambleError::BadFraction(x) if x.is_nan() => {
                write!(f, "the fraction of misplaced tiles must be 0 to 1, not NaN")
            }
            ScrambleError::BadFraction(x) => {
                let shown = decimals(*x, 3);
                let shown = shown.trim_end_matches('0').trim_end_matches('.');
                write!(
                    f,
                    "the fraction of misplaced tiles must be 0 to 1, not {shown}"
                )
            }
            ScrambleError::TooDemanding { attempts } => write!(
                f,
                "no board with that many misplaced tiles turned up in {attempts} draws: ask for fewer"
            ),
        }
    }
}

impl std::error::Error for ScrambleError {}

const MAX_ATTEMPTS: u32 = 100_000;

/// A uniformly random board that can reach `goal`, is not `goal`, and has at least
/// `options.min_misplaced` of its numbered tiles out of place; with its goal.
pub fn random_solvable(
    goal: &Board,
    options: ScrambleOptions,
    rng: &mut Rng,
) -> Result<Position, ScrambleError> {
    let fraction = options.min_misplaced;
    if !(0.0..=1.0).contains(&fraction) {
        return Err(ScrambleError::BadFraction(fraction));
    }
    let numbered = goal.len() - 1;
    let need = ((fraction * numbered as f64).ceil() as usize).max(1);
    let mut tiles: Vec<u32> = goal.tiles().iter().map(|&t| u32::from(t)).collect();
    for _ in 0..MAX_ATTEMPTS {
        rng.shuffle(&mut tiles);
        let Some(mut position) = Board::new(goal.width(), goal.height(), &tiles)
            .ok()
            .and_then(|board| Position::new(board, goal.clone()).ok())
        else {
            continue;
        };
        if !position.is_solvable() {
            let board = position.board();
            let mut squares = (0..board.len()).filter(|&i| board.tile(i) != 0);
            if let (Some(a), Some(b)) = (squares.next(), squares.next())
                && let Some(fixed) = position.swapped(a, b)
            {
                position = fixed;
            }
        }
        // Rejection keeps the draw uniform over the boards that qualify.
        if position.misplaced() >= need {
            return Ok(position);
        }
    }
    Err(ScrambleError::TooDemanding {
        attempts: MAX_ATTEMPTS,
    })
}

/// The board after `moves` random moves from `goal`, never undoing the previous move (so a walk
/// of k moves usually ends about k moves away on large boards, less on small ones).
pub fn random_walk(goal: &Board, moves: usize, rng: &mut Rng) -> (Board, Vec<Move>) {
    let nb = Neighbours::new(goal.width(), goal.height());
    let mut board = goal.clone();
    let mut made = Vec::with_capacity(moves);
    let mut last: Option<Move> = None;
    for _ in 0..moves {
        let options: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&m| {
                nb.get(board.blank(), m.index() as usize) != Neighbours::NONE
                    && Some(m.opposite()) != last
            })
            .collect();
        let m = options[rng.below(options.len() as u64) as usize];
        board.apply(m);
        made.push(m);
        last = Some(m);
    }
    (board, made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::solvability::is_solvable;

    #[test]
    fn scrambles_are_solvable_and_never_the_goal() {
        let mut rng = Rng::seeded(42);
        for (w, h) in [(2, 2), (3, 3), (4, 4), (2, 5), (10, 10)] {
            for goal in [
                Board::blank_last(w, h).unwrap(),
                Board::blank_first(w, h).unwrap(),
            ] {
                for _ in 0..50 {
                    let p = random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
                    assert_eq!(p.goal(), &goal);
                    assert!(is_solvable(p.board(), &goal), "{p:?}");
                    assert!(!p.is_solved());
                }
            }
        }
    }

    #[test]
    fn mostly_misplaced_means_at_least_eighty_percent() {
        let mut rng = Rng::seeded(3);
        let goal = Board::blank_last(3, 3).unwrap();
        for _ in 0..200 {
            let p = random_solvable(&goal, ScrambleOptions::MOSTLY_MISPLACED, &mut rng).unwrap();
            assert!(p.misplaced() >= 7, "{p:?}");
        }
    }

    #[test]
    fn scrambles_are_uniform_over_solvable_two_by_two_boards() {
        // 12 reachable arrangements, 11 of them not the goal: each about 1/11 of the draws.
        let mut rng = Rng::seeded(9);
        let goal = Board::blank_last(2, 2).unwrap();
        let mut counts = std::collections::HashMap::new();
        for _ in 0..22_000 {
            let p = random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
            *counts.entry(p.board().to_string()).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 11);
        for (b, c) in counts {
            assert!((1_700..2_300).contains(&c), "{b}: {c}");
        }
    }

    #[test]
    fn impossible_demands_are_errors_not_hangs() {
        let mut rng = Rng::seeded(1);
        let goal = Board::blank_last(3, 3).unwrap();
        assert_eq!(
            random_solvable(&goal, ScrambleOptions { min_misplaced: 1.5 }, &mut rng),
            Err(ScrambleError::BadFraction(1.5))
        );
        assert_eq!(
            ScrambleError::BadFraction(1.5).to_string(),
            "the fraction of misplaced tiles must be 0 to 1, not 1.5"
        );
        assert_eq!(
            ScrambleError::BadFraction(-2.0).to_string(),
            "the fraction of misplaced tiles must be 0 to 1, not -2"
        );
    }

    #[test]
    fn random_walks_are_solvable_and_replayable() {
        let mut rng = Rng::seeded(5);
        let goal = Board::blank_last(4, 4).unwrap();
        let (b, moves) = random_walk(&goal, 200, &mut rng);
        assert_eq!(moves.len(), 200);
        assert!(is_solvable(&b, &goal));
        let mut replay = goal.clone();
        replay.apply_all(&moves).unwrap();
        assert_eq!(replay, b);
    }
}
