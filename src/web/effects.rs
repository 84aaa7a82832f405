//! Carrying out what the page's model asks for after an action ([`Effect`]): the only place the
//! model's decisions touch the worker and the browser.

use super::browser;
use super::helpers::Helpers;
use super::worker::SolverReactor;
use crate::play::page::{Action, Effect};
use yew::Callback;
use yew_agent::reactor::UseReactorBridgeHandle;

/// The page's two channels to the worker: the game's searches, and the measures of solves by
/// hand (a separate reactor in the same worker, so the game's requests never cancel a measure);
/// and the helper workers that share hard solves, started when first needed.
pub struct Bridges {
    pub game: Option<UseReactorBridgeHandle<SolverReactor>>,
    pub measure: Option<UseReactorBridgeHandle<SolverReactor>>,
    pub helpers: std::rc::Rc<std::cell::RefCell<Helpers>>,
}

/// The solver's worker script, beside the page.
pub const WORKER_PATH: &str = "worker.js";

/// Runs one effect; `dispatch` takes the answers that come later (the clipboard's).
pub fn run(effect: Effect, bridges: &Bridges, dispatch: &Callback<Action>) {
    match effect {
        Effect::Send(message) => {
            if let Some(bridge) = &bridges.game {
                bridge.send(message);
            }
        }
        Effect::Helper { worker, message } => {
            bridges
                .helpers
                .borrow_mut()
                .send(worker, message, WORKER_PATH, |worker| {
                    dispatch.reform(move |message| Action::Helper { worker, message })
                });
        }
        Effect::Measure(message) => {
            if let Some(bridge) = &bridges.measure {
                bridge.send(message);
            }
        }
        Effect::SaveHistory(text) => browser::save_history(&text),
        Effect::SaveSettings(settings) => browser::save_settings(&settings),
        Effect::ForgetSettings => browser::forget_settings(),
        Effect::ReplaceQuery(query) => browser::replace_query(&query),
        Effect::Post(message) => browser::post_to_parent(&message),
        Effect::Copy { text, what } => {
            let dispatch = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = browser::copy(&text).await;
                dispatch.emit(Action::Copied { what, ok });
            });
        }
        Effect::Download { name, text } => browser::download(&name, &text),
        Effect::Revoke(url) => {
            let _ = web_sys::Url::revoke_object_url(&url);
        }
    }
}
