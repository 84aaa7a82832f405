//! Sharing: `Copy link` puts a link to the current position (and replay) on the clipboard, or
//! shows it in a field to copy by hand when the browser refuses; `Embed` shows a ready-to-paste
//! `<iframe>` snippet. What is shown is the model's ([`Shared`]); this only renders it.

use crate::play::page::{Action, ShareAction, Shared};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub shared: Shared,
    /// A solve by hand is on show: Copy link can carry it as a challenge.
    #[prop_or_default]
    pub result: bool,
    #[prop_or_default]
    pub include_result: bool,
    #[prop_or_default]
    pub include_moves: bool,
    pub on: Callback<Action>,
}

#[component]
pub fn Share(props: &ShareProps) -> Html {
    let field = use_node_ref();
    // Select the fallback field so one Ctrl-C copies it.
    {
        let field = field.clone();
        use_effect_with(props.shared.clone(), move |_| {
            if let Some(input) = field.cast::<HtmlInputElement>() {
                input.select();
            }
        });
    }
    let shown = match &props.shared {
        Shared::Nothing => html! {},
        Shared::Copied => html! {
            <p class="note" role="status">{ "Link copied: paste it to share this position." }</p>
        },
        Shared::Field(link) => html! {
            <div class="field wide">
                <label for="share-link">{ "Link" }</label>
                <input id="share-link" ref={field.clone()} readonly=true value={link.clone()} />
                <span class="note" role="status">{ "Copy this link (the browser refused the clipboard)." }</span>
            </div>
        },
        Shared::Snippet(snippet) => html! {
            <div class="field wide">
                <label for="embed-code">{ "Embed code" }</label>
                <textarea id="embed-code" readonly=true rows="3" value={snippet.clone()} />
            </div>
        },
        // The results' own copies show in their panels.
        Shared::ResultCopied
        | Shared::ResultField(_)
        | Shared::ReplayCopied
        | Shared::ReplayField(_)
        | Shared::EventCopied
        | Shared::EventField(_) => html! {},
    };
    let on = &props.on;
    let checked = |e: Event| e.target_unchecked_into::<HtmlInputElement>().checked();
    html! {
        <div class="share">
            <div class="row">
                <button onclick={on.reform(|_| Action::Share(ShareAction::CopyLink))}>{ "Copy link" }</button>
                <button onclick={on.reform(|_| Action::Share(ShareAction::ShowEmbed))}>{ "Embed" }</button>
            </div>
            if props.result {
                <div class="row">
                    <label class="check">
                        <input type="checkbox" checked={props.include_result}
                            onchange={on.reform(move |e| Action::Share(ShareAction::IncludeResult(checked(e))))} />
                        { "Challenge a friend: the link carries your result" }
                    </label>
                    <label class="check">
                        <input type="checkbox" checked={props.include_moves} disabled={!props.include_result}
                            onchange={on.reform(move |e| Action::Share(ShareAction::IncludeMoves(checked(e))))} />
                        { "and your moves, so the page can check them" }
                    </label>
                </div>
            }
            { shown }
        </div>
    }
}
