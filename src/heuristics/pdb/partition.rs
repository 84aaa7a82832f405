//! How the tiles are split into groups, and how a group's placement becomes a table index.
//!
//! A placement is indexed by its tiles' squares as digits in base "squares of the board", so a
//! move changes an index by one addition. The splits are named by the bottom-right corner goal
//! and turned to the goal's own corner by a symmetry of the square; the mirror image across the
//! diagonal through that corner gives each board a second lookup.

use crate::puzzle::board::Board;

/// Most groups in a database (the 24-puzzle's five).
pub const MAX_GROUPS: usize = 5;
/// Most squares of a board with databases (5×5).
pub(super) const MAX_SQUARES: usize = 25;
/// Entries of a table not yet reached (and of squares no placement uses).
pub(super) const UNSEEN: u8 = u8::MAX;

/// How one board size is split into groups.
pub(super) struct Layout {
    pub(super) side: usize,
    pub(super) split: Split,
    /// Goal squares of each group when the blank's goal is the bottom-right corner.
    pub(super) regions: &'static [&'static [u8]],
    /// Names the stored format: a different split or indexing must change it.
    pub(super) format: &'static [u8; 16],
    /// Names the same tables stored as excesses over the Manhattan distance (see
    /// `PatternDb::to_download_bytes`).
    pub(super) excess_format: &'static [u8; 16],
}

/// The 15-puzzle: Korf and Felner's 6-6-3 split. The left two columns but the top-right square,
/// the lower-right block, and the top row's last three:
///
/// ```text
/// A C C C
/// A A B B
/// A A B B
/// A B B .
/// ```
pub(super) const FIFTEEN: Layout = Layout {
    side: 4,
    split: Split::SixSixThree,
    regions: &[&[0, 4, 5, 8, 9, 12], &[6, 7, 10, 11, 13, 14], &[1, 2, 3]],
    format: b"slide-pdb-663-v1",
    excess_format: b"slide-pdb-663-x1",
};

/// The 24-puzzle: four compact groups of five and the four tiles around the blank (a split small
/// enough to build in seconds, 39 MB; Korf and Felner's optimal solver used 6-6-6-6, ten times
/// more).
///
/// ```text
/// A A A B B
/// A A B B B
/// C C D D D
/// C C D D E
/// C E E E .
/// ```
pub(super) const TWENTY_FOUR: Layout = Layout {
    side: 5,
    split: Split::SixSixThree,
    regions: &[
        &[0, 1, 2, 5, 6],
        &[3, 4, 7, 8, 9],
        &[10, 11, 15, 16, 20],
        &[12, 13, 14, 17, 18],
        &[19, 21, 22, 23],
    ],
    format: b"slide-pdb-5x5-v1",
    excess_format: b"slide-pdb-5x5-x1",
};

/// The 15-puzzle's stronger split (Korf and Felner's 7-8): the two rows nearest the blank's
/// corner but the blank, and the other two rows. Its eight-tile table is indexed by rank (see
/// [`rank_step`]) and kept at four bits an entry (see `tables::Packed`), 288 MB in all.
///
/// ```text
/// B B B B
/// B B B B
/// A A A A
/// A A A .
/// ```
pub(super) const SEVEN_EIGHT: Layout = Layout {
    side: 4,
    split: Split::SevenEight,
    regions: &[&[8, 9, 10, 11, 12, 13, 14], &[0, 1, 2, 3, 4, 5, 6, 7]],
    format: b"slide-pdb-78--v1",
    // Its eight-tile table holds excesses already.
    excess_format: b"slide-pdb-78--v1",
};

/// Which tiles make the groups of the 15-puzzle's tables (the 24-puzzle has one split, used
/// whichever is asked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Split {
    /// Six, six and three tiles: 16 MiB, built in about two seconds (the page's tables).
    #[default]
    SixSixThree,
    /// Seven and eight tiles: about ten times fewer nodes, 288 MB built in minutes (natively,
    /// kept on disk).
    SevenEight,
}

impl Split {
    /// The name `slide --tables` takes: `663` or `78`.
    pub fn name(self) -> &'static str {
        match self {
            Split::SixSixThree => "663",
            Split::SevenEight => "78",
        }
    }

    /// The split named `663` or `78`.
    pub fn parse(name: &str) -> Option<Split> {
        [Split::SixSixThree, Split::SevenEight]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

pub(super) fn layout(side: usize, split: Split) -> Option<&'static Layout> {
    let wanted = if side == 4 { split } else { Split::SixSixThree };
    [&FIFTEEN, &SEVEN_EIGHT, &TWENTY_FOUR]
        .into_iter()
        .find(|l| l.side == side && l.split == wanted)
}

/// Why no pattern database fits a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDatabase {
    /// They are built for the 4×4 and 5×5 boards only.
    Size { width: usize, height: usize },
    /// The goal's blank is not in a corner.
    BlankNotInCorner,
}

impl std::fmt::Display for NoDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoDatabase::Size { width, height } => write!(
                f,
                "pattern databases are built for the 4×4 and 5×5 boards, not {width}×{height}"
            ),
            NoDatabase::BlankNotInCorner => f.write_str(
                "pattern databases need the goal's blank in a corner (blank last or blank first)",
            ),
        }
    }
}

impl std::error::Error for NoDatabase {}

/// Why no pattern database fits a goal (`None`: one does).
pub fn unsupported_reason(goal: &Board) -> Option<NoDatabase> {
    let (width, height) = (goal.width(), goal.height());
    if width != height || layout(width, Split::SixSixThree).is_none() {
        return Some(NoDatabase::Size { width, height });
    }
    corner(width, goal.blank())
        .is_none()
        .then_some(NoDatabase::BlankNotInCorner)
}

/// Which corner a square is: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
pub(super) fn corner(side: usize, square: usize) -> Option<usize> {
    let n = side * side;
    [0, side - 1, n - side, n - 1]
        .iter()
        .position(|&c| c == square)
}

/// The symmetry of the square taking the bottom-right corner to `corner`, applied to `square`.
pub(super) fn orient(side: usize, corner: usize, square: usize) -> usize {
    let (r, c) = (square / side, square % side);
    let last = side - 1;
    let (r, c) = match corner {
        0 => (last - r, last - c),
        1 => (last - r, c),
        2 => (r, last - c),
        _ => (r, c),
    };
    r * side + c
}

/// The mirror image of `square` across the diagonal through `corner`.
pub(super) fn mirror_square(side: usize, corner: usize, square: usize) -> usize {
    let (r, c) = (square / side, square % side);
    let last = side - 1;
    match corner {
        0 | 3 => c * side + r,
        _ => (last - c) * side + (last - r),
    }
}

/// The goal squares of `tiles` in `goal`.
pub(super) fn homes(goal: &Board, tiles: &[u8]) -> Vec<u8> {
    tiles.iter().map(|&t| goal.position_of(t) as u8).collect()
}

/// The table index of a group's tiles on `squares`, on a board of `n` squares.
pub(super) fn index_of(squares: &[u8], n: usize) -> usize {
    squares.iter().rev().fold(0, |i, &s| i * n + usize::from(s))
}

/// Placements of `k` distinct tiles on a board of `n` squares: n!/(n-k)!.
pub fn placements(k: usize, n: usize) -> usize {
    (n - k + 1..=n).product()
}

/// Groups at least this large are indexed by rank: a 16-digit index of eight tiles would need
/// 2^32 entries, the ranks only 16!/8! (half a billion).
pub(super) const RANKED: usize = 7;

/// One tile's step of a placement's rank on the 4×4 board: tile `i` (the first is the most
/// significant) on `square`, with `used` the squares of the tiles before it. The digit is the
/// number of free squares below `square`, so ranks run densely over 0..16!/(16-k)!.
#[inline(always)]
pub(super) fn rank_step(rank: usize, used: u32, i: usize, square: u32) -> usize {
    let below = used & ((1 << square) - 1);
    rank * (16 - i) + (square - below.count_ones()) as usize
}

/// `SELECT[byte][d]`: the square of the `d`-th set bit of `byte` (8 when there is none).
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut d) = (0, 0);
        while bit < 8 {
            if byte & 1 << bit != 0 {
                table[byte][d] = bit as u8;
                d += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The squares of the `k` tiles of the placement ranked `rank` (the inverse of [`rank_step`]).
/// Inlined, so a constant `k` turns its divisions into multiplications.
#[inline(always)]
pub(super) fn unrank(mut rank: usize, k: usize, squares: &mut [u8]) {
    let mut digits = [0u8; 16];
    for i in (0..k).rev() {
        let radix = 16 - i;
        digits[i] = (rank % radix) as u8;
        rank /= radix;
    }
    let mut free = 0xFFFFu32;
    for i in 0..k {
        // The digit-th free square, found a byte at a time without a loop over the bits.
        let d = usize::from(digits[i]);
        let low = (free & 0xFF) as usize;
        let below = low.count_ones() as usize;
        let square = if d < below {
            SELECT[low][d]
        } else {
            8 + SELECT[(free >> 8) as usize][d - below]
        };
        squares[i] = square;
        free &= !(1 << square);
    }
}

/// Calls `f` with the index of every placement of `k` distinct tiles on `n` squares, in
/// increasing index order.
pub(super) fn for_each_placement(k: usize, n: usize, mut f: impl FnMut(usize)) {
    // The last tile's square is the most significant digit, so it is the outer loop.
    fn place(d: usize, n: usize, used: u32, index: usize, f: &mut impl FnMut(usize)) {
        let weight = n.pow(d as u32);
        for s in 0..n {
            if used & (1 << s) == 0 {
                let index = index + s * weight;
                if d == 0 {
                    f(index);
                } else {
                    place(d - 1, n, used | 1 << s, index, f);
                }
            }
        }
    }
    if k > 0 {
        place(k - 1, n, 0, 0, &mut f);
    }
}

/// The tiles of each group for a goal (by their goal squares), or `None` if no database fits it.
pub(super) fn groups_for(goal: &Board, split: Split) -> Option<Vec<Vec<u8>>> {
    if unsupported_reason(goal).is_some() {
        return None;
    }
    let side = goal.width();
    let corner = corner(side, goal.blank())?;
    Some(
        layout(side, split)?
            .regions
            .iter()
            .map(|region| {
                region
                    .iter()
                    .map(|&s| goal.tile(orient(side, corner, s as usize)))
                    .collect()
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_cover_every_square_but_the_blank_once() {
        for layout in [&FIFTEEN, &SEVEN_EIGHT, &TWENTY_FOUR] {
            let mut all: Vec<u8> = layout.regions.concat();
            all.sort_unstable();
            let n = (layout.side * layout.side) as u8;
            assert_eq!(all, (0..n - 1).collect::<Vec<u8>>());
            assert!(layout.regions.len() <= MAX_GROUPS);
        }
    }

    #[test]
    fn groups_follow_the_goal() {
        let six = Split::SixSixThree;
        let last = groups_for(&Board::blank_last(4, 4).unwrap(), six).unwrap();
        assert_eq!(last[0], [1, 5, 6, 9, 10, 13]);
        assert_eq!(last[1], [7, 8, 11, 12, 14, 15]);
        assert_eq!(last[2], [2, 3, 4]);
        let first = groups_for(&Board::blank_first(4, 4).unwrap(), six).unwrap();
        assert_eq!(first[2], [14, 13, 12]);
        let last = groups_for(&Board::blank_last(5, 5).unwrap(), six).unwrap();
        assert_eq!(last[4], [20, 22, 23, 24]);
        let first = groups_for(&Board::blank_first(5, 5).unwrap(), six).unwrap();
        assert_eq!(first[4], [5, 3, 2, 1]);
        // Korf and Felner's 7-8 for Korf's goal: tiles 1 to 7, then 8 to 15.
        let first = groups_for(&Board::blank_first(4, 4).unwrap(), Split::SevenEight).unwrap();
        assert_eq!(first[0], [7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(first[1], [15, 14, 13, 12, 11, 10, 9, 8]);
        assert!(unsupported_reason(&Board::blank_last(3, 3).unwrap()).is_some());
        assert!(unsupported_reason(&Board::blank_last(4, 5).unwrap()).is_some());
    }

    #[test]
    fn ranks_are_dense_and_unrank_inverts_them() {
        for k in [1, 2, 7, 8] {
            let count = placements(k, 16);
            let mut squares = [0u8; 16];
            for rank in (0..count).step_by(count / 997 + 1).chain([count - 1]) {
                unrank(rank, k, &mut squares);
                let mut used = 0u32;
                let mut again = 0;
                for (i, &s) in squares[..k].iter().enumerate() {
                    assert_eq!(used & 1 << s, 0);
                    again = rank_step(again, used, i, u32::from(s));
                    used |= 1 << s;
                }
                assert_eq!(again, rank);
            }
        }
    }

    #[test]
    fn mirror_images_of_corners_stay_put() {
        for side in [4, 5] {
            let n = side * side;
            for c in [0, side - 1, n - side, n - 1] {
                assert_eq!(mirror_square(side, corner(side, c).unwrap(), c), c);
            }
        }
        assert_eq!(mirror_square(4, 3, 1), 4);
        assert_eq!(mirror_square(4, 1, 0), 15);
        assert_eq!(mirror_square(5, 3, 7), 11);
    }
}
