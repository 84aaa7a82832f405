//! The answer on show and its replay's buttons, directly under the board: on a phone the
//! answer comes into view where the player is already looking, the board still above it.

use super::click;
use crate::play::page::{Action, AskAction, PlayAction};
use crate::play::worker::solving::Summary;
use crate::puzzle::moves::Move;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

pub struct ReplayBarProps<'a> {
    pub summary: &'a Summary,
    pub moves: &'a [Move],
    pub step: usize,
    pub playing: bool,
    /// The bar's element: a new answer scrolls it just enough to be seen ([`scroll_into_view`]).
    pub bar: NodeRef,
    pub on: Callback<Action>,
}

pub fn replay_bar(props: &ReplayBarProps) -> Html {
    let n = props.moves.len();
    let letters: String = props.moves.iter().map(|m| m.letter()).collect();
    let summary = props.summary;
    let on = &props.on;
    html! {
        <section class="replay-bar" data-testid="solution" aria-label="Solution" ref={props.bar.clone()}
            data-moves={letters} data-length={n.to_string()} data-optimal={summary.optimal().to_string()}
            data-step={props.step.to_string()} data-wall-ms={summary.wall_ms().map(|w| decimals(w, 1))}
            data-search-ms={summary.search_ms().map(|w| decimals(w, 1))}
            data-improving={summary.improving().to_string()}>
            <p class="summary" aria-live="polite">
                <strong>{ format!("{n} move{}", if n == 1 { "" } else { "s" }) }</strong>{ summary.headline() }
            </p>
            <div class="replay-buttons">
                <button aria-label="Step back" onclick={click(on, Action::Play(PlayAction::Step(false)))} disabled={props.step == 0}>{ "◀" }</button>
                <button class="primary play" onclick={click(on, Action::Play(PlayAction::PlayPause))}>{ if props.playing { "Pause" } else { "Play" } }</button>
                <button aria-label="Step forward" onclick={click(on, Action::Play(PlayAction::Step(true)))} disabled={props.step >= n}>{ "▶" }</button>
                <span class="step">{ format!("{} / {n}", props.step) }</span>
                // Still looking for a shorter answer: the player may stop it, keeping this one.
                if summary.improving() {
                    <button class="stop" data-testid="stop-looking" onclick={click(on, Action::Ask(AskAction::Cancel))}>{ "Stop looking" }</button>
                }
            </div>
        </section>
    }
}

/// Scrolls a new answer's bar just enough to be seen (nothing, if it is in view already).
pub fn scroll_into_view(bar: &NodeRef) {
    if let Some(el) = bar.cast::<web_sys::Element>() {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        el.scroll_into_view_with_scroll_into_view_options(&options);
    }
}
