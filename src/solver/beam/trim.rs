//! The links of boards that no board of the beam descends from, dropped: a wide beam's boards
//! soon share a few ancestors (on a 6×6 80,000 wide, the boards of a level descend from a few
//! hundred of the level forty before, and from a dozen of the level eighty before), so the links
//! kept for the answer's path would otherwise grow with every level, 4 bytes a board kept, to
//! hundreds of megabytes; trimmed, they stay a few dozen levels' worth. A trim goes a level at a
//! time, from the last level down, over as many calls as it takes (on a 7×7 beam 110,000 wide
//! it goes through about five million links), and the paths are whole after each level.

use super::Beam;

/// Links kept, in boards of the beam's width, before the beam trims them.
pub(super) const TRIM_AT: usize = 48;

/// Links a piece of a trim goes through (a few milliseconds natively): a wide beam's trim
/// goes through millions, and the browser's worker listens between pieces.
pub(super) const LINKS_PER_PIECE: usize = 1 << 20;

/// A trim under way, from the last level down: the level whose boards' liveness is known (`live`,
/// one flag a board), and the last level (all of whose boards are live).
pub(super) struct Trimming {
    level: usize,
    top: usize,
    live: Vec<bool>,
}

impl Beam {
    /// Starts a trim when the links have grown past [`TRIM_AT`] widths of boards.
    pub(super) fn trim_if_due(&mut self) {
        let links: usize = self.parents.iter().map(Vec::len).sum();
        if links > TRIM_AT * self.width.max(self.boards.len()).max(1_000) {
            self.start_trim();
        }
    }

    /// Starts dropping every link no board of the last level, and not the best board yet, leads
    /// back through (see [`Beam::trim_piece`]).
    pub(super) fn start_trim(&mut self) {
        let top = self.parents.len();
        if self.trimming.is_none() && top > 0 {
            let live = vec![true; self.parents[top - 1].len()];
            self.trimming = Some(Trimming {
                level: top,
                top,
                live,
            });
        }
    }

    /// Goes on with the trim under way, level after level down, through about `links` links;
    /// the paths to the boards kept are as before, after each level as at the end.
    pub(super) fn trim_piece(&mut self, links: usize) {
        let Some(mut trimming) = self.trimming.take() else {
            return;
        };
        let mut done = 0;
        while trimming.level > 0 && done < links {
            done += self.trim_level(&mut trimming);
        }
        if trimming.level > 0 {
            self.trimming = Some(trimming);
        }
    }

    /// One level of a trim: which boards of the level below lead to a live board (or are the
    /// best board yet), then this level's dead boards dropped and the links into it numbered
    /// again (the last level keeps all of its boards). The links gone through.
    fn trim_level(&mut self, trimming: &mut Trimming) -> usize {
        let Trimming { level, top, .. } = *trimming;
        let (_, best_level, best_i) = self.best;
        let live = std::mem::take(&mut trimming.live);
        // The start is the one board of level 0.
        let boards_below = if level == 1 {
            1
        } else {
            self.parents[level - 2].len()
        };
        let mut below = vec![false; boards_below];
        if best_level == level - 1 && best_i < below.len() {
            below[best_i] = true;
        }
        for (&link, _) in self.parents[level - 1]
            .iter()
            .zip(&live)
            .filter(|&(_, &l)| l)
        {
            below[(link >> 2) as usize] = true;
        }
        let mut work = self.parents[level - 1].len();
        if level < top {
            // The new number of each live board of this level: the live boards before it.
            let numbers: Vec<u32> = live
                .iter()
                .scan(0, |next, &l| {
                    let number = *next;
                    *next += u32::from(l);
                    Some(number)
                })
                .collect();
            let links = std::mem::take(&mut self.parents[level - 1]);
            self.parents[level - 1] = links
                .iter()
                .zip(&live)
                .filter_map(|(&link, &l)| l.then_some(link))
                .collect();
            for link in &mut self.parents[level] {
                *link = numbers[(*link >> 2) as usize] << 2 | (*link & 3);
            }
            work += self.parents[level].len();
            if best_level == level {
                self.best.2 = numbers[best_i] as usize;
            }
        }
        trimming.live = below;
        trimming.level -= 1;
        work
    }

    /// A whole trim at once (see [`Beam::trim_piece`]).
    #[cfg(test)]
    pub(super) fn trim(&mut self) {
        self.start_trim();
        self.trim_piece(usize::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::Board;
    use crate::puzzle::random::Rng;
    use crate::puzzle::scramble::{ScrambleOptions, random_solvable};

    #[test]
    fn a_beam_trimmed_at_every_level_finds_what_an_untrimmed_one_finds() {
        let mut rng = Rng::seeded(21);
        for (w, h, width) in [(5, 5, 300), (6, 6, 2_000), (7, 5, 500)] {
            let goal = Board::blank_last(w, h).unwrap();
            let start = random_solvable(&goal, ScrambleOptions::default(), &mut rng)
                .unwrap()
                .into_board();
            let whole = Beam::new(&start, &goal, width, 50_000_000, 3, 2).finish();
            let mut beam = Beam::new(&start, &goal, width, 50_000_000, 3, 2);
            let (mut most, mut levels) = (0, 0);
            let trimmed = loop {
                if let Some(done) = beam.step(1) {
                    break done;
                }
                beam.trim();
                levels += 1;
                let links: usize = beam.parents.iter().map(Vec::len).sum();
                most = most.max(links);
            };
            assert_eq!(trimmed, whole, "{w}x{h}");
            // Without trimming, every level's boards are kept: here a few widths at most.
            assert!(
                levels > 50 && most < 12 * width,
                "{w}x{h}: {most} links at most"
            );
        }
    }

    #[test]
    fn a_trim_in_pieces_keeps_every_path_after_each_piece() {
        use super::super::path::path;
        let goal = Board::blank_last(6, 6).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(8))
            .unwrap()
            .into_board();
        let mut beam = Beam::new(&start, &goal, 2_000, 50_000_000, 1, 2);
        for _ in 0..40 {
            assert!(beam.step(1).is_none());
        }
        // Not trimmed yet: forty levels of 2,000 boards are under its 48 widths.
        assert!(beam.trimming.is_none());
        let (_, best_level, best_i) = beam.best;
        let best = path(&beam.parents[..best_level], best_i);
        let paths: Vec<_> = (0..beam.boards.len())
            .map(|i| path(&beam.parents, i))
            .collect();
        let links = |beam: &Beam| beam.parents.iter().map(Vec::len).sum::<usize>();
        let before = links(&beam);
        beam.start_trim();
        let mut pieces = 0;
        while beam.trimming.is_some() {
            beam.trim_piece(3_000);
            pieces += 1;
            let (_, level, i) = beam.best;
            assert_eq!(path(&beam.parents[..level], i), best);
            for (i, p) in paths.iter().enumerate() {
                assert_eq!(&path(&beam.parents, i), p);
            }
        }
        assert!(pieces > 10, "{pieces} pieces");
        assert!(
            links(&beam) < before / 2,
            "{} links of {before}",
            links(&beam)
        );
    }

    #[test]
    fn a_beam_that_gives_up_after_trimming_still_leads_to_the_best_board_it_saw() {
        let goal = Board::blank_last(7, 7).unwrap();
        let start = random_solvable(&goal, ScrambleOptions::default(), &mut Rng::seeded(6))
            .unwrap()
            .into_board();
        let whole = Beam::new(&start, &goal, 100, 20_000, 0, 2).finish();
        let mut beam = Beam::new(&start, &goal, 100, 20_000, 0, 2);
        let trimmed = loop {
            if let Some(done) = beam.step(1) {
                break done;
            }
            beam.trim();
        };
        assert_eq!(whole.moves, None);
        assert_eq!(trimmed, whole);
    }
}
