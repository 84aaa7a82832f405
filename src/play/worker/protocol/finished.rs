//! The message that ends a search: a solution, or the failure that says why there is none.

use super::{Answer, Failure, FromWorker, Purpose, Tables};
use crate::search::Stats;
use crate::solver::{Ending, Report, SolveError};

/// The message that ends a search.
pub fn finished(
    id: u32,
    purpose: Purpose,
    result: Result<Report, SolveError>,
    tables: Option<Tables>,
) -> FromWorker {
    let failed = |failure: Failure, stats: Option<Stats>| FromWorker::Failed {
        id,
        purpose,
        failure,
        stats,
    };
    let report = match result {
        Ok(report) => report,
        Err(e) => return failed(Failure::of(e), None),
    };
    let stats = Some(report.stats);
    match &report.ending {
        Ending::Solved(_) => match Answer::of(&report, tables) {
            Some(answer) => FromWorker::Solved {
                id,
                purpose,
                answer,
            },
            None => failed(
                Failure::Internal {
                    detail: "the solver's answer was lost".into(),
                },
                stats,
            ),
        },
        Ending::BudgetExhausted { max_nodes } => failed(
            Failure::Budget {
                max_nodes: *max_nodes,
            },
            stats,
        ),
        Ending::MemoryExhausted { bytes } => failed(Failure::Memory { bytes: *bytes }, stats),
        Ending::DepthLimitReached { limit } => failed(Failure::DepthLimit { limit: *limit }, stats),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::play::worker::protocol::resolve;
    use crate::puzzle::board::Board;
    use crate::puzzle::notation::parse_board;
    use crate::solver::{Algorithm, Options, solve};

    #[test]
    fn reports_become_the_messages_the_page_reads() {
        let r = resolve(
            "8 6 7/2 5 4/3 0 1",
            "blank-last",
            Algorithm::AStar,
            None,
            None,
            Purpose::Solve,
        )
        .unwrap();
        let report = r.solver().unwrap().finish();
        match finished(3, Purpose::Solve, report, None) {
            FromWorker::Solved { id: 3, answer, .. } => {
                assert_eq!(answer.moves.len(), 31);
                assert!(answer.optimal);
            }
            other => panic!("{other:?}"),
        }
        let options = Options {
            max_nodes: Some(10),
            ..Options::with(Algorithm::Bfs, Heuristic::Manhattan)
        };
        let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = Board::blank_last(3, 3).unwrap();
        match finished(4, Purpose::Compare, solve(&start, &goal, &options), None) {
            FromWorker::Failed { failure, stats, .. } => {
                assert_eq!(failure, Failure::Budget { max_nodes: 10 });
                assert!(
                    failure.to_string().contains("budget of 10 nodes"),
                    "{failure}"
                );
                assert!(stats.is_some());
            }
            other => panic!("{other:?}"),
        }
    }
}
