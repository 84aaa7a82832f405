//! The links of boards that no board of the beam descends from, dropped: a wide beam's boards
//! soon share a few ancestors (on a 6×6 80,000 wide, the boards of a level descend from a few
//! hundred of the level forty before, and from a dozen of the level eighty before), so the links
//! kept for the answer's path would otherwise grow with every level, 4 bytes a board kept, to
//! hundreds of megabytes; trimmed, they stay a few dozen levels' worth.

use super::Beam;

/// Links kept, in boards of the beam's width, before the beam trims them.
pub(super) const TRIM_AT: usize = 48;

impl Beam {
    /// Trims the links when they have grown past [`TRIM_AT`] widths of boards.
    pub(super) fn trim_if_due(&mut self) {
        let links: usize = self.parents.iter().map(Vec::len).sum();
        if links > TRIM_AT * self.width.max(self.boards.len()).max(1_000) {
            self.trim();
        }
    }

    /// Drops every link no board of the last level, and not the best board yet, leads back
    /// through, and numbers the rest again: the paths to those boards are as before.
    pub(super) fn trim(&mut self) {
        let top = self.parents.len();
        let (_, best_level, best_i) = self.best;
        // live[l]: which boards of level l (numbered as in `parents[l - 1]`) are kept.
        let mut live: Vec<Vec<bool>> = Vec::with_capacity(top + 1);
        live.resize_with(top + 1, Vec::new);
        live[top] = vec![true; self.parents.last().map_or(1, Vec::len)];
        for level in (1..=top).rev() {
            let mut below = vec![
                false;
                if level == 1 {
                    1
                } else {
                    self.parents[level - 2].len()
                }
            ];
            if best_level == level - 1 && best_i < below.len() {
                below[best_i] = true;
            }
            if best_level == level && best_i < live[level].len() {
                live[level][best_i] = true;
            }
            for (i, &link) in self.parents[level - 1].iter().enumerate() {
                if live[level][i] {
                    below[(link >> 2) as usize] = true;
                }
            }
            live[level - 1] = below;
        }
        // The new number of each board kept, level by level.
        let renumber = |keep: &[bool]| -> Vec<u32> {
            let mut next = 0;
            keep.iter()
                .map(|&k| {
                    let n = next;
                    next += u32::from(k);
                    n
                })
                .collect()
        };
        let mut numbers = renumber(&live[0]);
        for (level, keep) in live.iter().enumerate().skip(1) {
            let links = std::mem::take(&mut self.parents[level - 1]);
            let last = level == top;
            self.parents[level - 1] = links
                .iter()
                .zip(keep)
                .filter(|&(_, &k)| last || k)
                .map(|(&link, _)| numbers[(link >> 2) as usize] << 2 | (link & 3))
                .collect();
            let next = renumber(keep);
            if best_level == level && !last {
                self.best.2 = next[best_i] as usize;
            }
            numbers = next;
        }
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
