//! Events: the panel to choose the event and its settings and Start it (a friend's result to
//! beat shown above Start), and while one runs the bar under the board that says where it
//! stands (board k of n, memorising or blind, the time left) with its buttons: Done, Submit,
//! Reset to start, Give up, where a thumb reaches them.

use super::{changed, click};
use crate::play::event::run::Phase;
use crate::play::event::{FMC_MINUTES, MARATHON_SOLVES, RELAY_UP_TO};
use crate::play::page::{Action, Choice, EventAction, Eventing, Setting};
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

pub struct EventProps<'a> {
    pub eventing: &'a Eventing,
    /// The page's clock now, for the time limit left.
    pub now_ms: f64,
    pub on: Callback<Action>,
}

pub fn event_panel(props: &EventProps) -> Html {
    let e = props.eventing;
    html! {
        <section class="panel event-panel" data-testid="event" aria-labelledby="event-title"
            data-choice={e.choice().value()}>
            <h2 id="event-title">{ "Events" }</h2>
            if let Some(run) = e.run() {
                <p class="note">{ format!("{} in progress: its buttons are under the board.", run.event().title()) }</p>
            } else {
                { choosing(props) }
            }
        </section>
    }
}

/// The picker, the chosen event's settings, and Start.
fn choosing(props: &EventProps) -> Html {
    let (e, on) = (props.eventing, &props.on);
    let on_choice = changed(on, |value| {
        Action::Event(EventAction::Choose(
            Choice::parse(&value).unwrap_or(Choice::Single),
        ))
    });
    // A number field: its text kept as typed (a page drawn again meanwhile shows it so), the
    // number set once the field is left.
    let solves_typed = changed(on, |t| {
        Action::Event(EventAction::Typing(Setting::Solves, t))
    });
    let solves_left = changed(on, |t| {
        Action::Event(EventAction::Entered(Setting::Solves, t))
    });
    let minutes_typed = changed(on, |t| {
        Action::Event(EventAction::Typing(Setting::TimeLimit, t))
    });
    let minutes_left = changed(on, |t| {
        Action::Event(EventAction::Entered(Setting::TimeLimit, t))
    });
    let on_up_to = changed(on, |value| {
        Action::Event(EventAction::UpTo(value.parse().unwrap_or(4)))
    });
    let on_order = changed(on, |value| {
        Action::Event(EventAction::RelayDown(value == "down"))
    });
    html! {
        <>
            <div class="row">
                <span class="field">
                    <label for="event">{ "Event" }</label>
                    <select id="event" onchange={on_choice}>
                        { for Choice::ALL.iter().map(|&c| html! {
                            <option value={c.value()} selected={c == e.choice()}>{ c.label() }</option>
                        }) }
                    </select>
                </span>
                if e.choice() == Choice::Marathon {
                    <span class="field">
                        <label for="solves">{ "Solves" }</label>
                        <input id="solves" type="number" inputmode="numeric" min={MARATHON_SOLVES.start().to_string()}
                            max={MARATHON_SOLVES.end().to_string()} value={e.field(Setting::Solves)} list="marathons"
                            oninput={solves_typed} onchange={solves_left} />
                        // The marathons speedsolvers rank.
                        <datalist id="marathons"><option value="5" /><option value="10" /><option value="42" /></datalist>
                    </span>
                }
                if e.choice() == Choice::Relay {
                    <span class="field">
                        <label for="up-to">{ "Up to" }</label>
                        <select id="up-to" onchange={on_up_to}>
                            { for RELAY_UP_TO.map(|n| html! {
                                <option value={n.to_string()} selected={n == e.up_to()}>{ format!("{n}×{n}") }</option>
                            }) }
                        </select>
                    </span>
                    <span class="field">
                        <label for="order">{ "Order" }</label>
                        <select id="order" onchange={on_order}>
                            <option value="down" selected={e.down()}>{ "Largest first" }</option>
                            <option value="up" selected={!e.down()}>{ "Smallest first" }</option>
                        </select>
                    </span>
                }
                if e.choice() == Choice::Fmc {
                    <span class="field">
                        <label for="time-limit">{ "Time limit" }</label>
                        <input id="time-limit" type="number" inputmode="numeric" min={FMC_MINUTES.start().to_string()}
                            max={FMC_MINUTES.end().to_string()} value={e.field(Setting::TimeLimit)}
                            oninput={minutes_typed} onchange={minutes_left} />
                        <span class="unit">{ "minutes" }</span>
                    </span>
                }
                if e.choice() != Choice::Single {
                    <button class="primary" onclick={click(on, Action::Event(EventAction::Start))}>{ "Start" }</button>
                }
            </div>
            <p class="note">{ about(e) }</p>
        </>
    }
}

/// A friend's result on the event's boards, above the board while it is open: the target,
/// then who won.
pub fn event_challenge(e: &Eventing) -> Html {
    let Some(c) = e.challenge() else {
        return html! {};
    };
    let event = (e.run().map(|r| r.event()))
        .or(e.pending().map(|p| p.event))
        .or(e.result().map(|r| r.record.event));
    let title = event.map_or("the event".to_string(), |e| e.title());
    html! {
        <section class="challenge" data-testid="challenge" aria-labelledby="challenge-title"
            data-moves={c.target.moves.to_string()} data-millis={decimals(c.target.millis, 0)}
            data-revealed={c.revealed.to_string()} data-event={event.map(|e| e.name())}>
            <h2 id="challenge-title">{ "A friend's challenge" }</h2>
            <p>{ format!("Your friend's {title}: {}. Their moves were replayed here and solve every board. Press Start (or make a move) to play the same boards.", c.target_text()) }</p>
            if let Some(outcome) = &c.outcome {
                <p class="outcome" role="status"><strong>{ outcome.clone() }</strong></p>
            }
        </section>
    }
}

/// The chosen event in a sentence: what is timed, what is scored.
fn about(e: &Eventing) -> String {
    let waiting = e.pending().map(|p| {
        let from = if p.daily.is_some() {
            "today's"
        } else {
            "the link's"
        };
        format!(" Ready: {from} event, {}.", p.event.title())
    });
    let text = match e.choice() {
        Choice::Single => {
            "One board at a time. Choose an event to play a series, blindfolded, or for fewest moves."
        }
        Choice::Marathon => {
            "Boards of the size on the board, one after another on one clock, from your first move to your last."
        }
        Choice::Relay => "Every size from 2×2 to the one chosen, in a row on one clock.",
        Choice::Blindfolded => {
            "Memorise the board; your first move hides the numbers. Solve blind, then press Done."
        }
        Choice::Fmc => {
            "Find the shortest solution you can within the time limit, then Submit it. The optimum is shown only after."
        }
    };
    format!("{text}{}", waiting.unwrap_or_default())
}

/// While an event runs, under the board: where it stands, and its buttons.
pub fn event_bar(props: &EventProps) -> Html {
    let (e, on) = (props.eventing, &props.on);
    let Some(run) = e.run() else {
        return html! {};
    };
    let (k, n) = run.progress();
    let status = match run.phase() {
        Phase::Running => format!(
            "{}: board {k} of {n}. The clock runs from your first move.",
            run.event().title()
        ),
        Phase::Memorising { .. } => {
            "Blindfolded: memorise the board. Your first move hides the numbers.".into()
        }
        Phase::Blind { .. } => {
            "Blindfolded: solve from memory, then press Done. Undo is off.".into()
        }
        Phase::Exploring { .. } => {
            "Fewest moves: find a short solution, then Submit the moves from the start board."
                .into()
        }
    };
    // The time left, redrawn each second: not read out each second (the status around it is).
    let left = match run.phase() {
        Phase::Exploring { since_ms, minutes } => {
            let ms = f64::from(minutes) * 60_000.0 - (props.now_ms - since_ms);
            let secs = (ms.max(0.0) / 1000.0).ceil() as u64;
            Some(format!(" {}:{:02} left.", secs / 60, secs % 60))
        }
        _ => None,
    };
    let send = |action: EventAction| click(on, Action::Event(action));
    html! {
        <div class="event-bar">
            <p data-testid="event-status" data-state={run.phase().name()} data-board={k.to_string()}
                data-boards={n.to_string()} role="status">{ status }
                if let Some(left) = left {
                    <span class="time-left" aria-live="off">{ left }</span>
                }
            </p>
            <div class="row">
                if matches!(run.phase(), Phase::Blind { .. }) {
                    <button class="primary" onclick={send(EventAction::Done)}>{ "Done" }</button>
                }
                if matches!(run.phase(), Phase::Exploring { .. }) {
                    <button class="primary" onclick={send(EventAction::Submit)}>{ "Submit" }</button>
                    <button onclick={send(EventAction::Reset)}>{ "Reset to start" }</button>
                }
                <button onclick={send(EventAction::GiveUp)}>{ "Give up" }</button>
            </div>
        </div>
    }
}
