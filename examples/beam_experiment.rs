//! Experiment: beam search over the whole board.
use rustc_hash::FxHashSet;
use slide::heuristics::{Estimator, Heuristic};
use slide::puzzle::board::Board;
use slide::puzzle::random::Rng;
use std::time::Instant;

fn beam(
    start: &Board,
    goal: &Board,
    est: &Estimator,
    width: usize,
    max_levels: usize,
    alpha: i32,
) -> Option<usize> {
    let n = start.len();
    let w = start.width();
    let h = start.height();
    let mut rng = Rng::seeded(1);
    let zob: Vec<u64> = (0..n * 256).map(|_| rng.next_u64()).collect();
    let z = |t: u8, s: usize| zob[usize::from(t) * n + s];
    struct E {
        tiles: Vec<u8>,
        blank: usize,
        h: i32,
        hash: u64,
        last: usize,
    }
    let hash0 = start
        .tiles()
        .iter()
        .enumerate()
        .fold(0u64, |a, (s, &t)| a ^ z(t, s));
    let mut level = vec![E {
        tiles: start.tiles().to_vec(),
        blank: start.blank(),
        h: est.estimate_board(start) as i32,
        hash: hash0,
        last: usize::MAX,
    }];
    let mut seen: FxHashSet<u64> = FxHashSet::default();
    seen.insert(hash0);
    let mut home = vec![0usize; n];
    for (sq, &t) in goal.tiles().iter().enumerate() {
        home[usize::from(t)] = sq;
    }
    let dist = |t: u8, s: usize| -> i32 {
        let hh = home[usize::from(t)];
        ((s / w).abs_diff(hh / w) + (s % w).abs_diff(hh % w)) as i32
    };
    let (mut top, mut left) = (0usize, 0usize);
    // the current line: tiles whose home is in it
    let in_line = |t: u8, top: usize, left: usize| -> bool {
        if t == 0 {
            return false;
        }
        let hh = home[usize::from(t)];
        let (r, c) = (hh / w, hh % w);
        if h - top >= w - left {
            r == top && c >= left
        } else {
            c == left && r >= top
        }
    };
    let line_cost = |tiles: &[u8], top: usize, left: usize| -> i32 {
        tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| in_line(t, top, left))
            .map(|(s, &t)| dist(t, s))
            .sum()
    };
    let staged = alpha > 0;
    if staged {
        for e in &mut level {
            e.h += alpha * line_cost(&e.tiles, top, left);
        }
    }
    for depth in 0..max_levels {
        if staged && h - top > 2 || w - left > 2 {
            if staged {
                let done: Vec<bool> = level
                    .iter()
                    .map(|e| line_cost(&e.tiles, top, left) == 0)
                    .collect();
                if done.iter().any(|&d| d) {
                    let mut i = 0;
                    level.retain(|_| {
                        i += 1;
                        done[i - 1]
                    });
                    if h - top >= w - left {
                        top += 1
                    } else {
                        left += 1
                    }
                    if h - top > 2 || w - left > 2 {
                        for e in &mut level {
                            e.h = est.estimate_board(
                                &Board::new(
                                    w,
                                    h,
                                    &e.tiles.iter().map(|&t| u32::from(t)).collect::<Vec<_>>(),
                                )
                                .unwrap(),
                            ) as i32
                                + alpha * line_cost(&e.tiles, top, left);
                        }
                    } else {
                        for e in &mut level {
                            e.h = est.estimate_board(
                                &Board::new(
                                    w,
                                    h,
                                    &e.tiles.iter().map(|&t| u32::from(t)).collect::<Vec<_>>(),
                                )
                                .unwrap(),
                            ) as i32;
                        }
                    }
                }
            }
        }
        if level.iter().any(|e| e.h == 0 && e.tiles == goal.tiles()) {
            return Some(depth);
        }
        let mut kids: Vec<(i32, u64, u32, u16)> = Vec::with_capacity(level.len() * 3);
        for (i, e) in level.iter().enumerate() {
            let b = e.blank;
            let (r, c) = (b / w, b % w);
            let nbs = [
                (r > top).then(|| b - w),
                (r + 1 < h).then(|| b + w),
                (c > left).then(|| b - 1),
                (c + 1 < w).then(|| b + 1),
            ];
            for nb in nbs.into_iter().flatten() {
                if nb == e.last {
                    continue;
                }
                let t = e.tiles[nb];
                let mut d = est.delta(|s| e.tiles[s], t, nb, b);
                if staged && (h - top > 2 || w - left > 2) && in_line(t, top, left) {
                    d += alpha * (dist(t, b) - dist(t, nb));
                }
                let hash = e.hash ^ z(t, nb) ^ z(t, b) ^ z(0, b) ^ z(0, nb);
                kids.push((e.h + d, hash, i as u32, nb as u16));
            }
        }
        kids.sort_unstable_by_key(|k| (k.0, k.1));
        let mut next = Vec::with_capacity(width);
        for (hh, hash, i, nb) in kids {
            if next.len() >= width {
                break;
            }
            if !seen.insert(hash) {
                continue;
            }
            let e = &level[i as usize];
            let mut tiles = e.tiles.clone();
            tiles[e.blank] = tiles[nb as usize];
            tiles[nb as usize] = 0;
            next.push(E {
                tiles,
                blank: nb as usize,
                h: hh,
                hash,
                last: e.blank,
            });
        }
        level = next;
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let side: usize = args[1].parse().unwrap();
    let width: usize = args[2].parse().unwrap();
    let heur = match args[3].as_str() {
        "md" => Heuristic::Manhattan,
        _ => Heuristic::LinearConflict,
    };
    let tries: usize = args.get(4).map_or(5, |a| a.parse().unwrap());
    let alpha: i32 = args.get(5).map_or(0, |a| a.parse().unwrap());
    let goal = Board::blank_last(side, side).unwrap();
    let md = Estimator::new(Heuristic::Manhattan, &goal).unwrap();
    let est = Estimator::new(heur, &goal).unwrap();
    let mut rng = Rng::seeded(7);
    for _ in 0..tries {
        let b =
            slide::puzzle::scramble::random_solvable(&goal, Default::default(), &mut rng).unwrap();
        let m = md.estimate_board(&b);
        let t = Instant::now();
        let r = beam(&b, &goal, &est, width, 20 * m as usize, alpha);
        println!(
            "md {m} len {:?} ratio {:.3} {:.0} ms",
            r,
            r.map_or(0.0, |l| l as f64 / m as f64),
            t.elapsed().as_secs_f64() * 1000.0
        );
    }
}
