//! The last corner: finished by a beam over it (up to 7×7), or by weighted A* with linear
//! conflict (up to 5×5; a 3×3 by A*), each tried again otherwise when it fails.

use super::Fringed;
use super::placing::{Finishing, Placing};
use crate::solver::beam::Beam;
use crate::solver::rows_and_columns::{ReductionError, corner_boards};

/// Weight of the weighted A* that finishes a 4×4 corner (a 5×5 takes 2), and its node budget:
/// a few milliseconds, 10 MB at most.
const CORNER_WEIGHT: f64 = 1.5;
const CORNER_NODES: u64 = 200_000;

/// Weight of the weighted A* that tries a 4×4 or 5×5 corner again when the first runs out of
/// nodes. A corner left by a beam that lost its way can be nearly home and still far from done:
/// one 5×5 traced, 10 squares of Manhattan distance from home, takes 42 moves at best, and
/// w = 2 runs out of its 200,000 nodes on it where w = 3 answers in 46 moves after 32,000.
const GREEDIER_CORNER_WEIGHT: f64 = 3.0;

/// In a variant with shells, boards the corner's beam leaves of the budget: if it loses its
/// way, line searches finish from the best board it reached (a few thousand nodes on a corner
/// that nearly home), then weighted A* the 5×5 left.
const CORNER_RESCUE: u64 = 100_000;

/// Fewest boards a corner's beam is started with after shells: a 7×7 beam given fewer
/// (shells that spent nearly all the budget) loses its way, and the line searches and weighted
/// A* that follow answer from where it started instead.
const MIN_CORNER_BEAM: u64 = 300_000;

/// Boards a corner's beam search may generate, per board of its width: a 6×6 generates about
/// 470 (see [`crate::solver::beam`]), so this leaves room for a beam that wanders, and bounds
/// memory (a beam of 4,000 keeps at most about 60 MB).
pub(super) const BEAM_NODES_PER_WIDTH: u64 = 1_000;

/// Nodes a step of the corner's weighted A* expands (a few milliseconds natively).
const CORNER_NODES_PER_STEP: u64 = 5_000;

/// Boards a corner's beam generates a step (a few levels: 10 to 20 ms natively on a 7×7 beam
/// 8,000 wide, whose whole search takes about half a second).
pub(super) const BEAM_BOARDS_PER_STEP: u64 = 50_000;

/// Moves the answer of a corner left by shells takes a move of its estimate, in tenths (see
/// [`crate::solver::beam::PACE`]).
const SHELLED_CORNER_PACE: u64 = 21;

impl Placing {
    /// A step of the corner's search, started at the first; the answer once it is finished.
    /// When it fails, the next try: lines and weighted A* after a beam that lost its way,
    /// weighted A* again greedier, or a corner one smaller; the error when none is left.
    pub(super) fn corner_step(&mut self) -> Option<Result<Fringed, ReductionError>> {
        let tuning = self.tuning;
        let starved = tuning.shell > 0 && self.corner_beam_nodes() < MIN_CORNER_BEAM;
        if self.finishing.is_none() && self.beam > 0 && starved {
            self.without_beam();
            return None;
        }
        let (beam, corner) = (self.beam, self.corner);
        let finishing = match self.finishing.take() {
            Some(finishing) => Ok(finishing),
            None => self.start_corner(),
        };
        let lost = || ReductionError("the last corner could not be solved".into());
        let finished = match finishing {
            Err(e) => Err(e),
            Ok(Finishing::Beam(mut beaming)) => match beaming.step(BEAM_BOARDS_PER_STEP) {
                None => {
                    self.finishing = Some(Finishing::Beam(beaming));
                    return None;
                }
                Some(beamed) => {
                    // The beam's boards count against the budget like the line searches'
                    // nodes.
                    self.work.expanded += beamed.generated;
                    if beamed.moves.is_none() && tuning.shell > 0 {
                        // Lost: line searches and weighted A* finish from the best board
                        // it reached, most of its tiles home.
                        if let Err(e) = self.play(&beamed.nearest) {
                            return Some(Err(e));
                        }
                    }
                    beamed.moves.ok_or_else(lost)
                }
            },
            Ok(Finishing::Search(mut solver)) => match solver.run(CORNER_NODES_PER_STEP) {
                crate::solver::Progress::Done(done) => done
                    .ok()
                    .and_then(|report| report.solution().map(|s| s.moves().to_vec()))
                    .ok_or_else(lost),
                _ => {
                    self.finishing = Some(Finishing::Search(solver));
                    return None;
                }
            },
        };
        match finished {
            Ok(rest) => return Some(Ok(self.answer(rest))),
            // The beam lost its way: lines, then weighted A* on the corner.
            Err(_) if beam > 0 => self.without_beam(),
            Err(_) if corner > 3 && !self.greedier => self.greedier = true,
            Err(e) if corner == 3 || tuning.shell > 0 => return Some(Err(e)),
            Err(_) => {
                self.corner -= 1;
                self.greedier = false;
            }
        }
        None
    }

    /// Boards the corner's beam may generate: what its width pays for, within the budget left
    /// (after shells, less [`CORNER_RESCUE`]).
    fn corner_beam_nodes(&self) -> u64 {
        let tuning = &self.tuning;
        let rescue = if tuning.shell > 0 { CORNER_RESCUE } else { 0 };
        let left = tuning.beam_nodes.saturating_sub(self.work.expanded);
        (BEAM_NODES_PER_WIDTH * self.beam as u64).min(left.saturating_sub(rescue))
    }

    /// The corner is finished without a beam: line searches down to a 5×5 (no more shells'
    /// beams), then weighted A*.
    fn without_beam(&mut self) {
        self.beam = 0;
        self.corner = self.corner.min(5);
        self.shell_lost = true;
    }

    /// The search that finishes the corner: a beam, or (up to 5×5) weighted A* with linear
    /// conflict, or (3×3) A*.
    fn start_corner(&self) -> Result<Finishing, ReductionError> {
        let (w, h, tuning) = (self.work.w, self.h, &self.tuning);
        let (a, b) = corner_boards(&self.work.at, self.goal.tiles(), w, h, self.top, self.left)?;
        if self.beam > 0 {
            let nodes = self.corner_beam_nodes();
            // After shells the corner's tiles are near home, so its answer takes more moves a
            // move of its estimate than a random board's: its beam is sized for that (with the
            // usual pace, one of 10 random 8×8 boards lost its corner).
            let pace = if tuning.shell > 0 {
                SHELLED_CORNER_PACE
            } else {
                crate::solver::beam::PACE
            };
            let beam = Beam::paced(&a, &b, self.beam, nodes, tuning.seed, tuning.outer, pace);
            return Ok(Finishing::Beam(Box::new(beam)));
        }
        let options = if self.corner == 3 {
            crate::solver::Options {
                algorithm: crate::solver::Algorithm::AStar,
                heuristic: Some(crate::heuristics::Heuristic::Manhattan),
                max_nodes: Some(1_000_000),
                ..crate::solver::Options::default()
            }
        } else {
            crate::solver::Options {
                algorithm: crate::solver::Algorithm::Weighted,
                heuristic: Some(crate::heuristics::Heuristic::LinearConflict),
                weight: match (self.greedier, self.corner) {
                    (true, _) => GREEDIER_CORNER_WEIGHT,
                    (false, 4) => CORNER_WEIGHT,
                    (false, _) => 2.0,
                },
                max_nodes: Some(CORNER_NODES),
                ..crate::solver::Options::default()
            }
        };
        let solver = crate::solver::Solver::new(&a, &b, &options)
            .map_err(|e| ReductionError(format!("corner: {e}")))?;
        Ok(Finishing::Search(Box::new(solver)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tuning::{Tuning, variant};
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    /// Runs `placing` to its end.
    fn placed(placing: &mut Placing) -> Result<Fringed, ReductionError> {
        loop {
            if let Some(done) = placing.step() {
                return done;
            }
        }
    }

    #[test]
    fn a_corner_whose_weighted_a_star_runs_out_of_nodes_is_tried_again_greedier() {
        // 10 squares from home, 42 moves at best: w = 2 runs out of its nodes, w = 3 answers.
        let text = "11 2 3 4 5/1 6 7 8 10/0 12 13 9 14/16 17 18 19 20/21 22 23 24 15";
        let start = crate::puzzle::notation::parse_board(text).unwrap();
        let goal = Board::blank_last(5, 5).unwrap();
        let tuning = Tuning {
            corner: 5,
            ..Tuning::default()
        };
        let mut placing = Placing::new(&start, &goal, &tuning).unwrap();
        let r = placed(&mut placing).unwrap();
        assert!(placing.greedier);
        assert_eq!(
            placing.corner, 5,
            "no line was placed to make the corner smaller"
        );
        let mut b = start.clone();
        assert!(b.apply_all(&r.moves).is_ok());
        assert_eq!(b, goal);
        assert!(r.moves.len() <= 46, "{}", r.moves.len());
    }

    #[test]
    fn a_corner_beam_the_budget_left_cannot_pay_for_is_not_started() {
        // One shell on 8×8 takes most of a small budget: the 7×7 corner is left fewer boards
        // than a beam needs, and line searches and weighted A* finish it within the budget.
        let mut rng = Rng::seeded(9);
        let goal = Board::blank_last(8, 8).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let budget = 400_000;
        let tuning = Tuning {
            max_nodes: budget,
            beam_nodes: budget,
            ..variant(0, 8, 8)
        };
        let mut placing = Placing::new(&start, &goal, &tuning).unwrap();
        let r = placed(&mut placing).unwrap();
        assert_eq!((placing.beam, placing.corner), (0, 5));
        assert!(placing.finishing.is_none() && placing.shell_lost);
        assert!(r.expanded <= budget, "{}", r.expanded);
        let mut b = start.clone();
        assert!(b.apply_all(&r.moves).is_ok());
        assert_eq!(b, goal);
    }
}
