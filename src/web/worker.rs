//! The solver's Web Worker: it runs the core's [`Solver`] in slices, one request at a time on
//! each of its channels (see [`super::wire`]).
//!
//! A search loop cannot hear a message while it runs, so it stops every ~25 ms, yields to the
//! worker's event loop (by posting a message to itself: a zero-delay timer would be clamped to
//! 4 ms once nested), reads any messages that arrived, and reports progress
//! at least every 100 ms. Cancel is honoured at the next slice boundary; a new request replaces the
//! running one. The messages are [`crate::play::worker::protocol`]'s; what a request runs with and what
//! a report becomes are decided there too, so this file is only the loop.

use super::wire::{self, Channel, Posted, Reply};
use crate::heuristics::Estimator;
use crate::heuristics::Heuristic;
use crate::heuristics::pdb;
use crate::play::worker::protocol::{
    Answer, Failure, FromWorker, Heard, Lessons, Purpose, Requests, Resolved, ShareWork, Tables,
    TablesFrom, ToWorker, analysis, analysis_failure, finished, resolve,
};
use crate::puzzle::board::Board;
use crate::puzzle::notation::parse_board;
use crate::solver::analysis::Analysis;
use crate::solver::{Progress, Solver};
use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use futures::{FutureExt, StreamExt};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The slice length aimed at: short enough for Cancel and progress, long enough to be efficient.
const SLICE_MS: f64 = 25.0;
const PROGRESS_EVERY_MS: f64 = 100.0;

/// A loop's pace: each slice sized to take about [`SLICE_MS`] whatever the machine and the
/// method, and a progress report due every [`PROGRESS_EVERY_MS`].
struct Pace {
    slice: u64,
    /// The smallest slice.
    least: u64,
    last_report: f64,
}

impl Pace {
    fn new(first: u64, least: u64) -> Pace {
        Pace {
            slice: first,
            least,
            last_report: now_ms(),
        }
    }

    /// Sizes the next slice from the last, which began at `started`; how long it took.
    fn next(&mut self, started: f64) -> f64 {
        let took = (now_ms() - started).max(0.1);
        self.slice = ((self.slice as f64 * SLICE_MS / took) as u64).clamp(self.least, 5_000_000);
        took
    }

    /// Whether a progress report is due; if so, it counts as made.
    fn report_due(&mut self) -> bool {
        let due = now_ms() - self.last_report >= PROGRESS_EVERY_MS;
        if due {
            self.last_report = now_ms();
        }
        due
    }
}

/// Why preparing or searching stopped early.
enum Stop {
    /// Cancelled, or replaced by a newer request (now in `next`).
    Cancelled,
    /// The channel closed: nothing will come any more.
    Gone,
}

/// What the reactor keeps between requests.
#[derive(Default)]
struct Worker {
    /// Requests that arrived while another ran.
    requests: Requests,
    /// A pattern-database build that was interrupted, resumed by the next request needing it.
    building: Option<pdb::Builder>,
    /// A download of the site's tables still under way when a newer request came: that request
    /// waits on the same download instead of starting again.
    downloading: Option<(Board, Download)>,
    /// Learn mode's stepper: the search it steps through, kept between its requests.
    lessons: Lessons,
}

/// The site's tables on their way (`None` at the end: the site has none, or they were damaged).
type Download = futures::future::LocalBoxFuture<'static, Option<pdb::PatternDb>>;

/// How often a download is left to read the page's messages.
const LISTEN_MS: u32 = 25;

/// One channel of this worker: the page's messages for it, and the way back.
struct Scope {
    channel: Channel,
    inbox: UnboundedReceiver<ToWorker>,
}

impl Scope {
    /// The next message (`None` once the channel is closed).
    fn next(&mut self) -> futures::stream::Next<'_, UnboundedReceiver<ToWorker>> {
        self.inbox.next()
    }
}

impl Worker {
    /// Yields to the event loop and reads what arrived meanwhile.
    async fn pause(&mut self, scope: &mut Scope, id: Option<u32>) -> Result<(), Stop> {
        yield_to_events().await;
        let mut stop = Ok(());
        while let Some(message) = scope.next().now_or_never() {
            let Some(message) = message else {
                return Err(Stop::Gone);
            };
            match self.requests.hear(message, id) {
                Heard::Nothing => {}
                Heard::Stop => stop = Err(Stop::Cancelled),
                Heard::Site(tables) => super::table_cache::set_site(tables),
            }
        }
        stop
    }

    /// The request to run next: one that waits, else the first the page sends (`None` once
    /// the page is gone).
    async fn next_request(&mut self, scope: &mut Scope) -> Option<ToWorker> {
        loop {
            if let Some(request) = self.requests.take() {
                return Some(request);
            }
            if let Heard::Site(tables) = self.requests.hear(scope.next().await?, None) {
                super::table_cache::set_site(tables);
            }
        }
    }

    /// The pattern databases for `goal`: already here, from the cache, or built in slices.
    async fn tables(
        &mut self,
        scope: &mut Scope,
        goal: &Board,
        id: Option<(u32, Purpose)>,
    ) -> Result<Option<Tables>, Stop> {
        if pdb::cached(goal).is_some() {
            return Ok(None);
        }
        let started = now_ms();
        if let Some(db) = super::table_cache::load(goal).await {
            pdb::install(db);
            return Ok(Some(Tables {
                millis: now_ms() - started,
                from: TablesFrom::Cache,
            }));
        }
        if self.building.as_ref().is_none_or(|b| b.goal() != goal)
            && let Some(db) = self.download(scope, goal, id).await?
        {
            let db = pdb::install(db);
            super::table_cache::store(&db).await;
            return Ok(Some(Tables {
                millis: now_ms() - started,
                from: TablesFrom::Download,
            }));
        }
        let mut builder = match self.building.take() {
            Some(b) if b.goal() == goal => b,
            _ => match pdb::Builder::new(goal) {
                Ok(b) => b,
                Err(_) => return Ok(None), // the search reports why databases do not fit
            },
        };
        let mut pace = Pace::new(100_000, 10_000);
        let mut spent = 0.0;
        loop {
            let t = now_ms();
            let done = builder.step(pace.slice);
            spent += pace.next(t);
            if let Some(db) = done {
                let db = pdb::install(db);
                super::table_cache::store(&db).await;
                return Ok(Some(Tables {
                    millis: spent,
                    from: TablesFrom::Built,
                }));
            }
            if let Some((id, purpose)) = id
                && pace.report_due()
            {
                let fraction = Some(builder.progress());
                send(
                    scope,
                    FromWorker::Preparing {
                        id,
                        purpose,
                        fraction,
                    },
                )
                .await?;
            }
            if let Err(stop) = self.pause(scope, id.map(|(id, _)| id)).await {
                self.building = Some(builder);
                return Err(stop);
            }
        }
    }

    /// The site's prebuilt tables for `goal` (a second or so to fetch, where building takes
    /// several), listening to the page meanwhile: a newer request takes over the download.
    async fn download(
        &mut self,
        scope: &mut Scope,
        goal: &Board,
        id: Option<(u32, Purpose)>,
    ) -> Result<Option<pdb::PatternDb>, Stop> {
        let mut download = match self.downloading.take() {
            Some((g, d)) if &g == goal => d,
            _ => super::table_cache::download(goal.clone()).boxed_local(),
        };
        // Said at once, then every PROGRESS_EVERY_MS: on a slow network a download takes
        // seconds, and a worker that says nothing for long is taken for dead.
        let mut pace = Pace::new(0, 0);
        pace.last_report = f64::NEG_INFINITY;
        loop {
            if let Some((id, purpose)) = id
                && pace.report_due()
            {
                let fetching = FromWorker::Preparing {
                    id,
                    purpose,
                    fraction: None,
                };
                send(scope, fetching).await?;
            }
            let listen = gloo_timers::future::TimeoutFuture::new(LISTEN_MS);
            match futures::future::select(download, listen).await {
                futures::future::Either::Left((db, _)) => return Ok(db),
                futures::future::Either::Right((_, pending)) => download = pending,
            }
            if let Err(stop) = self.pause(scope, id.map(|(id, _)| id)).await {
                self.downloading = Some((goal.clone(), download));
                return Err(stop);
            }
        }
    }

    /// Answers a Prepare: the tables for `goal`, ready before anyone asks.
    async fn prepare(&mut self, scope: &mut Scope, goal: String) -> Result<(), Stop> {
        let Ok(goal_board) = parse_board(&goal) else {
            return Ok(());
        };
        match self.tables(scope, &goal_board, None).await {
            Ok(tables) => {
                let tables = tables.unwrap_or(Tables {
                    millis: 0.0,
                    from: TablesFrom::Cache,
                });
                send(scope, FromWorker::TablesReady { goal, tables }).await
            }
            Err(Stop::Cancelled) => Ok(()),
            Err(gone) => Err(gone),
        }
    }

    /// Answers a Solve: tables first if it needs them (with a first answer meanwhile where one
    /// comes fast), then the search in slices.
    async fn solve(
        &mut self,
        scope: &mut Scope,
        id: u32,
        purpose: Purpose,
        request: Result<Resolved, Failure>,
    ) -> Result<(), Stop> {
        let request = match request {
            Ok(r) => r,
            Err(failure) => return send(scope, failed(id, purpose, failure)).await,
        };
        let mut tables = None;
        if request.needs_tables() {
            // An anytime search need not wait for the tables to give its first answer.
            if pdb::cached(&request.goal).is_none()
                && let Some(answer) = request.early_answer()
            {
                send(
                    scope,
                    FromWorker::Better {
                        id,
                        purpose,
                        answer,
                    },
                )
                .await?;
            }
            match self.tables(scope, &request.goal, Some((id, purpose))).await {
                Ok(t) => tables = t,
                Err(Stop::Cancelled) => {
                    return send(scope, FromWorker::Cancelled { id, purpose }).await;
                }
                Err(gone) => return Err(gone),
            }
        }
        match request.solver() {
            Ok(solver) => {
                let output = self.search(scope, solver, id, purpose, tables).await?;
                send(scope, output).await
            }
            Err(failure) => send(scope, failed(id, purpose, failure)).await,
        }
    }

    /// Answers a Share: this worker's part of a solve split among several (tables first, as
    /// for a Solve), in slices like any search.
    async fn share(
        &mut self,
        scope: &mut Scope,
        id: u32,
        purpose: Purpose,
        work: ShareWork,
    ) -> Result<(), Stop> {
        let mut tables = None;
        if work.heuristic == Heuristic::Pdb
            && let Ok((_, goal_board)) = work.boards()
        {
            match self.tables(scope, &goal_board, Some((id, purpose))).await {
                Ok(t) => tables = t,
                Err(Stop::Cancelled) => {
                    return send(scope, FromWorker::Cancelled { id, purpose }).await;
                }
                Err(gone) => return Err(gone),
            }
        }
        let mut search = match work.search() {
            Ok(search) => search,
            Err(failure) => return send(scope, failed(id, purpose, failure)).await,
        };
        let mut pace = Pace::new(20_000, 1_000);
        loop {
            let started = now_ms();
            if let Some(end) = search.step(pace.slice) {
                let shared = FromWorker::Shared {
                    id,
                    purpose,
                    end,
                    tables,
                };
                return send(scope, shared).await;
            }
            pace.next(started);
            // A growing share is the whole solve so far: the page shows its progress. A share
            // of a split iteration (a quarter of one can take many seconds) says only that it
            // works on, or the page would take its silence for a dead worker.
            if pace.report_due() {
                let stats = search.progress().unwrap_or_default();
                send(scope, FromWorker::Progress { id, purpose, stats }).await?;
            }
            match self.pause(scope, Some(id)).await {
                Ok(()) => {}
                Err(Stop::Cancelled) => {
                    return send(scope, FromWorker::Cancelled { id, purpose }).await;
                }
                Err(gone) => return Err(gone),
            }
        }
    }

    /// Answers an Analyse, in slices like any search. It takes the pattern databases as soon
    /// as this worker has them (the measure of the same solve, or a Prepare, fetches them on
    /// the game's channels), rather than fetching them a second time.
    async fn analyse(
        &mut self,
        scope: &mut Scope,
        id: u32,
        request: Result<Analysis, Failure>,
    ) -> Result<(), Stop> {
        let purpose = Purpose::Analysis;
        let mut analysis = match request {
            Ok(a) => a,
            Err(failure) => return send(scope, failed(id, purpose, failure)).await,
        };
        let mut pace = Pace::new(20_000, 1_000);
        loop {
            if analysis.heuristic() != Heuristic::Pdb
                && let Some(tables) = Estimator::pdb_at_hand(analysis.goal())
            {
                analysis.upgrade(tables);
            }
            let started = now_ms();
            match analysis.run(pace.slice) {
                Ok(Some(analysed)) => {
                    return send(scope, FromWorker::Analysed { id, analysed }).await;
                }
                Err(e) => return send(scope, failed(id, purpose, analysis_failure(e))).await,
                Ok(None) => {}
            }
            pace.next(started);
            if pace.report_due() {
                let (done, total) = (analysis.measured(), analysis.moves());
                send(scope, FromWorker::Analysing { id, done, total }).await?;
            }
            match self.pause(scope, Some(id)).await {
                Ok(()) => {}
                Err(Stop::Cancelled) => {
                    return send(scope, FromWorker::Cancelled { id, purpose }).await;
                }
                Err(gone) => return Err(gone),
            }
        }
    }

    /// Runs a search in slices of about [`SLICE_MS`]; its final message.
    async fn search(
        &mut self,
        scope: &mut Scope,
        mut solver: Solver,
        id: u32,
        purpose: Purpose,
        tables: Option<Tables>,
    ) -> Result<FromWorker, Stop> {
        let mut pace = Pace::new(20_000, 1_000);
        loop {
            let started = now_ms();
            let stats = match solver.run(pace.slice) {
                Progress::Done(result) => return Ok(finished(id, purpose, result, tables)),
                Progress::Running(stats) => stats,
                Progress::Better(report) => {
                    if let Some(answer) = Answer::of(&report, tables) {
                        send(
                            scope,
                            FromWorker::Better {
                                id,
                                purpose,
                                answer,
                            },
                        )
                        .await?;
                    }
                    report.stats
                }
            };
            pace.next(started);
            if pace.report_due() {
                send(scope, FromWorker::Progress { id, purpose, stats }).await?;
            }
            match self.pause(scope, Some(id)).await {
                Ok(()) => {}
                Err(Stop::Cancelled) => return Ok(FromWorker::Cancelled { id, purpose }),
                Err(gone) => return Err(gone),
            }
        }
    }
}

/// Answers one channel's requests, one at a time, until the channel closes.
async fn serve(mut scope: Scope) {
    let mut worker = Worker::default();
    loop {
        let Some(input) = worker.next_request(&mut scope).await else {
            break;
        };
        let done = match input {
            ToWorker::Solve {
                id,
                purpose,
                board,
                goal,
                algorithm,
                heuristic,
                max_nodes,
            } => {
                let request = resolve(&board, &goal, algorithm, heuristic, max_nodes, purpose);
                worker.solve(&mut scope, id, purpose, request).await
            }
            ToWorker::Prepare { goal } => worker.prepare(&mut scope, goal).await,
            ToWorker::Analyse {
                id,
                board,
                goal,
                moves,
            } => {
                let request = analysis(&board, &goal, &moves);
                worker.analyse(&mut scope, id, request).await
            }
            ToWorker::Share { id, purpose, work } => {
                worker.share(&mut scope, id, purpose, work).await
            }
            // A step takes milliseconds: it is answered at once.
            ToWorker::Lesson {
                id,
                board,
                goal,
                algorithm,
                heuristic,
                step,
            } => {
                let lesson = (worker.lessons).show(&board, &goal, algorithm, heuristic, step);
                send(&mut scope, FromWorker::Lesson { id, lesson }).await
            }
            // Taken in by `next_request`.
            ToWorker::Site { .. } | ToWorker::Cancel { .. } | ToWorker::Queue(_) => Ok(()),
        };
        if let Err(Stop::Gone) = done {
            break;
        }
    }
}

/// Sends a message to the page on `scope`'s channel.
async fn send(scope: &mut Scope, message: FromWorker) -> Result<(), Stop> {
    post(&Reply::On {
        channel: scope.channel,
        message,
    });
    Ok(())
}

/// Posts `reply` to the page.
fn post(reply: &Reply) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    if let Some(bytes) = wire::encode(reply) {
        let _ = scope.post_message(&bytes);
    }
}

fn failed(id: u32, purpose: Purpose, failure: Failure) -> FromWorker {
    FromWorker::Failed {
        id,
        purpose,
        failure,
        stats: None,
    }
}

/// Starts the worker: a panic is reported to the page before the trap that ends the worker;
/// each channel's messages go to a loop of its own, started with its first message; and the
/// page hears that the worker is ready (messages it posted before were held for it).
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let last_words = info.to_string();
        web_sys::console::error_1(&format!("Slide's solver crashed: {last_words}").into());
        post(&Reply::Panicked(last_words));
    }));
    let channels: RefCell<HashMap<Channel, UnboundedSender<ToWorker>>> = RefCell::default();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(Posted { channel, message }) = wire::decode(&event.data()) else {
                return;
            };
            let mut channels = channels.borrow_mut();
            let sender = channels.entry(channel).or_insert_with(|| {
                let (sender, inbox) = unbounded();
                wasm_bindgen_futures::spawn_local(serve(Scope { channel, inbox }));
                sender
            });
            let _ = sender.unbounded_send(message);
        });
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&Reply::Ready);
}

/// Wakes a search that yielded (see [`yield_to_events`]): a message channel to itself.
struct Yielder {
    channel: web_sys::MessageChannel,
    waiting: Rc<RefCell<Vec<js_sys::Function>>>,
    _on_message: Closure<dyn FnMut()>,
}

impl Yielder {
    fn new() -> Option<Yielder> {
        let channel = web_sys::MessageChannel::new().ok()?;
        let waiting: Rc<RefCell<Vec<js_sys::Function>>> = Rc::default();
        let woken = waiting.clone();
        let on_message = Closure::<dyn FnMut()>::new(move || {
            for resolve in woken.borrow_mut().drain(..) {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        channel
            .port1()
            .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(Yielder {
            channel,
            waiting,
            _on_message: on_message,
        })
    }
}

thread_local! {
    static YIELDER: Option<Yielder> = Yielder::new();
}

/// Lets the worker's event loop run, so the page's messages that arrived meanwhile are read. A
/// zero-delay timer would do, but a timer set from a timer's task is nested, and the HTML
/// standard lets nested timers wait 4 ms once five deep: up to a sixth of a 25 ms slice. A
/// message posted to itself is not clamped.
async fn yield_to_events() {
    let posted = YIELDER.with(|y| {
        let y = y.as_ref()?;
        let promise = js_sys::Promise::new(&mut |resolve, _| y.waiting.borrow_mut().push(resolve));
        y.channel
            .port2()
            .post_message(&JsValue::UNDEFINED)
            .ok()
            .map(|()| promise)
    });
    match posted {
        Some(promise) => {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        }
        None => gloo_timers::future::TimeoutFuture::new(0).await,
    }
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}
