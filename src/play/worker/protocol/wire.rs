//! The solver's messages in the one binary form ([`crate::play::wire`]), both ways: what the
//! page asks, what the worker answers, and what they are made of. A variant's tag is its place
//! below, kept for good.

use super::{
    Answer, Failure, FromWorker, Lesson, Onward, Purpose, ShareWork, Tables, TablesFrom, ToWorker,
};
use crate::heuristics::Heuristic;
use crate::search::Stats;
use crate::search::pieces::ShareEnd;
use crate::search::watch::{Child, Expansion, Fate, NodeState, Snapshot, Stopped, TreeNode};
use crate::solver::Algorithm;
use crate::solver::analysis::{Analysed, Away};
use crate::solver::team::Portion;
use crate::{wire_fields, wire_units, wire_variants};

wire_variants!(ToWorker {
    0 => Solve { id, purpose, board, goal, algorithm, heuristic, max_nodes },
    1 => Cancel { id },
    2 => Prepare { goal },
    3 => Site { tables },
    4 => Share { id, purpose, work },
    5 => Analyse { id, board, goal, moves },
    6 => Queue(request),
    7 => Lesson { id, board, goal, algorithm, heuristic, step },
});

wire_variants!(FromWorker {
    0 => Progress { id, purpose, stats },
    1 => Preparing { id, purpose, fraction },
    2 => TablesReady { goal, tables },
    3 => Better { id, purpose, answer },
    4 => Solved { id, purpose, answer },
    5 => Failed { id, purpose, failure, stats },
    6 => Cancelled { id, purpose },
    7 => Analysing { id, done, total },
    8 => Analysed { id, analysed },
    9 => Shared { id, purpose, end, tables },
    10 => Lesson { id, lesson },
});

wire_variants!(Failure {
    0 => Budget { max_nodes },
    1 => Memory { bytes },
    2 => DepthLimit { limit },
    3 => Unsolvable { explanation },
    4 => BadRequest { problem },
    5 => Internal { detail },
    6 => Stopped { why },
});

/// The purposes in the order their tags count them.
const PURPOSES: [Purpose; 6] = [
    Purpose::Solve,
    Purpose::Hint,
    Purpose::Compare,
    Purpose::Bench,
    Purpose::Measure,
    Purpose::Analysis,
];

wire_units!(Purpose, PURPOSES);
wire_units!(Algorithm, Algorithm::ALL);
wire_units!(Heuristic, Heuristic::ALL);

/// Where tables came from, in the order their tags count them.
const FROM: [TablesFrom; 3] = [TablesFrom::Cache, TablesFrom::Download, TablesFrom::Built];

wire_units!(TablesFrom, FROM);

wire_fields!(Tables { millis, from });
wire_fields!(Stats {
    expanded,
    generated,
    peak_frontier,
    stored,
    bound,
    millis
});
wire_fields!(Answer {
    moves,
    optimal,
    within,
    algorithm,
    heuristic,
    stats,
    tables
});
wire_fields!(ShareWork {
    board,
    goal,
    heuristic,
    portion
});
wire_fields!(Portion {
    paths,
    bound,
    grow_below
});
wire_fields!(ShareEnd {
    found,
    bound,
    next_bound,
    expanded,
    generated,
    last_iteration
});
wire_fields!(Away {
    number,
    played,
    toward
});
wire_fields!(Analysed {
    distances,
    away,
    expanded
});

/// The stepper's words in the order their tags count them.
const NODE_STATES: [NodeState; 3] = [NodeState::Open, NodeState::Closed, NodeState::Current];
const FATES: [Fate; 7] = [
    Fate::Opened,
    Fate::Shorter,
    Fate::Open,
    Fate::Closed,
    Fate::Seen,
    Fate::OverBound,
    Fate::TooDeep,
];
const STOPPED: [Stopped; 3] = [Stopped::Budget, Stopped::DepthLimit, Stopped::Other];

wire_units!(NodeState, NODE_STATES);
wire_units!(Fate, FATES);
wire_units!(Stopped, STOPPED);
wire_variants!(Onward {
    0 => More {},
    1 => Goal {},
    2 => Stopped(why),
    3 => Limit {},
});
wire_fields!(TreeNode {
    key,
    parent,
    g,
    h,
    f,
    state
});
wire_fields!(Child { key, g, h, f, fate });
wire_fields!(Expansion {
    step,
    key,
    g,
    h,
    f,
    open,
    closed,
    bound,
    goal
});
wire_fields!(Snapshot {
    step,
    tree,
    open,
    closed,
    current,
    children,
    bound,
    raised_from,
    solution
});
wire_fields!(Lesson {
    snapshot,
    recent,
    onward,
    sentence,
    pseudocode,
    line
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::wire::{decode, encode};
    use crate::puzzle::moves::Move;
    use crate::puzzle::notation::parse_board;
    use crate::solver::{Options, solve};
    use std::fmt::Debug;

    /// Read back whole, and nothing from any part of it.
    fn crosses<T: crate::play::wire::Wire + PartialEq + Debug>(value: T) {
        let bytes = encode(&value);
        assert_eq!(decode::<T>(&bytes).as_ref(), Some(&value));
        for cut in 0..bytes.len() {
            assert!(
                decode::<T>(&bytes[..cut]).is_none(),
                "{value:?} cut at {cut}"
            );
        }
    }

    #[test]
    fn every_request_and_answer_crosses_whole() {
        let board = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
        let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let report = solve(&board, &goal, &Options::default()).unwrap();
        let answer = Answer::of(
            &report,
            Some(Tables {
                millis: 12.5,
                from: TablesFrom::Built,
            }),
        )
        .unwrap();
        let (b, g) = (board.to_string(), goal.to_string());
        let request = ToWorker::Solve {
            id: 10,
            purpose: Purpose::Compare,
            board: b.clone(),
            goal: g.clone(),
            algorithm: Algorithm::Fringe,
            heuristic: Some(Heuristic::LinearConflict),
            max_nodes: Some(1_000_000),
        };
        let portion = Portion {
            paths: vec![vec![], vec![Move::Up, Move::Left]],
            bound: 31,
            grow_below: u64::MAX,
        };
        let work = ShareWork {
            board: b.clone(),
            goal: g.clone(),
            heuristic: Heuristic::Pdb,
            portion,
        };
        for request in [
            request.clone(),
            ToWorker::Cancel { id: 9 },
            ToWorker::Prepare { goal: g.clone() },
            ToWorker::Site {
                tables: "https://example.org/slide/tables/".into(),
            },
            ToWorker::Share {
                id: 3,
                purpose: Purpose::Bench,
                work,
            },
            ToWorker::Analyse {
                id: 11,
                board: b.clone(),
                goal: g.clone(),
                moves: "LLUR".into(),
            },
            ToWorker::Queue(Box::new(request)),
            ToWorker::Lesson {
                id: 12,
                board: b.clone(),
                goal: g.clone(),
                algorithm: Algorithm::IdaStar,
                heuristic: Heuristic::Hamming,
                step: 3000,
            },
        ] {
            crosses(request);
        }
        let stats = Stats {
            bound: Some(7),
            millis: 0.25,
            ..Stats::default()
        };
        let end = ShareEnd {
            found: Some(vec![Move::Down]),
            bound: 5,
            next_bound: None,
            expanded: 1,
            generated: 2,
            last_iteration: 3,
        };
        let analysed = Analysed {
            distances: vec![3, 4, 3],
            away: vec![Away {
                number: 1,
                played: Move::Right,
                toward: vec![Move::Up, Move::Down],
            }],
            expanded: 99,
        };
        let failures = [
            Failure::Budget { max_nodes: 5 },
            Failure::Memory { bytes: 1 << 30 },
            Failure::DepthLimit { limit: 80 },
            Failure::Unsolvable {
                explanation: "odd ×".into(),
            },
            Failure::BadRequest {
                problem: "p".into(),
            },
            Failure::Internal { detail: "d".into() },
            Failure::Stopped { why: "w".into() },
        ];
        for failure in failures {
            crosses(FromWorker::Failed {
                id: 6,
                purpose: Purpose::Hint,
                failure,
                stats: Some(stats),
            });
        }
        for answer in [
            FromWorker::Progress {
                id: 1,
                purpose: Purpose::Solve,
                stats,
            },
            FromWorker::Preparing {
                id: 1,
                purpose: Purpose::Measure,
                fraction: Some(0.5),
            },
            FromWorker::TablesReady {
                goal: g.clone(),
                tables: Tables {
                    millis: 3.0,
                    from: TablesFrom::Cache,
                },
            },
            FromWorker::Better {
                id: 2,
                purpose: Purpose::Solve,
                answer: answer.clone(),
            },
            FromWorker::Solved {
                id: 5,
                purpose: Purpose::Analysis,
                answer,
            },
            FromWorker::Cancelled {
                id: 4,
                purpose: Purpose::Bench,
            },
            FromWorker::Analysing {
                id: 7,
                done: 3,
                total: 40,
            },
            FromWorker::Analysed { id: 8, analysed },
            FromWorker::Shared {
                id: 9,
                purpose: Purpose::Solve,
                end,
                tables: None,
            },
        ] {
            crosses(answer);
        }
        // The stepper's answers: a few steps of each search that weighs boards by an estimate
        // (every field of a step, its tree and its lists), and a refusal.
        let mut lessons = super::super::Lessons::default();
        for algorithm in [Algorithm::IdaStar, Algorithm::Greedy, Algorithm::Bfs] {
            let lesson = lessons.show(&b, &g, algorithm, Heuristic::Manhattan, 4);
            crosses(FromWorker::Lesson { id: 13, lesson });
        }
        let refused = Err(Failure::BadRequest {
            problem: "p".into(),
        });
        crosses(FromWorker::Lesson {
            id: 14,
            lesson: refused,
        });
    }

    #[test]
    fn a_tag_out_of_range_is_no_message() {
        assert_eq!(decode::<ToWorker>(&[8]), None);
        assert_eq!(decode::<FromWorker>(&[11]), None);
        assert_eq!(decode::<Failure>(&[7]), None);
        // The units: one past the last is nothing, the last is itself.
        assert_eq!(decode::<Algorithm>(&[10]), None);
        assert_eq!(decode::<Algorithm>(&[9]), Some(Algorithm::Fringe));
        assert_eq!(decode::<Heuristic>(&[4]), None);
        assert_eq!(decode::<Purpose>(&[6]), None);
        assert_eq!(decode::<TablesFrom>(&[3]), None);
    }
}
