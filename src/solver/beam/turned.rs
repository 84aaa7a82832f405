//! Turned blocks: on a whole board, the four tiles of a 2×2 block all in it but none home,
//! moved round one cycle of four (turned by a square, or crosswise). Their distance is one a tile, their linear conflicts none, but
//! bringing them home takes a dozen moves more: the turn is an odd permutation, so it cannot be
//! undone within the block, and must be paired with another odd one elsewhere. A beam guided by
//! distances makes them near its end and then stalls.

use super::Beam;

/// What each turned block adds to the estimate of a whole-board beam that counts them
/// ([`Beam::counts_turns`]), in halves of a move. Two blocks turned side by side on a 6×6,
/// distance 8, take 32 moves at best: about twelve moves a block beyond the distance. Only a
/// `--seconds` round's beam counts them: on the eight 10×10 tuning boards (seeds 3001-3008,
/// three tie-breaks each, 40 M boards a beam) 9 of 24 beams lost their way with them counted,
/// 14 without (1.603 × Manhattan against 1.630 ×); 32 halves did no better than 16. Counting
/// two tiles side by side swapped too (16 halves beyond their linear conflict) lost more.
pub(super) const TURNED: i32 = 16;

impl Beam {
    /// For each square, the top-left squares of the 2×2 blocks it is in (`usize::MAX` past the
    /// last), blocks of tiles only (not the goal's blank square's): what [`Beam::turned`] looks
    /// at.
    pub(super) fn set_up_turns(&mut self) {
        let (n, w, h) = (self.start.len(), self.start.width(), self.start.height());
        let tiles_only = |s: usize| {
            [s, s + 1, s + w, s + w + 1]
                .iter()
                .all(|&q| self.goal_at[q] != 0)
        };
        self.blocks = (0..n)
            .map(|q| {
                let (r, c) = (q / w, q % w);
                let mut blocks = [usize::MAX; 4];
                let corners = [(0, 0), (0, 1), (1, 0), (1, 1)].into_iter();
                let tops = corners
                    .filter(|&(dr, dc)| r >= dr && c >= dc && r - dr + 1 < h && c - dc + 1 < w)
                    .map(|(dr, dc)| q - dr * w - dc)
                    .filter(|&s| tiles_only(s));
                for (slot, s) in blocks.iter_mut().zip(tops) {
                    *slot = s;
                }
                blocks
            })
            .collect();
    }

    /// Whether the beam counts turned blocks (see [`TURNED`]).
    pub(super) fn counts_turns(&self) -> bool {
        !self.blocks.is_empty()
    }

    /// Whether the block whose top-left square is `s` is turned, on the board `view` gives the
    /// tile of each square of: it holds its own four tiles, none home, moved round one cycle
    /// of four (an odd permutation; two pairs swapped is even, and linear conflicts or the
    /// distance see it).
    fn turned(&self, s: usize, view: impl Fn(usize) -> u8) -> bool {
        let w = self.start.width();
        let block = [s, s + 1, s + w + 1, s + w];
        let goal = block.map(|q| self.goal_at[q]);
        // Where each square's tile is at home, as a place in the block.
        let mut home = [0; 4];
        for (i, &q) in block.iter().enumerate() {
            let tile = view(q);
            match goal.iter().position(|&g| g == tile) {
                Some(j) if j != i => home[i] = j,
                _ => return false,
            }
        }
        home[home[0]] != 0
    }

    /// Turned blocks on the board `view` gives the tile of each square of.
    pub(super) fn turns_of(&self, view: impl Fn(usize) -> u8 + Copy) -> i32 {
        // Each block once, by its top-left square (a block's top-left square is in it).
        let tops = (0..self.blocks.len()).filter(|&s| self.blocks[s].contains(&s));
        tops.filter(|&s| self.turned(s, view)).count() as i32
    }

    /// How the turned blocks change when the tile on `to` slides into the blank on `b` of
    /// `board`: a block with the blank in it is never turned, so only the blocks `to` is in and
    /// `b` is not (before the move) and those `b` is in and `to` is not (after) can change.
    pub(super) fn turns_change(&self, board: &[u8], b: usize, to: usize) -> i32 {
        let tile = board[to];
        let after = |s: usize| match s {
            _ if s == b => tile,
            _ if s == to => 0,
            _ => board[s],
        };
        let (at_b, at_to) = (&self.blocks[b], &self.blocks[to]);
        let mut change = 0;
        for &s in at_b.iter().take_while(|&&s| s != usize::MAX) {
            if !at_to.contains(&s) && self.turned(s, after) {
                change += 1;
            }
        }
        for &s in at_to.iter().take_while(|&&s| s != usize::MAX) {
            if !at_b.contains(&s) && self.turned(s, |q| board[q]) {
                change -= 1;
            }
        }
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::notation::parse_board;

    /// The turned blocks a round's beam counts on its first board.
    fn turns(board: &str) -> i32 {
        let start = parse_board(board).unwrap();
        let goal = Board::blank_last(start.width(), start.height()).unwrap();
        let beam = Beam::walking(&start, &goal, 10, 1_000, 0, 14);
        let tiles = start.tiles();
        beam.turns_of(|s| tiles[s])
    }

    #[test]
    fn four_tiles_each_a_square_round_their_block_from_home_make_a_turned_block() {
        // 8, 9, 15, 14 turned one way round their block, 11, 12, 18, 17 the other way.
        let two = "1 2 3 4 5 6/7 14 8 10 17 11/13 15 9 16 18 12/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 35 0";
        assert_eq!(turns(two), 2);
        // Half turned (8 and 9 swapped with 14 and 15 row for row): not turned.
        let swapped = "1 2 3 4 5 6/7 14 15 10 11 12/13 8 9 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 35 0";
        assert_eq!(turns(swapped), 0);
        // 15 to 14's home, 14 to 9's, 9 to 8's, 8 to 15's: a cycle of four crosswise.
        let crosswise = "1 2 3 4 5 6/7 15 8 10 11 12/13 9 14 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 0 35";
        assert_eq!(turns(crosswise), 1);
        // Three of the four round, the fourth with the blank: not turned.
        let blank = "1 2 3 4 5 6/7 14 8 10 17 11/13 0 9 16 18 12/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 35 15";
        assert_eq!(turns(blank), 1);
        // Nor is the block of the goal's blank square.
        assert_eq!(turns("1 2 3 4/5 6 7 8/9 10 15 11/13 14 0 12"), 0);
    }

    #[test]
    fn shells_and_todays_whole_board_beams_count_no_turns() {
        let goal = Board::blank_last(6, 6).unwrap();
        assert!(!Beam::new(&goal, &goal, 10, 1_000, 0, 2).counts_turns());
        assert!(Beam::walking(&goal, &goal, 10, 1_000, 0, 14).counts_turns());
    }
}
