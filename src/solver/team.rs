//! IDA* shared among several workers that share no memory (browser Web Workers without
//! SharedArrayBuffer, which static hosts cannot enable): a [`Team`] on the page hands out the
//! work by message and merges the answers; each worker runs a [`ShareSearch`].
//!
//! A solve starts in one worker, which searches the whole tree iteration after iteration while
//! they stay small (one message for all of them). After the first large one, every iteration is
//! split: the paths of the first few moves from the start (no move undoing the one before) name
//! its subtrees, and idle workers get them in batches, large at first and smaller toward the end
//! of the iteration, so that all finish at about the same time while few messages go back and
//! forth. Each worker searches its batch to the iteration's bound and answers with the least f
//! that went over it, or a solution. The next bound is the least over all the answers; the first
//! solution ends the solve, shortest because the iteration before, one bound lower, had none,
//! and the other workers are told to stop.
//!
//! The split needs no estimate, so the page, which holds no pattern databases, can make it: a
//! path whose end lies beyond the bound costs its worker one lookup.

use super::{Ending, Method, Report, SolveError};
use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::solution::Solution;
use crate::search::Stats;
use crate::search::packed::with_key_type;
use crate::search::pieces::Pieces;

pub use crate::search::pieces::ShareEnd;

/// Iterations expanding fewer nodes than this are searched whole by one worker: handing out
/// the next one would cost more in messages than a second worker saves. (In WebAssembly about
/// 20 ms; the iteration after it is typically several times larger.)
pub const SMALL_ITERATION: u64 = 1 << 19;
/// Subtrees an iteration is split into, per worker: enough that the last batches are small.
pub const PIECES_PER_WORKER: usize = 128;

/// A worker's part of one iteration: the subtrees at the ends of `paths` from the start, to
/// `bound`. `grow_below` > 0 with the one empty path searches the whole tree, iteration after
/// iteration, while they stay below that many nodes (see [`Team`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Portion {
    pub paths: Vec<Vec<Move>>,
    pub bound: u32,
    pub grow_below: u64,
}

/// A worker's share of a solve: some subtrees of the start, searched to a bound, in slices.
pub struct ShareSearch(Box<dyn ShareStep>);

trait ShareStep {
    fn step(&mut self, slice: u64) -> Option<ShareEnd>;
    fn stats(&self) -> Stats;
    fn grows(&self) -> bool;
}

impl<K: crate::search::packed::Packed, E: crate::search::idastar::Estimate<K> + Clone> ShareStep
    for Pieces<K, E>
{
    fn step(&mut self, slice: u64) -> Option<ShareEnd> {
        Pieces::step(self, slice)
    }
    fn stats(&self) -> Stats {
        Pieces::stats(self)
    }
    fn grows(&self) -> bool {
        Pieces::grows(self)
    }
}

impl ShareSearch {
    /// `portion` of the search from `start` toward `goal` with `heuristic` (pattern databases
    /// must be ready, as for any search).
    pub fn new(
        start: &Board,
        goal: &Board,
        heuristic: Heuristic,
        portion: Portion,
    ) -> Result<ShareSearch, SolveError> {
        if !start.same_shape(goal) {
            return Err(SolveError::BadOption(
                "the board and the goal differ in size".into(),
            ));
        }
        let method = Method {
            algorithm: crate::solver::Algorithm::IdaStar,
            heuristic: Some(heuristic),
        };
        let estimator = Estimator::new(heuristic, goal).map_err(|e| e.unfit(method))?;
        let bad = |e: crate::search::pieces::PortionError| SolveError::BadOption(e.to_string());
        let Portion {
            paths,
            bound,
            grow_below,
        } = portion;
        with_key_type!(start.len(), K => {
            let search: Box<dyn ShareStep> = match estimator.pattern_db().cloned() {
                Some(db) => Box::new(
                    Pieces::<K, _>::new(start, goal, db, paths, bound, grow_below).map_err(bad)?,
                ),
                None => Box::new(
                    Pieces::<K, _>::new(start, goal, estimator, paths, bound, grow_below)
                        .map_err(bad)?,
                ),
            };
            Ok(ShareSearch(search))
        })
    }

    /// Explores up to about `slice` nodes; the end, once there is one.
    pub fn step(&mut self, slice: u64) -> Option<ShareEnd> {
        self.0.step(slice)
    }

    /// The progress of a growing share, which is all of its solve's: what it has cost so far
    /// and its bound (`None` for a share of a split iteration, a part of the solve's only).
    pub fn progress(&self) -> Option<Stats> {
        self.0.grows().then(|| self.0.stats())
    }
}

/// What the page sends a worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Order {
    /// Search this portion of solve `id` (see [`ShareSearch::new`]).
    Search {
        worker: usize,
        id: u32,
        portion: Portion,
    },
    /// Stop searching for solve `id` (another worker found the goal, or the solve was given up).
    Cancel { worker: usize, id: u32 },
}

impl Order {
    /// The worker it is for.
    pub fn worker(&self) -> usize {
        match self {
            Order::Search { worker, .. } | Order::Cancel { worker, .. } => *worker,
        }
    }
}

/// How a shared solve ended.
#[derive(Clone, Debug, PartialEq)]
pub enum TeamEnd {
    /// The shortest solution, from the start.
    Found(Vec<Move>, Stats),
    /// The node budget ran out.
    BudgetExhausted(Stats),
    /// Every iteration came back without a solution and nothing over the bound: cannot happen
    /// for a solvable board, kept so a bug shows.
    Exhausted(Stats),
    /// A worker could not search its share.
    Failed(ShareFailed),
}

/// Why a worker did not search its share, as it said it: a bug (the solve then fails as one), or
/// a refusal (tables asked for a board they are not built for, a board it could not read).
#[derive(Clone, Debug, PartialEq)]
pub struct ShareFailed {
    pub why: String,
    pub bug: bool,
}

impl TeamEnd {
    /// The end as a report, its solution checked (`millis` is the wall time it took).
    pub fn report(
        self,
        start: &Board,
        goal: &Board,
        method: Method,
        max_nodes: u64,
        millis: f64,
    ) -> Result<Report, SolveError> {
        let report = |ending, stats: Stats| Report {
            method,
            ending,
            stats: Stats { millis, ..stats },
            within: Some(1.0),
        };
        match self {
            TeamEnd::Found(moves, stats) => {
                let solution = Solution::checked(start, goal, moves, true).map_err(|e| {
                    SolveError::Internal(format!("shared IDA* returned a wrong solution: {e}"))
                })?;
                Ok(report(Ending::Solved(solution), stats))
            }
            TeamEnd::BudgetExhausted(stats) => {
                Ok(report(Ending::BudgetExhausted { max_nodes }, stats))
            }
            TeamEnd::Exhausted(_) => Err(SolveError::Internal(
                "shared IDA* explored every board without meeting the goal".into(),
            )),
            TeamEnd::Failed(ShareFailed { why, bug: true }) => Err(SolveError::Internal(why)),
            TeamEnd::Failed(ShareFailed { why, bug: false }) => Err(SolveError::Refused(why)),
        }
    }
}

/// The solve the team works on.
#[derive(Debug)]
struct Shared {
    id: u32,
    start: Board,
    max_nodes: u64,
    /// The current iteration's bound (0 before the first answer).
    bound: u32,
    /// The subtrees iterations are split into (empty while one worker searches the whole tree).
    pieces: Vec<Vec<Move>>,
    /// Pieces of this iteration handed out so far.
    given: usize,
    /// Whether the whole tree has been handed out (the first phase).
    growing: bool,
    next_bound: u32,
    stats: Stats,
}

/// Several workers solving one board after another: which worker does what, and what their
/// answers add up to. Plain data; the page turns its orders into messages.
#[derive(Debug)]
pub struct Team {
    /// The solve each worker is busy with (it answers each order exactly once).
    seats: Vec<Option<u32>>,
    solve: Option<Shared>,
    /// See [`SMALL_ITERATION`].
    pub small_iteration: u64,
    /// See [`PIECES_PER_WORKER`].
    pub pieces_per_worker: usize,
}

impl Team {
    /// A team of `workers` (at least one), all idle.
    pub fn new(workers: usize) -> Team {
        Team {
            seats: vec![None; workers.max(1)],
            solve: None,
            small_iteration: SMALL_ITERATION,
            pieces_per_worker: PIECES_PER_WORKER,
        }
    }

    /// Workers in the team.
    pub fn workers(&self) -> usize {
        self.seats.len()
    }

    /// Whether worker `worker` owes an answer to an order of solve `id` (its answers are the
    /// team's business).
    pub fn seated(&self, worker: usize, id: u32) -> bool {
        self.seats.get(worker) == Some(&Some(id))
    }

    /// The workers that owe an answer to an order.
    pub fn busy(&self) -> impl Iterator<Item = usize> + '_ {
        (self.seats.iter().enumerate())
            .filter(|(_, seat)| seat.is_some())
            .map(|(worker, _)| worker)
    }

    /// Whether one worker searches the whole tree of the solve under way (none of its
    /// iterations split yet): that worker's progress is then the solve's.
    pub fn whole(&self) -> bool {
        self.solve.as_ref().is_some_and(|s| s.pieces.is_empty())
    }

    /// What the solve under way has cost so far, with its current bound.
    pub fn stats(&self) -> Option<Stats> {
        self.solve.as_ref().map(|s| s.stats)
    }

    /// Starts solve `id` of `start` (a solvable board; any solve before is given up): the
    /// orders to send.
    pub fn solve(&mut self, id: u32, start: &Board, max_nodes: u64) -> Vec<Order> {
        let mut orders = self.cancel();
        self.solve = Some(Shared {
            id,
            start: start.clone(),
            max_nodes,
            bound: 0,
            pieces: Vec::new(),
            given: 0,
            growing: false,
            next_bound: u32::MAX,
            stats: Stats::default(),
        });
        orders.extend(self.dispatch());
        orders
    }

    /// Gives up the solve under way: the orders to stop its workers.
    pub fn cancel(&mut self) -> Vec<Order> {
        let Some(solve) = self.solve.take() else {
            return Vec::new();
        };
        self.cancel_all(solve.id)
    }

    fn cancel_all(&self, id: u32) -> Vec<Order> {
        (self.seats.iter().enumerate())
            .filter(|(_, s)| **s == Some(id))
            .map(|(worker, _)| Order::Cancel { worker, id })
            .collect()
    }

    /// Worker `worker` answered an order of solve `id`: with how its share ended, or `None`
    /// (stopped as told, or failed: `failure` says why). The orders to send next, and the end
    /// of the solve if this was it.
    pub fn answered(
        &mut self,
        worker: usize,
        id: u32,
        end: Result<Option<ShareEnd>, ShareFailed>,
    ) -> (Vec<Order>, Option<TeamEnd>) {
        if let Some(seat) = self.seats.get_mut(worker)
            && *seat == Some(id)
        {
            *seat = None;
        }
        let Some(solve) = self.solve.as_mut().filter(|s| s.id == id) else {
            // A late answer to a solve given up: the worker is free again.
            return (self.dispatch(), None);
        };
        let end = match end {
            Ok(Some(end)) => end,
            Ok(None) => return (self.dispatch(), None),
            Err(e) => return self.finish(TeamEnd::Failed(e)),
        };
        solve.stats.expanded += end.expanded;
        solve.stats.generated += end.generated;
        if let Some(moves) = end.found {
            let stats = solve.stats;
            return self.finish(TeamEnd::Found(moves, stats));
        }
        if solve.stats.expanded >= solve.max_nodes {
            let stats = solve.stats;
            return self.finish(TeamEnd::BudgetExhausted(stats));
        }
        let over = end.next_bound.unwrap_or(u32::MAX);
        if solve.pieces.is_empty() {
            // The whole tree grew to an iteration worth splitting.
            let Some(next) = end.next_bound else {
                let stats = solve.stats;
                return self.finish(TeamEnd::Exhausted(stats));
            };
            solve.bound = next;
            solve.stats.bound = Some(next);
            let want = self.pieces_per_worker * self.seats.len();
            solve.pieces = split(&solve.start, want, next);
        } else {
            solve.next_bound = solve.next_bound.min(over);
        }
        let mut orders = self.dispatch();
        if let Some(end) = self.end_of_iteration() {
            return (orders, Some(end));
        }
        orders.extend(self.dispatch());
        (orders, None)
    }

    /// After the last answer of a split iteration: the next one starts, or, with nothing left
    /// over the bound, the solve ends.
    fn end_of_iteration(&mut self) -> Option<TeamEnd> {
        let solve = self.solve.as_mut()?;
        let busy = self.seats.contains(&Some(solve.id));
        if solve.pieces.is_empty() || solve.given < solve.pieces.len() || busy {
            return None;
        }
        if solve.next_bound == u32::MAX {
            let stats = solve.stats;
            self.solve = None;
            return Some(TeamEnd::Exhausted(stats));
        }
        solve.bound = solve.next_bound;
        solve.stats.bound = Some(solve.bound);
        solve.next_bound = u32::MAX;
        solve.given = 0;
        None
    }

    /// Ends the solve: its end, and the orders that stop the workers still on it.
    fn finish(&mut self, end: TeamEnd) -> (Vec<Order>, Option<TeamEnd>) {
        let orders = self.cancel();
        (orders, Some(end))
    }

    /// Work for the idle workers.
    fn dispatch(&mut self) -> Vec<Order> {
        let mut orders = Vec::new();
        let Some(solve) = self.solve.as_mut() else {
            return orders;
        };
        let workers = self.seats.len();
        for (worker, seat) in self.seats.iter_mut().enumerate() {
            if seat.is_some() {
                continue;
            }
            let (paths, grow_below) = if solve.pieces.is_empty() {
                if solve.growing {
                    break;
                }
                solve.growing = true;
                (vec![Vec::new()], self.small_iteration.max(1))
            } else {
                let left = solve.pieces.len() - solve.given;
                if left == 0 {
                    break;
                }
                let batch = left.div_ceil(2 * workers).max(1);
                let paths = solve.pieces[solve.given..solve.given + batch].to_vec();
                solve.given += batch;
                (paths, 0)
            };
            *seat = Some(solve.id);
            orders.push(Order::Search {
                worker,
                id: solve.id,
                portion: Portion {
                    paths,
                    bound: solve.bound,
                    grow_below,
                },
            });
        }
        orders
    }
}

/// The paths of the first few moves from `start`, none undoing the one before, at the first
/// depth that has at least `want` of them (at most `bound` moves deep: a shorter solution
/// would have been found at a lower bound, so every solution passes through one of their ends).
pub fn split(start: &Board, want: usize, bound: u32) -> Vec<Vec<Move>> {
    let mut level: Vec<(Board, Vec<Move>)> = vec![(start.clone(), Vec::new())];
    let mut depth = 0;
    while level.len() < want && depth < bound {
        let mut next = Vec::with_capacity(level.len() * 3);
        for (board, path) in &level {
            for m in Move::ALL {
                if path.last().is_some_and(|&l| l.opposite() == m) {
                    continue;
                }
                if let Some(moved) = board.moved(m) {
                    let mut longer = path.clone();
                    longer.push(m);
                    next.push((moved, longer));
                }
            }
        }
        level = next;
        depth += 1;
    }
    level.into_iter().map(|(_, path)| path).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::pdb;
    use crate::puzzle::notation::parse_board;
    use crate::solver::bench::parse_instances;

    /// Workers simulated in turns: each running share advances a slice at a time, so answers
    /// arrive interleaved as from real workers, and a stop order can catch a share midway.
    struct Simulated {
        goal: Board,
        heuristic: Heuristic,
        running: Vec<Option<(u32, ShareSearch)>>,
        /// Expanded nodes every answer reported, summed.
        reported: u64,
        /// Shares stopped midway by a cancel order.
        stopped: usize,
        /// Shares of split iterations handed out.
        split_shares: usize,
        orders: Vec<Order>,
    }

    impl Simulated {
        fn new(team: &Team, goal: &Board, heuristic: Heuristic) -> Simulated {
            Simulated {
                goal: goal.clone(),
                heuristic,
                running: (0..team.workers()).map(|_| None).collect(),
                reported: 0,
                stopped: 0,
                split_shares: 0,
                orders: Vec::new(),
            }
        }

        /// Runs solve `id` of `start` to its end.
        fn solve(&mut self, team: &mut Team, id: u32, start: &Board) -> TeamEnd {
            let orders = team.solve(id, start, u64::MAX);
            self.orders.extend(orders);
            loop {
                for order in std::mem::take(&mut self.orders) {
                    match order {
                        Order::Search {
                            worker,
                            id,
                            portion,
                        } => {
                            assert!(self.running[worker].is_none(), "worker {worker} is busy");
                            self.split_shares += usize::from(portion.grow_below == 0);
                            let share =
                                ShareSearch::new(start, &self.goal, self.heuristic, portion)
                                    .unwrap();
                            self.running[worker] = Some((id, share));
                        }
                        Order::Cancel { worker, id } => {
                            if let Some((running, _)) = &self.running[worker] {
                                assert_eq!(*running, id);
                                self.running[worker] = None;
                                self.stopped += 1;
                                let (orders, end) = team.answered(worker, id, Ok(None));
                                assert!(end.is_none());
                                self.orders.extend(orders);
                            }
                        }
                    }
                }
                let mut ended = None;
                for worker in 0..self.running.len() {
                    let Some((id, share)) = self.running[worker].as_mut() else {
                        continue;
                    };
                    let id = *id;
                    if let Some(end) = share.step(5_000) {
                        self.running[worker] = None;
                        self.reported += end.expanded;
                        let (orders, end) = team.answered(worker, id, Ok(Some(end)));
                        self.orders.extend(orders);
                        if end.is_some() {
                            ended = end;
                            break;
                        }
                    }
                }
                if let Some(end) = ended {
                    return end;
                }
                assert!(
                    !self.orders.is_empty() || self.running.iter().any(Option::is_some),
                    "the team stalled"
                );
            }
        }
    }

    fn reaches(start: &Board, goal: &Board, path: &[Move]) -> bool {
        let mut b = start.clone();
        b.apply_all(path).is_ok() && &b == goal
    }

    #[test]
    fn two_and_three_workers_find_korfs_shortest_lengths() {
        let goal = Board::blank_last(4, 4).unwrap();
        pdb::shared(&goal).unwrap();
        let text = include_str!("../../benches/korf100.txt");
        let instances = parse_instances(text).unwrap();
        // Tens of thousands of nodes each: a few split iterations after the first ones.
        for inst in [&instances[0], &instances[1], &instances[3]] {
            for workers in [2, 3] {
                let mut team = Team::new(workers);
                team.small_iteration = 100;
                let mut sim = Simulated::new(&team, &goal, Heuristic::Pdb);
                match sim.solve(&mut team, inst.id, &inst.board) {
                    TeamEnd::Found(path, stats) => {
                        assert_eq!(path.len() as u32, inst.expected, "instance {}", inst.id);
                        assert!(reaches(&inst.board, &goal, &path));
                        assert_eq!(stats.expanded, sim.reported, "instance {}", inst.id);
                        assert!(
                            sim.split_shares > workers,
                            "instance {}: {} {stats:?}",
                            inst.id,
                            sim.split_shares
                        );
                    }
                    other => panic!("instance {}: {other:?}", inst.id),
                }
            }
        }
    }

    #[test]
    fn every_iteration_split_finds_the_shortest_length_of_short_walks() {
        use crate::puzzle::random::Rng;
        use crate::puzzle::scramble::random_walk;
        use crate::search::idastar::IdaStar;
        use crate::search::{Outcome, Step};
        let mut rng = Rng::seeded(5);
        for (w, h) in [(3, 3), (4, 3), (4, 4)] {
            let goal = Board::blank_first(w, h).unwrap();
            let est = Estimator::new(Heuristic::LinearConflict, &goal).unwrap();
            for walk in [0, 1, 2, 5, 30, 60] {
                let (start, _) = random_walk(&goal, walk, &mut rng);
                let mut one = IdaStar::<u64, _>::new(&start, &goal, est.clone(), u64::MAX);
                let shortest = loop {
                    match one.step(u64::MAX) {
                        Some(Outcome::Found(path)) => break path.len(),
                        Some(other) => panic!("{other:?}"),
                        None => {}
                    }
                };
                let mut team = Team::new(2);
                team.small_iteration = 1; // split from the second iteration on
                team.pieces_per_worker = 8;
                let mut sim = Simulated::new(&team, &goal, Heuristic::LinearConflict);
                match sim.solve(&mut team, 1, &start) {
                    TeamEnd::Found(path, _) => {
                        assert_eq!(path.len(), shortest, "{start}");
                        assert!(reaches(&start, &goal, &path));
                    }
                    other => panic!("{start}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn the_first_solution_stops_the_other_workers() {
        let goal = Board::blank_last(4, 4).unwrap();
        pdb::shared(&goal).unwrap();
        let text = include_str!("../../benches/korf100.txt");
        let mut stopped = 0;
        for inst in parse_instances(text).unwrap().iter().take(4) {
            let mut team = Team::new(3);
            team.small_iteration = 100;
            let mut sim = Simulated::new(&team, &goal, Heuristic::Pdb);
            assert!(matches!(
                sim.solve(&mut team, inst.id, &inst.board),
                TeamEnd::Found(..)
            ));
            // The end came with orders to stop whoever was still on the solve.
            let stops = (sim.orders.iter())
                .filter(|o| matches!(o, Order::Cancel { id, .. } if *id == inst.id))
                .count();
            // Busy: searching, or with an order on its way (given before the end came).
            let sent = |w: usize| {
                (sim.orders.iter())
                    .any(|o| matches!(o, Order::Search { worker, .. } if *worker == w))
            };
            let busy = (0..team.workers())
                .filter(|&w| sim.running[w].is_some() || sent(w))
                .count();
            assert_eq!(stops, busy, "instance {}", inst.id);
            stopped += stops;
        }
        assert!(
            stopped > 0,
            "with 3 workers someone else was still searching"
        );
    }

    #[test]
    fn only_a_growing_share_reports_the_solves_progress() {
        let start = parse_board("5 1 2 3/9 6 7 4/13 10 11 8/14 0 15 12").unwrap();
        let goal = Board::blank_last(4, 4).unwrap();
        let portion = |paths: Vec<Vec<Move>>, grow_below| Portion {
            paths,
            bound: 1,
            grow_below,
        };
        let mut growing = ShareSearch::new(
            &start,
            &goal,
            Heuristic::Manhattan,
            portion(vec![vec![]], 1 << 20),
        )
        .unwrap();
        assert_eq!(growing.progress().unwrap().expanded, 0);
        growing.step(3);
        let progress = growing.progress().unwrap();
        assert!(
            progress.expanded > 0 && progress.bound.is_some(),
            "{progress:?}"
        );
        let pieces = split(&start, 4, 20);
        let part = ShareSearch::new(&start, &goal, Heuristic::Manhattan, portion(pieces, 0));
        assert_eq!(part.unwrap().progress(), None);
    }

    #[test]
    fn a_new_solve_waits_for_workers_still_on_the_old_one() {
        let start = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15").unwrap();
        let mut team = Team::new(2);
        team.small_iteration = 1;
        let first = team.solve(1, &start, u64::MAX);
        assert!(matches!(
            first[..],
            [Order::Search {
                worker: 0,
                id: 1,
                ..
            }]
        ));
        // Solve 2 replaces solve 1: worker 0 is told to stop, worker 1 starts at once.
        let second = team.solve(2, &start, u64::MAX);
        assert_eq!(second[0], Order::Cancel { worker: 0, id: 1 });
        assert!(matches!(
            second[1],
            Order::Search {
                worker: 1,
                id: 2,
                ..
            }
        ));
        // Worker 0's late answer to solve 1 is not solve 2's; it frees worker 0.
        let end = ShareEnd {
            found: Some(vec![Move::Left]),
            bound: 1,
            next_bound: None,
            expanded: 1,
            generated: 1,
            last_iteration: 1,
        };
        let (orders, ended) = team.answered(0, 1, Ok(Some(end)));
        assert!(ended.is_none());
        assert!(
            orders.is_empty(),
            "solve 2 is still one worker's whole tree"
        );
    }

    #[test]
    fn a_failed_share_ends_the_solve() {
        let start = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15").unwrap();
        let mut team = Team::new(2);
        team.solve(1, &start, u64::MAX);
        let refused = ShareFailed {
            why: "no tables".into(),
            bug: false,
        };
        let (_, end) = team.answered(0, 1, Err(refused.clone()));
        assert_eq!(end, Some(TeamEnd::Failed(refused)));
        // The solve fails as the worker said, a refusal and not a bug.
        let method = Method {
            algorithm: crate::solver::Algorithm::IdaStar,
            heuristic: Some(Heuristic::Manhattan),
        };
        let report = end.unwrap().report(&start, &start, method, 1, 0.0);
        assert_eq!(report, Err(SolveError::Refused("no tables".into())));
    }

    #[test]
    fn the_split_goes_as_deep_as_it_needs_and_no_deeper_than_the_bound() {
        let start = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0").unwrap();
        let paths = split(&start, 100, 40);
        assert!(paths.len() >= 100);
        let depth = paths[0].len();
        assert!(paths.iter().all(|p| p.len() == depth));
        assert!(
            paths
                .iter()
                .all(|p| p.windows(2).all(|w| w[0].opposite() != w[1]))
        );
        // Every path is legal, and they are all different.
        for p in &paths {
            assert!(reaches(
                &start,
                &{
                    let mut b = start.clone();
                    b.apply_all(p).unwrap();
                    b
                },
                p
            ));
        }
        let mut sorted = paths.clone();
        sorted.sort_by_key(|p| crate::puzzle::notation::format_moves(p));
        sorted.dedup();
        assert_eq!(sorted.len(), paths.len());
        assert_eq!(split(&start, 100, 3).iter().map(Vec::len).max(), Some(3));
    }
}
