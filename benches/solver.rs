//! `cargo bench`: the figures in the README's performance table, measured on this machine.
//!
//! Macro benchmarks, not micro ones: what a player or a teacher waits for. Each prints a Markdown
//! row. Node counts are exact (the searches are deterministic); times are wall-clock on one core.

use slide::puzzle::notation::parse_board;
use slide::puzzle::random::Rng;
use slide::solver::{Algorithm, Options, solve};
use slide::{Board, Goal, Heuristic, Move};
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

fn main() {
    // `cargo bench` passes `--bench`; a filter word runs a subset.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let run = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    println!("| benchmark | result | nodes | rate |");
    println!("|---|---|---|---|");
    if run("hardest") {
        hardest_eight();
    }
    if run("sweep") {
        every_eight(Algorithm::AStar, Heuristic::Manhattan);
        every_eight(Algorithm::IdaStar, Heuristic::LinearConflict);
    }
    if run("heuristics") {
        heuristics_compared();
    }
    if run("large") {
        large_boards();
    }
}

fn hardest_eight() {
    let start = parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    let goal = Board::blank_last(3, 3).unwrap();
    for (algorithm, heuristic) in [
        (Algorithm::AStar, Heuristic::Manhattan),
        (Algorithm::IdaStar, Heuristic::LinearConflict),
    ] {
        let options = Options::with(algorithm, heuristic);
        let mut times = Vec::new();
        let mut expanded = 0;
        for _ in 0..51 {
            let t = Instant::now();
            let report = solve(&start, &goal, &options).unwrap();
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            expanded = report.stats.expanded;
            assert_eq!(report.solution().unwrap().len(), 31);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| hardest 3×3 `8 6 7/2 5 4/3 0 1`, {algorithm} + {heuristic} | 31 moves in {:.2} ms (median of 51) | {expanded} expanded | {:.1} M expanded/s |",
            times[25],
            expanded as f64 / times[25] / 1000.0
        );
    }
}

/// Every solvable 3×3 board, in the order breadth-first search from the goal meets them.
fn all_eights(goal: &Board) -> Vec<(Board, u32)> {
    let mut seen = HashMap::from([(goal.tiles().to_vec(), 0u32)]);
    let mut queue = VecDeque::from([goal.clone()]);
    let mut out = Vec::new();
    while let Some(b) = queue.pop_front() {
        let d = seen[b.tiles()];
        for m in Move::ALL {
            if let Some(n) = b.moved(m)
                && !seen.contains_key(n.tiles())
            {
                seen.insert(n.tiles().to_vec(), d + 1);
                queue.push_back(n);
            }
        }
        out.push((b, d));
    }
    out
}

fn every_eight(algorithm: Algorithm, heuristic: Heuristic) {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let boards = all_eights(&goal);
    let options = Options::with(algorithm, heuristic);
    let t = Instant::now();
    let mut expanded = 0u64;
    for (b, d) in &boards {
        let report = solve(b, &goal, &options).unwrap();
        assert_eq!(report.solution().unwrap().len() as u32, *d);
        expanded += report.stats.expanded;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "| all {} solvable 3×3 boards, {algorithm} + {heuristic} | {secs:.2} s in total, all optimal | {expanded} expanded | {:.1} M expanded/s |",
        boards.len(),
        expanded as f64 / secs / 1e6
    );
}

fn heuristics_compared() {
    // The same 1,000 random boards for every heuristic: the tutorials' comparison, in nodes.
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let boards = all_eights(&goal);
    let mut rng = Rng::seeded(2026);
    let sample: Vec<&(Board, u32)> = (0..1000)
        .map(|_| &boards[rng.below(boards.len() as u64) as usize])
        .collect();
    let mean_depth = sample.iter().map(|(_, d)| *d as f64).sum::<f64>() / sample.len() as f64;
    for algorithm in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Greedy] {
        for heuristic in [
            Heuristic::Hamming,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
        ] {
            let options = Options::with(algorithm, heuristic);
            let t = Instant::now();
            let (mut expanded, mut length) = (0u64, 0usize);
            for (b, _) in &sample {
                let r = solve(b, &goal, &options).unwrap();
                expanded += r.stats.expanded;
                length += r.solution().unwrap().len();
            }
            let secs = t.elapsed().as_secs_f64();
            println!(
                "| 1,000 random 3×3 boards (mean optimum {mean_depth:.1}), {algorithm} + {heuristic} | mean length {:.1}, {:.3} ms a board | {:.0} expanded a board | {:.1} M expanded/s |",
                length as f64 / 1000.0,
                secs,
                expanded as f64 / 1000.0,
                expanded as f64 / secs / 1e6
            );
        }
    }
}

fn large_boards() {
    // Rows and columns, then shortened: length against the Manhattan lower bound, and the time to
    // the first (unshortened) solution and to the final one. 100 boards of 10×10 as the issue asks.
    let mut rng = Rng::seeded(7);
    for (side, tries) in [(5usize, 20), (6, 20), (8, 20), (10, 100)] {
        let goal = Goal::BlankLast.board(side, side).unwrap();
        let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
        let (mut first_ms, mut total_ms, mut ratio_first, mut ratio) = (0.0, 0.0, 0.0, 0.0);
        for _ in 0..tries {
            let b = slide::puzzle::scramble::random_solvable(&goal, Default::default(), &mut rng)
                .unwrap();
            let bound = md.estimate_board(&b) as f64;
            let t = Instant::now();
            let first = slide::solver::rows_and_columns::reduce(&b, &goal).unwrap();
            first_ms += t.elapsed().as_secs_f64() * 1000.0;
            let options = Options {
                algorithm: slide::Algorithm::Reduction,
                ..Options::default()
            };
            let r = solve(&b, &goal, &options).unwrap();
            total_ms += t.elapsed().as_secs_f64() * 1000.0;
            ratio_first += first.moves.len() as f64 / bound;
            ratio += r.solution().unwrap().len() as f64 / bound;
        }
        let n = tries as f64;
        println!(
            "| {tries} random {side}×{side} boards, rows and columns | first solution {:.2} × Manhattan in {:.1} ms; shortened {:.2} × in {:.0} ms (means) | | |",
            ratio_first / n,
            first_ms / n,
            ratio / n,
            total_ms / n
        );
    }
}
