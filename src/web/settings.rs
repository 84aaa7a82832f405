//! What the page remembers between visits, in localStorage: board size, goal, picture, and the
//! best moves and time per size. "Clear" forgets all of it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

const KEY: &str = "slide.settings";

/// The player's remembered choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Width and height of the last board shuffled.
    pub size: (usize, usize),
    /// The goal, as `Goal`'s text (`blank-last`, `blank-first`, or a board).
    pub goal: String,
    /// `none`, a bundled picture's name, or `own` (a picture from the device, not kept).
    pub picture: String,
    /// Numbers drawn over picture tiles.
    pub numbers: bool,
    /// Best results per size, keyed `3x3`.
    pub best: BTreeMap<String, Best>,
}

/// The best game of a size: fewest moves and shortest time (not necessarily the same game).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Best {
    pub moves: usize,
    pub millis: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            size: (3, 3),
            goal: "blank-last".into(),
            picture: "none".into(),
            numbers: true,
            best: BTreeMap::new(),
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    // Private modes and sandboxed frames may refuse storage: then nothing is remembered.
    web_sys::window()?.local_storage().ok().flatten()
}

impl Settings {
    /// What was saved, or the defaults (also for anything unreadable).
    pub fn load() -> Settings {
        storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Saves; silently does nothing where storage is refused.
    pub fn save(&self) {
        if let (Some(s), Ok(text)) = (storage(), serde_json::to_string(self)) {
            let _ = s.set_item(KEY, &text);
        }
    }

    /// Forgets everything saved.
    pub fn clear() {
        if let Some(s) = storage() {
            let _ = s.remove_item(KEY);
        }
    }

    /// Records a solved game; returns whether it beat the size's best.
    pub fn record(&mut self, width: usize, height: usize, moves: usize, millis: f64) -> bool {
        let key = format!("{width}x{height}");
        match self.best.get_mut(&key) {
            Some(best) => {
                let better = moves < best.moves || millis < best.millis;
                best.moves = best.moves.min(moves);
                best.millis = best.millis.min(millis);
                better
            }
            None => {
                self.best.insert(key, Best { moves, millis });
                true
            }
        }
    }
}
