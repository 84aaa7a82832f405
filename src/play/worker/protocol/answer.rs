//! A solution as the worker sends it, and how it was found.

use super::Tables;
use crate::heuristics::Heuristic;
use crate::puzzle::notation::format_moves;
use crate::search::Stats;
use crate::solver::{Algorithm, Method, Report};

/// A solution, and how it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The moves, in move notation.
    pub moves: String,
    /// Proven shortest.
    pub optimal: bool,
    /// Proven at most this many times the shortest, where the method proves a bound.
    pub within: Option<f64>,
    pub algorithm: Algorithm,
    pub heuristic: Option<Heuristic>,
    pub stats: Stats,
    /// Set when this search had to load or build pattern databases first.
    pub tables: Option<Tables>,
}

impl Answer {
    /// The answer of a report that holds a solution.
    pub fn of(report: &Report, tables: Option<Tables>) -> Option<Answer> {
        let solution = report.solution()?;
        Some(Answer {
            moves: format_moves(solution.moves()),
            optimal: solution.optimal(),
            within: report.within.filter(|w| w.is_finite()),
            algorithm: report.method.algorithm,
            heuristic: report.method.heuristic,
            stats: report.stats,
            tables,
        })
    }

    /// The method that found it.
    pub fn method(&self) -> Method {
        Method {
            algorithm: self.algorithm,
            heuristic: self.heuristic,
        }
    }
}
