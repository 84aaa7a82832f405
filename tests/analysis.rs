//! The analysis of a solve against the optimum: every distance it reports equals an independent
//! optimal solve of that board (breadth-first search over the whole space on small boards, the
//! solver's own IDA* on the 15-puzzle), and the moves it says went away are exactly those.

mod common;

use common::bfs_distances;
use slide::heuristics::{Estimator, Heuristic};
use slide::puzzle::notation::{parse_board, parse_moves};
use slide::puzzle::position::Position;
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::random_walk;
use slide::solver::analysis::{Analysed, Analysis, AnalysisError};
use slide::solver::{Algorithm, Options, solve};
use slide::{Board, Move};
use std::collections::HashMap;

/// Analyses `moves` from `start` toward `goal` with `heuristic`, in small slices.
fn analyse(start: &Board, goal: &Board, moves: &[Move], heuristic: Heuristic) -> Analysed {
    let position = Position::new(start.clone(), goal.clone()).unwrap();
    let estimator = Estimator::new(heuristic, goal).unwrap();
    let mut analysis = Analysis::new(&position, moves, estimator, u64::MAX).unwrap();
    loop {
        if let Some(analysed) = analysis.run(997).unwrap() {
            return analysed;
        }
    }
}

/// A solve as a player might make it: mostly toward the goal by a shortest way (`distance`
/// says how far each board is), now and then a move anywhere.
fn wander(
    start: &Board,
    mut distance: impl FnMut(&Board) -> u32,
    rng: &mut Rng,
    detours_in_ten: u64,
) -> Vec<Move> {
    let mut board = start.clone();
    let mut moves = Vec::new();
    let mut d = distance(&board);
    while d > 0 {
        let legal: Vec<Move> = board.legal_moves().collect();
        let m = if rng.below(10) < detours_in_ten {
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            *(legal.iter())
                .find(|&&m| distance(&board.moved(m).unwrap()) < d)
                .unwrap()
        };
        board.apply(m);
        moves.push(m);
        d = distance(&board);
    }
    moves
}

/// Checks `analysed` against the true distances: each one, the moves that went away, and for
/// each of those exactly the moves that would have gone toward the goal.
fn check(
    start: &Board,
    moves: &[Move],
    analysed: &Analysed,
    mut distance: impl FnMut(&Board) -> u32,
) {
    let mut boards = vec![start.clone()];
    for &m in moves {
        boards.push(boards.last().unwrap().moved(m).unwrap());
    }
    let truth: Vec<u32> = boards.iter().map(&mut distance).collect();
    assert_eq!(analysed.distances, truth, "from {start}");
    let away: Vec<usize> = (1..truth.len())
        .filter(|&k| truth[k] > truth[k - 1])
        .collect();
    let said: Vec<usize> = analysed.away.iter().map(|a| a.number).collect();
    assert_eq!(said, away, "from {start}");
    for a in &analysed.away {
        let before = &boards[a.number - 1];
        assert_eq!(a.played, moves[a.number - 1]);
        let toward: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|&m| {
                before
                    .moved(m)
                    .is_some_and(|b| distance(&b) < truth[a.number - 1])
            })
            .collect();
        assert_eq!(a.toward, toward, "move {} from {before}", a.number);
    }
}

#[test]
fn every_distance_on_small_boards_is_the_breadth_first_distance() {
    let mut rng = Rng::seeded(38);
    for (w, h) in [(3, 3), (2, 4), (4, 2), (2, 3), (2, 2)] {
        for goal in [
            Board::blank_last(w, h).unwrap(),
            Board::blank_first(w, h).unwrap(),
        ] {
            let table = bfs_distances(&goal);
            let distance = |b: &Board| table[b.tiles()];
            for (heuristic, detours) in [(Heuristic::Manhattan, 3), (Heuristic::LinearConflict, 5)]
            {
                for _ in 0..6 {
                    let (start, _) = random_walk(&goal, 200, &mut rng);
                    let moves = wander(&start, distance, &mut rng, detours);
                    let analysed = analyse(&start, &goal, &moves, heuristic);
                    check(&start, &moves, &analysed, distance);
                    assert_eq!(analysed.distances.last(), Some(&0));
                }
            }
        }
    }
}

/// The length of a shortest solution, by the solver's IDA* with pattern databases.
fn optimal_length(board: &Board, goal: &Board, known: &mut HashMap<Board, u32>) -> u32 {
    if let Some(&d) = known.get(board) {
        return d;
    }
    let options = Options::with(Algorithm::IdaStar, Heuristic::Pdb);
    let report = solve(board, goal, &options).unwrap();
    let d = report.solution().unwrap().len() as u32;
    known.insert(board.clone(), d);
    d
}

#[test]
fn fifteen_puzzle_distances_equal_independent_optimal_solves_toward_both_goals() {
    let mut rng = Rng::seeded(15);
    for goal in [
        Board::blank_last(4, 4).unwrap(),
        Board::blank_first(4, 4).unwrap(),
    ] {
        let mut known = HashMap::new();
        // Linear conflicts in the analysis, pattern databases in the check: two estimates, one
        // answer.
        for (walk, detours, heuristic) in [
            (40, 3, Heuristic::LinearConflict),
            (60, 2, Heuristic::Pdb),
            (200, 2, Heuristic::Pdb),
        ] {
            let (start, _) = random_walk(&goal, walk, &mut rng);
            let distance = |b: &Board| optimal_length(b, &goal, &mut known);
            let moves = wander(&start, distance, &mut rng, detours);
            let analysed = analyse(&start, &goal, &moves, heuristic);
            check(&start, &moves, &analysed, |b| {
                optimal_length(b, &goal, &mut known)
            });
        }
    }
}

/// `moves` with the move `detour` and its undoing inserted before move `at` (from 0) of each
/// pair.
fn with_detours(moves: &[Move], detours: &[(usize, Move)]) -> Vec<Move> {
    let mut out = moves.to_vec();
    for &(at, m) in detours.iter().rev() {
        out.splice(at..at, [m, m.opposite()]);
    }
    out
}

#[test]
fn the_hardest_eight_puzzle_with_three_detours_lists_exactly_those_moves() {
    let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    let goal = Board::blank_last(3, 3).unwrap();
    let optimal = solve(&start, &goal, &Options::default()).unwrap();
    let path = optimal.solution().unwrap().moves().to_vec();
    assert_eq!(path.len(), 31);
    // A detour near moves 1, 11 and 21: a move that raises the distance (the start, 31
    // moves out, has none: no board of the 8-puzzle is farther), then its undoing.
    let table = bfs_distances(&goal);
    let mut detours = Vec::new();
    let mut board = start.clone();
    for (i, &m) in path.iter().enumerate() {
        let d = table[board.tiles()];
        let away = (board.legal_moves()).find(|&x| table[board.moved(x).unwrap().tiles()] > d);
        if let Some(away) = away.filter(|_| i >= 10 * detours.len()) {
            detours.push((i, away));
        }
        board.apply(m);
    }
    detours.truncate(3);
    let moves = with_detours(&path, &detours);
    let analysed = analyse(&start, &goal, &moves, Heuristic::Manhattan);
    // Each detour's first move went away (numbered from 1, after the detours before it); its
    // undoing came back, and everything else went toward the goal.
    let numbers: Vec<usize> = analysed.away.iter().map(|a| a.number).collect();
    let expected: Vec<usize> = (detours.iter().enumerate())
        .map(|(k, &(at, _))| at + 1 + 2 * k)
        .collect();
    assert_eq!(numbers, expected);
    assert_eq!(numbers, [2, 13, 25]);
    assert_eq!(analysed.distances.len(), 38);
    assert_eq!(analysed.distances[..4], [31, 30, 31, 30]);
    check(&start, &moves, &analysed, |b| table[b.tiles()]);
}

#[test]
fn a_fifteen_puzzle_toward_blank_first_with_known_detours() {
    let goal = Board::blank_first(4, 4).unwrap();
    let start = parse_board("4 1 2 3/5 0 6 7/8 9 10 11/12 13 14 15").unwrap();
    // Two moves from the goal: R (tile 5 slides right), then D (tile 4 slides down). The
    // detours: U, whose undoing is D, from the start and again after R.
    let moves = parse_moves("UDRUDD").unwrap();
    let analysed = analyse(&start, &goal, &moves, Heuristic::Pdb);
    let mut known = HashMap::new();
    check(&start, &moves, &analysed, |b| {
        optimal_length(b, &goal, &mut known)
    });
    assert_eq!(analysed.distances, [2, 3, 2, 1, 2, 1, 0]);
    let away: Vec<(usize, Move, Vec<Move>)> = (analysed.away.iter())
        .map(|a| (a.number, a.played, a.toward.clone()))
        .collect();
    assert_eq!(
        away,
        [
            (1, Move::Up, vec![Move::Right]),
            (4, Move::Up, vec![Move::Down])
        ]
    );
}

#[test]
fn pattern_databases_arriving_mid_way_change_nothing_but_the_speed() {
    let goal = Board::blank_last(4, 4).unwrap();
    let mut rng = Rng::seeded(7);
    let (start, _) = random_walk(&goal, 80, &mut rng);
    let mut known = HashMap::new();
    let moves = wander(
        &start,
        |b| optimal_length(b, &goal, &mut known),
        &mut rng,
        3,
    );
    let position = Position::new(start.clone(), goal.clone()).unwrap();
    let lc = Estimator::new(Heuristic::LinearConflict, &goal).unwrap();
    let mut analysis = Analysis::new(&position, &moves, lc, u64::MAX).unwrap();
    assert_eq!(analysis.run(5_000).unwrap(), None);
    analysis.upgrade(Estimator::new(Heuristic::Pdb, &goal).unwrap());
    assert_eq!(analysis.heuristic(), Heuristic::Pdb);
    let analysed = analysis.finish().unwrap();
    check(&start, &moves, &analysed, |b| {
        optimal_length(b, &goal, &mut known)
    });
}

#[test]
fn a_budget_that_runs_out_is_an_error_that_says_how_far_it_got() {
    let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    let goal = Board::blank_last(3, 3).unwrap();
    let position = Position::new(start, goal.clone()).unwrap();
    let moves = solve(position.board(), &goal, &Options::default())
        .unwrap()
        .solution()
        .unwrap()
        .moves()
        .to_vec();
    let estimator = Estimator::manhattan(&goal);
    let analysis = Analysis::new(&position, &moves, estimator, 1_000).unwrap();
    let e = analysis.finish().unwrap_err();
    assert_eq!(
        e,
        AnalysisError::Budget {
            max_nodes: 1_000,
            measured: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "the budget of 1,000 nodes ran out after 0 moves"
    );
}

#[test]
fn boards_it_cannot_analyse_are_refused_with_the_reason() {
    // 5×3 has 15 squares: analysed. 5×4 has 20: not.
    let fifteen = Position::solved(Board::blank_last(5, 3).unwrap());
    assert!(Analysis::best_at_hand(&fifteen, &[], 1_000).is_ok());
    let five = Board::blank_last(5, 4).unwrap();
    let position = Position::solved(five);
    assert_eq!(
        Analysis::best_at_hand(&position, &[], 1_000).err(),
        Some(AnalysisError::TooBig { squares: 20 })
    );
    let goal = Board::blank_last(3, 3).unwrap();
    let position = Position::solved(goal.clone());
    // From the goal the blank is in the bottom-right corner: a third D has no tile above it.
    assert_eq!(
        Analysis::best_at_hand(&position, &parse_moves("DDD").unwrap(), 1_000).err(),
        Some(AnalysisError::LeavesTheBoard { number: 3 })
    );
    let swapped = Position::new(parse_board("2 1 3/4 5 6/7 8 0").unwrap(), goal).unwrap();
    assert_eq!(
        Analysis::best_at_hand(&swapped, &[], 1_000).err(),
        Some(AnalysisError::Unsolvable)
    );
}

#[test]
fn moves_from_the_goal_go_away_with_nothing_toward() {
    let goal = Board::blank_last(3, 3).unwrap();
    let position = Position::solved(goal);
    let moves = parse_moves("DU").unwrap();
    let analysed = Analysis::best_at_hand(&position, &moves, 1_000)
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(analysed.distances, [0, 1, 0]);
    assert_eq!(analysed.away.len(), 1);
    assert!(analysed.away[0].toward.is_empty());
}
