//! A run of a set: started, answered and stopped.

use super::sets::{SETS, Set, Teamwork};
use super::{BenchAction, BenchRun, MAX_WORKERS};
use crate::play::worker::protocol::{Failure, FromWorker, Purpose, ToWorker};
use crate::puzzle::goal::Goal;
use crate::solver::Algorithm;
use crate::solver::bench::{Instance, parse_instances};

impl BenchRun {
    /// The panel on a machine with `cores` cores: as many workers as it has, up to
    /// [`MAX_WORKERS`].
    pub fn with_cores(cores: usize) -> BenchRun {
        let cores = cores.clamp(1, MAX_WORKERS);
        BenchRun {
            cores,
            workers: cores,
            ..BenchRun::new(0)
        }
    }
}

impl BenchRun {
    /// The panel with set `chosen` picked, nothing run.
    pub fn new(chosen: usize) -> BenchRun {
        let chosen = chosen.min(SETS.len() - 1);
        BenchRun {
            chosen,
            instances: parse_instances(SETS[chosen].text).unwrap_or_default(),
            running: false,
            rows: Vec::new(),
            tables: None,
            helper_tables: None,
            problem: None,
            workers: 1,
            cores: 1,
            crew: None,
            runs: 0,
            asked_at: 0.0,
            small_iteration: crate::solver::team::SMALL_ITERATION,
            pieces_per_worker: crate::solver::team::PIECES_PER_WORKER,
            teamwork: None,
        }
    }

    /// Tuning from the page's address, for measuring: `small=N` (see
    /// [`crate::solver::team::SMALL_ITERATION`]), `pieces=N` (see
    /// [`crate::solver::team::PIECES_PER_WORKER`]) and `teamwork=puzzles|iterations` (see
    /// [`Teamwork`]; iterations are shared for 15-puzzles only); anything else is ignored.
    pub fn tune(&mut self, query: &str) {
        for pair in query.trim_start_matches('?').split('&') {
            match pair.split_once('=') {
                Some(("small", n)) => {
                    self.small_iteration = n.parse().unwrap_or(self.small_iteration)
                }
                Some(("pieces", n)) => {
                    self.pieces_per_worker = n.parse().unwrap_or(self.pieces_per_worker)
                }
                Some(("teamwork", "puzzles")) => self.teamwork = Some(Teamwork::Puzzles),
                Some(("teamwork", "iterations")) => self.teamwork = Some(Teamwork::Iterations),
                _ => {}
            }
        }
    }

    /// How this run's workers work together; `None` with one worker.
    pub fn teamwork(&self) -> Option<Teamwork> {
        if self.workers < 2 {
            return None;
        }
        // Sharing iterations is for 15-puzzles solved optimally by IDA*.
        let fifteen = self.instances.first().is_some_and(|i| i.board.len() == 16);
        match self.teamwork.unwrap_or(self.set().teamwork) {
            Teamwork::Iterations if fifteen => Some(Teamwork::Iterations),
            _ => Some(Teamwork::Puzzles),
        }
    }

    /// The set picked.
    pub fn set(&self) -> Set {
        SETS[self.chosen]
    }

    /// Instances in the set.
    pub fn count(&self) -> usize {
        self.instances.len()
    }

    /// Applies an action; returns the messages for the workers, each with its worker's number.
    pub fn reduce(&mut self, action: BenchAction) -> Vec<(usize, ToWorker)> {
        match action {
            BenchAction::Choose(i) if !self.running => *self = self.fresh(i),
            BenchAction::Workers(n) if !self.running => self.workers = n.clamp(1, MAX_WORKERS),
            BenchAction::Choose(_) | BenchAction::Workers(_) => {}
            BenchAction::Toggle { .. } if self.running => {
                self.running = false;
                return self.stop_all();
            }
            BenchAction::Toggle { at } => {
                *self = BenchRun {
                    running: true,
                    runs: self.runs + 1,
                    ..self.fresh(self.chosen)
                };
                let Some(teamwork) = self.teamwork() else {
                    return self.next(at).into_iter().map(|m| (0, m)).collect();
                };
                return self.start_crew(teamwork, at);
            }
            BenchAction::WorkerStopped { worker, why } if self.running => {
                // The run's figures would not be comparable with a fresh worker's: it ends.
                self.running = false;
                self.problem = Some(Failure::Stopped { why }.to_string());
                let others = self.stop_all().into_iter().filter(|(w, _)| *w != worker);
                return others.collect();
            }
            BenchAction::WorkerStopped { .. } => {}
            BenchAction::Worker {
                worker,
                message,
                at,
            } => {
                if self.crew.is_some() {
                    return self.crew_hears(worker, message, at);
                }
                match message {
                    FromWorker::Solved {
                        id,
                        purpose: Purpose::Bench,
                        answer,
                    } if self.running && id as usize == self.rows.len() => {
                        self.record(id as usize, &answer, at - self.asked_at);
                        return self.next(at).into_iter().map(|m| (0, m)).collect();
                    }
                    FromWorker::Failed {
                        purpose: Purpose::Bench,
                        failure,
                        ..
                    } if self.running => {
                        self.running = false;
                        self.problem = Some(failure.to_string());
                    }
                    _ => {}
                }
            }
        }
        Vec::new()
    }

    /// A new run of set `chosen`, nothing run, with this one's settings.
    fn fresh(&self, chosen: usize) -> BenchRun {
        BenchRun {
            workers: self.workers,
            cores: self.cores,
            runs: self.runs,
            small_iteration: self.small_iteration,
            pieces_per_worker: self.pieces_per_worker,
            teamwork: self.teamwork,
            ..BenchRun::new(chosen)
        }
    }

    /// The goal of the set's boards in board notation, as Prepare wants it.
    pub(super) fn goal_notation(&self) -> String {
        let goal = self.instances.first().and_then(|i| {
            Goal::parse(self.set().goal)
                .and_then(|g| g.for_board(&i.board))
                .ok()
        });
        goal.map_or_else(|| self.set().goal.into(), |g| g.to_string())
    }

    /// The request for the next instance while running; the run ends after the last.
    fn next(&mut self, at: f64) -> Option<ToWorker> {
        if !self.running {
            return None;
        }
        self.asked_at = at;
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index) else {
            self.running = false;
            return None;
        };
        Some(self.solve_message(index as u32, instance))
    }

    /// Solve `id` of `instance`, as the game's Solve asks for it.
    pub(super) fn solve_message(&self, id: u32, instance: &Instance) -> ToWorker {
        ToWorker::Solve {
            id,
            purpose: Purpose::Bench,
            board: instance.board.to_string(),
            goal: self.set().goal.into(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::bench_run::replies::solved;

    #[test]
    fn instances_run_one_after_another_until_stopped() {
        let mut run = BenchRun::default();
        assert_eq!(run.count(), 100);
        let first = run.reduce(BenchAction::Toggle { at: 0.0 });
        assert!(matches!(first[..], [(0, ToWorker::Solve { id: 0, .. })]));
        let expected = run.instances[0].expected as usize;
        let next = run.reduce(solved(0, &"L".repeat(expected), 10));
        assert!(matches!(next[..], [(0, ToWorker::Solve { id: 1, .. })]));
        assert_eq!(run.rows[0].length, Some(expected as u32));
        // A late answer to another instance is not this one's.
        assert!(run.reduce(solved(7, "L", 1)).is_empty());
        assert_eq!(run.rows.len(), 1);
        assert!(matches!(
            run.reduce(BenchAction::Toggle { at: 0.0 })[..],
            [(0, ToWorker::Cancel { id: 1 })]
        ));
        assert!(!run.running);
        // The answer to the puzzle under way at Stop comes late: no row, no next puzzle.
        let second = run.instances[1].expected as usize;
        assert!(run.reduce(solved(1, &"L".repeat(second), 10)).is_empty());
        assert_eq!(run.rows.len(), 1);
        assert!(
            run.summary_text()
                .starts_with("1 of 100 solved, all at the published length: yes.")
        );
    }

    #[test]
    fn another_set_can_be_chosen_only_between_runs() {
        let mut run = BenchRun::default();
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(BenchAction::Choose(1));
        assert_eq!(run.chosen, 0);
        run.reduce(BenchAction::Toggle { at: 0.0 });
        run.reduce(BenchAction::Choose(1));
        assert_eq!((run.chosen, run.count()), (1, 50));
        run.reduce(BenchAction::Choose(2));
        assert_eq!((run.chosen, run.count()), (2, 2));
        assert!(run.instances.iter().all(|i| i.expected == 80));
    }

    #[test]
    fn the_24_puzzles_are_never_shared_by_iterations() {
        let mut run = BenchRun::with_cores(4);
        run.reduce(BenchAction::Choose(1));
        run.tune("?teamwork=iterations");
        assert_eq!(run.teamwork(), Some(Teamwork::Puzzles));
        run.reduce(BenchAction::Workers(1));
        assert_eq!(run.teamwork(), None);
    }
}
