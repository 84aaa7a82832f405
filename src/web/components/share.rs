//! Sharing: `Copy link` puts a link to the current position (and replay) on the clipboard, or
//! shows it in a field to copy by hand when the browser refuses; `Embed` shows a ready-to-paste
//! `<iframe>` snippet. What is shown is the model's ([`Shared`]); this only renders it.

use super::result::copy_shown;
use super::{changed, click, submitted, toggled};
use crate::play::page::{Action, Copying, ShareAction, Shared};
use web_sys::HtmlInputElement;
use yew::prelude::*;

pub struct ShareProps<'a> {
    pub shared: &'a Shared,
    /// A solve by hand is on show: Copy link can carry it as a challenge.
    pub result: bool,
    pub include_result: bool,
    pub include_moves: bool,
    /// The Replay link field's text.
    pub watch_text: &'a str,
    /// The link's field, when the clipboard refused it: selected when shown ([`select`]).
    pub field: NodeRef,
    pub on: Callback<Action>,
}

pub fn share(props: &ShareProps) -> Html {
    let field = &props.field;
    let shown = match props.shared {
        Shared::Snippet(snippet) => html! {
            <div class="field wide">
                <label for="embed-code">{ "Embed code" }</label>
                <textarea id="embed-code" readonly=true rows="3" value={snippet.clone()} />
            </div>
        },
        // The results' own copies show in their panels.
        shared => copy_shown(shared, &[Copying::Link], Some(field)),
    };
    let on = &props.on;
    html! {
        <div class="share">
            <div class="row">
                <button onclick={click(on, Action::Share(ShareAction::CopyLink))}>{ "Copy link" }</button>
                <button onclick={click(on, Action::Share(ShareAction::ShowEmbed))}>{ "Embed" }</button>
            </div>
            if props.result {
                <div class="row">
                    <label class="check">
                        <input type="checkbox" checked={props.include_result}
                            onchange={toggled(on, |checked| Action::Share(ShareAction::IncludeResult(checked)))} />
                        { "Challenge a friend: the link carries your result" }
                    </label>
                    <label class="check">
                        <input type="checkbox" checked={props.include_moves} disabled={!props.include_result}
                            onchange={toggled(on, |checked| Action::Share(ShareAction::IncludeMoves(checked)))} />
                        { "and your moves, so the page can check them" }
                    </label>
                </div>
            }
            { shown }
            <form class="row" onsubmit={submitted(on, Action::Share(ShareAction::Watch))}>
                <span class="field grow">
                    <label for="watch-link">{ "Replay link" }</label>
                    <input id="watch-link" type="text" spellcheck="false" autocomplete="off"
                        placeholder="A Slide or Open Slidysim replay link"
                        value={props.watch_text.to_string()}
                        oninput={changed(on, |t| Action::Share(ShareAction::LinkText(t)))} />
                </span>
                <button type="submit">{ "Watch" }</button>
            </form>
        </div>
    }
}

/// Selects the link's field, so that one Ctrl-C copies it.
pub fn select(field: &NodeRef) {
    if let Some(input) = field.cast::<HtmlInputElement>() {
        input.select();
    }
}
