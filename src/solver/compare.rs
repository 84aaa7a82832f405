//! Learn mode's comparison: every search of the core on one board, side by side, each under the
//! same node budget. The command line (`slide compare`) and the browser's Compare view both take
//! their rows from here, so their figures are the same as `slide solve`'s for each method.

use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use crate::search::Stats;
use crate::solver::{Algorithm, Method, Options, SolveError, solve};

/// The node budget of a row whose search keeps its nodes (about 120 MB at most on boards up to
/// 4×4): enough for every optimal method on any 3×3 board; weak ones on larger boards run out of
/// it, and their rows say so.
pub const COMPARE_MAX_NODES: u64 = 1_000_000;
/// IDA* keeps only its path, so it may look at many more nodes (IDA* + Hamming needs 2.8 million
/// on the hardest 3×3 board).
pub const COMPARE_IDA_MAX_NODES: u64 = 50_000_000;

/// The budget of `algorithm`'s row.
pub fn budget(algorithm: Algorithm) -> u64 {
    if algorithm.keeps_nodes() {
        COMPARE_MAX_NODES
    } else {
        COMPARE_IDA_MAX_NODES
    }
}

/// The methods compared toward a goal: every algorithm with every heuristic that applies to
/// it and runs toward that goal ([`Method::runs_toward`]). Rows are not left out for a board too
/// large for them: running out of the budget is what a comparison shows.
pub fn methods(goal: &Board) -> Vec<Method> {
    use Algorithm::*;
    use Heuristic::*;
    let m = |algorithm, heuristic| Method {
        algorithm,
        heuristic,
    };
    let mut methods = vec![
        m(Bfs, None),
        m(Dfs, None),
        m(Greedy, Some(Hamming)),
        m(Greedy, Some(Manhattan)),
        m(Greedy, Some(LinearConflict)),
        m(Weighted, Some(Manhattan)),
        m(Weighted, Some(LinearConflict)),
        m(AStar, Some(Hamming)),
        m(AStar, Some(Manhattan)),
        m(AStar, Some(LinearConflict)),
        m(IdaStar, Some(Hamming)),
        m(IdaStar, Some(Manhattan)),
        m(IdaStar, Some(LinearConflict)),
    ];
    methods.retain(|m| m.runs_toward(goal).is_ok());
    methods
}

/// The options that run `method` as a row of the comparison.
pub fn options(method: Method) -> Options {
    Options {
        algorithm: method.algorithm,
        heuristic: method.heuristic,
        max_nodes: Some(budget(method.algorithm)),
        ..Options::default()
    }
}

/// One method's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub method: Method,
    /// The solution's length, or `None` when the budget (or DFS's depth limit) ran out.
    pub length: Option<usize>,
    /// Whether the row's solution is proven shortest (never, for a row that found none).
    pub optimal: bool,
    pub stats: Stats,
}

impl Row {
    /// The most nodes held in memory at once: the open list and the closed set (or, for IDA*,
    /// the path).
    pub fn peak_memory(&self) -> u64 {
        peak_memory(&self.stats)
    }
}

/// The most nodes a search held at once, from its counters.
pub fn peak_memory(stats: &Stats) -> u64 {
    stats.stored.max(stats.peak_frontier)
}

/// Runs one row.
pub fn row(board: &Board, goal: &Board, method: Method) -> Result<Row, SolveError> {
    let report = solve(board, goal, &options(method))?;
    let solution = report.solution();
    Ok(Row {
        method,
        length: solution.map(|s| s.len()),
        optimal: solution.is_some_and(|s| s.optimal()),
        stats: report.stats,
    })
}

/// Runs every row, one after another.
pub fn compare(board: &Board, goal: &Board) -> Result<Vec<Row>, SolveError> {
    methods(goal)
        .into_iter()
        .map(|m| row(board, goal, m))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    #[test]
    fn on_the_hardest_eight_puzzle_every_optimal_row_says_31() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        let rows = compare(&board, &goal).unwrap();
        assert_eq!(rows.len(), 13);
        for r in &rows {
            match (r.optimal, r.length) {
                (true, Some(len)) => assert_eq!(len, 31, "{:?}", r.method),
                (true, None) => panic!("{:?}: proven shortest without a solution", r.method),
                (false, Some(len)) => assert!(len >= 31, "{:?}", r.method),
                (false, None) => assert!(!r.method.optimal(), "{:?} ran out", r.method),
            }
            assert!(r.peak_memory() > 0);
        }
        // Greedy is the cheapest in nodes and A* + linear conflict the cheapest optimal one.
        let a_star_lc = rows
            .iter()
            .find(|r| {
                r.method.algorithm == Algorithm::AStar
                    && r.method.heuristic == Some(Heuristic::LinearConflict)
            })
            .unwrap();
        let bfs = &rows[0];
        assert!(a_star_lc.stats.expanded * 20 < bfs.stats.expanded);
    }

    #[test]
    fn a_row_whose_budget_ran_out_proves_nothing_shortest() {
        // A 32-move 15-puzzle: breadth-first search and A* with Hamming run out of nodes.
        let board = parse_board("2 3 4 11/1 5 12 8/7 13 0 15/10 6 9 14").unwrap();
        let goal = Board::blank_last(4, 4).unwrap();
        let bfs = row(&board, &goal, Method::OFFERED[7]).unwrap();
        assert_eq!(bfs.method.algorithm, Algorithm::Bfs);
        assert_eq!((bfs.length, bfs.optimal), (None, false));
    }
}
