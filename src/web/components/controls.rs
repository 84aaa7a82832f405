//! The buttons and pickers: shuffle, size, method, solve or cancel, hint, undo, redo.

use crate::heuristics::Heuristic;
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

/// A search method as the picker offers it.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodChoice {
    pub algorithm: Algorithm,
    pub heuristic: Option<Heuristic>,
}

impl Default for MethodChoice {
    fn default() -> Self {
        MethodChoice {
            algorithm: Algorithm::Auto,
            heuristic: None,
        }
    }
}

/// Every method in the picker: label, algorithm, heuristic.
const METHODS: [(&str, Algorithm, Option<Heuristic>); 15] = [
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
    /// Whether `size` is one of [`SIZES`] (a link may open another).
    pub size_known: bool,
    pub mostly_misplaced: bool,
    pub method: MethodChoice,
    pub searching: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub solved: bool,
    pub on_shuffle: Callback<()>,
    pub on_size: Callback<(usize, usize)>,
    pub on_mostly: Callback<bool>,
    pub on_method: Callback<MethodChoice>,
    pub on_solve: Callback<()>,
    pub on_hint: Callback<()>,
    pub on_cancel: Callback<()>,
    pub on_undo: Callback<()>,
    pub on_redo: Callback<()>,
    /// Embedded: the essential buttons only.
    #[prop_or_default]
    pub compact: bool,
}

#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let on_size = {
        let cb = props.on_size.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut parts = value.split('x').map(|p| p.parse::<usize>().ok());
            if let (Some(Some(w)), Some(Some(h))) = (parts.next(), parts.next()) {
                cb.emit((w, h));
            }
        })
    };
    let on_method = {
        let cb = props.on_method.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some((_, algorithm, heuristic)) = METHODS
                .iter()
                .find(|(_, a, h)| method_value(*a, *h) == value)
            {
                cb.emit(MethodChoice {
                    algorithm: *algorithm,
                    heuristic: *heuristic,
                });
            }
        })
    };
    let on_mostly = {
        let cb = props.on_mostly.clone();
        Callback::from(move |e: Event| {
            cb.emit(e.target_unchecked_into::<HtmlInputElement>().checked())
        })
    };
    let (w, h) = props.size;
    let current = format!("{w}x{h}");
    let mut sizes: Vec<(usize, usize)> = SIZES.to_vec();
    if !props.size_known {
        sizes.insert(0, props.size);
    }
    let chosen = method_value(props.method.algorithm, props.method.heuristic);
    let click = |cb: &Callback<()>| cb.reform(|_: MouseEvent| ());

    html! {
        <div class="controls">
            <div class="row buttons">
                <button class="primary" onclick={click(&props.on_shuffle)}>{ "Shuffle" }</button>
                <button onclick={click(&props.on_undo)} disabled={!props.can_undo}>{ "Undo" }</button>
                if !props.compact {
                    <button onclick={click(&props.on_redo)} disabled={!props.can_redo}>{ "Redo" }</button>
                }
                <button onclick={click(&props.on_hint)} disabled={props.solved || props.searching}>{ "Hint" }</button>
                if props.compact {
                    { solve_or_cancel(props, click) }
                }
            </div>
            if !props.compact {
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
                { solve_or_cancel(props, click) }
            </div>
            }
        </div>
    }
}

/// Solve, or Cancel while a search runs.
fn solve_or_cancel(
    props: &ControlsProps,
    click: impl Fn(&Callback<()>) -> Callback<MouseEvent>,
) -> Html {
    if props.searching {
        html! { <button class="cancel" onclick={click(&props.on_cancel)}>{ "Cancel" }</button> }
    } else {
        html! { <button class="primary solve" onclick={click(&props.on_solve)} disabled={props.solved}>{ "Solve" }</button> }
    }
}
