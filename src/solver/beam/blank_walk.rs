//! In a shell's beam (and a whole-board beam that counts it), the blank's walk to the nearest
//! tile it aims at still away from home: the squares holding such tiles as a bit mask, kept up
//! move by move, and rings of squares round each square, so that the nearest is found in a few
//! instructions.

use super::Beam;
use super::aim::Aim;
use crate::heuristics::manhattan::squares_apart;

/// What each square of the blank's walk to the nearest tile of the shell still away adds to a
/// shell's beam's estimate, in halves of a move as its weighted part is (its Manhattan distance
/// to beside that tile). Guided by the tiles' distances alone, a beam that has most of a shell
/// home sees no way on: bringing the blank back to the few tiles left away means many moves that
/// bring nothing nearer home, and some that move tiles home away, while moves among the other
/// tiles make their estimate smaller at once. Uncounted, the beam fills with such boards and
/// stalls ([`STALL_LEVELS`](super::levels::STALL_LEVELS)) with 6 to 15 of a 10×10's first
/// shell's 19 tiles away, on most boards, left to line searches at three moves a square of
/// distance. With the walk counted, each move towards a tile away counts as progress, and more
/// shells come home whole (random 10×10 boards, `auto`, seeds 161-260: 1.6114 × Manhattan with
/// it, 1.6405 × without).
pub(super) const BLANK_WALK: i32 = 3;

/// What each square of the blank's walk to the nearest tile away from home adds to the
/// estimate of a whole-board beam that counts it ([`Beam::counts_the_walk`]), in halves of a
/// move. Near the end of a 10×10, with most tiles home and the few away far apart, a beam
/// guided by distances sees no way on, as a shell's does (see [`BLANK_WALK`]): sized for 1.4
/// moves a move of its estimate, beams given 80 M boards wandered until it was spent on 2 of 6
/// random boards, and one started 750 moves into an answer spent 50 M without finishing.
/// Counted at 6 halves, with beams sized for 1.6, the six came 1.488 × Manhattan against
/// 1.519 × uncounted (3, 10 and 16 halves: 1.510, 1.492, 1.493). On 8×8 and 6×6, whose blank is
/// seldom far from a tile away, it changed nothing or next to nothing.
pub(super) const WHOLE_WALK: i32 = 6;

impl Beam {
    /// What the blank's walk needs in a shell's beam aiming at `aim`, each tile's square in the
    /// goal `home`: the shell's tiles' homes, and the rings of squares round each square.
    pub(super) fn set_up_walk(&mut self, aim: &Aim, home: &[usize]) {
        let (n, w, h) = (self.start.len(), self.start.width(), self.start.height());
        self.shell_home = (0..n)
            .map(|t| if aim.aims_at(t) { home[t] } else { usize::MAX })
            .collect();
        self.reach = w + h;
        self.rings = vec![0; n * self.reach];
        for (k, ring) in self.rings.iter_mut().enumerate() {
            let (s, d) = (k / self.reach, k % self.reach + 1);
            *ring = (0..n)
                .filter(|&q| squares_apart(s, q, w) == d)
                .fold(0, |acc, q| acc | 1 << q);
        }
    }

    /// Whether a whole-board beam counts the blank's walk (see [`WHOLE_WALK`]).
    pub(super) fn counts_the_walk(&self) -> bool {
        !self.partial && !self.rings.is_empty()
    }

    /// On a whole board, the squares holding a tile away from home: `home` the squares holding
    /// their own, the blank on `blank`.
    pub(super) fn away_from(&self, home: u128, blank: usize) -> u128 {
        let all = u128::MAX >> (128 - self.start.len());
        all & !home & !(1 << blank)
    }

    /// The squares holding a tile of the shell away from home, on the board `view` gives the
    /// tile of each square of.
    pub(super) fn away_of(&self, view: impl Fn(usize) -> u8) -> u128 {
        (0..self.start.len())
            .filter(|&s| {
                let home = self.shell_home.get(usize::from(view(s)));
                home.is_some_and(|&h| h != usize::MAX && h != s)
            })
            .fold(0, |acc, s| acc | 1 << s)
    }

    /// The squares holding a tile of the shell away from home, `away` before the tile on `to`
    /// slides into the blank on `b`, after.
    pub(super) fn away_after(&self, away: u128, tile: u8, b: usize, to: usize) -> u128 {
        let home = self.shell_home.get(usize::from(tile)).copied();
        let Some(home) = home.filter(|&h| h != usize::MAX) else {
            return away;
        };
        let without = away & !(1 << to);
        if b == home { without } else { without | 1 << b }
    }

    /// The blank's walk on `blank` to beside the nearest of the squares `away` holds, in moves
    /// (nothing when none is away; see [`BLANK_WALK`]).
    pub(super) fn blank_walk(&self, away: u128, blank: usize) -> i32 {
        if away == 0 {
            return 0;
        }
        let rings = &self.rings[blank * self.reach..(blank + 1) * self.reach];
        rings
            .iter()
            .position(|&ring| ring & away != 0)
            .map_or(0, |r| r as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_shells::{five_shell, four_halves, top_row_and_left_column};
    use super::super::walls::DEAD_POCKET;
    use super::*;
    use crate::puzzle::board::{Board, beside};
    use crate::puzzle::moves::Move;
    use crate::puzzle::random::Rng;

    #[test]
    fn the_blanks_walk_to_the_nearest_tile_of_the_shell_away_counts() {
        // Tiles 3 and 8 swapped (3 a square below home): the blank on the bottom right is 5
        // squares from 3, so 4 moves from beside it; 8 is no tile of the shell.
        let far = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        let beam = five_shell(far);
        assert_eq!(i32::from(beam.boards[0].walk), 4);
        let weighted = beam.boards[0].estimate - 2 * beam.boards[0].plain;
        assert_eq!(weighted, 4 + DEAD_POCKET + BLANK_WALK * 4);
        // The blank beside 3: no walk. With 21 away too (swapped with 22), the nearer counts.
        let beside = "1 2 8 4 5/6 7 3 0 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 9";
        assert_eq!(i32::from(five_shell(beside).boards[0].walk), 0);
        let two = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/22 21 23 0 24";
        assert_eq!(i32::from(five_shell(two).boards[0].walk), 1);
        // Every tile of the shell home: nothing, wherever the blank is.
        let home = "1 2 3 4 5/6 13 8 9 10/11 12 7 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(i32::from(five_shell(home).boards[0].walk), 0);
    }

    #[test]
    fn a_move_changes_the_blanks_walk_as_measuring_it_again_says() {
        // Boards a few dozen moves from home: after every move, the squares away and the walk
        // the beam works out from the parent's agree with a beam started on the child.
        let goal = Board::blank_last(6, 6).unwrap();
        let shell = top_row_and_left_column(&goal);
        let mut rng = Rng::seeded(13);
        let mut walks = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let (board, _) = crate::puzzle::scramble::random_walk(&goal, 40, &mut rng);
            let beam = Beam::placing(&board, &goal, 10, 1_000, 0, four_halves(&shell));
            let b = board.blank();
            for to in beside(b, 6, 6) {
                let mut child = board.clone();
                assert!(child.apply(Move::between(b, to, 6)));
                let again = Beam::placing(&child, &goal, 10, 1_000, 0, four_halves(&shell));
                let away = beam.away_after(beam.boards[0].marks(), board.tiles()[to], b, to);
                assert_eq!(away, again.boards[0].marks(), "{board}");
                assert_eq!(
                    beam.blank_walk(away, to),
                    i32::from(again.boards[0].walk),
                    "{board}"
                );
                walks.insert(i32::from(again.boards[0].walk));
            }
        }
        assert!(walks.len() > 3, "walks seen: {walks:?}");
    }
}
