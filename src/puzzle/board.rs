//! The puzzle board: a rectangle of numbered tiles and one blank (`0`).
//!
//! A [`Board`] is always valid: its constructor checks the size and that the tiles are exactly
//! `0..width*height`, each once. Everything else (play, replay, undo, solution checking) moves
//! tiles through [`Board::apply`], the one move function of the project.

use crate::puzzle::moves::Move;
use std::fmt;

/// Smallest supported width or height.
pub const MIN_SIDE: usize = 2;
/// Largest supported width or height.
pub const MAX_SIDE: usize = 10;

/// Why a list of tiles is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width or height outside `2..=10`.
    SizeOutOfRange { width: usize, height: usize },
    /// The tile count does not match `width * height`.
    WrongTileCount { expected: usize, found: usize },
    /// A tile number that cannot be on a board of this size; `missing` is the tile it displaced.
    TileOutOfRange {
        tile: u32,
        max: usize,
        missing: Option<u8>,
    },
    /// The same tile twice; `missing` is the tile it displaced.
    DuplicateTile { tile: u8, missing: Option<u8> },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::SizeOutOfRange { width, height } => write!(
                f,
                "a board of {width}×{height} is not supported: width and height must each be {MIN_SIDE} to {MAX_SIDE}"
            ),
            BoardError::WrongTileCount { expected, found } => {
                write!(f, "expected {expected} tiles, found {found}")
            }
            BoardError::TileOutOfRange { tile, max, missing } => {
                write!(
                    f,
                    "tile {tile} is out of range (this board has tiles 0 to {max})"
                )?;
                write_missing(f, *missing)
            }
            BoardError::DuplicateTile { tile: 0, missing } => {
                write!(f, "the blank (0) appears more than once")?;
                write_missing(f, *missing)
            }
            BoardError::DuplicateTile { tile, missing } => {
                write!(f, "tile {tile} appears more than once")?;
                write_missing(f, *missing)
            }
        }
    }
}

fn write_missing(f: &mut fmt::Formatter<'_>, missing: Option<u8>) -> fmt::Result {
    match missing {
        Some(0) => write!(f, ", and there is no blank (0)"),
        Some(tile) => write!(f, ", and tile {tile} is missing"),
        None => Ok(()),
    }
}

impl std::error::Error for BoardError {}

/// A valid board: `width` × `height` squares holding the tiles `0..width*height` once each.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    blank: u8,
    tiles: Vec<u8>,
}

impl Board {
    /// Builds a board from its tiles in row-major order, checking everything.
    pub fn new(width: usize, height: usize, tiles: &[u32]) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let n = width * height;
        if tiles.len() != n {
            return Err(BoardError::WrongTileCount {
                expected: n,
                found: tiles.len(),
            });
        }
        let mut seen = [false; MAX_SIDE * MAX_SIDE];
        let in_range = |t: u32| (t as usize) < n;
        for &t in tiles.iter().filter(|&&t| in_range(t)) {
            seen[t as usize] = true;
        }
        // With exactly `n` tiles, a repeat or an out-of-range number is what displaced a missing
        // tile: name both, so "1 1 2/3 4 5/6 7 0" says tile 8 is missing too.
        let missing = (0..n).find(|&t| !seen[t]).map(|t| t as u8);
        let mut counted = [false; MAX_SIDE * MAX_SIDE];
        for &t in tiles {
            if !in_range(t) {
                return Err(BoardError::TileOutOfRange {
                    tile: t,
                    max: n - 1,
                    missing,
                });
            }
            if counted[t as usize] {
                return Err(BoardError::DuplicateTile {
                    tile: t as u8,
                    missing,
                });
            }
            counted[t as usize] = true;
        }
        let tiles: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        Ok(Board {
            width: width as u8,
            height: height as u8,
            blank,
            tiles,
        })
    }

    /// The goal with tiles in order and the blank in the last square (the default goal).
    pub fn blank_last(width: usize, height: usize) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let n = width * height;
        let tiles: Vec<u32> = (1..n as u32).chain([0]).collect();
        Board::new(width, height, &tiles)
    }

    /// The goal with the blank in the first square, then tiles in order (Korf's goal).
    pub fn blank_first(width: usize, height: usize) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let tiles: Vec<u32> = (0..(width * height) as u32).collect();
        Board::new(width, height, &tiles)
    }

    /// Width in squares.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Height in squares.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of squares (tiles plus the blank).
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// A board always has at least four squares; present for the `len` convention.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The tiles in row-major order, `0` for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile on square `index` (row-major).
    pub fn tile(&self, index: usize) -> u8 {
        self.tiles[index]
    }

    /// The square of the blank.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// Whether `other` has the same width and height.
    pub fn same_shape(&self, other: &Board) -> bool {
        self.width == other.width && self.height == other.height
    }

    /// The square where `tile` lies.
    pub fn position_of(&self, tile: u8) -> usize {
        // Every tile of the board is present (checked at construction), so the search succeeds;
        // the fallback is unreachable and only avoids a panic path.
        self.tiles.iter().position(|&t| t == tile).unwrap_or(0)
    }

    /// Makes a move in place; `false` (and no change) if no tile can slide that way.
    pub fn apply(&mut self, m: Move) -> bool {
        match m.blank_target(self.blank(), self.width(), self.height()) {
            Some(target) => {
                let blank = self.blank();
                self.tiles.swap(blank, target);
                self.blank = target as u8;
                true
            }
            None => false,
        }
    }

    /// The board after `m`, or `None` if the move is not possible.
    pub fn moved(&self, m: Move) -> Option<Board> {
        let mut next = self.clone();
        next.apply(m).then_some(next)
    }

    /// Makes every move of `moves` in turn; on the first impossible one, returns its index and
    /// leaves the board as it was before that move.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), usize> {
        for (i, &m) in moves.iter().enumerate() {
            if !self.apply(m) {
                return Err(i);
            }
        }
        Ok(())
    }

    /// The moves possible from here, in [`Move::ALL`] order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|m| {
            m.blank_target(self.blank(), self.width(), self.height())
                .is_some()
        })
    }

    /// The move that slides the tile on `square` (and every tile between it and the blank, when
    /// it is further along the same row or column) toward the blank, as a list of single moves.
    /// Empty if the square is the blank or not in line with it.
    pub fn slide_from(&self, square: usize) -> Vec<Move> {
        let w = self.width();
        let (br, bc) = (self.blank() / w, self.blank() % w);
        let (r, c) = (square / w, square % w);
        if square >= self.len() || square == self.blank() {
            return Vec::new();
        }
        let (m, count) = if r == br {
            if c > bc {
                (Move::Left, c - bc)
            } else {
                (Move::Right, bc - c)
            }
        } else if c == bc {
            if r > br {
                (Move::Up, r - br)
            } else {
                (Move::Down, br - r)
            }
        } else {
            return Vec::new();
        };
        vec![m; count]
    }

    /// Swaps the tiles on two squares (used by editors and the "fix this board" offer; not a
    /// move of the game). Returns `None` if a square is out of range.
    pub fn swapped(&self, a: usize, b: usize) -> Option<Board> {
        if a >= self.len() || b >= self.len() {
            return None;
        }
        let mut next = self.clone();
        next.tiles.swap(a, b);
        if next.tiles[a] == 0 {
            next.blank = a as u8;
        } else if next.tiles[b] == 0 {
            next.blank = b as u8;
        }
        Some(next)
    }
}

/// Checks a width and height against the supported range.
pub fn check_size(width: usize, height: usize) -> Result<(), BoardError> {
    let ok = |s: usize| (MIN_SIDE..=MAX_SIDE).contains(&s);
    if ok(width) && ok(height) {
        Ok(())
    } else {
        Err(BoardError::SizeOutOfRange { width, height })
    }
}

impl Default for Board {
    /// The 8-puzzle's goal, `1 2 3/4 5 6/7 8 0`: a board to fall back on that needs no checking.
    fn default() -> Board {
        Board {
            width: 3,
            height: 3,
            blank: 8,
            tiles: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// The squares beside square `s` on a `width` × `height` board: above, below, left, right.
pub fn beside(s: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (s / width, s % width);
    [
        (r > 0).then(|| s - width),
        (r + 1 < height).then(|| s + width),
        (c > 0).then(|| s - 1),
        (c + 1 < width).then(|| s + 1),
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: usize, h: usize, tiles: &[u32]) -> Board {
        Board::new(w, h, tiles).expect("valid test board")
    }

    #[test]
    fn constructor_names_the_first_problem() {
        assert_eq!(
            Board::new(3, 3, &[1, 1, 2, 3, 4, 5, 6, 7, 0]),
            Err(BoardError::DuplicateTile {
                tile: 1,
                missing: Some(8)
            })
        );
        assert_eq!(
            Board::new(2, 2, &[1, 2, 3, 4]),
            Err(BoardError::TileOutOfRange {
                tile: 4,
                max: 3,
                missing: Some(0)
            })
        );
        assert_eq!(
            Board::new(2, 2, &[1, 2, 3]),
            Err(BoardError::WrongTileCount {
                expected: 4,
                found: 3
            })
        );
        assert_eq!(
            Board::new(1, 4, &[0, 1, 2, 3]),
            Err(BoardError::SizeOutOfRange {
                width: 1,
                height: 4
            })
        );
        assert_eq!(
            Board::new(11, 2, &[0; 22]),
            Err(BoardError::SizeOutOfRange {
                width: 11,
                height: 2
            })
        );
    }

    #[test]
    fn the_default_board_is_the_eight_puzzle_goal() {
        assert_eq!(Board::default(), Board::blank_last(3, 3).unwrap());
    }

    #[test]
    fn named_goals() {
        assert_eq!(
            Board::blank_last(3, 2).unwrap().tiles(),
            &[1, 2, 3, 4, 5, 0]
        );
        assert_eq!(
            Board::blank_first(2, 3).unwrap().tiles(),
            &[0, 1, 2, 3, 4, 5]
        );
    }

    #[test]
    fn apply_slides_one_tile_into_the_blank() {
        let mut b = board(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert!(!b.apply(Move::Up), "nothing below the blank");
        assert!(b.apply(Move::Right), "tile 8 slides right");
        assert_eq!(b.tiles(), &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert_eq!(b.blank(), 7);
        assert!(b.apply(Move::Down), "tile 5 slides down");
        assert_eq!(b.tiles(), &[1, 2, 3, 4, 0, 6, 7, 5, 8]);
    }

    #[test]
    fn apply_all_reports_the_first_impossible_move() {
        let mut b = board(2, 2, &[1, 2, 3, 0]);
        assert_eq!(b.apply_all(&[Move::Right, Move::Right]), Err(1));
        assert_eq!(b.tiles(), &[1, 2, 0, 3]);
    }

    #[test]
    fn slide_from_moves_a_whole_row_segment() {
        let b = board(4, 1 + 1, &[1, 2, 3, 4, 5, 6, 7, 0]);
        assert_eq!(b.slide_from(4), vec![Move::Right; 3]);
        assert_eq!(b.slide_from(3), vec![Move::Down]);
        assert!(b.slide_from(2).is_empty(), "not in line with the blank");
        assert!(b.slide_from(7).is_empty(), "the blank itself");
    }
}
