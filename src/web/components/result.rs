//! After a solve by hand: the result as speedsolvers write it (`time (moves / TPS)`), moves in
//! both metrics, how far from the shortest solution, the replays of your solve and of the
//! shortest, and for the daily a spoiler-free result to share.

use crate::play::page::{Action, BoardAction, HandResult, ShareAction, Shared, Whose};
use crate::play::record::solves::count;
use crate::puzzle::numbers::decimals;
use yew::prelude::*;

pub struct ResultProps<'a> {
    pub result: &'a HandResult,
    /// What Share result did, if it was pressed.
    pub shared: &'a Shared,
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
            data-moves={s.moves.to_string()} data-mtm={s.slides.to_string()}
            data-millis={decimals(s.millis, 0)} data-tps={tps.clone()}
            data-optimal-length={optional(s.optimal)} data-best-known={optional(s.best_known)}
            data-efficiency={s.efficiency().map(|e| decimals(e, 3)).unwrap_or_default()}
            data-control={s.control.name()} data-random-state={s.random_state.to_string()}>
            <h2 id="result-title">{ match (r.daily.is_some(), s.assisted) {
                (true, _) => "The daily puzzle, solved",
                (false, false) => "Solved by hand",
                (false, true) => "Solved, with help",
            } }</h2>
            <p class="result-line"><strong>{ s.result_text() }</strong></p>
            <p class="note">{ format!(
                "Time from your first move. A move is one tile moved; tiles moved together along a row or column make one slide: {}.",
                count(s.slides, "slide"),
            ) }</p>
            if s.assisted {
                <p class="note">{ "You had help (a hint or the solution), so this solve counts for no best or average and is not sent as a challenge." }</p>
            }
            if let Some(why) = r.not_counted_text() {
                <p class="note" data-testid="not-counted">{ why }</p>
            }
            <p aria-live="polite">{ r.comparison_text() }</p>
            <div class="row">
                <button onclick={on.reform(|_| Action::Board(BoardAction::Watch(Whose::Yours)))}>{ "Watch your solve" }</button>
                <button onclick={on.reform(|_| Action::Board(BoardAction::Watch(Whose::Shortest)))} disabled={r.shortest.is_none()}>{ "Watch the shortest" }</button>
                <button onclick={on.reform(|_| Action::Share(ShareAction::CopyReplayLink))}>{ "Copy replay link" }</button>
                if r.daily.is_some() {
                    <button class="primary" onclick={on.reform(|_| Action::Share(ShareAction::ShareResult))}>{ "Share result" }</button>
                }
            </div>
            { shared_result(props.shared) }
        </section>
    }
}

/// What Share result did: copied, or the text to copy by hand.
fn shared_result(shared: &Shared) -> Html {
    match shared {
        Shared::ResultCopied => html! {
            <p class="note" role="status">{ "Result copied: paste it anywhere. It gives nothing away." }</p>
        },
        Shared::ResultField(text) => html! {
            <div class="field wide">
                <label for="result-text">{ "Result" }</label>
                <textarea id="result-text" readonly=true rows="3" value={text.clone()} />
                <span class="note" role="status">{ "Copy this text (the browser refused the clipboard)." }</span>
            </div>
        },
        Shared::ReplayCopied => html! {
            <p class="note" role="status">{ "Replay link copied: whoever opens it watches your solve at your pace." }</p>
        },
        Shared::ReplayField(link) => link_by_hand("replay-link", "Replay link", link),
        _ => html! {},
    }
}

/// A link the browser would not put on the clipboard, in a field to copy by hand.
pub fn link_by_hand(id: &'static str, label: &'static str, link: &str) -> Html {
    html! {
        <div class="field wide">
            <label for={id}>{ label }</label>
            <input {id} readonly=true value={link.to_string()} />
            <span class="note" role="status">{ "Copy this link (the browser refused the clipboard)." }</span>
        </div>
    }
}
