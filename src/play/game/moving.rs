//! How the player moves tiles, and how a move looks: by clicking or by hovering, the arrow keys
//! and four keys of the player's own naming the tile's way or the blank's, and tiles that glide
//! or jump. Speedsolvers choose these
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

/// The four keys the player moves with beside the arrows, one for each way, in [`Move::ALL`]'s
/// order (up, down, left, right): W, S, A and D at first, any keys the player binds (Slidysim's
/// players use I K J L, or the sense reversed). A key is kept as the browser names it, a letter in
/// lower case: `w`, `;`, `Home`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveKeys([String; 4]);

impl Default for MoveKeys {
    fn default() -> Self {
        MoveKeys(["w", "s", "a", "d"].map(String::from))
    }
}

/// Keys the page already uses for something else: the arrows move, Space plays and pauses a
/// replay, Tab, Enter and Escape get around the page, and Shift and Caps Lock make capitals (a
/// key pressed with Shift is its letter).
const TAKEN: [&str; 10] = [
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    " ",
    "Tab",
    "Enter",
    "Escape",
    "Shift",
    "CapsLock",
];

impl MoveKeys {
    /// Keys as settings kept them: four distinct keys, none taken, or nothing.
    pub fn of(keys: [String; 4]) -> Option<MoveKeys> {
        let mut bound = MoveKeys(Default::default());
        for (way, key) in Move::ALL.into_iter().zip(keys) {
            bound = bound.bind(way, &key).ok()?;
        }
        Some(bound)
    }

    /// The key that moves `way`.
    pub fn key(&self, way: Move) -> &str {
        &self.0[way.index() as usize]
    }

    /// The four keys, in [`Move::ALL`]'s order.
    pub fn keys(&self) -> &[String; 4] {
        &self.0
    }

    /// The way a key names: an arrow's, or the way it is bound to.
    pub fn way(&self, key: &str) -> Option<Move> {
        let arrow = TAKEN[..4].iter().position(|&k| k == key);
        let key = normal(key);
        arrow
            .or_else(|| self.0.iter().position(|k| *k == key))
            .map(|i| Move::ALL[i])
    }

    /// The keys with `key` moving `way`, or why not: a key the page uses for something else,
    /// or bound to another way already.
    pub fn bind(&self, way: Move, key: &str) -> Result<MoveKeys, KeyRefused> {
        let key = normal(key);
        if key.is_empty() || TAKEN.contains(&key.as_str()) {
            return Err(KeyRefused::Taken(key));
        }
        if let Some(other) = Move::ALL
            .into_iter()
            .find(|&w| w != way && self.key(w) == key)
        {
            return Err(KeyRefused::Bound(key, other));
        }
        let mut keys = self.clone();
        keys.0[way.index() as usize] = key;
        Ok(keys)
    }
}

/// Why a key cannot move a way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyRefused {
    /// The page uses it for something else (an arrow, Space, Tab, Enter, Escape, Shift, Caps
    /// Lock).
    Taken(String),
    /// It moves another way already.
    Bound(String, Move),
}

impl std::fmt::Display for KeyRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeyRefused::Taken(key) => write!(
                f,
                "{} is kept for something else: choose another key.",
                shown_key(key)
            ),
            KeyRefused::Bound(key, other) => write!(
                f,
                "{} already moves {}.",
                shown_key(key),
                ["up", "down", "left", "right"][other.index() as usize]
            ),
        }
    }
}

/// A key as a player reads it: `W`, `Space`, `Home`.
pub fn shown_key(key: &str) -> String {
    match key {
        " " => "Space".to_string(),
        k if k.chars().count() == 1 => k.to_ascii_uppercase(),
        k => k.to_string(),
    }
}

/// A key as kept: a letter in lower case (so Shift or Caps Lock does not change it). Only
/// ASCII letters are folded: the standard library's Unicode case tables would weigh more than
/// the whole feature.
fn normal(key: &str) -> String {
    match key.chars().count() {
        1 => key.to_ascii_lowercase(),
        _ => key.to_string(),
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
    fn move_keys_bind_any_free_key_and_refuse_a_taken_one() {
        let keys = MoveKeys::default();
        assert_eq!(keys.way("W"), Some(Move::Up), "a letter in either case");
        assert_eq!(keys.way("ArrowLeft"), Some(Move::Left));
        assert_eq!(keys.way("i"), None);
        let ijkl = [
            (Move::Up, "i"),
            (Move::Down, "K"),
            (Move::Left, "j"),
            (Move::Right, "l"),
        ]
        .into_iter()
        .fold(keys.clone(), |k, (way, key)| k.bind(way, key).unwrap());
        assert_eq!(ijkl.keys(), &["i", "k", "j", "l"].map(String::from));
        assert_eq!((ijkl.way("I"), ijkl.way("w")), (Some(Move::Up), None));
        assert_eq!(
            ijkl.way("ArrowUp"),
            Some(Move::Up),
            "the arrows always move"
        );
        // Taken: another way's key, an arrow, Space.
        let refused = keys.bind(Move::Up, "D").unwrap_err();
        assert_eq!(refused, KeyRefused::Bound("d".into(), Move::Right));
        assert!(refused.to_string().starts_with("D already moves right"));
        let refused = keys.bind(Move::Up, "ArrowDown").unwrap_err().to_string();
        assert!(refused.starts_with("ArrowDown is kept for something else"));
        // Shift pressed on its way to a capital is no key of its own: the letter is.
        assert!(keys.bind(Move::Up, "Shift").is_err());
        assert_eq!(keys.bind(Move::Up, "I").unwrap().key(Move::Up), "i");
        let refused = keys.bind(Move::Up, " ").unwrap_err().to_string();
        assert!(refused.starts_with("Space is kept"));
        // The same key again, on its own way, is no change.
        assert_eq!(keys.bind(Move::Up, "w"), Ok(keys.clone()));
        // Kept keys read back only when they make four distinct free keys.
        assert_eq!(MoveKeys::of(ijkl.keys().clone()), Some(ijkl));
        assert_eq!(MoveKeys::of(["i", "i", "j", "l"].map(String::from)), None);
        assert_eq!(MoveKeys::of(["i", "k", "j", "Tab"].map(String::from)), None);
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
