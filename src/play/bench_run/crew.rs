//! Several workers at work on a run: how they work together, their tables got ready one after
//! another, and the messages that stop them all.

use super::BenchRun;
use super::sets::Teamwork;
use crate::play::worker::protocol::{FromWorker, Tables, ToWorker};
use crate::solver::team::Team;
use std::collections::VecDeque;

/// Several workers at work on a run.
#[derive(Debug)]
pub(super) struct Crew {
    pub(super) how: Together,
    /// Which workers have their tables.
    pub(super) ready: Vec<bool>,
    /// Added to the instance's index to make a solve's id: a later run's ids differ from an
    /// earlier's, whose late answers may still come.
    pub(super) base: u32,
}

/// What a crew is doing.
#[derive(Debug)]
pub(super) enum Together {
    /// Each puzzle by all (see [`Teamwork::Iterations`]).
    Team(Team),
    /// Each worker on its own (see [`Teamwork::Puzzles`]).
    SideBySide {
        /// The instances each worker has, and when it began each (the page's clock): the one
        /// it is on, then the one waiting in its queue (see [`ToWorker::Queue`]), if any.
        on: Vec<VecDeque<(usize, f64)>>,
        /// The next instance to hand out.
        next: usize,
        /// When the first instances were handed out, and when the last answer came.
        started: f64,
        last: f64,
    },
}

impl BenchRun {
    /// Starts a run among several workers, working together as `teamwork` says.
    pub(super) fn start_crew(&mut self, teamwork: Teamwork, at: f64) -> Vec<(usize, ToWorker)> {
        let how = match teamwork {
            Teamwork::Iterations => {
                let mut team = Team::new(self.workers);
                team.small_iteration = self.small_iteration;
                team.pieces_per_worker = self.pieces_per_worker;
                Together::Team(team)
            }
            Teamwork::Puzzles => Together::SideBySide {
                on: vec![VecDeque::new(); self.workers],
                next: 0,
                started: at,
                last: at,
            },
        };
        self.crew = Some(Crew {
            how,
            ready: vec![false; self.workers],
            base: self.runs * 1000,
        });
        // The first worker gets the tables (downloaded or built, then stored in the
        // browser's cache); the others then read them from the cache.
        vec![(
            0,
            ToWorker::Prepare {
                goal: self.goal_notation(),
            },
        )]
    }

    /// The messages that stop whatever is still searching.
    pub(super) fn stop_all(&mut self) -> Vec<(usize, ToWorker)> {
        let Some(crew) = self.crew.as_mut() else {
            let id = self.rows.len() as u32;
            return vec![(0, ToWorker::Cancel { id })];
        };
        match &mut crew.how {
            Together::Team(team) => {
                let orders = team.cancel();
                self.orders(orders)
            }
            Together::SideBySide { on, .. } => (on.iter_mut().enumerate())
                .flat_map(|(w, on)| {
                    let base = crew.base;
                    on.drain(..).map(move |(index, _)| {
                        (
                            w,
                            ToWorker::Cancel {
                                id: base + index as u32,
                            },
                        )
                    })
                })
                .collect(),
        }
    }

    /// A message to a run among several workers.
    pub(super) fn crew_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        at: f64,
    ) -> Vec<(usize, ToWorker)> {
        let Some(crew) = self.crew.as_ref() else {
            return Vec::new();
        };
        if let FromWorker::TablesReady { tables, .. } = &message {
            return self.tables_ready(worker, *tables, at);
        }
        if matches!(crew.how, Together::SideBySide { .. }) {
            return self.side_by_side_hears(worker, message, at);
        }
        self.team_answered(worker, &message, at)
    }

    /// Worker `worker` has its tables (had as `tables`): the next worker gets its own, and once
    /// all have them, the work begins.
    fn tables_ready(&mut self, worker: usize, tables: Tables, at: f64) -> Vec<(usize, ToWorker)> {
        let goal = self.goal_notation();
        let Some(crew) = self.crew.as_mut() else {
            return Vec::new();
        };
        if !self.running || crew.ready.get(worker) != Some(&false) {
            return Vec::new();
        }
        crew.ready[worker] = true;
        if worker == 0 {
            self.tables = Some(tables);
            return (1..crew.ready.len())
                .map(|w| (w, ToWorker::Prepare { goal: goal.clone() }))
                .collect();
        }
        let slowest = self.helper_tables.map_or(0.0, |t| t.millis);
        if tables.millis >= slowest {
            self.helper_tables = Some(tables);
        }
        if !crew.ready.iter().all(|&r| r) {
            return Vec::new();
        }
        let workers = crew.ready.len();
        let Together::SideBySide { started, last, .. } = &mut crew.how else {
            return self.next_shared(at);
        };
        (*started, *last) = (at, at);
        // A puzzle each first, then one waiting each.
        (0..2 * workers)
            .filter_map(|w| self.hand_out(w % workers, at))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::play::bench_run::BenchAction;
    use crate::play::bench_run::replies::side_by_side_started;

    #[test]
    fn a_worker_that_stops_ends_the_run_with_a_message_and_the_others_are_stopped() {
        let mut run = side_by_side_started();
        let stopped = BenchAction::WorkerStopped {
            worker: 1,
            why: "it crashed: unreachable".into(),
        };
        let orders = run.reduce(stopped.clone());
        assert!(
            !orders.is_empty() && orders.iter().all(|(w, _)| *w == 0),
            "{orders:?}"
        );
        assert!(!run.running);
        assert!(
            run.problem
                .as_deref()
                .unwrap()
                .starts_with("The solver stopped unexpectedly (it crashed: unreachable)")
        );
        // Once stopped, another stop changes nothing.
        assert!(run.reduce(stopped).is_empty());
    }
}
