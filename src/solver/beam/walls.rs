//! Squares the blank can reach only past a tile home: on a whole board, squares walled in by
//! their neighbours; along a shell, dead pockets. Both count in the estimate, so that a beam
//! avoids making them and has a reason to open them. And what they are counted from: which
//! squares, or which places along the shell, hold their own tile.

use super::Beam;

/// What each *walled-in* square adds to a whole-board beam's estimate, in halves of a move as
/// its weighted part is: a square whose tile is away while every square beside it but one at
/// most holds its own tile. The blank can get in only past a tile home (or through the one way
/// in, which its tile then cannot use), ten-odd moves a beam guided by distances does not see
/// coming; counted, a beam avoids walling squares in, and has a reason to open them (30 random
/// 7×7 boards, a beam 8,000 wide alone: 1.456 × Manhattan with 3 halves, 1.505 × without). A
/// child costs about a third more. Shells' beams count [`DEAD_POCKET`]s instead.
pub(super) const WALLED_IN: i32 = 3;

/// What each square of a *dead pocket* of a shell adds to a partial beam's estimate, in halves of
/// a move as its weighted part is. A run of a shell's squares whose tiles are away, reachable from
/// one square off the shell only (a square between two tiles home, or at a line's end beside one;
/// two or three around the shell's corner), is a dead end for the blank: the tiles in it can
/// leave and their own come in only if a tile home steps aside, the ten-odd moves a beam guided
/// by distances does not see coming. Uncounted, a beam walls such squares in and then stalls
/// with many of its tiles away, left to line searches at three moves or more a square of
/// distance. Counted, a beam avoids making pockets, and has a reason to open one (40 random
/// 10×10 boards, seeds 101-140, the blank's walk counted too: 1.607 × Manhattan with 6 halves,
/// 1.622 × with 12).
pub(super) const DEAD_POCKET: i32 = 6;

/// A board's squares as bits (at most 10×10 = 100 of them): all of them, those with a square
/// to the left and those with one to the right, and the width (a square's neighbour above is
/// `width` bits lower). With them [`Beam::walled`] finds every walled-in square of a board in
/// a few dozen instructions, where asking each square's neighbours took a few hundred.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Grid {
    squares: u128,
    has_left: u128,
    has_right: u128,
    width: usize,
}

impl Grid {
    pub(super) fn new(w: usize, h: usize) -> Grid {
        let bits = |keep: &dyn Fn(usize) -> bool| {
            (0..w * h)
                .filter(|&s| keep(s))
                .fold(0u128, |acc, s| acc | 1 << s)
        };
        Grid {
            squares: bits(&|_| true),
            has_left: bits(&|s| s % w != 0),
            has_right: bits(&|s| s % w != w - 1),
            width: w,
        }
    }

    /// `squares` and the squares beside them.
    pub(super) fn spread(&self, squares: u128) -> u128 {
        let w = self.width;
        let sideways = ((squares << 1) & self.has_left) | ((squares >> 1) & self.has_right);
        (squares | squares << w | squares >> w | sideways) & self.squares
    }
}

impl Beam {
    /// The squares holding their own tile (the goal's blank square its blank), on the board
    /// `view` gives the tile of each square of.
    pub(super) fn home_of(&self, view: impl Fn(usize) -> u8) -> u128 {
        (0..self.start.len())
            .filter(|&s| view(s) == self.goal_at[s])
            .fold(0, |acc, s| acc | 1 << s)
    }

    /// The places along the shell's line whose square holds its own tile.
    pub(super) fn line_home_of(&self, view: impl Fn(usize) -> u8) -> u32 {
        (0..self.line.len())
            .filter(|&i| view(self.line[i]) == self.goal_at[self.line[i]])
            .fold(0, |acc, i| acc | 1 << i)
    }

    /// The squares holding their own tile, `home` before the tile on `to` slides into the blank
    /// on `b`, after.
    pub(super) fn home_after(&self, home: u128, tile: u8, b: usize, to: usize) -> u128 {
        let without = home & !(1 << b | 1 << to);
        let at_b = u128::from(tile == self.goal_at[b]) << b;
        let at_to = u128::from(self.goal_at[to] == 0) << to;
        without | at_b | at_to
    }

    /// The places of the shell's line home, `home` before the tile on `to` slides into the
    /// blank on `b`, after.
    pub(super) fn line_home_after(&self, home: u32, tile: u8, b: usize, to: usize) -> u32 {
        let mut home = home;
        if let Some(&i) = self.on_line.get(b).filter(|&&i| i != usize::MAX) {
            home = home & !(1 << i) | u32::from(tile == self.goal_at[b]) << i;
        }
        if let Some(&i) = self.on_line.get(to).filter(|&&i| i != usize::MAX) {
            home = home & !(1 << i) | u32::from(self.goal_at[to] == 0) << i;
        }
        home
    }

    /// Squares in dead pockets (see [`DEAD_POCKET`]) along the shell's line, whose places home
    /// are `home`, with the blank on `blank`, on the board `view` gives the tile of each square
    /// of: each run of places away with one door at most is a pocket, but the blank alone in
    /// one with its tile at the door, a move from home.
    pub(super) fn dead(&self, home: u32, blank: usize, view: impl Fn(usize) -> u8) -> i32 {
        let len = self.line.len();
        let mut away = !home & ((1u64 << len) - 1) as u32;
        let mut dead = 0;
        while away != 0 {
            let i = away.trailing_zeros() as usize;
            let run = (away >> i).trailing_ones() as usize;
            away &= !((((1u64 << run) - 1) as u32) << i);
            let (doors, door) = self.runs[i * len + i + run - 1];
            let s = self.line[i];
            let a_move_away = run == 1 && blank == s && doors == 1 && view(door) == self.goal_at[s];
            if doors <= 1 && !a_move_away {
                dead += run as i32;
            }
        }
        dead
    }

    /// Squares walled in (see [`WALLED_IN`]) on a board whose squares holding their own tile are
    /// `home`, with the blank on `blank`, `view` giving the tile of each square: a square away
    /// whose neighbours all hold their own tiles but one at most, but the blank with its tile at
    /// that one way in, a move from home. Every square at once, a bit a square: for each
    /// direction, the squares whose neighbour that way is away; then those with two such
    /// neighbours or more.
    pub(super) fn walled(&self, home: u128, blank: usize, view: impl Fn(usize) -> u8) -> i32 {
        let g = &self.grid;
        let away = g.squares & !home;
        let (up, down) = (away << g.width, away >> g.width);
        let (left, right) = ((away << 1) & g.has_left, (away >> 1) & g.has_right);
        let two = (up & down) | (left & right) | ((up | down) & (left | right));
        let walled = away & !two;
        let mut count = walled.count_ones() as i32;
        let one_way = (up | down | left | right) >> blank & 1 == 1;
        if walled >> blank & 1 == 1 && one_way {
            let way = if up >> blank & 1 == 1 {
                blank - g.width
            } else if down >> blank & 1 == 1 {
                blank + g.width
            } else if left >> blank & 1 == 1 {
                blank - 1
            } else {
                blank + 1
            };
            count -= i32::from(view(way) == self.goal_at[blank]);
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::super::blank_walk::BLANK_WALK;
    use super::super::test_shells::five_shell;
    use super::super::weights::far_term;
    use super::*;
    use crate::puzzle::board::Board;

    /// The weighted part of a partial beam's first estimate, placing the top row and left
    /// column of a 5×5 (each tile counting 4 halves more a square away), but the blank's walk
    /// (see [`BLANK_WALK`]).
    fn shell_part(board: &str) -> i32 {
        let beam = five_shell(board);
        beam.boards[0].estimate
            - 2 * beam.boards[0].plain
            - BLANK_WALK * i32::from(beam.boards[0].walk)
    }

    #[test]
    fn a_square_of_a_shell_walled_in_by_tiles_home_counts_as_a_dead_pocket() {
        // Tile 3 a square below its home, which tile 8 holds between 2 and 4, both home: the
        // blank can reach its home only past a tile home.
        let pocket = "1 2 8 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(pocket), 4 + DEAD_POCKET);
        // Tiles 3 and 4 both below home: two ways in, no pocket.
        let open = "1 2 8 9 5/6 7 3 4 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(open), 8);
        // The blank in the pocket with tile 3 at its door is a move from home: no pocket.
        let a_move = "1 2 0 4 5/6 7 3 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 8";
        assert_eq!(shell_part(a_move), 4);
        // The corner's square with both its neighbours home, and the last square of the row
        // beside a tile home: two pockets.
        let two = "7 2 3 4 10/6 1 8 9 5/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert_eq!(shell_part(two), (4 * 2 + far_term(2)) + 4 + 2 * DEAD_POCKET);
    }

    /// The part of a whole-board beam's first estimate beyond twice its plain part, its tiles'
    /// weighted distances (no far corner weighing more) and its knots: what walled-in squares
    /// add.
    fn walled_part(board: &str) -> i32 {
        let goal = Board::blank_last(4, 4).unwrap();
        let start = crate::puzzle::notation::parse_board(board).unwrap();
        let beam = Beam::new(&start, &goal, 10, 1_000, 0, 0);
        let weighted: i32 = (0..16)
            .map(|s| beam.weighted[usize::from(start.tiles()[s]) * 16 + s])
            .sum();
        let knots = i32::from(beam.boards[0].knots);
        beam.boards[0].estimate - 2 * beam.boards[0].plain - weighted - knots
    }

    #[test]
    fn a_square_whose_neighbours_hold_their_tiles_but_one_counts_as_walled_in() {
        // Tiles 6 and 11 swapped, apart: all four squares beside each hold their own tiles.
        assert_eq!(
            walled_part("1 2 3 4/5 11 7 8/9 10 6 12/13 14 15 0"),
            2 * WALLED_IN
        );
        // Tiles 6 and 7 swapped, side by side: each square has one way in, its neighbour's.
        assert_eq!(
            walled_part("1 2 3 4/5 7 6 8/9 10 11 12/13 14 15 0"),
            2 * WALLED_IN
        );
        // A 2×2 block turned: every square has two ways in.
        assert_eq!(walled_part("1 2 3 4/5 10 6 8/9 11 7 12/13 14 15 0"), 0);
        // The blank walled in with its tile at the one way in is a move from home; the goal's
        // own square, holding 15, is walled in.
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"),
            WALLED_IN
        );
        // The blank walled in with 15 at its one way in, not its tile 12: walled in, as is 12's
        // square (15's has two ways in). With 12 at the way in instead, one move from home:
        // only the goal's own square, holding 12, is.
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 0/13 14 12 15"),
            2 * WALLED_IN
        );
        assert_eq!(
            walled_part("1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12"),
            WALLED_IN
        );
    }
}
