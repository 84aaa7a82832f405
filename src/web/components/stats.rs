//! Your solves: the statistics of the size on the board and a control (best time, best moves and
//! best TPS kept apart, the mean, ao5, ao12, ao50 and ao100, a histogram of times), the latest
//! solves in a table with their control and whether they count (older ones a page at a time),
//! and the history as a file: export, import, clear (after asking); where the solves are kept,
//! the progress of a load, an import or an export, and what could not be read.

use super::event_records::{event_rows, event_stats};
use super::histogram::{HistogramProps, times_histogram};
use super::{Fold, changed, click};
use crate::play::event::record::EventRecord;
use crate::play::event::stats::EventStats;
use crate::play::game::input::Control;
use crate::play::page::{
    Action, Clearing, HistoryFormat, PAGE, Panel, Progress, RecordAction, Store, Syncing,
};
use crate::play::record::solves::{Solve, Statistics, count, time_text};
use crate::puzzle::numbers::decimals;

use yew::prelude::*;

/// A figure: its `data-stat` key, its label, and its value (for `data-value`, and as shown).
type Figure = (&'static str, &'static str, Option<(String, String)>);

pub struct StatsProps<'a> {
    /// `4x4`.
    pub size: String,
    /// The sizes that can be shown (`3x3`, `4x4`, …).
    pub sizes: Vec<String>,
    /// The control shown.
    pub control: Control,
    pub statistics: Statistics,
    /// The newest solves, oldest first (the record holds these in full).
    pub solves: &'a [Solve],
    /// Solves kept in all.
    pub total: usize,
    /// Rows the history table shows.
    pub shown: usize,
    /// Every event played, and their statistics.
    pub events: &'a [EventRecord],
    pub event_stats: &'a [EventStats],
    pub confirm_clear: bool,
    pub format: HistoryFormat,
    pub note: Option<&'a str>,
    /// A load, an import or an export under way.
    pub progress: Option<&'a Progress>,
    pub store: &'a Store,
    /// Whether the browser keeps the site's storage persistently, once it said.
    pub persisted: Option<bool>,
    /// Stored values that could not be read.
    pub unreadable: usize,
    /// Sync, shown beside the history; `page`, this page's address (for a device link).
    pub syncing: &'a Syncing,
    pub page: &'a str,
    pub on: Callback<Action>,
}

pub const STATS: Fold = Fold {
    panel: Panel::Stats,
    class: "panel stats",
    summary: "Your solves and statistics",
};

/// The panel's contents (see [`STATS`]).
pub fn stats_panel(props: &StatsProps) -> Html {
    let s = &props.statistics;
    let time = |t: Option<f64>| t.map(|t| (decimals(t, 0), time_text(t)));
    let figures: [Figure; 9] = [
        (
            "count",
            "Solves",
            Some((s.count.to_string(), s.count.to_string())),
        ),
        ("best-time", "Best time", time(s.best_time)),
        (
            "best-moves",
            "Best moves",
            s.best_moves.map(|m| (m.to_string(), count(m, "move"))),
        ),
        (
            "best-tps",
            "Best TPS",
            s.best_tps
                .map(|t| (decimals(t, 3), format!("{} tiles/s", decimals(t, 1)))),
        ),
        ("mean-time", "Mean time", time(s.mean_time)),
        ("ao5", "ao5", time(s.ao5)),
        ("ao12", "ao12", time(s.ao12)),
        ("ao50", "ao50", time(s.ao50)),
        ("ao100", "ao100", time(s.ao100)),
    ];
    let size = props.size.replace('x', "×");
    let of = format!("{size} by {}", props.control.name());
    let on_more = click(&props.on, Action::Record(RecordAction::ShowMoreSolves));
    html! {
        <>
            <div data-testid="stats" data-size={props.size.clone()} data-control={props.control.name()}
                data-left-out={s.left_out.to_string()}>
                <h2>{ format!("Statistics for {of}") }</h2>
                { pickers(props) }
                <p class="note counted">{ format!(
                    "Statistics count random-state solves only (boards drawn at random, no help): {} of {of} kept but not counted.",
                    count(s.left_out, "solve"),
                ) }</p>
                <dl class="figures">
                    { for figures.into_iter().map(|(key, label, value)| {
                        let (data, shown) = value.unwrap_or_default();
                        html! {
                            <div data-stat={key} data-value={data}>
                                <dt>{ label }</dt>
                                <dd>{ if shown.is_empty() { "–".to_string() } else { shown } }</dd>
                            </div>
                        }
                    }) }
                </dl>
                { times_histogram(&HistogramProps { bins: s.histogram.clone(), of: AttrValue::from(of.clone()) }) }
                <p class="note">{ "Times run from the first move to the solve. ao5, ao12, ao50 and ao100 are the averages of your last 5, 12, 50 and 100 counted solves of this size and control, 5 % of them (rounded up) dropped at each end: the best and the worst of 5 or 12, the best 3 and the worst 3 of 50, the best 5 and the worst 5 of 100. TPS is tiles moved a second. Random-state boards come from Shuffle without “most tiles out of place”, the daily puzzle and a friend's challenge; a filtered shuffle, a typed, loaded or edited board and a plain link are not drawn at random, and a solve after a hint or a shown solution had help: such solves are kept in the history, marked, and left out of these figures. Everything stays in this browser, unless you sync it to your other devices (below)." }</p>
            </div>
            if let Some(p) = props.progress {
                <p class="note" role="status" data-testid="record-progress">
                    { p.text() }
                    if p.total > 0 { <progress max={p.total.to_string()} value={p.done.to_string()} aria-label={p.text()}></progress> }
                </p>
            }
            { event_stats(props.event_stats) }
            { super::sync::sync_panel(props.syncing, props.page, &props.on) }
            { history_table(props, on_more) }
            { files(props) }
        </>
    }
}

/// The size (where there is more than one) and the control whose statistics are shown.
fn pickers(props: &StatsProps) -> Html {
    let on_size = changed(&props.on, |size| {
        Action::Record(RecordAction::StatsSize(Some(size)))
    });
    let on_control = changed(&props.on, |name| {
        Action::Record(RecordAction::StatsControl(Control::parse(&name)))
    });
    html! {
        <div class="row">
            if props.sizes.len() > 1 {
                <span class="field">
                    <label for="stats-size">{ "Statistics for size" }</label>
                    <select id="stats-size" onchange={on_size}>
                        { for props.sizes.iter().map(|s| html! {
                            <option value={s.clone()} selected={*s == props.size.as_str()}>{ s.replace('x', "×") }</option>
                        }) }
                    </select>
                </span>
            }
            <span class="field">
                <label for="stats-control">{ "Statistics for control" }</label>
                <select id="stats-control" onchange={on_control}>
                    { for Control::ALL.into_iter().map(|c| html! {
                        <option value={c.name()} selected={c == props.control}>{ c.label() }</option>
                    }) }
                </select>
            </span>
        </div>
    }
}

fn history_table(props: &StatsProps, on_more: Callback<MouseEvent>) -> Html {
    crate::web::render_counts::count("history");
    let (solves, events, total) = (props.solves, props.events, props.total);
    if total == 0 && events.is_empty() {
        return html! { <p class="note" data-testid="history" data-total="0">{ "No solves yet: solve a shuffled board by hand." }</p> };
    }
    let optional = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    let shown = props.shown.min(solves.len());
    html! {
        <>
        <p class="scroll-note">{ "The table scrolls sideways: more columns to the right." }</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Your solves">
            <table class="compare history" data-testid="history" data-total={total.to_string()}>
                <caption>{ match total {
                    0 => "No single solves yet; your events are below.".to_string(),
                    n if n > shown => format!("The last {shown} of {n} solves"),
                    n => count(n, "solve"),
                } }</caption>
                <thead><tr>
                    <th scope="col">{ "Date" }</th><th scope="col">{ "Size" }</th><th scope="col">{ "Result" }</th>
                    <th scope="col">{ "Shortest" }</th><th scope="col"><span class="visually-hidden">{ "Delete" }</span></th>
                </tr></thead>
                <tbody>
                    { for solves.iter().rev().take(shown).map(|s| html! {
                        <tr data-solve={s.id.to_string()} data-size={s.size()} data-board={s.start.board().to_string()}
                            data-moves={optional(s.moves)} data-millis={decimals(s.millis, 0)}
                            data-optimal-length={optional(s.optimal)} data-date={s.date.to_string()}
                            data-assisted={s.assisted.to_string()} data-control={s.control.name()}
                            data-random-state={s.random_state.to_string()}>
                            <td>{ s.date.to_string() }</td>
                            <td>{ s.size().replace('x', "×") }</td>
                            <td>{ s.result_text() }
                                <span class="tag">{ s.control.name() }</span>
                                if !s.random_state { <span class="tag marked">{ "not random" }</span> }
                                if s.assisted { <span class="assisted">{ " · with help" }</span> }
                            </td>
                            <td>{ match (s.optimal, s.best_known) {
                                (Some(n), _) => n.to_string(),
                                (None, Some(n)) => format!("≤ {n}"),
                                _ => "–".into(),
                            } }</td>
                            <td><button class="small" onclick={click(&props.on, Action::Record(RecordAction::DeleteSolve(s.id)))}>{ "Delete" }</button></td>
                        </tr>
                    }) }
                </tbody>
                { event_rows(events, &props.on) }
            </table>
        </div>
        if total > shown {
            <button onclick={on_more}>{ format!("Show {} older solves", PAGE.min(total - shown)) }</button>
        }
        </>
    }
}

/// Where the solves are kept, in words: the database (persistently or not), or this tab only.
fn storage(props: &StatsProps) -> Html {
    let text = match (props.store, props.persisted) {
        (Store::Refused(_), _) => {
            "Your solves are kept in this tab only, since the browser refuses to keep them: export them to keep them."
        }
        (Store::Memory, _) => "Your solves are kept in this tab only.",
        (_, Some(true)) => {
            "Your solves are kept in this browser's database, and the browser has agreed not to clear it to make room."
        }
        (_, Some(false)) => {
            "Your solves are kept in this browser's database. The browser may clear it when the device runs short of space: export your history now and then to keep a copy."
        }
        (_, None) => "Your solves are kept in this browser's database.",
    };
    let persisted = props
        .persisted
        .map_or("unknown", |p| if p { "true" } else { "false" });
    html! { <p class="note" data-testid="storage" data-persisted={persisted}>{ text }</p> }
}

/// Export (JSON or CSV), import, and clear after asking.
fn files(props: &StatsProps) -> Html {
    let on = &props.on;
    let on_format = changed(on, |format| {
        Action::Record(RecordAction::HistoryFormat(if format == "csv" {
            HistoryFormat::Csv
        } else {
            HistoryFormat::Json
        }))
    });
    let chosen = props.format;
    html! {
        <>
            <div class="row">
                <span class="field">
                    <label for="history-format">{ "Format" }</label>
                    <select id="history-format" onchange={on_format}>
                        <option value="json" selected={chosen == HistoryFormat::Json}>{ "JSON" }</option>
                        <option value="csv" selected={chosen == HistoryFormat::Csv}>{ "CSV" }</option>
                    </select>
                </span>
                <button onclick={click(on, Action::Record(RecordAction::ExportHistory(chosen)))}>{ "Export history" }</button>
                <span class="field">
                    <label for="import-history">{ "Import history" }</label>
                    <input id="import-history" type="file" accept=".json,.csv,application/json,text/csv" onchange={import(on)} />
                </span>
            </div>
            if let Some(note) = props.note {
                <p class="note" role="status">{ note.to_string() }</p>
            }
            { storage(props) }
            if props.unreadable > 0 {
                <div class="row">
                    <p class="note">{ format!("{} of your history could not be read by this version and {} kept as {} was.",
                        if props.unreadable == 1 { "A part".to_string() } else { format!("{} parts", props.unreadable) },
                        if props.unreadable == 1 { "is" } else { "are" }, if props.unreadable == 1 { "it" } else { "each" }) }</p>
                    <button onclick={click(on, Action::Record(RecordAction::DownloadUnreadable))}>{ "Download what could not be read" }</button>
                </div>
            }
            <div class="row">
                if props.confirm_clear {
                    <p role="alert">{ clear_question(props) }</p>
                    if props.syncing.player().is_some() {
                        <button class="danger" onclick={click(on, Action::Record(RecordAction::ConfirmClear(Clearing::ThisDevice)))}>{ "Clear this device" }</button>
                        <button class="danger" onclick={click(on, Action::Record(RecordAction::ConfirmClear(Clearing::EveryDevice)))}>{ "Clear every device" }</button>
                    } else {
                        <button class="danger" onclick={click(on, Action::Record(RecordAction::ConfirmClear(Clearing::ThisDevice)))}>{ "Clear all" }</button>
                    }
                    <button onclick={click(on, Action::Record(RecordAction::ConfirmClear(Clearing::Keep)))}>{ "Keep history" }</button>
                } else {
                    <button onclick={click(on, Action::Record(RecordAction::ClearHistory))} disabled={props.total == 0 && props.events.is_empty()}>{ "Clear history" }</button>
                }
            </div>
        </>
    }
}

/// What Clear history asks: from this browser, or (syncing) from this device or every device.
fn clear_question(props: &StatsProps) -> String {
    let what = match props.events.len() {
        0 => count(props.total, "solve"),
        n => format!("{} and {}", count(props.total, "solve"), count(n, "event")),
    };
    match props.syncing.player() {
        Some(_) => format!(
            "Clear all {what} from this device only (the server and your other devices keep theirs), or from every device? This cannot be undone."
        ),
        None => format!("Clear all {what} from this browser? This cannot be undone."),
    }
}

/// Hands the chosen history file to the store, which reads it piece by piece for the model.
fn import(on: &Callback<Action>) -> Callback<Event> {
    let on = on.clone();
    Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            crate::web::store::import(file, &on);
        }
        // Emptied, so the same file can be chosen again.
        input.set_value("");
    })
}

/// What the player must know about the storage (a refusal, what could not be read), once, in
/// an alert, until dismissed.
pub fn store_note(note: Option<&str>, unreadable: usize, on: &Callback<Action>) -> Html {
    let Some(note) = note else {
        return html! {};
    };
    html! {
        <div role="alert" class="alert store-note" data-testid="store-note">
            <span>{ note }</span>
            if unreadable > 0 {
                <button onclick={click(on, Action::Record(RecordAction::DownloadUnreadable))}>{ "Download it" }</button>
            }
            <button class="dismiss" aria-label="Dismiss" onclick={click(on, Action::Record(RecordAction::DismissNote))}>{ "×" }</button>
        </div>
    }
}
