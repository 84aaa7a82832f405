//! How the player moves tiles, and how a move looks: by clicking or by hovering, the arrow keys
//! naming the tile's way or the blank's, and tiles that glide or jump. Speedsolvers choose these
//! as a matter of course: hover is their most common mouse control, and timed play is done
//! without a glide, which would hide the next tile's place for a tenth of a second.

use crate::puzzle::moves::Move;

/// What the pointer does to a tile in line with the blank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pointer {
    /// A click (or a finger's tap) slides it.
    #[default]
    Click,
    /// The pointer entering it slides it, no click needed (a finger still taps).
    Hover,
}

/// Whose way an arrow key names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ArrowKeys {
    /// The tile that slides: ← slides the tile right of the blank to the left.
    #[default]
    Tile,
    /// The blank: ← moves the blank left (the tile left of it slides right).
    Blank,
}

/// How a move looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Animation {
    /// Tiles jump to their new place.
    Instant,
    /// A short glide.
    Fast,
    /// A calm glide.
    #[default]
    Smooth,
}

/// A choice as files write it and as a picker offers it.
pub trait Named: Sized + Copy + 'static {
    /// Every choice, in the order a picker offers them.
    const ALL: &'static [Self];
    /// As stored and as the picker's values: `hover`.
    fn name(self) -> &'static str;
    /// As a player reads it: `Hover`.
    fn label(self) -> &'static str;
    /// What [`Named::name`] wrote.
    fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.name() == name)
    }
}

impl Named for Pointer {
    const ALL: &'static [Self] = &[Pointer::Click, Pointer::Hover];
    fn name(self) -> &'static str {
        match self {
            Pointer::Click => "click",
            Pointer::Hover => "hover",
        }
    }
    fn label(self) -> &'static str {
        match self {
            Pointer::Click => "Click",
            Pointer::Hover => "Hover",
        }
    }
}

impl Named for ArrowKeys {
    const ALL: &'static [Self] = &[ArrowKeys::Tile, ArrowKeys::Blank];
    fn name(self) -> &'static str {
        match self {
            ArrowKeys::Tile => "tile",
            ArrowKeys::Blank => "blank",
        }
    }
    fn label(self) -> &'static str {
        match self {
            ArrowKeys::Tile => "Tile",
            ArrowKeys::Blank => "Blank",
        }
    }
}

impl Named for Animation {
    const ALL: &'static [Self] = &[Animation::Instant, Animation::Fast, Animation::Smooth];
    fn name(self) -> &'static str {
        match self {
            Animation::Instant => "instant",
            Animation::Fast => "fast",
            Animation::Smooth => "smooth",
        }
    }
    fn label(self) -> &'static str {
        match self {
            Animation::Instant => "Instant",
            Animation::Fast => "Fast",
            Animation::Smooth => "Smooth",
        }
    }
}

impl ArrowKeys {
    /// The move an arrow pointing `way` makes (the arrow's way, said as the tile's).
    pub fn move_for(self, way: Move) -> Move {
        match self {
            ArrowKeys::Tile => way,
            ArrowKeys::Blank => way.opposite(),
        }
    }
}

impl Animation {
    /// The longest a slide takes, in milliseconds (a fast replay shortens it further).
    pub fn slide_ms(self) -> u32 {
        match self {
            Animation::Instant => 0,
            Animation::Fast => 60,
            Animation::Smooth => 130,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_blank_arrows_the_arrow_names_the_blanks_way() {
        assert_eq!(ArrowKeys::Tile.move_for(Move::Left), Move::Left);
        assert_eq!(ArrowKeys::Blank.move_for(Move::Left), Move::Right);
        assert_eq!(ArrowKeys::Blank.move_for(Move::Up), Move::Down);
    }

    #[test]
    fn each_choice_reads_back_as_written() {
        for &p in Pointer::ALL {
            assert_eq!(Pointer::parse(p.name()), Some(p));
        }
        for &a in ArrowKeys::ALL {
            assert_eq!(ArrowKeys::parse(a.name()), Some(a));
        }
        for &a in Animation::ALL {
            assert_eq!(Animation::parse(a.name()), Some(a));
        }
        assert_eq!(Animation::parse("slow"), None);
        assert!(Animation::Instant.slide_ms() < Animation::Fast.slide_ms());
    }
}
