//! The buttons and pickers: shuffle, size, solve or cancel, hint, undo, redo, daily; and folded
//! away, the solver's options (the method, and how shuffles scramble).

use super::{Fold, changed, click, folded, toggled};
use crate::play::page::{
    Action, AskAction, BoardAction, Panel, PlayAction, PrefsAction, RaceAction, left_out, offered,
};
use crate::puzzle::board::Board;
use crate::solver::Method;

use yew::prelude::*;

/// The sizes offered, width × height.
pub const SIZES: [(usize, usize); 17] = [
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (7, 7),
    (8, 8),
    (9, 9),
    (10, 10),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (4, 3),
    (3, 5),
    (4, 5),
    (5, 4),
];

pub struct ControlsProps<'a> {
    pub size: (usize, usize),
    /// The goal of the board on show: the picker offers what works toward it.
    pub goal: &'a Board,
    pub mostly_misplaced: bool,
    pub method: Method,
    /// The line that says a method chosen before fell back (see [`crate::play::page::FellBack`]).
    pub fell_back: Option<String>,
    pub searching: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub solved: bool,
    /// Today's daily puzzle is on the board.
    pub daily: bool,
    /// Embedded: the essential buttons only.
    pub compact: bool,
    /// An event runs: no Solve or Hint (its boards are the player's own).
    pub in_event: bool,
    /// The folded options are built (see [`Page::unfolded`](crate::play::page::Page::unfolded)).
    pub unfolded: bool,
    pub on: Callback<Action>,
}

pub fn controls(props: &ControlsProps<'_>) -> Html {
    let on = &props.on;
    html! {
        <div class="controls">
            <div class="row buttons">
                <button class="primary" onclick={click(on, Action::Board(BoardAction::Shuffle))}>{ "Shuffle" }</button>
                <button onclick={click(on, Action::Play(PlayAction::Undo))} disabled={!props.can_undo}>{ "Undo" }</button>
                if !props.compact {
                    <button onclick={click(on, Action::Play(PlayAction::Redo))} disabled={!props.can_redo}>{ "Redo" }</button>
                }
                <button onclick={click(on, Action::Ask(AskAction::Hint))} disabled={props.solved || props.searching || props.in_event}>{ "Hint" }</button>
                if !props.compact {
                    <button onclick={click(on, Action::Board(BoardAction::Daily))} aria-pressed={props.daily.to_string()}
                        title="Today's board, the same for every player">{ "Daily" }</button>
                    <button onclick={click(on, Action::Race(RaceAction::Start))} disabled={props.in_event}
                        title="Today's race on a Slide server: one board for everyone, one try, a leaderboard">{ "Daily race" }</button>
                }
                if props.compact {
                    { solve_or_cancel(props) }
                }
            </div>
            if !props.compact {
                { pickers(props) }
            }
        </div>
    }
}

/// Size, and Solve beside it; the solver's options folded away.
fn pickers(props: &ControlsProps<'_>) -> Html {
    let on_size = changed(&props.on, |value| {
        let mut parts = value.split('x').map(|p| p.parse::<usize>().ok());
        match (parts.next(), parts.next()) {
            (Some(Some(w)), Some(Some(h))) => Action::Board(BoardAction::Size(w, h)),
            _ => Action::Board(BoardAction::Shuffle),
        }
    });
    let (w, h) = props.size;
    let current = format!("{w}x{h}");
    let mut sizes: Vec<(usize, usize)> = SIZES.to_vec();
    if !SIZES.contains(&props.size) {
        sizes.insert(0, props.size);
    }
    html! {
        <>
            <div class="row">
                <span class="field">
                    <label for="size">{ "Size" }</label>
                    <select id="size" onchange={on_size}>
                        { for sizes.iter().map(|&(w, h)| {
                            let value = format!("{w}x{h}");
                            let selected = value == current;
                            html! { <option {selected} {value}>{ format!("{w}×{h}") }</option> }
                        }) }
                    </select>
                </span>
                { solve_or_cancel(props) }
            </div>
            if let Some(line) = &props.fell_back {
                <p class="note fell-back" data-testid="fell-back" role="status">{ line }</p>
            }
            { folded(OPTIONS, props.unfolded.then(|| options(props)), &props.on) }
        </>
    }
}

const OPTIONS: Fold = Fold {
    panel: Panel::Options,
    class: "options",
    summary: "Solver options",
};

/// The method (the picker carries the method itself, by its place in [`Method::OFFERED`]; it
/// offers what works toward the goal on show, and says why it leaves the others out) and how
/// shuffles scramble, each said in plain words.
fn options(props: &ControlsProps<'_>) -> Html {
    let on_method = changed(&props.on, |value| {
        let index = value.parse::<usize>().unwrap_or(0);
        Action::Ask(AskAction::Method(
            Method::OFFERED.get(index).copied().unwrap_or_default(),
        ))
    });
    let on_mostly = toggled(&props.on, |checked| {
        Action::Prefs(PrefsAction::MostlyMisplaced(checked))
    });
    let option = |(i, m): (usize, &Method)| {
        let selected = *m == props.method;
        html! { <option {selected} value={i.to_string()}>{ m.label() }</option> }
    };
    // Fastest for this size first (offered everywhere), on its own; then what else works here,
    // in two groups (on a large board nothing that always finds the shortest is offered).
    let (mut shortest, mut quicker) = (Vec::new(), Vec::new());
    for &i in offered(props.goal).iter().skip(1) {
        if let Some(m) = Method::OFFERED.get(i) {
            let group = if m.optimal() {
                &mut shortest
            } else {
                &mut quicker
            };
            group.push(option((i, m)));
        }
    }
    html! {
        <>
            <div class="field">
                <label for="method">{ "Method" }</label>
                <select id="method" onchange={on_method}>
                    { option((0, &Method::OFFERED[0])) }
                    if !shortest.is_empty() {
                        <optgroup label="Always the shortest solution">{ shortest }</optgroup>
                    }
                    <optgroup label="Quicker, not always the shortest">{ quicker }</optgroup>
                </select>
            </div>
            <p class="note" data-testid="method-note">
                { left_out(props.goal).map(|note| note + " ").unwrap_or_default() }
                { "Fastest for this size finds the shortest solution up to 4×4 (and 5×5 when it can), and a good one at once on larger boards, then shorter ones while you watch. Learn mode below compares them all." }
            </p>
            <label class="check">
                <input type="checkbox" checked={props.mostly_misplaced} onchange={on_mostly} />
                { "Shuffle with most tiles out of place" }
            </label>
            <p class="note">{ "On: at least 8 tiles in 10 start away from their place. Off: any board that can be solved, each as likely." }</p>
        </>
    }
}

/// Solve, or Cancel while a search runs.
fn solve_or_cancel(props: &ControlsProps<'_>) -> Html {
    if props.searching {
        html! { <button class="cancel" onclick={click(&props.on, Action::Ask(AskAction::Cancel))}>{ "Cancel" }</button> }
    } else {
        html! { <button class="primary solve" onclick={click(&props.on, Action::Ask(AskAction::Solve))} disabled={props.solved || props.in_event}>{ "Solve" }</button> }
    }
}
