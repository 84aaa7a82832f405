//! The solution and its replay: what was found and at what cost, Play/Pause, single steps, a
//! speed control, a scrubber, and the move list with the current move marked.

use crate::heuristics::Heuristic;
use crate::moves::Move;
use crate::search::{Stats, thousands};
use crate::solver::Algorithm;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Where the moves being replayed came from.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveSummary {
    /// A search of this page, and what it cost.
    Search {
        optimal: bool,
        algorithm: Algorithm,
        heuristic: Option<Heuristic>,
        stats: Stats,
        /// From the click to the answer, on the page's clock.
        wall_ms: f64,
        /// Pattern databases this search loaded or built first.
        tables: Option<crate::web::worker::Tables>,
        /// Proven at most this many times the shortest, where the method proves a bound.
        within: Option<f64>,
        /// An anytime search's answer so far: it is still looking for a shorter one.
        improving: bool,
    },
    /// A link's `moves`: nobody here checked they are shortest.
    Link,
}

impl SolveSummary {
    /// The summary of a worker's answer, `wall_ms` after the click; `improving` while the search
    /// goes on.
    pub fn of(answer: crate::web::worker::Answer, wall_ms: f64, improving: bool) -> SolveSummary {
        SolveSummary::Search {
            optimal: answer.optimal,
            algorithm: answer.algorithm,
            heuristic: answer.heuristic,
            stats: answer.stats,
            wall_ms,
            tables: answer.tables,
            within: answer.within,
            improving,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct ReplayProps {
    pub summary: SolveSummary,
    pub moves: Vec<Move>,
    pub step: usize,
    pub playing: bool,
    pub speed: u32,
    pub on_play: Callback<()>,
    pub on_speed: Callback<u32>,
    /// `true` one step forward, `false` one back.
    pub on_step: Callback<bool>,
    pub on_seek: Callback<usize>,
    /// Embedded: buttons only, no sliders or move list.
    #[prop_or_default]
    pub compact: bool,
}

fn method_name(algorithm: Algorithm, heuristic: Option<Heuristic>) -> String {
    let a = match algorithm {
        Algorithm::AStar => "A*",
        Algorithm::IdaStar => "IDA*",
        Algorithm::Bfs => "breadth-first search",
        Algorithm::Dfs => "depth-first search",
        Algorithm::Greedy => "greedy best-first",
        Algorithm::Weighted => "weighted A*",
        Algorithm::Reduction => "rows and columns, then shortened",
        Algorithm::Anytime => "anytime weighted IDA*",
        Algorithm::Auto => "auto",
    };
    match heuristic {
        Some(Heuristic::Manhattan) => format!("{a} + Manhattan"),
        Some(Heuristic::LinearConflict) => format!("{a} + linear conflict"),
        Some(Heuristic::Hamming) => format!("{a} + Hamming"),
        Some(Heuristic::Pdb) => format!("{a} + pattern databases"),
        None => a.to_string(),
    }
}

#[component]
pub fn ReplayPanel(props: &ReplayProps) -> Html {
    let n = props.moves.len();
    let letters: String = props.moves.iter().map(|m| m.letter()).collect();
    let on_seek = {
        let cb = props.on_seek.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(v) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse::<usize>()
            {
                cb.emit(v);
            }
        })
    };
    let on_speed = {
        let cb = props.on_speed.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(v) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .parse::<u32>()
            {
                cb.emit(v);
            }
        })
    };
    let back = props.on_step.reform(|_: MouseEvent| false);
    let forward = props.on_step.reform(|_: MouseEvent| true);
    let play = props.on_play.reform(|_: MouseEvent| ());
    let (optimal, headline, cost, wall) = match &props.summary {
        SolveSummary::Search {
            optimal,
            algorithm,
            heuristic,
            stats,
            wall_ms,
            tables,
            within,
            improving,
        } => (
            *optimal,
            format!(", {}", crate::solver::promise(*optimal, *within))
                + if *improving {
                    "; looking for shorter…"
                } else {
                    ""
                },
            format!(
                "{} · {} nodes · {:.1} ms searching, {:.0} ms in all{}",
                method_name(*algorithm, *heuristic),
                thousands(stats.expanded),
                stats.millis,
                wall_ms,
                match tables {
                    Some(t) if t.cached => format!(
                        " (pattern databases read from this browser's cache in {:.0} ms)",
                        t.millis
                    ),
                    Some(t) => format!(
                        " (pattern databases built in {:.1} s, once: kept for next time)",
                        t.millis / 1000.0
                    ),
                    None => String::new(),
                }
            ),
            Some(format!("{wall_ms:.1}")),
        ),
        SolveSummary::Link => (false, ", from the link".to_string(), String::new(), None),
    };

    let improving = matches!(
        props.summary,
        SolveSummary::Search {
            improving: true,
            ..
        }
    );
    html! {
        <section class="solution" data-testid="solution" aria-label="Solution"
            data-moves={letters} data-length={n.to_string()} data-optimal={optimal.to_string()}
            data-step={props.step.to_string()} data-wall-ms={wall}
            data-improving={improving.to_string()}>
            <p class="summary">
                <strong>{ format!("{n} moves") }</strong>{ headline }
                if !props.compact && !cost.is_empty() {
                    <span class="cost">{ cost }</span>
                }
            </p>
            <div class="replay-buttons">
                <button aria-label="Step back" onclick={back} disabled={props.step == 0}>{ "◀" }</button>
                <button class="primary play" onclick={play}>{ if props.playing { "Pause" } else { "Play" } }</button>
                <button aria-label="Step forward" onclick={forward} disabled={props.step >= n}>{ "▶" }</button>
                <span class="step">{ format!("{} / {n}", props.step) }</span>
            </div>
            if !props.compact {
            <div class="field slider">
                <label for="position">{ "Position" }</label>
                <input id="position" type="range" min="0" max={n.to_string()} value={props.step.to_string()} oninput={on_seek} />
            </div>
            <div class="field slider">
                <label for="speed">{ "Speed" }</label>
                <input id="speed" type="range" min="1" max="30" value={props.speed.to_string()} oninput={on_speed} />
                <span class="speed">{ format!("{} moves/s", props.speed) }</span>
            </div>
            <ol class="move-list" aria-label="Moves">
                { for props.moves.iter().enumerate().map(|(i, m)| {
                    let class = classes!(
                        (i < props.step).then_some("done"),
                        (i == props.step).then_some("current")
                    );
                    let current = (i == props.step).then_some("step");
                    html! { <li {class} aria-current={current}>{ m.letter() }</li> }
                }) }
            </ol>
            }
        </section>
    }
}
