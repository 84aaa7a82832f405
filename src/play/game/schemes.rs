//! Colour schemes: tiles coloured by the group their goal square belongs to, as speedsolvers
//! colour big boards by the part they solve it in. Each scheme is a type of its own in a file of
//! its own ([`Scheme`]); [`ColourScheme::ALL`] lists them, in the order the picker offers them,
//! so a new scheme is one new file and one line there.
//!
//! The groups are numbered from 0, and tiles of one group share a colour: the palette has
//! [`COLOURS`] colours, enough for ten rows, so on boards up to 10×10 no two groups share one.
//! The palette is Okabe and Ito's, chosen to stay distinguishable with every common kind of
//! colour blindness (a light grey in place of their black), and two darker ones (brown and wine)
//! beside them; every colour carries
//! its numbers at a contrast that passes in both themes.

mod columns;
mod fringe;
mod grids;
mod plain;
mod rows;

use super::moving::Named;
use crate::puzzle::board::Board;
use std::fmt;

/// Colours in the palette (the page's stylesheet has a class per colour: `group-0` …).
pub const COLOURS: usize = 10;

/// One way of colouring the tiles.
pub trait Scheme: Sync {
    /// As stored and as the picker's value: `rows`.
    fn name(&self) -> &'static str;
    /// As a player reads it: `Rows`.
    fn label(&self) -> &'static str;
    /// What the colours show, in a sentence.
    fn about(&self) -> &'static str;
    /// Each square's group on the goal board (by square, the blank's square included), or
    /// `None` where the scheme colours nothing: plain tiles, or a goal the scheme has no order
    /// for.
    fn groups(&self, goal: &Board) -> Option<Vec<u8>>;
}

/// The scheme chosen: one of [`ColourScheme::ALL`].
#[derive(Clone, Copy)]
pub struct ColourScheme(&'static dyn Scheme);

impl Named for ColourScheme {
    const ALL: &'static [ColourScheme] = &[
        ColourScheme(&plain::Plain),
        ColourScheme(&rows::Rows),
        ColourScheme(&columns::Columns),
        ColourScheme(&fringe::Fringe),
        ColourScheme(&grids::Grids),
    ];
    fn name(self) -> &'static str {
        self.0.name()
    }
    fn label(self) -> &'static str {
        self.0.label()
    }
}

impl ColourScheme {
    /// What the colours show, in a sentence.
    pub fn about(self) -> &'static str {
        self.0.about()
    }

    /// Each tile's group (by tile; the blank's entry is its square's), from the square the goal
    /// gives it; `None` where the scheme colours nothing on this goal.
    pub fn groups(self, goal: &Board) -> Option<Vec<u8>> {
        let of_square = self.0.groups(goal)?;
        let mut of_tile = vec![0; goal.len()];
        for (square, &tile) in goal.tiles().iter().enumerate() {
            of_tile[usize::from(tile)] = of_square[square];
        }
        Some(of_tile)
    }
}

/// Plain.
impl Default for ColourScheme {
    fn default() -> Self {
        Self::ALL[0]
    }
}

impl PartialEq for ColourScheme {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for ColourScheme {}

impl fmt::Debug for ColourScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scheme drawn on its goal, a letter a group (`a` for 0), the blank a dot: for the tests.
#[cfg(test)]
fn picture(scheme: ColourScheme, goal: &Board) -> String {
    let groups = scheme.groups(goal).expect("the scheme colours this goal");
    goal.tiles()
        .chunks(goal.width())
        .map(|row| {
            row.iter()
                .map(|&t| match t {
                    0 => '.',
                    t => char::from(b'a' + groups[usize::from(t)]),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_has_its_own_name_and_is_read_back_by_it() {
        for (i, s) in ColourScheme::ALL.iter().enumerate() {
            assert_eq!(ColourScheme::parse(s.name()), Some(*s));
            assert!(ColourScheme::ALL[..i].iter().all(|t| t.name() != s.name()));
        }
        assert_eq!(ColourScheme::default().name(), "plain");
        assert_eq!(ColourScheme::parse("stripes"), None);
    }

    #[test]
    fn no_two_groups_share_a_colour_up_to_ten_by_ten() {
        for s in ColourScheme::ALL {
            for (w, h) in [
                (2, 2),
                (3, 3),
                (4, 4),
                (3, 5),
                (7, 7),
                (10, 10),
                (10, 3),
                (2, 10),
            ] {
                for goal in [
                    Board::blank_last(w, h).unwrap(),
                    Board::blank_first(w, h).unwrap(),
                ] {
                    if let Some(groups) = s.groups(&goal) {
                        let most = *groups.iter().max().unwrap();
                        assert!(usize::from(most) < COLOURS, "{s:?} on {w}×{h}: {most}");
                    }
                }
            }
        }
    }
}
