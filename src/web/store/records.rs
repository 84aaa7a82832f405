//! Solves and events as the database keeps them, and back: a record carries the fields its
//! indexes and the statistics read, its `uid`, and the entry itself as the history file's JSON
//! object. Every record written here is `pending` (the server has not heard of it) until sync
//! says otherwise ([`settled`]).
//! A record that cannot be read back is `None` here: the caller counts it and leaves it where
//! it is.

use crate::play::event::log::event_of_json;
use crate::play::event::record::EventRecord;
use crate::play::game::input::Control;
use crate::play::record::json::Json;
use crate::play::record::solves::{Solve, solve_of_json};
use crate::play::record::tally::Brief;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

fn set(record: &Object, key: &str, value: JsValue) {
    let _ = Reflect::set(record, &key.into(), &value);
}

/// A record kept before version 2 (without a `uid`), a solve's or an event's, in its new form:
/// its `uid`, its JSON with it, waiting to go up; `None` for a record that has one, or cannot be
/// read (left as it is, for its download).
pub fn renewed(keys: &Keys, record: &JsValue, solve: bool) -> Option<JsValue> {
    if Reflect::has(record, &keys.uid).unwrap_or(true) {
        return None;
    }
    match solve {
        true => keys.solve(record).map(|s| solve_record(&s)),
        false => keys.event(record).map(|e| event_record(&e)),
    }
}

/// A record the server has: no longer pending.
pub fn settled(record: &JsValue) {
    let _ = Reflect::delete_property(record.unchecked_ref::<Object>(), &"pending".into());
}

/// A solve's record.
pub fn solve_record(s: &Solve) -> JsValue {
    let record = Object::new();
    set(&record, "id", (s.id as f64).into());
    set(&record, "uid", s.uid().into());
    set(&record, "pending", 1.into());
    set(&record, "size", s.size().into());
    set(&record, "control", s.control.name().into());
    set(&record, "date", s.date.to_string().into());
    set(&record, "counts", s.counts().into());
    set(&record, "millis", s.millis.into());
    // Null where the moves are not known (a timer's solve).
    set(
        &record,
        "moves",
        s.moves.map_or(JsValue::NULL, |m| (m as f64).into()),
    );
    set(&record, "json", s.to_json().to_string().into());
    record.into()
}

/// An event's record.
pub fn event_record(e: &EventRecord) -> JsValue {
    let record = Object::new();
    set(&record, "id", (e.id as f64).into());
    set(&record, "uid", e.uid().into());
    set(&record, "pending", 1.into());
    set(&record, "event", e.event.name().into());
    set(&record, "size", e.size().into());
    set(&record, "control", e.control.name().into());
    set(&record, "date", e.date.to_string().into());
    set(&record, "json", e.to_json().to_string().into());
    record.into()
}

/// The keys a chunk of records is read by, made once for the chunk (each a JS string).
pub struct Keys {
    id: JsValue,
    size: JsValue,
    control: JsValue,
    counts: JsValue,
    millis: JsValue,
    moves: JsValue,
    json: JsValue,
    uid: JsValue,
}

impl Keys {
    pub fn new() -> Keys {
        Keys {
            id: "id".into(),
            size: "size".into(),
            control: "control".into(),
            counts: "counts".into(),
            millis: "millis".into(),
            moves: "moves".into(),
            json: "json".into(),
            uid: "uid".into(),
        }
    }

    fn get(&self, record: &JsValue, key: &JsValue) -> JsValue {
        Reflect::get(record, key).unwrap_or(JsValue::UNDEFINED)
    }

    /// A record's id, whatever else it holds.
    pub fn id(&self, record: &JsValue) -> Option<f64> {
        self.get(record, &self.id).as_f64()
    }

    /// What the statistics need of a solve's record.
    pub fn brief(&self, record: &JsValue) -> Option<Brief> {
        let whole = |v: f64| (v >= 0.0 && v.fract() == 0.0 && v < 1e15).then_some(v);
        let id = whole(self.id(record)?)? as u64;
        let size = self.get(record, &self.size).as_string()?;
        let (w, h) = size.split_once('x')?;
        let control = Control::parse(&self.get(record, &self.control).as_string()?)?;
        let millis = self.get(record, &self.millis).as_f64()?;
        let moves = self.get(record, &self.moves);
        let moves = match moves.is_null() {
            true => None,
            false => Some(whole(moves.as_f64()?)? as usize),
        };
        Some(Brief {
            id,
            size: (w.parse().ok()?, h.parse().ok()?),
            control,
            counts: self.get(record, &self.counts).as_bool()?,
            millis: (millis >= 0.0 && millis.is_finite()).then_some(millis)?,
            moves,
        })
    }

    /// The JSON object a record keeps its entry as.
    pub fn json(&self, record: &JsValue) -> Option<Json> {
        Json::parse(&self.get(record, &self.json).as_string()?).ok()
    }

    /// The JSON text itself, as a JS string (an export copies it without reading it).
    pub fn json_text(&self, record: &JsValue) -> JsValue {
        self.get(record, &self.json)
    }

    /// A solve's record, whole.
    pub fn solve(&self, record: &JsValue) -> Option<Solve> {
        solve_of_json(&self.json(record)?).ok()
    }

    /// An event's record, whole.
    pub fn event(&self, record: &JsValue) -> Option<EventRecord> {
        event_of_json(&self.json(record)?).ok()
    }
}
