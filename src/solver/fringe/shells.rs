//! The shells: the unfinished rectangle's outer row and column brought home together by a beam
//! over the whole rectangle (see [`Tuning::shell`]), each beam given its share of the budget;
//! where a beam stalls, line searches finish its lines before the next shell.

use super::corner::{BEAM_BOARDS_PER_STEP, BEAM_NODES_PER_WIDTH};
use super::placing::Placing;
use super::tuning::Tuning;
use crate::solver::beam::{Beam, Shell};
use crate::solver::rows_and_columns::{ReductionError, corner_boards};

impl Placing {
    /// A step of the shell's beam (see [`Tuning::shell`]), which places the unfinished
    /// rectangle's outer row and column, or the one of them beyond the corner's side; false
    /// when there is none to take: this variant has no shells, or line searches are finishing
    /// what the last one left, or it lost its way.
    pub(super) fn shell_step(&mut self) -> Result<bool, ReductionError> {
        let (w, h, tuning) = (self.work.w, self.h, self.tuning);
        let (top, left) = (self.top, self.left);
        let finishing = top < self.lines_until.0 || left < self.lines_until.1;
        if tuning.shell == 0 || self.shell_lost || finishing {
            return Ok(false);
        }
        let (mut beam, row, column) = match self.shelling.take() {
            Some(s) => s,
            None => self.start_shell()?,
        };
        let Some(done) = beam.step(BEAM_BOARDS_PER_STEP) else {
            self.shelling = Some((beam, row, column));
            return Ok(true);
        };
        self.work.expanded += done.generated;
        // Out of its share of the budget, the beam's moves to the best board it saw serve as a
        // stalled beam's do: line searches finish its lines (10 random 10×10 boards, in a trial
        // whose shells' beams all spent their shares: 1.929 × Manhattan when line searches
        // placed every line from the start of the shell again, 1.660 × from the best board).
        // With no such moves, line searches from here on.
        let moves = match done.moves {
            Some(moves) => moves,
            None if !done.nearest.is_empty() => done.nearest,
            None => {
                self.shell_lost = true;
                return Ok(false);
            }
        };
        self.play(&moves)?;
        let home = |s: usize| self.work.at[s] == self.goal.tile(s);
        let row_home = (left..w).all(|c| home(top * w + c));
        let column_home = (top..h).all(|r| home(r * w + left));
        if row && row_home {
            self.top += 1;
        }
        if column && column_home {
            self.left += 1;
        }
        // If the beam stalled, line searches finish its lines before the next shell.
        self.lines_until = (top + usize::from(row), left + usize::from(column));
        Ok(true)
    }

    /// The beam of the next shell, on the unfinished rectangle, with its share of the budget
    /// left; and whether it places the row, the column.
    fn start_shell(&self) -> Result<(Box<Beam>, bool, bool), ReductionError> {
        let (w, h, tuning) = (self.work.w, self.h, self.tuning);
        let (top, left) = (self.top, self.left);
        let (a, b) = corner_boards(&self.work.at, self.goal.tiles(), w, h, top, left)?;
        let (cw, ch) = (w - left, h - top);
        let row = ch > self.corner || ch >= cw;
        let column = cw > self.corner || cw > ch;
        let mut tiles = Vec::new();
        if row {
            tiles.extend((0..cw).map(|c| b.tile(c)));
        }
        if column {
            tiles.extend((0..ch).map(|r| b.tile(r * cw)));
        }
        tiles.retain(|&t| t != 0);
        // The budget left is shared between the shells still to place and the corner
        // (see `Tuning::corner_share`); the beam narrows to its share.
        let shells = cw.max(ch).saturating_sub(self.corner) as u64;
        let budget = tuning.beam_nodes.saturating_sub(self.work.expanded);
        let first = top == 0 && left == 0;
        let share = shell_share(budget, shells, &tuning, first);
        let width = match tuning.inner_shells {
            inner if inner > 0 && !first => inner,
            _ => tuning.shell,
        };
        let left_over = share.min(BEAM_NODES_PER_WIDTH * width as u64);
        // The next shell: the outer row and column of what this one leaves.
        let (nw, nh) = (cw - usize::from(column), ch - usize::from(row));
        let (c0, r0) = (usize::from(column), usize::from(row));
        let mut next: Vec<u8> = Vec::new();
        if tuning.next_shell && nw > 1 && nh > 1 {
            next.extend((c0..cw).map(|c| b.tile(r0 * cw + c)));
            next.extend((r0 + 1..ch).map(|r| b.tile(r * cw + c0)));
            next.retain(|&t| t != 0);
        }
        let shell = Shell {
            tiles: &tiles,
            weight: tuning.shell_weight,
            next: &next,
        };
        let beam = Beam::placing(&a, &b, width, left_over, tuning.seed, shell);
        Ok((Box::new(beam), row, column))
    }
}

/// The share of `budget` the beam of the next of `shells` shells has (see
/// [`Tuning::corner_share`] and [`Tuning::first_share`]); any budget, however large, is shared
/// without overflow.
fn shell_share(budget: u64, shells: u64, tuning: &Tuning, first: bool) -> u64 {
    let share = budget.saturating_mul(2) / (2 * shells + tuning.corner_share).max(1);
    if first {
        share.saturating_mul(tuning.first_share) / 10
    } else {
        share
    }
}

#[cfg(test)]
mod tests {
    use super::super::tuning::variant;
    use super::*;

    #[test]
    fn the_first_of_several_shells_has_a_larger_share_and_no_budget_overflows() {
        // 10×10: three shells, the corner has what they leave; the first has 2 shares, the
        // next are narrower. 9×9: two shells, the first 1.6 shares.
        let many = variant(0, 10, 10);
        assert_eq!(shell_share(15_000_000, 3, &many, true), 10_000_000);
        assert_eq!(shell_share(15_000_000, 3, &many, false), 5_000_000);
        assert!(many.inner_shells > 0 && many.inner_shells < many.shell);
        let two = variant(0, 9, 9);
        assert_eq!(shell_share(15_000_000, 2, &two, true), 12_000_000);
        assert_eq!(two.inner_shells, 0);
        // 8×8: one shell, the corner keeps 1.5 shares of its own, and the shell no more than 1.
        let one = variant(0, 8, 8);
        assert_eq!(shell_share(10_000_000, 1, &one, true), 4_000_000);
        for tuning in [many, one] {
            let huge = shell_share(u64::MAX, 3, &tuning, true);
            assert!(huge > 1 << 60, "{huge}");
        }
    }
}
