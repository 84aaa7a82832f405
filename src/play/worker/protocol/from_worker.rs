//! What the worker answers.

use super::{Answer, Failure, Lesson, Purpose, Tables};
use crate::search::Stats;
use crate::solver::analysis::Analysed;
use crate::solver::team::ShareEnd;

// The other direction, for the links in the docs.
#[cfg(doc)]
use super::ToWorker;

/// What the worker answers.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// The counters so far, at least every 100 ms.
    Progress {
        id: u32,
        purpose: Purpose,
        stats: Stats,
    },
    /// Getting the pattern databases this request needs: downloading them (`fraction` is
    /// `None`), or building them (`fraction` done, 0 to 1).
    Preparing {
        id: u32,
        purpose: Purpose,
        fraction: Option<f64>,
    },
    /// The tables a [`ToWorker::Prepare`] asked for are ready.
    TablesReady { goal: String, tables: Tables },
    /// A solution better than any before, from a search that goes on (anytime search, rows and
    /// columns). A final message still ends the request.
    Better {
        id: u32,
        purpose: Purpose,
        answer: Answer,
    },
    /// The search's final solution.
    Solved {
        id: u32,
        purpose: Purpose,
        answer: Answer,
    },
    /// No solution, and why (see [`Failure`]).
    Failed {
        id: u32,
        purpose: Purpose,
        failure: Failure,
        stats: Option<Stats>,
    },
    /// Stopped as asked (or replaced by a newer request).
    Cancelled { id: u32, purpose: Purpose },
    /// An analysis's progress: the distances after `done` of `total` moves are known.
    Analysing { id: u32, done: usize, total: usize },
    /// An analysis's end: every distance, and the moves that went away.
    Analysed { id: u32, analysed: Analysed },
    /// The stepper's search at the step asked for (boxed: thousands of boards, where every
    /// other message is a few words), or why it cannot be stepped through.
    Lesson {
        id: u32,
        lesson: Result<Box<Lesson>, Failure>,
    },
    /// How a [`ToWorker::Share`] ended; `tables`: the pattern databases it got first.
    Shared {
        id: u32,
        purpose: Purpose,
        end: ShareEnd,
        tables: Option<Tables>,
    },
}
