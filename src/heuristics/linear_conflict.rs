//! Linear conflict: the part added to Manhattan distance.
//!
//! When two tiles are both in their goal row but in the wrong order, one of them must leave the
//! row and come back, two moves Manhattan distance does not count. For each row, the fewest tiles
//! that must leave is the number of row-members minus the longest run of them already in goal
//! order (a longest increasing subsequence); the same holds for columns, and rows and columns never
//! share a move. Adding two moves per such tile keeps the estimate admissible.
//!
//! Speed: a move changes a line's conflicts only if the moving tile *belongs* to that line (its
//! goal is in it), so most moves cost one comparison; otherwise one line is read and its cost is
//! looked up in a table indexed by the line's contents (for sides up to 6), or computed.

use crate::puzzle::board::{Board, MAX_SIDE};

/// A line's contents, one digit per square: the goal place along the line of a member tile, or
/// `len` for a square whose tile (or blank) belongs elsewhere.
type Code = u8;

/// Tables for the rows and the columns of one goal.
#[derive(Clone, Debug)]
pub(crate) struct Lines {
    width: usize,
    height: usize,
    squares: usize,
    /// Each square's row and column (no division where a move's change is measured), and each
    /// tile's goal row and column.
    place: Vec<(u8, u8)>,
    goal: Vec<(u8, u8)>,
    /// `row_code[r * squares + tile]`: the tile's goal column if its goal is in row `r`, else `width`.
    row_code: Vec<Code>,
    /// `col_code[c * squares + tile]`: the tile's goal row if its goal is in column `c`, else `height`.
    col_code: Vec<Code>,
    /// Cost of every possible row content, indexed in base `width + 1` (sides up to 6).
    row_cost: Option<Vec<u8>>,
    /// Likewise for columns, in base `height + 1`.
    col_cost: Option<Vec<u8>>,
}

/// Every line's conflict cost: row `r` at `r`, column `c` at `MAX_SIDE + c` (see
/// [`Lines::costs`]).
pub(crate) type LineCosts = [u8; 2 * MAX_SIDE];

/// A move's change to a line (see [`Lines::change`]): the line's contents before it, the digit
/// that changes and its new value, and the line's table if any.
struct Change<'a> {
    codes: [Code; MAX_SIDE],
    len: usize,
    at: usize,
    new: Code,
    table: Option<&'a [u8]>,
}

impl Change<'_> {
    fn line(&self) -> &[Code] {
        &self.codes[..self.len]
    }
}

/// A row or a column, by its index.
#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Column(usize),
}

/// Where a line's squares are and how its tiles read (see [`Lines::view`]).
struct View<'a> {
    /// Its squares, and its place in [`LineCosts`].
    len: usize,
    index: usize,
    /// Its first square, and the step from one square to the next.
    first: usize,
    step: usize,
    /// Each tile's digit in this line.
    code: &'a [Code],
    /// The cost of each of its contents, if tabulated.
    table: Option<&'a [u8]>,
}

impl View<'_> {
    /// The digit of the line's `i`th square, on the board `tile_at` gives the tiles of.
    #[inline(always)]
    fn digit(&self, tile_at: &impl Fn(usize) -> u8, i: usize) -> Code {
        self.code[usize::from(tile_at(self.first + i * self.step))]
    }

    #[inline]
    fn codes(&self, tile_at: &impl Fn(usize) -> u8) -> [Code; MAX_SIDE] {
        let mut codes = [0; MAX_SIDE];
        for (i, code) in codes.iter_mut().enumerate().take(self.len) {
            *code = self.digit(tile_at, i);
        }
        codes
    }

    /// The line's conflicts on the board `tile_at` gives the tiles of.
    fn cost(&self, tile_at: &impl Fn(usize) -> u8) -> u32 {
        line_cost(&self.codes(tile_at)[..self.len], self.table)
    }
}

/// The line whose conflicts a move can change (see [`Lines::moved`]): whether the tile leaves
/// it or enters it, the tile's place along it, and the tile's digit there after the move.
struct Moved<'a> {
    view: View<'a>,
    leaving: bool,
    at: usize,
    new: Code,
}

/// Tables are built for line lengths up to this (7^6 = 117,649 entries).
const TABLE_SIDE: usize = 6;

impl Lines {
    pub fn new(goal: &Board) -> Lines {
        let (width, height, squares) = (goal.width(), goal.height(), goal.len());
        let mut row_code = vec![width as Code; height * squares];
        let mut col_code = vec![height as Code; width * squares];
        let mut goal_of = vec![(0, 0); squares];
        for (square, &tile) in goal.tiles().iter().enumerate() {
            let (r, c) = (square / width, square % width);
            goal_of[usize::from(tile)] = (r as u8, c as u8);
            if tile != 0 {
                row_code[r * squares + tile as usize] = c as Code;
                col_code[c * squares + tile as usize] = r as Code;
            }
        }
        Lines {
            width,
            height,
            squares,
            place: (0..squares)
                .map(|s| ((s / width) as u8, (s % width) as u8))
                .collect(),
            goal: goal_of,
            row_code,
            col_code,
            row_cost: cost_table(width),
            col_cost: cost_table(height),
        }
    }

    /// Extra moves for conflicts in every row and column.
    pub fn estimate(&self, tile_at: &impl Fn(usize) -> u8) -> u32 {
        self.every_line()
            .map(|line| self.view(line).cost(tile_at))
            .sum()
    }

    /// Change in the conflict part when `tile` slides from `from` into the blank on `to`;
    /// `before(s)` is the arrangement before the move.
    ///
    /// A sideways move keeps the order within its row, so only the columns it leaves and enters
    /// can change, and only the one the tile belongs to; likewise rows for a vertical move.
    #[inline]
    pub fn delta(&self, before: &impl Fn(usize) -> u8, tile: u8, from: usize, to: usize) -> i32 {
        match self.change(before, tile, from, to) {
            Some(change) => {
                let (before_cost, after_cost) =
                    line_costs(change.line(), change.at, change.new, change.table);
                after_cost - before_cost
            }
            None => 0,
        }
    }

    /// Every line's cost: rows first, then columns from [`MAX_SIDE`] on; [`Lines::delta_known`]
    /// reads a line's cost here instead of counting it again.
    pub fn costs(&self, tile_at: &impl Fn(usize) -> u8) -> LineCosts {
        let mut costs = [0; 2 * MAX_SIDE];
        for line in self.every_line() {
            let view = self.view(line);
            costs[view.index] = view.cost(tile_at) as u8;
        }
        costs
    }

    /// [`Lines::delta`] on `board`, with every line's cost before the move known: the change,
    /// and the line whose cost changed with its new cost (`None` when none did). Half the work
    /// of `delta` where a line changes (one line counted, not two), the line read straight from
    /// the board, and most lines not sorted at all: the beam's children spend most of their
    /// time here.
    ///
    /// A line whose members are in order (no conflict) stays so when one leaves, and when one
    /// enters it is in order still if the member before and the member after it are: half the
    /// lines a 10×10 beam's children changed were lines in order left by a tile, a sixth lines
    /// in order entered (seed 101, 9.0 M changes).
    #[inline]
    pub fn delta_known(
        &self,
        board: &[u8],
        costs: &LineCosts,
        tile: u8,
        from: usize,
        to: usize,
    ) -> (i32, Option<(usize, u8)>) {
        let Some(Moved {
            view,
            leaving,
            at,
            new,
        }) = self.moved(tile, from, to)
        else {
            return (0, None);
        };
        let (len, index, table) = (view.len, view.index, view.table);
        let known = costs[index];
        let digit = |i: usize| view.digit(&|s| board[s], i);
        if known == 0 {
            if leaving {
                return (0, None);
            }
            let member = |i: &usize| digit(*i) < len as Code;
            let before = (0..at).rev().find(member).map_or(0, |i| digit(i) + 1);
            let after = (at + 1..len).find(member).map_or(len as Code, digit);
            let cost = if before <= new && new < after { 0 } else { 2 };
            return (cost, (cost != 0).then_some((index, cost as u8)));
        }
        let mut codes = view.codes(&|s| board[s]);
        codes[at] = new;
        let after = line_cost(&codes[..len], table);
        (after as i32 - i32::from(known), Some((index, after as u8)))
    }

    /// The line a move changes the conflicts of, if any: the one its tile leaves or enters
    /// (its goal column for a sideways move, at the move's row; its goal row for a vertical
    /// one, at the move's column).
    #[inline(always)]
    fn moved(&self, tile: u8, from: usize, to: usize) -> Option<Moved<'_>> {
        let ((from_row, from_col), (to_row, to_col)) = (self.place[from], self.place[to]);
        let (goal_row, goal_col) = self.goal[usize::from(tile)];
        let (view, leaving, at, new) = if from_row == to_row {
            if from_col != goal_col && to_col != goal_col {
                return None;
            }
            let leaving = from_col == goal_col;
            let new = if leaving {
                self.height as Code
            } else {
                goal_row
            };
            let view = self.view(Line::Column(usize::from(goal_col)));
            (view, leaving, from_row, new)
        } else {
            if from_row != goal_row && to_row != goal_row {
                return None;
            }
            let leaving = from_row == goal_row;
            let new = if leaving {
                self.width as Code
            } else {
                goal_col
            };
            let view = self.view(Line::Row(usize::from(goal_row)));
            (view, leaving, from_col, new)
        };
        Some(Moved {
            view,
            leaving,
            at: usize::from(at),
            new,
        })
    }

    /// How `line` is read and where its cost is kept.
    #[inline(always)]
    fn view(&self, line: Line) -> View<'_> {
        let (w, h, squares) = (self.width, self.height, self.squares);
        match line {
            Line::Row(r) => View {
                len: w,
                index: r,
                first: r * w,
                step: 1,
                code: &self.row_code[r * squares..(r + 1) * squares],
                table: self.row_cost.as_deref(),
            },
            Line::Column(c) => View {
                len: h,
                index: MAX_SIDE + c,
                first: c,
                step: w,
                code: &self.col_code[c * squares..(c + 1) * squares],
                table: self.col_cost.as_deref(),
            },
        }
    }

    /// Every row, then every column.
    fn every_line(&self) -> impl Iterator<Item = Line> {
        (0..self.height)
            .map(Line::Row)
            .chain((0..self.width).map(Line::Column))
    }

    /// The change a move makes to the line whose conflicts it can change, if any.
    #[inline]
    fn change(
        &self,
        before: &impl Fn(usize) -> u8,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Option<Change<'_>> {
        let moved = self.moved(tile, from, to)?;
        let view = moved.view;
        Some(Change {
            codes: view.codes(before),
            len: view.len,
            at: moved.at,
            new: moved.new,
            table: view.table,
        })
    }
}

/// The cost of every content of a line of `len` squares, if small enough to tabulate.
fn cost_table(len: usize) -> Option<Vec<u8>> {
    if len > TABLE_SIDE {
        return None;
    }
    let base = len + 1;
    let size = base.pow(len as u32);
    let mut table = vec![0u8; size];
    let mut codes = [0 as Code; MAX_SIDE];
    for (index, slot) in table.iter_mut().enumerate() {
        let mut rest = index;
        for code in codes.iter_mut().take(len) {
            *code = (rest % base) as Code;
            rest /= base;
        }
        *slot = conflicts(&codes[..len]) as u8;
    }
    Some(table)
}

#[inline]
fn line_cost(codes: &[Code], table: Option<&[u8]>) -> u32 {
    match table {
        Some(table) => {
            let base = codes.len() + 1;
            let index = codes.iter().rev().fold(0, |i, &c| i * base + c as usize);
            u32::from(table[index])
        }
        None => conflicts(codes),
    }
}

/// The costs of a line before and after its digit `at` becomes `new`: two look-ups in a table,
/// or both patience sorts (see [`conflicts`]) in one pass, whose two chains of dependent steps
/// the processor runs side by side (a 10×10 beam's children spent a quarter of their time on
/// linear conflicts, most of it in two passes one after the other).
#[inline]
fn line_costs(codes: &[Code], at: usize, new: Code, table: Option<&[u8]>) -> (i32, i32) {
    if let Some(table) = table {
        let mut changed = [0; MAX_SIDE];
        changed[..codes.len()].copy_from_slice(codes);
        changed[at] = new;
        let after = line_cost(&changed[..codes.len()], Some(table));
        return (line_cost(codes, Some(table)) as i32, after as i32);
    }
    let len = codes.len() as u32;
    let (mut tails, mut members) = ([0u32; 2], [0u32; 2]);
    for (i, &p) in codes.iter().enumerate() {
        let q = if i == at { new } else { p };
        for (k, p) in [p, q].into_iter().enumerate() {
            tails[k] = take_tail(tails[k], p);
            members[k] += u32::from(u32::from(p) < len);
        }
    }
    let cost = |k: usize| 2 * (members[k] - (tails[k] & ((1 << len) - 1)).count_ones()) as i32;
    (cost(0), cost(1))
}

/// Two moves for each line member outside a longest run already in goal order. Digits equal to
/// the line's length mark non-members.
///
/// Patience sorting with the tails as a bit set (goal places are below 16): bit `p` is set when
/// some increasing run of members ends at goal place `p`, the smallest end of a run of its
/// length. A member at `p` takes the place of the smallest tail at or above `p` (or lengthens
/// the longest run); the runs' count is the longest run. A non-member's digit is `len`, above
/// every member's: it only ever takes or sets bit `len`, which is not counted, and a member
/// taking that bit's place lengthens the longest run, as it would without it. No branch, and
/// four dependent steps a digit (see [`take_tail`]).
fn conflicts(codes: &[Code]) -> u32 {
    let len = codes.len() as u32;
    let (mut tails, mut members) = (0u32, 0u32);
    for &p in codes {
        tails = take_tail(tails, p);
        members += u32::from(u32::from(p) < len);
    }
    let longest = (tails & ((1 << len) - 1)).count_ones();
    2 * (members - longest)
}

/// The patience sort's tails once a member at goal place `p` takes the place of the smallest
/// tail at or above `p` (see [`conflicts`]): that tail's bit is the lowest of `above`, and
/// `tails & (above - 1)` clears it and keeps every other, since `above - 1` sets only the bits
/// below it and `tails` has none of its own between `p` and it (with no tail at or above `p`,
/// `above - 1` is all ones: the longest run grows). The masks depend on `p` alone, so the chain
/// from one digit to the next is four steps (and, subtract, and, or) where clearing `above`'s
/// lowest bit by negation took six or seven: a 10×10 beam's children spend most of their
/// linear-conflict time in this chain.
#[inline]
fn take_tail(tails: u32, p: Code) -> u32 {
    let above = tails & (u32::MAX << p);
    (tails & above.wrapping_sub(1)) | (1 << p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_count_tiles_that_must_step_aside() {
        // Line of 4; 4 marks a non-member.
        assert_eq!(conflicts(&[0, 1, 2, 3]), 0);
        assert_eq!(conflicts(&[1, 0, 4, 4]), 2);
        assert_eq!(conflicts(&[2, 1, 0, 4]), 4);
        assert_eq!(conflicts(&[3, 0, 1, 2]), 2);
        assert_eq!(conflicts(&[4, 4, 4, 4]), 0);
    }

    /// Longest increasing run of members by trying every subset: slow and plainly right.
    fn conflicts_by_subsets(codes: &[Code]) -> u32 {
        let len = codes.len() as Code;
        let members: Vec<Code> = codes.iter().copied().filter(|&p| p < len).collect();
        let longest = (0u32..1 << members.len())
            .filter(|set| {
                let run: Vec<Code> = (0..members.len())
                    .filter(|i| set & (1 << i) != 0)
                    .map(|i| members[i])
                    .collect();
                run.windows(2).all(|pair| pair[0] < pair[1])
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0);
        2 * (members.len() as u32 - longest)
    }

    #[test]
    fn the_bit_set_patience_sort_agrees_with_trying_every_run() {
        // Every content of lines up to 5 long, and random ones up to the longest side.
        for len in 2..=5usize {
            let base = len + 1;
            for index in 0..base.pow(len as u32) {
                let mut rest = index;
                let codes: Vec<Code> = (0..len)
                    .map(|_| {
                        let c = (rest % base) as Code;
                        rest /= base;
                        c
                    })
                    .collect();
                assert_eq!(conflicts(&codes), conflicts_by_subsets(&codes), "{codes:?}");
            }
        }
        let mut rng = crate::puzzle::random::Rng::seeded(3);
        for _ in 0..20_000 {
            let len = 6 + (rng.next_u64() % 5) as usize;
            // Members are distinct goal places; the rest are non-members.
            let mut codes: Vec<Code> = (0..len as Code).collect();
            for i in (1..len).rev() {
                codes.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            for c in codes.iter_mut() {
                if rng.next_u64().is_multiple_of(3) {
                    *c = len as Code;
                }
            }
            assert_eq!(conflicts(&codes), conflicts_by_subsets(&codes), "{codes:?}");
        }
    }

    #[test]
    fn a_lines_costs_before_and_after_a_change_agree_with_computing_each() {
        let mut rng = crate::puzzle::random::Rng::seeded(5);
        for _ in 0..20_000 {
            let len = 2 + (rng.next_u64() % 9) as usize;
            let table = cost_table(len);
            let mut codes: Vec<Code> = (0..len as Code).collect();
            for i in (1..len).rev() {
                codes.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            for c in codes.iter_mut() {
                if rng.next_u64().is_multiple_of(3) {
                    *c = len as Code;
                }
            }
            // A member leaves, or a square's non-member gives way to one that is not there.
            let at = (rng.next_u64() % len as u64) as usize;
            let missing = (0..len as Code).find(|p| !codes.contains(p));
            let new = match (codes[at] == len as Code, missing) {
                (true, Some(p)) => p,
                _ => len as Code,
            };
            let mut after = codes.clone();
            after[at] = new;
            let expected = (conflicts(&codes) as i32, conflicts(&after) as i32);
            assert_eq!(
                line_costs(&codes, at, new, None),
                expected,
                "{codes:?} {at} {new}"
            );
            if let Some(table) = table.as_deref() {
                assert_eq!(
                    line_costs(&codes, at, new, Some(table)),
                    expected,
                    "{codes:?}"
                );
            }
        }
    }

    #[test]
    fn tables_agree_with_direct_computation() {
        for len in 2..=4usize {
            let table = cost_table(len).unwrap();
            let base = len + 1;
            for index in 0..table.len() {
                let mut codes = vec![0 as Code; len];
                let mut rest = index;
                for c in codes.iter_mut() {
                    *c = (rest % base) as Code;
                    rest /= base;
                }
                assert_eq!(
                    line_cost(&codes, Some(&table)),
                    conflicts(&codes),
                    "{codes:?}"
                );
            }
        }
        assert!(cost_table(7).is_none());
    }
}
