//! The benchmark in the browser: Korf's 100 random 15-puzzles (or his 50 24-puzzles), solved one
//! after another in the worker exactly as Solve solves a board, with the figures `slide bench`
//! prints natively. It has its own bridge, so it never disturbs the game on the page.

use crate::bench::{Timing, parse_instances, summarize};
use crate::search::thousands;
use crate::solver::Algorithm;
use crate::web::worker::{Answer, Purpose, SolverInput, SolverOutput, SolverReactor, Tables};
use yew::prelude::*;
use yew_agent::reactor::{ReactorEvent, use_reactor_bridge};

/// A set of benchmark instances.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Set {
    name: &'static str,
    text: &'static str,
    goal: &'static str,
    about: &'static str,
}

const SETS: [Set; 2] = [
    Set {
        name: "Korf's 100 fifteen-puzzles",
        text: include_str!("../../../benches/korf100.txt"),
        goal: "blank-last",
        about: "The 100 random 15-puzzles of Korf's 1985 paper, solved optimally by IDA* with pattern databases and checked against their published shortest lengths.",
    },
    Set {
        name: "Korf's 50 24-puzzles",
        text: include_str!("../../../benches/korf50-24puzzle-blank-first.txt"),
        goal: "blank-first",
        about: "The 50 random 24-puzzles of Korf and Felner (2002), far beyond optimal search in a tab: the anytime search's final answers, compared with the published shortest lengths.",
    },
];

#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: u32,
    expected: u32,
    length: Option<u32>,
    expanded: u64,
    generated: u64,
    millis: f64,
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Run {
    running: bool,
    rows: Vec<Row>,
    tables: Option<Tables>,
    problem: Option<String>,
}

enum Change {
    /// Another set was chosen: the rows are of the old one.
    Clear,
    Start,
    Stop,
    Row(Row, Option<Tables>),
    Failed(String),
}

impl Reducible for Run {
    type Action = Change;
    fn reduce(self: std::rc::Rc<Self>, action: Change) -> std::rc::Rc<Self> {
        let mut run = (*self).clone();
        match action {
            Change::Start => {
                run = Run {
                    running: true,
                    ..Run::default()
                }
            }
            Change::Stop => run.running = false,
            Change::Clear => run = Run::default(),
            Change::Row(row, tables) => {
                run.tables = run.tables.or(tables);
                run.rows.push(row);
            }
            Change::Failed(message) => {
                run.running = false;
                run.problem = Some(message);
            }
        }
        run.into()
    }
}

#[component]
pub fn BenchPanel() -> Html {
    let run = use_reducer(Run::default);
    let chosen = use_state(|| 0usize);
    let set = SETS[(*chosen).min(SETS.len() - 1)];
    let list = use_memo(*chosen, |&i| {
        parse_instances(SETS[i.min(SETS.len() - 1)].text).unwrap_or_default()
    });
    let bridge = {
        let dispatch = run.dispatcher();
        let list = list.clone();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            let ReactorEvent::Output(output) = event else {
                return;
            };
            match output {
                SolverOutput::Solved {
                    id,
                    purpose: Purpose::Bench,
                    answer:
                        Answer {
                            moves,
                            stats,
                            tables,
                            ..
                        },
                } => {
                    let expected = list.get(id as usize).map_or(0, |i| i.expected);
                    let length = crate::notation::parse_moves(&moves)
                        .ok()
                        .map(|m| m.len() as u32);
                    dispatch.dispatch(Change::Row(
                        Row {
                            id: id + 1,
                            expected,
                            length,
                            expanded: stats.expanded,
                            generated: stats.generated,
                            millis: stats.millis,
                        },
                        tables,
                    ));
                }
                SolverOutput::Failed {
                    purpose: Purpose::Bench,
                    message,
                    ..
                } => dispatch.dispatch(Change::Failed(message)),
                _ => {}
            }
        })
    };
    // One instance at a time: when a row is in, ask for the next.
    {
        let bridge = bridge.clone();
        let list = list.clone();
        let state = (*run).clone();
        let dispatch = run.dispatcher();
        use_effect_with((run.rows.len(), run.running), move |_| {
            if !state.running {
                return;
            }
            match list.get(state.rows.len()) {
                Some(inst) => bridge.send(SolverInput::Solve {
                    id: state.rows.len() as u32,
                    purpose: Purpose::Bench,
                    board: inst.board.to_string(),
                    goal: set.goal.into(),
                    algorithm: Algorithm::Auto,
                    heuristic: None,
                    max_nodes: None,
                }),
                None => dispatch.dispatch(Change::Stop),
            }
        });
    }
    let on_run = {
        let run = run.clone();
        let bridge = bridge.clone();
        Callback::from(move |_: MouseEvent| {
            if run.running {
                bridge.send(SolverInput::Cancel {
                    id: run.rows.len() as u32,
                });
                run.dispatch(Change::Stop);
            } else {
                run.dispatch(Change::Start);
            }
        })
    };

    let timings: Vec<Timing> = run
        .rows
        .iter()
        .map(|r| Timing::new(r.expected, r.length, r.millis, r.expanded, r.generated))
        .collect();
    let sum = summarize(&timings);
    let done = !run.running && run.rows.len() == list.len();
    let tables_text = match run.tables {
        Some(t) if t.cached => format!(
            "Pattern databases read from this browser's cache in {:.0} ms.",
            t.millis
        ),
        Some(t) => format!("Pattern databases built in {:.0} ms.", t.millis),
        None if run.rows.is_empty() => String::new(),
        None => "Pattern databases were already in memory.".into(),
    };
    let lengths_text = if sum.all_expected || sum.solved == 0 {
        String::new()
    } else {
        format!(
            " Lengths {:.3}× the published on average, {:.3}× at most.",
            sum.mean_ratio, sum.max_ratio
        )
    };
    let on_set = {
        let chosen = chosen.clone();
        let run = run.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(i) = value.parse::<usize>()
                && !run.running
            {
                chosen.set(i);
                run.dispatch(Change::Clear);
            }
        })
    };
    html! {
        <details class="panel bench">
            <summary>{ "Benchmark: Korf's puzzles" }</summary>
            <p>{ set.about }{ " One after another in this tab's worker; the times are the worker's search time, as `slide bench` measures natively." }</p>
            <div class="field">
                <label for="bench-set">{ "Instances" }</label>
                <select id="bench-set" onchange={on_set} disabled={run.running}>
                    { for SETS.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == *chosen}>{ s.name }</option>
                    }) }
                </select>
            </div>
            <button class="primary" onclick={on_run}>
                { if run.running { "Stop benchmark" } else { "Run benchmark" } }
            </button>
            if let Some(problem) = &run.problem {
                <p role="alert">{ problem.clone() }</p>
            }
            if !run.rows.is_empty() {
                <p data-testid="bench-summary"
                    data-done={done.to_string()}
                    data-count={sum.count.to_string()}
                    data-all-optimal={sum.all_expected.to_string()}
                    data-mean-ratio={format!("{:.3}", sum.mean_ratio)}
                    data-max-ratio={format!("{:.3}", sum.max_ratio)}
                    data-total-ms={format!("{:.1}", sum.total_millis)}
                    data-median-ms={format!("{:.2}", sum.median_millis)}
                    data-max-ms={format!("{:.1}", sum.max_millis)}
                    data-expanded={sum.expanded.to_string()}
                    data-tables-ms={run.tables.map(|t| format!("{:.0}", t.millis))}
                    data-tables-cached={run.tables.map(|t| t.cached.to_string())}>
                    { format!(
                        "{} of {} solved{}, all at the published length: {}.{lengths_text} Total {:.0} ms, median {:.1} ms, slowest {:.0} ms; {} nodes. {tables_text}",
                        sum.solved,
                        list.len(),
                        if run.running { " so far" } else { "" },
                        if sum.all_expected { "yes" } else { "no" },
                        sum.total_millis,
                        sum.median_millis,
                        sum.max_millis,
                        thousands(sum.expanded),
                    ) }
                </p>
                <div class="table-wrap bench-rows">
                <table class="compare" data-testid="bench">
                    <thead><tr>
                        <th>{ "#" }</th><th>{ "Published" }</th><th>{ "Found" }</th>
                        <th>{ "Expanded" }</th><th>{ "ms" }</th>
                    </tr></thead>
                    <tbody>
                    { for run.rows.iter().map(|r| html! {
                        <tr data-id={r.id.to_string()} data-expected={r.expected.to_string()}
                            data-length={r.length.map(|l| l.to_string())}
                            data-expanded={r.expanded.to_string()}
                            data-millis={format!("{:.2}", r.millis)}>
                            <td>{ r.id }</td>
                            <td>{ r.expected }</td>
                            <td>{ r.length.map_or("–".into(), |l| l.to_string()) }</td>
                            <td>{ thousands(r.expanded) }</td>
                            <td>{ format!("{:.1}", r.millis) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                </div>
            }
        </details>
    }
}
