//! How far each method of the page's Method picker reaches under the browser's node budgets: on
//! each size, `N` uniformly random boards (the same boards for every method), each solved as the
//! page's worker runs it (`play::worker::protocol::resolve`, with a browser's 2 GiB of memory),
//! until the first board a method does not answer. `Method::offered_for` keeps the figures
//! (docs/solver.md, "What the picker offers").
//!
//!     cargo run --profile fast-build --example method_reach -- [N [INDEX…]]
//!
//! INDEX: a method's place in `Method::OFFERED` (all by default). `SIZES=2x6,6x2` tries those
//! sizes (the page's own by default, after the first size a method fails on only the sizes of
//! no more squares); `MIDDLE=1`, toward a goal whose blank is away from every corner.
//! One line a method and size: the boards answered of those tried, and the most nodes one took.

use slide::Board;
use slide::play::worker::protocol::{Purpose, resolve};
use slide::puzzle::random::Rng;
use slide::puzzle::scramble::{ScrambleOptions, random_solvable};
use slide::solver::{Algorithm, Ending, Method};

/// The page's sizes, fewest squares first, and a long thin one.
const SIZES: [(usize, usize); 18] = [
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 3),
    (2, 5),
    (3, 4),
    (4, 3),
    (3, 5),
    (4, 4),
    (4, 5),
    (5, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (9, 9),
    (10, 10),
    (2, 10),
];

/// The goal: blank last, or (`middle`) with the blank moved away from every corner.
fn goal(w: usize, h: usize, middle: bool) -> Option<Board> {
    let goal = Board::blank_last(w, h).ok()?;
    if !middle {
        return Some(goal);
    }
    let square = if h > 2 { (h / 2) * w + w / 2 } else { w / 2 };
    let mut tiles: Vec<u32> = goal.tiles().iter().map(|&t| u32::from(t)).collect();
    tiles.swap(square, w * h - 1);
    let moved = Board::new(w, h, &tiles).ok()?;
    (!slide::solver::rows_and_columns::fits(&moved)).then_some(moved)
}

/// How `method` did on `n` boards toward `goal`: answered, the most nodes, why it stopped.
fn reach(method: Method, goal: &Board, n: usize) -> (usize, u64, Option<String>) {
    let mut rng = Rng::seeded((goal.width() * 100 + goal.height()) as u64);
    let (mut answered, mut most) = (0, 0);
    for _ in 0..n {
        let Ok(position) = random_solvable(goal, ScrambleOptions::default(), &mut rng) else {
            return (answered, most, Some("no board drawn".into()));
        };
        let (board, target) = (position.board().to_string(), goal.to_string());
        let (algorithm, heuristic) = (method.algorithm, method.heuristic);
        let mut request = match resolve(&board, &target, algorithm, heuristic, None, Purpose::Solve)
        {
            Ok(request) => request,
            Err(e) => return (answered, most, Some(e.to_string())),
        };
        request.options.max_memory = Some(2 << 30);
        if request.method.algorithm == Algorithm::Fringe {
            // Its first answer is its answer; the page's ten seconds only make it shorter.
            request.options.seconds = None;
        }
        let report = match request.solver().map(|mut s| s.finish()) {
            Ok(Ok(report)) => report,
            Ok(Err(e)) => return (answered, most, Some(e.to_string())),
            Err(e) => return (answered, most, Some(e.to_string())),
        };
        most = most.max(report.stats.expanded);
        match report.ending {
            Ending::Solved(_) => answered += 1,
            other => return (answered, most, Some(format!("{other:?}"))),
        }
    }
    (answered, most, None)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let wanted: Vec<usize> = args.filter_map(|a| a.parse().ok()).collect();
    let middle = std::env::var("MIDDLE").is_ok();
    let sizes: Option<Vec<(usize, usize)>> = std::env::var("SIZES").ok().map(|list| {
        (list.split(','))
            .filter_map(|s| {
                let (w, h) = s.split_once('x')?;
                Some((w.parse().ok()?, h.parse().ok()?))
            })
            .collect()
    });
    for (i, method) in Method::OFFERED.iter().enumerate() {
        if !wanted.is_empty() && !wanted.contains(&i) {
            continue;
        }
        let mut failed_at = usize::MAX;
        for &(w, h) in sizes.as_deref().unwrap_or(&SIZES) {
            let Some(goal) = goal(w, h, middle) else {
                continue;
            };
            if sizes.is_none() && w * h > failed_at {
                continue;
            }
            let (answered, most, failed) = reach(*method, &goal, n);
            if failed.is_some() {
                failed_at = failed_at.min(w * h);
            }
            println!(
                "{i:2} {:<48} {w}x{h} {answered}/{n} most {most}{}",
                method.label(),
                failed
                    .map(|f| format!("  stopped: {f}"))
                    .unwrap_or_default()
            );
        }
    }
}
