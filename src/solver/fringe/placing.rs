//! One variant of the method run line by line ([`Placing`]), a piece a step: shells by their
//! beams, lines by their searches, then the last corner; the answer at the end, or, in a variant
//! with shells that fails, rows and columns' from the best board reached.

use super::Fringed;
use super::line::{Job, Line};
use super::region::Region;
use super::tuning::Tuning;
use super::work::Work;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::solver::beam::Beam;
use crate::solver::rows_and_columns::{Flip, ReductionError, corner_boards};

/// The search under way on the last corner.
pub(super) enum Finishing {
    Beam(Box<Beam>),
    Search(Box<crate::solver::Solver>),
}

/// Nodes a step of a line's search expands (about 10 ms natively on a 10×10).
const LINE_NODES_PER_STEP: u64 = 5_000;

/// Solves a position (its goal's blank in a corner) line by line, each line by a bounded search;
/// errors if a search runs out of nodes.
pub fn solve(position: &Position, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    solve_boards(position.board(), position.goal(), tuning)
}

/// [`solve`] for two boards the caller knows to have one shape.
fn solve_boards(start: &Board, goal: &Board, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    let mut placing = Placing::new(start, goal, tuning)?;
    loop {
        if let Some(done) = placing.step() {
            return done;
        }
    }
}

/// [`solve`] a piece at a time: a few levels of a shell's beam, a slice of one line's search,
/// or of the corner's (so that the browser's worker can listen between them).
pub(crate) struct Placing {
    pub(super) tuning: Tuning,
    flip: Flip,
    /// The goal, flipped to its blank's bottom-right corner (as the start in `work`).
    pub(super) goal: Board,
    /// The board after the lines placed so far; its `expanded` counts every search of this
    /// `Placing`.
    pub(super) work: Work,
    pub(super) h: usize,
    /// The rows above and the columns left of the unfinished rectangle, all in place.
    pub(super) top: usize,
    pub(super) left: usize,
    /// The side the corner is finished at, and the beam's width (0: weighted A*).
    pub(super) corner: usize,
    pub(super) beam: usize,
    /// The line's search under way.
    job: Option<Box<Job>>,
    /// The corner's search under way.
    pub(super) finishing: Option<Finishing>,
    /// The shell's beam under way (see [`Tuning::shell`]), and whether it places the row, the
    /// column.
    pub(super) shelling: Option<(Box<Beam>, bool, bool)>,
    /// The `top` and `left` the line searches finishing the last shell's lines lead to: the
    /// next shell's beam starts there.
    pub(super) lines_until: (usize, usize),
    /// Whether a shell's beam spent its budget (line searches place the lines left).
    pub(super) shell_lost: bool,
    /// Whether the corner's weighted A* ran out of nodes once and is tried again greedier.
    pub(super) greedier: bool,
}

impl Placing {
    /// Whether this variant set out as one beam over the whole board (no line to place; if the
    /// beam loses its way, lines and a smaller corner follow within what budget is left).
    pub(super) fn whole_board_beam(&self) -> bool {
        let t = &self.tuning;
        t.beam > 0 && self.work.w <= t.corner && self.h <= t.corner
    }

    pub(crate) fn new(
        start: &Board,
        goal: &Board,
        tuning: &Tuning,
    ) -> Result<Placing, ReductionError> {
        let (w, h) = (start.width(), start.height());
        let flip = Flip::for_goal(goal)?;
        let (s, g) = (flip.board(start), flip.board(goal));
        let mut home = vec![0; g.tiles().len()];
        for (square, &tile) in g.tiles().iter().enumerate() {
            home[usize::from(tile)] = square;
        }
        let corner = if tuning.beam > 0 {
            tuning.corner.clamp(3, 7)
        } else {
            tuning.corner.clamp(3, 5)
        };
        Ok(Placing {
            tuning: *tuning,
            flip,
            goal: g,
            work: Work {
                w,
                home,
                at: s.tiles().to_vec(),
                moves: Vec::new(),
                expanded: 0,
            },
            h,
            top: 0,
            left: 0,
            corner,
            beam: tuning.beam,
            job: None,
            finishing: None,
            shelling: None,
            lines_until: (0, 0),
            shell_lost: false,
            greedier: false,
        })
    }

    /// Places the next line, or tries to finish the corner (a beam goes on a few levels a
    /// step); the answer (or why there is none) at the end.
    pub(crate) fn step(&mut self) -> Option<Result<Fringed, ReductionError>> {
        match self.search() {
            Some(Err(_)) if self.tuning.shell > 0 => Some(self.reduced()),
            done => done,
        }
    }

    /// The answer when a variant with shells fails (its budget spent in a line's search, or
    /// its corner's beam lost its way: one 8×8 board of 20 in the default budget): rows and
    /// columns finish the unfinished rectangle at once, from the best board reached, instead
    /// of the whole board from the start.
    fn reduced(&mut self) -> Result<Fringed, ReductionError> {
        let (w, h, goal) = (self.work.w, self.h, self.goal.tiles());
        let (a, b) = corner_boards(&self.work.at, goal, w, h, self.top, self.left)?;
        let rest = crate::solver::rows_and_columns::reduce_boards(&a, &b)?.moves;
        Ok(self.answer(rest))
    }

    /// Makes `moves`, found on a corner's board (the same moves on the whole board).
    pub(super) fn play(&mut self, moves: &[Move]) -> Result<(), ReductionError> {
        let (w, h) = (self.work.w, self.h);
        for m in moves {
            let to = m.blank_target(self.work.blank(), w, h);
            self.work
                .slide(to.ok_or_else(|| ReductionError("a move left the board".into()))?);
        }
        Ok(())
    }

    /// The moves made so far, then `rest`, as an answer on the unflipped board.
    pub(super) fn answer(&mut self, rest: Vec<Move>) -> Fringed {
        let mut moves = std::mem::take(&mut self.work.moves);
        moves.extend(rest);
        let flip = self.flip;
        Fringed {
            moves: moves.into_iter().map(|m| flip.unflip(m)).collect(),
            expanded: self.work.expanded,
        }
    }

    /// [`Placing::step`], but for what a variant with shells does when it fails.
    fn search(&mut self) -> Option<Result<Fringed, ReductionError>> {
        let (w, h) = (self.work.w, self.h);
        let (top, left) = (self.top, self.left);
        if h - top <= self.corner && w - left <= self.corner {
            return self.corner_step();
        }
        match self.shell_step() {
            Ok(true) => return None,
            Ok(false) => {}
            Err(e) => return Some(Err(e)),
        }
        // A slice of the line's search a step.
        let mut job = match self.job.take() {
            Some(job) => job,
            None => self.next_job(),
        };
        let Some(placed) = job
            .line
            .step(&mut job.child, &self.tuning, LINE_NODES_PER_STEP)
        else {
            self.job = Some(job);
            return None;
        };
        self.work.expanded = job.child.expanded;
        if let Err(e) = placed {
            return Some(Err(e));
        }
        self.work = job.child;
        if h - top >= w - left {
            self.top += 1;
        } else {
            self.left += 1;
        }
        None
    }

    /// The next line's search, on the board so far.
    fn next_job(&self) -> Box<Job> {
        let (w, h) = (self.work.w, self.h);
        let (top, left) = (self.top, self.left);
        let child = self.work.clone();
        let region = Region {
            w,
            top,
            left,
            bottom: h,
        };
        let row = h - top >= w - left;
        let g = &self.goal;
        let cells: Vec<(usize, u8)> = if row {
            (left..w)
                .map(|c| (top * w + c, g.tile(top * w + c)))
                .collect()
        } else {
            (top..h)
                .map(|r| (r * w + left, g.tile(r * w + left)))
                .collect()
        };
        let line = Line::new(region, cells, child.at.len(), &self.tuning);
        Box::new(Job { line, child })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn every_shape_and_both_corners_reach_the_goal() {
        let mut rng = Rng::seeded(4);
        for (w, h) in [(6, 6), (7, 7), (10, 10), (2, 7), (10, 3), (5, 9)] {
            for goal in [
                Board::blank_last(w, h).unwrap(),
                Board::blank_first(w, h).unwrap(),
            ] {
                let position =
                    random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
                let r = solve(&position, &Tuning::default())
                    .unwrap_or_else(|e| panic!("{position:?}: {e}"));
                let start = position.into_board();
                let mut b = start.clone();
                assert!(b.apply_all(&r.moves).is_ok());
                assert_eq!(b, goal, "{w}x{h} from {start}");
            }
        }
    }
}
