//! Why a request ended without a solution, as a kind each reader tells apart and as words.

use crate::solver::SolveError;

/// Why a request ended without a solution. Each reader (the page's alert, learn mode's table,
/// the measure of a solve, the benchmark) tells the kinds apart by this, never by the words.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// The node budget ran out first.
    Budget { max_nodes: u64 },
    /// Going on would have held `bytes`, more memory than a browser tab can spare.
    Memory { bytes: u64 },
    /// Depth-first search met nothing within its depth limit.
    DepthLimit { limit: u32 },
    /// The board can never reach the goal: the parity rule's explanation.
    Unsolvable { explanation: String },
    /// The request cannot be run as asked: a board or goal that cannot be read, a heuristic or
    /// method that does not fit the board.
    BadRequest { problem: String },
    /// A bug: a search that returned a wrong path or gave up on a solvable board.
    Internal { detail: String },
    /// The worker stopped (it crashed, ran out of memory or fell silent) before answering; the
    /// page noticed and started a fresh one. Never sent by a worker: the page writes it.
    Stopped { why: String },
}

impl std::fmt::Display for Failure {
    /// What the player reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::puzzle::numbers::thousands;
        match self {
            Failure::Budget { max_nodes } => write!(
                f,
                "No solution within the budget of {} nodes. Try another method: IDA* needs almost no memory, greedy is fast but its solutions are long.",
                thousands(*max_nodes)
            ),
            Failure::Memory { bytes } => write!(
                f,
                "No solution before the search would have held {} MB, more memory than a browser tab can spare. Try IDA* (almost no memory) or greedy.",
                bytes >> 20
            ),
            Failure::DepthLimit { limit } => write!(
                f,
                "Depth-first search found no solution within {limit} moves."
            ),
            Failure::Unsolvable { explanation } => f.write_str(explanation),
            Failure::BadRequest { problem } => f.write_str(problem),
            Failure::Internal { detail } => {
                write!(f, "The solver went wrong (please report it): {detail}")
            }
            Failure::Stopped { why } => write!(
                f,
                "The solver stopped unexpectedly ({why}), so a fresh one has been started: ask again."
            ),
        }
    }
}

impl Failure {
    /// The failure of a search that could not be made or did not finish.
    pub fn of(e: SolveError) -> Failure {
        match e {
            SolveError::Unsolvable(verdict) => Failure::Unsolvable {
                explanation: verdict.explanation(),
            },
            SolveError::Internal(detail) => Failure::Internal { detail },
            SolveError::Refused(problem) => Failure::BadRequest { problem },
            other => Failure::BadRequest {
                problem: other.to_string(),
            },
        }
    }

    /// A few words for a table's cell: `budget ran out`.
    pub fn short(&self) -> &'static str {
        match self {
            Failure::Budget { .. } => "budget ran out",
            Failure::Memory { .. } => "memory ran out",
            Failure::DepthLimit { .. } => "depth limit reached",
            Failure::Unsolvable { .. } => "unsolvable",
            Failure::BadRequest { .. } => "cannot run here",
            Failure::Internal { .. } => "went wrong",
            Failure::Stopped { .. } => "solver stopped",
        }
    }
}
