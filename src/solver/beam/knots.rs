//! Knots: a few squares away, walled in together by tiles home, on a whole board. The blank
//! cannot reach them without moving a tile home aside, and when their tiles are their own
//! squares' in an odd order (a swapped pair, a turned 2×2 block) they cannot be put right
//! even then, alone: a board's order and its blank's place have one parity, so an odd knot is
//! undone only together with another odd order elsewhere (another knot, or the part of the
//! board still to do, often the blank's corner by then), however far away, at some tens of
//! moves. A beam guided by distances walls them in without seeing the cost (a
//! knot's tiles are a square or two from home), finishes the rest of the board, and then has
//! no way on: on 10×10 most wide beams ended so. Counted, a beam avoids tying them.

use super::Beam;

/// What each square of a knot adds to a whole board's estimate, in halves of a move, as a
/// walled-in square does (see [`super::walls::WALLED_IN`]; a square of a knot of two is walled
/// in too, and counts both).
pub(super) const KNOT_SQUARE: i32 = 3;

/// What a knot whose tiles are its own squares' in an odd order adds instead, in halves of a
/// move: fifteen moves, fewer than undoing one far from the blank takes, enough that a beam
/// keeps from tying one. On 16 random 10×10 boards a beam of 23 M boards answered the same with
/// this weight doubled, or with [`KNOT_SQUARE`] doubled.
pub(super) const ODD_KNOT: i32 = 30;

/// The fewest and most squares of a knot: a square alone is walled in (and counted so), and a
/// larger group walled in is a part of the board still to do.
const KNOT_SIZES: (u32, u32) = (2, 16);

impl Beam {
    /// What the knots of a board add to its estimate (halves of a move): the board's squares
    /// holding their own tile are `home`, its blank is on `blank`, `view` gives each square's
    /// tile.
    pub(super) fn knots(&self, home: u128, blank: usize, view: impl Fn(usize) -> u8) -> i32 {
        let open = self.open(home, blank);
        self.knots_touching(open, blank, open, &view)
    }

    /// The squares a knot or the blank's group is made of: those away, and the blank's.
    fn open(&self, home: u128, blank: usize) -> u128 {
        self.away_from(home, blank) | 1 << blank
    }

    /// What a move of the blank from `b` to `to` changes in the knots' part of the estimate.
    /// Only groups of squares away beside the two squares can change (the rest keep their
    /// squares and tiles, and the blank is in none of them before or after), and of those,
    /// only groups beside `to` but not `b` before the move and beside `b` but not `to` after
    /// it can be knots: a group beside the blank holds it.
    pub(super) fn knots_change(
        &self,
        (home, b, before): (u128, usize, &impl Fn(usize) -> u8),
        (home_after, to, after): (u128, usize, &impl Fn(usize) -> u8),
    ) -> i32 {
        // And only when the square between them and the blank (`to` before the move, `b`
        // after it) holds its own tile: a square away beside the blank joins the groups beside
        // it to the blank's.
        let g = &self.grid;
        let (by_b, by_to) = (g.spread(1 << b), g.spread(1 << to));
        let mut change = 0;
        if home_after >> b & 1 == 1 {
            let open_after = self.open(home_after, to);
            change += self.knots_touching(open_after, to, by_b & !by_to, after);
        }
        if home >> to & 1 == 1 {
            let open = self.open(home, b);
            change -= self.knots_touching(open, b, by_to & !by_b, before);
        }
        change
    }

    /// The knots' part of the estimate from the groups of `open` squares (those away, and the
    /// blank's) that hold a square of `seeds`, but the blank's group.
    fn knots_touching(
        &self,
        open: u128,
        blank: usize,
        seeds: u128,
        view: &dyn Fn(usize) -> u8,
    ) -> i32 {
        let (fewest, most) = KNOT_SIZES;
        let g = &self.grid;
        let mut left = seeds & open & !(1 << blank);
        let mut sum = 0;
        while left != 0 {
            let mut group = left & left.wrapping_neg();
            let knot = loop {
                let next = g.spread(group) & open;
                if next >> blank & 1 == 1 || next.count_ones() > most {
                    group = next;
                    break false;
                }
                if next == group {
                    break true;
                }
                group = next;
            };
            left &= !group;
            let size = group.count_ones();
            if knot && size >= fewest {
                sum += match self.odd_order(group, view) {
                    Some(true) => ODD_KNOT,
                    _ => KNOT_SQUARE * size as i32,
                };
            }
        }
        sum
    }

    /// Whether the tiles on the squares of `group` (at most 16) are those squares' own, in an
    /// odd order; `None` if some belong elsewhere.
    fn odd_order(&self, group: u128, view: &dyn Fn(usize) -> u8) -> Option<bool> {
        let mut squares = [0usize; 16];
        let mut n = 0;
        let mut bits = group;
        while bits != 0 {
            if n == squares.len() {
                return None;
            }
            squares[n] = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            n += 1;
        }
        let mut goes_to = [0usize; 16];
        for i in 0..n {
            let tile = view(squares[i]);
            goes_to[i] = (0..n).find(|&j| self.goal_at[squares[j]] == tile)?;
        }
        let mut seen = [false; 16];
        let mut cycles = 0;
        for i in 0..n {
            if !seen[i] {
                cycles += 1;
                let mut j = i;
                while !seen[j] {
                    seen[j] = true;
                    j = goes_to[j];
                }
            }
        }
        Some((n - cycles) % 2 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;

    /// What the knots add to the first estimate of a whole-board beam from `board`, toward the
    /// goal with the blank last.
    fn knots_of(board: &str) -> i32 {
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let goal = Board::blank_last(start.width(), start.height()).unwrap();
        i32::from(Beam::new(&start, &goal, 10, 1_000, 0, 0).boards[0].knots)
    }

    #[test]
    fn squares_walled_in_together_are_a_knot_and_an_odd_one_counts_more() {
        // Tiles 6 and 7 swapped, side by side: their two squares are walled in together, in an
        // odd order.
        assert_eq!(knots_of("1 2 3 4/5 7 6 8/9 10 11 12/13 14 15 0"), ODD_KNOT);
        // A 2×2 block turned: four squares in a cycle of four, odd.
        assert_eq!(knots_of("1 2 3 4/5 10 6 8/9 11 7 12/13 14 15 0"), ODD_KNOT);
        // Three tiles turned among three squares: an even order, a knot of three squares.
        assert_eq!(
            knots_of("1 2 3 4/5 7 11 8/9 10 6 12/13 14 15 0"),
            3 * KNOT_SQUARE
        );
        // The nine tiles of a 3×3 block of a 6×6 in a cycle, walled in: a knot of nine
        // squares (a cycle of nine is an even order).
        let block = [7, 8, 9, 15, 21, 20, 19, 13, 14];
        assert_eq!(knots_of(&turned(6, 6, &[&block])), 9 * KNOT_SQUARE);
        // Sixteen, the most: a 4×4 block of a 7×7 whose two halves, 4 wide and 2 tall, are
        // each turned (two cycles of eight, an even order).
        let top = [8, 9, 10, 11, 18, 17, 16, 15];
        let bottom = [22, 23, 24, 25, 32, 31, 30, 29];
        assert_eq!(knots_of(&turned(7, 7, &[&top, &bottom])), 16 * KNOT_SQUARE);
        // Two of them, far apart.
        assert_eq!(
            knots_of("2 1 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 19 18 20/21 22 23 24 0"),
            2 * ODD_KNOT
        );
    }

    #[test]
    fn a_square_alone_the_blanks_group_or_a_large_part_is_no_knot() {
        // Tiles 6 and 11 swapped, apart: each square alone (walled in, counted as such).
        assert_eq!(knots_of("1 2 3 4/5 11 7 8/9 10 6 12/13 14 15 0"), 0);
        // Squares away beside the blank: it can put them right.
        assert_eq!(knots_of("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"), 0);
        assert_eq!(knots_of("1 2 3 4/5 6 7 8/9 10 12 0/13 14 11 15"), 0);
        // Seventeen tiles turned along the border of a block of a 7×7, 6 squares wide and 5
        // tall (its eighteenth square, 28, keeps its tile): a part of the board still to do,
        // not a knot.
        let border = [0, 1, 2, 3, 4, 5, 12, 19, 26, 33, 32, 31, 30, 29, 21, 14, 7];
        assert_eq!(knots_of(&turned(7, 7, &[&border])), 0);
    }

    /// A `w`×`h` board with the blank last whose tiles on each of `cycles` (of squares) are
    /// each the next square's.
    fn turned(w: usize, h: usize, cycles: &[&[usize]]) -> String {
        let goal = Board::blank_last(w, h).unwrap();
        let mut tiles: Vec<u32> = goal.tiles().iter().map(|&t| u32::from(t)).collect();
        for cycle in cycles {
            let before: Vec<u32> = cycle.iter().map(|&s| tiles[s]).collect();
            for (i, &s) in cycle.iter().enumerate() {
                tiles[s] = before[(i + 1) % cycle.len()];
            }
        }
        Board::new(w, h, &tiles).unwrap().to_string()
    }
}
