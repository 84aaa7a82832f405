//! Carrying out what the page's model asks for after an action ([`Effect`]): the only place the
//! model's decisions touch the worker and the browser.

use super::browser;
use super::worker::SolverReactor;
use crate::play::page::{Action, Effect};
use yew::Callback;
use yew_agent::reactor::UseReactorBridgeHandle;

/// The page's two channels to the worker: the game's searches, and the measures of solves by
/// hand (a separate reactor in the same worker, so the game's requests never cancel a measure).
pub struct Bridges {
    pub game: Option<UseReactorBridgeHandle<SolverReactor>>,
    pub measure: Option<UseReactorBridgeHandle<SolverReactor>>,
}

/// Runs one effect; `dispatch` takes the answers that come later (the clipboard's).
pub fn run(effect: Effect, bridges: &Bridges, dispatch: &Callback<Action>) {
    match effect {
        Effect::Send(message) => {
            if let Some(bridge) = &bridges.game {
                bridge.send(message);
            }
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
