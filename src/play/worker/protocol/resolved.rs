//! A solve request as the worker runs it: boards read, method resolved, budget set.

use super::{Answer, Failure, Purpose, browser_budget, browser_seconds};
use crate::heuristics::Heuristic;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::notation::{format_moves, parse_board};
use crate::search::Stats;
use crate::solver::{Algorithm, Method, Options, Solver};

/// A request as the worker runs it: its board, goal and resolved method.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub board: Board,
    pub goal: Board,
    pub method: Method,
    pub options: Options,
}

/// A request's board and goal (board notation, and a goal's name or board).
pub(super) fn boards(board: &str, goal: &str) -> Result<(Board, Board), Failure> {
    let bad = |problem: String| Failure::BadRequest { problem };
    let board = parse_board(board).map_err(|e| bad(e.to_string()))?;
    let goal = Goal::parse(goal)
        .and_then(|g| g.for_board(&board))
        .map_err(|e| bad(e.to_string()))?;
    Ok((board, goal))
}

/// Reads a solve request.
pub fn resolve(
    board: &str,
    goal: &str,
    algorithm: Algorithm,
    heuristic: Option<Heuristic>,
    max_nodes: Option<u64>,
    purpose: Purpose,
) -> Result<Resolved, Failure> {
    let (board, goal) = boards(board, goal)?;
    let mut options = Options {
        algorithm,
        heuristic,
        max_nodes,
        ..Options::default()
    };
    let method = Method::resolve(&options, &board, &goal);
    if options.max_nodes.is_none() {
        options.max_nodes = browser_budget(method, purpose);
        options.seconds = browser_seconds(method, purpose);
    }
    Ok(Resolved {
        board,
        goal,
        method,
        options,
    })
}

impl Resolved {
    /// Whether the search needs pattern databases (which the worker loads or builds first).
    pub fn needs_tables(&self) -> bool {
        self.method.heuristic == Some(Heuristic::Pdb)
    }

    /// The solver for it, or why there is none (an unsolvable board, say).
    pub fn solver(&self) -> Result<Solver, Failure> {
        Solver::new(&self.board, &self.goal, &self.options).map_err(Failure::of)
    }

    /// Rows and columns' answer, for an anytime search about to wait for its tables (a first
    /// visit builds them for seconds; the player sees this answer meanwhile).
    pub fn early_answer(&self) -> Option<Answer> {
        use crate::solver::rows_and_columns::{fits, reduce_boards};
        if self.method.algorithm != Algorithm::Anytime || !fits(&self.goal) {
            return None;
        }
        let reduced = reduce_boards(&self.board, &self.goal).ok()?;
        let checked = crate::puzzle::solution::Solution::checked(
            &self.board,
            &self.goal,
            reduced.moves,
            false,
        )
        .ok()?;
        Some(Answer {
            moves: format_moves(checked.moves()),
            optimal: false,
            within: None,
            algorithm: self.method.algorithm,
            heuristic: self.method.heuristic,
            stats: Stats::default(),
            tables: None,
        })
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::worker::protocol::{
        BROWSER_HINT_NODES, BROWSER_MAX_NODES, BROWSER_WATCHING_SECONDS,
    };

    #[test]
    fn a_request_resolves_with_the_browsers_budgets() {
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::AStar,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        assert_eq!(r.options.max_nodes, Some(BROWSER_MAX_NODES));
        assert_eq!(r.method.heuristic, Some(Heuristic::Manhattan));
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::IdaStar,
            None,
            Some(7),
            Purpose::Solve,
        )
        .unwrap();
        assert_eq!(r.options.max_nodes, Some(7));
        // A 6×6 asked for by the player keeps looking while they watch, for a time; a hint
        // does not.
        let six = "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 0 35";
        let solve = resolve(
            six,
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        );
        let solve = solve.unwrap();
        assert_eq!(
            (solve.options.max_nodes, solve.options.seconds),
            (None, Some(BROWSER_WATCHING_SECONDS))
        );
        let hint = resolve(
            six,
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Hint,
        );
        let hint = hint.unwrap();
        assert_eq!(
            (hint.options.max_nodes, hint.options.seconds),
            (Some(BROWSER_HINT_NODES), None)
        );
        let e = resolve(
            "8 6 7/2 5 4/3 0 0",
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap_err();
        let Failure::BadRequest { problem } = e else {
            panic!("{e:?}")
        };
        assert!(problem.contains("more than once"), "{problem}");
    }

    #[test]
    fn an_unsolvable_board_is_explained_not_searched() {
        let r = resolve(
            "1 2 3/4 5 6/8 7 0",
            "blank-last",
            Algorithm::Auto,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        let Some(Failure::Unsolvable { explanation }) = r.solver().err() else {
            panic!("searched")
        };
        assert!(explanation.starts_with("Unsolvable"), "{explanation}");
    }

    #[test]
    fn an_anytime_request_has_an_answer_before_its_tables() {
        let r = resolve(
            "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24",
            "blank-last",
            Algorithm::Anytime,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        assert!(r.needs_tables());
        assert_eq!(r.early_answer().unwrap().moves, "L");
    }
}
