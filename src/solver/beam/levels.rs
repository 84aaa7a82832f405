//! The beam itself, searched level after level: the best board so far noted, the answer taken
//! where a level has one, else the next level made, until the goal, a stall (a shell's beam) or
//! the end of the budget.

use super::keep::keep_least;
use super::kept::Kept;
use super::path::path;
use super::trim::LINKS_PER_PIECE;
use super::{Beam, Beamed};
use crate::heuristics::Estimator;
use crate::heuristics::linear_conflict::Lines;

/// Levels a partial beam ([`Beam::placing`]) goes on without bringing its tiles nearer home
/// before it gives up on them: the last few tiles of a line need the others to step aside, which
/// raises the estimate, and the beam fills with boards that move the other tiles instead. With
/// [`DEAD_POCKET`](super::walls::DEAD_POCKET)s counted, a beam that goes on longer places more of
/// its tiles itself, leaving less to the line searches that follow; much longer (150 levels),
/// and the shells' beams spent their budget.
pub(super) const STALL_LEVELS: usize = 60;

impl Beam {
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

    /// Whether the last call of [`Beam::levels`] gave up (not while a trim is under way: the
    /// level that started it is looked at once it is done).
    fn ended(&self) -> bool {
        self.gave_up
            || self.making.is_none()
                && self.trimming.is_none()
                && (self.boards.is_empty()
                    || self.generated + 4 * self.boards.len() as u64 > self.max_nodes)
    }

    /// Gives up when the best estimate has not gone down for `levels` levels (a whole-board
    /// beam; a shell's beam stops after [`STALL_LEVELS`] at its best board anyway), rather than
    /// wander until its budget is spent.
    pub(crate) fn giving_up_after(mut self, levels: usize) -> Beam {
        self.give_up = Some(levels);
        self
    }

    /// Spends at most `max_nodes` in all from now on, if that is fewer than its budget: the
    /// levels still to come narrow to what it pays for.
    pub(crate) fn spend_at_most(&mut self, max_nodes: u64) {
        self.max_nodes = self.max_nodes.min(max_nodes.max(self.generated));
    }

    /// [`Beam::step`] with the estimator at hand: `None` when `boards` are generated, or when
    /// the beam gave up ([`Beam::ended`]).
    fn levels(&mut self, estimator: &Estimator, boards: u64) -> Option<Beamed> {
        let lines = estimator.lines()?;
        let until = self.generated.saturating_add(boards);
        loop {
            // A trim under way goes on, a piece a call (a wide beam's takes tens of
            // milliseconds in all).
            if self.trimming.is_some() {
                self.trim_piece(LINKS_PER_PIECE);
                return None;
            }
            if let Some(making) = self.making {
                // A level under way: its next parents' children, and the level once they are
                // all made (a trim it starts waits for the next call).
                let under_way = self.make(making, lines);
                if under_way && self.generated >= until || self.trimming.is_some() {
                    return None;
                }
                continue;
            }
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
                    // A shell's beam makes progress when its tiles come nearer home; a
                    // whole board's, when its estimate goes down.
                    if !partial || best >> 32 < self.best.0 >> 32 {
                        self.stalled = 0;
                    } else {
                        self.stalled += 1;
                    }
                    self.best = (best, level, i);
                }
                _ => self.stalled += 1,
            }
            if !self.partial && self.give_up.is_some_and(|levels| self.stalled > levels) {
                self.gave_up = true;
                return None;
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
            self.children.clear();
            self.making = Some(Making {
                next: 0,
                least: i32::MAX,
                most: i32::MIN,
                keep: self.keep_width(),
            });
        }
    }

    /// Makes the children of the next [`PARENTS_PER_PIECE`] boards of the level under way
    /// (`making`), and the next level once every board's are made; whether the level is still
    /// under way.
    fn make(&mut self, making: Making, lines: &Lines) -> bool {
        let mut children = std::mem::take(&mut self.children);
        let (from, to) = (
            making.next,
            (making.next + PARENTS_PER_PIECE).min(self.boards.len()),
        );
        let made = children.len();
        self.generate(&mut children, from..to);
        let (least, most) = match self.partial {
            true => self.estimate::<true>(&mut children[made..], lines),
            false => self.estimate::<false>(&mut children[made..], lines),
        };
        self.generated += (children.len() - made) as u64;
        let making = Making {
            next: to,
            least: making.least.min(least),
            most: making.most.max(most),
            ..making
        };
        if to < self.boards.len() {
            self.children = children;
            self.making = Some(making);
            return true;
        }
        self.per_board = children.len() as f64 / self.boards.len() as f64;
        let (least, most) = (making.least, making.most);
        keep_least(&mut children, making.keep, &mut self.counts, least, most);
        self.keep(&children);
        self.children = children;
        self.making = None;
        false
    }
}

/// Boards of a level whose children are made at a time: a level of a beam hundreds of
/// thousands wide takes tens of milliseconds, and the browser's worker listens between pieces.
const PARENTS_PER_PIECE: usize = 16_384;

/// A level under way: the next board whose children are to be made, the least and most
/// estimate of those made, and how many the level keeps.
#[derive(Clone, Copy, Debug)]
pub(super) struct Making {
    next: usize,
    least: i32,
    most: i32,
    keep: usize,
}

#[cfg(test)]
mod tests {
    use super::super::solve;
    use super::super::test_shells::{four_halves, top_row_and_left_column};
    use super::*;
    use crate::heuristics::Heuristic;
    use crate::heuristics::manhattan::squares_apart;
    use crate::puzzle::board::Board;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

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

    #[test]
    fn a_level_wider_than_a_piece_is_made_a_piece_at_a_time_and_finds_the_same() {
        // 40,000 boards wide: a level's children are made in three pieces, and a step stops
        // after the piece that reaches its boards, not after the whole level.
        let goal = Board::blank_last(5, 5).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(3))
            .unwrap()
            .into_board();
        let whole = Beam::new(&start, &goal, 40_000, 6_000_000, 1, 2).finish();
        let moves = whole
            .moves
            .clone()
            .expect("a 40,000-wide beam finds its way");
        let mut b = start.clone();
        assert!(b.apply_all(&moves).is_ok());
        assert_eq!(b, goal);
        let mut beam = Beam::new(&start, &goal, 40_000, 6_000_000, 1, 2);
        let (mut steps, mut within_a_level) = (0, 0);
        let sliced = loop {
            let before = beam.generated();
            let done = beam.step(1_000);
            let made = beam.generated() - before;
            assert!(made < 1_000 + 4 * PARENTS_PER_PIECE as u64, "{made}");
            within_a_level += usize::from(beam.making.is_some());
            steps += 1;
            if let Some(done) = done {
                break done;
            }
        };
        assert!(within_a_level > steps / 3, "{within_a_level} of {steps}");
        assert_eq!(sliced, whole);
    }
}
