//! Carrying out what the page's model asks for after an action ([`Effect`]): the only place the
//! model's decisions touch the worker and the browser.

use super::browser;
use super::store;
use super::wire::Channel;
use super::workers::{WorkerEvent, Workers};
use crate::play::page::{Action, AskAction, Effect, ShareAction};
use yew::Callback;

/// What a worker did, as the page's action.
pub fn action(event: WorkerEvent) -> Action {
    match event {
        WorkerEvent::Ready(worker) => Action::Ask(AskAction::WorkerReady { worker }),
        WorkerEvent::Reply(0, _, message) => Action::Ask(AskAction::Worker(message)),
        WorkerEvent::Reply(worker, _, message) => {
            Action::Ask(AskAction::Helper { worker, message })
        }
        WorkerEvent::Stopped(worker, why) => Action::Ask(AskAction::WorkerStopped { worker, why }),
    }
}

/// Runs one effect; `dispatch` takes the answers that come later (the clipboard's).
pub fn run(effect: Effect, workers: &mut Workers, dispatch: &Callback<Action>) {
    match effect {
        Effect::Send(message) => workers.send(0, Channel::Game, message),
        Effect::Warm(message) => workers.warm(0, Channel::Game, message),
        Effect::Helper { worker, message } => workers.send(worker, Channel::Game, message),
        Effect::Measure(message) => workers.send(0, Channel::Measure, message),
        Effect::Analyse(message) => workers.send(0, Channel::Analysis, message),
        Effect::Lesson(message) => workers.send(0, Channel::Lesson, message),
        Effect::Restart(worker) => workers.restart(worker),
        Effect::SaveSettings(settings) => browser::save_settings(&settings),
        Effect::ForgetSettings => browser::forget_settings(),
        Effect::SaveRun(run) => browser::save_run(run.as_deref()),
        Effect::ReplaceQuery(query) => browser::replace_query(&query),
        Effect::Post(message) => browser::post_to_parent(&message),
        Effect::Copy { text, what } => {
            let dispatch = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = browser::copy(&text).await;
                dispatch.emit(Action::Share(ShareAction::Copied { what, ok }));
            });
        }
        Effect::Download { name, text } => browser::download(&name, &text),
        Effect::Revoke(url) => {
            let _ = web_sys::Url::revoke_object_url(&url);
        }
        record => store::run(record, dispatch),
    }
}
