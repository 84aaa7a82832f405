//! A line brought home a group of its tiles at a time, each group by one bounded search run a
//! slice at a time; a search that runs out of nodes is tried again with a smaller group, and
//! last greedier.

use super::line_search::LineSearch;
use super::lone_tile::LoneTile;
use super::region::Region;
use super::tuning::Tuning;
use super::work::Work;
use crate::solver::rows_and_columns::ReductionError;

/// A line's search under way.
pub(super) struct Job {
    pub(super) line: Line,
    /// The board so far, being changed by the line's moves.
    pub(super) child: Work,
}

/// A line being brought home (its tiles on `cells`), a group of its tiles at a time, each group
/// by one bounded search ([`LineSearch`]) run a slice at a time.
pub(super) struct Line {
    region: Region,
    cells: Vec<(usize, u8)>,
    costs: Vec<LoneTile>,
    /// Tiles that join at each search, and tiles already home.
    group: usize,
    tracked: usize,
    greedy: bool,
    /// The search under way, and how many of the line's tiles it tracks.
    search: Option<(LineSearch, usize)>,
}

impl Line {
    pub(super) fn new(region: Region, cells: Vec<(usize, u8)>, n: usize, tuning: &Tuning) -> Line {
        let costs = cells
            .iter()
            .map(|&(sq, _)| LoneTile::new(&region, n, sq))
            .collect();
        Line {
            region,
            cells,
            costs,
            group: tuning.group.max(1),
            tracked: 0,
            greedy: false,
            search: None,
        }
    }

    /// Searches on for about `slice` nodes; `Ok` once the whole line is home.
    pub(super) fn step(
        &mut self,
        work: &mut Work,
        tuning: &Tuning,
        slice: u64,
    ) -> Option<Result<(), ReductionError>> {
        let len = self.cells.len();
        if self.tracked >= len {
            return Some(Ok(()));
        }
        let (mut search, next) = match self.search.take() {
            Some(search) => search,
            None => {
                let mut next = (self.tracked + self.group).min(len);
                // The last group never has a lone tile: a line's last two tiles go in together.
                if len - next == 1 {
                    next += 1;
                }
                let step_tuning = Tuning {
                    weight: if self.greedy { (3, 1) } else { tuning.weight },
                    ..*tuning
                };
                let (cells, costs) = (&self.cells[..next], &self.costs[..next]);
                match LineSearch::new(work, &self.region, cells, costs, &step_tuning) {
                    Ok(search) => (search, next),
                    Err(e) => return Some(Err(e)),
                }
            }
        };
        let (cells, costs) = (&self.cells[..next], &self.costs[..next]);
        // A search that runs out of nodes is tried again with fewer new tiles, and last with a
        // greedier weight: a smaller step is a smaller search.
        match search.step(work, &self.region, cells, costs, slice) {
            None => self.search = Some((search, next)),
            Some(Ok(path)) => {
                for s in path {
                    work.slide(s);
                }
                self.tracked = next;
            }
            Some(Err(_)) if self.group > 1 => self.group /= 2,
            Some(Err(_)) if !self.greedy => self.greedy = true,
            Some(Err(e)) => return Some(Err(e)),
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::placing::Placing;
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn a_line_placed_a_few_nodes_at_a_time_is_placed_as_at_once() {
        let mut rng = Rng::seeded(6);
        let goal = Board::blank_last(8, 8).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let tuning = Tuning::default();
        let place = |slice: u64| {
            let mut p = Placing::new(&start, &goal, &tuning).unwrap();
            let region = Region {
                w: 8,
                top: 0,
                left: 0,
                bottom: 8,
            };
            let cells = (0..8).map(|c| (c, p.goal.tile(c))).collect();
            let mut line = Line::new(region, cells, 64, &tuning);
            let mut steps = 0;
            loop {
                steps += 1;
                if let Some(done) = line.step(&mut p.work, &tuning, slice) {
                    assert!(done.is_ok());
                    break;
                }
            }
            (p.work.moves, p.work.expanded, steps)
        };
        let (moves, expanded, steps) = place(u64::MAX);
        assert!(!moves.is_empty() && expanded > 100);
        let (sliced, sliced_expanded, sliced_steps) = place(37);
        assert_eq!(sliced, moves);
        assert_eq!(sliced_expanded, expanded);
        assert!(sliced_steps as u64 >= expanded / 37, "{sliced_steps} steps");
        assert!(steps < 5);
    }
}
