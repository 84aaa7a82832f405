//! Each puzzle solved by all the workers together (see [`crate::solver::team`]): the team's
//! orders as messages, its workers' answers, and the next puzzle once one is solved.

use super::BenchRun;
use super::crew::{Crew, Together};
use crate::heuristics::Heuristic;
use crate::play::worker::protocol::{
    Answer, BROWSER_IDA_MAX_NODES, FromWorker, Purpose, ToWorker, order_message, team_hears,
};
use crate::puzzle::goal::Goal;
use crate::solver::team::Order;
use crate::solver::{Algorithm, Method};

impl BenchRun {
    /// A worker's answer to its share of the puzzle the team is on: the orders that follow, and
    /// the next puzzle's once the team has this one's answer.
    pub(super) fn team_answered(
        &mut self,
        worker: usize,
        message: &FromWorker,
        at: f64,
    ) -> Vec<(usize, ToWorker)> {
        let Some(Crew {
            how: Together::Team(team),
            base,
            ..
        }) = self.crew.as_mut()
        else {
            return Vec::new();
        };
        let Some((orders, end)) = team_hears(team, worker, message) else {
            return Vec::new();
        };
        let base = *base;
        let mut messages = self.orders(orders);
        let Some(end) = end else {
            return messages;
        };
        if !self.running {
            return messages;
        }
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index).cloned() else {
            return messages;
        };
        if let FromWorker::Shared { id, .. } | FromWorker::Failed { id, .. } = message
            && *id != base + index as u32
        {
            return messages;
        }
        let report = Goal::parse(self.set().goal)
            .and_then(|g| g.for_board(&instance.board))
            .map_err(|e| e.to_string())
            .and_then(|goal| {
                end.report(
                    &instance.board,
                    &goal,
                    team_method(),
                    BROWSER_IDA_MAX_NODES,
                    at - self.asked_at,
                )
                .map_err(|e| e.to_string())
            });
        match report.map(|r| Answer::of(&r, None).ok_or(r)) {
            Ok(Ok(answer)) => {
                self.record(index, &answer, at - self.asked_at);
                messages.extend(self.next_shared(at));
            }
            Ok(Err(report)) => {
                self.running = false;
                self.problem = Some(format!("No solution: {:?}", report.ending));
            }
            Err(message) => {
                self.running = false;
                self.problem = Some(message);
            }
        }
        messages
    }

    /// The team's orders as messages to its workers.
    pub(super) fn orders(&self, orders: Vec<Order>) -> Vec<(usize, ToWorker)> {
        let Some(instance) = self.instances.get(self.rows.len()) else {
            return Vec::new();
        };
        let board = instance.board.to_string();
        (orders.into_iter())
            .map(|o| order_message(o, Purpose::Bench, &board, self.set().goal, Heuristic::Pdb))
            .collect()
    }

    /// Starts the team on the next instance while running; the run ends after the last.
    pub(super) fn next_shared(&mut self, at: f64) -> Vec<(usize, ToWorker)> {
        if !self.running {
            return Vec::new();
        }
        let index = self.rows.len();
        let Some(instance) = self.instances.get(index) else {
            self.running = false;
            return Vec::new();
        };
        let Some(Crew {
            how: Together::Team(team),
            base,
            ..
        }) = self.crew.as_mut()
        else {
            return Vec::new();
        };
        self.asked_at = at;
        let orders = team.solve(*base + index as u32, &instance.board, BROWSER_IDA_MAX_NODES);
        self.orders(orders)
    }
}

/// What a team runs: IDA* with the pattern databases, as Solve does on a 15-puzzle.
fn team_method() -> Method {
    Method {
        algorithm: Algorithm::IdaStar,
        heuristic: Some(Heuristic::Pdb),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::bench_run::replies::ready;
    use crate::play::bench_run::{BenchAction, Teamwork};

    #[test]
    fn two_workers_share_each_fifteen_puzzle_once_both_have_their_tables() {
        use crate::heuristics::pdb;
        pdb::shared(&crate::puzzle::board::Board::blank_last(4, 4).unwrap()).unwrap();
        let mut run = BenchRun::with_cores(2);
        assert_eq!(run.workers, 2);
        assert_eq!(run.teamwork(), Some(Teamwork::Puzzles));
        // These instances are small: share them anyway, and split them.
        run.tune("?small=100&pieces=16&teamwork=iterations");
        assert_eq!((run.small_iteration, run.pieces_per_worker), (100, 16));
        assert_eq!(run.teamwork(), Some(Teamwork::Iterations));
        // The first worker gets the tables, then the second, then the team starts.
        let prepare = run.reduce(BenchAction::Toggle { at: 0.0 });
        let goal = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0".to_string();
        assert_eq!(prepare, [(0, ToWorker::Prepare { goal: goal.clone() })]);
        let prepare = run.reduce(ready(0));
        assert_eq!(prepare, [(1, ToWorker::Prepare { goal })]);
        let mut inbox: Vec<(usize, ToWorker)> = run.reduce(ready(1));
        let mut shares = [0, 0];
        let mut clock = 0.0;
        // Each worker answers at once, in the order the messages came.
        while run.rows.len() < 3 {
            let (worker, message) = inbox.remove(0);
            clock += 1.0;
            let answer = match message {
                ToWorker::Share { id, purpose, work } => {
                    shares[worker] += 1;
                    let mut search = work.search().unwrap();
                    let end = loop {
                        if let Some(end) = search.step(u64::MAX) {
                            break end;
                        }
                    };
                    FromWorker::Shared {
                        id,
                        purpose,
                        end,
                        tables: None,
                    }
                }
                ToWorker::Cancel { .. } => continue, // already answered
                other => panic!("{other:?}"),
            };
            inbox.extend(run.reduce(BenchAction::Worker {
                worker,
                message: answer,
                at: clock,
            }));
        }
        for row in &run.rows {
            assert_eq!(row.length, Some(row.expected), "instance {}", row.id);
            assert!(row.expanded > 0 && row.wall_millis > 0.0);
        }
        assert!(shares[0] > 0 && shares[1] > 0, "{shares:?}");
        assert!(run.summary_text().starts_with("3 of 100 solved so far"));
    }
}
