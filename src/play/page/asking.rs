//! Asking the worker and hearing back: Solve, Hint and the comparison's rows, cancel, and which
//! answers still count (only the open request's; an answer for a board no longer shown is stale).
//!
//! Where the machine has cores to spare, an optimal IDA* Solve is shared between the game's
//! worker and helper workers ([`crate::solver::team`]): the team's end comes back as the answer
//! the game's worker would have sent, and goes the same way.

use super::{Effect, Page};
use crate::heuristics::Heuristic;
use crate::play::comparison::Row;
use crate::play::game;
use crate::play::protocol::{
    BROWSER_IDA_MAX_NODES, Failure, FromWorker, Purpose, ToWorker, finished, order_message,
    resolve, team_hears,
};
use crate::play::solving::{Request, Summary, TeamWork};
use crate::puzzle::board::Board;
use crate::puzzle::notation::parse_moves;
use crate::search::Stats;
use crate::solver::team::{Order, Team};
use crate::solver::{Algorithm, Method};

impl Page {
    /// Asks the worker: `row` is a comparison row's board and method; Solve and Hint ask about
    /// the board shown. A request still open is cancelled first.
    pub(super) fn ask(
        &mut self,
        purpose: Purpose,
        row: Option<(Board, Method)>,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(old) = self.request.take() {
            self.stop(&old, fx);
        }
        self.next_id += 1;
        let (board, method, max_nodes) = match (purpose, row) {
            (Purpose::Compare, Some((board, m))) => {
                (board, m, crate::solver::compare::options(m).max_nodes)
            }
            // A hint should come fast: the default method for the size.
            (Purpose::Hint, _) => (self.game.board().clone(), auto(), None),
            _ => (self.game.board().clone(), self.method, None),
        };
        let team = (purpose == Purpose::Solve)
            .then(|| self.team_work(&board, method))
            .flatten();
        let request = Request {
            id: self.next_id,
            purpose,
            method,
            board,
            started_ms: now_ms,
            stats: Stats::default(),
            preparing: None,
            shown: None,
            team,
        };
        match &request.team {
            Some(work) => {
                let team = self.team.get_or_insert_with(|| Team::new(work.workers));
                let orders = team.solve(request.id, &request.board, work.max_nodes);
                send_orders(orders, Some(&request), fx);
            }
            None => fx.push(Effect::Send(ToWorker::Solve {
                id: request.id,
                purpose,
                board: request.board.to_string(),
                goal: self.game.goal().to_string(),
                algorithm: method.algorithm,
                heuristic: method.heuristic,
                max_nodes,
            })),
        }
        self.request = Some(request);
        self.alert = None;
    }

    /// How a Solve of `board` by `method` is shared among workers, if it is: where helpers
    /// are to be had and the method resolves to IDA* (optimal, whose iterations a team can
    /// share) on a solvable board. Anything else goes to the game's worker alone, which also
    /// explains what is wrong with a board.
    fn team_work(&self, board: &Board, method: Method) -> Option<TeamWork> {
        if self.helpers == 0 {
            return None;
        }
        let goal = self.game.goal().to_string();
        let resolved = resolve(
            &board.to_string(),
            &goal,
            method.algorithm,
            method.heuristic,
            None,
            Purpose::Solve,
        )
        .ok()?;
        let ida = resolved.method.algorithm == Algorithm::IdaStar;
        let solvable = crate::puzzle::solvability::is_solvable(board, &resolved.goal);
        (ida && solvable).then(|| TeamWork {
            goal: resolved.goal,
            method: resolved.method,
            max_nodes: (resolved.options.max_nodes).unwrap_or(BROWSER_IDA_MAX_NODES),
            workers: self.helpers + 1,
            tables: None,
        })
    }

    /// Stops the workers on `request`.
    fn stop(&mut self, request: &Request, fx: &mut Vec<Effect>) {
        let Some(team) = self.team.as_mut().filter(|_| request.team.is_some()) else {
            fx.push(Effect::Send(ToWorker::Cancel { id: request.id }));
            return;
        };
        send_orders(team.cancel(), None, fx);
    }

    /// Stops the search: a comparison ends where it stands, an answer on show stays (no longer
    /// promising a shorter one).
    pub(super) fn cancel(&mut self, fx: &mut Vec<Effect>) {
        let Some(request) = self.request.take() else {
            return;
        };
        self.stop(&request, fx);
        if request.purpose == Purpose::Compare {
            self.comparison.stop();
        }
        if let Some(summary) = self.summary.take() {
            self.summary = Some(summary.settled());
        }
    }

    pub(super) fn ask_next_row(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        if self.request.is_none()
            && let Some(row) = self.comparison.next()
        {
            self.ask(Purpose::Compare, Some(row), now_ms, fx);
        }
    }

    /// A message from worker `worker` (0: the game's). Only the open request's messages count:
    /// anything else is a late answer to a question the page no longer asks. Answers to a
    /// team's orders are the team's.
    pub(super) fn receive(
        &mut self,
        worker: usize,
        message: FromWorker,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) {
        if let FromWorker::Shared { id, .. }
        | FromWorker::Cancelled { id, .. }
        | FromWorker::Failed { id, .. } = &message
            && self.team.as_ref().is_some_and(|t| t.seated(worker, *id))
        {
            return self.team_hears(worker, message, now_ms, fx);
        }
        if worker != 0 {
            return; // helpers only ever work for the team
        }
        let id = match &message {
            FromWorker::Progress { id, .. }
            | FromWorker::Preparing { id, .. }
            | FromWorker::Better { id, .. }
            | FromWorker::Solved { id, .. }
            | FromWorker::Failed { id, .. }
            | FromWorker::Cancelled { id, .. } => *id,
            // Shares are the team's (above); a late one is nobody's.
            FromWorker::TablesReady { .. } | FromWorker::Shared { .. } => return,
        };
        if message_purpose(&message) == Some(Purpose::Measure) {
            return self.measured(message, fx);
        }
        let Some(request) = self.request.as_mut().filter(|r| r.id == id) else {
            return;
        };
        match message {
            FromWorker::Preparing { fraction, .. } => request.preparing = Some(fraction),
            FromWorker::Progress { stats, .. } => {
                request.stats = stats;
                request.preparing = None;
            }
            FromWorker::Better {
                purpose: Purpose::Solve,
                answer,
                ..
            } if self.game.board() == &request.board => {
                // Shown at once; the search goes on, so the request stays open.
                let Ok(moves) = parse_moves(&answer.moves) else {
                    return;
                };
                let shown = Summary::of(&answer, now_ms - request.started_ms, true);
                request.shown = Some(shown.clone());
                self.summary = Some(shown);
                self.game.apply(game::Action::ShowSolution {
                    moves,
                    optimal: false,
                });
            }
            FromWorker::Better { .. } => {}
            FromWorker::Solved {
                purpose, answer, ..
            } => {
                let Some(request) = self.request.take() else {
                    return;
                };
                let Ok(moves) = parse_moves(&answer.moves) else {
                    self.alert = Some("The solver's answer could not be read.".into());
                    return;
                };
                if purpose == Purpose::Compare {
                    self.comparison.push(Row::solved(&answer, moves));
                    self.ask_next_row(now_ms, fx);
                    return;
                }
                if self.game.board() != &request.board {
                    match request.shown {
                        // The player is replaying an earlier answer: it stays, and stops saying
                        // a shorter one may come.
                        Some(shown) => self.summary = Some(shown.settled()),
                        None => {
                            self.alert =
                                Some("The board changed while the solver worked; ask again.".into())
                        }
                    }
                    return;
                }
                match purpose {
                    Purpose::Hint => {
                        self.hint = moves.first().map(|&m| (request.board, m));
                        self.game.apply(game::Action::Helped);
                    }
                    Purpose::Solve => {
                        let optimal = answer.optimal;
                        self.summary =
                            Some(Summary::of(&answer, now_ms - request.started_ms, false));
                        self.game
                            .apply(game::Action::ShowSolution { moves, optimal });
                    }
                    Purpose::Compare | Purpose::Bench | Purpose::Measure => {}
                }
            }
            FromWorker::Failed {
                purpose,
                failure,
                stats,
                ..
            } => {
                let Some(request) = self.request.take() else {
                    return;
                };
                match purpose {
                    Purpose::Compare => {
                        self.comparison
                            .push(Row::failed(request.method, failure, stats));
                        self.ask_next_row(now_ms, fx);
                    }
                    Purpose::Hint => self.alert = Some(format!("No hint: {failure}")),
                    _ => self.alert = Some(failure.to_string()),
                }
            }
            FromWorker::Cancelled { purpose, .. } => {
                self.request = None;
                if purpose == Purpose::Compare {
                    self.comparison.stop();
                }
            }
            FromWorker::TablesReady { .. } | FromWorker::Shared { .. } => {}
        }
    }

    /// Where the site's prebuilt tables are, for a worker that has just started.
    pub(super) fn site(&self) -> ToWorker {
        let folder = &self.base[..self.base.rfind('/').map_or(0, |i| i + 1)];
        ToWorker::Site {
            tables: format!("{folder}tables/"),
        }
    }

    /// The workers that owe the page an answer (0: the game's, which also measures; 1, 2, …:
    /// helpers sharing a solve).
    pub fn owing(&self) -> Vec<usize> {
        let team = self.request.as_ref().is_some_and(|r| r.team.is_some());
        let mut owing = Vec::new();
        if (self.request.is_some() && !team) || self.measuring.is_some() {
            owing.push(0);
        }
        if let Some(t) = self.team.as_ref().filter(|_| team) {
            owing.extend(t.busy());
        }
        owing.sort_unstable();
        owing.dedup();
        owing
    }

    /// Whether a worker owes an answer: the web layer then has the page look for silent ones
    /// ([`Action::CheckWorkers`](super::Action::CheckWorkers)).
    pub fn awaiting(&self) -> bool {
        self.request.is_some() || self.measuring.is_some()
    }

    /// Worker `worker` stopped (`why`, in a few words): it is ended and a fresh one takes its
    /// place; whatever it owed ends with a message, and the page stays as it was.
    pub(super) fn worker_stopped(&mut self, worker: usize, why: String, fx: &mut Vec<Effect>) {
        fx.push(Effect::Restart(worker));
        self.watchdog.restarted(worker);
        let failure = Failure::Stopped { why };
        let mut lost = false;
        if worker == 0 {
            // The fresh worker learns where the tables are, and prepares them again.
            fx.push(Effect::Send(self.site()));
            self.prepared = None;
            if let Some((_, solve)) = self.measuring.take() {
                if let Some(r) = self.result.as_mut().filter(|r| r.solve.id == solve) {
                    r.measuring = false;
                    r.problem = Some(format!("The shortest solution is not known: {failure}"));
                }
                lost = true;
            }
        }
        let team_solve = self.request.as_ref().is_some_and(|r| r.team.is_some());
        // A team that counted on the worker starts afresh next time; its others are stopped.
        if self.team.as_ref().is_some_and(|t| worker < t.workers())
            && let Some(mut team) = self.team.take()
        {
            let others = team.cancel().into_iter().filter(|o| o.worker() != worker);
            send_orders(others.collect(), None, fx);
        }
        let ends_request = team_solve || (worker == 0 && self.request.is_some());
        if ends_request && let Some(request) = self.request.take() {
            if request.purpose == Purpose::Compare {
                self.comparison
                    .push(Row::failed(request.method, failure.clone(), None));
                self.comparison.stop();
            }
            if let Some(summary) = self.summary.take() {
                self.summary = Some(summary.settled());
            }
            lost = true;
        }
        if lost {
            self.alert = Some(failure.to_string());
        }
    }

    /// A worker's answer to the team: the next orders, the progress so far, and at the end
    /// the answer, as the game's worker would have sent it.
    fn team_hears(
        &mut self,
        worker: usize,
        message: FromWorker,
        now_ms: f64,
        fx: &mut Vec<Effect>,
    ) {
        let Some(team) = self.team.as_mut() else {
            return;
        };
        let Some((orders, end)) = team_hears(team, worker, &message) else {
            return;
        };
        let stats = team.stats();
        if let FromWorker::Shared {
            tables: Some(tables),
            ..
        } = message
            && let Some(work) = self.request.as_mut().and_then(|r| r.team.as_mut())
        {
            work.tables = Some(tables);
        }
        let Some(request) = self.request.clone().filter(|r| r.team.is_some()) else {
            // The solve was given up: no orders but stops.
            return send_orders(orders, None, fx);
        };
        send_orders(orders, Some(&request), fx);
        if let (Some(open), Some(stats)) = (self.request.as_mut(), stats) {
            open.stats = stats;
            open.preparing = None;
        }
        let (Some(end), Some(work)) = (end, &request.team) else {
            return;
        };
        // The search's time, as the game's worker counts it: without getting the tables.
        let tables = work.tables;
        let millis = now_ms - request.started_ms - tables.map_or(0.0, |t| t.millis);
        let report = end.report(
            &request.board,
            &work.goal,
            work.method,
            work.max_nodes,
            millis,
        );
        let answer = finished(request.id, request.purpose, report, tables);
        self.receive(0, answer, now_ms, fx);
    }

    /// Replays a comparison row's solution on the board.
    pub(super) fn replay_row(&mut self, i: usize) {
        let Some(row) = self.comparison.rows.get(i) else {
            return;
        };
        let Some(moves) = row.moves.clone() else {
            return;
        };
        if self.comparison.board.as_ref() != Some(self.game.board()) {
            self.alert =
                Some("The board has changed since the comparison: run Compare again.".into());
            return;
        }
        self.playing = false;
        self.summary = Some(Summary::Search {
            optimal: row.optimal,
            method: row.method,
            stats: Stats {
                expanded: row.expanded,
                millis: row.millis,
                ..Stats::default()
            },
            wall_ms: row.millis,
            tables: None,
            within: None,
            improving: false,
        });
        let optimal = row.optimal;
        self.game
            .apply(game::Action::ShowSolution { moves, optimal });
    }
}

/// A team's orders as effects (the game's worker is worker 0); searches are for `request`'s
/// solve, and without one only stops are sent.
fn send_orders(orders: Vec<Order>, request: Option<&Request>, fx: &mut Vec<Effect>) {
    for order in orders {
        let (worker, message) = match (order, request) {
            (Order::Cancel { worker, id }, _) => (worker, ToWorker::Cancel { id }),
            (
                order,
                Some(Request {
                    team: Some(work),
                    board,
                    purpose,
                    ..
                }),
            ) => {
                let heuristic = work.method.heuristic.unwrap_or(Heuristic::Manhattan);
                let (board, goal) = (board.to_string(), work.goal.to_string());
                order_message(order, *purpose, &board, &goal, heuristic)
            }
            (Order::Search { .. }, _) => continue,
        };
        fx.push(match worker {
            0 => Effect::Send(message),
            worker => Effect::Helper { worker, message },
        });
    }
}

/// The method `auto` stands for, as a request names it.
fn auto() -> Method {
    Method {
        algorithm: Algorithm::Auto,
        heuristic: None,
    }
}

/// The purpose a message answers.
fn message_purpose(message: &FromWorker) -> Option<Purpose> {
    match message {
        FromWorker::Progress { purpose, .. }
        | FromWorker::Preparing { purpose, .. }
        | FromWorker::Better { purpose, .. }
        | FromWorker::Solved { purpose, .. }
        | FromWorker::Failed { purpose, .. }
        | FromWorker::Cancelled { purpose, .. } => Some(*purpose),
        FromWorker::TablesReady { .. } | FromWorker::Shared { .. } => None,
    }
}
