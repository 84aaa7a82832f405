//! The solution's details beside the board: how it was found, a scrubber and a speed control,
//! the move list with the current move marked, and the moves as speedsolvers write them, to copy
//! (the answer itself and Play are under the board: see [`super::replay_bar`]).

use crate::play::link::pace::{AS_PLAYED, Pace};
use crate::play::page::{Action, PlayAction, SPEEDS};
use crate::play::worker::solving::{Summary, listed};
use crate::puzzle::moves::Move;
use crate::puzzle::notation::format_moves_counted;
use crate::puzzle::numbers::thousands;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

pub struct ReplayProps<'a> {
    pub summary: &'a Summary,
    pub moves: &'a [Move],
    pub step: usize,
    pub speed: u32,
    /// How fast it plays; `timed`: it has the times it was played at.
    pub pace: Pace,
    pub timed: bool,
    pub on: Callback<Action>,
}

/// How the answer was found (one click away), the position and speed of the replay, and the
/// move list with the current move marked.
pub fn replay_panel(props: &ReplayProps) -> Html {
    let n = props.moves.len();
    let shown = listed(n, props.step);
    html! {
        <section class="solution" aria-label="The solution's moves">
            if let Some(cost) = props.summary.cost() {
                <details class="how">
                    <summary>{ "How it was found" }</summary>
                    <p class="note">{ cost }</p>
                </details>
            }
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
            // Selected whole by one click (the style sheet), to paste where speedsolvers meet.
            <p class="note">{ "As speedsolvers write it: " }
                <code class="notation" data-testid="notation">{ format_moves_counted(props.moves) }</code></p>
        </section>
    }
}

/// The pace of a replay with times: as played (and faster or slower), or the steady speed.
fn pace_picker(props: &ReplayProps) -> Html {
    let speed = props.speed;
    let on_pace = props.on.reform(move |e: Event| {
        let name = e.target_unchecked_into::<HtmlSelectElement>().value();
        let pace = Pace::parse(&name, speed).unwrap_or(Pace::AsPlayed(1.0));
        Action::Play(PlayAction::Pace(pace))
    });
    let options = (AS_PLAYED.iter().map(|&x| Pace::AsPlayed(x))).chain([Pace::Steady(speed)]);
    let chosen = props.pace.name();
    html! {
        <div class="field">
            <label for="pace">{ "Pace" }</label>
            <select id="pace" onchange={on_pace}>
                { for options.map(|p| html! {
                    <option value={p.name()} selected={p.name() == chosen}>{ p.label() }</option>
                }) }
            </select>
        </div>
    }
}

/// The position scrubber and the speed.
fn sliders(props: &ReplayProps) -> Html {
    let n = props.moves.len();
    let value = |e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value();
    let step = props.step;
    let on_seek = props.on.reform(move |e: InputEvent| {
        Action::Play(PlayAction::Seek(value(e).parse::<usize>().unwrap_or(step)))
    });
    let speed = props.speed;
    let on_speed = props.on.reform(move |e: InputEvent| {
        Action::Play(PlayAction::Speed(value(e).parse::<u32>().unwrap_or(speed)))
    });
    html! {
        <>
            if props.timed {
                { pace_picker(props) }
            }
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
