//! Shorter answers for large boards (6×6 to 10×10 and long rectangles): the board is finished
//! from the far corner in, like [`super::rows_and_columns`], then the path is shortened by
//! windows re-solved. Up to 7×7 a beam search over the whole board does it all (see
//! [`super::beam`]). Beyond, the unfinished rectangle's outer row and column, a *shell*, are
//! brought home together by a beam over the whole rectangle that counts the shell's tiles more
//! ([`Tuning::shell`]), down to a 7×7 corner finished by a whole-board beam; where a shell's
//! beam stalls on its last tiles, line searches place them.
//!
//! Why shells: a beam moves every tile at once, so the moves that bring the shell home bring
//! the other tiles nearer home too (a shell's moves come to about 1.4 × the Manhattan distance
//! they take off). A line placed by its own search comes to 2.2 ×: the other tiles only count
//! as a tie-break. And a whole-board beam on 8×8 or larger wanders unless very wide.
//!
//! A line search is a bounded best-first search over the line's tiles *together* with the
//! blank, not one tile at a time: placing tiles one by one with the rest frozen makes the blank
//! walk round each tile again and again, and the last two tiles of every line need a fixed
//! ten-odd-move trick. A search over (blank, tiles of the line) lets tiles share the blank's
//! trips, lets a tile already home step aside for a moment, and finds the cheap way in for the
//! line's last tiles. Tiles outside the line are not part of a state, so a line takes thousands
//! of nodes; but each node keeps the board its path leads to, and the other tiles' Manhattan
//! distance counts in its priority ([`Tuning::others`]), so that the blank's trips push them
//! home too where they can.
//!
//! The estimate guiding a line search is, for each tile of the line, the exact number of moves
//! it would need alone (breadth-first over its (tile, blank) squares in the unfinished
//! rectangle), plus the blank's walk to the nearest tile still away from home. It is not
//! admissible (tiles share the blank's trips), which is what we want: the search is a fast
//! guide, not a proof. Each line is searched in steps: a few more of its tiles join the tracked
//! set each time, and tiles already home stay tracked (free to move, but due home again).
//!
//! `FringeSearch` is anytime: rows and columns' answer first, then [`variant`]s of this method
//! one after another, each shorter answer offered at once, until the node budget is spent.
//!
//! Memory stays bounded: every search stops after [`Tuning::nodes_per_search`] expansions, a
//! beam after generating 1,000 boards per board of its width, and the method then reports an
//! error, or, in a variant with shells, rows and columns finish what is left at once; the
//! caller keeps the answer it already has.

use super::beam::{Beam, Shell};
use super::rows_and_columns::{Flip, ReductionError, corner_boards};
use super::shorten::Shortening;
use crate::heuristics::manhattan::squares_apart;
use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::position::Position;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, VecDeque};

/// The knobs of [`solve`], measured on random 6×6 to 10×10 boards (see the README).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Most expansions of one line step's search; memory grows with it (about 60 bytes a node).
    pub nodes_per_search: u64,
    /// Tiles of a line that join the tracked set at each step.
    pub group: usize,
    /// Most expansions of all line searches together.
    pub max_nodes: u64,
    /// f = g + weight × h, as `(numerator, denominator)`.
    pub weight: (u32, u32),
    /// Side of the last corner (3 to 5): a 3×3 is solved optimally, a 4×4 or 5×5 by weighted A*
    /// with linear conflict (w = 1.5 and 2), and if that runs out of nodes one more line is
    /// searched and the corner is one smaller.
    pub corner: usize,
    /// Moves of a window re-solved when shortening, and most expansions of its search: 32 and
    /// 100,000 take 1-2 % off (24 and 20,000, as rows and columns use, take 1 %), within a
    /// tenth of a second on 10×10.
    pub window: (usize, u64),
    /// Weight of the other tiles' Manhattan distance in a line's search, as `(numerator,
    /// denominator)` at most 1: among paths of one length that place the line, the one that
    /// also brings the others nearer home wins, and a path a move longer may win if it does
    /// much more so. Tiles of the next `near` lines count fully (10 random 10×10 boards: 2.39 ×
    /// Manhattan without, 2.07 × with all tiles at 1, 2.03 × with 1/2 beyond the next line).
    pub others: (u32, u32),
    pub near: usize,
    /// Width of the beam search ([`super::beam`]) that finishes the last corner, up to 7×7
    /// (0: weighted A* on a corner up to 5×5, as `corner` says).
    pub beam: usize,
    /// Diagonals from the corner farthest from the blank's goal whose tiles count more in the
    /// beam's estimate, less and less (see [`super::beam::solve`]).
    pub outer: usize,
    /// Most boards the corner's beam may generate.
    pub beam_nodes: u64,
    /// Tie-break of the beam.
    pub seed: u64,
    /// Width of the beams that place a shell, the unfinished rectangle's outer row and column
    /// together (0: line searches place one line at a time), and the extra weight of their
    /// tiles in the beam's estimate, in halves of their distance (see [`Beam::placing`]). The
    /// other tiles count too, so the moves that bring the shell home bring them nearer home:
    /// a shell's moves come to about 1.4 × the Manhattan distance they take off, where a line
    /// search's come to 2.2 ×. When the beam stalls on a shell's last tiles, line searches place
    /// them (10 random 8×8 boards, 5,000 wide: 1.69, 1.65, 1.67 and 1.65 × Manhattan weighing
    /// 2, 3, 4 and 6 halves more; 1.67 8,000 wide).
    pub shell: usize,
    pub shell_weight: i32,
    /// Width of the beams that place the shells after the first (0: `shell`). A wider beam
    /// does not shorten them (a 10×10's second shell 50,000 wide, given 100 M boards, answered
    /// as long), so they are narrower than the first, whose width still pays.
    pub inner_shells: usize,
    /// Whether a shell's beam weighs the tiles of the shell after it a little more than the
    /// other tiles (see [`super::beam::Shell`]): the outer row and column of what it leaves,
    /// the corner's if it leaves the corner.
    pub next_shell: bool,
    /// The corner's part of the budget when shells are placed, in halves of a shell's share:
    /// the shells still to place share what is left with it, and it has what they leave.
    pub corner_share: u64,
    /// The first shell's share of the budget, in tenths of the share the others have.
    pub first_share: u64,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            nodes_per_search: 50_000,
            group: MAX_TRACKED,
            max_nodes: 2_000_000,
            weight: (1, 1),
            window: (32, 100_000),
            corner: 5,
            others: (1, 2),
            near: 1,
            beam: 0,
            outer: 0,
            beam_nodes: 20_000_000,
            seed: 0,
            shell: 0,
            shell_weight: 4,
            inner_shells: 0,
            next_shell: false,
            corner_share: 3,
            first_share: 10,
        }
    }
}

/// What the method did.
#[derive(Clone, Debug, PartialEq)]
pub struct Fringed {
    /// The moves from the start to the goal, not yet shortened.
    pub moves: Vec<Move>,
    /// Expansions of all line searches together, and boards the corner's beam generated.
    pub expanded: u64,
}

/// Weight of the weighted A* that finishes a 4×4 corner (a 5×5 takes 2), and its node budget:
/// a few milliseconds, 10 MB at most.
const CORNER_WEIGHT: f64 = 1.5;
const CORNER_NODES: u64 = 200_000;

/// Weight of the weighted A* that tries a 4×4 or 5×5 corner again when the first runs out of
/// nodes. A corner left by a beam that lost its way can be nearly home and still far from done:
/// one 5×5 traced, 10 squares of Manhattan distance from home, takes 42 moves at best, and
/// w = 2 runs out of its 200,000 nodes on it where w = 3 answers in 46 moves after 32,000.
const GREEDIER_CORNER_WEIGHT: f64 = 3.0;

/// In a variant with shells, boards the corner's beam leaves of the budget: if it loses its
/// way, line searches finish from the best board it reached (a few thousand nodes on a corner
/// that nearly home), then weighted A* the 5×5 left.
const CORNER_RESCUE: u64 = 100_000;

/// Fewest boards a corner's beam is started with after shells: a 7×7 beam given fewer
/// (shells that spent nearly all the budget) loses its way, and the line searches and weighted
/// A* that follow answer from where it started instead.
const MIN_CORNER_BEAM: u64 = 300_000;

/// Boards a corner's beam search may generate, per board of its width: a 6×6 generates about
/// 470 (see [`super::beam`]), so this leaves room for a beam that wanders, and bounds memory (a
/// beam of 4,000 keeps at most about 60 MB).
const BEAM_NODES_PER_WIDTH: u64 = 1_000;

/// Nodes a step of a line's search expands (about 10 ms natively on a 10×10).
const LINE_NODES_PER_STEP: u64 = 5_000;

/// Nodes a step of the corner's weighted A* expands (a few milliseconds natively).
const CORNER_NODES_PER_STEP: u64 = 5_000;

/// Boards a corner's beam generates a step (a few levels: 10 to 20 ms natively on a 7×7 beam
/// 8,000 wide, whose whole search takes about half a second).
const BEAM_BOARDS_PER_STEP: u64 = 50_000;

/// Moves the answer of a corner left by shells takes a move of its estimate, in tenths (see
/// [`super::beam::PACE`]).
const SHELLED_CORNER_PACE: u64 = 21;

/// Nodes a line's search has room for from the start.
const ROOM: u64 = 1 << 15;

/// Most tiles tracked at once: a whole line of a 10×10 board.
const MAX_TRACKED: usize = 10;

/// Solves a position (its goal's blank in a corner) line by line, each line by a bounded search;
/// errors if a search runs out of nodes.
pub fn solve(position: &Position, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    solve_boards(position.board(), position.goal(), tuning)
}

/// [`solve`] for two boards the caller knows to have one shape.
fn solve_boards(start: &Board, goal: &Board, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    let mut placing = Placing::new(start, goal, tuning)?;
    loop {
        if let Some(done) = placing.step() {
            return done;
        }
    }
}

/// [`solve`] a piece at a time: a few levels of a shell's beam, a slice of one line's search,
/// or of the corner's (so that the browser's worker can listen between them).
pub(crate) struct Placing {
    tuning: Tuning,
    flip: Flip,
    /// The goal, flipped to its blank's bottom-right corner (as the start in `work`).
    goal: Board,
    /// The board after the lines placed so far; its `expanded` counts every search of this
    /// `Placing`.
    work: Work,
    h: usize,
    /// The rows above and the columns left of the unfinished rectangle, all in place.
    top: usize,
    left: usize,
    /// The side the corner is finished at, and the beam's width (0: weighted A*).
    corner: usize,
    beam: usize,
    /// The line's search under way.
    job: Option<Box<Job>>,
    /// The corner's search under way.
    finishing: Option<Finishing>,
    /// The shell's beam under way (see [`Tuning::shell`]), and whether it places the row, the
    /// column.
    shelling: Option<(Box<Beam>, bool, bool)>,
    /// The `top` and `left` the line searches finishing the last shell's lines lead to: the
    /// next shell's beam starts there.
    lines_until: (usize, usize),
    /// Whether a shell's beam spent its budget (line searches place the lines left).
    shell_lost: bool,
    /// Whether the corner's weighted A* ran out of nodes once and is tried again greedier.
    greedier: bool,
}

impl Placing {
    /// Whether this variant set out as one beam over the whole board (no line to place; if the
    /// beam loses its way, lines and a smaller corner follow within what budget is left).
    fn whole_board_beam(&self) -> bool {
        let t = &self.tuning;
        t.beam > 0 && self.work.w <= t.corner && self.h <= t.corner
    }

    pub(crate) fn new(
        start: &Board,
        goal: &Board,
        tuning: &Tuning,
    ) -> Result<Placing, ReductionError> {
        let (w, h) = (start.width(), start.height());
        let flip = Flip::for_goal(goal)?;
        let (s, g) = (flip.board(start), flip.board(goal));
        let mut home = vec![0; g.tiles().len()];
        for (square, &tile) in g.tiles().iter().enumerate() {
            home[usize::from(tile)] = square;
        }
        let corner = if tuning.beam > 0 {
            tuning.corner.clamp(3, 7)
        } else {
            tuning.corner.clamp(3, 5)
        };
        Ok(Placing {
            tuning: *tuning,
            flip,
            goal: g,
            work: Work {
                w,
                home,
                at: s.tiles().to_vec(),
                moves: Vec::new(),
                expanded: 0,
            },
            h,
            top: 0,
            left: 0,
            corner,
            beam: tuning.beam,
            job: None,
            finishing: None,
            shelling: None,
            lines_until: (0, 0),
            shell_lost: false,
            greedier: false,
        })
    }

    /// Places the next line, or tries to finish the corner (a beam goes on a few levels a
    /// step); the answer (or why there is none) at the end.
    pub(crate) fn step(&mut self) -> Option<Result<Fringed, ReductionError>> {
        match self.search() {
            Some(Err(_)) if self.tuning.shell > 0 => Some(self.reduced()),
            done => done,
        }
    }

    /// The answer when a variant with shells fails (its budget spent in a line's search, or
    /// its corner's beam lost its way: one 8×8 board of 20 in the default budget): rows and
    /// columns finish the unfinished rectangle at once, from the best board reached, instead
    /// of the whole board from the start.
    fn reduced(&mut self) -> Result<Fringed, ReductionError> {
        let (w, h, goal) = (self.work.w, self.h, self.goal.tiles());
        let (a, b) = corner_boards(&self.work.at, goal, w, h, self.top, self.left)?;
        let rest = super::rows_and_columns::reduce_boards(&a, &b)?.moves;
        Ok(self.answer(rest))
    }

    /// Makes `moves`, found on a corner's board (the same moves on the whole board).
    fn play(&mut self, moves: &[Move]) -> Result<(), ReductionError> {
        let (w, h) = (self.work.w, self.h);
        for m in moves {
            let to = m.blank_target(self.work.blank(), w, h);
            self.work
                .slide(to.ok_or_else(|| ReductionError("a move left the board".into()))?);
        }
        Ok(())
    }

    /// The moves made so far, then `rest`, as an answer on the unflipped board.
    fn answer(&mut self, rest: Vec<Move>) -> Fringed {
        let mut moves = std::mem::take(&mut self.work.moves);
        moves.extend(rest);
        let flip = self.flip;
        Fringed {
            moves: moves.into_iter().map(|m| flip.unflip(m)).collect(),
            expanded: self.work.expanded,
        }
    }

    /// [`Placing::step`], but for what a variant with shells does when it fails.
    fn search(&mut self) -> Option<Result<Fringed, ReductionError>> {
        let (w, h, tuning) = (self.work.w, self.h, self.tuning);
        let (top, left) = (self.top, self.left);
        if h - top <= self.corner && w - left <= self.corner {
            let starved = tuning.shell > 0 && self.corner_beam_nodes() < MIN_CORNER_BEAM;
            if self.finishing.is_none() && self.beam > 0 && starved {
                self.without_beam();
                return None;
            }
            let (beam, corner) = (self.beam, self.corner);
            let finishing = match self.finishing.take() {
                Some(finishing) => Ok(finishing),
                None => self.start_corner(),
            };
            let lost = || ReductionError("the last corner could not be solved".into());
            let finished = match finishing {
                Err(e) => Err(e),
                Ok(Finishing::Beam(mut beaming)) => match beaming.step(BEAM_BOARDS_PER_STEP) {
                    None => {
                        self.finishing = Some(Finishing::Beam(beaming));
                        return None;
                    }
                    Some(beamed) => {
                        // The beam's boards count against the budget like the line searches'
                        // nodes.
                        self.work.expanded += beamed.generated;
                        if beamed.moves.is_none() && tuning.shell > 0 {
                            // Lost: line searches and weighted A* finish from the best board
                            // it reached, most of its tiles home.
                            if let Err(e) = self.play(&beamed.nearest) {
                                return Some(Err(e));
                            }
                        }
                        beamed.moves.ok_or_else(lost)
                    }
                },
                Ok(Finishing::Search(mut solver)) => match solver.run(CORNER_NODES_PER_STEP) {
                    super::Progress::Done(done) => done
                        .ok()
                        .and_then(|report| report.solution().map(|s| s.moves().to_vec()))
                        .ok_or_else(lost),
                    _ => {
                        self.finishing = Some(Finishing::Search(solver));
                        return None;
                    }
                },
            };
            match finished {
                Ok(rest) => return Some(Ok(self.answer(rest))),
                // The beam lost its way: lines, then weighted A* on the corner.
                Err(_) if beam > 0 => self.without_beam(),
                Err(_) if corner > 3 && !self.greedier => self.greedier = true,
                Err(e) if corner == 3 || tuning.shell > 0 => return Some(Err(e)),
                Err(_) => {
                    self.corner -= 1;
                    self.greedier = false;
                }
            }
            return None;
        }
        match self.shell_step() {
            Ok(true) => return None,
            Ok(false) => {}
            Err(e) => return Some(Err(e)),
        }
        // A slice of the line's search a step.
        let mut job = match self.job.take() {
            Some(job) => job,
            None => self.next_job(),
        };
        let Some(placed) = job
            .line
            .step(&mut job.child, &self.tuning, LINE_NODES_PER_STEP)
        else {
            self.job = Some(job);
            return None;
        };
        self.work.expanded = job.child.expanded;
        if let Err(e) = placed {
            return Some(Err(e));
        }
        self.work = job.child;
        if h - top >= w - left {
            self.top += 1;
        } else {
            self.left += 1;
        }
        None
    }
}

impl Placing {
    /// A step of the shell's beam (see [`Tuning::shell`]), which places the unfinished
    /// rectangle's outer row and column, or the one of them beyond the corner's side; false
    /// when there is none to take: this variant has no shells, or line searches are finishing
    /// what the last one left, or it lost its way.
    fn shell_step(&mut self) -> Result<bool, ReductionError> {
        let (w, h, tuning) = (self.work.w, self.h, self.tuning);
        let (top, left) = (self.top, self.left);
        let finishing = top < self.lines_until.0 || left < self.lines_until.1;
        if tuning.shell == 0 || self.shell_lost || finishing {
            return Ok(false);
        }
        let (mut beam, row, column) = match self.shelling.take() {
            Some(s) => s,
            None => {
                let (a, b) = corner_boards(&self.work.at, self.goal.tiles(), w, h, top, left)?;
                let (cw, ch) = (w - left, h - top);
                let row = ch > self.corner || ch >= cw;
                let column = cw > self.corner || cw > ch;
                let mut tiles = Vec::new();
                if row {
                    tiles.extend((0..cw).map(|c| b.tile(c)));
                }
                if column {
                    tiles.extend((0..ch).map(|r| b.tile(r * cw)));
                }
                tiles.retain(|&t| t != 0);
                // The budget left is shared between the shells still to place and the corner
                // (see `Tuning::corner_share`); the beam narrows to its share.
                let shells = cw.max(ch).saturating_sub(self.corner) as u64;
                let budget = tuning.beam_nodes.saturating_sub(self.work.expanded);
                let first = top == 0 && left == 0;
                let share = shell_share(budget, shells, &tuning, first);
                let width = match tuning.inner_shells {
                    inner if inner > 0 && !first => inner,
                    _ => tuning.shell,
                };
                let left_over = share.min(BEAM_NODES_PER_WIDTH * width as u64);
                // The next shell: the outer row and column of what this one leaves.
                let (nw, nh) = (cw - usize::from(column), ch - usize::from(row));
                let (c0, r0) = (usize::from(column), usize::from(row));
                let mut next: Vec<u8> = Vec::new();
                if tuning.next_shell && nw > 1 && nh > 1 {
                    next.extend((c0..cw).map(|c| b.tile(r0 * cw + c)));
                    next.extend((r0 + 1..ch).map(|r| b.tile(r * cw + c0)));
                    next.retain(|&t| t != 0);
                }
                let shell = Shell {
                    tiles: &tiles,
                    weight: tuning.shell_weight,
                    next: &next,
                };
                let beam = Beam::placing(&a, &b, width, left_over, tuning.seed, shell);
                (Box::new(beam), row, column)
            }
        };
        let Some(done) = beam.step(BEAM_BOARDS_PER_STEP) else {
            self.shelling = Some((beam, row, column));
            return Ok(true);
        };
        self.work.expanded += done.generated;
        // Out of its share of the budget, the beam's moves to the best board it saw serve as a
        // stalled beam's do: line searches finish its lines (10 random 10×10 boards, in a trial
        // whose shells' beams all spent their shares: 1.929 × Manhattan when line searches
        // placed every line from the start of the shell again, 1.660 × from the best board).
        // With no such moves, line searches from here on.
        let moves = match done.moves {
            Some(moves) => moves,
            None if !done.nearest.is_empty() => done.nearest,
            None => {
                self.shell_lost = true;
                return Ok(false);
            }
        };
        self.play(&moves)?;
        let home = |s: usize| self.work.at[s] == self.goal.tile(s);
        let row_home = (left..w).all(|c| home(top * w + c));
        let column_home = (top..h).all(|r| home(r * w + left));
        if row && row_home {
            self.top += 1;
        }
        if column && column_home {
            self.left += 1;
        }
        // If the beam stalled, line searches finish its lines before the next shell.
        self.lines_until = (top + usize::from(row), left + usize::from(column));
        Ok(true)
    }

    /// The next line's search, on the board so far.
    fn next_job(&self) -> Box<Job> {
        let (w, h) = (self.work.w, self.h);
        let (top, left) = (self.top, self.left);
        let child = self.work.clone();
        let region = Region {
            w,
            top,
            left,
            bottom: h,
        };
        let row = h - top >= w - left;
        let g = &self.goal;
        let cells: Vec<(usize, u8)> = if row {
            (left..w)
                .map(|c| (top * w + c, g.tile(top * w + c)))
                .collect()
        } else {
            (top..h)
                .map(|r| (r * w + left, g.tile(r * w + left)))
                .collect()
        };
        let line = Line::new(region, cells, child.at.len(), &self.tuning);
        Box::new(Job { line, child })
    }

    /// Boards the corner's beam may generate: what its width pays for, within the budget left
    /// (after shells, less [`CORNER_RESCUE`]).
    fn corner_beam_nodes(&self) -> u64 {
        let tuning = &self.tuning;
        let rescue = if tuning.shell > 0 { CORNER_RESCUE } else { 0 };
        let left = tuning.beam_nodes.saturating_sub(self.work.expanded);
        (BEAM_NODES_PER_WIDTH * self.beam as u64).min(left.saturating_sub(rescue))
    }

    /// The corner is finished without a beam: line searches down to a 5×5 (no more shells'
    /// beams), then weighted A*.
    fn without_beam(&mut self) {
        self.beam = 0;
        self.corner = self.corner.min(5);
        self.shell_lost = true;
    }

    /// The search that finishes the corner: a beam, or (up to 5×5) weighted A* with linear
    /// conflict, or (3×3) A*.
    fn start_corner(&self) -> Result<Finishing, ReductionError> {
        let (w, h, tuning) = (self.work.w, self.h, &self.tuning);
        let (a, b) = corner_boards(&self.work.at, self.goal.tiles(), w, h, self.top, self.left)?;
        if self.beam > 0 {
            let nodes = self.corner_beam_nodes();
            // After shells the corner's tiles are near home, so its answer takes more moves a
            // move of its estimate than a random board's: its beam is sized for that (10 random
            // 8×8 boards in 10 M nodes: 1.705 × Manhattan with the usual pace, one board's
            // corner lost; 1.673 × with 2.1, 1.672 × with 2.5).
            let pace = if tuning.shell > 0 {
                SHELLED_CORNER_PACE
            } else {
                super::beam::PACE
            };
            let beam = Beam::paced(&a, &b, self.beam, nodes, tuning.seed, tuning.outer, pace);
            return Ok(Finishing::Beam(Box::new(beam)));
        }
        let options = if self.corner == 3 {
            super::Options {
                algorithm: super::Algorithm::AStar,
                heuristic: Some(crate::heuristics::Heuristic::Manhattan),
                max_nodes: Some(1_000_000),
                ..super::Options::default()
            }
        } else {
            super::Options {
                algorithm: super::Algorithm::Weighted,
                heuristic: Some(crate::heuristics::Heuristic::LinearConflict),
                weight: match (self.greedier, self.corner) {
                    (true, _) => GREEDIER_CORNER_WEIGHT,
                    (false, 4) => CORNER_WEIGHT,
                    (false, _) => 2.0,
                },
                max_nodes: Some(CORNER_NODES),
                ..super::Options::default()
            }
        };
        let solver = super::Solver::new(&a, &b, &options)
            .map_err(|e| ReductionError(format!("corner: {e}")))?;
        Ok(Finishing::Search(Box::new(solver)))
    }
}

/// The share of `budget` the beam of the next of `shells` shells has (see
/// [`Tuning::corner_share`] and [`Tuning::first_share`]); any budget, however large, is shared
/// without overflow.
fn shell_share(budget: u64, shells: u64, tuning: &Tuning, first: bool) -> u64 {
    let share = budget.saturating_mul(2) / (2 * shells + tuning.corner_share).max(1);
    if first {
        share.saturating_mul(tuning.first_share) / 10
    } else {
        share
    }
}

/// A line's search under way.
struct Job {
    line: Line,
    /// The board so far, being changed by the line's moves.
    child: Work,
}

/// The search under way on the last corner.
enum Finishing {
    Beam(Box<Beam>),
    Search(Box<super::Solver>),
}

/// The unfinished rectangle: rows `top..bottom`, columns `left..w`.
struct Region {
    w: usize,
    top: usize,
    left: usize,
    bottom: usize,
}

impl Region {
    fn contains(&self, s: usize) -> bool {
        s / self.w >= self.top && s / self.w < self.bottom && s % self.w >= self.left
    }

    /// The squares next to `s` inside the rectangle.
    fn neighbours(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let w = self.w;
        let (r, c) = (s / w, s % w);
        [
            (r > self.top).then(|| s - w),
            (r + 1 < self.bottom).then(|| s + w),
            (c > self.left).then(|| s - 1),
            (c + 1 < w).then(|| s + 1),
        ]
        .into_iter()
        .flatten()
    }
}

/// The moves one tile needs alone to reach its target within the region.
struct LoneTile {
    /// From every (tile, blank) pair of squares: `with_blank[tile * n + blank]`, `u16::MAX`
    /// where unreachable.
    with_blank: Vec<u16>,
    /// From every square, with the blank on the best square beside it.
    beside: Vec<u16>,
}

impl LoneTile {
    fn new(region: &Region, n: usize, target: usize) -> LoneTile {
        let mut cost = vec![u16::MAX; n * n];
        let mut queue = VecDeque::new();
        for b in (0..n).filter(|&b| b != target && region.contains(b)) {
            cost[target * n + b] = 0;
            queue.push_back((target, b));
        }
        // Moves are reversible: breadth-first search out of the goal pairs gives distances to them.
        while let Some((t, b)) = queue.pop_front() {
            let d = cost[t * n + b];
            for nb in region.neighbours(b) {
                let next = if nb == t { (b, nb) } else { (t, nb) };
                let c = &mut cost[next.0 * n + next.1];
                if *c == u16::MAX {
                    *c = d + 1;
                    queue.push_back(next);
                }
            }
        }
        let beside = (0..n)
            .map(|p| {
                region
                    .neighbours(p)
                    .map(|nb| cost[p * n + nb])
                    .min()
                    .unwrap_or(u16::MAX)
            })
            .collect();
        LoneTile {
            with_blank: cost,
            beside,
        }
    }
}

/// The working board, in the flipped frame where the goal's blank is bottom-right.
#[derive(Clone)]
struct Work {
    w: usize,
    /// Each tile's square in the goal.
    home: Vec<usize>,
    at: Vec<u8>,
    moves: Vec<Move>,
    expanded: u64,
}

impl Work {
    fn blank(&self) -> usize {
        self.at.iter().position(|&t| t == 0).unwrap_or(0)
    }

    fn slide(&mut self, to: usize) {
        let b = self.blank();
        self.moves.push(Move::between(b, to, self.w));
        self.at[b] = self.at[to];
        self.at[to] = 0;
    }
}

/// A line being brought home (its tiles on `cells`), a group of its tiles at a time, each group
/// by one bounded search ([`LineSearch`]) run a slice at a time.
struct Line {
    region: Region,
    cells: Vec<(usize, u8)>,
    costs: Vec<LoneTile>,
    /// Tiles that join at each search, and tiles already home.
    group: usize,
    tracked: usize,
    greedy: bool,
    /// The search under way, and how many of the line's tiles it tracks.
    search: Option<(LineSearch, usize)>,
}

impl Line {
    fn new(region: Region, cells: Vec<(usize, u8)>, n: usize, tuning: &Tuning) -> Line {
        let costs = cells
            .iter()
            .map(|&(sq, _)| LoneTile::new(&region, n, sq))
            .collect();
        Line {
            region,
            cells,
            costs,
            group: tuning.group.max(1),
            tracked: 0,
            greedy: false,
            search: None,
        }
    }

    /// Searches on for about `slice` nodes; `Ok` once the whole line is home.
    fn step(
        &mut self,
        work: &mut Work,
        tuning: &Tuning,
        slice: u64,
    ) -> Option<Result<(), ReductionError>> {
        let len = self.cells.len();
        if self.tracked >= len {
            return Some(Ok(()));
        }
        let (mut search, next) = match self.search.take() {
            Some(search) => search,
            None => {
                let mut next = (self.tracked + self.group).min(len);
                // The last group never has a lone tile: a line's last two tiles go in together.
                if len - next == 1 {
                    next += 1;
                }
                let step_tuning = Tuning {
                    weight: if self.greedy { (3, 1) } else { tuning.weight },
                    ..*tuning
                };
                let (cells, costs) = (&self.cells[..next], &self.costs[..next]);
                match LineSearch::new(work, &self.region, cells, costs, &step_tuning) {
                    Ok(search) => (search, next),
                    Err(e) => return Some(Err(e)),
                }
            }
        };
        let (cells, costs) = (&self.cells[..next], &self.costs[..next]);
        // A search that runs out of nodes is tried again with fewer new tiles, and last with a
        // greedier weight: a smaller step is a smaller search.
        match search.step(work, &self.region, cells, costs, slice) {
            None => self.search = Some((search, next)),
            Some(Ok(path)) => {
                for s in path {
                    work.slide(s);
                }
                self.tracked = next;
            }
            Some(Err(_)) if self.group > 1 => self.group /= 2,
            Some(Err(_)) if !self.greedy => self.greedy = true,
            Some(Err(e)) => return Some(Err(e)),
        }
        None
    }
}

/// A state of a line's search: the blank's square, then each tracked tile's.
type State = [u8; MAX_TRACKED + 1];

/// A 64-bit hash of the first `k` tracked tiles' and the blank's squares (up to 77 bits).
fn pack(s: &State, k: usize) -> u64 {
    let wide = s[..=k]
        .iter()
        .fold(0u128, |acc, &p| (acc << 7) | u128::from(p));
    let (hi, lo) = ((wide >> 64) as u64, wide as u64);
    (lo ^ hi.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd)
}

/// A node of a line's search.
struct Node {
    state: State,
    parent: u32,
    g: u32,
    /// The other tiles' distance from home, summed (their change from the start).
    others: i32,
}

/// The blank's squares, in order, that bring every tile of a line's `cells` home: a best-first
/// search, run a slice at a time.
///
/// A state is the blank's square and the tracked tiles'; the other tiles are not part of it,
/// but each node keeps the board its path leads to, so that the other tiles' Manhattan distance
/// can weigh in ([`Tuning::others`]): of two paths to one state, the one leaving the others
/// nearer home is kept.
struct LineSearch {
    /// Tiles tracked, and which tiles they are (by tile number).
    k: usize,
    tracked: Vec<bool>,
    /// Weights: f = g + `wn/wd` × h + the others' distance in `od`ths of a move.
    wn: i64,
    wd: i64,
    od: i64,
    /// Each tile's weighted distance from home from every square, `away[tile * n + square]`
    /// (see [`LineSearch::distance`]), made once instead of at every move.
    away: Vec<i32>,
    budget: u64,
    nodes: Vec<Node>,
    /// Node i's board is `boards[i * n..(i + 1) * n]`.
    boards: Vec<u8>,
    /// The nodes by a 64-bit hash of their state (checked against the node's state: two states
    /// with one hash are then told apart, the second one not remembered).
    seen: FxHashMap<u64, u32>,
    open: BinaryHeap<Reverse<(i64, u32, u32)>>,
    expanded: u64,
}

impl LineSearch {
    fn new(
        work: &Work,
        region: &Region,
        cells: &[(usize, u8)],
        costs: &[LoneTile],
        tuning: &Tuning,
    ) -> Result<LineSearch, ReductionError> {
        let n = work.at.len();
        let k = cells.len();
        if k > MAX_TRACKED {
            return Err(ReductionError("a line longer than ten tiles".into()));
        }
        let mut first: State = [0; MAX_TRACKED + 1];
        first[0] = work.blank() as u8;
        for (i, &(_, tile)) in cells.iter().enumerate() {
            first[i + 1] = work.at.iter().position(|&t| t == tile).unwrap_or(0) as u8;
        }
        let mut tracked = vec![false; n];
        for &(_, tile) in cells {
            tracked[usize::from(tile)] = true;
        }
        // Weights above 1 would let a cycle of the blank pay for itself (it can bring others
        // home), so they are held at 1.
        let od = i64::from(tuning.others.1.max(1));
        let budget = tuning
            .nodes_per_search
            .min(tuning.max_nodes.saturating_sub(work.expanded));
        // Room from the start for the nodes of a typical search (about two an expansion, and a
        // line takes thousands of expansions): growing the tables step by step (rehashing,
        // copying) took 5-10 % of the line searches' time in a profile.
        let room = (2 * budget).min(ROOM) as usize;
        let mut nodes = Vec::with_capacity(room);
        nodes.push(Node {
            state: first,
            parent: u32::MAX,
            g: 0,
            others: 0,
        });
        let mut boards = Vec::with_capacity(room * n);
        boards.extend_from_slice(&work.at);
        let on = i64::from(tuning.others.0).min(od);
        let mut away = vec![0; n * n];
        for (tile, row) in away.chunks_exact_mut(n).enumerate().skip(1) {
            let home = work.home[tile];
            let (hr, hc) = (home / region.w, home % region.w);
            let line = (hr.saturating_sub(region.top)).min(hc.saturating_sub(region.left));
            let weight = if line <= tuning.near { od } else { on };
            for (s, d) in row.iter_mut().enumerate() {
                *d = (weight * squares_apart(s, home, region.w) as i64) as i32;
            }
        }
        let mut search = LineSearch {
            k,
            tracked,
            wn: i64::from(tuning.weight.0),
            wd: i64::from(tuning.weight.1),
            od,
            away,
            budget,
            nodes,
            boards,
            seen: FxHashMap::with_capacity_and_hasher(room, Default::default()),
            open: BinaryHeap::new(),
            expanded: 0,
        };
        search.seen.insert(pack(&first, k), 0);
        let h0 = search.estimate(&first, cells, costs, n);
        search
            .open
            .push(Reverse((search.priority(0, h0, 0), h0, 0)));
        Ok(search)
    }

    /// The estimate: for each tracked tile away from home, its moves alone with the blank
    /// beside it, plus the blank's walk to the nearest such tile.
    fn estimate(&self, s: &State, cells: &[(usize, u8)], costs: &[LoneTile], n: usize) -> u32 {
        let b = s[0] as usize;
        let (mut sum, mut approach) = (0u32, u32::MAX);
        for i in 0..self.k {
            let p = s[i + 1] as usize;
            if p == cells[i].0 {
                continue;
            }
            // The tile's cost with the blank beside it, and the blank's extra walk to it.
            let here = u32::from(costs[i].with_blank[p * n + b]);
            let beside = u32::from(costs[i].beside[p]);
            sum += beside;
            approach = approach.min(here.saturating_sub(beside));
        }
        if approach == u32::MAX {
            0
        } else {
            sum + approach
        }
    }

    /// A tile's distance from home from square `s`, in `od`ths of a move: tiles whose home is
    /// in the line or the next [`Tuning::near`] lines count fully, the rest by the part
    /// [`Tuning::others`] says.
    fn distance(&self, n: usize, tile: u8, s: usize) -> i64 {
        i64::from(self.away[usize::from(tile) * n + s])
    }

    /// f = g + weight × h + the others' weighted distance, scaled to whole numbers.
    fn priority(&self, g: i64, h: u32, others: i64) -> i64 {
        self.od * (self.wd * g + self.wn * i64::from(h)) + self.wd * others
    }

    /// The part of the priority that differs between two paths to one state.
    fn kept(&self, g: i64, others: i64) -> i64 {
        self.od * g + others
    }

    /// Expands about `slice` more nodes; the blank's squares once every tile of `cells` is
    /// home, or an error once the budget is spent (the nodes then count in `work.expanded`).
    fn step(
        &mut self,
        work: &mut Work,
        region: &Region,
        cells: &[(usize, u8)],
        costs: &[LoneTile],
        slice: u64,
    ) -> Option<Result<Vec<usize>, ReductionError>> {
        let n = work.at.len();
        let k = self.k;
        let until = self.expanded.saturating_add(slice);
        let mut board = vec![0u8; n];
        while let Some(Reverse((f, h, i))) = self.open.pop() {
            let node = &self.nodes[i as usize];
            let (state, g, others) = (node.state, node.g, i64::from(node.others));
            if self.expanded >= self.budget {
                work.expanded += self.expanded;
                let budget = self.budget;
                return Some(Err(ReductionError(format!(
                    "a line's search ran out of its {budget} nodes"
                ))));
            }
            if self.expanded >= until {
                // The slice is spent: the node waits in the queue for the next one.
                self.open.push(Reverse((f, h, i)));
                return None;
            }
            if f != self.priority(i64::from(g), h, others) {
                // A stale entry (the node was reached more cheaply since): skipped, but counted,
                // so that the budget bounds the queue too.
                self.expanded += 1;
                continue;
            }
            if h == 0 && (0..k).all(|t| state[t + 1] as usize == cells[t].0) {
                work.expanded += self.expanded;
                return Some(self.path(i));
            }
            self.expanded += 1;
            board.copy_from_slice(&self.boards[i as usize * n..(i as usize + 1) * n]);
            let b = state[0] as usize;
            for nb in region.neighbours(b) {
                let mut next = state;
                next[0] = nb as u8;
                let tile = board[nb];
                let mut others2 = others;
                if self.tracked[usize::from(tile)] {
                    if let Some(t) = (1..=k).find(|&t| next[t] as usize == nb) {
                        next[t] = b as u8;
                    }
                } else {
                    others2 += self.distance(n, tile, b) - self.distance(n, tile, nb);
                }
                let g2 = i64::from(g) + 1;
                let found = match self.seen.entry(pack(&next, k)) {
                    Entry::Occupied(e) if self.nodes[*e.get() as usize].state == next => {
                        Some(*e.get())
                    }
                    Entry::Occupied(_) => None,
                    Entry::Vacant(e) => {
                        e.insert(self.nodes.len() as u32);
                        None
                    }
                };
                let j = match found {
                    Some(j) => {
                        let old = &self.nodes[j as usize];
                        if self.kept(i64::from(old.g), i64::from(old.others))
                            <= self.kept(g2, others2)
                        {
                            continue;
                        }
                        let old = &mut self.nodes[j as usize];
                        old.parent = i;
                        old.g = g2 as u32;
                        old.others = others2 as i32;
                        self.boards[j as usize * n..(j as usize + 1) * n].copy_from_slice(&board);
                        j
                    }
                    None => {
                        self.nodes.push(Node {
                            state: next,
                            parent: i,
                            g: g2 as u32,
                            others: others2 as i32,
                        });
                        self.boards.extend_from_slice(&board);
                        (self.nodes.len() - 1) as u32
                    }
                };
                let stored = &mut self.boards[j as usize * n..(j as usize + 1) * n];
                stored[b] = tile;
                stored[nb] = 0;
                let h2 = self.estimate(&next, cells, costs, n);
                let f2 = self.priority(g2, h2, others2);
                self.open.push(Reverse((f2, h2, j)));
            }
        }
        work.expanded += self.expanded;
        Some(Err(ReductionError(
            "a line cannot be placed (an internal error)".into(),
        )))
    }

    /// The blank's squares along the path to node `i`.
    fn path(&self, i: u32) -> Result<Vec<usize>, ReductionError> {
        let mut path = Vec::new();
        let mut at = i;
        while self.nodes[at as usize].parent != u32::MAX {
            if path.len() > self.nodes.len() {
                return Err(ReductionError("a line's path runs in a circle".into()));
            }
            path.push(self.nodes[at as usize].state[0] as usize);
            at = self.nodes[at as usize].parent;
        }
        path.reverse();
        Ok(path)
    }
}

/// Window length and per-window node budget of rows and columns' shortening, when the line
/// searches ran out of nodes.
const WINDOW: usize = super::rows_and_columns::WINDOW;
const WINDOW_NODES: u64 = 20_000;

/// [`solve`], then the path shortened (loops cut, windows re-solved optimally).
pub fn shortened(position: &Position, tuning: &Tuning) -> Result<Fringed, ReductionError> {
    let start = position.board();
    let solved = solve(position, tuning)?;
    Ok(Fringed {
        moves: shorten(start, &solved.moves, tuning),
        ..solved
    })
}

/// `moves` from `start` shortened by windows of [`Tuning::window`].
fn shorten(start: &Board, moves: &[Move], tuning: &Tuning) -> Vec<Move> {
    let (length, nodes) = tuning.window;
    super::shorten::shorten(start, moves, length, &mut |from, to| {
        super::rows_and_columns::optimal_search(from, to, nodes)
    })
}

/// A variant's answer is shortened only if it is shorter than the best so far plus this many
/// percent: shortening takes 1-2 % off (rarely 3), so a longer answer cannot win, and its
/// window searches (uncounted in the budget) took a third of the time on 7×7 boards.
const SHORTEN_SLACK: usize = 4;

/// The method as a [`crate::search::Search`] step by step, anytime: rows and columns' answer
/// first (a 10×10 in a few milliseconds), then one variant of line by line search a step (see
/// [`variant`]; beyond 7×7 [`quick`] first when [`quick_first`] says so), each shortened,
/// every shorter answer given as a better solution with the ratio it can prove (its length
/// over the linear-conflict lower bound). It ends when the node budget is spent (expansions of
/// the line searches, boards generated by the beams) or the variants run out, with the
/// shortest answer found.
pub(crate) struct FringeSearch {
    start: Board,
    goal: Board,
    /// Most nodes of all variants together.
    max_nodes: u64,
    stats: crate::search::Stats,
    /// The shortest answer so far.
    best: Option<Vec<Move>>,
    /// The next variant to run, counting [`quick`] when it runs first (see [`quick_first`]).
    next: usize,
    quick: bool,
    /// Whether a variant has answered (rows and columns' answer is not a variant's), and the
    /// nodes the last one to answer took.
    answered: bool,
    took: u64,
    /// The linear-conflict estimate of the start: no answer can be shorter.
    bound: u32,
    fresh: Option<crate::search::Better>,
    /// What the variant under way is doing.
    phase: Phase,
}

/// Where [`FringeSearch`] stands within a variant: each step does one piece (a line, a try at
/// the corner, a few windows of shortening), so that the browser's worker can listen between
/// them, and Stop or a new request waits for one piece, not a whole variant.
enum Phase {
    /// Between variants.
    Idle,
    /// A variant placing its lines, with the node budget it was given.
    Placing(Box<Placing>, u64),
    /// An answer being shortened, with the node budget of each window.
    Shortening(Shortening, u64),
}

/// Nodes of the windows' searches a step while shortening: a node of a window's A* costs 2-5 µs
/// on a 7×7 and a window's search can take 100,000, so it is paused and goes on at the next step.
/// A step takes under 10 ms natively, but for the one where a search outgrows its hash table
/// (up to 45 ms: the table is rebuilt at twice the size).
const SHORTEN_NODES_PER_STEP: u64 = 2_000;

impl FringeSearch {
    /// The search of `start` toward `goal`, boards of one shape (as [`crate::solver::Solver`]
    /// makes sure).
    pub(crate) fn new(start: &Board, goal: &Board, max_nodes: u64) -> FringeSearch {
        let bound =
            crate::heuristics::Estimator::new(crate::heuristics::Heuristic::LinearConflict, goal)
                .map_or(0, |e| e.estimate_board(start));
        FringeSearch {
            start: start.clone(),
            goal: goal.clone(),
            max_nodes,
            stats: crate::search::Stats::default(),
            best: None,
            next: 0,
            quick: quick_first(start.width(), start.height(), max_nodes),
            answered: false,
            took: 0,
            bound,
            fresh: None,
            phase: Phase::Idle,
        }
    }

    /// Starts the next variant, or ends with the shortest answer once the budget or the
    /// variants run out.
    fn start_variant(&mut self) -> Option<crate::search::Outcome> {
        let (w, h) = (self.start.width(), self.start.height());
        let spent = self.stats.expanded;
        // A variant given less than a quarter of what the last one took would narrow its beams
        // to a few hundred boards and lose its way, or answer far longer: on 10×10 the first
        // variant leaves about a ninth of the default budget, and the second never answered
        // shorter in it (20 random boards: 1.660 × Manhattan against 1.659, a tenth of the
        // time saved). On 8×8 it leaves a third, and a second variant there does answer
        // shorter at times (1.550 against 1.565).
        let hopeless = self.answered && (self.max_nodes - spent).saturating_mul(4) < self.took;
        if self.next >= VARIANTS || spent >= self.max_nodes || hopeless {
            let best = self.best.take().unwrap_or_default();
            return Some(crate::search::Outcome::Found(best));
        }
        let planned = match (self.quick, self.next) {
            (true, 0) => quick(),
            (true, k) => variant(k - 1, w, h),
            (false, k) => variant(k, w, h),
        };
        let tuning = Tuning {
            max_nodes: planned.max_nodes.min(self.max_nodes - spent),
            beam_nodes: self.max_nodes - spent,
            ..planned
        };
        self.next += 1;
        match Placing::new(&self.start, &self.goal, &tuning) {
            Ok(placing) => self.phase = Phase::Placing(Box::new(placing), tuning.max_nodes),
            Err(_) => self.variant_failed(tuning.max_nodes, None),
        }
        None
    }

    /// A variant that found no answer within its `budget`; `lost_beam`, the boards it
    /// generated, if it was a beam over the whole board.
    fn variant_failed(&mut self, budget: u64, lost_beam: Option<u64>) {
        if let Some(generated) = lost_beam {
            let spent = self.stats.expanded + generated.max(1);
            if spent < self.max_nodes {
                // The beam lost its way (narrow ones do on 7×7): the next variant's beam, with
                // another tie-break, gets the budget it left. With none left, as below.
                self.stats.expanded = spent;
                return;
            }
        }
        // Out of nodes: the variant's budget is spent. The quick variant's is a part of the
        // whole, and the next variant gets what is left.
        self.stats.expanded += budget;
        if self.answered || self.stats.expanded < self.max_nodes {
            return;
        }
        // No variant answered and the budget is spent: rows and columns' answer, shortened,
        // and the search ends.
        self.stats.expanded = self.max_nodes;
        if let Some(first) = &self.best {
            let shortening = Shortening::new(&self.start, first, WINDOW);
            self.phase = Phase::Shortening(shortening, WINDOW_NODES);
        }
    }

    /// Keeps `moves` if shorter than the best so far, and offers it as a better solution.
    fn offer(&mut self, moves: Vec<Move>) {
        if self.best.as_ref().is_some_and(|b| b.len() <= moves.len()) {
            return;
        }
        self.fresh = Some(crate::search::Better {
            within: moves.len() as f64 / f64::from(self.bound.max(1)),
            moves: moves.clone(),
        });
        self.best = Some(moves);
    }
}

/// The `k`th variant of the method on a `width` × `height` board, each with its own tie-break
/// in its beams: every variant is a different answer, and the search keeps the shortest.
///
/// Beyond 7×7, shells down to a 7×7 corner ([`Tuning::shell`]: beams 5,000 wide, 10,000 with
/// two shells or more, narrowed to their share of the budget, the shell's tiles counting 3 ×),
/// the corner by a beam 13,000 wide, then 16,000 in the variants after the first (each
/// narrowed to the budget). They replaced line searches with a beam over the
/// lines' boards (the best 3 boards kept after each line, each searched for the next line
/// three ways: 10 random 8×8 boards, 1.865 -> 1.775 × Manhattan over lines placed greedily)
/// and a 6×6 corner (10 random 8×8 boards, 10 M boards against 2 M nodes of line searches, in
/// about twice the time: 1.76 -> 1.67 × Manhattan; 100 in the README).
///
/// A board no bigger than 6×6 has no line to place: its variants are beams over the whole
/// board, 5,000 wide (which the default budget of [`default_max_nodes`] pays for) and then
/// 10,000 (narrowed to what budget is left; see [`super::beam`]), the tiles near the far
/// corner weighing more (20 random boards: 1.582 -> 1.572 × Manhattan for the far 2×2 block;
/// 100 boards: 1.549 -> 1.544 × for the diagonals that replaced it).
///
/// A 7×7 board's variants are beams over the whole board too, 13,000 wide then 16,000,
/// narrowed to what budget is left (the first takes most of the default budget), with
/// the tiles near the far corner weighing more: the plain estimate wanders on 7×7 (2.09 ×
/// Manhattan at 2,000), the weighted one does not (1.72 ×). Lines first, then a beam, spent a
/// third of the time on lines and their shortening, for answers the beam's beat; the beam
/// alone does better in the same time (20 random boards: 1.649 -> 1.612 × Manhattan in 7 M
/// nodes).
pub fn variant(k: usize, width: usize, height: usize) -> Tuning {
    let base = Tuning::default();
    if width <= 6 && height <= 6 {
        return Tuning {
            beam: if k == 0 { 5_000 } else { 10_000 },
            corner: 6,
            outer: 2,
            seed: k as u64,
            ..base
        };
    }
    if width <= 7 && height <= 7 {
        return Tuning {
            // The first about as wide as the default budget pays for (natively about a second,
            // under two in the browser, which has a larger budget), the next ones wider.
            beam: if k == 0 { 13_000 } else { 16_000 },
            corner: 7,
            outer: 2,
            seed: k as u64,
            ..base
        };
    }
    // Shells down to a 7×7 corner, finished as a 7×7 board is; the variants after the first
    // differ by the beams' tie-break and the corner's width.
    //
    // With two shells or more the corner's beam has what the shells leave, and the shells'
    // beams are wider: since a tile far from home counts more in a beam, shells leave the
    // corner's tiles near home and its beam needs fewer boards (one variant, shortened, on 20
    // random 10×10 boards: 1.748 × Manhattan with the corner counting one and a half shells'
    // shares and shells 5,000 wide, 1.724 × with the corner counting none, 1.697 × and 1.686 ×
    // with shells 8,000 and 12,000 wide; `auto` over 100 boards: 1.713 -> 1.698 ×). With one
    // shell (8×8) the corner keeps its share and the shell 5,000 wide: taking it left the
    // corner's beam too narrow on some boards (100 random 8×8 boards: 1.588 -> 1.598 ×, the
    // second 50 1.592 -> 1.621 ×).
    let many = width.max(height).saturating_sub(7) >= 2;
    let three = width.max(height).saturating_sub(7) >= 3;
    Tuning {
        shell: if many { 10_000 } else { 5_000 },
        corner_share: if many { 0 } else { 3 },
        shell_weight: 4,
        // With two shells or more, each shell's beam weighs the next shell's tiles (and the last
        // the corner's outer row and column) half a move more a square away: random 10×10 boards
        // came 1.655 -> 1.641 × Manhattan (seeds 161-260), 1.653 -> 1.646 (261-360), for a tenth
        // more time, 1.648 with the corner's tiles not weighed; 40 random 9×9 boards 1.621 ->
        // 1.602, 20 random 10×7 and 6×10 1.598 -> 1.590 and 1.599 -> 1.581. With one shell (8×8),
        // before the corner, it lost: 1.536 -> 1.543 (seeds 161-260), 1.543 -> 1.544 (101-160).
        next_shell: many,
        // With two shells or more, the first shell's beam has 1.6 shares of the budget, with
        // three (boards 10 on a side) 2 shares, and the shells after it 6,000 wide. The first
        // makes about half the moves, bringing the other tiles nearer home as it places its
        // own, and its estimate of the levels ahead (its tiles' distance) falls short of them,
        // so an even share narrowed it from the start (a 10×10's to about 5,700 boards of its
        // 10,000); the next shells answer as long narrower (the benchmark's 100 10×10 boards:
        // 1.6131 × Manhattan with them 10,000 wide, 1.6112 6,000 wide, 1.6159 4,000 wide), and
        // leave the budget to the first and the corner. With 1.6 shares and every shell 10,000
        // wide, random 10×10 boards came 1.602 -> 1.583 × Manhattan (seeds 101-120) and 1.601 ->
        // 1.590 (161-200), 9×9 1.577 -> 1.562 (101-130), 10×7 and 6×10 1.566 -> 1.560 and 1.593
        // -> 1.584 (101-120) against an even share; 1.3 and 1.4 shares did worse (1.610 and
        // 1.610). With 2 shares and the next shells 6,000 wide: the benchmark's 10×10 boards
        // 1.6131 -> 1.6028 at 16 M, 1.6122 -> 1.5995 at 18 M; 100 others (`slide scramble
        // --size 10 --seed 1001` to `1100`) 1.6107 -> 1.6054 at 16 M, 1.6038 at 18 M; 5,000 or
        // 8,000 wide did about as well (1.6044 and 1.6056 on the benchmark's, 1.6026 and 1.6055
        // on the others), and 2.5 or 3 shares made no difference, since the first shell's beam
        // can spend 1,000 boards a board of its width at most; letting it 13,000 or 16,000 wide
        // take them left the rest too little (1.6018 and 1.6254 on the benchmark's boards). On
        // 9×9, two shells, it did not pay: 40 random boards (seeds 101-140) came 1.5627 ×
        // with it in 18 M, 1.5577 without, 1.5613 in the 16 M before (60 more, 141-200: 1.5543
        // with it, 1.5525 before); 10×7 held (60 boards, seeds 101-160: 1.5713 -> 1.5715 with
        // it). With one shell (8×8), 1.6 shares lost: 1.507 -> 1.514.
        first_share: match (three, many) {
            (true, _) => 20,
            (false, true) => 16,
            (false, false) => 10,
        },
        inner_shells: if three { 6_000 } else { 0 },
        corner: 7,
        beam: if k == 0 { 13_000 } else { 16_000 },
        // The corner's far tiles weigh more over the same diagonals as a random 7×7's (30
        // random 8×8 boards: 1.690, 1.695, 1.666 and 1.674 × Manhattan over 1, 2, 3 and 4
        // diagonals, but 100 boards: 1.702 over 2, 1.700 over 3; 10 random 10×10 boards:
        // 1.788 and 1.789 over 2 and 3).
        outer: 2,
        seed: k as u64,
        // The search's budget bounds the line searches as well as the beams.
        max_nodes: u64::MAX,
        // Windows of 30,000 nodes shorten as much as 100,000 (10 random 8×8 boards: 1.656 ×
        // Manhattan against 1.660), in less time and a third of the memory (a 10×10's window
        // searches took 83 MB).
        window: (32, 30_000),
        ..base
    }
}

/// The variant run first beyond 7×7 when [`quick_first`] says so: lines placed by their own
/// searches, then a 5×5 corner by weighted A*, no beam. Far from the best (10 random boards:
/// 8×8 1.93 × Manhattan in 0.15 s natively, 10×10 2.03 × in 0.36 s, shortened), but far shorter
/// than rows and columns' 3.1-3.3 ×, and soon: a page shows it within a second where the first
/// variant with shells takes two or three.
pub fn quick() -> Tuning {
    Tuning {
        corner: 5,
        window: (32, 30_000),
        ..Tuning::default()
    }
}

/// Whether a search of `max_nodes` on a `width` × `height` board runs [`quick`] before the
/// variants with shells: beyond 7×7, when the budget is more than twice the default (the page,
/// which goes on looking while the player watches: a shorter answer soon, the nodes it takes a
/// few in a hundred) or less than half (a hint's, too small for shells to pay: the quick
/// variant's answer instead of shells cut short). At about the default, the command line's one
/// answer in about a second, every node goes to shells.
pub fn quick_first(width: usize, height: usize, max_nodes: u64) -> bool {
    let default = default_max_nodes(width, height);
    (width > 7 || height > 7) && (max_nodes > 2 * default || max_nodes < default / 2)
}

/// Nodes `FringeSearch` spends unless told otherwise on a `width` × `height` board: about a second
/// natively on every size (100 random boards: 0.61, 0.86, 0.96 and 1.0-1.06 s on 6×6, 7×7, 8×8
/// and 10×10 when a 10×10 had 16 M; on a slower machine, with shells' beams counting the blank's
/// walk, 1.25 s on 8×8 and 1.43 s on 10×10; beams then got a third cheaper). A beam's board
/// costs a fraction of a line search's node, and every variant is beams: up to 6×6 9 M, a beam
/// of 5,000 then one of 10,000 narrowed to what is left (20 random 6×6 boards: 1.427 × Manhattan
/// in 6 M, 1.417 in 9 M, 1.418 in 11 M); up to 49 squares 13 M: on 7×7 a beam of about 13,000
/// and, with what it leaves, a wider one (20 random boards: 1.455 × in 10 M, 1.444 in 13 M and
/// 14 M); up to 64 squares 14 M, on 8×8 a shell and a 7×7 corner, then a second variant (20
/// random boards: 1.560 × in 10 M, 1.534 in 14 M); larger boards 18 M, up to three shells (the
/// benchmark's 100 random 10×10 boards, with the next shells 6,000 wide: 1.6028 × in 16 M,
/// 1.5995 in 18 M, 1.5992 in 20 M; 100 others 1.6054 and 1.6038 in 16 and 18 M). These budgets
/// grew as a beam's board got cheaper (they were 6, 10, 10 and 16 M when a 10×10 took 1.6 s).
pub fn default_max_nodes(width: usize, height: usize) -> u64 {
    let squares = width * height;
    if width <= 6 && height <= 6 {
        9_000_000
    } else if squares <= 49 {
        13_000_000
    } else if squares <= 64 {
        14_000_000
    } else {
        18_000_000
    }
}

/// Most variants one search runs (beyond, they repeat one another too often to pay).
const VARIANTS: usize = 64;

impl crate::search::Step for FringeSearch {
    fn step(&mut self, _slice: u64) -> Option<crate::search::Outcome> {
        if self.best.is_none() {
            let Ok(first) = super::rows_and_columns::reduce_boards(&self.start, &self.goal) else {
                return Some(crate::search::Outcome::Exhausted);
            };
            self.offer(first.moves);
            return None;
        }
        match std::mem::replace(&mut self.phase, Phase::Idle) {
            Phase::Idle => return self.start_variant(),
            Phase::Placing(mut placing, budget) => match placing.step() {
                None => self.phase = Phase::Placing(placing, budget),
                Some(Ok(f)) => {
                    self.stats.expanded += f.expanded;
                    self.answered = true;
                    self.took = f.expanded;
                    let hopeful = self
                        .best
                        .as_ref()
                        .is_none_or(|b| f.moves.len() * 100 < b.len() * (100 + SHORTEN_SLACK));
                    if hopeful {
                        let (length, nodes) = placing.tuning.window;
                        self.phase = Phase::Shortening(
                            Shortening::new(&self.start, &f.moves, length),
                            nodes,
                        );
                    }
                }
                Some(Err(_)) => {
                    let lost_beam = placing.whole_board_beam().then_some(placing.work.expanded);
                    self.variant_failed(budget, lost_beam);
                }
            },
            Phase::Shortening(mut shortening, nodes) => {
                let mut window = |from: &Board, to: &Board| {
                    super::rows_and_columns::optimal_search(from, to, nodes)
                };
                match shortening.step(SHORTEN_NODES_PER_STEP, &mut window) {
                    Some(moves) => self.offer(moves),
                    None => self.phase = Phase::Shortening(shortening, nodes),
                }
            }
        }
        None
    }

    fn take_better(&mut self) -> Option<crate::search::Better> {
        self.fresh.take()
    }

    fn counters(&self) -> crate::search::Stats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn every_shape_and_both_corners_reach_the_goal() {
        let mut rng = Rng::seeded(4);
        for (w, h) in [(6, 6), (7, 7), (10, 10), (2, 7), (10, 3), (5, 9)] {
            for goal in [
                Board::blank_last(w, h).unwrap(),
                Board::blank_first(w, h).unwrap(),
            ] {
                let position =
                    random_solvable(&goal, ScrambleOptions::default(), &mut rng).unwrap();
                let r = solve(&position, &Tuning::default())
                    .unwrap_or_else(|e| panic!("{position:?}: {e}"));
                let start = position.into_board();
                let mut b = start.clone();
                assert!(b.apply_all(&r.moves).is_ok());
                assert_eq!(b, goal, "{w}x{h} from {start}");
            }
        }
    }

    #[test]
    fn the_first_of_several_shells_has_a_larger_share_and_no_budget_overflows() {
        // 10×10: three shells, the corner has what they leave; the first has 2 shares, the
        // next are narrower. 9×9: two shells, the first 1.6 shares.
        let many = variant(0, 10, 10);
        assert_eq!(shell_share(15_000_000, 3, &many, true), 10_000_000);
        assert_eq!(shell_share(15_000_000, 3, &many, false), 5_000_000);
        assert!(many.inner_shells > 0 && many.inner_shells < many.shell);
        let two = variant(0, 9, 9);
        assert_eq!(shell_share(15_000_000, 2, &two, true), 12_000_000);
        assert_eq!(two.inner_shells, 0);
        // 8×8: one shell, the corner keeps 1.5 shares of its own, and the shell no more than 1.
        let one = variant(0, 8, 8);
        assert_eq!(shell_share(10_000_000, 1, &one, true), 4_000_000);
        for tuning in [many, one] {
            let huge = shell_share(u64::MAX, 3, &tuning, true);
            assert!(huge > 1 << 60, "{huge}");
        }
    }

    /// Runs `placing` to its end.
    fn placed(placing: &mut Placing) -> Result<Fringed, ReductionError> {
        loop {
            if let Some(done) = placing.step() {
                return done;
            }
        }
    }

    #[test]
    fn a_corner_whose_weighted_a_star_runs_out_of_nodes_is_tried_again_greedier() {
        // 10 squares from home, 42 moves at best: w = 2 runs out of its nodes, w = 3 answers.
        let text = "11 2 3 4 5/1 6 7 8 10/0 12 13 9 14/16 17 18 19 20/21 22 23 24 15";
        let start = crate::puzzle::notation::parse_board(text).unwrap();
        let goal = Board::blank_last(5, 5).unwrap();
        let tuning = Tuning {
            corner: 5,
            ..Tuning::default()
        };
        let mut placing = Placing::new(&start, &goal, &tuning).unwrap();
        let r = placed(&mut placing).unwrap();
        assert!(placing.greedier);
        assert_eq!(
            placing.corner, 5,
            "no line was placed to make the corner smaller"
        );
        let mut b = start.clone();
        assert!(b.apply_all(&r.moves).is_ok());
        assert_eq!(b, goal);
        assert!(r.moves.len() <= 46, "{}", r.moves.len());
    }

    #[test]
    fn a_corner_beam_the_budget_left_cannot_pay_for_is_not_started() {
        // One shell on 8×8 takes most of a small budget: the 7×7 corner is left fewer boards
        // than a beam needs, and line searches and weighted A* finish it within the budget.
        let mut rng = Rng::seeded(9);
        let goal = Board::blank_last(8, 8).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let budget = 400_000;
        let tuning = Tuning {
            max_nodes: budget,
            beam_nodes: budget,
            ..variant(0, 8, 8)
        };
        let mut placing = Placing::new(&start, &goal, &tuning).unwrap();
        let r = placed(&mut placing).unwrap();
        assert_eq!((placing.beam, placing.corner), (0, 5));
        assert!(placing.finishing.is_none() && placing.shell_lost);
        assert!(r.expanded <= budget, "{}", r.expanded);
        let mut b = start.clone();
        assert!(b.apply_all(&r.moves).is_ok());
        assert_eq!(b, goal);
    }

    #[test]
    fn the_quick_variant_comes_first_beyond_7x7_when_the_budget_is_far_from_the_default() {
        let (page, hint) = (100_000_000, 700_000);
        for (w, h) in [(8, 8), (10, 10), (3, 10), (9, 5)] {
            let default = default_max_nodes(w, h);
            assert!(!quick_first(w, h, default), "{w}x{h}");
            assert!(
                quick_first(w, h, page) && quick_first(w, h, hint),
                "{w}x{h}"
            );
        }
        for (w, h) in [(7, 7), (6, 6), (5, 7)] {
            assert!(
                !quick_first(w, h, page) && !quick_first(w, h, hint),
                "{w}x{h}"
            );
        }
    }

    #[test]
    fn a_line_placed_a_few_nodes_at_a_time_is_placed_as_at_once() {
        let mut rng = Rng::seeded(6);
        let goal = Board::blank_last(8, 8).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
            .unwrap()
            .into_board();
        let tuning = Tuning::default();
        let place = |slice: u64| {
            let mut p = Placing::new(&start, &goal, &tuning).unwrap();
            let region = Region {
                w: 8,
                top: 0,
                left: 0,
                bottom: 8,
            };
            let cells = (0..8).map(|c| (c, p.goal.tile(c))).collect();
            let mut line = Line::new(region, cells, 64, &tuning);
            let mut steps = 0;
            loop {
                steps += 1;
                if let Some(done) = line.step(&mut p.work, &tuning, slice) {
                    assert!(done.is_ok());
                    break;
                }
            }
            (p.work.moves, p.work.expanded, steps)
        };
        let (moves, expanded, steps) = place(u64::MAX);
        assert!(!moves.is_empty() && expanded > 100);
        let (sliced, sliced_expanded, sliced_steps) = place(37);
        assert_eq!(sliced, moves);
        assert_eq!(sliced_expanded, expanded);
        assert!(sliced_steps as u64 >= expanded / 37, "{sliced_steps} steps");
        assert!(steps < 5);
    }
}
