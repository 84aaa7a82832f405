//! The benchmark in the browser: Korf's instances solved one after another in the worker, with
//! the figures `slide bench` prints natively. The run is the model's ([`BenchRun`]); it has its
//! own bridge to the worker, so it never disturbs the game on the page.

use crate::play::bench_run::{BenchAction, BenchRun, SETS};
use crate::play::protocol::TablesFrom;
use crate::puzzle::numbers::{decimals, thousands};
use crate::web::worker::SolverReactor;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;
use yew_agent::reactor::{ReactorEvent, UseReactorBridgeHandle, use_reactor_bridge};

#[component]
pub fn BenchPanel() -> Html {
    let run = use_mut_ref(BenchRun::default);
    let bridge_slot: Rc<RefCell<Option<UseReactorBridgeHandle<SolverReactor>>>> =
        use_mut_ref(|| None);
    let redraw = use_force_update();
    let on = {
        let (run, bridge_slot) = (run.clone(), bridge_slot.clone());
        Callback::from(move |action: BenchAction| {
            let messages = run.borrow_mut().reduce(action);
            if let Some(bridge) = bridge_slot.borrow().as_ref() {
                for message in messages {
                    bridge.send(message);
                }
            }
            redraw.force_update();
        })
    };
    let bridge = {
        let on = on.clone();
        use_reactor_bridge::<SolverReactor, _>(move |event| {
            if let ReactorEvent::Output(message) = event {
                on.emit(BenchAction::Worker(message));
            }
        })
    };
    *bridge_slot.borrow_mut() = Some(bridge);
    let run = run.borrow();
    let on_set = on.reform(|e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        BenchAction::Choose(value.parse().unwrap_or(0))
    });
    html! {
        <details class="panel bench">
            <summary>{ "Benchmark: Korf's puzzles" }</summary>
            <p>{ run.set().about }{ " One after another in this tab's worker; the times are the worker's search time, as `slide bench` measures natively." }</p>
            <div class="field">
                <label for="bench-set">{ "Instances" }</label>
                <select id="bench-set" onchange={on_set} disabled={run.running}>
                    { for SETS.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={i == run.chosen}>{ s.name }</option>
                    }) }
                </select>
            </div>
            <button class="primary" onclick={on.reform(|_| BenchAction::Toggle)}>
                { if run.running { "Stop benchmark" } else { "Run benchmark" } }
            </button>
            if let Some(problem) = &run.problem {
                <p role="alert">{ problem.clone() }</p>
            }
            if !run.rows.is_empty() {
                { results(&run) }
            }
        </details>
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
                        data-millis={decimals(r.millis, 2)}>
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
