//! What the page remembers between visits (the web layer keeps it in localStorage): board size,
//! goal, picture, and the best moves and time per size and control. "Clear" forgets all of it.

use super::json::Json;
use crate::play::game::input::Control;
use crate::play::game::moving::{Animation, ArrowKeys, MoveKeys, Named, Pointer};
use crate::play::game::schemes::ColourScheme;
use crate::puzzle::goal::Goal;

/// The player's remembered choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Width and height of the last board shuffled.
    pub size: (usize, usize),
    /// The goal, as `Goal`'s text (`blank-last`, `blank-first`, or a board).
    pub goal: String,
    /// `none`, a bundled picture's name, or `own` (a picture from the device, not kept).
    pub picture: String,
    /// Numbers drawn over picture tiles.
    pub numbers: bool,
    /// The tiles' colour scheme.
    pub scheme: ColourScheme,
    /// Best results per size and control, keyed `3x3/click` (see [`best_key`]).
    pub best: Bests,
    /// Click or hover.
    pub pointer: Pointer,
    /// Whose way an arrow key names.
    pub arrow_keys: ArrowKeys,
    /// The four keys that move beside the arrows.
    pub keys: MoveKeys,
    /// How a move looks.
    pub animation: Animation,
}

/// How a best is keyed: `3x3/hover`, so that a hover best is never a click one's to beat.
/// Bests kept before controls were (keyed `3x3`) are read as `3x3/mixed`: how their moves were
/// made is not known, as for the solves of history files of that time.
pub fn best_key(size: &str, control: Control) -> String {
    format!("{size}/{}", control.name())
}

/// The bests of every size and control, in the order of their keys (`3x3/click` before
/// `4x4/click`): a few entries, kept in a list rather than a tree map, whose code the page would
/// carry for them alone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bests(Vec<(String, Best)>);

impl Bests {
    pub fn get(&self, key: &str) -> Option<&Best> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, b)| b)
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut Best> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, b)| b)
    }

    /// Keeps `best` under `key`, in its place among the others (replacing one kept there).
    pub fn insert(&mut self, key: String, best: Best) {
        match self.0.binary_search_by(|(k, _)| k.as_str().cmp(&key)) {
            Ok(at) => self.0[at].1 = best,
            Err(at) => self.0.insert(at, (key, best)),
        }
    }

    /// Every best with its key, in the order of the keys.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Best)> {
        self.0.iter().map(|(k, b)| (k, b))
    }
}

/// The best game of a size: fewest moves and shortest time (not necessarily the same game).
#[derive(Clone, Copy, Debug, PartialEq)]
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
            scheme: ColourScheme::default(),
            best: Bests::default(),
            pointer: Pointer::default(),
            arrow_keys: ArrowKeys::default(),
            keys: MoveKeys::default(),
            animation: Animation::default(),
        }
    }
}

impl Settings {
    /// The settings as stored: `{"size":[3,3],"goal":"blank-last",…,"best":{"3x3":{…}}}`.
    pub fn to_json(&self) -> Json {
        let number = |n: usize| Json::Number(n as f64);
        let best = self
            .best
            .iter()
            .map(|(size, b)| {
                let fields = vec![
                    ("moves".into(), number(b.moves)),
                    ("millis".into(), Json::Number(b.millis)),
                ];
                (size.clone(), Json::Object(fields))
            })
            .collect();
        Json::Object(vec![
            (
                "size".into(),
                Json::Array(vec![number(self.size.0), number(self.size.1)]),
            ),
            ("goal".into(), Json::String(self.goal.clone())),
            ("picture".into(), Json::String(self.picture.clone())),
            ("numbers".into(), Json::Bool(self.numbers)),
            ("colours".into(), Json::String(self.scheme.name().into())),
            ("best".into(), Json::Object(best)),
            ("pointer".into(), Json::String(self.pointer.name().into())),
            (
                "arrow_keys".into(),
                Json::String(self.arrow_keys.name().into()),
            ),
            (
                "keys".into(),
                Json::Array(self.keys.keys().iter().cloned().map(Json::String).collect()),
            ),
            (
                "animation".into(),
                Json::String(self.animation.name().into()),
            ),
        ])
    }

    /// Settings read back from what [`Settings::to_json`] wrote (or an older version of it):
    /// each field that is missing or unreadable keeps its default.
    pub fn from_json(value: &Json) -> Settings {
        let mut s = Settings::default();
        if let Some([w, h]) = value.get("size").and_then(Json::as_array)
            && let (Some(w), Some(h)) = (w.as_count(), h.as_count())
        {
            s.size = (w, h);
        }
        let text = |key: &str| value.get(key).and_then(Json::as_str).map(str::to_string);
        s.goal = text("goal").unwrap_or(s.goal);
        s.picture = text("picture").unwrap_or(s.picture);
        s.numbers = value
            .get("numbers")
            .and_then(Json::as_bool)
            .unwrap_or(s.numbers);
        if let Some(c) = text("colours") {
            s.scheme = ColourScheme::parse(&c).unwrap_or_default();
        }
        let named = |key: &str| text(key).unwrap_or_default();
        s.pointer = Pointer::parse(&named("pointer")).unwrap_or(s.pointer);
        s.arrow_keys = ArrowKeys::parse(&named("arrow_keys")).unwrap_or(s.arrow_keys);
        s.animation = Animation::parse(&named("animation")).unwrap_or(s.animation);
        if let Some([up, down, left, right]) = value.get("keys").and_then(Json::as_array) {
            let key = |k: &Json| k.as_str().unwrap_or_default().to_string();
            s.keys = MoveKeys::of([key(up), key(down), key(left), key(right)]).unwrap_or_default();
        }
        if let Some(Json::Object(best)) = value.get("best") {
            for (size, b) in best {
                let moves = b.get("moves").and_then(Json::as_count);
                let millis = b.get("millis").and_then(Json::as_f64);
                // Before controls, a key was the size alone.
                let key = match size.contains('/') {
                    true => size.clone(),
                    false => best_key(size, Control::Mixed),
                };
                if let (Some(moves), Some(millis)) = (moves, millis) {
                    s.best.insert(key, Best { moves, millis });
                }
            }
        }
        s
    }

    /// The goal chosen (blank last where what was saved cannot be read).
    pub fn goal(&self) -> Goal {
        Goal::parse(&self.goal).unwrap_or_default()
    }

    /// Records a solved game made with `control`; returns whether it beat the best of its size
    /// and control.
    pub fn record(
        &mut self,
        width: usize,
        height: usize,
        control: Control,
        moves: usize,
        millis: f64,
    ) -> bool {
        let key = best_key(&format!("{width}x{height}"), control);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_as_written_and_damage_keeps_defaults() {
        let mut s = Settings {
            size: (4, 4),
            goal: "1 2 3/8 0 4/7 6 5".into(),
            picture: "night".into(),
            numbers: false,
            scheme: ColourScheme::parse("fringe").unwrap(),
            pointer: Pointer::Hover,
            arrow_keys: ArrowKeys::Blank,
            animation: Animation::Instant,
            ..Settings::default()
        };
        assert!(s.record(3, 3, Control::Click, 22, 8123.5));
        assert!(!s.record(3, 3, Control::Click, 30, 9000.0));
        // A slower hover solve is hover's first best, not a click one.
        assert!(s.record(3, 3, Control::Hover, 30, 9000.0));
        assert_eq!(s.best.get("3x3/click").unwrap().millis, 8123.5);
        assert_eq!(s.best.get("3x3/hover").unwrap().millis, 9000.0);
        assert_eq!(Settings::from_json(&s.to_json()), s);
        // What an older version wrote (serde's JSON) still reads.
        let old = r#"{"size":[5,5],"goal":"blank-first","picture":"none","numbers":true,"best":{"5x5":{"moves":140,"millis":61234.0}}}"#;
        let read = Settings::from_json(&Json::parse(old).unwrap());
        assert_eq!(read.size, (5, 5));
        assert_eq!(
            read.best.get("5x5/mixed"),
            Some(&Best {
                moves: 140,
                millis: 61234.0
            })
        );
        let broken = Json::parse(r#"{"size":"big","numbers":3}"#).unwrap();
        assert_eq!(Settings::from_json(&broken), Settings::default());
    }
}
