//! A team's side of the protocol (see [`crate::solver::team`]): the work of one worker's share,
//! an order as the message for its worker, and a worker's answer handed back to the team.

use super::{Failure, FromWorker, Purpose, ToWorker, resolved::boards};
use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use crate::solver::team::{Order, Portion, ShareFailed, ShareSearch, Team, TeamEnd};

/// What a [`ToWorker::Share`] asks for: a portion of the search from `board` toward `goal` (both
/// in board notation, as in a Solve) with `heuristic`.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareWork {
    pub board: String,
    pub goal: String,
    pub heuristic: Heuristic,
    pub portion: Portion,
}

impl ShareWork {
    /// The start and goal boards.
    pub fn boards(&self) -> Result<(Board, Board), Failure> {
        boards(&self.board, &self.goal)
    }

    /// The worker's search, or why there is none.
    pub fn search(self) -> Result<ShareSearch, Failure> {
        let (start, goal) = self.boards()?;
        ShareSearch::new(&start, &goal, self.heuristic, self.portion).map_err(Failure::of)
    }
}

/// A team's order as the message for its worker: `(worker, message)`. Shares are of solve `id`
/// of `board` toward `goal` with `heuristic`.
pub fn order_message(
    order: Order,
    purpose: Purpose,
    board: &str,
    goal: &str,
    heuristic: Heuristic,
) -> (usize, ToWorker) {
    match order {
        Order::Search {
            worker,
            id,
            portion,
        } => (
            worker,
            ToWorker::Share {
                id,
                purpose,
                work: ShareWork {
                    board: board.into(),
                    goal: goal.into(),
                    heuristic,
                    portion,
                },
            },
        ),
        Order::Cancel { worker, id } => (worker, ToWorker::Cancel { id }),
    }
}

/// Hands a worker's answer to a share to its team (any other message is none of its business):
/// the orders to send next, and the solve's end if that was it.
pub fn team_hears(
    team: &mut Team,
    worker: usize,
    message: &FromWorker,
) -> Option<(Vec<Order>, Option<TeamEnd>)> {
    let (id, answer) = match message {
        FromWorker::Shared { id, end, .. } => (*id, Ok(Some(end.clone()))),
        FromWorker::Cancelled { id, .. } => (*id, Ok(None)),
        FromWorker::Failed { id, failure, .. } => (*id, Err(share_failed(failure))),
        _ => return None,
    };
    Some(team.answered(worker, id, answer))
}

/// A worker's failure to search its share, for its team: a bug stays a bug, anything else (a
/// refusal, in the worker's words) is no bug of the solver's.
fn share_failed(failure: &Failure) -> ShareFailed {
    match failure {
        Failure::Internal { detail } => ShareFailed {
            why: detail.clone(),
            bug: true,
        },
        other => ShareFailed {
            why: other.to_string(),
            bug: false,
        },
    }
}
