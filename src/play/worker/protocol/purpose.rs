//! Why a search was asked for: echoed back with every answer, so each reader knows its own.

/// Why a search was asked for. Echoed back with every answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The Solve button.
    Solve,
    /// The Hint button: only the first move matters.
    Hint,
    /// A row of learn mode's comparison.
    Compare,
    /// An instance of the browser benchmark.
    Bench,
    /// The shortest solution of a board the player solved by hand, to measure the solve.
    Measure,
    /// The analysis of a solve by hand against the optimum, move by move.
    Analysis,
}
