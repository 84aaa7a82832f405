//! The player's preferences: what the page keeps between visits ([`Settings`]: size, goal,
//! picture, numbers, colours, bests), how shuffles scramble, and the player's own picture while
//! it is chosen (an object URL, never kept).

use super::Effect;
use crate::play::game::input::Control;
use crate::play::game::moving::{Animation, ArrowKeys, Pointer};
use crate::play::game::schemes::ColourScheme;
use crate::play::record::settings::{Settings, best_key};
use crate::puzzle::goal::Goal;
use crate::puzzle::moves::Move;

/// What the player can change among their preferences.
#[derive(Clone, Debug, PartialEq)]
pub enum PrefsAction {
    /// A bundled picture's name, `none`, or `own`.
    Picture(String),
    /// A picture from the device, as an object URL.
    OwnPicture(String),
    /// Numbers drawn over picture tiles.
    Numbers(bool),
    Colours(ColourScheme),
    /// Click or hover.
    Pointer(Pointer),
    /// Whose way an arrow key names.
    ArrowKeys(ArrowKeys),
    /// How a move looks.
    Animation(Animation),
    /// A key to move a way with (as the browser names it); refused where the page uses it
    /// already (see [`crate::play::game::moving::MoveKeys::bind`]).
    BindKey(Move, String),
    /// Shuffles leave most tiles out of place (or any solvable board).
    MostlyMisplaced(bool),
    /// Forget what the page remembers (the game on screen keeps its goal).
    ClearSettings,
}

/// The preferences part of the page.
#[derive(Debug)]
pub struct Prefs {
    saved: Settings,
    mostly_misplaced: bool,
    own_picture: Option<String>,
    /// Why the last key offered was refused, until one is bound.
    key_refused: Option<String>,
}

impl Prefs {
    /// The preferences a visit starts with: what was kept, and shuffles drawn from all solvable
    /// boards (random state, so that timed solves count for statistics).
    pub fn new(saved: Settings) -> Prefs {
        Prefs {
            saved,
            mostly_misplaced: false,
            own_picture: None,
            key_refused: None,
        }
    }

    pub fn reduce(&mut self, action: PrefsAction) -> Vec<Effect> {
        match action {
            PrefsAction::Picture(picture) => self.saved.picture = picture,
            PrefsAction::OwnPicture(url) => {
                return self
                    .own_picture
                    .replace(url)
                    .map(Effect::Revoke)
                    .into_iter()
                    .collect();
            }
            PrefsAction::Numbers(on) => self.saved.numbers = on,
            PrefsAction::Colours(scheme) => self.saved.scheme = scheme,
            PrefsAction::Pointer(pointer) => self.saved.pointer = pointer,
            PrefsAction::ArrowKeys(keys) => self.saved.arrow_keys = keys,
            PrefsAction::Animation(animation) => self.saved.animation = animation,
            PrefsAction::BindKey(way, key) => match self.saved.keys.bind(way, &key) {
                Ok(keys) => (self.saved.keys, self.key_refused) = (keys, None),
                Err(why) => {
                    self.key_refused = Some(why.to_string());
                    return Vec::new();
                }
            },
            PrefsAction::MostlyMisplaced(on) => {
                self.mostly_misplaced = on;
                return Vec::new();
            }
            PrefsAction::ClearSettings => {
                self.saved = Settings {
                    goal: self.saved.goal.clone(),
                    ..Settings::default()
                };
                return vec![Effect::ForgetSettings];
            }
        }
        vec![self.save()]
    }

    /// What is kept between visits.
    pub fn saved(&self) -> &Settings {
        &self.saved
    }

    /// Why the last key offered to move with was refused, until one is bound.
    pub fn key_refused(&self) -> Option<&str> {
        self.key_refused.as_deref()
    }

    /// The goal chosen.
    pub fn goal(&self) -> Goal {
        self.saved.goal()
    }

    pub fn mostly_misplaced(&self) -> bool {
        self.mostly_misplaced
    }

    /// The picture on the tiles, as a URL beside the page (`None`: numbers only, or the
    /// player's own not chosen yet).
    pub fn picture_url(&self) -> Option<String> {
        match self.saved.picture.as_str() {
            "none" => None,
            "own" => self.own_picture.clone(),
            stem => Some(format!("pictures/{stem}.svg")),
        }
    }

    /// The fewest moves and shortest time on a size (`3x3`) with a control, from earlier games.
    pub fn best(&self, size: &str, control: Control) -> Option<(usize, f64)> {
        (self.saved.best.get(&best_key(size, control))).map(|b| (b.moves, b.millis))
    }

    /// A new size was shuffled: kept for the next visit, if it is new.
    pub(super) fn remember_size(&mut self, size: (usize, usize)) -> Option<Effect> {
        (self.saved.size != size).then(|| {
            self.saved.size = size;
            self.save()
        })
    }

    /// A goal was chosen: kept for the next visit.
    pub(super) fn remember_goal(&mut self, goal: &Goal) -> Effect {
        self.saved.goal = goal.to_string();
        self.save()
    }

    /// A solve that counts: the size's best with its control, if it beat it.
    pub(super) fn record(
        &mut self,
        size: (usize, usize),
        control: Control,
        moves: usize,
        millis: f64,
    ) -> Effect {
        self.saved.record(size.0, size.1, control, moves, millis);
        self.save()
    }

    fn save(&self) -> Effect {
        Effect::SaveSettings(self.saved.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_kept_and_clear_forgets_all_but_the_goal() {
        let mut prefs = Prefs::new(Settings::default());
        let fx = prefs.reduce(PrefsAction::Picture("sunset".into()));
        assert!(matches!(&fx[..], [Effect::SaveSettings(s)] if s.picture == "sunset"));
        assert_eq!(prefs.picture_url().as_deref(), Some("pictures/sunset.svg"));
        prefs.remember_goal(&Goal::BlankFirst);
        assert_eq!(
            prefs.reduce(PrefsAction::ClearSettings),
            vec![Effect::ForgetSettings]
        );
        assert_eq!(prefs.saved().picture, "none");
        assert_eq!(prefs.goal(), Goal::BlankFirst);
    }

    #[test]
    fn a_new_own_picture_releases_the_one_before() {
        let mut prefs = Prefs::new(Settings::default());
        prefs.reduce(PrefsAction::Picture("own".into()));
        assert!(
            prefs
                .reduce(PrefsAction::OwnPicture("blob:1".into()))
                .is_empty()
        );
        assert_eq!(prefs.picture_url().as_deref(), Some("blob:1"));
        assert_eq!(
            prefs.reduce(PrefsAction::OwnPicture("blob:2".into())),
            vec![Effect::Revoke("blob:1".into())]
        );
    }
}
