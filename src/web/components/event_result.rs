//! After an event: its result as speedsolvers write it (the total, the moves, each board's
//! split; blindfolded, memorisation and execution and whether it was solved; fewest moves, the
//! score against the optimum), and a link that challenges a friend to the same boards.

use super::click;
use super::result::copy_shown;
use crate::play::event::Event;
use crate::play::page::{Action, Copying, EventAction, EventResult, Shared};
use crate::play::record::solves::{count, time_text};
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

pub struct EventResultProps<'a> {
    pub result: &'a EventResult,
    pub shared: &'a Shared,
    pub on: Callback<Action>,
}

pub fn event_result(props: &EventResultProps) -> Html {
    let r = &props.result.record;
    let optional = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    let splits: Vec<String> = r.splits.iter().map(|&s| decimals(s, 0)).collect();
    let success = (r.event == Event::Blindfolded).then(|| r.success().to_string());
    let memo = r.memo_millis.filter(|_| r.event == Event::Blindfolded);
    let fmc = r.event == Event::Fmc;
    html! {
        <section class="result event-result" data-testid="event-result" aria-labelledby="event-result-title"
            data-event={r.event.kind()} data-name={r.event.name()} data-finished={r.finished.to_string()}
            data-order={match r.event { Event::Relay { down, .. } => Some(if down { "down" } else { "up" }), _ => None }}
            data-millis={decimals(r.millis, 0)} data-moves={r.moves.to_string()} data-splits={splits.join(",")}
            data-memo-millis={memo.map(|m| decimals(m, 0))} data-success={success}
            data-optimal-length={fmc.then(|| optional(r.optimal))} data-control={r.control.name()}>
            <h2 id="event-result-title">{ format!("{}: {}", r.event.title(), if r.finished { "done" } else { "not finished" }) }</h2>
            <p class="result-line"><strong>{ headline(props.result) }</strong></p>
            { details(props.result) }
            if r.counts() && !r.path.is_empty() {
                <div class="row">
                    <button onclick={click(&props.on, Action::Event(EventAction::CopyChallenge))}>{ "Copy challenge link" }</button>
                </div>
            }
            { copy_shown(props.shared, &[Copying::Event], None) }
        </section>
    }
}

/// The result in one line.
fn headline(result: &EventResult) -> String {
    let r = &result.record;
    let tps = (r.millis > 0.0).then(|| r.moves as f64 * 1000.0 / r.millis);
    let tps = tps.map_or(String::new(), |t| format!(" · {} tiles/s", decimals(t, 1)));
    match r.event {
        Event::Blindfolded => format!(
            "{} · {}: {}",
            time_text(r.millis),
            count(r.moves, "move"),
            match r.out_of_place {
                Some(0) if r.finished => "solved".to_string(),
                Some(n) => format!("not solved, {} out of place", count(n, "tile")),
                None => "given up".to_string(),
            }
        ),
        Event::Fmc if r.finished => {
            format!("{} in {}", count(r.moves, "move"), time_text(r.millis))
        }
        _ => format!("{} · {}{tps}", time_text(r.millis), count(r.moves, "move")),
    }
}

/// Splits, memorisation and execution, or the score against the optimum.
fn details(result: &EventResult) -> Html {
    let r = &result.record;
    match r.event {
        Event::Blindfolded => html! {
            <p class="note">{ format!(
                "Memorisation {} (from Start to your first move), execution {} (to Done).",
                time_text(r.memo_millis.unwrap_or(0.0)),
                time_text(r.splits.first().copied().unwrap_or(0.0))
            ) }</p>
        },
        Event::Fmc => html! { <p aria-live="polite">{ score(result) }</p> },
        Event::Marathon { .. } | Event::Relay { .. } => html! {
            <ol class="splits" aria-label="Splits">
                { for r.splits.iter().enumerate().map(|(k, &s)| html! {
                    <li>{ split_name(r.event, k) }{ time_text(s) }</li>
                }) }
            </ol>
        },
    }
}

/// `2×2: ` for a relay's board, nothing for a marathon's (the list numbers them).
fn split_name(event: Event, k: usize) -> String {
    match event {
        Event::Relay { up_to, down } => {
            let n = if down { up_to as usize - k } else { k + 2 };
            format!("{n}×{n}: ")
        }
        _ => String::new(),
    }
}

/// A fewest-moves score against the optimum, once measured.
fn score(result: &EventResult) -> String {
    let r = &result.record;
    if !r.finished {
        return "No solution was accepted.".into();
    }
    let efficiency = r.efficiency().map_or(String::new(), |e| {
        format!(": efficiency {} %", decimals(e * 100.0, 0))
    });
    match (r.optimal, r.best_known) {
        (Some(n), _) if n == r.moves => {
            format!("The optimum is {}: you found it.", count(n, "move"))
        }
        (Some(n), _) => format!("The optimum is {}{efficiency}.", count(n, "move")),
        (None, Some(n)) => format!(
            "The best solution Slide found is {} (not proven optimal){efficiency}.",
            count(n, "move")
        ),
        _ if result.measuring => "Looking for the optimum…".into(),
        _ => "The optimum is not known.".into(),
    }
}
