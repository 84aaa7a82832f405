//! Events in the record: a row each in the history's table (after the solves), and their
//! statistics per event, size and control: attempts, finished, bests, means and averages;
//! blindfolded successes; fewest moves' best and mean efficiency.

use super::click;
use crate::play::event::Event;
use crate::play::event::record::EventRecord;
use crate::play::event::stats::EventStats;
use crate::play::page::{Action, RecordAction};
use crate::play::record::solves::{count, time_text};
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

/// The events' rows of the history table, newest first, under a heading row.
pub fn event_rows(events: &[EventRecord], on: &Callback<Action>) -> Html {
    if events.is_empty() {
        return html! {};
    }
    html! {
        <tbody class="events">
            <tr><th scope="colgroup" colspan="5">{ format!("Events ({})", events.len()) }</th></tr>
            { for events.iter().rev().map(|e| event_row(e, on)) }
        </tbody>
    }
}

fn event_row(e: &EventRecord, on: &Callback<Action>) -> Html {
    let splits: Vec<String> = e.splits.iter().map(|&s| decimals(s, 0)).collect();
    let optional = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    let result = match (e.finished, e.event, e.out_of_place) {
        (false, ..) => format!("not finished · {}", count(e.moves, "move")),
        (true, Event::Blindfolded, Some(n)) if n > 0 => {
            format!(
                "{} · not solved ({} out of place)",
                time_text(e.millis),
                count(n, "tile")
            )
        }
        (true, Event::Fmc, _) => count(e.moves, "move"),
        _ => format!("{} · {}", time_text(e.millis), count(e.moves, "move")),
    };
    html! {
        <tr data-event={e.event.kind()} data-name={e.event.name()} data-size={e.size()}
            data-millis={decimals(e.millis, 0)} data-moves={e.moves.to_string()} data-splits={splits.join(",")}
            data-finished={e.finished.to_string()} data-control={e.control.name()} data-date={e.date.to_string()}
            data-optimal-length={optional(e.optimal)} data-random-state={e.random_state.to_string()}>
            <td>{ e.date.to_string() }</td>
            <td>{ e.size().replace('x', "×") }</td>
            <td>{ format!("{}: {result}", e.event.title()) }<span class="tag">{ e.control.name() }</span>
                if !e.random_state { <span class="tag marked">{ "not random" }</span> }
            </td>
            <td>{ match (e.optimal, e.best_known) {
                (Some(n), _) => n.to_string(),
                (None, Some(n)) => format!("≤ {n}"),
                _ => "–".into(),
            } }</td>
            <td><button class="small" onclick={click(on, Action::Record(RecordAction::DeleteEvent(e.id)))}>{ "Delete" }</button></td>
        </tr>
    }
}

/// Each event's statistics, a row per event, size and control.
pub fn event_stats(table: &[EventStats]) -> Html {
    if table.is_empty() {
        return html! {};
    }
    html! {
        <>
            <h3>{ "Events" }</h3>
            <p class="note">{ "Finished events on random-state boards count (blindfolded: solved ones); the others are attempts. Best and mean are times, for fewest moves the fewest moves and the mean efficiency (the optimum ÷ your moves). ao5 and ao12 drop the best and the worst." }</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Events' statistics">
                <table class="compare event-stats" data-testid="event-stats">
                    <thead><tr>
                        <th scope="col">{ "Event" }</th><th scope="col">{ "Counted of attempts" }</th><th scope="col">{ "Best" }</th>
                        <th scope="col">{ "Mean" }</th><th scope="col">{ "ao5" }</th><th scope="col">{ "ao12" }</th>
                    </tr></thead>
                    <tbody>{ for table.iter().map(stats_row) }</tbody>
                </table>
            </div>
        </>
    }
}

fn stats_row(s: &EventStats) -> Html {
    let time = |t: Option<f64>| t.map(|t| (decimals(t, 0), time_text(t)));
    let cell = |key: &'static str, value: Option<(String, String)>| {
        let (data, shown) = value.unwrap_or_default();
        let shown = if shown.is_empty() {
            "–".to_string()
        } else {
            shown
        };
        html! { <td data-stat={key} data-value={data}>{ shown }</td> }
    };
    let fmc = s.event == Event::Fmc;
    let best = match fmc {
        true => cell(
            "best-moves",
            s.best_moves.map(|m| (m.to_string(), count(m, "move"))),
        ),
        false => cell("best-time", time(s.best_time)),
    };
    let mean = match fmc {
        true => cell(
            "mean-efficiency",
            s.mean_efficiency
                .map(|e| (decimals(e, 3), format!("{} %", decimals(e * 100.0, 0)))),
        ),
        false => cell("mean-time", time(s.mean_time)),
    };
    let label = format!(
        "{}, {} by {}",
        s.event.title(),
        s.key.size.replace('x', "×"),
        s.key.control.name()
    );
    html! {
        <tr data-event-stats={s.key.text()}>
            <th scope="row">{ label }</th>
            <td data-stat="count" data-value={s.count.to_string()}>
                { format!("{} of {}", s.count, s.attempts) }
                <span class="visually-hidden" data-stat="attempts" data-value={s.attempts.to_string()}></span>
                if s.event == Event::Blindfolded {
                    <span data-stat="successes" data-value={s.successes.to_string()}>{ format!(" · {} solved", s.successes) }</span>
                }
            </td>
            { best }
            { mean }
            { cell("ao5", time(s.ao5)) }
            { cell("ao12", time(s.ao12)) }
        </tr>
    }
}
