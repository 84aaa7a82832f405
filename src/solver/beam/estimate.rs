//! Each child's estimate, from its parent's: only what its move changes (the moved tile's
//! scores, one line's conflicts, the walls or pockets, the knots and the blank's walk where
//! they change).

use super::Beam;
use super::blank_walk::{BLANK_WALK, WHOLE_WALK};
use super::children::Child;
use super::kept::Kept;
use super::walls::{DEAD_POCKET, WALLED_IN};
use crate::heuristics::linear_conflict::Lines;

impl Beam {
    /// Each child's estimate, from its parent's: the moved tile's scores, the one line whose
    /// conflicts its move changes, and in a shell's beam ([`PARTIAL`]) dead pockets and the
    /// blank's walk, in a whole board's walled-in squares, knots and the blank's walk. The least
    /// and the most estimate.
    pub(super) fn estimate<const PARTIAL: bool>(
        &self,
        children: &mut [Child],
        lines: &Lines,
    ) -> (i32, i32) {
        let n = self.start.len();
        let (mut least, mut most) = (i32::MAX, i32::MIN);
        for child in children.iter_mut() {
            let (i, to) = (child.parent as usize, usize::from(child.to));
            let k = &self.boards[i];
            let (board, b) = (&self.tiles[i * n..(i + 1) * n], usize::from(k.blank));
            let tile = board[to];
            let (conflicts, line) = lines.delta_known(board, &k.costs, tile, to, b);
            if let Some((line, cost)) = line {
                (child.line, child.cost) = (line as u8, cost);
            }
            let score = &self.score[usize::from(tile) * n..][..n];
            let mut estimate = k.estimate + score[b] - score[to] + 2 * conflicts;
            child.conflicts = conflicts as i8;
            // Walls and pockets change only where a square gets or loses its own tile, or
            // where the blank leaves a square of the shell (a pocket of one).
            child.walls = k.walls;
            if PARTIAL {
                let on_line = |s: usize| self.on_line.get(s).is_some_and(|&i| i != usize::MAX);
                if on_line(b) || on_line(to) {
                    let home = self.line_home_after(k.line_home, tile, b, to);
                    child.walls = self.dead(home, to, slid(board, b, to)) as u8;
                }
                let away = self.away_after(k.marks(), tile, b, to);
                let walk = self.blank_walk(away, to);
                estimate += BLANK_WALK * (walk - i32::from(k.walk));
                estimate += DEAD_POCKET * (i32::from(child.walls) - i32::from(k.walls));
                child.walk = walk as u8;
            } else {
                let home = self.home_after(k.marks(), tile, b, to);
                child.knots = k.knots;
                if home != k.marks() {
                    let after = slid(board, b, to);
                    child.walls = self.walled(home, to, after) as u8;
                    estimate += WALLED_IN * (i32::from(child.walls) - i32::from(k.walls));
                    let before = |s: usize| board[s];
                    let change = self.knots_change((k.marks(), b, &before), (home, to, &after));
                    child.knots = (i32::from(k.knots) + change) as u16;
                    estimate += change;
                }
                if self.counts_the_walk() {
                    let walk = self.blank_walk(self.away_from(home, to), to);
                    estimate += WHOLE_WALK * (walk - i32::from(k.walk));
                    child.walk = walk as u8;
                }
            }
            child.estimate = estimate;
            least = least.min(estimate);
            most = most.max(estimate);
        }
        (least, most)
    }

    /// A child's plain part (see [`Kept`]), from its parent's `k`, whose blank is on `b`, and
    /// the tile that moved.
    pub(super) fn plain(&self, c: &Child, k: &Kept, tile: u8) -> i32 {
        let plain = &self.plain_score[usize::from(tile) * self.start.len()..];
        let (b, to) = (usize::from(k.blank), usize::from(c.to));
        k.plain + plain[b] - plain[to] + i32::from(c.conflicts)
    }
}

/// The tile on each square of `board` once the tile on `to` has slid into the blank on `b`.
fn slid(board: &[u8], b: usize, to: usize) -> impl Fn(usize) -> u8 + Copy + '_ {
    let tile = board[to];
    move |s| match s {
        _ if s == b => tile,
        _ if s == to => 0,
        _ => board[s],
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_shells::{four_halves, top_row_and_left_column};
    use super::*;
    use crate::puzzle::board::{Board, beside};
    use crate::puzzle::moves::Move;
    use crate::puzzle::random::Rng;

    /// Squares in dead pockets along `beam`'s shell, counted square by square as the rule
    /// reads (see [`DEAD_POCKET`]): the beam's own count, [`Beam::dead`], works on bits.
    fn dead_by_hand(beam: &Beam, view: &dyn Fn(usize) -> u8) -> i32 {
        let line = &beam.line;
        let away = |i: usize| view(line[i]) != beam.goal_at[line[i]];
        let (mut dead, mut i) = (0, 0);
        while i < line.len() {
            if !away(i) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j + 1 < line.len() && away(j + 1) {
                j += 1;
            }
            let mut doors: Vec<usize> = beam.doors[i..=j].iter().flatten().copied().collect();
            doors.retain(|&d| d != usize::MAX);
            doors.dedup();
            doors.sort_unstable();
            doors.dedup();
            let s = line[i];
            let one_door = doors.len() == 1;
            let a_move_away =
                i == j && view(s) == 0 && one_door && view(doors[0]) == beam.goal_at[s];
            if doors.len() <= 1 && !a_move_away {
                dead += (j - i + 1) as i32;
            }
            i = j + 1;
        }
        dead
    }

    /// Every child of a beam's first board, as the beam works it out from its parent (with its
    /// plain part), and as a beam started on the child finds its first board: the two must
    /// agree. The least and most estimates are those of the children.
    fn children_and_fresh(beam: &Beam, again: impl Fn(&Board) -> Beam) -> Vec<(Child, i32, Kept)> {
        let mut children = Vec::new();
        beam.generate(&mut children, 0..beam.boards.len());
        let estimator = beam.estimator.clone().unwrap();
        let span = match beam.partial {
            true => beam.estimate::<true>(&mut children, estimator.lines().unwrap()),
            false => beam.estimate::<false>(&mut children, estimator.lines().unwrap()),
        };
        let estimates = children.iter().map(|c| c.estimate);
        assert_eq!(
            span,
            (estimates.clone().min().unwrap(), estimates.max().unwrap())
        );
        let (w, b) = (beam.start.width(), beam.start.blank());
        children
            .into_iter()
            .map(|child| {
                let mut board = beam.start.clone();
                let to = usize::from(child.to);
                let plain = beam.plain(&child, &beam.boards[0], beam.start.tiles()[to]);
                assert!(board.apply(Move::between(b, to, w)));
                (child, plain, again(&board).boards[0])
            })
            .collect()
    }

    #[test]
    fn a_move_changes_a_shells_estimate_as_measuring_the_child_again_says() {
        // Boards a few dozen moves from home, where shells' squares get walled in: every
        // child's estimate, dead pockets and blank's walk, worked out from its parent's, are
        // those of a beam started on the child; and the pockets are those counted by hand.
        let goal = Board::blank_last(6, 6).unwrap();
        let shell = top_row_and_left_column(&goal);
        let mut rng = Rng::seeded(11);
        let (mut pockets, mut walks) = (0, 0);
        let placing =
            |board: &Board| Beam::placing(board, &goal, 10, 1_000, 0, four_halves(&shell));
        for _ in 0..600 {
            let (board, _) = crate::puzzle::scramble::random_walk(&goal, 30, &mut rng);
            let beam = placing(&board);
            let tiles = board.tiles();
            assert_eq!(
                i32::from(beam.boards[0].walls),
                dead_by_hand(&beam, &|s| tiles[s])
            );
            for (child, plain, fresh) in children_and_fresh(&beam, placing) {
                let k = (child.estimate, plain, child.walk, child.walls);
                assert_eq!(
                    k,
                    (fresh.estimate, fresh.plain, fresh.walk, fresh.walls),
                    "{board}"
                );
                pockets += usize::from(child.walls != beam.boards[0].walls);
                walks += usize::from(child.walk != beam.boards[0].walk);
            }
        }
        assert!(
            pockets > 20 && walks > 100,
            "{pockets} pockets, {walks} walks changed"
        );
    }

    /// Squares walled in on `view`'s board, counted square by square as the rule reads (see
    /// [`WALLED_IN`]): the beam's own count, [`Beam::walled`], works on bits.
    fn walled_by_hand(beam: &Beam, view: &dyn Fn(usize) -> u8) -> i32 {
        let (w, h) = (beam.start.width(), beam.start.height());
        let home = |s: usize| view(s) == beam.goal_at[s];
        let walled = |s: usize| {
            let open: Vec<usize> = beside(s, w, h).filter(|&nb| !home(nb)).collect();
            let a_move_away = view(s) == 0 && open.len() == 1 && view(open[0]) == beam.goal_at[s];
            !home(s) && open.len() <= 1 && !a_move_away
        };
        (0..w * h).filter(|&s| walled(s)).count() as i32
    }

    #[test]
    fn a_move_changes_a_whole_boards_estimate_as_measuring_the_child_again_says() {
        // Boards a few dozen moves from home, on a square board and a long one: every child's
        // estimate, walled-in squares and knots, worked out from its parent's, are those of a
        // beam started on the child, and the walls those counted by hand.
        let mut rng = Rng::seeded(12);
        let (mut changes, mut knots) = (0, 0);
        for (w, h) in [(5, 5), (7, 4), (10, 10)] {
            let goal = Board::blank_last(w, h).unwrap();
            let fresh = |board: &Board| Beam::new(board, &goal, 10, 1_000, 0, 2);
            for _ in 0..400 {
                let (board, _) = crate::puzzle::scramble::random_walk(&goal, 30, &mut rng);
                let beam = fresh(&board);
                let tiles = board.tiles();
                assert_eq!(
                    i32::from(beam.boards[0].walls),
                    walled_by_hand(&beam, &|s| tiles[s])
                );
                for (child, plain, again) in children_and_fresh(&beam, fresh) {
                    let k = (child.estimate, plain, child.walls, child.knots);
                    let fresh = (again.estimate, again.plain, again.walls, again.knots);
                    assert_eq!(k, fresh, "{board}");
                    changes += usize::from(child.walls != beam.boards[0].walls);
                    knots += usize::from(child.knots != beam.boards[0].knots);
                }
            }
        }
        assert!(changes > 100, "{changes} moves changed a wall");
        assert!(knots > 20, "{knots} moves changed a knot");
    }
}
