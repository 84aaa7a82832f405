//! After a solve by hand: the result as speedsolvers write it (`time (moves / TPS)`), moves in
//! both metrics, how far from the shortest solution, the replays of your solve and of the
//! shortest, and for the daily a spoiler-free result to share.

use super::click;
use crate::play::page::{Action, BoardAction, Copying, HandResult, ShareAction, Shared, Whose};
use crate::play::record::solves::count;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

pub struct ResultProps<'a> {
    pub result: &'a HandResult,
    /// What Share result did, if it was pressed.
    pub shared: &'a Shared,
    /// The daily race's rank, once the server ranked this solve.
    pub rank: Option<usize>,
    pub on: Callback<Action>,
}

pub fn result_panel(props: &ResultProps) -> Html {
    let r = props.result;
    let s = &r.solve;
    let on = &props.on;
    let optional = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
    let tps = s.tps().map_or(String::new(), |t| decimals(t, 3));
    html! {
        <section class="result" data-testid="result" aria-labelledby="result-title"
            data-moves={optional(s.moves)} data-mtm={optional(s.slides)}
            data-millis={decimals(s.millis, 0)} data-tps={tps.clone()}
            data-optimal-length={optional(s.optimal)} data-best-known={optional(s.best_known)}
            data-efficiency={s.efficiency().map(|e| decimals(e, 3)).unwrap_or_default()}
            data-control={s.control.name()} data-random-state={s.random_state.to_string()}
            data-rank={props.rank.map(|r| r.to_string()).unwrap_or_default()}>
            <h2 id="result-title">{ match (r.daily.is_some(), s.assisted) {
                (true, _) => "The daily puzzle, solved",
                (false, false) => "Solved by hand",
                (false, true) => "Solved, with help",
            } }</h2>
            <p class="result-line"><strong>{ s.result_text() }</strong></p>
            if let Some(rank) = props.rank {
                <p class="rank-line"><strong>{ format!("Rank {rank} in today's race") }</strong></p>
            }
            <p class="note">{ format!(
                "Time from your first move. A move is one tile moved; tiles moved together along a row or column make one slide: {}.",
                count(s.slides.unwrap_or_default(), "slide"),
            ) }</p>
            if s.assisted {
                <p class="note">{ "You had help (a hint or the solution), so this solve counts for no best or average and is not sent as a challenge." }</p>
            }
            if let Some(why) = r.not_counted_text() {
                <p class="note" data-testid="not-counted">{ why }</p>
            }
            <p aria-live="polite">{ r.comparison_text() }</p>
            <div class="row">
                <button onclick={click(on, Action::Board(BoardAction::Watch(Whose::Yours)))}>{ "Watch your solve" }</button>
                <button onclick={click(on, Action::Board(BoardAction::Watch(Whose::Shortest)))} disabled={r.shortest.is_none()}>{ "Watch the shortest" }</button>
                <button onclick={click(on, Action::Share(ShareAction::CopyReplayLink))}>{ "Copy replay link" }</button>
                <button onclick={click(on, Action::Share(ShareAction::CopySlidysim))}>{ "Copy Open Slidysim link" }</button>
                if r.daily.is_some() || props.rank.is_some() {
                    <button class="primary" onclick={click(on, Action::Share(ShareAction::ShareResult))}>{ "Share result" }</button>
                }
            </div>
            { copy_shown(props.shared, &[Copying::Result, Copying::Replay, Copying::Slidysim], None) }
        </section>
    }
}

/// What a copy of `of` did: a word that it is on the clipboard, or the text in a field to copy
/// by hand (a link in a one-line field, `field` selects it when shown; the result in a box).
pub fn copy_shown(shared: &Shared, of: &[Copying], field: Option<&NodeRef>) -> Html {
    match shared {
        Shared::Copied(what) if of.contains(what) => html! {
            <p class="note" role="status">{ what.copied_text() }</p>
        },
        Shared::ToCopy(what, text) if of.contains(what) => {
            let (id, label) = what.field();
            let (box_, word) = match what {
                Copying::Result => (
                    html! { <textarea {id} readonly=true rows="3" value={text.clone()} /> },
                    "text",
                ),
                _ => (
                    html! { <input {id} ref={field.cloned().unwrap_or_default()} readonly=true value={text.clone()} /> },
                    "link",
                ),
            };
            html! {
                <div class="field wide">
                    <label for={id}>{ label }</label>
                    { box_ }
                    <span class="note" role="status">{ format!("Copy this {word} (the browser refused the clipboard).") }</span>
                </div>
            }
        }
        _ => html! {},
    }
}
