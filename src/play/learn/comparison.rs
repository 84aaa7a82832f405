//! Learn mode's comparison as the page runs it: one row at a time in the worker (the rows are
//! [`crate::solver::compare::methods`], each under its own budget), each row's figures and
//! solution kept for the table, the chart and Replay.

use crate::play::worker::protocol::{Answer, Failure};
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::search::Stats;
use crate::solver::Method;
use crate::solver::compare::{methods, peak_memory};

/// One row of the table, as the worker reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub method: Method,
    /// `None` when the budget (or DFS's depth limit) ran out.
    pub length: Option<usize>,
    pub optimal: bool,
    pub expanded: u64,
    pub peak_memory: u64,
    pub millis: f64,
    /// Why there is no solution, when there is none.
    pub failure: Option<Failure>,
    /// The solution, for Replay.
    pub moves: Option<Vec<Move>>,
}

impl Row {
    /// The row of a solved search.
    pub fn solved(answer: &Answer, moves: Vec<Move>) -> Row {
        Row {
            method: answer.method(),
            length: Some(moves.len()),
            optimal: answer.optimal,
            expanded: answer.stats.expanded,
            peak_memory: peak_memory(&answer.stats),
            millis: answer.stats.millis,
            failure: None,
            moves: Some(moves),
        }
    }

    /// The row of a search that found nothing: a result too, and the table says why. It
    /// proves nothing shortest, whatever its method could have proven.
    pub fn failed(method: Method, failure: Failure, stats: Option<Stats>) -> Row {
        let stats = stats.unwrap_or_default();
        Row {
            method,
            length: None,
            optimal: false,
            expanded: stats.expanded,
            peak_memory: peak_memory(&stats),
            millis: stats.millis,
            failure: Some(failure),
            moves: None,
        }
    }
}

/// The comparison of one board: the rows so far, and whether more are coming.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    pub board: Option<Board>,
    pub rows: Vec<Row>,
    pub running: bool,
    /// The methods compared, one row each: those that run toward the goal.
    methods: Vec<Method>,
}

impl Comparison {
    /// Starts over on `board`, toward `goal`.
    pub fn start(&mut self, board: Board, goal: &Board) {
        *self = Comparison {
            board: Some(board),
            rows: Vec::new(),
            running: true,
            methods: methods(goal),
        };
    }

    /// How many rows the comparison has in all.
    pub fn total(&self) -> usize {
        self.methods.len()
    }

    /// The next row to ask the worker for, while the comparison runs.
    pub fn next(&self) -> Option<(Board, Method)> {
        let board = self.board.as_ref().filter(|_| self.running)?;
        let method = *self.methods.get(self.rows.len())?;
        Some((board.clone(), method))
    }

    /// Adds a finished row; the comparison ends after the last.
    pub fn push(&mut self, row: Row) {
        self.rows.push(row);
        self.running = self.rows.len() < self.total();
    }

    pub fn stop(&mut self) {
        self.running = false;
    }
}
