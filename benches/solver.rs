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
    // Ten seconds a board: only when asked for by name.
    if filter.as_deref() == Some("anytime") {
        anytime_boards();
    }
    if filter.as_deref() == Some("steps") {
        longest_steps();
    }
    if run("analysis") {
        analysis_of_hand_solves();
    }
    if let Ok(spec) = std::env::var("SLIDE_BEAM") {
        tune_beam(&spec);
    }
    if let Ok(tuning) = std::env::var("SLIDE_FRINGE") {
        tune_fringe(&tuning);
    }
    if let Ok(spec) = std::env::var("SLIDE_WALK") {
        tune_walk(&spec);
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

/// Korf's instance 8 (50 moves), for the analysis of a 100-move solve by hand.
const KORF_8: &str = "9 6 15 2/11 7 3 10/14 12 0 8/13 1 5 4";

/// A 100-move solve of Korf's instance 8: its shortest solution with 25 detours (a move off it
/// and back) inserted at seeded places; and the rows-and-columns solution of the same board,
/// which wanders as a player does, its moves rarely on any shortest path. Both analysed with
/// the 6-6-3 pattern databases (built first, not timed: the page has them by then). The moves
/// go to stderr, to replay them in a browser (docs/performance.md).
fn analysis_of_hand_solves() {
    use slide::puzzle::notation::format_moves;
    use slide::puzzle::position::Position;
    use slide::solver::analysis::Analysis;
    let start = parse_board(KORF_8).unwrap();
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let estimator = slide::heuristics::Estimator::new(Heuristic::Pdb, &goal).unwrap();
    let optimal = solve(
        &start,
        &goal,
        &Options::with(Algorithm::IdaStar, Heuristic::Pdb),
    )
    .unwrap();
    let mut detoured = optimal.solution().unwrap().moves().to_vec();
    let mut rng = Rng::seeded(38);
    while detoured.len() < 100 {
        let at = rng.below(detoured.len() as u64 + 1) as usize;
        let mut board = start.clone();
        board.apply_all(&detoured[..at]).unwrap();
        let off: Vec<Move> = (board.legal_moves())
            .filter(|&m| Some(&m) != detoured.get(at))
            .collect();
        let m = off[rng.below(off.len() as u64) as usize];
        detoured.splice(at..at, [m, m.opposite()]);
    }
    let reduction = solve(
        &start,
        &goal,
        &Options::with(Algorithm::Reduction, Heuristic::Manhattan),
    )
    .unwrap()
    .solution()
    .unwrap()
    .moves()
    .to_vec();
    let position = Position::new(start.clone(), goal.clone()).unwrap();
    for (what, moves) in [
        ("shortest solution with 25 detours", detoured),
        ("rows and columns' solution", reduction),
    ] {
        eprintln!("{KORF_8} {}", format_moves(&moves));
        let t = Instant::now();
        let analysis = Analysis::new(&position, &moves, estimator.clone(), u64::MAX).unwrap();
        let analysed = analysis.finish().unwrap();
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "| analysis of a {}-move 4×4 solve (Korf 8, {what}), pattern databases | {} moves away, in {ms:.0} ms | {} expanded | {:.1} M expanded/s |",
            moves.len(),
            analysed.away.len(),
            analysed.expanded,
            analysed.expanded as f64 / ms / 1000.0
        );
    }
}

fn large_boards() {
    // Length against the Manhattan lower bound and time per board, natively on one core: rows and
    // columns (then shortened), and what `auto` answers (line searches, then shortened). The
    // number of boards a size is `SLIDE_BENCH_BOARDS` (100 by default, as the issue asks).
    let tries: usize = std::env::var("SLIDE_BENCH_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let sizes: Vec<(usize, usize)> = match std::env::var("SLIDE_BENCH_SIZES") {
        Ok(v) => v
            .split(',')
            .map(|s| {
                let n: usize = s.parse().unwrap();
                (n, n)
            })
            .collect(),
        Err(_) => vec![(6, 6), (7, 7), (8, 8), (10, 10)],
    };
    for (w, h) in sizes {
        let mut rng = Rng::seeded(7);
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
        let boards: Vec<Board> = (0..tries)
            .map(|_| {
                slide::puzzle::scramble::random_solvable(&goal, Default::default(), &mut rng)
                    .unwrap()
                    .into_board()
            })
            .collect();
        for algorithm in [Algorithm::Reduction, Algorithm::Auto] {
            // `SLIDE_BENCH_NODES` overrides the default budget (for tuning runs).
            let max_nodes = std::env::var("SLIDE_BENCH_NODES")
                .ok()
                .and_then(|n| n.parse().ok());
            let options = Options {
                algorithm,
                max_nodes,
                ..Options::default()
            };
            let (mut ms, mut ratio, mut expanded) = (0.0, 0.0, 0u64);
            for b in &boards {
                let t = Instant::now();
                let r = solve(b, &goal, &options).unwrap();
                ms += t.elapsed().as_secs_f64() * 1000.0;
                ratio += r.solution().unwrap().len() as f64 / md.estimate_board(b) as f64;
                expanded += r.stats.expanded;
            }
            let n = tries as f64;
            println!(
                "| {tries} random {w}×{h} boards, {algorithm} | {:.3} × Manhattan in {:.0} ms (means) | {:.0} expanded | |",
                ratio / n,
                ms / n,
                expanded as f64 / n
            );
        }
    }
}

/// Tuning runs of the line searches: `SLIDE_FRINGE=nodes,group,weight numerator,denominator,
/// window moves,window nodes,corner[,others numerator,denominator[,beam[,near[,outer[,shell[,
/// shell weight[,max nodes]]]]]]]`, on the sides of `SLIDE_BENCH_SIZES` (6, 8 and 10 by
/// default).
fn tune_fringe(spec: &str) {
    use slide::solver::fringe::{Tuning, shortened, solve};
    let v: Vec<u64> = spec.split(',').map(|x| x.parse().unwrap()).collect();
    let tuning = Tuning {
        nodes_per_search: v[0],
        group: v[1] as usize,
        weight: (v[2] as u32, v[3] as u32),
        window: (v[4] as usize, v[5]),
        corner: v[6] as usize,
        others: match v.get(7..9) {
            Some(o) => (o[0] as u32, o[1] as u32),
            None => Tuning::default().others,
        },
        beam: v.get(9).map_or(0, |&b| b as usize),
        near: v.get(10).map_or(1, |&n| n as usize),
        outer: v.get(11).map_or(2, |&o| o as usize),
        shell: v.get(12).map_or(0, |&w| w as usize),
        shell_weight: v.get(13).map_or(4, |&w| w as i32),
        max_nodes: v.get(14).map_or(Tuning::default().max_nodes, |&m| m),
        beam_nodes: v.get(14).map_or(Tuning::default().beam_nodes, |&m| m),
        ..Tuning::default()
    };
    let sides = sides(&[6, 8, 10]);
    let tries: usize = std::env::var("SLIDE_BENCH_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    for side in sides {
        let mut rng = Rng::seeded(7);
        let goal = Goal::BlankLast.board(side, side).unwrap();
        let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
        let (mut ms, mut ratio, mut failed) = (0.0, 0.0, 0);
        let (mut raw_ms, mut raw_ratio) = (0.0, 0.0);
        for _ in 0..tries {
            let b = slide::puzzle::scramble::random_solvable(&goal, Default::default(), &mut rng)
                .unwrap()
                .into_board();
            let position = slide::Position::new(b.clone(), goal.clone()).unwrap();
            let t = Instant::now();
            if let Ok(f) = solve(&position, &tuning) {
                raw_ratio += f.moves.len() as f64 / md.estimate_board(&b) as f64;
            }
            raw_ms += t.elapsed().as_secs_f64() * 1000.0;
            let t = Instant::now();
            match shortened(&position, &tuning) {
                Ok(f) => ratio += f.moves.len() as f64 / md.estimate_board(&b) as f64,
                Err(_) => failed += 1,
            }
            ms += t.elapsed().as_secs_f64() * 1000.0;
        }
        let n = (tries - failed) as f64;
        println!(
            "| {spec} {side}×{side} | {:.3} × Manhattan, {:.0} ms, {failed} failed; unshortened {:.3} ×, {:.0} ms |",
            ratio / n,
            ms / tries as f64,
            raw_ratio / n,
            raw_ms / tries as f64
        );
    }
}

/// Tuning runs of whole-board beam search: `SLIDE_BEAM=side,width,max nodes[,outer]`.
fn tune_beam(spec: &str) {
    let v: Vec<u64> = spec.split(',').map(|x| x.parse().unwrap()).collect();
    let side = v[0] as usize;
    let tries: usize = std::env::var("SLIDE_BENCH_BOARDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let mut rng = Rng::seeded(7);
    let goal = Goal::BlankLast.board(side, side).unwrap();
    let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
    let (mut ms, mut ratio, mut failed, mut nodes) = (0.0, 0.0, 0, 0);
    for _ in 0..tries {
        let b = slide::puzzle::scramble::random_solvable(&goal, Default::default(), &mut rng)
            .unwrap()
            .into_board();
        let t = Instant::now();
        let position = slide::Position::new(b.clone(), goal.clone()).unwrap();
        let r = slide::solver::beam::solve(
            &position,
            v[1] as usize,
            v[2],
            0,
            v.get(3).map_or(0, |&o| o as usize),
        );
        ms += t.elapsed().as_secs_f64() * 1000.0;
        nodes += r.generated;
        match r.moves {
            Some(m) => {
                let mut end = b.clone();
                assert!(end.apply_all(&m).is_ok() && end == goal);
                ratio += m.len() as f64 / md.estimate_board(&b) as f64
            }
            None => failed += 1,
        }
    }
    let n = (tries - failed) as f64;
    println!(
        "| beam {spec} | {:.3} × Manhattan, {:.0} ms, {} generated, {failed} failed |",
        ratio / n,
        ms / tries as f64,
        nodes / tries as u64
    );
}

/// Tuning runs of a `--seconds` round's beam at a fixed node budget (repeatable, unlike the
/// timed search): `SLIDE_WALK=side,max nodes[,tie-breaks[,pace[,give up]]]` on the boards of
/// `SLIDE_BENCH_SEEDS` (`3001-3008`), as wide as the rounds' memory cap allows, a beam for each
/// tie-break (1 to the number given). A beam that gives up is finished from its best board by
/// line by line search's quick variant, as the rounds do (`SLIDE_WALK_SHOW` prints that board,
/// and the first variant's finish beside). Prints each beam, the mean length over the
/// Manhattan bound, and the mean of each board's best (what rounds with these tie-breaks
/// would keep).
fn tune_walk(spec: &str) {
    let v: Vec<u64> = spec.split(',').map(|x| x.parse().unwrap()).collect();
    let side = v[0] as usize;
    let seeds = seed_range("3001-3008");
    let (named, boards) = (
        format!("{}-{}", seeds.start(), seeds.end()),
        seeds.clone().count(),
    );
    let goal = Goal::BlankLast.board(side, side).unwrap();
    let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
    let width = ((256u64 << 20) / slide::solver::beam::bytes_per_width(side * side)) as usize;
    let (mut sum, mut lost, mut secs, mut runs, mut best_sum) = (0.0, 0, 0.0, 0, 0.0);
    for seed in seeds {
        let mut best = f64::MAX;
        let board = seeded_board(&goal, seed);
        let bound = md.estimate_board(&board) as f64;
        let position = slide::Position::new(board.clone(), goal.clone()).unwrap();
        for tie in 1..=v.get(2).map_or(1, |&s| s) {
            let t = Instant::now();
            let r = slide::solver::beam::walk(
                &position,
                width,
                v[1],
                tie,
                v.get(3).map_or(14, |&p| p),
                v.get(4).map_or(100, |&g| g as usize),
            );
            let took = t.elapsed().as_secs_f64();
            let reached = r.moves.is_some();
            let moves = match r.moves {
                Some(m) => m,
                None => {
                    lost += 1;
                    let mut at = board.clone();
                    at.apply_all(&r.nearest).unwrap();
                    if std::env::var("SLIDE_WALK_SHOW").is_ok() {
                        eprintln!("best board (estimate {}):\n{at}", md.estimate_board(&at));
                    }
                    let rest = slide::Position::new(at, goal.clone()).unwrap();
                    let quick = slide::solver::fringe::quick();
                    let finished = slide::solver::fringe::solve(&rest, &quick).unwrap();
                    if std::env::var("SLIDE_WALK_SHOW").is_ok() {
                        let first = slide::solver::fringe::variant(0, side, side);
                        let first = slide::solver::fringe::solve(&rest, &first);
                        eprintln!(
                            "rescue: quick variant {} moves, first variant {:?}",
                            finished.moves.len(),
                            first.map(|f| f.moves.len())
                        );
                    }
                    r.nearest.iter().copied().chain(finished.moves).collect()
                }
            };
            let mut end = board.clone();
            assert!(end.apply_all(&moves).is_ok() && end == goal);
            let ratio = moves.len() as f64 / bound;
            eprintln!(
                "walk {side}x{side} seed {seed} tie {tie}: {ratio:.3} ({} moves, {}, best board {} moves in, {} generated, {took:.2} s)",
                moves.len(),
                if reached { "reached" } else { "lost, rescued" },
                r.nearest.len(),
                r.generated
            );
            sum += ratio;
            secs += took;
            runs += 1;
            best = best.min(ratio);
        }
        best_sum += best;
    }
    let n = runs as f64;
    println!(
        "| walk {spec}, seeds {named} | {:.3} × Manhattan, {lost} of {runs} lost; best of a board's {:.3} | {:.2} s a beam | |",
        sum / n,
        best_sum / boards as f64,
        secs / n
    );
}

/// The longest piece of work between two checks for Stop: `Solver::new`, then `Solver::run` asked
/// for one node at a time (it returns after its smallest piece of work), each call timed (the
/// most, so a moment the machine took the core away counts too: run it alone), on the boards of
/// `SLIDE_BENCH_SEEDS` (`3001-3003`) of each size of `SLIDE_BENCH_SIZES` (7,8,10), at the
/// default budget and given `SLIDE_BENCH_SECONDS` (10, what the page gives a big board).
fn longest_steps() {
    use slide::solver::{Progress, Solver};
    let seconds: f64 = env_or("SLIDE_BENCH_SECONDS", 10.0);
    let seeds = seed_range("3001-3003");
    let named = format!("{}-{}", seeds.start(), seeds.end());
    let sizes = sides(&[7, 8, 10]);
    for side in sizes {
        let goal = Goal::BlankLast.board(side, side).unwrap();
        for timed in [None, Some(seconds)] {
            let options = Options {
                seconds: timed,
                ..Options::default()
            };
            let (mut longest, mut calls) = (0.0f64, 0u64);
            for seed in seeds.clone() {
                let board = seeded_board(&goal, seed);
                // Making the solver comes before the worker's first check too.
                let t = Instant::now();
                let mut solver = Solver::new(&board, &goal, &options).unwrap();
                longest = longest.max(t.elapsed().as_secs_f64() * 1000.0);
                loop {
                    let t = Instant::now();
                    let progress = solver.run(1);
                    longest = longest.max(t.elapsed().as_secs_f64() * 1000.0);
                    calls += 1;
                    if let Progress::Done(result) = progress {
                        assert!(result.unwrap().solution().is_some());
                        break;
                    }
                }
            }
            let budget = timed.map_or("the default budget".to_string(), |s| format!("{s} s"));
            println!(
                "| longest step between two checks for Stop, {side}×{side}, seeds {named}, {budget} | {longest:.1} ms | {calls} steps | |"
            );
        }
    }
}

/// The anytime search given a time, against today's quick answer on the same boards, in the
/// same run: for each size, the mean length over the Manhattan bound and its spread, the time to
/// the first answer and to the last improvement, the nodes, and the peak memory (resident set,
/// reset before each board). `SLIDE_BENCH_SECONDS` (10), `SLIDE_BENCH_SEEDS` (`3001-3020`: the
/// boards `slide scramble --size N --seed K` prints), `SLIDE_BENCH_SIZES` (6,7,8,10).
fn anytime_boards() {
    use slide::solver::{Progress, Solver};
    let seconds: f64 = env_or("SLIDE_BENCH_SECONDS", 10.0);
    let seeds = seed_range("3001-3020");
    let named = format!("{}-{}", seeds.start(), seeds.end());
    let sizes = sides(&[6, 7, 8, 10]);
    for side in sizes {
        let goal = Goal::BlankLast.board(side, side).unwrap();
        let md = slide::heuristics::Estimator::new(slide::Heuristic::Manhattan, &goal).unwrap();
        let (mut today, mut timed) = (Vec::new(), Vec::new());
        let (mut today_ms, mut first_ms, mut last_s, mut peak, mut nodes) =
            (0.0, 0.0, 0.0, 0u64, 0u64);
        for seed in seeds.clone() {
            let board = seeded_board(&goal, seed);
            let bound = md.estimate_board(&board) as f64;
            let t = Instant::now();
            let quick = solve(&board, &goal, &Options::default()).unwrap();
            today_ms += t.elapsed().as_secs_f64() * 1000.0;
            today.push(quick.solution().unwrap().len() as f64 / bound);
            reset_peak_memory();
            let options = Options {
                seconds: Some(seconds),
                ..Options::default()
            };
            let t = Instant::now();
            let mut solver = Solver::new(&board, &goal, &options).unwrap();
            let (mut first, mut last) = (None, 0.0);
            let report = loop {
                match solver.run(1 << 16) {
                    Progress::Running(_) => {}
                    Progress::Better(_) => {
                        let now = t.elapsed().as_secs_f64();
                        first.get_or_insert(now);
                        last = now;
                    }
                    Progress::Done(result) => break result.unwrap(),
                }
            };
            let took = t.elapsed().as_secs_f64();
            let solution = report.solution().unwrap();
            let mut end = board.clone();
            assert!(end.apply_all(solution.moves()).is_ok() && end == goal);
            let ratio = solution.len() as f64 / bound;
            let kb = peak_memory_kb();
            eprintln!(
                "{side}x{side} seed {seed}: today {:.3}, {seconds} s {:.3} (first {:.1} ms, last {:.2} s, ended {:.2} s, {} nodes, {} MB)",
                today[today.len() - 1],
                ratio,
                first.unwrap_or(took) * 1000.0,
                last,
                took,
                report.stats.expanded,
                kb / 1024
            );
            timed.push(ratio);
            first_ms += first.unwrap_or(took) * 1000.0;
            last_s += last;
            peak = peak.max(kb);
            nodes += report.stats.expanded;
        }
        let n = timed.len() as f64;
        let spread = |v: &[f64]| {
            let mean = v.iter().sum::<f64>() / v.len() as f64;
            let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / v.len() as f64).sqrt();
            let (lo, hi) = v
                .iter()
                .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
            format!("{mean:.3} × Manhattan (sd {sd:.3}, {lo:.3}–{hi:.3})")
        };
        println!(
            "| {side}×{side}, seeds {named}, today | {} | {:.0} ms a board | |",
            spread(&today),
            today_ms / n
        );
        println!(
            "| {side}×{side}, seeds {named}, {seconds} s | {} | first answer {:.1} ms, last improvement {:.2} s (means); peak {} MB | {:.1} M nodes a board |",
            spread(&timed),
            first_ms / n,
            last_s / n,
            peak / 1024,
            nodes as f64 / n / 1e6
        );
    }
}

/// The sides listed in `SLIDE_BENCH_SIZES` (as `6,8,10`), else `default`.
fn sides(default: &[usize]) -> Vec<usize> {
    std::env::var("SLIDE_BENCH_SIZES").map_or(default.to_vec(), |v| {
        v.split(',').map(|s| s.parse().unwrap()).collect()
    })
}

/// The seeds of `SLIDE_BENCH_SEEDS` (`from-to`), else of `default`.
fn seed_range(default: &str) -> std::ops::RangeInclusive<u64> {
    let seeds = std::env::var("SLIDE_BENCH_SEEDS").unwrap_or_else(|_| default.into());
    let (from, to) = seeds
        .split_once('-')
        .map(|(a, b)| (a.parse::<u64>().unwrap(), b.parse::<u64>().unwrap()))
        .unwrap();
    from..=to
}

/// Board `seed` of a set: the one `slide scramble --seed K` prints for `goal`'s size.
fn seeded_board(goal: &Board, seed: u64) -> Board {
    slide::puzzle::scramble::random_solvable(goal, Default::default(), &mut Rng::seeded(seed))
        .unwrap()
        .into_board()
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Resets the process's peak resident set (Linux: `/proc/self/clear_refs`), so that the next
/// [`peak_memory_kb`] is the peak since.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident set since the last reset, in KB (0 where unknown).
fn peak_memory_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}
