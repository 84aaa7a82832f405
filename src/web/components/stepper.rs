//! Learn mode's stepper: one of the searches a step at a time (Step, Back a step, Run and Stop
//! at a pace the viewer picks), with the board taken and the last steps (`astar-steps`), the
//! search's pseudocode with the line the step ended on, one sentence a step, and the tree with
//! its open and closed lists ([`super::search_tree`]). What it shows is the model's
//! ([`Stepping`]); this only renders it.

use super::search_tree::{SearchTreeProps, TreeView, search_tree};
use super::{changed, click};
use crate::heuristics::Heuristic;
use crate::play::learn::stepping::{ESTIMATES, PACES, Stepping, WATCHED, uses_estimate};
use crate::play::page::{Action, LearnAction};
use crate::play::worker::protocol::Lesson;
use crate::puzzle::board::Board;
use crate::search::watch::unpack;
use crate::solver::{Algorithm, Method};
use yew::prelude::*;

pub struct StepperProps<'a> {
    pub stepping: &'a Stepping,
    /// The snippet that embeds the step shown, once asked for.
    pub snippet: Option<&'a str>,
    /// The tree's drawing and lists, kept by the learn part.
    pub tree: &'a TreeView,
    pub on: Callback<Action>,
}

/// What the stepper's tree is drawn from, once a step is shown.
pub fn tree_props(s: &Stepping) -> Option<SearchTreeProps> {
    let (algorithm, position, lesson) = (s.algorithm()?, s.position()?, s.lesson()?);
    Some(SearchTreeProps {
        lesson: lesson.clone(),
        width: position.width(),
        height: position.height(),
        estimates: uses_estimate(algorithm),
        walks: matches!(algorithm, Algorithm::IdaStar | Algorithm::Dfs),
        fold: s.fold(),
    })
}

pub fn stepper(props: &StepperProps) -> Html {
    let (s, on) = (props.stepping, &props.on);
    let learn = |action: LearnAction| click(on, Action::Learn(action));
    let estimate = changed(on, |v| {
        let h = Heuristic::from_name(&v).unwrap_or(Heuristic::Manhattan);
        Action::Learn(LearnAction::Estimate(h))
    });
    html! {
        <section class="stepper-panel" aria-label="Watch a search step by step">
            <h2>{ "Watch a search, step by step" }</h2>
            <div class="row">
                { for WATCHED.iter().map(|&a| html! {
                    <button onclick={learn(LearnAction::Watch(a))}>{ watch_label(a) }</button>
                }) }
                <span class="field">
                    <label for="estimate">{ "Estimate" }</label>
                    <select id="estimate" onchange={estimate}>
                        { for ESTIMATES.iter().map(|&h| html! {
                            <option value={h.name()} selected={h == s.heuristic()}>{ estimate_label(h) }</option>
                        }) }
                    </select>
                </span>
            </div>
            if let Some(problem) = s.problem() {
                <p class="error" role="alert">{ problem.to_string() }</p>
            }
            { opened(props) }
        </section>
    }
}

/// The stepper on its search, once one is open.
fn opened(props: &StepperProps) -> Html {
    let (s, on) = (props.stepping, &props.on);
    let (Some(algorithm), Some(position)) = (s.algorithm(), s.position()) else {
        return html! {};
    };
    let learn = |action: LearnAction| click(on, Action::Learn(action));
    let lesson = s.lesson();
    let step = lesson.map_or(0, |l| l.snapshot.step);
    let bound = lesson
        .and_then(|l| l.snapshot.bound)
        .filter(|_| algorithm == Algorithm::IdaStar);
    let pace = changed(on, |v| {
        Action::Learn(LearnAction::Pace(v.parse().unwrap_or(1)))
    });
    let heuristic = s.shown_heuristic().filter(|_| uses_estimate(algorithm));
    let title = Method {
        algorithm,
        heuristic,
    }
    .label();
    html! {
        <div data-testid="stepper" class="stepper" data-algorithm={algorithm.name()}
            data-step={step.to_string()} data-bound={bound.map(|b| b.to_string())}
            aria-busy={(lesson.is_none() || s.asked() != Some(step)).to_string()}>
            <h3>{ format!("{title}: step {step}") }
                if let Some(b) = bound { { format!(", bound {b}") } }
            </h3>
            <div class="row">
                <button onclick={learn(LearnAction::Step)} disabled={!s.can_step()}>{ "Step" }</button>
                <button onclick={learn(LearnAction::Back)} disabled={s.asked().unwrap_or(0) == 0}>{ "Back a step" }</button>
                <button onclick={learn(LearnAction::Run(true))} disabled={s.running() || !s.can_step()}>{ "Run" }</button>
                <button onclick={learn(LearnAction::Run(false))} disabled={!s.running()}>{ "Stop" }</button>
                <span class="field">
                    <label for="speed">{ "Speed" }</label>
                    <select id="speed" onchange={pace}>
                        { for PACES.iter().enumerate().map(|(i, p)| html! {
                            <option value={i.to_string()} selected={i == s.pace()}>
                                { if *p == 1 { "1 step a second".to_string() } else { format!("{p} steps a second") } }
                            </option>
                        }) }
                    </select>
                </span>
                <button onclick={learn(LearnAction::EmbedStep)} disabled={lesson.is_none()}>{ "Embed this step" }</button>
            </div>
            if let Some(snippet) = props.snippet {
                <div class="field wide">
                    <label for="lesson-code">{ "Embed code of this step" }</label>
                    <textarea id="lesson-code" readonly=true rows="3" value={snippet.to_string()} />
                </div>
            }
            if let Some(lesson) = lesson {
                <p class="sentence" role="status">{ lesson.sentence.clone() }</p>
                if let Some(note) = s.note() {
                    <p class="note">{ note.to_string() }</p>
                }
                <div class="lesson">
                    { code(lesson) }
                    { last_steps(lesson, position.board()) }
                </div>
                if let Some(tree) = tree_props(s) {
                    { search_tree(props.tree, &tree, on) }
                }
            }
        </div>
    }
}

/// The search's pseudocode, the line the step ended on marked.
fn code(lesson: &Lesson) -> Html {
    html! {
        <ol data-testid="pseudocode" class="pseudocode" aria-label="Pseudocode">
            { for lesson.pseudocode.iter().enumerate().map(|(i, text)| {
                let k = i as u32 + 1;
                html! {
                    <li data-line={k.to_string()} aria-current={(k == lesson.line).then_some("step")}>
                        <code>{ text.clone() }</code>
                    </li>
                }
            }) }
        </ol>
    }
}

/// The board the last step took, and the last steps, newest first (DESIGN.md's `astar-steps`:
/// each step with its `data-g`, `data-h` and `data-f`).
fn last_steps(lesson: &Lesson, start: &Board) -> Html {
    let (w, h) = (start.width(), start.height());
    let s = &lesson.snapshot;
    let taken = s.current.and_then(|c| s.tree.get(c as usize));
    html! {
        <div data-testid="astar-steps" class="steps">
            if let Some(node) = taken {
                { mini_board(&unpack(w, h, node.key)) }
            }
            <ol class="log" tabindex="0" aria-label="The last steps, newest first">
                { for lesson.recent.iter().rev().map(|e| {
                    let numbers = match (e.h, e.f) {
                        (Some(h), Some(f)) => format!("g {} h {h} f {f}", e.g),
                        _ => format!("g {}", e.g),
                    };
                    html! {
                        <li value={e.step.to_string()} data-g={e.g.to_string()}
                            data-h={e.h.map(|h| h.to_string())} data-f={e.f.map(|f| f.to_string())}>
                            { format!("{}  {numbers}", unpack(w, h, e.key)) }
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

fn mini_board(board: &Board) -> Html {
    let w = board.width();
    html! {
        <div class="mini" style={format!("grid-template-columns: repeat({w}, 1fr)")}
            role="img" aria-label={format!("The board taken: {board}")}>
            { for board.tiles().iter().map(|&t| html! {
                <span class={classes!((t == 0).then_some("blank"))}>{ if t == 0 { String::new() } else { t.to_string() } }</span>
            }) }
        </div>
    }
}

/// The button that opens the stepper on `algorithm`.
fn watch_label(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Greedy => "Watch greedy",
        Algorithm::IdaStar => "Watch IDA*",
        Algorithm::Bfs => "Watch breadth-first",
        Algorithm::Dfs => "Watch depth-first",
        _ => "Watch A*",
    }
}

fn estimate_label(heuristic: Heuristic) -> &'static str {
    match heuristic {
        Heuristic::Hamming => "Hamming",
        Heuristic::LinearConflict => "Linear conflict",
        _ => "Manhattan",
    }
}
