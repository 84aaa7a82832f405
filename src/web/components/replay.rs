//! The solution and its replay: what was found and at what cost, Play/Pause, single steps, a
//! speed control, a scrubber, and the move list with the current move marked.

use crate::play::page::{Action, SPEEDS};
use crate::play::solving::{Summary, listed};
use crate::puzzle::moves::Move;
use crate::puzzle::numbers::thousands;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub summary: Summary,
    pub moves: Vec<Move>,
    pub step: usize,
    pub playing: bool,
    pub speed: u32,
    /// Embedded: buttons only, no sliders or move list.
    #[prop_or_default]
    pub compact: bool,
    pub on: Callback<Action>,
}

#[component]
pub fn ReplayPanel(props: &ReplayProps) -> Html {
    let n = props.moves.len();
    let letters: String = props.moves.iter().map(|m| m.letter()).collect();
    let summary = &props.summary;
    let on = &props.on;
    let shown = listed(n, props.step);
    html! {
        <section class="solution" data-testid="solution" aria-label="Solution"
            data-moves={letters} data-length={n.to_string()} data-optimal={summary.optimal().to_string()}
            data-step={props.step.to_string()} data-wall-ms={summary.wall_ms().map(|w| crate::puzzle::numbers::decimals(w, 1))}
            data-search-ms={summary.search_ms().map(|w| crate::puzzle::numbers::decimals(w, 1))}
            data-improving={summary.improving().to_string()}>
            <p class="summary">
                <strong>{ format!("{n} moves") }</strong>{ summary.headline() }
                if let (false, Some(cost)) = (props.compact, summary.cost()) {
                    <span class="cost">{ cost }</span>
                }
                // Still looking for a shorter answer: the player may stop it, keeping this one.
                if summary.improving() {
                    <button class="stop" data-testid="stop-looking" onclick={on.reform(|_| Action::Cancel)}>{ "Stop looking" }</button>
                }
            </p>
            <div class="replay-buttons">
                <button aria-label="Step back" onclick={on.reform(|_| Action::Step(false))} disabled={props.step == 0}>{ "◀" }</button>
                <button class="primary play" onclick={on.reform(|_| Action::PlayPause)}>{ if props.playing { "Pause" } else { "Play" } }</button>
                <button aria-label="Step forward" onclick={on.reform(|_| Action::Step(true))} disabled={props.step >= n}>{ "▶" }</button>
                <span class="step">{ format!("{} / {n}", props.step) }</span>
            </div>
            if !props.compact {
                { sliders(props) }
                <ol class="move-list" aria-label="Moves">
                    if shown.start > 0 {
                        <li class="more">{ format!("{} before", thousands(shown.start as u64)) }</li>
                    }
                    { for props.moves[shown.clone()].iter().zip(shown.clone()).map(|(m, i)| {
                        let class = classes!(
                            (i < props.step).then_some("done"),
                            (i == props.step).then_some("current")
                        );
                        let current = (i == props.step).then_some("step");
                        html! { <li {class} aria-current={current}>{ m.letter() }</li> }
                    }) }
                    if shown.end < n {
                        <li class="more">{ format!("{} more", thousands((n - shown.end) as u64)) }</li>
                    }
                </ol>
            }
        </section>
    }
}

/// The position scrubber and the speed.
fn sliders(props: &ReplayProps) -> Html {
    let n = props.moves.len();
    let value = |e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value();
    let step = props.step;
    let on_seek = props
        .on
        .reform(move |e: InputEvent| Action::Seek(value(e).parse::<usize>().unwrap_or(step)));
    let speed = props.speed;
    let on_speed = props
        .on
        .reform(move |e: InputEvent| Action::Speed(value(e).parse::<u32>().unwrap_or(speed)));
    html! {
        <>
            <div class="field slider">
                <label for="position">{ "Position" }</label>
                <input id="position" type="range" min="0" max={n.to_string()} value={props.step.to_string()} oninput={on_seek} />
            </div>
            <div class="field slider">
                <label for="speed">{ "Speed" }</label>
                <input id="speed" type="range" min={SPEEDS.start().to_string()} max={SPEEDS.end().to_string()}
                    value={props.speed.to_string()} oninput={on_speed} />
                <span class="speed">{ format!("{} moves/s", props.speed) }</span>
            </div>
        </>
    }
}
