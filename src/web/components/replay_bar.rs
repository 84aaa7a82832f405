//! The answer on show and its replay's buttons, directly under the board: on a phone the
//! answer comes into view where the player is already looking, the board still above it.

use crate::play::page::{Action, AskAction, PlayAction};
use crate::play::worker::solving::Summary;
use crate::puzzle::moves::Move;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ReplayBarProps {
    pub summary: Summary,
    pub moves: Vec<Move>,
    pub step: usize,
    pub playing: bool,
    pub on: Callback<Action>,
}

#[component]
pub fn ReplayBar(props: &ReplayBarProps) -> Html {
    let n = props.moves.len();
    let letters: String = props.moves.iter().map(|m| m.letter()).collect();
    let summary = &props.summary;
    let on = &props.on;
    // A new answer scrolls just enough to be seen (nothing, if it is in view already).
    let bar = use_node_ref();
    {
        let bar = bar.clone();
        use_effect_with((letters.clone(), summary.clone()), move |_| {
            if let Some(el) = bar.cast::<web_sys::Element>() {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    }
    html! {
        <section class="replay-bar" data-testid="solution" aria-label="Solution" ref={bar}
            data-moves={letters} data-length={n.to_string()} data-optimal={summary.optimal().to_string()}
            data-step={props.step.to_string()} data-wall-ms={summary.wall_ms().map(|w| decimals(w, 1))}
            data-search-ms={summary.search_ms().map(|w| decimals(w, 1))}
            data-improving={summary.improving().to_string()}>
            <p class="summary" aria-live="polite">
                <strong>{ format!("{n} move{}", if n == 1 { "" } else { "s" }) }</strong>{ summary.headline() }
            </p>
            <div class="replay-buttons">
                <button aria-label="Step back" onclick={on.reform(|_| Action::Play(PlayAction::Step(false)))} disabled={props.step == 0}>{ "◀" }</button>
                <button class="primary play" onclick={on.reform(|_| Action::Play(PlayAction::PlayPause))}>{ if props.playing { "Pause" } else { "Play" } }</button>
                <button aria-label="Step forward" onclick={on.reform(|_| Action::Play(PlayAction::Step(true)))} disabled={props.step >= n}>{ "▶" }</button>
                <span class="step">{ format!("{} / {n}", props.step) }</span>
                // Still looking for a shorter answer: the player may stop it, keeping this one.
                if summary.improving() {
                    <button class="stop" data-testid="stop-looking" onclick={on.reform(|_| Action::Ask(AskAction::Cancel))}>{ "Stop looking" }</button>
                }
            </div>
        </section>
    }
}
