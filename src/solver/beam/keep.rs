//! The keep pass: the `width` children a level keeps (chosen by a count of their estimates, as
//! sorting them would), and the next level made of them.

use super::Beam;
use super::children::{Child, NO_LINE};
use super::kept::{Kept, halves};
use super::path::link;
use crate::puzzle::moves::Move;

/// Widest span of estimates [`keep_least`] counts (beyond, it sorts by the whole key).
const MAX_SPAN: usize = 1 << 16;

/// Keeps the `keep` least of `children` (in no order), as sorting them would: a count of the
/// estimates gives the estimate where the cut falls, every child below it is kept, and only
/// those on it are chosen among by the rest of the key. Estimates span a few hundred values
/// where a level has tens of thousands of children, so this takes two passes where choosing
/// by the whole key took a tenth of a 10×10 beam's time. `least` and `most` are the least and
/// the most estimate (found as the estimates were made), `counts` room for the count.
pub(super) fn keep_least(
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

impl Beam {
    /// Makes the next level of the kept `children`, each board once.
    pub(super) fn keep(&mut self, children: &[Child]) {
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
                knots: c.knots,
                costs,
                line_home,
                marks: halves(marks),
            });
        }
        self.parents.push(level);
        self.tiles = tiles;
        self.boards = boards;
        self.trim_if_due();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::random::Rng;

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
}
