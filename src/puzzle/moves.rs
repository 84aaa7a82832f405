//! Moves, named by the direction in which a *tile* slides (the blank goes the other way).
//!
//! This is the notation of the speed-solving community's tools: `U` means the tile below the
//! blank slides up. Parsing and printing of move sequences live in [`crate::puzzle::notation`].

/// One slide of one tile into the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The tile below the blank slides up.
    Up,
    /// The tile above the blank slides down.
    Down,
    /// The tile right of the blank slides left.
    Left,
    /// The tile left of the blank slides right.
    Right,
}

impl Move {
    /// All four moves, in the order searches try them (fixed, so node counts are reproducible).
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move that undoes this one.
    pub const fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The letter of this move in move notation.
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The direction in a sentence: `up`, `down`, `left`, `right`.
    pub const fn word(self) -> &'static str {
        match self {
            Move::Up => "up",
            Move::Down => "down",
            Move::Left => "left",
            Move::Right => "right",
        }
    }

    /// The move a letter names (either case), if any.
    pub const fn from_letter(c: char) -> Option<Move> {
        match c {
            'U' | 'u' => Some(Move::Up),
            'D' | 'd' => Some(Move::Down),
            'L' | 'l' => Some(Move::Left),
            'R' | 'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// Index in [`Move::ALL`]; searches store moves in a byte.
    pub const fn index(self) -> u8 {
        match self {
            Move::Up => 0,
            Move::Down => 1,
            Move::Left => 2,
            Move::Right => 3,
        }
    }

    /// Inverse of [`Move::index`] (indices are taken modulo 4).
    pub const fn from_index(i: u8) -> Move {
        Move::ALL[(i & 3) as usize]
    }

    /// Where the blank goes when this move is made from `blank` on a `width` × `height` board,
    /// or `None` if no tile can slide that way. The tile that slides starts on that square.
    pub const fn blank_target(self, blank: usize, width: usize, height: usize) -> Option<usize> {
        let (row, col) = (blank / width, blank % width);
        match self {
            Move::Up if row + 1 < height => Some(blank + width),
            Move::Down if row > 0 => Some(blank - width),
            Move::Left if col + 1 < width => Some(blank + 1),
            Move::Right if col > 0 => Some(blank - 1),
            _ => None,
        }
    }

    /// The move that takes the blank from square `blank` to the square `to` beside it on a
    /// board `width` wide (the inverse of [`Move::blank_target`]).
    pub const fn between(blank: usize, to: usize, width: usize) -> Move {
        if to == blank + width {
            Move::Up
        } else if to + width == blank {
            Move::Down
        } else if to == blank + 1 {
            Move::Left
        } else {
            Move::Right
        }
    }
}

/// For every square and move, the square the blank moves to (or [`Neighbours::NONE`]): the
/// table every search uses to generate successors without branching on board edges.
#[derive(Clone, Debug)]
pub(crate) struct Neighbours {
    table: Vec<[u8; 4]>,
}

impl Neighbours {
    pub(crate) const NONE: u8 = u8::MAX;

    pub(crate) fn new(width: usize, height: usize) -> Neighbours {
        let table = (0..width * height)
            .map(|blank| {
                Move::ALL.map(|m| {
                    m.blank_target(blank, width, height)
                        .map_or(Self::NONE, |t| t as u8)
                })
            })
            .collect();
        Neighbours { table }
    }

    /// The blank's destination for move index `m` from square `blank`.
    #[inline]
    pub(crate) fn get(&self, blank: usize, m: usize) -> u8 {
        self.table[blank][m]
    }

    /// The moves from a board whose blank is on `blank`, in the order the searches try them,
    /// each with the square whose tile slides into the blank; all but move index `back` (the
    /// one undoing the move that reached the board; 4 or more for none).
    pub(crate) fn around(&self, blank: usize, back: u8) -> impl Iterator<Item = (u8, usize)> + '_ {
        (0..4u8).filter(move |&m| m != back).filter_map(move |m| {
            let from = self.get(blank, m as usize);
            (from != Self::NONE).then_some((m, from as usize))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_means_the_tile_below_the_blank_slides_up() {
        // Blank in the middle of a 3x3 board: the tile below it is on square 7.
        assert_eq!(Move::Up.blank_target(4, 3, 3), Some(7));
        assert_eq!(Move::Down.blank_target(4, 3, 3), Some(1));
        assert_eq!(Move::Left.blank_target(4, 3, 3), Some(5));
        assert_eq!(Move::Right.blank_target(4, 3, 3), Some(3));
    }

    #[test]
    fn edges_allow_no_move_off_the_board() {
        // Blank bottom-right of a 4 wide, 2 high board: nothing below, nothing to the right.
        assert_eq!(Move::Up.blank_target(7, 4, 2), None);
        assert_eq!(Move::Left.blank_target(7, 4, 2), None);
        assert_eq!(Move::Down.blank_target(7, 4, 2), Some(3));
        assert_eq!(Move::Right.blank_target(7, 4, 2), Some(6));
    }

    #[test]
    fn letters_and_indices_round_trip() {
        for m in Move::ALL {
            assert_eq!(Move::from_letter(m.letter()), Some(m));
            assert_eq!(Move::from_index(m.index()), m);
            assert_eq!(m.opposite().opposite(), m);
        }
        assert_eq!(Move::from_letter('x'), None);
    }
}
