//! Workers' replies as the tests play them to a run, and a run they start from.

use super::{BenchAction, BenchRun};
use crate::play::worker::protocol::{Answer, FromWorker, Purpose, Tables, ToWorker};
use crate::search::Stats;
use crate::solver::Algorithm;

/// The game's worker's answer to Solve `id`: `moves`, after `expanded` nodes.
pub(super) fn solved(id: u32, moves: &str, expanded: u64) -> BenchAction {
    BenchAction::Worker {
        worker: 0,
        at: 0.0,
        message: FromWorker::Solved {
            id,
            purpose: Purpose::Bench,
            answer: Answer {
                moves: moves.into(),
                optimal: true,
                within: Some(1.0),
                algorithm: Algorithm::IdaStar,
                heuristic: None,
                stats: Stats {
                    expanded,
                    millis: 2.0,
                    ..Stats::default()
                },
                tables: None,
            },
        },
    }
}

pub(super) fn ready(worker: usize) -> BenchAction {
    ready_at(worker, 0.0)
}

pub(super) fn ready_at(worker: usize, at: f64) -> BenchAction {
    BenchAction::Worker {
        worker,
        at,
        message: FromWorker::TablesReady {
            goal: "blank-last".into(),
            tables: Tables {
                millis: 1.0,
                from: crate::play::worker::protocol::TablesFrom::Cache,
            },
        },
    }
}

/// `solved(id, …)`, from `worker` at `at`.
pub(super) fn solved_by(worker: usize, at: f64, id: u32, moves: &str) -> BenchAction {
    match solved(id, moves, 10) {
        BenchAction::Worker { message, .. } => BenchAction::Worker {
            worker,
            message,
            at,
        },
        other => other,
    }
}

/// The ids of the Solves among `messages`, with their workers.
pub(super) fn solves(messages: &[(usize, ToWorker)]) -> Vec<(usize, u32)> {
    (messages.iter())
        .filter_map(|(w, m)| match m {
            ToWorker::Solve { id, .. } => Some((*w, *id)),
            _ => None,
        })
        .collect()
}

/// The ids of the Solves queued among `messages` ([`ToWorker::Queue`]), with their workers.
pub(super) fn queued(messages: &[(usize, ToWorker)]) -> Vec<(usize, u32)> {
    (messages.iter())
        .filter_map(|(w, m)| match m {
            ToWorker::Queue(solve) => match **solve {
                ToWorker::Solve { id, .. } => Some((*w, id)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// A run of Korf's 100 on two workers side by side, both ready (each with a puzzle and one
/// queued).
pub(super) fn side_by_side_started() -> BenchRun {
    let mut run = BenchRun::with_cores(2);
    run.reduce(BenchAction::Toggle { at: 0.0 });
    run.reduce(ready(0));
    run.reduce(ready(1));
    run
}
