//! The benchmark in the browser: Korf's instances solved one after another in the worker, with
//! the figures `slide bench` prints natively. The run is the model's ([`BenchRun`]); its
//! workers are its own (the game's page is not open beside it). With several workers (one a
//! core, up to four), each is started when a run first needs it.

use crate::play::bench_run::{BenchAction, BenchRun, SETS, Teamwork};
use crate::play::worker::protocol::TablesFrom;
use crate::puzzle::numbers::{decimals, thousands};
use crate::web::browser::{cores, now_ms};
use crate::web::wire::Channel;
use crate::web::workers::{LOADER, WorkerEvent, Workers};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Least time between two redraws of a running benchmark's table, in milliseconds.
const REDRAW_MS: f64 = 250.0;

#[component]
pub fn BenchPanel() -> Html {
    let run = use_mut_ref(|| {
        let mut run = BenchRun::with_cores(cores());
        run.tune(&crate::web::browser::query());
        run
    });
    // Started once `on` exists: their events are its actions.
    let workers: Rc<RefCell<Option<Workers>>> = use_mut_ref(|| None);
    let redraw = use_force_update();
    let last_redraw = use_mut_ref(|| 0.0);
    let on = reducer(run.clone(), workers.clone(), redraw, last_redraw);
    workers
        .borrow_mut()
        .get_or_insert_with(|| start_workers(on.clone()));
    let run = run.borrow();
    panel(&run, &on)
}

/// The panel's actions: each applied to the run, its messages sent to the workers, and the panel
/// redrawn when what it shows changed.
fn reducer(
    run: Rc<RefCell<BenchRun>>,
    workers: Rc<RefCell<Option<Workers>>>,
    redraw: UseForceUpdateHandle,
    last_redraw: Rc<RefCell<f64>>,
) -> Callback<BenchAction> {
    Callback::from(move |action: BenchAction| {
        // Most messages (progress, a worker's share) change nothing on show, and while a
        // run goes on, new rows are shown at most every REDRAW_MS: redrawing the table takes
        // the page's time (and on two cores, a worker's) from the run it measures.
        let shown = |r: &BenchRun| (r.running, r.problem.is_some(), r.chosen, r.workers);
        let before = shown(&run.borrow());
        let rows = run.borrow().rows.len();
        let stopped = match &action {
            BenchAction::WorkerStopped { worker, .. } => Some(*worker),
            _ => None,
        };
        let messages = run.borrow_mut().reduce(action);
        let now = now_ms();
        let changed = shown(&run.borrow()) != before
            || (run.borrow().rows.len() != rows && now - *last_redraw.borrow() >= REDRAW_MS);
        if let Some(workers) = workers.borrow_mut().as_mut() {
            if let Some(worker) = stopped {
                workers.restart(worker);
            }
            for (worker, message) in messages {
                workers.send(worker, Channel::Game, message);
            }
        }
        if changed {
            *last_redraw.borrow_mut() = now;
            redraw.force_update();
        }
    })
}

/// The run's workers, whose events become the panel's actions.
fn start_workers(on: Callback<BenchAction>) -> Workers {
    // The game's worker loader, one folder up.
    let hear = Callback::from(move |event| {
        if let Some(action) = bench_action(event) {
            on.emit(action);
        }
    });
    Workers::new(&format!("../{LOADER}"), hear)
}

/// The panel: the set and the number of workers to choose, Run or Stop, and the results.
fn panel(run: &BenchRun, on: &Callback<BenchAction>) -> Html {
    let on_set = on.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        BenchAction::Choose(value.parse().unwrap_or(0))
    });
    let on_workers = on.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        BenchAction::Workers(value.parse().unwrap_or(1))
    });
    let mut worker_choices = vec![1];
    if run.cores > 1 {
        worker_choices.push(run.cores);
    }
    html! {
        <details class="panel bench">
            <summary>{ "Benchmark: Korf's puzzles" }</summary>
            <p>{ run.set().about }{ how(run) }</p>
            <div class="field">
                <label for="bench-set">{ "Instances" }</label>
                <select id="bench-set" onchange={on_set} disabled={run.running}>
                    { for SETS.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == run.chosen}>{ s.name }</option>
                    }) }
                </select>
            </div>
            <div class="field">
                <label for="bench-workers">{ "Workers" }</label>
                <select id="bench-workers" onchange={on_workers} disabled={run.running}>
                    { for worker_choices.iter().map(|&n| html! {
                        <option value={n.to_string()} selected={n == run.workers}>{ n.to_string() }</option>
                    }) }
                </select>
            </div>
            <button class="primary" onclick={on.reform(|_| BenchAction::Toggle { at: now_ms() })}>
                { if run.running { "Stop benchmark" } else { "Run benchmark" } }
            </button>
            if let Some(problem) = &run.problem {
                <p role="alert">{ problem.clone() }</p>
            }
            if !run.rows.is_empty() {
                { results(run) }
            }
        </details>
    }
}

/// How the instances are run and timed, in words.
fn how(run: &BenchRun) -> String {
    match run.teamwork() {
        Some(Teamwork::Iterations) => format!(
            " One after another, each shared among {} workers (this machine's cores, up to four); the times are the page's, from the first request to the answer.",
            run.workers
        ),
        Some(Teamwork::Puzzles) => format!(
            " Side by side in {} workers (this machine's cores, up to four), each taking the next puzzle when it is free; the times in the table are each worker's search time, and the set's time is the page's, from the first puzzle handed out to the last answer.",
            run.workers
        ),
        None => " One after another in this tab's worker; the times are the worker's search time, as `slide bench` measures natively.".into(),
    }
}

/// The summary (with the figures as data attributes, for `make bench-browser`) and the rows.
fn results(run: &BenchRun) -> Html {
    let sum = run.summary();
    html! {
        <>
            <p data-testid="bench-summary"
                data-done={run.done().to_string()}
                data-count={sum.count.to_string()}
                data-all-optimal={sum.all_expected.to_string()}
                data-mean-ratio={decimals(sum.mean_ratio, 3)}
                data-max-ratio={decimals(sum.max_ratio, 3)}
                data-total-ms={decimals(sum.total_millis, 1)}
                data-median-ms={decimals(sum.median_millis, 2)}
                data-max-ms={decimals(sum.max_millis, 1)}
                data-expanded={sum.expanded.to_string()}
                data-workers={run.teamwork().map_or(1, |_| run.workers).to_string()}
                data-teamwork={run.teamwork().map(|t| format!("{t:?}").to_lowercase())}
                data-wall-ms={decimals(run.wall_millis(), 1)}
                data-helper-tables-ms={run.helper_tables.map(|t| decimals(t.millis, 0))}
                data-tables-ms={run.tables.map(|t| decimals(t.millis, 0))}
                data-tables-cached={run.tables.map(|t| (t.from == TablesFrom::Cache).to_string())}
                data-tables-from={run.tables.map(|t| format!("{:?}", t.from).to_lowercase())}>
                { run.summary_text() }
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
                        data-millis={decimals(r.millis, 2)}
                        data-wall-ms={decimals(r.wall_millis, 2)}>
                        <td>{ r.id }</td>
                        <td>{ r.expected }</td>
                        <td>{ r.length.map_or("–".into(), |l| l.to_string()) }</td>
                        <td>{ thousands(r.expanded) }</td>
                        <td>{ decimals(r.millis, 1) }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            </div>
        </>
    }
}

/// What a worker did, as the benchmark's action (a worker's readiness is none: its first
/// answer waits on its tables, which the run times apart).
fn bench_action(event: WorkerEvent) -> Option<BenchAction> {
    match event {
        WorkerEvent::Reply(worker, _, message) => Some(BenchAction::Worker {
            worker,
            message,
            at: now_ms(),
        }),
        WorkerEvent::Stopped(worker, why) => Some(BenchAction::WorkerStopped { worker, why }),
        WorkerEvent::Ready(_) => None,
    }
}
