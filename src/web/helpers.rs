//! Helper workers: more copies of the solver's worker, each its own thread, for work shared
//! among several (the benchmark's runs, the game's hard solves; see [`crate::solver::team`]).
//! The page's own worker is started by yew-agent's provider; these are started on first use.

use super::worker::SolverReactor;
use crate::play::protocol::{FromWorker, ToWorker};
use futures::channel::mpsc::{UnboundedSender, unbounded};
use futures::{SinkExt, StreamExt};
use yew::Callback;
use yew::platform::spawn_local;
use yew_agent::reactor::ReactorSpawner;

/// The machine's cores, as the browser tells.
pub fn cores() -> usize {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
}

/// Starts a worker from the script at `path` (relative to the page): the sender of its
/// messages; its answers go to `on`.
pub fn spawn(path: &str, on: Callback<FromWorker>) -> UnboundedSender<ToWorker> {
    let bridge = ReactorSpawner::<SolverReactor>::new()
        .as_module(false)
        .spawn(path);
    let (mut to_worker, mut from_worker) = bridge.split();
    let (sender, mut inbox) = unbounded::<ToWorker>();
    spawn_local(async move {
        while let Some(message) = inbox.next().await {
            if to_worker.send(message).await.is_err() {
                break;
            }
        }
    });
    spawn_local(async move {
        while let Some(message) = from_worker.next().await {
            on.emit(message);
        }
    });
    sender
}

/// Helper workers 1, 2, …, started when a message for them first comes.
#[derive(Default)]
pub struct Helpers {
    senders: Vec<UnboundedSender<ToWorker>>,
}

impl Helpers {
    /// Sends helper `worker` (1, 2, …) `message`, starting it and those before it from the
    /// script at `path` if need be; `on(worker)` receives each one's answers.
    pub fn send(
        &mut self,
        worker: usize,
        message: ToWorker,
        path: &str,
        on: impl Fn(usize) -> Callback<FromWorker>,
    ) {
        if worker == 0 {
            return;
        }
        while self.senders.len() < worker {
            let next = self.senders.len() + 1;
            self.senders.push(spawn(path, on(next)));
        }
        let _ = self.senders[worker - 1].unbounded_send(message);
    }
}
