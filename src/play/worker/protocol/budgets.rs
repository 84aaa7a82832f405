//! The node budgets a search runs with in a browser, where a tab has less memory and patience
//! than the command line.

use super::Purpose;
use crate::solver::{Algorithm, Method};

/// Node budget in the browser for searches that keep their nodes: a tab has far less memory to
/// spare than the command line (about 250 MB at this many nodes on boards up to 4×4).
pub const BROWSER_MAX_NODES: u64 = 2_000_000;
/// IDA* needs no memory, but a search should still end: about a minute in a browser.
pub const BROWSER_IDA_MAX_NODES: u64 = 1_000_000_000;

/// Seconds line by line search goes on improving its answer when the player asked for a
/// solution (on boards from 6×6 up, or thin ones; as the command line's `--seconds 10`): the
/// page shows each shorter answer as it comes, and Stop keeps the best so far; without a time,
/// the command line stops after about a second.
pub const BROWSER_WATCHING_SECONDS: f64 = 10.0;

/// Node budget of line by line search for a hint: beyond 7×7 the quick variant's answer (lines
/// and a 5×5 corner, see [`crate::solver::fringe::quick`]: 0.3-0.8 s natively on a 10×10), on
/// smaller boards a narrowed beam's.
pub const BROWSER_HINT_NODES: u64 = 700_000;

/// The budget a request runs with in the browser when it names none.
pub fn browser_budget(method: Method, purpose: Purpose) -> Option<u64> {
    match method.algorithm {
        // The time decides (see `browser_seconds`).
        Algorithm::Fringe if purpose == Purpose::Solve => None,
        // A hint wants one move soon: line by line search's first variant is enough.
        Algorithm::Fringe if purpose == Purpose::Hint => Some(BROWSER_HINT_NODES),
        // Their own budgets: about a second natively.
        Algorithm::Anytime | Algorithm::Fringe => None,
        a if a.keeps_nodes() => Some(BROWSER_MAX_NODES),
        _ => Some(BROWSER_IDA_MAX_NODES),
    }
}

/// The time a request runs for in the browser when it names no budget: line by line search
/// asked for a solution goes on improving for [`BROWSER_WATCHING_SECONDS`]; every other search
/// stops at its budget.
pub fn browser_seconds(method: Method, purpose: Purpose) -> Option<f64> {
    (method.algorithm == Algorithm::Fringe && purpose == Purpose::Solve)
        .then_some(BROWSER_WATCHING_SECONDS)
}
