//! Can this board reach that goal? Decided instantly by parity, never by searching.
//!
//! Read the tiles row by row, skipping the blank, and count *inversions*: pairs that stand in the
//! opposite order to the goal's. A sideways move changes nothing; a vertical move carries one tile
//! past `width - 1` others, changing the count by an odd or even amount as the width is even or
//! odd. So on an odd-width board the inversion parity never changes, and on an even-width board
//! the parity of inversions plus the blank's row distance from its goal row never changes. Both
//! are 0 for the goal itself, which gives the rule for every width, height and goal; and half of
//! all arrangements, exactly those with the other parity, are out of reach.

use crate::puzzle::board::Board;
use crate::puzzle::goal::GoalError;

/// The verdict, with the numbers behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solvability {
    /// Whether the board can reach the goal.
    pub solvable: bool,
    /// Pairs of tiles in the opposite order to the goal's.
    pub inversions: u32,
    /// Rows between the blank and its square in the goal.
    pub blank_row_distance: u32,
    /// The board's width, whose parity decides which rule applies.
    pub width: usize,
    /// When the board is the goal with exactly two tiles exchanged: those two.
    pub swapped_pair: Option<(u8, u8)>,
}

impl Solvability {
    /// One line a student understands: the counts, the rule, and the verdict.
    pub fn explanation(&self) -> String {
        let inv = count(self.inversions, "inversion", "inversions");
        let mut text = if self.width % 2 == 1 {
            if self.solvable {
                format!(
                    "Solvable: the tiles have {inv} (pairs in the opposite order to the goal's), an even number like the goal's 0, and on a board of odd width every move keeps that parity."
                )
            } else {
                format!(
                    "Unsolvable: the tiles have {inv} (pairs in the opposite order to the goal's), an odd number, while the goal has 0, and on a board of odd width no move changes that parity."
                )
            }
        } else {
            let rows = count(self.blank_row_distance, "row", "rows");
            let sum = self.inversions + self.blank_row_distance;
            if self.solvable {
                format!(
                    "Solvable: {inv} (pairs in the opposite order to the goal's) plus {rows} between the blank and its goal row make {sum}, an even number like the goal's 0, and on a board of even width every move keeps that parity."
                )
            } else {
                format!(
                    "Unsolvable: {inv} (pairs in the opposite order to the goal's) plus {rows} between the blank and its goal row make {sum}, an odd number, while the goal has 0, and on a board of even width no move changes that parity."
                )
            }
        };
        if let Some((a, b)) = self.swapped_pair {
            text.push_str(&format!(" It is the goal with tiles {a} and {b} swapped."));
        }
        text
    }
}

fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Decides whether `board` can reach `goal`, in O(n log n); an error if their shapes differ
/// (a [`Position`](crate::puzzle::position::Position) has them agree already).
pub fn check(board: &Board, goal: &Board) -> Result<Solvability, GoalError> {
    if !board.same_shape(goal) {
        return Err(GoalError::ShapeMismatch {
            board: (board.width(), board.height()),
            goal: (goal.width(), goal.height()),
        });
    }
    Ok(verdict(board, goal))
}

/// The verdict for two boards of one shape (what a `Position` and [`check`] make sure of).
pub(crate) fn verdict(board: &Board, goal: &Board) -> Solvability {
    let n = board.len();
    // rank[tile] = the tile's place in the goal's reading order, blank skipped.
    let mut rank = vec![0usize; n];
    for (r, &t) in goal.tiles().iter().filter(|&&t| t != 0).enumerate() {
        rank[t as usize] = r;
    }
    let inversions = count_inversions(
        board
            .tiles()
            .iter()
            .filter(|&&t| t != 0)
            .map(|&t| rank[t as usize]),
        n - 1,
    );
    let w = board.width();
    let blank_row_distance = (board.blank() / w).abs_diff(goal.blank() / w) as u32;
    let parity = if w % 2 == 1 {
        inversions % 2
    } else {
        (inversions + blank_row_distance) % 2
    };
    Solvability {
        solvable: parity == 0,
        inversions,
        blank_row_distance,
        width: w,
        swapped_pair: swapped_pair(board, goal),
    }
}

/// For a board that cannot reach its goal: the two squares whose tiles to exchange so it can.
///
/// Exchanging any two numbered tiles flips the parity, so every such swap works; this picks the
/// most helpful one: a pair that sends both tiles home, else one that sends one tile home, else
/// the first two numbered tiles. `None` if the board is already solvable, or the shapes differ.
pub fn suggested_fix(board: &Board, goal: &Board) -> Option<(usize, usize)> {
    if check(board, goal).ok()?.solvable {
        return None;
    }
    let n = board.len();
    let numbered: Vec<usize> = (0..n).filter(|&s| board.tile(s) != 0).collect();
    let home = |tile: u8, square: usize| goal.tile(square) == tile;
    let both = numbered.iter().find_map(|&a| {
        let b = goal.position_of(board.tile(a));
        (b != a && board.tile(b) != 0 && home(board.tile(b), a)).then_some((a.min(b), a.max(b)))
    });
    let one = || {
        numbered.iter().find_map(|&a| {
            let b = goal.position_of(board.tile(a));
            (b != a && board.tile(b) != 0).then_some((a.min(b), a.max(b)))
        })
    };
    both.or_else(one)
        .or_else(|| Some((numbered[0], numbered[1])))
}

/// Convenience: whether `board` can reach `goal` (false for mismatched shapes).
pub fn is_solvable(board: &Board, goal: &Board) -> bool {
    check(board, goal).is_ok_and(|s| s.solvable)
}

/// Inversions of a sequence of distinct values in `0..len`, with a Fenwick tree.
fn count_inversions(values: impl Iterator<Item = usize>, len: usize) -> u32 {
    let mut tree = vec![0u32; len + 1];
    let mut inversions = 0u32;
    for (seen, v) in values.enumerate() {
        // How many values already seen are <= v.
        let mut i = v + 1;
        let mut not_greater = 0;
        while i > 0 {
            not_greater += tree[i];
            i &= i - 1;
        }
        inversions += seen as u32 - not_greater;
        let mut i = v + 1;
        while i <= len {
            tree[i] += 1;
            i += i & i.wrapping_neg();
        }
    }
    inversions
}

fn swapped_pair(board: &Board, goal: &Board) -> Option<(u8, u8)> {
    let mut diff = board
        .tiles()
        .iter()
        .zip(goal.tiles())
        .filter(|(a, b)| a != b)
        .map(|(&a, _)| a);
    match (diff.next(), diff.next(), diff.next()) {
        (Some(a), Some(b), None) if a != 0 && b != 0 => Some((a.min(b), a.max(b))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn verdict(board: &str, goal: &Board) -> Solvability {
        check(&parse_board(board).unwrap(), goal).unwrap()
    }

    #[test]
    fn swapping_two_tiles_of_the_goal_is_unsolvable() {
        let goal = Board::blank_last(3, 3).unwrap();
        let s = verdict("1 2 3/4 5 6/8 7 0", &goal);
        assert!(!s.solvable);
        assert_eq!(s.inversions, 1);
        assert_eq!(s.swapped_pair, Some((7, 8)));
        assert_eq!(
            s.explanation(),
            "Unsolvable: the tiles have 1 inversion (pairs in the opposite order to the goal's), an odd number, while the goal has 0, and on a board of odd width no move changes that parity. It is the goal with tiles 7 and 8 swapped."
        );
    }

    #[test]
    fn the_hardest_eight_puzzle_is_solvable() {
        let goal = Board::blank_last(3, 3).unwrap();
        let s = verdict("8 6 7/2 5 4/3 0 1", &goal);
        assert!(s.solvable);
        assert_eq!(s.inversions % 2, 0);
    }

    #[test]
    fn even_width_counts_the_blank_row() {
        // Sam Loyd's 14-15 puzzle: unsolvable.
        let goal = Board::blank_last(4, 4).unwrap();
        let loyd = verdict("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", &goal);
        assert!(!loyd.solvable);
        assert!(loyd.explanation().contains("row"));
        // Blank moved up one row from the goal: one vertical move, solvable.
        let s = verdict("1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12", &goal);
        assert!(s.solvable);
        assert_eq!(s.inversions, 3);
        assert_eq!(s.blank_row_distance, 1);
    }

    #[test]
    fn any_goal_works() {
        let goal = Board::blank_first(3, 3).unwrap();
        assert!(verdict("0 1 2/3 4 5/6 7 8", &goal).solvable);
        assert!(verdict("1 2 3/4 5 6/7 8 0", &goal).solvable);
        assert!(!verdict("0 2 1/3 4 5/6 7 8", &goal).solvable);
    }

    #[test]
    fn inversions_counted_fast_match_the_definition() {
        let values = [5, 0, 3, 1, 4, 2];
        let slow = (0..6)
            .flat_map(|i| (i + 1..6).map(move |j| (i, j)))
            .filter(|&(i, j)| values[i] > values[j])
            .count() as u32;
        assert_eq!(count_inversions(values.into_iter(), 6), slow);
    }

    #[test]
    fn the_offered_swap_makes_a_board_solvable_and_helps() {
        let goal = Board::blank_last(3, 3).unwrap();
        let b = parse_board("1 2 3/4 5 6/8 7 0").unwrap();
        let (x, y) = suggested_fix(&b, &goal).unwrap();
        assert_eq!(
            (b.tile(x), b.tile(y)),
            (8, 7),
            "swapping 7 and 8 back solves it outright"
        );
        assert_eq!(b.swapped(x, y).unwrap(), goal);
        assert_eq!(suggested_fix(&goal, &goal), None);
        // Whatever the board, the offered swap leaves it solvable.
        let mut rng = crate::puzzle::random::Rng::seeded(8);
        for (w, h) in [(2, 2), (3, 3), (4, 4), (5, 3), (10, 10)] {
            let goal = Board::blank_first(w, h).unwrap();
            let mut tiles: Vec<u32> = (0..(w * h) as u32).collect();
            for _ in 0..50 {
                rng.shuffle(&mut tiles);
                let b = Board::new(w, h, &tiles).unwrap();
                match suggested_fix(&b, &goal) {
                    Some((x, y)) => {
                        assert!(b.tile(x) != 0 && b.tile(y) != 0);
                        assert!(is_solvable(&b.swapped(x, y).unwrap(), &goal));
                    }
                    None => assert!(is_solvable(&b, &goal)),
                }
            }
        }
    }

    #[test]
    fn mismatched_goal_is_an_error() {
        let goal = Board::blank_last(4, 4).unwrap();
        let two = parse_board("2 1/3 0").unwrap();
        assert!(check(&two, &goal).is_err());
        assert_eq!(suggested_fix(&two, &goal), None);
        let four = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0").unwrap();
        assert_eq!(
            suggested_fix(&four, &Board::blank_last(3, 3).unwrap()),
            None
        );
    }
}
