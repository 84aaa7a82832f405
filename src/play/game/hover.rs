//! Hover as speedsolvers play it: the squares a pointer's path enters, in the order entered.
//! A browser reports a fast pointer as a few points a frame (its coalesced events), several
//! squares apart on a big board; the path between two points is walked square by square, so a
//! stroke enters every square it crossed, in order, and none it only touched at a corner. Each
//! square entered is a tap on whatever tile the game has there at that moment.

/// Where the pointer was, in squares from the board's top left corner (square `(c, r)` spans
/// `c ≤ x < c + 1`, `r ≤ y < r + 1`), and when (the input's own clock).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub at_ms: f64,
}

/// The pointer's way over a board of `width` × `height` squares, from the last point seen.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    width: usize,
    height: usize,
    last: Option<Point>,
}

/// Two crossings closer than this (in parts of a segment) are one: the path went through a corner.
const CORNER: f64 = 1e-9;

impl Path {
    pub fn new(width: usize, height: usize) -> Path {
        Path {
            width,
            height,
            last: None,
        }
    }

    /// The board's size in squares.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The pointer went on to `to`: every square of the board it entered on the way, in order,
    /// each with the time it was entered (between the two points' times, in proportion to the
    /// way gone). A path's first point enters the square it is on.
    pub fn to(&mut self, to: Point) -> Vec<(usize, f64)> {
        let Some(from) = self.last.replace(to) else {
            return self
                .square(to.x.floor(), to.y.floor())
                .map(|s| vec![(s, to.at_ms)])
                .unwrap_or_default();
        };
        let mut entered = Vec::new();
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let (mut col, mut row) = (from.x.floor(), from.y.floor());
        let (end_col, end_row) = (to.x.floor(), to.y.floor());
        // The part of the segment at which it next crosses a column's or a row's edge, and the
        // part between two such crossings.
        let first = |p: f64, cell: f64, d: f64| match d {
            d if d > 0.0 => (cell + 1.0 - p) / d,
            d if d < 0.0 => (p - cell) / -d,
            _ => f64::INFINITY,
        };
        let (mut next_x, mut next_y) = (first(from.x, col, dx), first(from.y, row, dy));
        let (step_x, step_y) = (1.0 / dx.abs(), 1.0 / dy.abs());
        let mut left = (end_col - col).abs() + (end_row - row).abs();
        while left > 0.0 {
            let t = next_x.min(next_y);
            if next_x <= t + CORNER {
                col += dx.signum();
                next_x += step_x;
                left -= 1.0;
            }
            if next_y <= t + CORNER {
                row += dy.signum();
                next_y += step_y;
                left -= 1.0;
            }
            if let Some(square) = self.square(col, row) {
                entered.push((square, from.at_ms + t.min(1.0) * (to.at_ms - from.at_ms)));
            }
        }
        entered
    }

    /// The pointer went on to `to` without hovering (a modifier key or a button held, so the
    /// pointer can be placed): the way from there starts at `to`, whose square counts as entered.
    pub fn rest(&mut self, to: Point) {
        self.last = Some(to);
    }

    /// The pointer left the board: its way starts afresh where it comes back.
    pub fn lift(&mut self) {
        self.last = None;
    }

    /// The square at column `col` and row `row`, if that is on the board.
    fn square(&self, col: f64, row: f64) -> Option<usize> {
        let on = |v: f64, n: usize| v >= 0.0 && v < n as f64;
        (on(col, self.width) && on(row, self.height))
            .then(|| row as usize * self.width + col as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64, at_ms: f64) -> Point {
        Point { x, y, at_ms }
    }

    /// The squares entered, exactly, and their times to a nanosecond.
    #[track_caller]
    fn entered(got: Vec<(usize, f64)>, want: &[(usize, f64)]) {
        let squares = |v: &[(usize, f64)]| v.iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!(squares(&got), squares(want));
        for (g, w) in got.iter().zip(want) {
            assert!((g.1 - w.1).abs() < 1e-6, "{got:?} against {want:?}");
        }
    }

    #[test]
    fn a_first_point_enters_its_square_and_a_move_within_it_nothing() {
        let mut path = Path::new(4, 4);
        entered(path.to(at(1.5, 2.5, 10.0)), &[(9, 10.0)]);
        entered(path.to(at(1.9, 2.1, 20.0)), &[]);
        assert_eq!(path.size(), (4, 4));
    }

    #[test]
    fn sparse_points_enter_every_square_between_them_in_order_each_at_its_time() {
        let mut path = Path::new(4, 4);
        path.to(at(0.5, 0.5, 0.0));
        // Three squares in one step: their edges are crossed a sixth, a half and five sixths of
        // the way, 60 ms in all.
        entered(
            path.to(at(3.5, 0.5, 60.0)),
            &[(1, 10.0), (2, 30.0), (3, 50.0)],
        );
        // Back and down: the column's edge first (0.4 of the way), then the row's (0.5).
        entered(path.to(at(2.25, 1.5, 100.0)), &[(2, 76.0), (6, 80.0)]);
        // Up: only the row's edge is crossed.
        entered(
            path.to(at(2.1, 0.2, 200.0)),
            &[(2, 100.0 + 100.0 * 0.5 / 1.3)],
        );
    }

    #[test]
    fn a_path_through_a_corner_enters_only_the_square_across_it() {
        let mut path = Path::new(3, 3);
        path.to(at(0.5, 0.5, 0.0));
        entered(path.to(at(2.5, 2.5, 20.0)), &[(4, 5.0), (8, 15.0)]);
        entered(path.to(at(1.5, 1.5, 30.0)), &[(4, 25.0)]);
    }

    #[test]
    fn squares_off_the_board_are_not_entered_and_coming_back_enters_the_edge() {
        let mut path = Path::new(3, 2);
        entered(path.to(at(-2.5, 0.5, 0.0)), &[]);
        entered(path.to(at(1.5, 0.5, 40.0)), &[(0, 25.0), (1, 35.0)]);
        entered(path.to(at(1.5, 5.0, 50.0)), &[(4, 40.0 + 10.0 * 0.5 / 4.5)]);
        entered(path.to(at(1.5, 1.5, 60.0)), &[(4, 50.0 + 10.0 * 3.0 / 3.5)]);
    }

    #[test]
    fn a_rest_moves_the_path_without_entering_and_a_lift_starts_it_afresh() {
        let mut path = Path::new(4, 4);
        path.to(at(0.5, 0.5, 0.0));
        path.rest(at(2.5, 0.5, 10.0));
        entered(path.to(at(2.5, 0.9, 20.0)), &[]);
        entered(path.to(at(3.5, 0.5, 30.0)), &[(3, 25.0)]);
        path.lift();
        entered(path.to(at(0.5, 3.5, 40.0)), &[(12, 40.0)]);
        path.lift();
        entered(path.to(at(4.5, 3.5, 50.0)), &[]);
    }

    #[test]
    fn a_point_on_an_edge_belongs_to_the_square_after_it() {
        let mut path = Path::new(4, 1);
        entered(path.to(at(2.0, 0.5, 0.0)), &[(2, 0.0)]);
        // Leaving leftwards from the edge enters the square before it at once.
        entered(path.to(at(1.5, 0.5, 10.0)), &[(1, 0.0)]);
    }
}
