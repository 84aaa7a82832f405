//! The page's side of the solver's Web Workers: each started from the loader beside the page,
//! its replies decoded and handed on, and its end (a panic, an error, a script that would not
//! load) reported, so that the page's model can tell the player and put a fresh worker in its
//! place. A worker is ended for good when it is dropped.
//!
//! Worker 0 is the game's (with its two channels, see [`Channel`]); workers 1, 2, … are helpers
//! that share hard solves and the benchmark's runs. Each is started when first sent a message;
//! a message that can wait ([`Workers::warm`]) waits for that, or for [`Workers::wake`] (the
//! page calls it once the browser is idle after the first board).

use super::wire::{self, Channel, Posted, Reply};
use crate::play::worker::protocol::{FromWorker, ToWorker};
use gloo_events::EventListener;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use yew::Callback;

/// The loader that starts the solver's WebAssembly in a worker (`static/worker-loader.js`),
/// beside the game's page.
pub const LOADER: &str = "worker-loader.js";

/// What a worker did, for the page's model.
#[derive(Clone, Debug)]
pub enum WorkerEvent {
    /// Worker `worker` is running and hears messages.
    Ready(usize),
    /// An answer from worker `worker` on `channel`.
    Reply(usize, Channel, FromWorker),
    /// Worker `worker` stopped; in a few words, why (`it crashed: …`).
    Stopped(usize, String),
}

/// Starts after this many in a row that ended before they were ready are not retried: the
/// worker cannot run here (a policy that forbids it, a script missing from the site).
const MAX_FAILED_STARTS: u32 = 3;

/// One running worker.
struct Running {
    worker: web_sys::Worker,
    /// Messages posted before the worker was ready (then `None`).
    held: Rc<RefCell<Option<Vec<JsValue>>>>,
    /// Set once its end has been reported: nothing more from it counts.
    ended: Rc<Cell<bool>>,
    _listeners: [EventListener; 2],
}

impl Running {
    /// Starts worker number `n` from the loader at `path`.
    fn start(path: &str, n: usize, on: &Callback<WorkerEvent>) -> Result<Running, String> {
        let worker = web_sys::Worker::new(path).map_err(|e| describe(&e))?;
        let held = Rc::new(RefCell::new(Some(Vec::new())));
        let ended = Rc::new(Cell::new(false));
        let on_message = {
            let (worker, held, ended, on) =
                (worker.clone(), held.clone(), ended.clone(), on.clone());
            EventListener::new(&worker.clone(), "message", move |event| {
                let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
                    return;
                };
                if ended.get() {
                    return;
                }
                let data = event.data();
                match wire::decode::<Reply>(&data) {
                    Some(Reply::Ready) => {
                        for message in held.borrow_mut().take().unwrap_or_default() {
                            let _ = worker.post_message(&message);
                        }
                        on.emit(WorkerEvent::Ready(n));
                    }
                    Some(Reply::On { channel, message }) => {
                        on.emit(WorkerEvent::Reply(n, channel, message))
                    }
                    Some(Reply::Panicked(last_words)) => {
                        end(&ended, on.clone(), n, format!("it crashed: {last_words}"))
                    }
                    // The loader's own words: the WebAssembly would not start.
                    None => {
                        let text = data.as_string().unwrap_or_else(|| "no reason given".into());
                        end(&ended, on.clone(), n, text)
                    }
                }
            })
        };
        let on_error = {
            let (ended, on) = (ended.clone(), on.clone());
            EventListener::new(&worker, "error", move |event| {
                // Handled here: not also an uncaught error of the page's.
                event.prevent_default();
                let what = event
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "its script could not be loaded".into());
                end(&ended, on.clone(), n, format!("it crashed: {what}"));
            })
        };
        Ok(Running {
            worker,
            held,
            ended,
            _listeners: [on_message, on_error],
        })
    }

    fn post(&self, message: JsValue) {
        match self.held.borrow_mut().as_mut() {
            Some(held) => held.push(message),
            None => {
                let _ = self.worker.post_message(&message);
            }
        }
    }

    fn ready(&self) -> bool {
        self.held.borrow().is_none()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.ended.set(true);
        self.worker.terminate();
    }
}

/// Reports a worker's end once. The report leaves the event handler first: the page's answer
/// is to drop the worker, listeners and all.
fn end(ended: &Cell<bool>, on: Callback<WorkerEvent>, n: usize, why: String) {
    if ended.replace(true) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move { on.emit(WorkerEvent::Stopped(n, why)) });
}

/// A thrown value in a few words.
fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

/// A page's workers, numbered from 0, each started when first sent a message.
pub struct Workers {
    path: String,
    slots: Vec<Slot>,
    on: Callback<WorkerEvent>,
}

#[derive(Default)]
struct Slot {
    running: Option<Running>,
    /// Messages that could wait, held while the worker is not started.
    waiting: Vec<JsValue>,
    /// Starts in a row that ended before the worker was ready.
    failed_starts: u32,
}

impl Workers {
    /// Workers started from the loader at `path` (relative to the page); what they do goes to
    /// `on`.
    pub fn new(path: &str, on: Callback<WorkerEvent>) -> Workers {
        Workers {
            path: path.into(),
            slots: Vec::new(),
            on,
        }
    }

    /// Sends worker `n` `message` on `channel`, starting it if need be.
    pub fn send(&mut self, n: usize, channel: Channel, message: ToWorker) {
        self.post(n, channel, message, false);
    }

    /// Sends worker `n` `message` on `channel` if it runs; else the message waits for its
    /// start (the next message sent, or [`Workers::wake`]).
    pub fn warm(&mut self, n: usize, channel: Channel, message: ToWorker) {
        self.post(n, channel, message, true);
    }

    fn post(&mut self, n: usize, channel: Channel, message: ToWorker, can_wait: bool) {
        let Some(encoded) = wire::encode(&Posted { channel, message }) else {
            return;
        };
        if self.slots.len() <= n {
            self.slots.resize_with(n + 1, Slot::default);
        }
        let slot = &mut self.slots[n];
        if can_wait && slot.running.is_none() {
            slot.waiting.push(encoded);
            return;
        }
        self.start(n);
        if let Some(running) = &self.slots[n].running {
            running.post(encoded);
        }
    }

    /// Whether a message waits for a worker's start.
    pub fn waiting(&self) -> bool {
        self.slots.iter().any(|s| !s.waiting.is_empty())
    }

    /// Starts the workers that messages wait for, and posts them.
    pub fn wake(&mut self) {
        for n in 0..self.slots.len() {
            if !self.slots[n].waiting.is_empty() {
                self.start(n);
            }
        }
    }

    /// Starts worker `n` unless it runs, posting what waited for it.
    fn start(&mut self, n: usize) {
        let slot = &mut self.slots[n];
        if slot.running.is_none() {
            if slot.failed_starts >= MAX_FAILED_STARTS {
                slot.waiting.clear();
                return; // the page's watchdog tells the player, at each request
            }
            match Running::start(&self.path, n, &self.on) {
                Ok(running) => {
                    for message in slot.waiting.drain(..) {
                        running.post(message);
                    }
                    slot.running = Some(running);
                }
                Err(why) => {
                    slot.failed_starts += 1;
                    slot.waiting.clear();
                    let never = Cell::new(false);
                    end(
                        &never,
                        self.on.clone(),
                        n,
                        format!("it could not start: {why}"),
                    );
                }
            }
        }
    }

    /// Ends worker `n` (it stopped, or fell silent): the next message for it starts a fresh
    /// one.
    pub fn restart(&mut self, n: usize) {
        if let Some(slot) = self.slots.get_mut(n)
            && let Some(running) = slot.running.take()
        {
            if running.ready() {
                slot.failed_starts = 0;
            } else {
                slot.failed_starts += 1;
            }
        }
    }
}
