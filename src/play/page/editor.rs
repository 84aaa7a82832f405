//! Bringing your own board: the text being typed (checked as it is typed), a file read, the
//! custom goal being written, and a board being set tile by tile (or an unsolvable board shown
//! with the swap that would fix it). A part of the page ([`crate::play::page`]): it owns this
//! state, and says what the page is to do about it ([`Edited`]).

use super::BoardAction;
use crate::puzzle::board::Board;
use crate::puzzle::goal::Goal;
use crate::puzzle::notation::parse_board;
use crate::puzzle::position::Position;

/// Files larger than this are not boards.
pub const MAX_FILE_BYTES: f64 = 1_000_000.0;

/// Why a chosen file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// Over [`MAX_FILE_BYTES`].
    TooLarge,
    /// The browser could not read it as text.
    NotText,
}

/// What the player can do in the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum EditAction {
    /// The Board field's text.
    BoardText(String),
    /// Apply the typed board.
    ApplyBoard,
    /// A board file was read (or could not be).
    FileLoaded {
        name: String,
        contents: Result<String, FileProblem>,
    },
    /// Save the board on show to a file.
    SaveFile,
    /// Start (`true`) or finish setting tiles by hand.
    EditTiles(bool),
    /// Apply the swap that makes the board on show solvable.
    Fix,
    /// The Goal picker: a named goal, or `None` for Custom (its field opens).
    GoalKind(Option<Goal>),
    /// The Custom goal field's text.
    CustomGoalText(String),
    SetCustomGoal,
}

/// What the editor asks of the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Edited {
    /// A board to play ([`BoardAction::Typed`], or [`BoardAction::Edited`] when set by hand or
    /// fixed), or a goal chosen ([`BoardAction::Goal`]): the board part's to carry out.
    Board(BoardAction),
    /// Offer a text file for download.
    Download { name: String, text: String },
}

/// A board being set by hand (tap a tile, tap another, they swap), or an unsolvable board on
/// show; with the goal it is set toward, so that its squares are only ever read with its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Editing {
    pub position: Position,
    /// The square tapped first, waiting for the second.
    pub picked: Option<usize>,
}

impl Editing {
    /// Setting `position`'s tiles, none picked yet.
    pub fn of(position: Position) -> Editing {
        Editing {
            position,
            picked: None,
        }
    }
}

/// The editor part of the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Editor {
    /// What the player typed in the Board field, until another board is started (the field
    /// then shows the board on show: see [`Editor::text`]).
    draft: Option<String>,
    /// What is wrong with the draft, the file, or the custom goal, in the core's words.
    problem: Option<String>,
    /// The Custom goal field's text.
    custom_goal: String,
    /// "Custom" chosen in the Goal picker, not yet set.
    custom_open: bool,
    /// Setting tiles by hand, or an unsolvable board on show: the board on screen instead of the
    /// game's.
    editing: Option<Editing>,
}

impl Editor {
    /// The editor of a page whose goal is `goal` (the Custom field starts with it).
    pub fn new(goal: &Board) -> Editor {
        Editor {
            custom_goal: goal.to_string(),
            ..Editor::default()
        }
    }

    /// Carries out `action`; `game` is the game's position (what Edit tiles starts from, and
    /// what Save file saves when no board is being set).
    pub fn reduce(&mut self, action: EditAction, game: &Position) -> Vec<Edited> {
        let edited = match action {
            EditAction::BoardText(text) => {
                self.input(text);
                None
            }
            EditAction::ApplyBoard => self.apply().map(|b| Edited::Board(BoardAction::Typed(b))),
            EditAction::FileLoaded { name, contents } => self
                .file(&name, contents)
                .map(|b| Edited::Board(BoardAction::Typed(b))),
            EditAction::SaveFile => Some(self.save_file(game)),
            EditAction::EditTiles(on) => self.edit_tiles(on, game),
            EditAction::Fix => {
                let editing = self.editing.as_ref();
                (self.fix())
                    .and_then(|(a, b)| editing?.position.swapped(a, b))
                    .map(|p| Edited::Board(BoardAction::Edited(p)))
            }
            EditAction::GoalKind(Some(goal)) => {
                self.custom_open = false;
                Some(Edited::Board(BoardAction::Goal(goal)))
            }
            EditAction::GoalKind(None) => {
                self.custom_open = true;
                None
            }
            EditAction::CustomGoalText(text) => {
                self.custom_goal = text;
                None
            }
            EditAction::SetCustomGoal => self
                .set_custom_goal()
                .map(|g| Edited::Board(BoardAction::Goal(g))),
        };
        edited.into_iter().collect()
    }

    /// Save file: the board being set, else the game's, as a text file.
    fn save_file(&self, game: &Position) -> Edited {
        let board = (self.editing.as_ref()).map_or(game.board(), |e| e.position.board());
        Edited::Download {
            name: format!("slide-{}x{}.txt", board.width(), board.height()),
            text: board.to_file_text(),
        }
    }

    /// Edit tiles (`on`) starts setting the game's tiles by hand; Done plays what was set.
    fn edit_tiles(&mut self, on: bool, game: &Position) -> Option<Edited> {
        match (self.editing.take(), on) {
            (None, true) => {
                self.editing = Some(Editing::of(game.clone()));
                None
            }
            (Some(e), false) => Some(Edited::Board(BoardAction::Edited(e.position))),
            (e, _) => {
                self.editing = e;
                None
            }
        }
    }

    /// The Board field changed: say at once what is wrong with it.
    fn input(&mut self, text: String) {
        self.problem = if text.trim().is_empty() {
            None
        } else {
            parse_board(&text).err().map(|e| e.to_string())
        };
        self.draft = Some(text);
    }

    /// The Board field's text: what the player is typing, else the board on show.
    pub fn text(&self, shown: &Board) -> String {
        self.draft.clone().unwrap_or_else(|| shown.to_string())
    }

    /// Another board was started: the field shows it, and a problem with the old text goes.
    pub(crate) fn new_board(&mut self) {
        self.draft = None;
        self.problem = None;
    }

    /// Apply: the typed board, or `None` with the problem shown.
    fn apply(&mut self) -> Option<Board> {
        match parse_board(self.draft.as_deref().unwrap_or_default()) {
            Ok(board) => {
                self.problem = None;
                Some(board)
            }
            Err(e) => {
                self.problem = Some(e.to_string());
                None
            }
        }
    }

    /// A file was read (or could not be): its board, or `None` with the problem, named by file.
    fn file(&mut self, name: &str, contents: Result<String, FileProblem>) -> Option<Board> {
        let text = match contents {
            Ok(text) => text,
            Err(FileProblem::TooLarge) => {
                self.problem = Some(format!("{name}: the file is too large for a board."));
                return None;
            }
            Err(FileProblem::NotText) => {
                self.problem = Some(format!("{name}: the file cannot be read as text."));
                return None;
            }
        };
        match parse_board(&text) {
            Ok(board) => {
                self.problem = None;
                self.draft = None;
                Some(board)
            }
            Err(e) => {
                self.problem = Some(format!("{name}: {e}"));
                None
            }
        }
    }

    /// Set goal: the custom goal typed, or `None` with the problem shown.
    fn set_custom_goal(&mut self) -> Option<Goal> {
        match parse_board(&self.custom_goal) {
            Ok(board) => {
                self.problem = None;
                self.custom_open = false;
                Some(Goal::Custom(board))
            }
            Err(e) => {
                self.problem = Some(format!("Custom goal: {e}"));
                None
            }
        }
    }

    /// A tap while setting tiles: the first picks a tile, the second swaps the two.
    pub(crate) fn tap(&mut self, square: usize) {
        if let Some(e) = &mut self.editing {
            match e.picked.take() {
                None => e.picked = Some(square),
                Some(first) => {
                    if let Some(swapped) = e.position.swapped(first, square) {
                        e.position = swapped;
                    }
                }
            }
        }
    }

    /// Shows `position`, which cannot reach its goal, with its fix; or, with `None`, the game.
    pub(crate) fn show(&mut self, position: Option<Position>) {
        self.editing = position.map(Editing::of);
    }

    /// The board being set by hand or shown unsolvable, if any.
    pub fn editing(&self) -> Option<&Editing> {
        self.editing.as_ref()
    }

    /// What is wrong with the draft, the file, or the custom goal.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The Custom goal field's text.
    pub fn custom_goal(&self) -> &str {
        &self.custom_goal
    }

    /// "Custom" is chosen in the Goal picker, not yet set.
    pub fn custom_open(&self) -> bool {
        self.custom_open
    }

    /// For a board on show that cannot reach its goal: the two squares whose swap fixes it.
    pub fn fix(&self) -> Option<(usize, usize)> {
        self.editing.as_ref()?.position.suggested_fix()
    }

    /// Tiles to mark on the board: the fix's swap, or the tile picked first.
    pub fn marked(&self) -> Vec<u8> {
        let Some(e) = &self.editing else {
            return Vec::new();
        };
        let board = e.position.board();
        let squares = match (self.fix(), e.picked) {
            (Some((x, y)), _) => vec![x, y],
            (None, Some(first)) => vec![first],
            (None, None) => vec![],
        };
        squares
            .into_iter()
            .filter(|&s| s < board.len())
            .map(|s| board.tile(s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_field_is_checked_as_it_is_typed() {
        let mut e = Editor::default();
        e.input("8 6 7/2 5 4/3 0 8".into());
        assert_eq!(
            e.problem.as_deref(),
            Some("tile 8 appears more than once, and tile 1 is missing")
        );
        assert_eq!(e.apply(), None);
        e.input("  ".into());
        assert_eq!(e.problem, None);
        e.input("8 6 7/2 5 4/3 0 1".into());
        assert_eq!(e.problem, None);
        assert_eq!(e.apply().unwrap().to_string(), "8 6 7/2 5 4/3 0 1");
    }

    #[test]
    fn files_are_named_in_their_problems() {
        let mut e = Editor::default();
        assert_eq!(e.file("big.txt", Err(FileProblem::TooLarge)), None);
        assert_eq!(
            e.problem.as_deref(),
            Some("big.txt: the file is too large for a board.")
        );
        assert_eq!(
            e.file("broken.txt", Ok("3\n1 2 3\n4 5 5\n7 8 0\n".into())),
            None
        );
        assert!(
            e.problem
                .as_deref()
                .unwrap()
                .starts_with("broken.txt: line 3: tile 5"),
            "{:?}",
            e.problem
        );
        let b = e
            .file("seed.txt", Ok("3\n8 6 7\n2 5 4\n3 0 1\n".into()))
            .unwrap();
        assert_eq!(b.to_string(), "8 6 7/2 5 4/3 0 1");
        assert_eq!(e.draft, None, "the field shows the board");
        assert_eq!(e.problem, None);
    }

    #[test]
    fn two_taps_swap_two_tiles_and_the_fix_is_marked() {
        let goal = Board::blank_last(3, 3).unwrap();
        let mut e = Editor {
            editing: Some(Editing::of(Position::solved(goal.clone()))),
            ..Editor::default()
        };
        e.tap(6);
        assert_eq!(e.marked(), vec![7]);
        e.tap(7);
        let swapped = e.editing.as_ref().unwrap().position.clone();
        assert_eq!(swapped.board().to_string(), "1 2 3/4 5 6/8 7 0");
        // Now unsolvable: the page offers the swap back, and marks its two tiles.
        let (x, y) = e.fix().unwrap();
        let mut marked = e.marked();
        marked.sort_unstable();
        assert_eq!(marked, vec![7, 8]);
        assert_eq!(swapped.swapped(x, y).unwrap().board(), &goal);
    }

    #[test]
    fn a_custom_goal_must_be_a_board() {
        let mut e = Editor {
            custom_goal: "1 2 3/8 0 4/7 6 5".into(),
            custom_open: true,
            ..Editor::default()
        };
        assert!(matches!(e.set_custom_goal(), Some(Goal::Custom(_))));
        assert!(!e.custom_open);
        e.custom_goal = "1 2".into();
        assert_eq!(e.set_custom_goal(), None);
        assert!(e.problem.as_deref().unwrap().starts_with("Custom goal:"));
    }
}
