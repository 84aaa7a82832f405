//! The page's components, one file each. Each takes data and callbacks as props (most take one
//! `Callback<Action>` into the page's model) and never reaches for globals.

use crate::play::page::{Action, Panel};
use web_sys::HtmlInputElement;
use yew::{Callback, Html, MouseEvent, SubmitEvent, TargetCast, html};

pub mod alert;
pub mod analysis;
pub mod bench;
pub mod board_view;
pub mod challenge;
pub mod compare_table;
pub mod controls;
pub mod editor;
pub mod event;
pub mod event_records;
pub mod event_result;
pub mod handling;
pub mod histogram;
pub mod how_to;
pub mod learn;
pub mod pace_chart;
pub mod race;
pub mod replay;
pub mod replay_bar;
pub mod result;
pub mod search_tree;
pub mod share;
pub mod solver_panel;
pub mod stats;
pub mod status;
pub mod stepper;
pub mod sync;
pub mod unsolvable;

/// A button's click, sending `action`. One closure for every button of the page: a closure of
/// its own at each button cost the page's WebAssembly its own copy of the callback's code.
pub fn click(on: &Callback<Action>, action: Action) -> Callback<MouseEvent> {
    on.reform(move |_| action.clone())
}

/// A form's submission (a button, or Enter in one of its fields), sending `action`: one closure
/// for every form, as [`click`] is for buttons. The page stays where it is.
pub fn submitted(on: &Callback<Action>, action: Action) -> Callback<SubmitEvent> {
    on.reform(move |e: SubmitEvent| {
        e.prevent_default();
        action.clone()
    })
}

/// A field's or a picker's new value (its `value`, a select's as an input's), made an action
/// by `action`: one closure for every field, as [`click`] is for buttons.
pub fn changed<E: AsRef<web_sys::Event> + 'static>(
    on: &Callback<Action>,
    action: fn(String) -> Action,
) -> Callback<E> {
    on.reform(move |e: E| {
        action(
            e.as_ref()
                .target_unchecked_into::<HtmlInputElement>()
                .value(),
        )
    })
}

/// A checkbox's new state, made an action by `action`.
pub fn toggled(on: &Callback<Action>, action: fn(bool) -> Action) -> Callback<web_sys::Event> {
    on.reform(move |e: web_sys::Event| {
        action(e.target_unchecked_into::<HtmlInputElement>().checked())
    })
}

/// A panel folded under `<details>`: which, its class and its title.
pub struct Fold {
    pub panel: Panel,
    pub class: &'static str,
    pub summary: &'static str,
}

/// `fold`'s panel holding `body`, which is `None` until the page builds the folded panels
/// ([`Page::unfolded`](crate::play::page::Page::unfolded)); until then, unfolding it asks for them.
pub fn folded(fold: Fold, body: Option<Html>, on: &Callback<Action>) -> Html {
    folded_open(fold, body, on, false)
}

/// [`folded`], open from the start where `open` (a link to a lesson opens learn mode): the
/// attribute is set once, and the player folds the panel as any other.
pub fn folded_open(fold: Fold, body: Option<Html>, on: &Callback<Action>, open: bool) -> Html {
    // A summary's click is how a panel unfolds, by pointer or by keyboard (Enter, Space).
    let onclick = body
        .is_none()
        .then(|| click(on, Action::Unfold(Some(fold.panel))));
    html! {
        <details class={fold.class} {open}>
            <summary {onclick}>{ fold.summary }</summary>
            // Always one node after the summary (an empty one until built): Yew matches a
            // changed list of children from its end, and a summary matched with the body would
            // be replaced while its click unfolds it (the panel would stay folded).
            { body.unwrap_or_default() }
        </details>
    }
}
