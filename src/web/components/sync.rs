//! Your solves on every device: the sync panel beside the history. Off, it takes a name (Start
//! syncing) or a saved key (Restore key); on, it says how sync stands in words and offers a link
//! for another device (with its QR code), the key as a file, Stop syncing, and Delete my data on
//! the server (after asking). A name is only ever shown as text.

use super::{changed, click, submitted};
use crate::play::page::{Action, SyncAction, Syncing};
use crate::play::sync::SyncState;
use yew::prelude::*;

/// The panel; `page` is this page's address, for a device link.
pub fn sync_panel(syncing: &Syncing, page: &str, on: &Callback<Action>) -> Html {
    let state = syncing.state();
    let sync = |action| click(on, Action::Sync(action));
    html! {
        <section class="sync" data-testid="sync" data-state={state.name()}
            data-pending={syncing.pending().to_string()} aria-labelledby="sync-title">
            <h2 id="sync-title">{ "Your solves on every device" }</h2>
            <p class="note" role="status">{ syncing.text() }</p>
            if let Some(words) = syncing.words() {
                <p class="note">{ words.to_string() }</p>
            }
            if syncing.player().is_some() {
                <div class="row">
                    <button onclick={sync(SyncAction::Link { page: page.to_string() })}>{ "Link another device" }</button>
                    <button onclick={sync(SyncAction::SaveKey)}>{ "Save key" }</button>
                    <button onclick={sync(SyncAction::Stop)}>{ "Stop syncing" }</button>
                    <button class="danger" onclick={sync(SyncAction::Erase)}>{ "Delete my data on the server" }</button>
                </div>
                { device_link(syncing, on) }
                if syncing.confirm_erase() {
                    <div class="row">
                        <p role="alert">{ "Delete your player and every solve and event the server keeps for you, on every device? The solves in this browser stay." }</p>
                        <button class="danger" onclick={sync(SyncAction::ConfirmErase(true))}>{ "Delete from the server" }</button>
                        <button onclick={sync(SyncAction::ConfirmErase(false))}>{ "Keep them there" }</button>
                    </div>
                }
            } else {
                { start(syncing, on, state) }
            }
        </section>
    }
}

/// Off: a name to start with, or a saved key to restore.
fn start(syncing: &Syncing, on: &Callback<Action>, state: SyncState) -> Html {
    let on_name = changed(on, |name| Action::Sync(SyncAction::Name(name)));
    let on_submit = submitted(on, Action::Sync(SyncAction::Start));
    let on_key = {
        let on = on.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                crate::web::store::restore_key(file, &on);
            }
            input.set_value("");
        })
    };
    let busy = syncing.busy() || state == SyncState::Syncing;
    html! {
        <>
            <p class="note">{ "With a Slide server behind this site, your solves go to it and come back on your other devices: no password, just a name. Solves made offline wait here and go up later." }</p>
            <form class="row" onsubmit={on_submit}>
                <span class="field">
                    <label for="sync-name">{ "Name" }</label>
                    <input id="sync-name" maxlength="32" autocomplete="nickname"
                        value={syncing.name_field().to_string()} onchange={on_name} />
                </span>
                <button type="submit" disabled={busy}>{ "Start syncing" }</button>
            </form>
            <div class="row">
                <span class="field">
                    <label for="restore-key">{ "Restore key" }</label>
                    <input id="restore-key" type="file" accept=".json,.txt,application/json,text/plain" onchange={on_key} />
                </span>
            </div>
        </>
    }
}

/// The link for another device, with its QR code, once asked for.
fn device_link(syncing: &Syncing, on: &Callback<Action>) -> Html {
    let Some((link, qr)) = syncing.link() else {
        return html! {};
    };
    // A quiet zone of four modules around the code, as readers expect.
    let side = qr.size + 8;
    html! {
        <div class="device-link" data-testid="device-link" data-link={link.clone()}>
            <p class="note">{ "Open this link on your other device within 10 minutes; it works once. It joins that browser to your solves." }</p>
            <p class="link-text"><a href={link.clone()}>{ link.clone() }</a></p>
            <svg class="qr" viewBox={format!("-4 -4 {side} {side}")} role="img"
                aria-label="The same link as a QR code, for a phone's camera">
                <rect x="-4" y="-4" width={side.to_string()} height={side.to_string()} fill="#fff" />
                <path d={qr.path.clone()} fill="#000" />
            </svg>
            <button onclick={click(on, Action::Sync(SyncAction::HideLink))}>{ "Hide link" }</button>
        </div>
    }
}
