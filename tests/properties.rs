//! Properties over random inputs (proptest): notation round-trips, every solution is valid and
//! optimal methods are optimal, heuristics never overestimate, parity equals reachability, and a
//! search run in slices ends exactly as one run in one go.

mod common;

use common::{bfs_distances, reaches};
use proptest::prelude::*;
use slide::heuristics::{Estimator, Heuristic};
use slide::play::event::log::EventLog;
use slide::play::event::proof::ProofError;
use slide::play::event::{Event, boards, proof};
use slide::play::link::replay;
use slide::puzzle::notation::{format_moves, format_moves_counted, parse_board, parse_moves};
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_walk;
use slide::puzzle::solvability::is_solvable;
use slide::solver::{Algorithm, Ending, Options, Progress, Solver, solve};
use slide::{Board, Goal, Move};
use std::collections::HashMap;
use std::sync::OnceLock;

/// A random board of any supported size.
fn any_board() -> impl Strategy<Value = Board> {
    (2usize..=10, 2usize..=10, any::<u64>()).prop_map(|(w, h, seed)| {
        let mut tiles: Vec<u32> = (0..(w * h) as u32).collect();
        Rng::seeded(seed).shuffle(&mut tiles);
        Board::new(w, h, &tiles).unwrap()
    })
}

/// A random 3×3 arrangement (solvable or not).
fn any_eight() -> impl Strategy<Value = Board> {
    any::<u64>().prop_map(|seed| {
        let mut tiles: Vec<u32> = (0..9).collect();
        Rng::seeded(seed).shuffle(&mut tiles);
        Board::new(3, 3, &tiles).unwrap()
    })
}

/// A goal with every arrangement's distance to it.
type Distances = (Board, HashMap<Vec<u8>, u32>);

/// Breadth-first distances to the three 3×3 goals used here, computed once.
fn eight_goals() -> &'static Vec<Distances> {
    static TABLES: OnceLock<Vec<Distances>> = OnceLock::new();
    TABLES.get_or_init(|| {
        [
            Board::blank_last(3, 3).unwrap(),
            Board::blank_first(3, 3).unwrap(),
            parse_board("1 2 3/8 0 4/7 6 5").unwrap(), // the spiral goal of many textbooks
        ]
        .into_iter()
        .map(|g| {
            let d = bfs_distances(&g);
            (g, d)
        })
        .collect()
    })
}

fn any_algorithm() -> impl Strategy<Value = Algorithm> {
    prop::sample::select(Algorithm::ALL.to_vec())
}

fn any_heuristic() -> impl Strategy<Value = Heuristic> {
    prop::sample::select(vec![
        Heuristic::Hamming,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn board_notation_round_trips(board in any_board()) {
        prop_assert_eq!(parse_board(&board.to_string()).unwrap(), board.clone());
        prop_assert_eq!(parse_board(&board.to_link_notation()).unwrap(), board.clone());
        if let Some(seed) = board.to_seed_layout() {
            prop_assert_eq!(parse_board(&seed).unwrap(), board);
        }
    }

    #[test]
    fn move_notation_round_trips(moves in prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..200)) {
        prop_assert_eq!(parse_moves(&format_moves(&moves)).unwrap(), moves.clone());
        // The community's notation, with repeat counts, reads back as the same moves.
        prop_assert_eq!(parse_moves(&format_moves_counted(&moves)).unwrap(), moves);
    }

    #[test]
    fn replay_links_round_trip(
        moves in prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 1..300),
        // Below the longest gap a link writes: each time gets 0.25 ms more than its gap, so a
        // gap of the longest could round to one more, which the link writes as the longest
        // (replay.rs's own test holds that).
        gaps in prop::collection::vec(0u32..replay::MAX_GAP_MS, 300),
    ) {
        // Times as a page keeps them: fractions of a millisecond, from the first move.
        let mut at = 0.0;
        let times: Vec<f64> = gaps[..moves.len()].iter().enumerate().map(|(i, &g)| {
            if i > 0 { at += f64::from(g) + 0.25; }
            at
        }).collect();
        let text = replay::encode(&moves, &times);
        let back = replay::decode(&text).unwrap();
        prop_assert_eq!(back.moves, moves);
        let rounded: Vec<f64> = times.iter().map(|t| t.round()).collect();
        prop_assert_eq!(back.times, rounded);
        prop_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
    }

    #[test]
    fn replay_links_never_panic_on_junk(text in ".{0,80}") {
        // Whatever a junk link decodes to is a replay that writes and reads back the same.
        if let Ok(back) = replay::decode(&text) {
            let again = replay::decode(&replay::encode(&back.moves, &back.times)).unwrap();
            prop_assert_eq!(again.moves, back.moves);
            prop_assert_eq!(again.times, back.times);
        }
    }

    #[test]
    fn events_never_panic_on_junk(name in ".{0,20}", text in ".{0,200}") {
        // A name that reads is an event whose own name reads back as it.
        if let Ok(event) = Event::parse(&name) {
            prop_assert_eq!(Event::parse(&event.name()), Ok(event));
        }
        // A file of junk: whatever is read is kept, and at most its one entry is accounted for.
        for text in [text.clone(), format!("{{\"events\":[{{\"event\":\"{name}\",{text}}}]}}")] {
            let mut log = EventLog::default();
            let report = log.import(&text);
            prop_assert_eq!(log.events.len(), report.added);
            prop_assert!(report.added + report.problems.len() <= 1, "{:?}", report);
        }
    }

    #[test]
    fn a_friends_moves_prove_an_event_exactly_when_they_solve_its_boards(
        seed in any::<u64>(), walk in 0usize..30, which in 0usize..4, junk in "[UDLR]{0,40}"
    ) {
        let event = [Event::Marathon { solves: 2 }, Event::Marathon { solves: 3 }, Event::Blindfolded, Event::Fmc][which];
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let (anchor, _) = random_walk(&goal, walk, &mut Rng::seeded(seed));
        let anchor = slide::puzzle::position::Position::new(anchor, goal).unwrap();
        let boards = boards::from_anchor(event, &anchor).unwrap();
        // Each board's shortest solution, one after another, proves the event board by board.
        let parts: Vec<Vec<Move>> = boards
            .iter()
            .map(|b| solve(b.board(), b.goal(), &Options::default()).unwrap().solution().unwrap().moves().to_vec())
            .collect();
        let path = parts.concat();
        prop_assert_eq!(proof::check(&boards, &path), Ok(parts.iter().map(Vec::len).collect()));
        // One move short, the last board is left unsolved.
        if !parts.last().unwrap().is_empty() {
            let short = &path[..path.len() - 1];
            prop_assert_eq!(proof::check(&boards, short), Err(ProofError::Unsolved { board: boards.len() }));
        }
        // Any moves at all: if they prove it, every move was some board's.
        let junk = parse_moves(&junk).unwrap();
        if let Ok(taken) = proof::check(&boards, &junk) {
            prop_assert_eq!(taken.iter().sum::<usize>(), junk.len());
        }
    }

    #[test]
    fn parity_equals_reachability(board in any_eight(), g in 0usize..3) {
        let (goal, dist) = &eight_goals()[g];
        prop_assert_eq!(is_solvable(&board, goal), dist.contains_key(board.tiles()));
    }

    #[test]
    fn heuristics_never_overestimate_and_are_consistent(board in any_eight(), g in 0usize..3, heuristic in any_heuristic()) {
        let (goal, dist) = &eight_goals()[g];
        let est = Estimator::new(heuristic, goal).unwrap();
        if let Some(&d) = dist.get(board.tiles()) {
            let h = est.estimate_board(&board);
            prop_assert!(h <= d, "{} says {} but the distance is {}", heuristic, h, d);
            for m in board.legal_moves() {
                let next = board.moved(m).unwrap();
                let step = est.estimate_board(&next) as i64 - h as i64;
                prop_assert!(step.abs() <= 1, "one move changed {} by {}", heuristic, step);
            }
        }
    }

    #[test]
    fn every_solution_is_valid_and_optimal_ones_are_shortest(
        board in any_eight(), g in 0usize..3, algorithm in any_algorithm(), heuristic in any_heuristic()
    ) {
        let (goal, dist) = &eight_goals()[g];
        let options = Options { algorithm, heuristic: Some(heuristic), ..Options::default() };
        match (solve(&board, goal, &options), dist.get(board.tiles())) {
            (Ok(report), Some(&d)) => {
                let sol = report.solution().expect("3x3 fits the default budget");
                prop_assert!(reaches(&board, goal, sol.moves()));
                prop_assert!(sol.len() as u32 >= d);
                if sol.optimal() {
                    prop_assert_eq!(sol.len() as u32, d);
                }
            }
            (Err(slide::solver::SolveError::Unsolvable(_)), None) => {}
            (other, d) => prop_assert!(false, "{:?} for a board at distance {:?}", other, d),
        }
    }

    #[test]
    fn slices_end_exactly_like_one_run(seed in any::<u64>(), slice in 1u64..500, algorithm in any_algorithm()) {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let (start, _) = random_walk(&goal, 40, &mut Rng::seeded(seed));
        let options = Options { algorithm, ..Options::default() };
        let whole = solve(&start, &goal, &options).unwrap();
        let mut solver = Solver::new(&start, &goal, &options).unwrap();
        let sliced = loop {
            match solver.run(slice) {
                Progress::Running(stats) => prop_assert!(stats.expanded <= whole.stats.expanded),
                Progress::Done(r) => break r.unwrap(),
                Progress::Better(r) => prop_assert!(r.solution().is_some()),
            }
        };
        prop_assert_eq!(sliced.solution(), whole.solution());
        prop_assert_eq!(sliced.stats.expanded, whole.stats.expanded);
        prop_assert_eq!(sliced.stats.generated, whole.stats.generated);
    }

    #[test]
    fn larger_boards_solve_validly(seed in any::<u64>(), w in 3usize..=6, h in 3usize..=6, walk in 0usize..24) {
        let goal = Goal::BlankFirst.board(w, h).unwrap();
        let (start, moves) = random_walk(&goal, walk, &mut Rng::seeded(seed));
        for algorithm in [Algorithm::IdaStar, Algorithm::AStar, Algorithm::Weighted, Algorithm::Greedy] {
            let options = Options { algorithm, ..Options::default() };
            let report = solve(&start, &goal, &options).unwrap();
            // Greedy best-first follows the estimate alone, and a board a few moves from home
            // can sit in a dip of it that holds millions of boards (a 6×6 21 moves from home took
            // it past its 2 M nodes): it may stop at its budget, and says so. The others never.
            if algorithm == Algorithm::Greedy && report.solution().is_none() {
                let spent = report.stats.expanded;
                let stopped = matches!(report.ending, Ending::BudgetExhausted { max_nodes } if spent <= max_nodes);
                prop_assert!(stopped, "{:?} after {} nodes", report.ending, spent);
                continue;
            }
            let sol = report.solution().expect("a short walk is within budget");
            prop_assert!(reaches(&start, &goal, sol.moves()));
            if sol.optimal() {
                prop_assert!(sol.len() <= moves.len(), "optimal longer than the walk");
            }
        }
    }
}
