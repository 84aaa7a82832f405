//! IDA* on several cores (natively; a browser tab's worker has one thread).
//!
//! Each iteration first unrolls the top of the tree: every path of a few moves whose f stays
//! within the bound, until there are a few hundred per thread. The threads then take these
//! subtrees one at a time and search each to the same bound ([`IdaStar::subtree`]), so a thread
//! that drew small subtrees simply takes more. The iteration's next bound is the least over all
//! of them. The first solution found ends the iteration for every thread; the iteration before
//! found none within a bound one lower, so it is shortest.
//!
//! Node counts differ from run to run by how far the other threads got when one found the goal;
//! every count before the last iteration is the same as one thread's.

use super::idastar::{Estimate, IdaStar};
use super::packed::Packed;
use super::{Outcome, Stats, Step};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// Subtrees wanted per thread: enough that the last ones to finish are small.
const PIECES_PER_THREAD: usize = 256;
/// Nodes a thread searches between looks at whether another found the goal.
const CHECK_EVERY: u64 = 1 << 14;
/// Iterations after one this small run on one thread: starting threads and unrolling the top of
/// the tree would cost more than they save (Korf's 100 take 40 % longer otherwise).
const SMALL_ITERATION: u64 = 1 << 21;

/// Node counters the threads add to.
#[derive(Default)]
struct Counters {
    expanded: AtomicU64,
    generated: AtomicU64,
}

/// How the search of one piece ended: its outcome (`None` if stopped because another thread
/// found the goal), and its share of the next bound.
struct Search {
    outcome: Option<Outcome>,
    next_bound: u32,
}

/// A board at the top of the tree, and the path to it.
struct Piece {
    board: Board,
    path: Vec<Move>,
}

pub(crate) struct ParallelIda<K, E> {
    start: Board,
    goal: Board,
    estimator: E,
    threads: usize,
    bound: u32,
    max_nodes: u64,
    stats: Stats,
    /// Nodes the last iteration expanded.
    last_iteration: u64,
    /// See [`SMALL_ITERATION`].
    small_iteration: u64,
    // Keys are made inside each thread, never shared.
    _key: std::marker::PhantomData<fn() -> K>,
}

impl<K: Packed + Send, E: Estimate<K> + Clone + Send + Sync> ParallelIda<K, E> {
    pub fn new(
        start: &Board,
        goal: &Board,
        estimator: E,
        threads: usize,
        max_nodes: u64,
    ) -> ParallelIda<K, E> {
        let bound = E::h(&estimator.root(start));
        ParallelIda {
            start: start.clone(),
            goal: goal.clone(),
            estimator,
            threads: threads.max(1),
            bound,
            max_nodes,
            stats: Stats {
                bound: Some(bound),
                ..Stats::default()
            },
            last_iteration: 0,
            small_iteration: SMALL_ITERATION,
            _key: std::marker::PhantomData,
        }
    }

    /// The paths one move longer than those of `level` that stay within the bound (no move
    /// undoing the one before), or a solution met on the way; the least f that went over is
    /// lowered into `over`.
    fn unroll(&mut self, level: &[Piece], over: &mut u32) -> Result<Vec<Piece>, Vec<Move>> {
        let mut next = Vec::with_capacity(level.len() * 2);
        for piece in level {
            self.stats.expanded += 1;
            let g = piece.path.len() as u32 + 1;
            for m in Move::ALL {
                if piece.path.last().is_some_and(|&l| l.opposite() == m) {
                    continue;
                }
                let Some(board) = piece.board.moved(m) else {
                    continue;
                };
                self.stats.generated += 1;
                let mut path = piece.path.clone();
                path.push(m);
                if board == self.goal {
                    return Err(path);
                }
                let f = g + E::h(&self.estimator.root(&board));
                if f > self.bound {
                    *over = (*over).min(f);
                    continue;
                }
                next.push(Piece { board, path });
            }
        }
        Ok(next)
    }

    /// Searches the subtree below `piece` to the bound, until it ends or `found` is set: the
    /// outcome if it ended, and its share of the next bound. The counters go to `stats`.
    fn search_piece(&self, piece: &Piece, found: &AtomicBool, stats: &Counters) -> Search {
        let mut search = IdaStar::<K, E>::subtree(
            &piece.board,
            &self.goal,
            self.estimator.clone(),
            piece.path.len() as u32,
            piece.path.last().copied(),
            self.bound,
        );
        let outcome = loop {
            if let Some(outcome) = search.step(CHECK_EVERY) {
                break Some(outcome);
            }
            if found.load(Ordering::Relaxed) {
                break None;
            }
        };
        let counters = search.counters();
        stats
            .expanded
            .fetch_add(counters.expanded, Ordering::Relaxed);
        stats
            .generated
            .fetch_add(counters.generated, Ordering::Relaxed);
        Search {
            outcome,
            next_bound: search.next_bound(),
        }
    }

    /// One iteration at the current bound: the solution, or the next bound.
    fn iteration(&mut self) -> Result<Vec<Move>, u32> {
        if self.start == self.goal {
            return Ok(Vec::new());
        }
        let before = self.stats.expanded;
        let result = if self.last_iteration < self.small_iteration {
            self.one_thread()
        } else {
            self.threads()
        };
        self.last_iteration = self.stats.expanded - before;
        result
    }

    /// An iteration on this thread alone: the whole tree is one piece.
    fn one_thread(&mut self) -> Result<Vec<Move>, u32> {
        let root = Piece {
            board: self.start.clone(),
            path: Vec::new(),
        };
        let counters = Counters::default();
        let done = self.search_piece(&root, &AtomicBool::new(false), &counters);
        self.add(counters);
        match done.outcome {
            Some(Outcome::Found(path)) => Ok(path),
            _ => Err(done.next_bound),
        }
    }

    /// An iteration shared out among the threads.
    fn threads(&mut self) -> Result<Vec<Move>, u32> {
        let want = PIECES_PER_THREAD * self.threads;
        let mut over = u32::MAX;
        let mut pieces = vec![Piece {
            board: self.start.clone(),
            path: Vec::new(),
        }];
        let mut depth = 0;
        while pieces.len() < want && depth < self.bound && !pieces.is_empty() {
            pieces = match self.unroll(&pieces, &mut over) {
                Ok(next) => next,
                Err(solution) => return Ok(solution),
            };
            depth += 1;
        }
        let next = AtomicUsize::new(0);
        let found = AtomicBool::new(false);
        let solution: Mutex<Option<Vec<Move>>> = Mutex::new(None);
        let next_bound = AtomicU32::new(u32::MAX);
        let counters = Counters::default();
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                scope.spawn(|| {
                    while !found.load(Ordering::Relaxed) {
                        let Some(piece) = pieces.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let done = self.search_piece(piece, &found, &counters);
                        next_bound.fetch_min(done.next_bound, Ordering::Relaxed);
                        if let Some(Outcome::Found(rest)) = done.outcome {
                            found.store(true, Ordering::Relaxed);
                            let mut path = piece.path.clone();
                            path.extend(rest);
                            let mut slot = solution.lock().unwrap_or_else(|e| e.into_inner());
                            slot.get_or_insert(path);
                        }
                    }
                });
            }
        });
        self.add(counters);
        if let Some(path) = solution.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Ok(path);
        }
        Err(over.min(next_bound.into_inner()))
    }

    fn add(&mut self, counters: Counters) {
        self.stats.expanded += counters.expanded.into_inner();
        self.stats.generated += counters.generated.into_inner();
    }
}

impl<K: Packed + Send, E: Estimate<K> + Clone + Send + Sync> Step for ParallelIda<K, E> {
    /// A whole iteration per call (the command line does not need finer slices).
    fn step(&mut self, _slice: u64) -> Option<Outcome> {
        if self.stats.expanded >= self.max_nodes {
            return Some(Outcome::BudgetExhausted);
        }
        match self.iteration() {
            Ok(path) => Some(Outcome::Found(path)),
            Err(u32::MAX) => Some(Outcome::Exhausted),
            Err(next) => {
                self.bound = next;
                self.stats.bound = Some(next);
                None
            }
        }
    }

    fn counters(&self) -> Stats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::{Estimator, Heuristic, pdb};
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::random_walk;
    use crate::search::idastar::IdaStar;
    use crate::solver::bench::parse_instances;

    fn run<S: Step>(mut search: S) -> Vec<Move> {
        loop {
            match search.step(u64::MAX) {
                Some(Outcome::Found(path)) => return path,
                Some(other) => panic!("{other:?}"),
                None => {}
            }
        }
    }

    fn reaches(start: &Board, goal: &Board, path: &[Move]) -> bool {
        let mut b = start.clone();
        b.apply_all(path).is_ok() && &b == goal
    }

    #[test]
    fn shared_iterations_find_shortest_solutions() {
        let goal = Board::blank_last(4, 4).unwrap();
        let db = pdb::shared(&goal).unwrap();
        let text = include_str!("../../benches/korf100.txt");
        for inst in parse_instances(text).unwrap().iter().take(4) {
            for threads in [1, 2, 3] {
                let mut search =
                    ParallelIda::<u64, _>::new(&inst.board, &goal, db.clone(), threads, u64::MAX);
                search.small_iteration = 0; // every iteration shared out
                let path = run(search);
                assert_eq!(path.len() as u32, inst.expected, "instance {}", inst.id);
                assert!(reaches(&inst.board, &goal, &path));
            }
        }
    }

    #[test]
    fn the_same_lengths_as_one_thread_with_any_estimate() {
        let mut rng = Rng::seeded(3);
        for (w, h) in [(3, 3), (4, 3), (4, 4)] {
            let goal = Board::blank_first(w, h).unwrap();
            let est = Estimator::new(Heuristic::LinearConflict, &goal).unwrap();
            for walk in [0, 1, 5, 30, 60] {
                let (start, _) = random_walk(&goal, walk, &mut rng);
                let one = run(IdaStar::<u64, _>::new(&start, &goal, est.clone(), u64::MAX));
                let mut search =
                    ParallelIda::<u64, _>::new(&start, &goal, est.clone(), 2, u64::MAX);
                search.small_iteration = 0;
                let two = run(search);
                assert_eq!(one.len(), two.len(), "{start}");
                assert!(reaches(&start, &goal, &two));
            }
        }
    }
}
