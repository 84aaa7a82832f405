//! Lower bounds on the number of moves to the goal, for any goal.
//!
//! Every estimate here is *admissible* (never more than the true distance), which is what makes
//! A* and IDA* return shortest solutions, and *consistent* (one move changes it by at most one),
//! which lets A* close a node for good. Searches never recompute an estimate from scratch: each
//! move changes it by [`Estimator::delta`], which looks only at the tile that moved (and, for
//! linear conflict, the two lines it left and entered).

pub mod hamming;
pub mod linear_conflict;
pub mod manhattan;
pub mod pdb;

use crate::puzzle::board::Board;
use std::fmt;
use std::sync::Arc;

/// A way to estimate the distance to the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Tiles out of place.
    Hamming,
    /// Sum over tiles of rows plus columns to their goal square.
    Manhattan,
    /// Manhattan plus two moves for every tile that must leave its goal row or column to let
    /// another past.
    LinearConflict,
    /// Additive pattern databases (4×4: 6-6-3; 5×5: 5-5-5-5-4), and the board's mirror image.
    Pdb,
}

impl Heuristic {
    /// Every heuristic, weakest first.
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Hamming,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
        Heuristic::Pdb,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Hamming => "hamming",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear-conflict",
            Heuristic::Pdb => "pdb",
        }
    }

    /// Its name for people: `Manhattan distance`, `linear conflicts`, `pattern databases`.
    pub fn description(self) -> &'static str {
        match self {
            Heuristic::Hamming => "misplaced tiles (Hamming)",
            Heuristic::Manhattan => "Manhattan distance",
            Heuristic::LinearConflict => "linear conflicts",
            Heuristic::Pdb => "pattern databases",
        }
    }

    /// The heuristic of a name (as printed by [`Heuristic::name`]).
    pub fn from_name(name: &str) -> Option<Heuristic> {
        Heuristic::ALL.into_iter().find(|h| h.name() == name)
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A heuristic that cannot be used on this board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// What was asked for.
    pub heuristic: Heuristic,
    /// Why not.
    pub reason: pdb::NoDatabase,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot be used here: {}", self.heuristic, self.reason)
    }
}

impl std::error::Error for Unsupported {}

/// One heuristic's tables for one goal.
#[derive(Clone, Debug)]
pub struct Estimator {
    heuristic: Heuristic,
    /// Each tile's goal square (Hamming).
    homes: hamming::Homes,
    /// Each tile's distance from home (Manhattan, and the base of linear conflict).
    distances: manhattan::Distances,
    /// Row and column tables, for linear conflict.
    lines: Option<linear_conflict::Lines>,
    /// The tables of pattern databases.
    pdb: Option<Arc<pdb::PatternDb>>,
}

impl Estimator {
    /// Tables of `heuristic` for `goal`.
    pub fn new(heuristic: Heuristic, goal: &Board) -> Result<Estimator, Unsupported> {
        let pdb = if heuristic == Heuristic::Pdb {
            let db = pdb::shared(goal).map_err(|reason| Unsupported { heuristic, reason })?;
            Some(db)
        } else {
            None
        };
        Ok(Estimator::with_tables(heuristic, goal, pdb))
    }

    /// Pattern databases for `goal` if this process has them already (never built here): for a
    /// caller that must not wait seconds for a build and has another estimate to fall back on.
    pub fn pdb_at_hand(goal: &Board) -> Option<Estimator> {
        let db = pdb::cached(goal)?;
        Some(Estimator::with_tables(Heuristic::Pdb, goal, Some(db)))
    }

    /// Manhattan distance toward `goal`: the estimate that fits every board, for code that
    /// never needs pattern databases (it cannot fail, where [`Estimator::new`] can).
    pub fn manhattan(goal: &Board) -> Estimator {
        Estimator::with_tables(Heuristic::Manhattan, goal, None)
    }

    fn with_tables(
        heuristic: Heuristic,
        goal: &Board,
        pdb: Option<Arc<pdb::PatternDb>>,
    ) -> Estimator {
        let lines =
            (heuristic == Heuristic::LinearConflict).then(|| linear_conflict::Lines::new(goal));
        Estimator {
            heuristic,
            homes: hamming::Homes::new(goal),
            distances: manhattan::Distances::new(goal),
            lines,
            pdb,
        }
    }

    /// Which heuristic this is.
    pub fn heuristic(&self) -> Heuristic {
        self.heuristic
    }

    /// The estimate for the arrangement whose tile on square `s` is `tile_at(s)`.
    pub fn estimate(&self, tile_at: impl Fn(usize) -> u8) -> u32 {
        match self.heuristic {
            Heuristic::Hamming => self.homes.estimate(&tile_at),
            Heuristic::Manhattan => self.distances.estimate(&tile_at),
            Heuristic::LinearConflict => {
                self.distances.estimate(&tile_at)
                    + self.lines.as_ref().map_or(0, |l| l.estimate(&tile_at))
            }
            Heuristic::Pdb => self.pdb.as_ref().map_or(0, |db| db.lookup(tile_at).h()),
        }
    }

    /// The pattern databases, for the searches that keep a [`pdb::Lookup`] per node.
    pub fn pattern_db(&self) -> Option<&Arc<pdb::PatternDb>> {
        self.pdb.as_ref()
    }

    /// The linear-conflict tables, for searches that keep each line's cost with a board (see
    /// [`linear_conflict::Lines::delta_known`]); `None` for another heuristic.
    pub(crate) fn lines(&self) -> Option<&linear_conflict::Lines> {
        self.lines.as_ref()
    }

    /// The estimate of a board.
    pub fn estimate_board(&self, board: &Board) -> u32 {
        self.estimate(|s| board.tile(s))
    }

    /// How the estimate changes when `tile` slides from square `from` into the blank on `to`;
    /// `before(s)` is the arrangement before the move.
    #[inline]
    pub fn delta(&self, before: impl Fn(usize) -> u8, tile: u8, from: usize, to: usize) -> i32 {
        match self.heuristic {
            Heuristic::Hamming => self.homes.delta(tile, from, to),
            Heuristic::Manhattan => self.distances.delta(tile, from, to),
            Heuristic::LinearConflict => {
                self.distances.delta(tile, from, to)
                    + self
                        .lines
                        .as_ref()
                        .map_or(0, |l| l.delta(&before, tile, from, to))
            }
            // Searches that care for speed keep a lookup per node (see `search::pdb_ida`); this
            // is the general path, two fresh lookups.
            Heuristic::Pdb => {
                let after = |s: usize| match s {
                    s if s == to => tile,
                    s if s == from => 0,
                    s => before(s),
                };
                self.estimate(after) as i32 - self.estimate(&before) as i32
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::moves::Move;
    use crate::puzzle::notation::parse_board;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::random_walk;

    fn h(heuristic: Heuristic, board: &str) -> u32 {
        let b = parse_board(board).unwrap();
        let goal = Board::blank_last(b.width(), b.height()).unwrap();
        Estimator::new(heuristic, &goal).unwrap().estimate_board(&b)
    }

    #[test]
    fn the_tutorial_examples() {
        // The classic example of the Princeton 8-puzzle assignment.
        assert_eq!(h(Heuristic::Hamming, "8 1 3/4 0 2/7 6 5"), 5);
        assert_eq!(h(Heuristic::Manhattan, "8 1 3/4 0 2/7 6 5"), 10);
        // 2, 1, 5, 4, 7 and 8 are one square off; 6 is three.
        assert_eq!(h(Heuristic::Manhattan, "2 1 3/5 4 0/6 7 8"), 9);
        // 2 and 1 are both in row one and in each other's way: one must step aside.
        assert_eq!(h(Heuristic::LinearConflict, "2 1 3/4 5 6/7 8 0"), 2 + 2);
        assert_eq!(h(Heuristic::Manhattan, "8 6 7/2 5 4/3 0 1"), 21);
    }

    #[test]
    fn the_goal_is_zero_for_every_heuristic() {
        for heuristic in [
            Heuristic::Hamming,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
        ] {
            assert_eq!(h(heuristic, "1 2 3/4 5 6/7 8 0"), 0);
            assert_eq!(h(heuristic, "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"), 0);
        }
    }

    #[test]
    fn pattern_databases_say_where_they_do_not_fit() {
        let goal = Board::blank_last(3, 3).unwrap();
        let e = Estimator::new(Heuristic::Pdb, &goal).unwrap_err();
        assert!(e.to_string().contains("4×4"), "{e}");
        let middle = parse_board("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15").unwrap();
        let e = Estimator::new(Heuristic::Pdb, &middle).unwrap_err();
        assert!(e.to_string().contains("corner"), "{e}");
    }

    /// Makes `moves` random moves from a board `walk` random moves from `goal`, calling
    /// `check(before, tile, from, to, after)` after each.
    fn each_move(
        goal: &Board,
        walk: usize,
        moves: usize,
        rng: &mut Rng,
        mut check: impl FnMut(&Board, u8, usize, usize, &Board),
    ) {
        let (w, hgt) = (goal.width(), goal.height());
        let (mut board, _) = random_walk(goal, walk, rng);
        for _ in 0..moves {
            let legal: Vec<Move> = board.legal_moves().collect();
            let m = legal[rng.below(legal.len() as u64) as usize];
            let to = board.blank();
            let from = m.blank_target(to, w, hgt).unwrap();
            let tile = board.tile(from);
            let before = board.clone();
            board.apply(m);
            check(&before, tile, from, to, &board);
        }
    }

    #[test]
    fn incremental_updates_equal_full_recomputation() {
        let mut rng = Rng::seeded(11);
        for (w, hgt) in [(3, 3), (4, 4), (5, 3), (2, 6), (7, 7)] {
            for goal in [
                Board::blank_last(w, hgt).unwrap(),
                Board::blank_first(w, hgt).unwrap(),
            ] {
                for heuristic in [
                    Heuristic::Hamming,
                    Heuristic::Manhattan,
                    Heuristic::LinearConflict,
                ] {
                    let est = Estimator::new(heuristic, &goal).unwrap();
                    let mut value = None;
                    each_move(&goal, 40, 300, &mut rng, |before, tile, from, to, after| {
                        let start = *value.get_or_insert(est.estimate_board(before) as i32);
                        let next = start + est.delta(|s| before.tile(s), tile, from, to);
                        assert_eq!(
                            next,
                            est.estimate_board(after) as i32,
                            "{heuristic} {after}"
                        );
                        value = Some(next);
                    });
                }
            }
        }
    }

    #[test]
    fn a_lines_known_cost_changes_as_counting_every_line_again_says() {
        let mut rng = Rng::seeded(12);
        // Sides up to 6 have tables, longer ones count each line.
        for (w, hgt) in [(4, 4), (6, 6), (7, 7), (10, 10), (3, 9)] {
            for goal in [
                Board::blank_last(w, hgt).unwrap(),
                Board::blank_first(w, hgt).unwrap(),
            ] {
                let lines = linear_conflict::Lines::new(&goal);
                let mut costs = None;
                each_move(&goal, 60, 500, &mut rng, |before, tile, from, to, after| {
                    let at = |s: usize| before.tile(s);
                    let known = costs.get_or_insert_with(|| lines.costs(&at));
                    let (change, line) = lines.delta_known(before.tiles(), known, tile, from, to);
                    assert_eq!(change, lines.delta(&at, tile, from, to), "{before}");
                    if let Some((line, cost)) = line {
                        known[line] = cost;
                    }
                    assert_eq!(*known, lines.costs(&|s| after.tile(s)), "{after}");
                });
            }
        }
    }
}
