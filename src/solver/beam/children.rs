//! A level's children: for each board of the beam, the boards a move of its blank makes, but
//! the move back and those seen lately, each as the small record it is chosen by.

use super::Beam;
use super::seen::fingerprint;

/// A child of a board of the beam, as it is chosen (by estimate, then hash: a fair coin, then
/// the rest) and kept: its estimate, hash, parent, the square the blank went to, the line
/// whose conflicts its move changed ([`NO_LINE`] for none) with their new count and the
/// change, and the blank's walk; its walled-in squares or dead pockets, and its knots. 24
/// bytes: a level's children are read and written six times, more than any other list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Child {
    pub(super) estimate: i32,
    pub(super) hash: u64,
    pub(super) parent: u32,
    pub(super) to: u8,
    pub(super) line: u8,
    pub(super) cost: u8,
    pub(super) conflicts: i8,
    pub(super) walk: u8,
    pub(super) walls: u8,
    pub(super) knots: u16,
}

impl Child {
    pub(super) fn new(hash: u64, parent: u32, to: u8) -> Child {
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
            knots: 0,
        }
    }
}

/// No line's conflicts changed (see [`Child`]).
pub(super) const NO_LINE: u8 = u8::MAX;

impl Beam {
    /// The children of the level's boards `parents`, each but the move back and those seen
    /// lately ([`Beam::seen`]), in order (by parent, then by the squares beside its blank),
    /// after those already in `children`.
    pub(super) fn generate(&self, children: &mut Vec<Child>, parents: std::ops::Range<usize>) {
        let n = self.start.len();
        let mut kept = children.len();
        children.resize(kept + 4 * parents.len(), Child::new(0, 0, 0));
        // Without a branch a child (a third of them are seen, unpredictably): each is written,
        // and counted if it was not seen; the look-ups into `seen` (cache misses) do not wait
        // on one another.
        let (seen, mask) = (&self.seen[..], self.seen.len() - 1);
        for i in parents {
            let (k, board) = (&self.boards[i], &self.tiles[i * n..(i + 1) * n]);
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
}
