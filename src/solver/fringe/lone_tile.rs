//! What a line's search is guided by: the moves one tile of the line would need alone to reach
//! its square, from every square and with the blank on every square, breadth-first.

use super::region::Region;
use std::collections::VecDeque;

/// The moves one tile needs alone to reach its target within the region.
pub(super) struct LoneTile {
    /// From every (tile, blank) pair of squares: `with_blank[tile * n + blank]`, `u16::MAX`
    /// where unreachable.
    pub(super) with_blank: Vec<u16>,
    /// From every square, with the blank on the best square beside it.
    pub(super) beside: Vec<u16>,
}

impl LoneTile {
    pub(super) fn new(region: &Region, n: usize, target: usize) -> LoneTile {
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
