//! Where the board on show came from, and so whether a solve of it counts for statistics.
//!
//! Speedsolvers compare times only on random-state boards: drawn uniformly from all solvable
//! boards, so that nobody can pick, type or filter an easier one. A shuffle without the "most
//! tiles out of place" filter, the daily puzzle and a friend's challenge are such boards; a
//! filtered shuffle (it leaves out the boards nearest the goal), a board typed, loaded, set by
//! hand or opened from a plain link, and a replay are not. A solve of any of them is kept in
//! the history all the same, marked.

/// Where a board came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Shuffle (or a new size), with or without the "most tiles out of place" filter.
    Shuffle { filtered: bool },
    /// The daily puzzle: drawn from the date, uniformly from
    /// [`RANDOM_STATE_FROM`](super::daily::RANDOM_STATE_FROM) on.
    Daily { uniform: bool },
    /// A friend's challenge link.
    Challenge,
    /// A board of an event. The event keeps its own records; a solve of the board outside the
    /// event (after it ended) is no random-state single solve.
    Event,
    /// A link with a board (and no challenge).
    Link,
    /// Typed in, or loaded from a file.
    Typed,
    /// Set by hand in the editor (or a board fixed so that it can be solved).
    Edited,
    /// The board on show when another goal was chosen, after moves had been made on it.
    Moved,
    /// The start of a solve being watched again.
    Replay,
    /// The daily race's board, drawn by the server uniformly from all solvable boards.
    Race,
}

impl Origin {
    /// The board was drawn uniformly from all solvable boards.
    pub fn random_state(self) -> bool {
        matches!(
            self,
            Origin::Shuffle { filtered: false }
                | Origin::Daily { uniform: true }
                | Origin::Challenge
                | Origin::Race
        )
    }

    /// Why a solve of this board is left out of the statistics, in words for the player
    /// (`None` when it counts).
    pub fn why_not_counted(self) -> Option<&'static str> {
        Some(match self {
            Origin::Shuffle { filtered: false }
            | Origin::Daily { uniform: true }
            | Origin::Challenge
            | Origin::Race => return None,
            Origin::Event => "the board belongs to an event that had ended.",
            Origin::Daily { uniform: false } => {
                "daily puzzles before 27 November 2026 were shuffled with most tiles out of place, not drawn at random from all boards."
            }
            Origin::Shuffle { filtered: true } => {
                "the board was shuffled with most tiles out of place, which leaves out the boards nearest the goal, so it was not drawn at random from all boards."
            }
            Origin::Link => "the board came from a link, not drawn at random.",
            Origin::Typed => "the board was typed in or loaded from a file, not drawn at random.",
            Origin::Edited => "the board was set by hand, not drawn at random.",
            Origin::Moved => {
                "the goal was changed after moves were made, so the board was not drawn at random."
            }
            Origin::Replay => "the board was the start of a replay.",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_uniform_draws_count_and_every_other_board_says_why() {
        let counted = [
            Origin::Shuffle { filtered: false },
            Origin::Daily { uniform: true },
            Origin::Challenge,
            Origin::Race,
        ];
        for origin in counted {
            assert!(origin.random_state(), "{origin:?}");
            assert_eq!(origin.why_not_counted(), None);
        }
        for origin in [
            Origin::Shuffle { filtered: true },
            Origin::Daily { uniform: false },
            Origin::Link,
            Origin::Typed,
            Origin::Edited,
            Origin::Moved,
            Origin::Replay,
            Origin::Event,
        ] {
            assert!(!origin.random_state(), "{origin:?}");
            assert!(origin.why_not_counted().is_some_and(|w| w.ends_with('.')));
        }
    }
}
