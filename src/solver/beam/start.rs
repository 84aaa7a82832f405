//! A beam at its first level: what it aims at (every tile home, or a shell's), the tables and
//! the shell's geometry worked out once, and the record of its first board.

use super::Beam;
use super::Shell;
use super::aim::Aim;
use super::blank_walk::{BLANK_WALK, WHOLE_WALK};
use super::budget::MAX_WIDTH;
use super::kept::{Kept, NO_SQUARE, halves};
use super::seen::{seen_table, zobrist_keys};
use super::tables::Tables;
use super::walls::{DEAD_POCKET, Grid, WALLED_IN};
use super::weights::{NEXT_SHELL, far_corner_weights};
use crate::heuristics::{Estimator, Heuristic};
use crate::puzzle::board::{Board, beside};

impl Beam {
    /// A beam at its first level (see [`solve`](super::solve)), of two boards of one shape.
    pub(crate) fn new(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        outer: usize,
    ) -> Beam {
        Beam::paced(start, goal, width, max_nodes, seed, outer, super::PACE)
    }

    /// [`Beam::new`] for a board whose answer is expected to take `pace` tenths of a move a
    /// move of its estimate (see [`PACE`](super::PACE)): the beam is sized so its budget lasts
    /// that long.
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
            walk: false,
            pace,
        };
        Beam::aiming(start, goal, width, max_nodes, seed, aim)
    }

    /// [`Beam::paced`] over the whole board with the tiles of two diagonals from the far corner
    /// weighing more, that also counts the blank's walk to the nearest tile away (see
    /// [`WHOLE_WALK`]).
    pub(crate) fn walking(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        pace: u64,
    ) -> Beam {
        let aim = Aim {
            extra: far_corner_weights(goal, 2),
            next: Vec::new(),
            partial: false,
            walk: true,
            pace,
        };
        Beam::aiming(start, goal, width, max_nodes, seed, aim)
    }

    /// A beam that brings `shell.tiles` home, each counting its distance `1 + weight / 2` times
    /// in the estimate (the other tiles once, so that the moves bring them nearer home too where
    /// they can; the next shell's tiles a little more, see [`NEXT_SHELL`]). It stops at the first
    /// level where a board has them all home, or once they have come no nearer home for
    /// [`STALL_LEVELS`](super::levels::STALL_LEVELS) levels; either way its moves lead to the
    /// best board seen by their distance, then linear conflicts. Where the tiles' homes make one
    /// line (a shell), a square of it walled in by tiles home counts more ([`DEAD_POCKET`]), and
    /// so does the blank's walk to the nearest tile of the shell still away ([`BLANK_WALK`]).
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
            walk: true,
            pace: super::PACE,
        };
        Beam::aiming(start, goal, width, max_nodes, seed, aim)
    }

    /// The beam of [`Beam::paced`] and [`Beam::placing`]: its tables, in a partial beam its
    /// shell's geometry, and its first board, with the width its budget pays for.
    fn aiming(
        start: &Board,
        goal: &Board,
        width: usize,
        max_nodes: u64,
        seed: u64,
        aim: Aim,
    ) -> Beam {
        let width = width.min(MAX_WIDTH);
        let estimator = Estimator::new(Heuristic::LinearConflict, goal).ok();
        let (n, w, h) = (start.len(), start.width(), start.height());
        let (zobrist, slide) = zobrist_keys(n, seed);
        let mut home = vec![0; n];
        for (square, &tile) in goal.tiles().iter().enumerate() {
            home[usize::from(tile)] = square;
        }
        let Tables {
            weighted,
            others,
            score,
            plain_score,
        } = Tables::new(&aim, &home, w);
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
            seen: Vec::new(),
            parents: Vec::new(),
            generated: 0,
            children: Vec::new(),
            making: None,
            counts: Vec::new(),
            per_board: 4.0,
            partial: aim.partial,
            unit: aim.extra.iter().copied().max().unwrap_or(1).max(1),
            best: (i64::MAX, 0, 0),
            stalled: 0,
            trimming: None,
            pace: aim.pace,
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
            give_up: None,
            gave_up: false,
        };
        if aim.partial || aim.walk {
            beam.set_up_walk(&aim, &home);
        }
        if aim.partial {
            beam.set_up_line(goal, &aim);
        }
        let first = beam.first_board();
        beam.boards.push(first);
        beam.width = beam.first_width(&first);
        // Sized to the width the budget pays for, not the most asked for: a round asks for
        // what its memory cap holds, and a table of that size misses the cache.
        beam.seen = seen_table(beam.width);
        beam.remember(first.hash);
        beam
    }

    /// The record of the start, the beam's first board, all worked out from its tiles (its
    /// children's are worked out from their parent's).
    fn first_board(&self) -> Kept {
        let (start, n, partial) = (&self.start, self.start.len(), self.partial);
        let tiles = start.tiles();
        let at = |s: usize| tiles[s];
        let (blank, hash) = (
            start.blank(),
            (0..n).fold(0, |acc, s| acc ^ self.z(at(s), s)),
        );
        let away = self.away_of(at);
        let walk = self.blank_walk(away, blank);
        let line_home = self.line_home_of(at);
        let home = self.home_of(at);
        // Dead pockets in a shell's beam, walled-in squares in a whole board's.
        let walls = match partial {
            true => self.dead(line_home, blank, at),
            false => self.walled(home, blank, at),
        };
        let weighted: i32 = (0..n)
            .map(|s| self.weighted[usize::from(at(s)) * n + s])
            .sum();
        let others: i32 = (0..n)
            .filter_map(|s| self.others.get(usize::from(at(s)) * n + s))
            .sum();
        let plain = self
            .estimator
            .as_ref()
            .map_or(0, |e| e.estimate_board(start) as i32)
            + others;
        let (wall, step) = match partial {
            true => (DEAD_POCKET, BLANK_WALK),
            false => (WALLED_IN, WHOLE_WALK),
        };
        let knots = if partial {
            0
        } else {
            self.knots(home, blank, at)
        };
        let weighted = weighted + wall * walls + step * walk + knots;
        let costs = self.estimator.as_ref().and_then(Estimator::lines);
        Kept {
            hash,
            estimate: 2 * plain + weighted,
            plain,
            blank: blank as u8,
            back: NO_SQUARE,
            walk: walk as u8,
            walls: walls as u8,
            knots: knots as u16,
            costs: costs.map_or([0; _], |l| l.costs(&at)),
            line_home,
            marks: halves(if partial { away } else { home }),
        }
    }
}
