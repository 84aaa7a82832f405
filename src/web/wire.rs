//! The solver worker's messages as they cross between the page and the worker: each one of
//! [`crate::play::worker::protocol`]'s messages in an envelope that says which channel it is on, encoded
//! in the one binary form of [`crate::play::wire`] (a copy of a few hundred bytes, where a structured
//! clone of the same data would walk every field).
//!
//! One worker serves four channels, the game's searches, the measures of solves by hand, their
//! analyses and learn mode's stepper, so that a Solve or a Hint, which replace each other's
//! searches, never cancel a measure, an analysis or a step, and those never cancel each other.

use crate::play::wire::{self, Wire};
use crate::play::worker::protocol::{FromWorker, ToWorker};
use crate::{wire_fields, wire_units, wire_variants};
use js_sys::Uint8Array;
use wasm_bindgen::{JsCast, JsValue};

/// A channel of a worker: each has its own requests, one running at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    /// Solve, Hint, Compare, the benchmark, a team's shares.
    Game,
    /// The shortest solution of a board solved by hand.
    Measure,
    /// The analysis of a solve by hand against the optimum, move by move.
    Analysis,
    /// Learn mode's stepper.
    Lesson,
}

/// What the page posts to a worker.
#[derive(Debug)]
pub struct Posted {
    pub channel: Channel,
    pub message: ToWorker,
}

/// What a worker posts to the page.
#[derive(Debug)]
pub enum Reply {
    /// The worker's code is running and hears messages from now on (those posted before are
    /// held by the page until then).
    Ready,
    /// An answer on a channel.
    On {
        channel: Channel,
        message: FromWorker,
    },
    /// The worker's code panicked (its last words, before the trap that ends it).
    Panicked(String),
}

wire_units!(
    Channel,
    [
        Channel::Game,
        Channel::Measure,
        Channel::Analysis,
        Channel::Lesson
    ]
);
wire_fields!(Posted { channel, message });
wire_variants!(Reply {
    0 => Ready {},
    1 => On { channel, message },
    2 => Panicked(last_words),
});

/// `value` as bytes for `postMessage`.
pub fn encode(value: &impl Wire) -> Option<JsValue> {
    Some(Uint8Array::from(wire::encode(value).as_slice()).into())
}

/// A message's data as `T`, if it is bytes that decode to one.
pub fn decode<T: Wire>(data: &JsValue) -> Option<T> {
    wire::decode(&data.dyn_ref::<Uint8Array>()?.to_vec())
}
