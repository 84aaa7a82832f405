//! The statistics of every size and control, kept as solves come rather than computed from the
//! whole history: a solve is added by binary search (its time among the sorted times, its id
//! among the last hundred), so bests, the mean, ao5 to ao100 and the histogram follow each
//! solve at once with 100,000 kept, and the page needs only a few figures of each older solve
//! ([`Brief`]), never the solve itself. The figures are exactly those of
//! [`super::solves::History::statistics`], which computes them from the whole list.

use super::histogram::histogram_of_sorted;
use super::solves::{Solve, Statistics, average_of};
use crate::play::game::input::Control;

/// What the statistics need of a solve: the store reads only this of the older ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Brief {
    pub id: u64,
    /// Width and height.
    pub size: (usize, usize),
    pub control: Control,
    /// Random state, without help: it counts for statistics.
    pub counts: bool,
    pub millis: f64,
    /// `None` where not known (a timer's solve).
    pub moves: Option<usize>,
}

impl Brief {
    pub fn of(s: &Solve) -> Brief {
        Brief {
            id: s.id,
            size: (s.start.width(), s.start.height()),
            control: s.control,
            counts: s.counts(),
            millis: s.millis,
            moves: s.moves,
        }
    }
}

/// The counted times kept in order of id, per size and control: enough for ao100.
const LAST: usize = 100;

/// The figures of one size and control.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    count: usize,
    left_out: usize,
    best_time: Option<f64>,
    best_moves: Option<usize>,
    best_tps: Option<f64>,
    sum: f64,
    /// The last counted solves' ids and times, in order of id.
    last: Vec<(u64, f64)>,
    /// Every counted time, shortest first.
    times: Vec<f64>,
}

impl Tally {
    /// Counts `b` in everything but the two lists (the caller files it there).
    fn count(&mut self, b: &Brief) -> bool {
        if !b.counts {
            self.left_out += 1;
            return false;
        }
        self.count += 1;
        self.sum += b.millis;
        self.best_time = Some(self.best_time.map_or(b.millis, |t| t.min(b.millis)));
        if let Some(moves) = b.moves {
            self.best_moves = Some(self.best_moves.map_or(moves, |m| m.min(moves)));
            if b.millis > 0.0 {
                let tps = moves as f64 * 1000.0 / b.millis;
                self.best_tps = Some(self.best_tps.map_or(tps, |best| best.max(tps)));
            }
        }
        true
    }

    fn add(&mut self, b: &Brief) {
        if !self.count(b) {
            return;
        }
        let at = self.times.partition_point(|&t| t < b.millis);
        self.times.insert(at, b.millis);
        self.remember(b);
    }

    /// Many at once (a chunk of a load or an import): merged, not inserted one by one.
    fn add_all(&mut self, briefs: &[&Brief]) {
        let counted: Vec<&Brief> = briefs.iter().copied().filter(|b| self.count(b)).collect();
        if counted.is_empty() {
            return;
        }
        let new: Vec<f64> = counted.iter().map(|b| b.millis).collect();
        let old = std::mem::take(&mut self.times);
        self.times = merge(&old, &sorted(&new));
        for b in counted {
            self.remember(b);
        }
    }

    /// Files a counted solve among the last hundred, if it is one of them.
    fn remember(&mut self, b: &Brief) {
        if self.last.len() < LAST || self.last[0].0 < b.id {
            let at = self.last.partition_point(|&(id, _)| id < b.id);
            self.last.insert(at, (b.id, b.millis));
            if self.last.len() > LAST {
                self.last.remove(0);
            }
        }
    }

    fn statistics(&self) -> Statistics {
        let last: Vec<f64> = self.last.iter().map(|&(_, t)| t).collect();
        Statistics {
            count: self.count,
            left_out: self.left_out,
            best_time: self.best_time,
            best_moves: self.best_moves,
            best_tps: self.best_tps,
            mean_time: (self.count > 0).then(|| self.sum / self.count as f64),
            ao5: average_of(&last, 5),
            ao12: average_of(&last, 12),
            ao50: average_of(&last, 50),
            ao100: average_of(&last, 100),
            histogram: histogram_of_sorted(&self.times),
        }
    }
}

/// `times` shortest first: a merge sort on [`merge`], so the page carries no copy of the
/// standard library's sorting code (kilobytes of it) for the one list it sorts.
fn sorted(times: &[f64]) -> Vec<f64> {
    if times.len() < 2 {
        return times.to_vec();
    }
    let (a, b) = times.split_at(times.len() / 2);
    merge(&sorted(a), &sorted(b))
}

/// Two sorted lists as one.
fn merge(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The figures of every size and control solved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tallies {
    /// In order of size (tiles, then width), then control.
    by: Vec<(Key, Tally)>,
}

/// Tiles, width, height, control: sizes smallest first.
type Key = (usize, usize, usize, Control);

fn key(b: &Brief) -> Key {
    let (w, h) = b.size;
    (w * h, w, h, b.control)
}

impl Tallies {
    /// Counts one solve (the caller adds each solve once).
    pub fn add(&mut self, b: &Brief) {
        self.tally(key(b)).add(b);
    }

    /// Counts many solves at once.
    pub fn add_all(&mut self, briefs: &[Brief]) {
        let mut rest: Vec<&Brief> = briefs.iter().collect();
        while let Some(first) = rest.first() {
            let k = key(first);
            let (these, others): (Vec<&Brief>, Vec<&Brief>) =
                rest.into_iter().partition(|b| key(b) == k);
            self.tally(k).add_all(&these);
            rest = others;
        }
    }

    fn tally(&mut self, k: Key) -> &mut Tally {
        let at = match self.by.binary_search_by(|(other, _)| other.cmp(&k)) {
            Ok(at) => at,
            Err(at) => {
                self.by.insert(at, (k, Tally::default()));
                at
            }
        };
        &mut self.by[at].1
    }

    /// The statistics of a size (width, height) and control; empty if none was solved.
    pub fn statistics(&self, size: (usize, usize), control: Control) -> Statistics {
        let k = (size.0 * size.1, size.0, size.1, control);
        match self.by.binary_search_by(|(other, _)| other.cmp(&k)) {
            Ok(at) => self.by[at].1.statistics(),
            Err(_) => Statistics::default(),
        }
    }

    /// Every size solved, smallest first.
    pub fn sizes(&self) -> Vec<(usize, usize)> {
        let mut sizes: Vec<(usize, usize)> =
            self.by.iter().map(|((_, w, h, _), _)| (*w, *h)).collect();
        sizes.dedup();
        sizes
    }

    /// Solves counted in all, left out or not.
    pub fn solves(&self) -> usize {
        self.by.iter().map(|(_, t)| t.count + t.left_out).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::game::daily::Date;
    use crate::play::record::solves::History;
    use crate::puzzle::goal::Goal;
    use crate::puzzle::notation::parse_board;
    use crate::puzzle::position::Position;
    use crate::puzzle::random::Rng;

    /// `n` solves of 3×3 and 4×4 by two controls, some not counted, in a shuffled order of id.
    fn solves(n: u64, seed: u64) -> Vec<Solve> {
        let mut rng = Rng::seeded(seed);
        let boards = ["8 6 7/2 5 4/3 0 1", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"];
        let mut out: Vec<Solve> = (0..n)
            .map(|i| {
                let board = parse_board(boards[rng.below(2) as usize]).unwrap();
                Solve {
                    id: 1_000 + i * 7,
                    date: Date::parse("2026-11-23").unwrap(),
                    start: Position::toward(board, &Goal::BlankLast).unwrap(),
                    moves: Some(20 + rng.below(80) as usize),
                    slides: Some(10),
                    // Halves, so any order of summing is exact.
                    millis: (1_000 + rng.below(200_000)) as f64 / 2.0,
                    optimal: None,
                    best_known: None,
                    assisted: rng.below(10) == 0,
                    times: Vec::new(),
                    control: [Control::Keys, Control::Click][rng.below(2) as usize],
                    random_state: rng.below(8) != 0,
                }
            })
            .collect();
        rng.shuffle(&mut out);
        out
    }

    fn whole(solves: &[Solve]) -> History {
        let mut h = History::default();
        for s in solves {
            h.add(s.clone());
        }
        h
    }

    #[test]
    fn kept_as_solves_come_the_figures_are_the_whole_historys() {
        for (n, seed) in [(0, 1), (1, 2), (7, 3), (130, 4), (1_500, 5)] {
            let list = solves(n, seed);
            let h = whole(&list);
            // One by one in any order of id, and in chunks of any size.
            let mut one = Tallies::default();
            list.iter().for_each(|s| one.add(&Brief::of(s)));
            let mut chunked = Tallies::default();
            for chunk in list.chunks(97) {
                chunked.add_all(&chunk.iter().map(Brief::of).collect::<Vec<_>>());
            }
            for size in ["3x3", "4x4", "5x5"] {
                let (w, h_) = (size.as_bytes()[0] - b'0', size.as_bytes()[2] - b'0');
                for control in [Control::Keys, Control::Click, Control::Hover] {
                    let expected = h.statistics(size, control);
                    let at = (w as usize, h_ as usize);
                    assert_eq!(
                        one.statistics(at, control),
                        expected,
                        "{n} {size} {control:?}"
                    );
                    assert_eq!(chunked.statistics(at, control), expected, "{n} {size}");
                }
            }
            assert_eq!(one.solves(), list.len());
        }
    }

    #[test]
    fn the_merge_sort_orders_times_as_the_standard_sort_does() {
        let mut rng = Rng::seeded(11);
        for n in [0, 1, 2, 3, 10, 257, 10_000] {
            let times: Vec<f64> = (0..n).map(|_| rng.below(5_000) as f64 / 4.0).collect();
            let mut expected = times.clone();
            expected.sort_by(f64::total_cmp);
            assert_eq!(sorted(&times), expected, "{n}");
        }
    }

    #[test]
    fn an_older_solve_added_later_takes_its_place_among_the_last_hundred() {
        let list = solves(300, 9);
        let mut sorted = list.clone();
        sorted.sort_by_key(|s| s.id);
        // The newest 250 first, then the 50 oldest (an import of older solves).
        let mut t = Tallies::default();
        t.add_all(&sorted[50..].iter().map(Brief::of).collect::<Vec<_>>());
        sorted[..50].iter().for_each(|s| t.add(&Brief::of(s)));
        let h = whole(&list);
        assert_eq!(
            t.statistics((3, 3), Control::Keys),
            h.statistics("3x3", Control::Keys)
        );
        assert_eq!(t.sizes(), [(3, 3), (4, 4)]);
    }
}
