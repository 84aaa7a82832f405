//! Each worker on puzzles of its own, the next one handed out as soon as it is free, and one
//! waiting in its queue meanwhile.

use super::BenchRun;
use super::crew::{Crew, Together};
use crate::play::worker::protocol::{FromWorker, Purpose, ToWorker};
use std::collections::VecDeque;

/// Puzzles waiting in a worker's queue behind the one it is on, side by side.
const QUEUED: usize = 1;

impl BenchRun {
    /// A worker's answer while the workers solve puzzles side by side: its row, and the next
    /// puzzle for it (the run ends with the last answer).
    pub(super) fn side_by_side_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        at: f64,
    ) -> Vec<(usize, ToWorker)> {
        let Some(Crew {
            how: Together::SideBySide { on, .. },
            base,
            ..
        }) = self.crew.as_ref()
        else {
            return Vec::new();
        };
        let Some(&(index, asked)) = on.get(worker).and_then(VecDeque::front) else {
            return Vec::new();
        };
        let wanted = base + index as u32;
        match message {
            FromWorker::Solved {
                id,
                purpose: Purpose::Bench,
                answer,
            } if self.running && id == wanted => {
                self.free(worker, at);
                self.record(index, &answer, at - asked);
                if self.rows.len() == self.instances.len() {
                    self.running = false;
                }
                // Its queue topped up: a Solve if it has nothing left, else one to wait.
                let mut orders: Vec<_> = self.hand_out(worker, at).into_iter().collect();
                orders.extend(self.hand_out(worker, at));
                orders
            }
            FromWorker::Failed {
                id,
                purpose: Purpose::Bench,
                failure,
                ..
            } if self.running && id == wanted => {
                self.free(worker, at);
                self.running = false;
                self.problem = Some(failure.to_string());
                self.stop_all()
            }
            _ => Vec::new(),
        }
    }

    /// Worker `worker` answered at `at`: it goes on with the puzzle waiting in its queue, if any.
    fn free(&mut self, worker: usize, at: f64) {
        if let Some(Crew {
            how: Together::SideBySide { on, last, .. },
            ..
        }) = self.crew.as_mut()
        {
            on[worker].pop_front();
            if let Some((_, began)) = on[worker].front_mut() {
                *began = at;
            }
            *last = at;
        }
    }

    /// The next puzzle for worker `worker`, while running with puzzles side by side and some
    /// are left: a Solve if it is free, else one to wait in its queue, so that it starts the
    /// moment the worker answers (not once the answer has reached the page and the next puzzle
    /// the worker). Near the end puzzles wait in no queue: the first worker free takes each,
    /// so that no worker idles while another still has two to go.
    pub(super) fn hand_out(&mut self, worker: usize, at: f64) -> Option<(usize, ToWorker)> {
        let workers = self.workers;
        let Some(Crew {
            how: Together::SideBySide { on, next, .. },
            base,
            ..
        }) = self.crew.as_mut()
        else {
            return None;
        };
        let instance = self.instances.get(*next).filter(|_| self.running)?;
        let busy = !on[worker].is_empty();
        if on[worker].len() > QUEUED || (busy && self.instances.len() - *next <= workers) {
            return None;
        }
        on[worker].push_back((*next, at));
        let id = *base + *next as u32;
        *next += 1;
        let solve = self.solve_message(id, instance);
        Some((
            worker,
            if busy {
                ToWorker::Queue(Box::new(solve))
            } else {
                solve
            },
        ))
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::bench_run::replies::{
        queued, ready, ready_at, side_by_side_started, solved_by, solves,
    };
    use crate::play::bench_run::{BenchAction, Teamwork};
    use crate::play::worker::protocol::Failure;

    #[test]
    fn two_workers_solve_korfs_puzzles_side_by_side_each_taking_the_next_when_free() {
        let mut run = BenchRun::with_cores(2);
        let goal = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".to_string();
        let prepare = run.reduce(BenchAction::Toggle { at: 0.0 });
        assert_eq!(prepare, [(0, ToWorker::Prepare { goal: goal.clone() })]);
        assert_eq!(run.reduce(ready(0)), [(1, ToWorker::Prepare { goal })]);
        // Both ready at 10 ms: each gets a puzzle of its own (ids are this run's: 1000 + index),
        // then one to wait in its queue.
        let first = run.reduce(ready_at(1, 10.0));
        assert_eq!(solves(&first), [(0, 1000), (1, 1001)]);
        assert_eq!(queued(&first), [(0, 1002), (1, 1003)]);
        let length = |i: usize| "L".repeat(run.instances[i].expected as usize);
        // Worker 1 answers first: it goes on with its queued puzzle, and the fifth waits behind
        // it. Its row waits for the first's.
        let (l0, l1, l3) = (length(0), length(1), length(3));
        let next = run.reduce(solved_by(1, 30.0, 1001, &l1));
        assert_eq!((solves(&next), queued(&next)), (vec![], vec![(1, 1004)]));
        assert_eq!(run.rows[0].id, 2);
        assert_eq!(run.rows[0].wall_millis, 20.0);
        // An answer to a puzzle the worker is not on changes nothing.
        assert!(run.reduce(solved_by(0, 35.0, 1001, &l1)).is_empty());
        let next = run.reduce(solved_by(0, 50.0, 1000, &l0));
        assert_eq!((solves(&next), queued(&next)), (vec![], vec![(0, 1005)]));
        assert_eq!(run.rows.iter().map(|r| r.id).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(run.wall_millis(), 40.0);
        assert!(
            run.summary_text()
                .contains("Side by side in 2 workers: 40 ms")
        );
        // A queued puzzle's time runs from the answer before it.
        run.reduce(solved_by(1, 55.0, 1003, &l3));
        assert_eq!(run.rows[2].wall_millis, 25.0);
        // Stop cancels every puzzle still being solved or waiting.
        let stop = run.reduce(BenchAction::Toggle { at: 60.0 });
        assert_eq!(
            stop,
            [
                (0, ToWorker::Cancel { id: 1002 }),
                (0, ToWorker::Cancel { id: 1005 }),
                (1, ToWorker::Cancel { id: 1004 }),
                (1, ToWorker::Cancel { id: 1006 }),
            ]
        );
        assert!(!run.running && !run.done());
    }

    #[test]
    fn side_by_side_no_puzzle_waits_in_a_queue_near_the_end() {
        let mut run = side_by_side_started();
        // Worker 1 never answers; worker 0 answers all it gets, in order.
        let mut mine = std::collections::VecDeque::from([1000, 1002]);
        let (mut asked, mut waited) = (Vec::new(), Vec::new());
        while let Some(id) = mine.pop_front() {
            let moves = "L".repeat(run.instances[id as usize - 1000].expected as usize);
            let next = run.reduce(solved_by(0, 1.0, id, &moves));
            asked.extend(solves(&next).into_iter().map(|(_, id)| id));
            waited.extend(queued(&next).into_iter().map(|(_, id)| id));
            mine.extend(
                solves(&next)
                    .into_iter()
                    .chain(queued(&next))
                    .map(|(_, id)| id),
            );
        }
        // It solved all but worker 1's two. Its puzzles waited in its queue until two were
        // left, which it was asked for once free.
        assert_eq!(run.rows.len(), 98);
        assert_eq!(waited, (1004..1098).collect::<Vec<_>>());
        assert_eq!(asked, [1098, 1099]);
        assert!(run.running);
    }

    #[test]
    fn side_by_side_a_failure_stops_the_run_and_the_other_worker() {
        let mut run = side_by_side_started();
        let failed = BenchAction::Worker {
            worker: 1,
            at: 5.0,
            message: FromWorker::Failed {
                id: 1001,
                purpose: Purpose::Bench,
                failure: Failure::Memory { bytes: 1 << 31 },
                stats: None,
            },
        };
        assert_eq!(
            run.reduce(failed),
            [
                (0, ToWorker::Cancel { id: 1000 }),
                (0, ToWorker::Cancel { id: 1002 }),
                (1, ToWorker::Cancel { id: 1003 })
            ]
        );
        assert!(
            run.problem.as_deref().unwrap().contains("held 2048 MB"),
            "{:?}",
            run.problem
        );
        assert!(!run.running);
    }

    #[test]
    fn side_by_side_ends_with_the_last_answer() {
        let mut run = BenchRun::with_cores(2);
        run.reduce(BenchAction::Choose(2)); // the two 80-move puzzles…
        assert_eq!(run.teamwork(), Some(Teamwork::Iterations));
        run.tune("?teamwork=puzzles"); // …side by side, for this test
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(ready(0));
        assert_eq!(solves(&run.reduce(ready(1))), [(0, 1000), (1, 1001)]);
        let eighty = "L".repeat(80);
        assert!(run.reduce(solved_by(0, 7.0, 1000, &eighty)).is_empty());
        assert!(run.running);
        assert!(run.reduce(solved_by(1, 9.0, 1001, &eighty)).is_empty());
        assert!(run.done());
        assert_eq!(run.wall_millis(), 9.0);
        assert!(run.summary().all_expected);
    }
}
