//! What the page asks the worker.

use super::{Purpose, ShareWork};
use crate::heuristics::Heuristic;
use crate::solver::Algorithm;

// The other direction, for the links in the docs.
#[cfg(doc)]
use super::FromWorker;

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum ToWorker {
    /// Solve `board` toward `goal`; answered by progress, better answers, then one of
    /// [`FromWorker::Solved`], [`FromWorker::Failed`] or [`FromWorker::Cancelled`]. A new request
    /// replaces the running one.
    Solve {
        id: u32,
        purpose: Purpose,
        board: String,
        goal: String,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        /// `None`: the browser's default budget for the method (see
        /// [`browser_budget`](super::browser_budget)).
        max_nodes: Option<u64>,
    },
    /// Stop request `id` at the next slice.
    Cancel { id: u32 },
    /// Get the pattern databases for `goal` ready while the player thinks (from the browser's
    /// cache, the site's download, or built); answered by [`FromWorker::TablesReady`]. A request
    /// that arrives meanwhile takes over, and the build carries on inside it.
    Prepare { goal: String },
    /// Where the site's prebuilt pattern databases are (a URL ending in `/`): sent when the page
    /// opens (it waits for the browser to be idle after the first board, and then starts the
    /// worker, loaded before the player's first request), and again to a worker started in
    /// place of one that stopped. The page knows its site's layout; the worker, started from
    /// its loader wherever that is, need not.
    Site { tables: String },
    /// One worker's share of a solve split among several (see [`crate::solver::team`]).
    /// Answered by [`FromWorker::Shared`], [`FromWorker::Failed`] or [`FromWorker::Cancelled`].
    Share {
        id: u32,
        purpose: Purpose,
        work: ShareWork,
    },
    /// Analyse a solve by hand: the shortest distance to `goal` from `board` and after each of
    /// `moves` (move notation). Answered by [`FromWorker::Analysing`] (progress), then
    /// [`FromWorker::Analysed`], [`FromWorker::Failed`] or [`FromWorker::Cancelled`], with the
    /// purpose [`Purpose::Analysis`].
    Analyse {
        id: u32,
        board: String,
        goal: String,
        moves: String,
    },
    /// Learn mode's stepper: `algorithm` with `heuristic` on `board` toward `goal`, at step
    /// `step` (or its last, if it ends before). Answered by [`FromWorker::Lesson`], on a channel
    /// of its own.
    Lesson {
        id: u32,
        board: String,
        goal: String,
        algorithm: Algorithm,
        heuristic: Heuristic,
        step: u64,
    },
    /// A request to run after the running one and those queued before it, instead of replacing
    /// it; answered as that request. The benchmark keeps each worker's next puzzle waiting, so
    /// that a worker never idles while its answer travels to the page and the next puzzle back.
    /// A [`ToWorker::Cancel`] drops a queued request; any other request drops them all.
    Queue(Box<ToWorker>),
}

impl ToWorker {
    /// The id its answers carry, for a request that has one.
    pub(super) fn id(&self) -> Option<u32> {
        match self {
            ToWorker::Solve { id, .. }
            | ToWorker::Share { id, .. }
            | ToWorker::Analyse { id, .. }
            | ToWorker::Lesson { id, .. } => Some(*id),
            ToWorker::Queue(request) => request.id(),
            ToWorker::Cancel { .. } | ToWorker::Prepare { .. } | ToWorker::Site { .. } => None,
        }
    }
}
