//! The method's knobs ([`Tuning`]), the variants an anytime search runs one after another
//! ([`variant`], [`quick`] and when it comes first), and the node budget of each board size.

/// Most tiles a line's search tracks at once: a whole line of a 10×10 board.
pub(super) const MAX_TRACKED: usize = 10;

/// The knobs of [`solve`](super::solve), measured on random 6×6 to 10×10 boards (see
/// docs/solver.md).
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
    /// 100,000 take 1-2 % off, within a tenth of a second on 10×10.
    pub window: (usize, u64),
    /// Weight of the other tiles' Manhattan distance in a line's search, as `(numerator,
    /// denominator)` at most 1: among paths of one length that place the line, the one that
    /// also brings the others nearer home wins, and a path a move longer may win if it does
    /// much more so. Tiles of the next `near` lines count fully (10 random 10×10 boards: 2.03 ×
    /// Manhattan with 1/2 beyond the next line, 2.39 × without the others counted).
    pub others: (u32, u32),
    pub near: usize,
    /// Width of the beam search ([`crate::solver::beam`]) that finishes the last corner, up to 7×7
    /// (0: weighted A* on a corner up to 5×5, as `corner` says).
    pub beam: usize,
    /// Diagonals from the corner farthest from the blank's goal whose tiles count more in the
    /// beam's estimate, less and less (see [`crate::solver::beam::solve`]).
    pub outer: usize,
    /// Most boards the corner's beam may generate.
    pub beam_nodes: u64,
    /// Tie-break of the beam.
    pub seed: u64,
    /// Width of the beams that place a shell, the unfinished rectangle's outer row and column
    /// together (0: line searches place one line at a time), and the extra weight of their
    /// tiles in the beam's estimate, in halves of their distance (see
    /// [`Beam::placing`](crate::solver::beam::Beam::placing)). The other tiles count too, so the
    /// moves that bring the shell home bring them nearer home: a shell's moves come to about
    /// 1.4 × the Manhattan distance they take off, where a line search's come to 2.2 ×. When
    /// the beam stalls on a shell's last tiles, line searches place them.
    pub shell: usize,
    pub shell_weight: i32,
    /// Width of the beams that place the shells after the first (0: `shell`). A wider beam
    /// does not shorten them (a 10×10's second shell 50,000 wide, given 100 M boards, answered
    /// as long), so they are narrower than the first, whose width still pays.
    pub inner_shells: usize,
    /// Whether a shell's beam weighs the tiles of the shell after it a little more than the
    /// other tiles (see [`crate::solver::beam::Shell`]): the outer row and column of what it
    /// leaves, the corner's if it leaves the corner.
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

/// The `k`th variant of the method on a `width` × `height` board, each with its own tie-break
/// in its beams: every variant is a different answer, and the search keeps the shortest.
///
/// Beyond 7×7, shells down to a 7×7 corner ([`Tuning::shell`]: beams 5,000 wide, 10,000 with
/// two shells or more, narrowed to their share of the budget, the shell's tiles counting 3 ×),
/// the corner by a beam 13,000 wide, then 16,000 in the variants after the first (each
/// narrowed to the budget). Shells answer shorter than line searches do, even with the best
/// few boards kept after each line, and than a 6×6 corner after them.
///
/// A board no bigger than 6×6 has no line to place: its variants are beams over the whole
/// board, 5,000 wide (which the default budget of [`default_max_nodes`] pays for) and then
/// 10,000 (narrowed to what budget is left; see [`crate::solver::beam`]), the tiles near the far
/// corner weighing more.
///
/// A 7×7 board's variants are beams over the whole board too, 13,000 wide then 16,000,
/// narrowed to what budget is left (the first takes most of the default budget), with
/// the tiles near the far corner weighing more: the plain estimate wanders on 7×7, the weighted
/// one does not. Lines first, then a beam, would spend a third of the time on lines and their
/// shortening, for answers the beam's beat; the beam alone does better in the same time.
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
    // corner's tiles near home and its beam needs fewer boards. With one shell (8×8) the corner
    // keeps its share and the shell 5,000 wide: taking it left the corner's beam too narrow on
    // some boards.
    let many = width.max(height).saturating_sub(7) >= 2;
    let three = width.max(height).saturating_sub(7) >= 3;
    Tuning {
        shell: if many { 10_000 } else { 5_000 },
        corner_share: if many { 0 } else { 3 },
        shell_weight: 4,
        // With two shells or more, each shell's beam weighs the next shell's tiles (and the last
        // the corner's outer row and column) half a move more a square away. With one shell
        // (8×8), before the corner, it did not pay.
        next_shell: many,
        // With two shells or more, the first shell's beam has 1.6 shares of the budget, with
        // three (boards 10 on a side) 2 shares, and the shells after it 6,000 wide. The first
        // makes about half the moves, bringing the other tiles nearer home as it places its
        // own, and its estimate of the levels ahead (its tiles' distance) falls short of them,
        // so an even share narrowed it from the start (a 10×10's to about 5,700 boards of its
        // 10,000); the next shells answer as long narrower, and leave the budget to the first
        // and the corner. More shares make no difference, since the first shell's beam can
        // spend 1,000 boards a board of its width at most. With two shells (9×9), 2 shares and
        // narrower next shells did not pay; with one (8×8), 1.6 shares did not.
        first_share: match (three, many) {
            (true, _) => 20,
            (false, true) => 16,
            (false, false) => 10,
        },
        inner_shells: if three { 6_000 } else { 0 },
        corner: 7,
        beam: if k == 0 { 13_000 } else { 16_000 },
        // The corner's far tiles weigh more over the same diagonals as a random 7×7's.
        outer: 2,
        seed: k as u64,
        // The search's budget bounds the line searches as well as the beams.
        max_nodes: u64::MAX,
        // Windows of 30,000 nodes shorten as much as 100,000, in less time and a third of the
        // memory.
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
/// natively on every size. A beam's board costs a fraction of a line search's node, and every
/// variant is beams: up to 6×6 9 M, a beam of 5,000 then one of 10,000 narrowed to what is left;
/// up to 49 squares 13 M: on 7×7 a beam of about 13,000 and, with what it leaves, a wider one;
/// up to 64 squares 14 M, on 8×8 a shell and a 7×7 corner, then a second variant; larger boards
/// 18 M, up to three shells (the benchmark's 100 random 10×10 boards: 1.5995 × Manhattan in
/// 18 M).
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
