//! The buttons and pickers: shuffle, size, method, solve or cancel, hint, undo, redo.

use crate::heuristics::Heuristic;
use crate::play::page::{Action, Choice};
use crate::solver::Algorithm;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The sizes offered, width × height.
pub const SIZES: [(usize, usize); 16] = [
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

/// Every method in the picker: label, algorithm, heuristic.
const METHODS: [(&str, Algorithm, Option<Heuristic>); 16] = [
    ("Fastest for this size", Algorithm::Auto, None),
    (
        "A* + Manhattan",
        Algorithm::AStar,
        Some(Heuristic::Manhattan),
    ),
    (
        "A* + linear conflict",
        Algorithm::AStar,
        Some(Heuristic::LinearConflict),
    ),
    ("A* + Hamming", Algorithm::AStar, Some(Heuristic::Hamming)),
    (
        "IDA* + pattern DBs",
        Algorithm::IdaStar,
        Some(Heuristic::Pdb),
    ),
    (
        "IDA* + linear conflict",
        Algorithm::IdaStar,
        Some(Heuristic::LinearConflict),
    ),
    (
        "IDA* + Manhattan",
        Algorithm::IdaStar,
        Some(Heuristic::Manhattan),
    ),
    (
        "Weighted A* + linear conflict",
        Algorithm::Weighted,
        Some(Heuristic::LinearConflict),
    ),
    (
        "Greedy + linear conflict",
        Algorithm::Greedy,
        Some(Heuristic::LinearConflict),
    ),
    (
        "Greedy + Manhattan",
        Algorithm::Greedy,
        Some(Heuristic::Manhattan),
    ),
    (
        "Greedy + Hamming",
        Algorithm::Greedy,
        Some(Heuristic::Hamming),
    ),
    ("Breadth-first search", Algorithm::Bfs, None),
    ("Depth-first search", Algorithm::Dfs, None),
    ("Rows and columns", Algorithm::Reduction, None),
    ("Line by line search", Algorithm::Fringe, None),
    (
        "Anytime + pattern DBs",
        Algorithm::Anytime,
        Some(Heuristic::Pdb),
    ),
];

fn method_value(algorithm: Algorithm, heuristic: Option<Heuristic>) -> String {
    format!(
        "{}:{}",
        algorithm.name(),
        heuristic.map_or("none", Heuristic::name)
    )
}

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub size: (usize, usize),
    pub mostly_misplaced: bool,
    pub method: Choice,
    pub searching: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub solved: bool,
    /// Today's daily puzzle is on the board.
    #[prop_or_default]
    pub daily: bool,
    /// Embedded: the essential buttons only.
    #[prop_or_default]
    pub compact: bool,
    pub on: Callback<Action>,
}

#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let on = &props.on;
    let click = |action: Action| on.reform(move |_: MouseEvent| action.clone());
    html! {
        <div class="controls">
            <div class="row buttons">
                <button class="primary" onclick={click(Action::Shuffle)}>{ "Shuffle" }</button>
                <button onclick={click(Action::Undo)} disabled={!props.can_undo}>{ "Undo" }</button>
                if !props.compact {
                    <button onclick={click(Action::Redo)} disabled={!props.can_redo}>{ "Redo" }</button>
                }
                <button onclick={click(Action::Hint)} disabled={props.solved || props.searching}>{ "Hint" }</button>
                if !props.compact {
                    <button onclick={click(Action::Daily)} aria-pressed={props.daily.to_string()}
                        title="Today's board, the same for every player">{ "Daily" }</button>
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

/// Size, shuffle kind, and method, with Solve beside the method.
fn pickers(props: &ControlsProps) -> Html {
    let on_size = props.on.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        let mut parts = value.split('x').map(|p| p.parse::<usize>().ok());
        match (parts.next(), parts.next()) {
            (Some(Some(w)), Some(Some(h))) => Action::Size(w, h),
            _ => Action::Shuffle,
        }
    });
    let on_method = props.on.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        let (algorithm, heuristic) = METHODS
            .iter()
            .find(|(_, a, h)| method_value(*a, *h) == value)
            .map_or((Algorithm::Auto, None), |(_, a, h)| (*a, *h));
        Action::Method(Choice {
            algorithm,
            heuristic,
        })
    });
    let on_mostly = props.on.reform(|e: Event| {
        Action::MostlyMisplaced(e.target_unchecked_into::<HtmlInputElement>().checked())
    });
    let (w, h) = props.size;
    let current = format!("{w}x{h}");
    let mut sizes: Vec<(usize, usize)> = SIZES.to_vec();
    if !SIZES.contains(&props.size) {
        sizes.insert(0, props.size);
    }
    let chosen = method_value(props.method.algorithm, props.method.heuristic);
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
                <label class="check">
                    <input type="checkbox" checked={props.mostly_misplaced} onchange={on_mostly} />
                    { "Most tiles out of place" }
                </label>
            </div>
            <div class="row">
                <span class="field">
                    <label for="method">{ "Method" }</label>
                    <select id="method" onchange={on_method}>
                        { for METHODS.iter().map(|(label, a, h)| {
                            let value = method_value(*a, *h);
                            let selected = value == chosen;
                            html! { <option {selected} {value}>{ *label }</option> }
                        }) }
                    </select>
                </span>
                { solve_or_cancel(props) }
            </div>
        </>
    }
}

/// Solve, or Cancel while a search runs.
fn solve_or_cancel(props: &ControlsProps) -> Html {
    if props.searching {
        html! { <button class="cancel" onclick={props.on.reform(|_| Action::Cancel)}>{ "Cancel" }</button> }
    } else {
        html! { <button class="primary solve" onclick={props.on.reform(|_| Action::Solve)} disabled={props.solved}>{ "Solve" }</button> }
    }
}
