//! How a move was made, and how a whole solve was: speedsolvers rank results by control type, so
//! a solve made by hovering is never compared with one made by clicking.

/// How one move was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A click (or tap of a mouse-like pointer) on a tile.
    Click,
    /// The pointer entering a tile in line with the blank, with no click.
    Hover,
    /// An arrow key or WASD.
    Keys,
    /// A finger: a tap on a tile or a swipe.
    Touch,
}

/// How a solve's moves were made: one input throughout, or several ([`Control::Mixed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Control {
    Click,
    Hover,
    Keys,
    Touch,
    Mixed,
}

impl Control {
    /// Every control, in the order a picker offers them.
    pub const ALL: [Control; 5] = [
        Control::Click,
        Control::Hover,
        Control::Keys,
        Control::Touch,
        Control::Mixed,
    ];

    /// The control of moves made with `inputs`: theirs if they are all one, else mixed (a solve
    /// with no moves, which cannot be a solve, is called mixed).
    pub fn of(inputs: impl IntoIterator<Item = Input>) -> Control {
        let mut inputs = inputs.into_iter();
        let Some(first) = inputs.next() else {
            return Control::Mixed;
        };
        if inputs.any(|i| i != first) {
            return Control::Mixed;
        }
        match first {
            Input::Click => Control::Click,
            Input::Hover => Control::Hover,
            Input::Keys => Control::Keys,
            Input::Touch => Control::Touch,
        }
    }

    /// As files and the page's attributes write it: `click`, `hover`, `keys`, `touch`, `mixed`.
    pub fn name(self) -> &'static str {
        match self {
            Control::Click => "click",
            Control::Hover => "hover",
            Control::Keys => "keys",
            Control::Touch => "touch",
            Control::Mixed => "mixed",
        }
    }

    /// As a player reads it: `Click`, `Hover`, `Keys`, `Touch`, `Mixed`.
    pub fn label(self) -> &'static str {
        match self {
            Control::Click => "Click",
            Control::Hover => "Hover",
            Control::Keys => "Keys",
            Control::Touch => "Touch",
            Control::Mixed => "Mixed",
        }
    }

    /// What [`Control::name`] wrote.
    pub fn parse(name: &str) -> Option<Control> {
        Control::ALL.into_iter().find(|c| c.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_made_one_way_is_that_control_and_any_mix_is_mixed() {
        assert_eq!(Control::of([Input::Hover; 40]), Control::Hover);
        assert_eq!(Control::of([Input::Keys]), Control::Keys);
        assert_eq!(
            Control::of([Input::Click, Input::Click, Input::Keys]),
            Control::Mixed
        );
        assert_eq!(Control::of([]), Control::Mixed);
        for c in Control::ALL {
            assert_eq!(Control::parse(c.name()), Some(c));
        }
        assert_eq!(Control::parse("mouse"), None);
    }
}
