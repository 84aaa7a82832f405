//! Beam search over the whole board: level by level, every board of the beam is expanded and
//! only the `width` children with the smallest estimate (Manhattan distance plus linear
//! conflicts, a tile far from home counting more than its distance) are kept, boards met before
//! left out. It is not optimal and can fail (the beam may lose every way forward), but on a 6×6
//! a beam of five thousand answers within about 1.5 × the Manhattan bound, where line by line
//! search gives 1.8 ×: tiles advance together, as in a shortest solution, instead of one line
//! at a time.
//!
//! Memory is bounded by the node budget: every level keeps `width` boards and, for the path,
//! each kept board's parent; a board seen is remembered by half of its 64-bit Zobrist hash in
//! a fixed table, a few levels' worth (a collision can only leave a board out, never give
//! a wrong path: moves are replayed from the start). The move back to a board's parent is never
//! made, so never looked up.
//!
//! A level is made in four passes: [`Beam::generate`] makes the children (each but the move
//! back and those seen lately), [`Beam::estimate`] works out each one's estimate from its
//! parent's (only what its move changes), [`keep_least`] chooses the `width` best, and
//! [`Beam::keep`] makes them the next level. A 10×10 beam's children cost about 500
//! instructions each, most of them in the first two passes.

use crate::heuristics::linear_conflict::{LineCosts, Lines};
use crate::heuristics::manhattan::squares_apart;
use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::{Board, beside};
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use crate::puzzle::random::Rng;

/// What a beam search found: the moves, and the boards generated on the way; when it gave up,
/// the moves to the best board it saw (least estimate; see [`Beam::placing`] for a partial
/// beam), from which another method can finish.
#[derive(Clone, Debug, PartialEq)]
pub struct Beamed {
    pub moves: Option<Vec<Move>>,
    pub generated: u64,
    pub nearest: Vec<Move>,
}

/// What a partial beam places ([`Beam::placing`]): its tiles, their extra weight in halves of
/// their distance, and the tiles of the shell after it, which count a little more than the rest.
#[derive(Clone, Copy, Debug)]
pub struct Shell<'a> {
    pub tiles: &'a [u8],
    pub weight: i32,
    pub next: &'a [u8],
}

/// Searches from `start` toward `goal` with a beam `width` boards wide, narrower when what is
/// left of `max_nodes` (boards generated) cannot pay for the levels still ahead; gives up when
/// the budget is spent. Boards of equal estimate are chosen among by `seed`.
///
/// Tiles whose home is near the corner farthest from the goal's blank count their Manhattan
/// distance more: the tiles of the first `outer` + 1 diagonals from that corner, half as much
/// more a diagonal further in (with `outer` 2: the far corner's tile 3 times, the next
/// diagonal's two tiles 2 times, the three after 1.5 times). Those tiles have the longest way
/// home and the plain estimate leaves them for last, when bringing them home undoes the rest.
/// A 7×7 beam of 2,000 answers at 2.09 × Manhattan with no extra weight, 1.72 × with the far
/// 2×2 block weighing more (10 random boards); with the diagonals, a beam of 8,000 answers at
/// 1.618 × instead of 1.650 × for the 2×2 block, and a 6×6 beam of 10,000 at 1.521 × instead of
/// 1.546 × (30 random boards each; the diagonals weighing 2, 1, ½ and ½ more did as well,
/// heavier weights lost their way on some boards).
///
/// Every tile also counts more the farther it is from home (its [`far_term`]): with it the 7×7
/// beam of 8,000 answers at 1.508 × Manhattan instead of 1.635 × (50 random boards).
pub fn solve(position: &Position, width: usize, max_nodes: u64, seed: u64, outer: usize) -> Beamed {
    let (start, goal) = (position.board(), position.goal());
    Beam::new(start, goal, width, max_nodes, seed, outer).finish()
}

/// [`solve`] a few levels at a time, so that the browser's worker can listen between them: a
/// 7×7 beam 8,000 wide takes about half a second natively, one level a few milliseconds.
pub struct Beam {
    start: Board,
    /// `None` when the goal has no linear-conflict estimate (the search then fails at once).
    estimator: Option<Estimator>,
    zobrist: Vec<u64>,
    /// `slide[tile * n + square]`: what a board's hash changes by when `tile` leaves or enters
    /// `square` and the blank does the opposite (two look-ups a child instead of four).
    slide: Vec<u64>,
    /// `weighted[tile * n + square]`: the tile's extra weight (see [`far_corner_weights`]) times
    /// its distance from home on that square, a table made once instead of four divisions a
    /// child (a 7×7 beam of 13,000 took 3 % less time, in runs side by side).
    weighted: Vec<i32>,
    /// In a partial beam, `others[tile * n + square]`: the far term of a tile not aimed at,
    /// which counts in the plain part of the estimate (empty in a whole-board beam).
    others: Vec<i32>,
    /// What the tile on a square adds to the estimate (twice its distance from home, its
    /// weighted part and twice its far term if it is not aimed at) and to the plain part (its
    /// distance and that far term): a child's change is two look-ups in each.
    score: Vec<i32>,
    plain_score: Vec<i32>,
    width: usize,
    max_nodes: u64,
    /// The beam: boards side by side in `tiles`, and what a child needs of each (see [`Kept`]).
    tiles: Vec<u8>,
    boards: Vec<Kept>,
    /// Boards kept lately, by hash, each in the slot its hash names (a later board takes the
    /// slot): a few levels' worth ([`SEEN_PER_WIDTH`]). Remembering every board kept cost a
    /// cache miss a child and a third of the time; a board met again after more levels is rare,
    /// and only costs a place in the beam.
    seen: Vec<u32>,
    /// For each level, each kept board's parent (its index in the level before) and the move
    /// that made it, in one word (see [`link`]): the links of every level are kept until the
    /// end, 4 bytes a board kept instead of the 8 a pair took (a 10×10's heap peak, `--seed 3`:
    /// 23.7 → 14.9 MB).
    parents: Vec<Vec<u32>>,
    generated: u64,
    /// The children of the level being made (see [`Child`]).
    children: Vec<Child>,
    /// Children by estimate, for [`keep_least`].
    counts: Vec<u32>,
    /// Boards generated a kept board at the last level.
    per_board: f64,
    /// Whether the beam stops once every tile with an extra weight is home (see
    /// [`Beam::placing`]) instead of at the goal.
    partial: bool,
    /// In a partial beam, the extra weight of a weighted tile: the weighted part of an estimate
    /// over it is those tiles' distance, which measures the levels ahead.
    unit: i32,
    /// The best board yet (see [`Beam::step`]) as a key, with its level and index; and, in a
    /// partial beam, the levels since its weighted part last went down.
    best: (i64, usize, usize),
    stalled: usize,
    /// Moves the answer is expected to take a move of the estimate, in tenths (see [`PACE`]).
    pace: u64,
    /// In a partial beam whose tiles' homes make one line (a shell), its squares in order along
    /// it, each square's place on it (`usize::MAX` off it), the squares off the line beside each
    /// (its doors, `usize::MAX` for none), and for every run of places `i..=j` along it, how many
    /// doors it has (counted up to two) and its first: what [`DEAD_POCKET`] needs. Empty
    /// otherwise.
    line: Vec<usize>,
    on_line: Vec<usize>,
    doors: Vec<[usize; 2]>,
    runs: Vec<(u8, usize)>,
    /// The goal's tile of every square.
    goal_at: Vec<u8>,
    /// The squares beside each square (`usize::MAX` past the last): where the blank can go.
    around: Vec<[usize; 4]>,
    /// The board's squares as bits, for [`WALLED_IN`] (see [`Grid`]).
    grid: Grid,
    /// In a shell's beam, what [`BLANK_WALK`] needs: each tile's home if it is the shell's
    /// (`usize::MAX` otherwise), and for each square, the squares 1, 2, … squares from it,
    /// `reach` of them.
    shell_home: Vec<usize>,
    rings: Vec<u128>,
    reach: usize,
}

/// A board of the beam, but for its tiles: what its children are worked out from. One record,
/// not a list of each field: the boards a level keeps come from parents all over the level
/// before, and each parent is then one or two cache lines away, not eight.
#[derive(Clone, Copy, Debug)]
struct Kept {
    hash: u64,
    /// The estimate (weighted, in halves of a move), and its plain part (linear conflicts, and
    /// in a partial beam the other tiles' far terms: it measures the levels still ahead).
    estimate: i32,
    plain: i32,
    /// The blank's square, and where it was before the last move (`NO_SQUARE` at the start):
    /// the move back is never made, as it leads to the board's parent.
    blank: u8,
    back: u8,
    /// In a shell's beam, the blank's walk to the nearest tile of the shell away (see
    /// [`BLANK_WALK`]).
    walk: u8,
    /// Squares walled in ([`WALLED_IN`]) on a whole board, squares in dead pockets
    /// ([`DEAD_POCKET`]) on a shell.
    walls: u8,
    /// Each row's and column's conflicts, so that a child counts one line, not two.
    costs: LineCosts,
    /// In a shell's beam, the places along its line whose square holds its own tile, a bit a
    /// place.
    line_home: u32,
    /// On a whole board, the squares holding their own tile (the goal's blank square its
    /// blank), a bit a square; in a shell's beam, the squares holding a tile of the shell away
    /// from home. Every board is at most 10×10. In two halves, so that a record is 64 bytes, a
    /// cache line, not 80 (a `u128` would align it to 16).
    marks: [u64; 2],
}

impl Kept {
    fn marks(&self) -> u128 {
        u128::from(self.marks[0]) | u128::from(self.marks[1]) << 64
    }
}

// A record a cache line: adding a field to `Kept` should be a choice, not an accident.
const _: () = assert!(std::mem::size_of::<Kept>() == 64);

/// `marks` in the halves [`Kept`] keeps them in.
fn halves(marks: u128) -> [u64; 2] {
    [marks as u64, (marks >> 64) as u64]
}

/// No square: where the blank was before the start.
const NO_SQUARE: u8 = u8::MAX;

/// A board's squares as bits (at most 10×10 = 100 of them): all of them, those with a square
/// to the left and those with one to the right, and the width (a square's neighbour above is
/// `width` bits lower). With them [`Beam::walled`] finds every walled-in square of a board in
/// a few dozen instructions, where asking each square's neighbours took a few hundred.
#[derive(Clone, Copy, Debug, Default)]
struct Grid {
    squares: u128,
    has_left: u128,
    has_right: u128,
    width: usize,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        let bits = |keep: &dyn Fn(usize) -> bool| {
            (0..w * h)
                .filter(|&s| keep(s))
                .fold(0u128, |acc, s| acc | 1 << s)
        };
        Grid {
            squares: bits(&|_| true),
            has_left: bits(&|s| s % w != 0),
            has_right: bits(&|s| s % w != w - 1),
            width: w,
        }
    }
}

impl Beam {
    /// A beam at its first level (see [`solve`]), of two boards of one shape.
    pub(crate) fn new(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        outer: usize,
    ) -> Beam {
        Beam::paced(start, goal, width, max_nodes, seed, outer, PACE)
    }

    /// [`Beam::new`] for a board whose answer is expected to take `pace` tenths of a move a
    /// move of its estimate (see [`PACE`]): the beam is sized so its budget lasts that long.
    pub(crate) fn paced(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        outer: usize,
        pace: u64,
    ) -> Beam {
        let aim = Aim {
            extra: far_corner_weights(goal, outer),
            next: Vec::new(),
            partial: false,
            pace,
        };
        Beam::aiming(start, goal, width, max_nodes, seed, aim)
    }

    /// A beam that brings `shell.tiles` home, each counting its distance `1 + weight / 2` times
    /// in the estimate (the other tiles once, so that the moves bring them nearer home too where
    /// they can; the next shell's tiles a little more, see [`NEXT_SHELL`]). It stops at the first
    /// level where a board has them all home, or once they have come no nearer home for
    /// [`STALL_LEVELS`] levels; either way its moves lead to the best board seen by their
    /// distance, then linear conflicts. Where the tiles' homes make one line (a shell), a square
    /// of it walled in by tiles home counts more ([`DEAD_POCKET`]), and so does the blank's walk to
    /// the nearest tile of the shell still away ([`BLANK_WALK`]).
    pub(crate) fn placing(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        shell: Shell<'_>,
    ) -> Beam {
        let mut extra = vec![0; goal.len()];
        for &t in shell.tiles {
            extra[usize::from(t)] = shell.weight;
        }
        let mut next = vec![0; goal.len()];
        for &t in shell.next {
            if let Some(weight) = next.get_mut(usize::from(t)) {
                *weight = NEXT_SHELL;
            }
        }
        let aim = Aim {
            extra,
            next,
            partial: true,
            pace: PACE,
        };
        Beam::aiming(start, goal, width, max_nodes, seed, aim)
    }

    fn aiming(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        aim: Aim,
    ) -> Beam {
        let Aim {
            extra,
            next,
            partial,
            pace,
        } = aim;
        let width = width.min(MAX_WIDTH);
        let estimator = Estimator::new(Heuristic::LinearConflict, goal).ok();
        let (n, w, h) = (start.len(), start.width(), start.height());
        let mut rng = Rng::seeded(0x5eed ^ seed);
        let zobrist: Vec<u64> = (0..n * n).map(|_| rng.next_u64()).collect();
        let slide = (0..n * n).map(|k| zobrist[k] ^ zobrist[k % n]).collect();
        let mut home = vec![0; n];
        for (square, &tile) in goal.tiles().iter().enumerate() {
            home[usize::from(tile)] = square;
        }
        // Every tile counts its far term (see `far_term`): in the weighted part of the estimate,
        // but a partial beam's other tiles in the plain part, so that the weighted part is
        // nothing once the aimed tiles are home.
        let aimed = |tile: usize| tile != 0 && (!partial || extra[tile] != 0);
        let apart = |k: usize| squares_apart(k % n, home[k / n], w) as i32;
        let weighted: Vec<i32> = (0..n * n)
            .map(|k| {
                let (tile, d) = (k / n, apart(k));
                let far = if aimed(tile) { far_term(d) } else { 0 };
                extra[tile] * d + far
            })
            .collect();
        let others: Vec<i32> = match partial {
            true => (0..n * n)
                .map(|k| {
                    let (tile, d) = (k / n, apart(k));
                    // In moves, as the plain part is.
                    if tile == 0 || aimed(tile) {
                        0
                    } else {
                        (far_term(d) + next.get(tile).map_or(0, |&x| x * d)) / 2
                    }
                })
                .collect(),
            false => Vec::new(),
        };
        let other = |k: usize| others.get(k).copied().unwrap_or(0);
        let distance = |k: usize| if k < n { 0 } else { apart(k) };
        let score = (0..n * n)
            .map(|k| 2 * distance(k) + weighted[k] + 2 * other(k))
            .collect();
        let plain_score = (0..n * n).map(|k| distance(k) + other(k)).collect();
        let mut beam = Beam {
            start: start.clone(),
            estimator,
            zobrist,
            slide,
            weighted,
            others,
            score,
            plain_score,
            width,
            max_nodes,
            tiles: start.tiles().to_vec(),
            boards: Vec::new(),
            seen: vec![
                0;
                (width.max(MIN_WIDTH) * SEEN_PER_WIDTH)
                    .next_power_of_two()
                    .min(MAX_SEEN)
            ],
            parents: Vec::new(),
            generated: 0,
            children: Vec::new(),
            counts: Vec::new(),
            per_board: 4.0,
            partial,
            unit: extra.iter().copied().max().unwrap_or(1).max(1),
            best: (i64::MAX, 0, 0),
            stalled: 0,
            pace,
            line: Vec::new(),
            on_line: Vec::new(),
            doors: Vec::new(),
            runs: Vec::new(),
            goal_at: goal.tiles().to_vec(),
            around: (0..n)
                .map(|s| {
                    let mut around = [usize::MAX; 4];
                    for (slot, nb) in around.iter_mut().zip(beside(s, w, h)) {
                        *slot = nb;
                    }
                    around
                })
                .collect(),
            grid: Grid::new(w, h),
            shell_home: Vec::new(),
            rings: Vec::new(),
            reach: 0,
        };
        if partial {
            beam.shell_home = (0..n)
                .map(|t| if aimed(t) { home[t] } else { usize::MAX })
                .collect();
            beam.reach = w + h;
            beam.rings = vec![0; n * beam.reach];
            for (k, ring) in beam.rings.iter_mut().enumerate() {
                let (s, d) = (k / beam.reach, k % beam.reach + 1);
                *ring = (0..n)
                    .filter(|&q| squares_apart(s, q, w) == d)
                    .fold(0, |acc, q| acc | 1 << q);
            }
            let aimed_square: Vec<bool> = goal
                .tiles()
                .iter()
                .map(|&t| aimed(usize::from(t)))
                .collect();
            beam.line = line_of(&aimed_square, w, h);
            beam.on_line = vec![usize::MAX; n];
            for (i, &s) in beam.line.iter().enumerate() {
                beam.on_line[s] = i;
                let mut doors = [usize::MAX; 2];
                let off = beside(s, w, h).filter(|&nb| !aimed_square[nb]);
                for (door, nb) in doors.iter_mut().zip(off) {
                    *door = nb;
                }
                beam.doors.push(doors);
            }
            let len = beam.line.len();
            beam.runs = (0..len * len)
                .map(|k| beam.doors_of(k / len, k % len))
                .collect();
        }
        let tiles = start.tiles();
        let at = |s: usize| tiles[s];
        let (blank, hash) = (
            start.blank(),
            (0..n).fold(0, |acc, s| acc ^ beam.z(at(s), s)),
        );
        let away = beam.away_of(at);
        let walk = beam.blank_walk(away, blank);
        let line_home = beam.line_home_of(at);
        let home = beam.home_of(at);
        // Dead pockets in a shell's beam, walled-in squares in a whole board's.
        let walls = match partial {
            true => beam.dead(line_home, blank, at),
            false => beam.walled(home, blank, at),
        };
        let weighted: i32 = (0..n)
            .map(|s| beam.weighted[usize::from(at(s)) * n + s])
            .sum();
        let others: i32 = (0..n)
            .filter_map(|s| beam.others.get(usize::from(at(s)) * n + s))
            .sum();
        let plain = beam
            .estimator
            .as_ref()
            .map_or(0, |e| e.estimate_board(start) as i32)
            + others;
        let wall = if partial { DEAD_POCKET } else { WALLED_IN };
        let weighted = weighted + wall * walls + BLANK_WALK * walk;
        let costs = beam.estimator.as_ref().and_then(Estimator::lines);
        beam.boards.push(Kept {
            hash,
            estimate: 2 * plain + weighted,
            plain,
            blank: blank as u8,
            back: NO_SQUARE,
            walk: walk as u8,
            walls: walls as u8,
            costs: costs.map_or([0; _], |l| l.costs(&at)),
            line_home,
            marks: halves(if partial { away } else { home }),
        });
        // A beam its budget cannot pay for to the end is narrowed from the start, not at the
        // end (where a narrow beam wanders): a level generates about 2.5 boards a kept board,
        // and the answer is about 1.6 × the estimate long (a 7×7 beam given 8 M boards
        // generates 6.7 M with 3 a kept board and 1.5 × the estimate; with these, 20 random
        // 7×7 boards come 1.612 × Manhattan in 7 M where they came 1.616 ×; 2.5 boards and 1.4 ×
        // run out of budget).
        let ahead = if partial {
            (2 * weighted / beam.unit) as u64
        } else {
            plain.max(0) as u64
        };
        beam.width = width
            .min((max_nodes / (1 + ahead * pace * 5 / 20)) as usize)
            .max(MIN_WIDTH);
        beam.remember(hash);
        beam
    }

    /// The squares holding a tile of the shell away from home, on the board `view` gives the
    /// tile of each square of.
    fn away_of(&self, view: impl Fn(usize) -> u8) -> u128 {
        (0..self.start.len())
            .filter(|&s| {
                let home = self.shell_home.get(usize::from(view(s)));
                home.is_some_and(|&h| h != usize::MAX && h != s)
            })
            .fold(0, |acc, s| acc | 1 << s)
    }

    /// The squares holding their own tile (the goal's blank square its blank), on the board
    /// `view` gives the tile of each square of.
    fn home_of(&self, view: impl Fn(usize) -> u8) -> u128 {
        (0..self.start.len())
            .filter(|&s| view(s) == self.goal_at[s])
            .fold(0, |acc, s| acc | 1 << s)
    }

    /// The places along the shell's line whose square holds its own tile.
    fn line_home_of(&self, view: impl Fn(usize) -> u8) -> u32 {
        (0..self.line.len())
            .filter(|&i| view(self.line[i]) == self.goal_at[self.line[i]])
            .fold(0, |acc, i| acc | 1 << i)
    }

    /// The squares holding their own tile, `home` before the tile on `to` slides into the blank
    /// on `b`, after.
    fn home_after(&self, home: u128, tile: u8, b: usize, to: usize) -> u128 {
        let without = home & !(1 << b | 1 << to);
        let at_b = u128::from(tile == self.goal_at[b]) << b;
        let at_to = u128::from(self.goal_at[to] == 0) << to;
        without | at_b | at_to
    }

    /// The places of the shell's line home, `home` before the tile on `to` slides into the
    /// blank on `b`, after.
    fn line_home_after(&self, home: u32, tile: u8, b: usize, to: usize) -> u32 {
        let mut home = home;
        if let Some(&i) = self.on_line.get(b).filter(|&&i| i != usize::MAX) {
            home = home & !(1 << i) | u32::from(tile == self.goal_at[b]) << i;
        }
        if let Some(&i) = self.on_line.get(to).filter(|&&i| i != usize::MAX) {
            home = home & !(1 << i) | u32::from(self.goal_at[to] == 0) << i;
        }
        home
    }

    /// The squares holding a tile of the shell away from home, `away` before the tile on `to`
    /// slides into the blank on `b`, after.
    fn away_after(&self, away: u128, tile: u8, b: usize, to: usize) -> u128 {
        let home = self.shell_home.get(usize::from(tile)).copied();
        let Some(home) = home.filter(|&h| h != usize::MAX) else {
            return away;
        };
        let without = away & !(1 << to);
        if b == home { without } else { without | 1 << b }
    }

    /// The blank's walk on `blank` to beside the nearest of the squares `away` holds, in moves
    /// (nothing when none is away; see [`BLANK_WALK`]).
    fn blank_walk(&self, away: u128, blank: usize) -> i32 {
        if away == 0 {
            return 0;
        }
        let rings = &self.rings[blank * self.reach..(blank + 1) * self.reach];
        rings
            .iter()
            .position(|&ring| ring & away != 0)
            .map_or(0, |r| r as i32)
    }

    /// The doors of the run of places `i..=j` along the shell's line (the squares off it beside
    /// them), counted up to two, and the first.
    fn doors_of(&self, i: usize, j: usize) -> (u8, usize) {
        let mut doors = [usize::MAX; 2];
        let mut count = 0;
        for &door in self.doors.get(i..=j).unwrap_or_default().iter().flatten() {
            if door != usize::MAX && !doors[..count].contains(&door) {
                if count == 2 {
                    break;
                }
                doors[count] = door;
                count += 1;
            }
        }
        (count as u8, doors[0])
    }

    /// Squares in dead pockets (see [`DEAD_POCKET`]) along the shell's line, whose places home
    /// are `home`, with the blank on `blank`, on the board `view` gives the tile of each square
    /// of: each run of places away with one door at most is a pocket, but the blank alone in
    /// one with its tile at the door, a move from home.
    fn dead(&self, home: u32, blank: usize, view: impl Fn(usize) -> u8) -> i32 {
        let len = self.line.len();
        let mut away = !home & ((1u64 << len) - 1) as u32;
        let mut dead = 0;
        while away != 0 {
            let i = away.trailing_zeros() as usize;
            let run = (away >> i).trailing_ones() as usize;
            away &= !((((1u64 << run) - 1) as u32) << i);
            let (doors, door) = self.runs[i * len + i + run - 1];
            let s = self.line[i];
            let a_move_away = run == 1 && blank == s && doors == 1 && view(door) == self.goal_at[s];
            if doors <= 1 && !a_move_away {
                dead += run as i32;
            }
        }
        dead
    }

    /// Squares walled in (see [`WALLED_IN`]) on a board whose squares holding their own tile are
    /// `home`, with the blank on `blank`, `view` giving the tile of each square: a square away
    /// whose neighbours all hold their own tiles but one at most, but the blank with its tile at
    /// that one way in, a move from home. Every square at once, a bit a square: for each
    /// direction, the squares whose neighbour that way is away; then those with two such
    /// neighbours or more.
    fn walled(&self, home: u128, blank: usize, view: impl Fn(usize) -> u8) -> i32 {
        let g = &self.grid;
        let away = g.squares & !home;
        let (up, down) = (away << g.width, away >> g.width);
        let (left, right) = ((away << 1) & g.has_left, (away >> 1) & g.has_right);
        let two = (up & down) | (left & right) | ((up | down) & (left | right));
        let walled = away & !two;
        let mut count = walled.count_ones() as i32;
        let one_way = (up | down | left | right) >> blank & 1 == 1;
        if walled >> blank & 1 == 1 && one_way {
            let way = if up >> blank & 1 == 1 {
                blank - g.width
            } else if down >> blank & 1 == 1 {
                blank + g.width
            } else if left >> blank & 1 == 1 {
                blank - 1
            } else {
                blank + 1
            };
            count -= i32::from(view(way) == self.goal_at[blank]);
        }
        count
    }

    /// The slot of a board's hash in `seen`.
    fn slot(&self, hash: u64) -> usize {
        (hash as usize) & (self.seen.len() - 1)
    }

    /// Marks the board of `hash` as seen; whether it was not already.
    fn remember(&mut self, hash: u64) -> bool {
        let slot = self.slot(hash);
        let new = self.seen[slot] != fingerprint(hash);
        self.seen[slot] = fingerprint(hash);
        new
    }

    fn z(&self, tile: u8, square: usize) -> u64 {
        self.zobrist[usize::from(tile) * self.start.len() + square]
    }

    /// Boards generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// Searches on to the end: the goal reached (or, for a partial beam, its tiles placed or
    /// stalled) or the budget spent.
    pub fn finish(mut self) -> Beamed {
        loop {
            if let Some(done) = self.step(u64::MAX) {
                return done;
            }
        }
    }

    /// Searches on, level after level, until about `boards` more boards are generated; the
    /// outcome once the goal is reached or the budget spent.
    pub fn step(&mut self, boards: u64) -> Option<Beamed> {
        let failed = |beam: &Beam| {
            let (_, level, i) = beam.best;
            Some(Beamed {
                moves: None,
                generated: beam.generated,
                nearest: path(&beam.parents[..level], i),
            })
        };
        let Some(estimator) = self.estimator.take() else {
            return failed(self);
        };
        if estimator.lines().is_none() {
            self.estimator = Some(estimator);
            return failed(self);
        }
        let done = self.levels(&estimator, boards);
        self.estimator = Some(estimator);
        done.or_else(|| self.ended().then(|| failed(self)).flatten())
    }

    /// Whether the last call of [`Beam::levels`] gave up.
    fn ended(&self) -> bool {
        self.boards.is_empty() || self.generated + 4 * self.boards.len() as u64 > self.max_nodes
    }

    /// [`Beam::step`] with the estimator at hand: `None` when `boards` are generated, or when
    /// the beam gave up ([`Beam::ended`]).
    fn levels(&mut self, estimator: &Estimator, boards: u64) -> Option<Beamed> {
        let lines = estimator.lines()?;
        let until = self.generated.saturating_add(boards);
        loop {
            // The best board yet: by estimate, or in a partial beam by the weighted tiles'
            // distance, then linear conflicts.
            let partial = self.partial;
            let key = |k: &Kept| match partial {
                true => i64::from(k.estimate - 2 * k.plain) << 32 | i64::from(k.plain),
                false => i64::from(k.estimate),
            };
            let level = self.parents.len();
            match (0..self.boards.len()).min_by_key(|&i| key(&self.boards[i])) {
                Some(i) if key(&self.boards[i]) < self.best.0 => {
                    let best = key(&self.boards[i]);
                    if best >> 32 < self.best.0 >> 32 {
                        self.stalled = 0;
                    } else {
                        self.stalled += 1;
                    }
                    self.best = (best, level, i);
                }
                _ => self.stalled += 1,
            }
            if self.partial && self.stalled > STALL_LEVELS {
                let (_, level, i) = self.best;
                return Some(Beamed {
                    moves: Some(path(&self.parents[..level], i)),
                    generated: self.generated,
                    nearest: Vec::new(),
                });
            }
            let done = if self.partial {
                // The best board whose weighted tiles are all home.
                (0..self.boards.len())
                    .filter(|&i| self.boards[i].estimate == 2 * self.boards[i].plain)
                    .min_by_key(|&i| self.boards[i].plain)
            } else {
                self.boards.iter().position(|k| k.estimate == 0)
            };
            if let Some(i) = done {
                return Some(Beamed {
                    moves: Some(path(&self.parents, i)),
                    generated: self.generated,
                    nearest: Vec::new(),
                });
            }
            // A level generates at most four boards a board: stop before it could pass the
            // budget.
            if self.ended() || self.generated >= until {
                return None;
            }
            // Narrower near the end of the budget: about 1.5 × the best estimate of levels are
            // left, each generating as many boards a kept board as the last did, and the beam
            // keeps what the budget can pay for (a beam sized to the budget finishes instead of
            // failing).
            let least = if self.partial {
                // Placing a line takes about three moves a move of its tiles' distance.
                let weighted = self.boards.iter().map(|k| k.estimate - 2 * k.plain);
                weighted
                    .min()
                    .map_or(0, |d| (2 * d / self.unit).max(0) as u64)
            } else {
                self.boards
                    .iter()
                    .map(|k| k.plain)
                    .min()
                    .map_or(0, |e| e.max(0) as u64)
            };
            let ahead = 1 + least * (self.pace - 1) / 10;
            let afford =
                (self.max_nodes - self.generated) as f64 / (self.per_board.max(1.0) * ahead as f64);
            let keep = self.width.min((afford as usize).max(MIN_WIDTH));
            let mut children = std::mem::take(&mut self.children);
            self.generate(&mut children);
            let (least, most) = match self.partial {
                true => self.estimate::<true>(&mut children, lines),
                false => self.estimate::<false>(&mut children, lines),
            };
            self.generated += children.len() as u64;
            self.per_board = children.len() as f64 / self.boards.len() as f64;
            keep_least(&mut children, keep, &mut self.counts, least, most);
            self.keep(&children);
            self.children = children;
        }
    }

    /// The children of the level's boards, each but the move back and those seen lately
    /// ([`Beam::seen`]), in order: by parent, then by the squares beside its blank.
    fn generate(&self, children: &mut Vec<Child>) {
        let n = self.start.len();
        children.clear();
        children.resize(4 * self.boards.len(), Child::new(0, 0, 0));
        // Without a branch a child (a third of them are seen, unpredictably): each is written,
        // and counted if it was not seen; the look-ups into `seen` (cache misses) do not wait
        // on one another.
        let (seen, mask) = (&self.seen[..], self.seen.len() - 1);
        let mut kept = 0;
        for (i, (k, board)) in self
            .boards
            .iter()
            .zip(self.tiles.chunks_exact(n))
            .enumerate()
        {
            let b = usize::from(k.blank);
            let beside = self.around[b].into_iter().take_while(|&s| s != usize::MAX);
            for to in beside.filter(|&to| to != usize::from(k.back)) {
                let tile = usize::from(board[to]) * n;
                let hash = k.hash ^ self.slide[tile + to] ^ self.slide[tile + b];
                children[kept] = Child::new(hash, i as u32, to as u8);
                kept += usize::from(seen[(hash as usize) & mask] != fingerprint(hash));
            }
        }
        children.truncate(kept);
    }

    /// Each child's estimate, from its parent's: the moved tile's scores, the one line whose
    /// conflicts its move changes, and in a shell's beam ([`PARTIAL`]) dead pockets and the
    /// blank's walk, in a whole board's walled-in squares. The least and the most estimate.
    fn estimate<const PARTIAL: bool>(&self, children: &mut [Child], lines: &Lines) -> (i32, i32) {
        let n = self.start.len();
        let (mut least, mut most) = (i32::MAX, i32::MIN);
        for child in children.iter_mut() {
            let (i, to) = (child.parent as usize, usize::from(child.to));
            let k = &self.boards[i];
            let (board, b) = (&self.tiles[i * n..(i + 1) * n], usize::from(k.blank));
            let tile = board[to];
            let (conflicts, line) = lines.delta_known(board, &k.costs, tile, to, b);
            if let Some((line, cost)) = line {
                (child.line, child.cost) = (line as u8, cost);
            }
            let score = &self.score[usize::from(tile) * n..][..n];
            let mut estimate = k.estimate + score[b] - score[to] + 2 * conflicts;
            child.conflicts = conflicts as i8;
            // Walls and pockets change only where a square gets or loses its own tile, or
            // where the blank leaves a square of the shell (a pocket of one).
            child.walls = k.walls;
            if PARTIAL {
                let on_line = |s: usize| self.on_line.get(s).is_some_and(|&i| i != usize::MAX);
                if on_line(b) || on_line(to) {
                    let home = self.line_home_after(k.line_home, tile, b, to);
                    child.walls = self.dead(home, to, slid(board, b, to)) as u8;
                }
                let away = self.away_after(k.marks(), tile, b, to);
                let walk = self.blank_walk(away, to);
                estimate += BLANK_WALK * (walk - i32::from(k.walk));
                estimate += DEAD_POCKET * (i32::from(child.walls) - i32::from(k.walls));
                child.walk = walk as u8;
            } else {
                let home = self.home_after(k.marks(), tile, b, to);
                if home != k.marks() {
                    child.walls = self.walled(home, to, slid(board, b, to)) as u8;
                    estimate += WALLED_IN * (i32::from(child.walls) - i32::from(k.walls));
                }
            }
            child.estimate = estimate;
            least = least.min(estimate);
            most = most.max(estimate);
        }
        (least, most)
    }

    /// A child's plain part (see [`Kept`]), from its parent's `k`, whose blank is on `b`, and
    /// the tile that moved.
    fn plain(&self, c: &Child, k: &Kept, tile: u8) -> i32 {
        let plain = &self.plain_score[usize::from(tile) * self.start.len()..];
        let (b, to) = (usize::from(k.blank), usize::from(c.to));
        k.plain + plain[b] - plain[to] + i32::from(c.conflicts)
    }

    /// Makes the next level of the kept `children`, each board once.
    fn keep(&mut self, children: &[Child]) {
        let (n, w) = (self.start.len(), self.start.width());
        let mut tiles = Vec::with_capacity(children.len() * n);
        let mut boards = Vec::with_capacity(children.len());
        let mut level = Vec::with_capacity(children.len());
        for c in children {
            // No child was among the boards seen when it was made (see `generate`): one that
            // is now was kept a moment ago from another parent.
            if !self.remember(c.hash) {
                continue;
            }
            let i = c.parent as usize;
            let parent = &self.boards[i];
            let board = &self.tiles[i * n..(i + 1) * n];
            let (from, to) = (usize::from(parent.blank), usize::from(c.to));
            let moved = board[to];
            tiles.extend_from_slice(board);
            let child = &mut tiles[level.len() * n..(level.len() + 1) * n];
            child[from] = moved;
            child[to] = 0;
            level.push(link(c.parent, Move::between(from, to, w)));
            let mut costs = parent.costs;
            if c.line != NO_LINE {
                costs[usize::from(c.line)] = c.cost;
            }
            let (line_home, marks) = match self.partial {
                true => (
                    self.line_home_after(parent.line_home, moved, from, to),
                    self.away_after(parent.marks(), moved, from, to),
                ),
                false => (0, self.home_after(parent.marks(), moved, from, to)),
            };
            boards.push(Kept {
                hash: c.hash,
                estimate: c.estimate,
                plain: self.plain(c, parent, moved),
                blank: c.to,
                back: parent.blank,
                walk: c.walk,
                walls: c.walls,
                costs,
                line_home,
                marks: halves(marks),
            });
        }
        self.parents.push(level);
        self.tiles = tiles;
        self.boards = boards;
    }
}

/// A child of a board of the beam, as it is chosen (by estimate, then hash: a fair coin, then
/// the rest) and kept: its estimate, hash, parent, the square the blank went to, the line
/// whose conflicts its move changed ([`NO_LINE`] for none) with their new count and the
/// change, and in a shell's beam the blank's walk; its walled-in squares or dead pockets. 24
/// bytes: a level's children are read and written six times, more than any other list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Child {
    estimate: i32,
    hash: u64,
    parent: u32,
    to: u8,
    line: u8,
    cost: u8,
    conflicts: i8,
    walk: u8,
    walls: u8,
}

impl Child {
    fn new(hash: u64, parent: u32, to: u8) -> Child {
        Child {
            estimate: 0,
            hash,
            parent,
            to,
            line: NO_LINE,
            cost: 0,
            conflicts: 0,
            walk: 0,
            walls: 0,
        }
    }
}

/// No line's conflicts changed (see [`Child`]).
const NO_LINE: u8 = u8::MAX;

/// Keeps the `keep` least of `children` (in no order), as sorting them would: a count of the
/// estimates gives the estimate where the cut falls, every child below it is kept, and only
/// those on it are chosen among by the rest of the key. Estimates span a few hundred values
/// where a level has tens of thousands of children, so this takes two passes where choosing
/// by the whole key took a tenth of a 10×10 beam's time. `least` and `most` are the least and
/// the most estimate (found as the estimates were made), `counts` room for the count.
fn keep_least(
    children: &mut Vec<Child>,
    keep: usize,
    counts: &mut Vec<u32>,
    least: i32,
    most: i32,
) {
    if children.len() <= keep {
        return;
    }
    let span = (most - least) as usize + 1;
    if span > MAX_SPAN {
        children.select_nth_unstable(keep);
        children.truncate(keep);
        return;
    }
    counts.clear();
    counts.resize(span, 0);
    for c in children.iter() {
        counts[(c.estimate - least) as usize] += 1;
    }
    // The cut falls on estimate `cut`: fewer than `keep` children lie below it.
    let (mut below, mut cut) = (0, least);
    for (k, &count) in counts.iter().enumerate() {
        if below + count as usize >= keep {
            cut = least + k as i32;
            break;
        }
        below += count as usize;
    }
    let mut front = 0;
    for k in 0..children.len() {
        if children[k].estimate < cut {
            children.swap(front, k);
            front += 1;
        }
    }
    let mut on = front;
    for k in front..children.len() {
        if children[k].estimate == cut {
            children.swap(on, k);
            on += 1;
        }
    }
    let ties = &mut children[front..on];
    if keep - front < ties.len() {
        ties.select_nth_unstable(keep - front);
    }
    children.truncate(keep);
}

/// Widest span of estimates [`keep_least`] counts (beyond, it sorts by the whole key).
const MAX_SPAN: usize = 1 << 16;

/// What a tile `d` squares from home adds to a beam's estimate beyond its distance, in halves of
/// a move as the weighted part of an estimate is: d²/4 rounded down (nothing one square away, 1
/// two away, 4 at four, 16 at eight). A tile far from home costs more than its distance says:
/// every square of its way needs the blank brought round in front of it, and the plain estimate
/// lets the beam leave such tiles for last, when bringing them home undoes the rest. Squared
/// distance as a beam's score is the finding of a contest write-up (AtCoder's AHC011, whose
/// boards are 6×6 to 10×10); on random boards, 50 each, a 7×7 beam 8,000 wide answers at 1.508 ×
/// Manhattan with it against 1.635 × without, a 6×6 beam 5,000 wide at 1.483 × against 1.567 ×
/// (d²/5 and d²/3.5 did about as well, d²/2 and d²/8 worse, and rounded to whole moves the beam
/// lost its way on 3 boards of 50).
fn far_term(d: i32) -> i32 {
    d * d / 4
}

/// Each tile's extra weight in the estimate, in halves of its distance (estimates are in half
/// moves): 2^`outer` on the corner farthest from `goal`'s blank, halved a diagonal further in,
/// none past `outer` diagonals (past 8 the weight would swamp the estimate, and overflow).
fn far_corner_weights(goal: &Board, outer: usize) -> Vec<i32> {
    let (w, h) = (goal.width(), goal.height());
    let (gr, gc) = (goal.blank() / w, goal.blank() % w);
    let outer = outer.min(8);
    let mut extra = vec![0; goal.len()];
    for (square, &tile) in goal.tiles().iter().enumerate() {
        let (r, c) = (square / w, square % w);
        let diagonal = (h - 1 - r.abs_diff(gr)) + (w - 1 - c.abs_diff(gc));
        if tile != 0 && diagonal <= outer {
            extra[usize::from(tile)] = 1 << (outer - diagonal);
        }
    }
    extra
}

/// What a beam aims at: each tile's extra weight (in halves of its distance), in a partial beam
/// the extra weight of the tiles it does not aim at (see [`NEXT_SHELL`]), whether it stops once
/// the tiles with one are home, and the pace it is sized for.
struct Aim {
    extra: Vec<i32>,
    next: Vec<i32>,
    partial: bool,
    pace: u64,
}

/// Levels a partial beam ([`Beam::placing`]) goes on without bringing its tiles nearer home
/// before it gives up on them: the last few tiles of a line need the others to step aside, which
/// raises the estimate, and the beam fills with boards that move the other tiles instead. With
/// [`DEAD_POCKET`]s counted, a beam that goes on longer places more of its tiles itself (100
/// random 10×10 boards: 1.661 × Manhattan after 60 levels, 1.674 × after 40 with pockets
/// counting 8; 10 boards: 1.641 × after 60, 1.650 × after 40, 1.655 × after 90, and after 150
/// the shells' beams spent their budget). Without pockets counted, 10 random 8×8 boards did as
/// well after 10 to 40 levels, and 10 random 10×10 boards worse after 60 (1.716 × against 1.692).
const STALL_LEVELS: usize = 60;

/// What each square of a *dead pocket* of a shell adds to a partial beam's estimate, in halves of
/// a move as its weighted part is. A run of a shell's squares whose tiles are away, reachable from
/// one square off the shell only (a square between two tiles home, or at a line's end beside one;
/// two or three around the shell's corner), is a dead end for the blank: the tiles in it can
/// leave and their own come in only if a tile home steps aside, the ten-odd moves a beam guided
/// by distances does not see coming. It kept the beam walling in such squares, and then stalling
/// with many of its tiles away, left to line searches at three moves or more a square of
/// distance. Counted, a beam avoids making pockets, and has a reason to open one (100 random
/// 10×10 boards with 60 levels before a stall: 1.661 × Manhattan; 10 boards: 1.716 × without
/// pockets, 1.641 × with 12, 1.675 × with 18; 30 boards: 1.652 × with 6, 1.662 × with 12, 1.685 ×
/// with 20). With the blank's walk counted too ([`BLANK_WALK`]), 6 halves did better than 12 on
/// every 10×10 set measured: random boards 1.622 → 1.607 (seeds 101-140), 1.606 → 1.606
/// (161-220), 1.618 → 1.614 (221-280), the benchmark's own 100 1.633 → 1.623; 40 random 8×8
/// boards 1.517 → 1.508 (the benchmark's 100: 1.521 → 1.524) and 9×9 1.574 → 1.570 (seeds
/// 101-140); 3 and 8 halves did less (1.614 and 1.616 on seeds 101-140).
const DEAD_POCKET: i32 = 6;

/// What each square of distance of a tile of the *next* shell adds to a shell's beam's estimate
/// beyond its far term, in halves of a move: the other tiles count once, so the beam brings them
/// nearer home where it costs nothing; of those, the next shell's are the ones whose distance
/// soon counts more, and left far they stall the next beam. Weighing them half a move more, the
/// beam leaves them nearer home for the price of a move or two (where the line by line method
/// weighs them at all: see `Tuning::next_shell`). Random 10×10 boards came 1.655 → 1.641 ×
/// Manhattan (seeds 161-260), 1.653 → 1.646 (seeds 261-360), 1.655 → 1.647 (the benchmark's
/// own 100), for a tenth more time at the same budget (30 boards side by side: 1.662 × in 1.31 s
/// → 1.636 × in 1.46 s; the code before given a tenth more budget: 1.661 × in 1.49 s). A whole
/// move more (2 halves) came 1.648 → 1.664 on seeds 101-120, where half a move came 1.629.
const NEXT_SHELL: i32 = 1;

/// What each square of the blank's walk to the nearest tile of the shell still away adds to a
/// shell's beam's estimate, in halves of a move as its weighted part is (its Manhattan distance
/// to beside that tile). Guided by the tiles' distances alone, a beam that has most of a shell
/// home sees no way on: bringing the blank back to the few tiles left away means many moves that
/// bring nothing nearer home, and some that move tiles home away, while moves among the other
/// tiles make their estimate smaller at once. The beam then filled with such boards and stalled
/// ([`STALL_LEVELS`]) with 6 to 15 of a 10×10's first shell's 19 tiles away, on most boards, left
/// to line searches at three moves a square of distance. With the walk counted, each move towards
/// a tile away counts as progress, and more shells come home whole (traced on 20 boards: line
/// searches made 11 % of the moves, 6 % with it). Random boards, `auto`: 10×10 1.6405 → 1.6114
/// × Manhattan (seeds 161-260), 1.629 → 1.608 (101-120), 1.642 → 1.618 (201-260), the
/// benchmark's own 100 1.647 → 1.633; 8×8 1.545 → 1.517, 9×9 1.602 → 1.574 (seeds 101-140). A
/// 10×10 takes the same time side by side (a bit mask of the squares holding tiles away, and
/// rings of squares round each square, find the nearest in a few instructions); an 8×8 a seventh
/// more (its shell's beam, no longer stalling, spends more of the budget on costlier boards),
/// and with its budget cut to match, 12 M, it kept only half its gain (1.526). 2 and 4 halves
/// did less (1.617, 1.616 on seeds 161-260), 6 and 10 lost their way more (1.655, 1.636 on
/// seeds 101-120).
const BLANK_WALK: i32 = 3;

/// What each *walled-in* square adds to a whole-board beam's estimate, in halves of a move as
/// its weighted part is: a square whose tile is away while every square beside it but one at
/// most holds its own tile. The blank can get in only past a tile home (or through the one way
/// in, which its tile then cannot use), ten-odd moves a beam guided by distances does not see
/// coming; counted, a beam avoids walling squares in, and has a reason to open them. Beams
/// alone over 30 random boards: 7×7 8,000 wide 1.505 → 1.456 × Manhattan (2, 4 and 6 halves:
/// 1.474, 1.454, 1.461), 6×6 5,000 wide 1.476 → 1.442 × (4 halves: 1.458); 35 corners left by
/// shells on 10×10 boards, 13,000 wide: 2.433 → 2.286 × their Manhattan distance (2, 4, 6, 8 and
/// 12 halves: 2.278, 2.295, 2.353, 2.397, 2.504). A child costs about a third more (the 7×7
/// beam alone: 373 -> 495 ms). Shells' beams count [`DEAD_POCKET`]s instead.
const WALLED_IN: i32 = 3;

/// The tile on each square of `board` once the tile on `to` has slid into the blank on `b`.
fn slid(board: &[u8], b: usize, to: usize) -> impl Fn(usize) -> u8 + Copy + '_ {
    let tile = board[to];
    move |s| match s {
        _ if s == b => tile,
        _ if s == to => 0,
        _ => board[s],
    }
}

/// The squares marked in `on`, in order along the line they make from one end to the other (a
/// shell: a row, a column, or both sharing a corner); empty if they make no such line.
fn line_of(on: &[bool], w: usize, h: usize) -> Vec<usize> {
    let next = |s: usize, seen: &[bool]| beside(s, w, h).find(|&nb| on[nb] && !seen[nb]);
    let squares = on.iter().filter(|&&o| o).count();
    let ends =
        (0..on.len()).filter(|&s| on[s] && beside(s, w, h).filter(|&nb| on[nb]).count() <= 1);
    let Some(end) = ends.min() else {
        return Vec::new();
    };
    let mut seen = vec![false; on.len()];
    let mut line = vec![end];
    seen[end] = true;
    let mut at = end;
    while let Some(s) = next(at, &seen) {
        seen[s] = true;
        line.push(s);
        at = s;
    }
    if line.len() == squares {
        line
    } else {
        Vec::new()
    }
}

/// Moves a beam's answer takes a move of its linear-conflict estimate, in tenths, as a beam
/// sizes itself: 1.6 at first, 1.5 of what is left as it goes (see [`Beam::new`]).
pub const PACE: u64 = 16;

/// The narrowest a beam gets when its budget runs low.
const MIN_WIDTH: usize = 50;

/// The widest a beam gets, whatever it is asked: a board's index in its level then fits a
/// [`link`] with room to spare (the widest beam used is 16,000).
const MAX_WIDTH: usize = 1 << 24;

/// Slots of a beam's boards seen (see `Beam::seen`) a board of its width: with a slot a kept
/// board, the table holds the last few levels, and stays in the core's own cache (256 KiB for a
/// beam 16,000 wide). 64, a few dozen levels, found no shorter answers for a cache miss a child
/// (20 random boards each, 4 against 64: 6×6 1.426 × Manhattan against 1.425 in 449 ms against
/// 561; 7×7 1.451 against 1.450 in 785 ms against 961; 8×8 1.560 against 1.550 in 833 ms
/// against 1,041; 10×10 1.663 against 1.659 in 1,388 ms against 1,489; with 1, 7×7 1.452).
const SEEN_PER_WIDTH: usize = 4;

/// Most slots of a beam's boards seen (8 MiB).
const MAX_SEEN: usize = 1 << 21;

/// What a slot of `seen` holds of a hash: the half that does not name the slot. Two boards
/// with the same slot and fingerprint are one to the beam (one in four billion), and a table
/// half the size misses the cache less.
fn fingerprint(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// A board's parent (its index in the level before, below [`MAX_WIDTH`], so below 2^30) and
/// the move that made it, in one word.
fn link(parent: u32, m: Move) -> u32 {
    parent << 2 | u32::from(m.index())
}

/// The moves to board `i` of the last level, its links followed back through the parents.
fn path(parents: &[Vec<u32>], i: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(parents.len());
    let mut at = i;
    for level in parents.iter().rev() {
        let link = level[at];
        moves.push(Move::from_index(link as u8));
        at = (link >> 2) as usize;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn the_tiles_near_the_far_corner_weigh_more_by_diagonals() {
        // In halves of their distance: 4 on the far corner, 2 on the next diagonal, 1 on the
        // one after, none beyond; the far corner is the one opposite the goal's blank.
        let weights = |goal: &Board, outer| {
            let extra = far_corner_weights(goal, outer);
            let square = |&t: &u8| extra[usize::from(t)];
            goal.tiles().iter().map(square).collect::<Vec<i32>>()
        };
        let last = Board::blank_last(4, 4).unwrap();
        let expected = [4, 2, 1, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(weights(&last, 2), expected);
        let first = Board::blank_first(3, 4).unwrap();
        assert_eq!(weights(&first, 1), [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2]);
    }

    #[test]
    fn a_tile_far_from_home_counts_more_than_its_distance() {
        // In halves of a move: nothing a square away, then d²/4, growing faster than d.
        let far: Vec<i32> = (0..=8).map(far_term).collect();
        assert_eq!(far, [0, 0, 1, 2, 4, 6, 9, 12, 16]);
        // A whole-board beam counts it in its estimate, beyond twice the linear-conflict
        // estimate (in halves): tiles 2 and 22 of a 5×5 swapped, each four squares from home
        // (and off the far corner, whose tile weighs more).
        let goal = Board::blank_last(5, 5).unwrap();
        let start = crate::puzzle::notation::parse_board(
            "1 22 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 2 23 24 0",
        )
        .unwrap();
        let beam = Beam::new(&start, &goal, 10, 1_000, 0, 0);
        let plain = Estimator::new(Heuristic::LinearConflict, &goal)
            .unwrap()
            .estimate_board(&start) as i32;
        assert_eq!(beam.boards[0].plain, plain);
        // Both squares are walled in too, by tiles home (see `WALLED_IN`).
        assert_eq!(
            beam.boards[0].estimate,
            2 * plain + 2 * far_term(4) + 2 * WALLED_IN
        );
    }

    #[test]
    fn a_placing_beam_brings_its_tiles_nearer_home_and_the_rest_too() {
        // The top row and left column of a 7×7, as a shell of the line by line method: the
        // beam brings them home, or nearly (it stops where it stalls), and the other tiles
        // nearer home on the way, but does not solve the board.
        let goal = Board::blank_last(7, 7).unwrap();
        let mut rng = Rng::seeded(5);
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let shell = top_row_and_left_column(&goal);
        let distance = |b: &Board, tiles: &[u8]| -> usize {
            let square = |board: &Board, t: u8| board.tiles().iter().position(|&x| x == t);
            let apart = |t: u8| squares_apart(square(b, t).unwrap(), square(&goal, t).unwrap(), 7);
            tiles.iter().map(|&t| apart(t)).sum()
        };
        let all: Vec<u8> = (1..49).collect();
        let placed =
            Beam::placing(&start, &goal, 2_000, 5_000_000, 0, four_halves(&shell)).finish();
        let moves = placed.moves.expect("the beam ends within its budget");
        let mut end = start.clone();
        assert!(end.apply_all(&moves).is_ok());
        assert_ne!(end, goal);
        let (before, after) = (distance(&start, &shell), distance(&end, &shell));
        assert!(after * 10 <= before, "the shell: {after} of {before}");
        let (before, after) = (distance(&start, &all), distance(&end, &all));
        assert!(after * 2 <= before, "every tile: {after} of {before}");
    }

    #[test]
    fn a_placing_beam_stops_as_soon_as_its_tiles_are_home() {
        // The top row is home from the start: no move is made, though the board is not solved.
        let goal = Board::blank_last(5, 5).unwrap();
        let start = crate::puzzle::notation::parse_board(
            "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 0 22 23 24",
        )
        .unwrap();
        let row: Vec<u8> = (1..=5).collect();
        let placed = Beam::placing(&start, &goal, 100, 100_000, 0, four_halves(&row)).finish();
        assert_eq!(placed.moves, Some(Vec::new()));
    }

    #[test]
    fn a_shell_is_a_line_from_one_end_to_the_other() {
        // The top row and left column of a 4×4, from the row's end round the corner.
        let mut on = vec![false; 16];
        for s in [0, 1, 2, 3, 4, 8, 12] {
            on[s] = true;
        }
        assert_eq!(line_of(&on, 4, 4), [3, 2, 1, 0, 4, 8, 12]);
        // Two squares apart make no line.
        let mut apart = vec![false; 16];
        apart[0] = true;
        apart[5] = true;
        assert_eq!(line_of(&apart, 4, 4), Vec::<usize>::new());
    }

    /// The weighted part of a partial beam's first estimate, placing the top row and left
    /// column of a 5×5 (each tile counting 4 halves more a square away), but the blank's walk
    /// (see [`BLANK_WALK`]).
    fn shell_part(board: &str) -> i32 {
        let beam = five_shell(board);
        beam.boards[0].estimate
            - 2 * beam.boards[0].plain
            - BLANK_WALK * i32::from(beam.boards[0].walk)
    }

    /// A beam placing the top row and left column of a 5×5, from `board`.
    fn five_shell(board: &str) -> Beam {
        let goal = Board::blank_last(5, 5).unwrap();
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let shell = [1, 2, 3, 4, 5, 6, 11, 16, 21];
        Beam::placing(&start, &goal, 10, 1_000, 0, four_halves(&shell))
    }

    #[test]
    fn the_blanks_walk_to_the_nearest_tile_of_the_shell_away_counts() {
        // Tiles 3 and 8 swapped (3 a square below home): the blank on the bottom right is 5
        // squares from 3, so 4 moves from beside it; 8 is no tile of the shell.
        let far = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        let beam = five_shell(far);
        assert_eq!(i32::from(beam.boards[0].walk), 4);
        let weighted = beam.boards[0].estimate - 2 * beam.boards[0].plain;
        assert_eq!(weighted, 4 + DEAD_POCKET + BLANK_WALK * 4);
        // The blank beside 3: no walk. With 21 away too (swapped with 22), the nearer counts.
        let beside = "1 2 8 4 5/6 7 3 0 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 9";
        assert_eq!(i32::from(five_shell(beside).boards[0].walk), 0);
        let two = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/22 21 23 0 24";
        assert_eq!(i32::from(five_shell(two).boards[0].walk), 1);
        // Every tile of the shell home: nothing, wherever the blank is.
        let home = "1 2 3 4 5/6 13 8 9 10/11 12 7 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(i32::from(five_shell(home).boards[0].walk), 0);
    }

    #[test]
    fn a_move_changes_the_blanks_walk_as_measuring_it_again_says() {
        // Boards a few dozen moves from home: after every move, the squares away and the walk
        // the beam works out from the parent's agree with a beam started on the child.
        let goal = Board::blank_last(6, 6).unwrap();
        let shell = top_row_and_left_column(&goal);
        let mut rng = Rng::seeded(13);
        let mut walks = std::collections::BTreeSet::new();
        for _ in 0..300 {
            let (board, _) = crate::puzzle::scramble::random_walk(&goal, 40, &mut rng);
            let beam = Beam::placing(&board, &goal, 10, 1_000, 0, four_halves(&shell));
            let b = board.blank();
            for to in beside(b, 6, 6) {
                let mut child = board.clone();
                assert!(child.apply(Move::between(b, to, 6)));
                let again = Beam::placing(&child, &goal, 10, 1_000, 0, four_halves(&shell));
                let away = beam.away_after(beam.boards[0].marks(), board.tiles()[to], b, to);
                assert_eq!(away, again.boards[0].marks(), "{board}");
                assert_eq!(
                    beam.blank_walk(away, to),
                    i32::from(again.boards[0].walk),
                    "{board}"
                );
                walks.insert(i32::from(again.boards[0].walk));
            }
        }
        assert!(walks.len() > 3, "walks seen: {walks:?}");
    }

    /// The tiles of `goal`'s top row and left column: its outer shell, as shells are placed.
    fn top_row_and_left_column(goal: &Board) -> Vec<u8> {
        let w = goal.width();
        (0..w)
            .chain((1..goal.height()).map(|r| r * w))
            .map(|s| goal.tile(s))
            .collect()
    }

    /// A shell's tiles, counting 4 halves more a square away, with no next shell.
    fn four_halves(tiles: &[u8]) -> Shell<'_> {
        Shell {
            tiles,
            weight: 4,
            next: &[],
        }
    }

    #[test]
    fn the_next_shells_tiles_count_half_a_move_more_a_square_away() {
        // Placing the top row and left column of a 5×5 with tile 7 (of the next shell) five
        // squares from home, and tile 24 (of no shell) five squares from its home: each counts
        // its far term (6 halves, 3 moves); 7 also half its distance, 2 moves more in all.
        let goal = Board::blank_last(5, 5).unwrap();
        let board = "1 2 3 4 5/6 24 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 7 0";
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let shell = [1, 2, 3, 4, 5, 6, 11, 16, 21];
        let plain = |next: &[u8]| {
            let aim = Shell {
                tiles: &shell,
                weight: 4,
                next,
            };
            let beam = Beam::placing(&start, &goal, 10, 1_000, 0, aim);
            (
                beam.boards[0].plain,
                beam.boards[0].estimate - 2 * beam.boards[0].plain,
            )
        };
        let (alone, weighted) = plain(&[]);
        let lc = Estimator::new(Heuristic::LinearConflict, &goal)
            .unwrap()
            .estimate_board(&start) as i32;
        assert_eq!(alone, lc + 3 + 3);
        assert_eq!(plain(&[7, 8, 9, 10, 12, 17, 22]), (alone + 2, weighted));
        // A tile of the next shell that is home counts nothing either way.
        assert_eq!(plain(&[8, 9, 10]), (alone, weighted));
    }

    #[test]
    fn a_square_of_a_shell_walled_in_by_tiles_home_counts_as_a_dead_pocket() {
        // Tile 3 a square below its home, which tile 8 holds between 2 and 4, both home: the
        // blank can reach its home only past a tile home.
        let pocket = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(pocket), 4 + DEAD_POCKET);
        // Tiles 3 and 4 both below home: two ways in, no pocket.
        let open = "1 2 8 9 5/6 7 3 4 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(open), 8);
        // The blank in the pocket with tile 3 at its door is a move from home: no pocket.
        let a_move = "1 2 0 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 8";
        assert_eq!(shell_part(a_move), 4);
        // The corner's square with both its neighbours home, and the last square of the row
        // beside a tile home: two pockets.
        let two = "7 2 3 4 10/6 1 8 9 5/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(two), (4 * 2 + far_term(2)) + 4 + 2 * DEAD_POCKET);
    }

    /// Squares in dead pockets along `beam`'s shell, counted square by square as the rule
    /// reads (see [`DEAD_POCKET`]): the beam's own count, [`Beam::dead`], works on bits.
    fn dead_by_hand(beam: &Beam, view: &dyn Fn(usize) -> u8) -> i32 {
        let line = &beam.line;
        let away = |i: usize| view(line[i]) != beam.goal_at[line[i]];
        let (mut dead, mut i) = (0, 0);
        while i < line.len() {
            if !away(i) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j + 1 < line.len() && away(j + 1) {
                j += 1;
            }
            let mut doors: Vec<usize> = beam.doors[i..=j].iter().flatten().copied().collect();
            doors.retain(|&d| d != usize::MAX);
            doors.dedup();
            doors.sort_unstable();
            doors.dedup();
            let s = line[i];
            let one_door = doors.len() == 1;
            let a_move_away =
                i == j && view(s) == 0 && one_door && view(doors[0]) == beam.goal_at[s];
            if doors.len() <= 1 && !a_move_away {
                dead += (j - i + 1) as i32;
            }
            i = j + 1;
        }
        dead
    }

    /// Every child of a beam's first board, as the beam works it out from its parent (with its
    /// plain part), and as a beam started on the child finds its first board: the two must
    /// agree. The least and most estimates are those of the children.
    fn children_and_fresh(beam: &Beam, again: impl Fn(&Board) -> Beam) -> Vec<(Child, i32, Kept)> {
        let mut children = Vec::new();
        beam.generate(&mut children);
        let estimator = beam.estimator.clone().unwrap();
        let span = match beam.partial {
            true => beam.estimate::<true>(&mut children, estimator.lines().unwrap()),
            false => beam.estimate::<false>(&mut children, estimator.lines().unwrap()),
        };
        let estimates = children.iter().map(|c| c.estimate);
        assert_eq!(
            span,
            (estimates.clone().min().unwrap(), estimates.max().unwrap())
        );
        let (w, b) = (beam.start.width(), beam.start.blank());
        children
            .into_iter()
            .map(|child| {
                let mut board = beam.start.clone();
                let to = usize::from(child.to);
                let plain = beam.plain(&child, &beam.boards[0], beam.start.tiles()[to]);
                assert!(board.apply(Move::between(b, to, w)));
                (child, plain, again(&board).boards[0])
            })
            .collect()
    }

    #[test]
    fn a_move_changes_a_shells_estimate_as_measuring_the_child_again_says() {
        // Boards a few dozen moves from home, where shells' squares get walled in: every
        // child's estimate, dead pockets and blank's walk, worked out from its parent's, are
        // those of a beam started on the child; and the pockets are those counted by hand.
        let goal = Board::blank_last(6, 6).unwrap();
        let shell = top_row_and_left_column(&goal);
        let mut rng = Rng::seeded(11);
        let (mut pockets, mut walks) = (0, 0);
        let placing =
            |board: &Board| Beam::placing(board, &goal, 10, 1_000, 0, four_halves(&shell));
        for _ in 0..600 {
            let (board, _) = crate::puzzle::scramble::random_walk(&goal, 30, &mut rng);
            let beam = placing(&board);
            let tiles = board.tiles();
            assert_eq!(
                i32::from(beam.boards[0].walls),
                dead_by_hand(&beam, &|s| tiles[s])
            );
            for (child, plain, fresh) in children_and_fresh(&beam, placing) {
                let k = (child.estimate, plain, child.walk, child.walls);
                assert_eq!(
                    k,
                    (fresh.estimate, fresh.plain, fresh.walk, fresh.walls),
                    "{board}"
                );
                pockets += usize::from(child.walls != beam.boards[0].walls);
                walks += usize::from(child.walk != beam.boards[0].walk);
            }
        }
        assert!(
            pockets > 20 && walks > 100,
            "{pockets} pockets, {walks} walks changed"
        );
    }

    /// The part of a whole-board beam's first estimate beyond twice its plain part and its
    /// tiles' weighted distances (no far corner weighing more): what walled-in squares add.
    fn walled_part(board: &str) -> i32 {
        let goal = Board::blank_last(4, 4).unwrap();
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let beam = Beam::new(&start, &goal, 10, 1_000, 0, 0);
        let weighted: i32 = (0..16)
            .map(|s| beam.weighted[usize::from(start.tiles()[s]) * 16 + s])
            .sum();
        beam.boards[0].estimate - 2 * beam.boards[0].plain - weighted
    }

    #[test]
    fn a_square_whose_neighbours_hold_their_tiles_but_one_counts_as_walled_in() {
        // Tiles 6 and 11 swapped, apart: all four squares beside each hold their own tiles.
        assert_eq!(
            walled_part("1 2 3 4/5 11 7 8/9 10 6 12/13 14 15 0"),
            2 * WALLED_IN
        );
        // Tiles 6 and 7 swapped, side by side: each square has one way in, its neighbour's.
        assert_eq!(
            walled_part("1 2 3 4/5 7 6 8/9 10 11 12/13 14 15 0"),
            2 * WALLED_IN
        );
        // A 2×2 block turned: every square has two ways in.
        assert_eq!(walled_part("1 2 3 4/5 10 6 8/9 11 7 12/13 14 15 0"), 0);
        // The blank walled in with its tile at the one way in is a move from home; the goal's
        // own square, holding 15, is walled in.
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"),
            WALLED_IN
        );
        // The blank walled in with 15 at its one way in, not its tile 12: walled in, as is 12's
        // square (15's has two ways in). With 12 at the way in instead, one move from home:
        // only the goal's own square, holding 12, is.
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 0/13 14 12 15"),
            2 * WALLED_IN
        );
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12"),
            WALLED_IN
        );
    }

    /// Squares walled in on `view`'s board, counted square by square as the rule reads (see
    /// [`WALLED_IN`]): the beam's own count, [`Beam::walled`], works on bits.
    fn walled_by_hand(beam: &Beam, view: &dyn Fn(usize) -> u8) -> i32 {
        let (w, h) = (beam.start.width(), beam.start.height());
        let home = |s: usize| view(s) == beam.goal_at[s];
        let walled = |s: usize| {
            let open: Vec<usize> = beside(s, w, h).filter(|&nb| !home(nb)).collect();
            let a_move_away = view(s) == 0 && open.len() == 1 && view(open[0]) == beam.goal_at[s];
            !home(s) && open.len() <= 1 && !a_move_away
        };
        (0..w * h).filter(|&s| walled(s)).count() as i32
    }

    #[test]
    fn a_move_changes_a_whole_boards_estimate_as_measuring_the_child_again_says() {
        // Boards a few dozen moves from home, on a square board and a long one: every child's
        // estimate and walled-in squares, worked out from its parent's, are those of a beam
        // started on the child, and the walls those counted by hand.
        let mut rng = Rng::seeded(12);
        let mut changes = 0;
        for (w, h) in [(5, 5), (7, 4)] {
            let goal = Board::blank_last(w, h).unwrap();
            let fresh = |board: &Board| Beam::new(board, &goal, 10, 1_000, 0, 2);
            for _ in 0..400 {
                let (board, _) = crate::puzzle::scramble::random_walk(&goal, 30, &mut rng);
                let beam = fresh(&board);
                let tiles = board.tiles();
                assert_eq!(
                    i32::from(beam.boards[0].walls),
                    walled_by_hand(&beam, &|s| tiles[s])
                );
                for (child, plain, again) in children_and_fresh(&beam, fresh) {
                    let k = (child.estimate, plain, child.walls);
                    assert_eq!(k, (again.estimate, again.plain, again.walls), "{board}");
                    changes += usize::from(child.walls != beam.boards[0].walls);
                }
            }
        }
        assert!(changes > 100, "{changes} moves changed a wall");
    }

    #[test]
    fn a_beam_that_gives_up_leads_to_the_best_board_it_saw() {
        // Far too few boards for a 7×7: no answer, but the moves to a board much nearer home.
        let goal = Board::blank_last(7, 7).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(6))
            .unwrap()
            .into_board();
        let lost = Beam::new(&start, &goal, 100, 20_000, 0, 2).finish();
        assert_eq!(lost.moves, None);
        assert!(lost.generated <= 20_000);
        let mut nearest = start.clone();
        assert!(nearest.apply_all(&lost.nearest).is_ok());
        let estimate = Estimator::new(Heuristic::LinearConflict, &goal).unwrap();
        let (before, after) = (
            estimate.estimate_board(&start),
            estimate.estimate_board(&nearest),
        );
        assert!(after + 20 < before, "{after} after {before}");
    }

    #[test]
    fn the_children_kept_are_the_least_as_sorting_says() {
        let mut rng = Rng::seeded(9);
        let mut counts = Vec::new();
        for round in 0..300u64 {
            let len = (rng.next_u64() % 400) as usize;
            // Narrow spans (many ties on the cut) and, now and then, one too wide to count.
            let span = if round % 10 == 0 {
                1 << 20
            } else {
                1 + round % 40
            };
            let mut children: Vec<Child> = (0..len)
                .map(|k| {
                    let e = (rng.next_u64() % span) as i32 - 5;
                    Child {
                        estimate: e,
                        ..Child::new(rng.next_u64() % 50, k as u32, 0)
                    }
                })
                .collect();
            let keep = (rng.next_u64() % 450) as usize;
            let mut sorted = children.clone();
            sorted.sort_unstable();
            sorted.truncate(keep);
            let least = children.iter().map(|c| c.estimate).min().unwrap_or(0);
            let most = children.iter().map(|c| c.estimate).max().unwrap_or(0);
            keep_least(&mut children, keep, &mut counts, least, most);
            children.sort_unstable();
            assert_eq!(children, sorted, "round {round}");
        }
    }

    #[test]
    fn a_beam_run_a_few_boards_at_a_time_finds_what_it_finds_at_once() {
        let mut rng = Rng::seeded(8);
        for (w, h) in [(5, 5), (6, 6), (4, 7)] {
            let goal = Board::blank_last(w, h).unwrap();
            let position = random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
            let whole = solve(&position, 300, 1_000_000, 1, 2);
            let start = position.into_board();
            let moves = whole.moves.clone().expect("a 300-wide beam finds its way");
            let mut b = start.clone();
            assert!(b.apply_all(&moves).is_ok());
            assert_eq!(b, goal);
            let mut beam = Beam::new(&start, &goal, 300, 1_000_000, 1, 2);
            let mut steps = 0;
            let sliced = loop {
                let before = beam.generated();
                let done = beam.step(1_000);
                // A step stops at the first level that reaches its boards: at most one level
                // (four boards a board of the beam) beyond.
                assert!(beam.generated() - before < 1_000 + 4 * 300);
                steps += 1;
                if let Some(done) = done {
                    break done;
                }
            };
            assert!(steps > 3, "{w}x{h}: {steps} steps");
            assert_eq!(sliced, whole, "{w}x{h}");
        }
    }
}
