//! Learn mode: every search side by side on the board (run in the worker, one after another),
//! a chart of the work each did, a step-through of A* and greedy best-first, and why they differ.

use crate::board::Board;
use crate::heuristics::Heuristic;
use crate::moves::Move;
use crate::search::thousands;
use crate::search::watch::{Watch, WatchStep};
use crate::solver::{Algorithm, Method};
use gloo_timers::callback::Interval;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Learn mode's comparison: the board compared and the rows so far.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct CompareRun {
    pub board: Option<Board>,
    pub rows: Vec<CompareRow>,
    /// Each row's solution, for replaying it.
    pub moves: Vec<Option<Vec<Move>>>,
    pub running: bool,
}

pub enum CompareAction {
    Start(Board),
    Row(CompareRow, Option<Vec<Move>>),
    Stop,
}

impl Reducible for CompareRun {
    type Action = CompareAction;

    fn reduce(self: Rc<Self>, action: CompareAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            CompareAction::Start(board) => {
                next = CompareRun {
                    board: Some(board),
                    running: true,
                    ..CompareRun::default()
                };
            }
            CompareAction::Row(row, moves) => {
                next.rows.push(row);
                next.moves.push(moves);
                let total = next
                    .board
                    .as_ref()
                    .map_or(0, |b| crate::compare::methods(b).len());
                next.running = next.rows.len() < total;
            }
            CompareAction::Stop => next.running = false,
        }
        Rc::new(next)
    }
}

/// One row of the Compare table, as the worker reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    pub method: Method,
    /// `None` when the budget (or DFS's depth limit) ran out.
    pub length: Option<usize>,
    pub optimal: bool,
    pub expanded: u64,
    pub peak_memory: u64,
    pub millis: f64,
    /// Why there is no solution, when there is none.
    pub note: Option<String>,
}

#[derive(Properties, PartialEq)]
pub struct LearnProps {
    pub board: Board,
    pub goal: Board,
    /// Rows so far, in the order of the comparison; `running` while more are coming.
    pub rows: Vec<CompareRow>,
    pub total_rows: usize,
    pub running: bool,
    pub on_compare: Callback<()>,
    /// Replay the solution of row `i` on the board.
    pub on_replay: Callback<usize>,
}

/// A method's name for people: "A* + Manhattan".
pub fn method_label(m: Method) -> String {
    let a = match m.algorithm {
        Algorithm::AStar => "A*",
        Algorithm::IdaStar => "IDA*",
        Algorithm::Bfs => "Breadth-first",
        Algorithm::Dfs => "Depth-first (limited)",
        Algorithm::Greedy => "Greedy",
        Algorithm::Weighted => "Weighted A* (w = 2)",
        Algorithm::Reduction => "Rows and columns",
        Algorithm::Anytime => "Anytime weighted IDA*",
        Algorithm::Auto => "Auto",
    };
    match m.heuristic {
        Some(Heuristic::Hamming) => format!("{a} + Hamming"),
        Some(Heuristic::Manhattan) => format!("{a} + Manhattan"),
        Some(Heuristic::LinearConflict) => format!("{a} + linear conflict"),
        Some(Heuristic::Pdb) => format!("{a} + pattern databases"),
        None => a.to_string(),
    }
}

#[component]
pub fn Learn(props: &LearnProps) -> Html {
    html! {
        <details class="panel learn">
            <summary>{ "Learn: how the searches differ" }</summary>
            <div class="row">
                <button class="primary" onclick={props.on_compare.reform(|_: MouseEvent| ())} disabled={props.running}>{ "Compare" }</button>
                <span class="note">{ format!(
                    "Runs every search on this board in the worker, each with a budget of {} nodes ({} for IDA*, which keeps only its path).",
                    thousands(crate::compare::COMPARE_MAX_NODES),
                    thousands(crate::compare::COMPARE_IDA_MAX_NODES)
                ) }</span>
            </div>
            if !props.rows.is_empty() || props.running {
                <CompareTable rows={props.rows.clone()} total={props.total_rows} running={props.running} on_replay={props.on_replay.clone()} />
                <div class="table-wrap"><Chart rows={props.rows.clone()} /></div>
            }
            <StepThrough board={props.board.clone()} goal={props.goal.clone()} />
            <Explain />
        </details>
    }
}

#[derive(Properties, PartialEq)]
struct TableProps {
    rows: Vec<CompareRow>,
    total: usize,
    running: bool,
    on_replay: Callback<usize>,
}

#[component]
fn CompareTable(props: &TableProps) -> Html {
    html! {
        <div class="table-wrap">
            <table class="compare" data-testid="compare">
                <thead><tr>
                    <th scope="col">{ "Method" }</th><th scope="col">{ "Moves" }</th><th scope="col">{ "Optimal" }</th>
                    <th scope="col">{ "Nodes expanded" }</th><th scope="col">{ "Peak memory" }</th><th scope="col">{ "Time" }</th><th></th>
                </tr></thead>
                <tbody>
                    { for props.rows.iter().enumerate().map(|(i, r)| {
                        let length = r.length.map_or(String::new(), |l| l.to_string());
                        html! {
                            <tr data-algorithm={r.method.algorithm.name()} data-heuristic={r.method.heuristic_name()}
                                data-length={length.clone()} data-optimal={r.optimal.to_string()} data-expanded={r.expanded.to_string()}>
                                <th scope="row">{ method_label(r.method) }</th>
                                <td>{ match (&r.length, &r.note) {
                                    (Some(l), _) => l.to_string(),
                                    (None, Some(note)) => note.clone(),
                                    (None, None) => "none".into(),
                                } }</td>
                                <td>{ if r.optimal { "yes" } else { "no" } }</td>
                                <td class="num">{ thousands(r.expanded) }</td>
                                <td class="num">{ thousands(r.peak_memory) }</td>
                                <td class="num">{ format!("{:.1} ms", r.millis) }</td>
                                <td>if r.length.is_some() {
                                    <button class="small" aria-label={format!("Replay {}", method_label(r.method))}
                                        onclick={props.on_replay.reform(move |_: MouseEvent| i)}>{ "Replay" }</button>
                                }</td>
                            </tr>
                        }
                    }) }
                    if props.running {
                        <tr class="pending"><td colspan="7">{ format!("Running {} of {}…", props.rows.len() + 1, props.total) }</td></tr>
                    }
                </tbody>
            </table>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ChartProps {
    rows: Vec<CompareRow>,
}

/// Nodes expanded per method, as bars on a log scale (drawn by the app, no library).
#[component]
fn Chart(props: &ChartProps) -> Html {
    let rows = &props.rows;
    if rows.is_empty() {
        return html! {};
    }
    let (label_w, bar_w, row_h) = (190.0, 300.0, 18.0);
    let max = rows.iter().map(|r| r.expanded.max(1)).max().unwrap_or(1) as f64;
    let decades = max.log10().ceil().max(1.0);
    let scale = |n: u64| (n.max(1) as f64).log10() / decades * bar_w;
    let height = row_h * rows.len() as f64 + 24.0;
    html! {
        <svg class="chart" role="img" aria-label="Nodes expanded per method, on a log scale"
            viewBox={format!("0 0 {} {height}", label_w + bar_w + 70.0)}>
            { for (0..=decades as u32).map(|d| {
                let x = label_w + d as f64 / decades * bar_w;
                html! { <>
                    <line x1={x.to_string()} x2={x.to_string()} y1="0" y2={(height - 16.0).to_string()} class="grid" />
                    <text x={x.to_string()} y={(height - 4.0).to_string()} class="tick">{ format!("10{}", superscript(d)) }</text>
                </> }
            }) }
            { for rows.iter().enumerate().map(|(i, r)| {
                let y = i as f64 * row_h;
                let w = scale(r.expanded).max(1.0);
                let class = if r.length.is_none() { "bar over" } else if r.optimal { "bar optimal" } else { "bar" };
                html! { <>
                    <text x={(label_w - 6.0).to_string()} y={(y + 12.0).to_string()} class="label">{ method_label(r.method) }</text>
                    <rect x={label_w.to_string()} y={(y + 3.0).to_string()} width={w.to_string()} height={(row_h - 6.0).to_string()} class={class} />
                    <text x={(label_w + w + 4.0).to_string()} y={(y + 12.0).to_string()} class="value">{ thousands(r.expanded) }</text>
                </> }
            }) }
        </svg>
    }
}

fn superscript(d: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    d.to_string()
        .chars()
        .map(|c| DIGITS[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

#[derive(Properties, PartialEq)]
struct StepProps {
    board: Board,
    goal: Board,
}

/// A* or greedy best-first, one expansion at a time, on the main thread (a step of a 3×3 search
/// takes microseconds).
#[component]
fn StepThrough(props: &StepProps) -> Html {
    let watch: Rc<RefCell<Option<Watch>>> = use_mut_ref(|| None);
    let steps = use_state(Vec::<WatchStep>::new);
    let greedy = use_state(|| false);
    let running = use_state(|| false);
    let problem = use_state(|| None::<String>);

    // A new board (or goal) starts a new step-through.
    {
        let (watch, steps, running) = (watch.clone(), steps.clone(), running.clone());
        use_effect_with((props.board.clone(), props.goal.clone()), move |_| {
            *watch.borrow_mut() = None;
            steps.set(Vec::new());
            running.set(false);
        });
    }
    let start = {
        let (watch, steps, greedy_state, problem) = (
            watch.clone(),
            steps.clone(),
            greedy.clone(),
            problem.clone(),
        );
        let (board, goal) = (props.board.clone(), props.goal.clone());
        Callback::from(move |greedy: bool| {
            match Watch::new(&board, &goal, Heuristic::Manhattan, greedy) {
                Ok(w) => {
                    *watch.borrow_mut() = Some(w);
                    problem.set(None);
                }
                Err(e) => problem.set(Some(format!("Cannot watch: {e}."))),
            }
            greedy_state.set(greedy);
            steps.set(Vec::new());
        })
    };
    let advance = {
        let (watch, steps, running) = (watch.clone(), steps.clone(), running.clone());
        Callback::from(move |_: ()| {
            let step = watch.borrow_mut().as_mut().and_then(Watch::step);
            match step {
                Some(step) => {
                    let mut all = (*steps).clone();
                    all.push(step);
                    steps.set(all);
                }
                None => running.set(false),
            }
        })
    };
    {
        let advance = advance.clone();
        use_effect_with(*running, move |&on| {
            let timer = on.then(|| Interval::new(250, move || advance.emit(())));
            move || drop(timer)
        });
    }
    let has_watch = watch.borrow().is_some();
    let finished = steps.last().is_some_and(|s| s.solution.is_some());
    let kind = if *greedy {
        "greedy best-first (f = h)"
    } else {
        "A* (f = g + h)"
    };

    html! {
        <section class="step-through" aria-label="Step-through">
            <h3>{ "Watch a search" }</h3>
            <div class="row">
                <button onclick={start.reform(|_: MouseEvent| false)}>{ "Watch A*" }</button>
                <button onclick={start.reform(|_: MouseEvent| true)}>{ "Watch greedy" }</button>
                <button onclick={advance.reform(|_: MouseEvent| ())} disabled={!has_watch || finished}>{ "Step" }</button>
                <button onclick={{ let running = running.clone(); Callback::from(move |_: MouseEvent| running.set(!*running)) }}
                    disabled={!has_watch || finished}>{ if *running { "Stop" } else { "Run" } }</button>
            </div>
            if let Some(p) = (*problem).clone() {
                <p class="error" role="alert">{ p }</p>
            }
            <div data-testid="astar-steps" class="steps">
                if has_watch {
                    <p class="note">{ format!("{kind} with Manhattan distance: {} expanded", steps.len()) }</p>
                }
                if let Some(last) = steps.last() {
                    <div class="current">
                        <MiniBoard board={last.expanded.board.clone()} />
                        <p>
                            { format!("Expanding g = {}, h = {}, f = {}. ", last.expanded.g, last.expanded.h, last.expanded.f) }
                            { format!("Open list: {} entries; {} expanded.", last.open, last.closed) }
                            if let Some(moves) = &last.solution {
                                <strong>{ format!(" The goal: {} moves.", moves.len()) }</strong>
                            }
                        </p>
                    </div>
                    if !last.next.is_empty() {
                        <p class="note">{ "Next in line:" }</p>
                        <div class="next">
                            { for last.next.iter().map(|n| html! {
                                <figure>
                                    <MiniBoard board={n.board.clone()} />
                                    <figcaption>{ format!("g {} · h {} · f {}", n.g, n.h, n.f) }</figcaption>
                                </figure>
                            }) }
                        </div>
                    }
                }
                <ol class="log">
                    { for steps.iter().enumerate().rev().take(12).map(|(i, s)| html! {
                        <li value={(i + 1).to_string()} data-g={s.expanded.g.to_string()} data-h={s.expanded.h.to_string()} data-f={s.expanded.f.to_string()}>
                            { format!("{}  g={} h={} f={}", s.expanded.board, s.expanded.g, s.expanded.h, s.expanded.f) }
                        </li>
                    }) }
                </ol>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct MiniProps {
    board: Board,
}

#[component]
fn MiniBoard(props: &MiniProps) -> Html {
    let w = props.board.width();
    html! {
        <div class="mini" style={format!("grid-template-columns: repeat({w}, 1fr)")} aria-label={props.board.to_string()}>
            { for props.board.tiles().iter().map(|&t| html! {
                <span class={classes!((t == 0).then_some("blank"))}>{ if t == 0 { String::new() } else { t.to_string() } }</span>
            }) }
        </div>
    }
}

#[component]
fn Explain() -> Html {
    html! {
        <div class="explain">
            <h3>{ "Why A* with a good estimate wins" }</h3>
            <p><strong>{ "f = g + h. " }</strong>{ "A* always expands the board with the smallest f: g moves made so far plus h, an estimate of the moves still needed. If h never overestimates, the first time the goal comes out of the open list its path is shortest." }</p>
            <p><strong>{ "Hamming" }</strong>{ " counts the tiles out of place: each must move at least once, so it never overestimates, but it says little. " }
               <strong>{ "Manhattan" }</strong>{ " adds up how many rows and columns each tile is from its goal square: a move carries one tile one square, so it never overestimates either, and it is much closer to the truth. " }
               <strong>{ "Linear conflict" }</strong>{ " adds two moves for each tile that must step out of its row or column to let another past." }</p>
            <p><strong>{ "Greedy best-first" }</strong>{ " looks only at h and ignores the path so far. It reaches a goal after very few expansions, but by long detours: on the board of the original tutorial it found a 324-move solution where A* found the 21-move one. Breadth-first search finds the shortest path with no estimate at all, by visiting nearly every board closer than the goal; depth-first search dives down one path and returns the first solution it meets, rarely a short one." }</p>
            <p><strong>{ "Why the 15-puzzle is harder." }</strong>{ " The 8-puzzle has 181,440 reachable boards, so even breadth-first search finishes. The 15-puzzle has more than ten trillion: A* with Manhattan distance runs out of memory on hard boards. IDA* keeps only the current path, and pattern databases (exact distances for groups of tiles, precomputed) give estimates strong enough to solve any 15-puzzle in well under a second: this page uses three of them (6, 6 and 3 tiles), built once in the worker and read twice per board, for the board and its mirror image." }</p>
        </div>
    }
}
