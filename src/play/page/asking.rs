//! Asking the worker and hearing back: Solve, Hint and the comparison's rows, cancel, and which
//! answers still count (only the open request's; an answer for a board no longer shown is stale).

use super::{Effect, Page};
use crate::play::comparison::Row;
use crate::play::game;
use crate::play::protocol::{FromWorker, Purpose, ToWorker};
use crate::play::solving::{Request, Summary};
use crate::puzzle::board::Board;
use crate::puzzle::notation::parse_moves;
use crate::search::Stats;
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
            fx.push(Effect::Send(ToWorker::Cancel { id: old.id }));
        }
        self.next_id += 1;
        let (board, method, max_nodes) = match (purpose, row) {
            (Purpose::Compare, Some((board, m))) => {
                (board, m, crate::solver::compare::options(m).max_nodes)
            }
            // A hint should come fast: the default method for the size.
            (Purpose::Hint, _) => (self.game.board().clone(), auto(), None),
            _ => (
                self.game.board().clone(),
                Method {
                    algorithm: self.method.algorithm,
                    heuristic: self.method.heuristic,
                },
                None,
            ),
        };
        fx.push(Effect::Send(ToWorker::Solve {
            id: self.next_id,
            purpose,
            board: board.to_string(),
            goal: self.game.goal().to_string(),
            algorithm: method.algorithm,
            heuristic: method.heuristic,
            max_nodes,
        }));
        self.request = Some(Request {
            id: self.next_id,
            purpose,
            method,
            board,
            started_ms: now_ms,
            stats: Stats::default(),
            preparing: None,
            shown: None,
        });
        self.alert = None;
    }

    /// Stops the search: a comparison ends where it stands, an answer on show stays (no longer
    /// promising a shorter one).
    pub(super) fn cancel(&mut self, fx: &mut Vec<Effect>) {
        let Some(request) = self.request.take() else {
            return;
        };
        fx.push(Effect::Send(ToWorker::Cancel { id: request.id }));
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

    /// A message from the worker. Only the open request's messages count: anything else is a
    /// late answer to a question the page no longer asks.
    pub(super) fn receive(&mut self, message: FromWorker, now_ms: f64, fx: &mut Vec<Effect>) {
        let id = match &message {
            FromWorker::Progress { id, .. }
            | FromWorker::Preparing { id, .. }
            | FromWorker::Better { id, .. }
            | FromWorker::Solved { id, .. }
            | FromWorker::Failed { id, .. }
            | FromWorker::Cancelled { id, .. } => *id,
            // The game asks for no shares of a solve (only the benchmark's team does).
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
                    Purpose::Hint => self.hint = moves.first().map(|&m| (request.board, m)),
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
                message,
                stats,
                ..
            } => {
                let Some(request) = self.request.take() else {
                    return;
                };
                match purpose {
                    Purpose::Compare => {
                        self.comparison
                            .push(Row::failed(request.method, &message, stats));
                        self.ask_next_row(now_ms, fx);
                    }
                    Purpose::Hint => self.alert = Some(format!("No hint: {message}")),
                    _ => self.alert = Some(message),
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
