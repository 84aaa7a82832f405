//! The daily race beside the board: the race on the board and its rules, the name it waits for
//! (which starts syncing), a refusal in words, and the leaderboard, each entry with Watch. Names
//! are only ever shown as text.

use super::{changed, click, submitted};
use crate::play::page::{Action, RaceAction, Racing, ShareAction, SyncAction, Syncing};
use crate::play::race::Standing;
use crate::play::record::solves::{count, time_text};
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

/// The race's panel (nothing while there is nothing to say).
pub fn race_panel(racing: &Racing, syncing: &Syncing, on: &Callback<Action>) -> Html {
    let race = racing.race();
    let waiting_name = racing.words().is_some() && syncing.player().is_none() && race.is_none();
    if race.is_none() && racing.words().is_none() && racing.table().is_none() {
        return html! {};
    }
    html! {
        <section class="panel race" data-testid="race" aria-labelledby="race-title">
            <h2 id="race-title">{ "The daily race" }</h2>
            if let Some(r) = race {
                <p class="note" data-testid="race-rules" data-date={r.date.clone()} data-size={r.size.clone()}>{ format!(
                    "The race of {}, {}: one board for everyone, one try each. Look for up to 15 s (longer counts on your clock); the clock runs from your first move. Hint, Solve and Undo wait until you finish.",
                    r.date, r.size.replace('x', "×")
                ) }</p>
            }
            if let Some(words) = racing.words() {
                <p class="note" role="status">{ words.to_string() }</p>
            }
            if waiting_name {
                <form class="row" onsubmit={submitted(on, Action::Sync(SyncAction::Start))}>
                    <span class="field">
                        <label for="race-name">{ "Name to race under" }</label>
                        <input id="race-name" maxlength="32" autocomplete="nickname"
                            value={syncing.name_field().to_string()}
                            onchange={changed(on, |name| Action::Sync(SyncAction::Name(name)))} />
                    </span>
                    <button type="submit">{ "Start syncing and race" }</button>
                </form>
            }
            { leaderboard(racing, on) }
        </section>
    }
}

/// The leaderboard on show: the best, and where you stand.
fn leaderboard(racing: &Racing, on: &Callback<Action>) -> Html {
    let Some(table) = racing.table() else {
        return html! {};
    };
    let caption = format!("{}, {}", table.date, table.size.replace('x', "×"));
    html! {
        <div data-testid="leaderboard" data-date={table.date.clone()} data-size={table.size.clone()}>
            <h3>{ format!("Leaderboard: {caption}") }</h3>
            if table.entries.is_empty() {
                <p class="note">{ "No entries yet." }</p>
            } else {
                <ol class="leaderboard">
                    { for table.entries.iter().map(|e| place(e, on)) }
                </ol>
            }
            if let Some(you) = &table.you {
                <p class="note" data-testid="your-place">{ format!("You: rank {} · {}", you.rank, line(you)) }</p>
            }
            if table.entries.iter().all(|e| e.replay.is_none()) && !table.entries.is_empty() {
                <p class="note">{ "Replays show once you have finished this race, or once the day has ended everywhere." }</p>
            }
            <div class="row">
                <button onclick={click(on, Action::Race(RaceAction::Leaderboard { date: table.date.clone(), size: table.size.clone() }))}>{ "Refresh leaderboard" }</button>
                <button onclick={click(on, Action::Race(RaceAction::Close))}>{ "Close leaderboard" }</button>
            </div>
        </div>
    }
}

/// An entry's figures in words: `4.33 s · 20 moves · 4.6 tiles/s · 2 over the shortest`.
fn line(e: &Standing) -> String {
    let tps = e.moves as f64 * 1000.0 / e.millis.max(1.0);
    let over = match (e.optimal, e.best_known) {
        (Some(n), _) => format!(" · {} over the shortest", e.moves.saturating_sub(n)),
        (None, Some(n)) => format!(" · best known {n}"),
        _ => String::new(),
    };
    format!(
        "{} · {} · {} tiles/s{over}",
        time_text(e.millis),
        count(e.moves, "move"),
        decimals(tps, 1)
    )
}

fn place(e: &Standing, on: &Callback<Action>) -> Html {
    html! {
        <li data-rank={e.rank.to_string()} data-name={e.name.clone()}
            data-millis={decimals(e.millis, 0)} data-moves={e.moves.to_string()}>
            <span class="rank">{ format!("{}.", e.rank) }</span>
            <span class="name">{ e.name.clone() }</span>
            <span>{ line(e) }</span>
            if let Some(replay) = &e.replay {
                <button class="small"
                    onclick={click(on, Action::Share(ShareAction::Read(Ok(replay.clone()))))}>{ "Watch" }</button>
            }
        </li>
    }
}
