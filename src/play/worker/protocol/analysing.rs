//! An analysis request as the worker runs it (see [`crate::solver::analysis`]): the solve read,
//! the best estimate at hand, the budget; and why one ended, as a [`Failure`] kind.

use super::resolved::boards;
use super::{BROWSER_IDA_MAX_NODES, Failure};
use crate::puzzle::notation::parse_moves;
use crate::puzzle::position::Position;
use crate::solver::analysis::{Analysis, AnalysisError};

/// Nodes an analysis may expand in a browser: as many as one IDA* solve, about a minute.
pub const ANALYSIS_MAX_NODES: u64 = BROWSER_IDA_MAX_NODES;

/// Reads an analysis request: the start `board` toward `goal` and the player's `moves`, in move
/// notation. Searches with pattern databases if the worker has them, else linear conflicts.
pub fn analysis(board: &str, goal: &str, moves: &str) -> Result<Analysis, Failure> {
    let (board, goal) = boards(board, goal)?;
    let bad = |problem: String| Failure::BadRequest { problem };
    let moves = parse_moves(moves).map_err(|e| bad(e.to_string()))?;
    let start = Position::new(board, goal).map_err(|e| bad(e.to_string()))?;
    Analysis::best_at_hand(&start, &moves, ANALYSIS_MAX_NODES).map_err(analysis_failure)
}

/// Why an analysis ended, as the kind every reader tells apart.
pub fn analysis_failure(e: AnalysisError) -> Failure {
    match e {
        AnalysisError::Budget { max_nodes, .. } => Failure::Budget { max_nodes },
        AnalysisError::Unsolvable => Failure::Unsolvable {
            explanation: e.to_string(),
        },
        AnalysisError::Internal(detail) => Failure::Internal { detail },
        AnalysisError::TooBig { .. } | AnalysisError::LeavesTheBoard { .. } => {
            Failure::BadRequest {
                problem: e.to_string(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_read_or_refused_with_a_kind() {
        let analysed = analysis("1 2 3/4 5 6/7 0 8", "blank-last", "RLL")
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(analysed.distances, [1, 2, 1, 0]);
        let big = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 0";
        assert!(matches!(
            analysis(big, "blank-last", ""),
            Err(Failure::BadRequest { problem }) if problem.contains("16 squares or fewer")
        ));
        assert!(matches!(
            analysis("1 2 3/4 5 6/7 0 8", "blank-last", "UU"),
            Err(Failure::BadRequest { .. })
        ));
        assert_eq!(
            analysis_failure(AnalysisError::Budget {
                max_nodes: 5,
                measured: 2
            }),
            Failure::Budget { max_nodes: 5 }
        );
    }
}
