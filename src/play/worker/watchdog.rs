//! Noticing a solver worker that died without a word.
//!
//! A worker that panics says so, and one whose code traps raises an error the page hears. But a
//! worker the browser stops (a tab short of memory) or one stuck in a loop says nothing at all.
//! A worker at work reports progress at least every 100 ms, so while it owes the page an answer,
//! several seconds of silence means it is gone. The page's clock can sleep too (a tab in the
//! background): a look that comes late says nothing about the workers, and starts the count
//! again. And a worker still loading its code (seconds, on a slow network) is not silent: the
//! count starts when it says it is ready.

/// Silence, in milliseconds, after which a worker that owes an answer counts as stopped: fifty
/// progress reports missed.
pub const SILENCE_MS: f64 = 5_000.0;

/// How often the page looks, in milliseconds, while a worker owes it an answer.
pub const LOOK_EVERY_MS: u32 = 1_000;

/// A look this much later than the one before means the page itself was asleep.
const LATE_MS: f64 = 3.0 * LOOK_EVERY_MS as f64;

/// When each worker (0: the game's; 1, 2, …: helpers) was last heard from or given work, and
/// whether it is ready.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Watchdog {
    heard: Vec<f64>,
    ready: Vec<bool>,
    looked: Option<f64>,
}

impl Watchdog {
    /// Worker `worker` said it is ready, at `now_ms`.
    pub fn ready(&mut self, worker: usize, now_ms: f64) {
        if self.ready.len() <= worker {
            self.ready.resize(worker + 1, false);
        }
        self.ready[worker] = true;
        self.heard(worker, now_ms);
    }

    /// Worker `worker` is being replaced: the fresh one loads before its silence counts.
    pub fn restarted(&mut self, worker: usize) {
        if let Some(ready) = self.ready.get_mut(worker) {
            *ready = false;
        }
    }

    /// Worker `worker` spoke, or was given work (its silence counts from then), at `now_ms`.
    pub fn heard(&mut self, worker: usize, now_ms: f64) {
        if self.heard.len() <= worker {
            self.heard.resize(worker + 1, now_ms);
        }
        self.heard[worker] = now_ms;
    }

    /// Looks at the workers that owe an answer at `now_ms`: those silent for [`SILENCE_MS`],
    /// each counted from now on as if heard (a fresh worker takes its place).
    pub fn silent(&mut self, owing: &[usize], now_ms: f64) -> Vec<usize> {
        let asleep = self.looked.is_some_and(|t| now_ms - t > LATE_MS);
        self.looked = Some(now_ms);
        if asleep {
            for worker in owing {
                self.heard(*worker, now_ms);
            }
            return Vec::new();
        }
        let mut silent = Vec::new();
        for &worker in owing {
            if !self.ready.get(worker).is_some_and(|&r| r) {
                self.heard(worker, now_ms);
                continue;
            }
            match self.heard.get(worker) {
                Some(&t) if now_ms - t >= SILENCE_MS => {
                    silent.push(worker);
                    self.heard(worker, now_ms);
                }
                Some(_) => {}
                None => self.heard(worker, now_ms),
            }
        }
        silent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_still_loading_is_not_silent_and_its_count_starts_when_it_is_ready() {
        let mut dog = Watchdog::default();
        for t in 1..=20 {
            assert!(dog.silent(&[0], f64::from(t) * 1_000.0).is_empty());
        }
        dog.ready(0, 20_500.0);
        for t in 21..=25 {
            assert!(dog.silent(&[0], f64::from(t) * 1_000.0).is_empty());
        }
        assert_eq!(dog.silent(&[0], 26_000.0), vec![0]);
        // Replaced: the fresh one loads first.
        dog.restarted(0);
        assert!(dog.silent(&[0], 40_000.0).is_empty());
    }

    #[test]
    fn a_worker_that_owes_an_answer_and_says_nothing_for_five_seconds_is_stopped() {
        let mut dog = Watchdog::default();
        dog.ready(0, 0.0);
        let mut t: f64 = 0.0;
        while t < 4_900.0 {
            t += 1_000.0;
            assert_eq!(dog.silent(&[0], t.min(4_900.0)), Vec::<usize>::new(), "{t}");
        }
        assert_eq!(dog.silent(&[0], 5_400.0), vec![0]);
        // Counted afresh: the next worker gets its own five seconds.
        assert_eq!(dog.silent(&[0], 6_400.0), Vec::<usize>::new());
    }

    #[test]
    fn a_worker_heard_in_time_or_owing_nothing_is_never_stopped() {
        let mut dog = Watchdog::default();
        dog.ready(0, 0.0);
        dog.ready(2, 0.0);
        for k in 1..=20 {
            let t = f64::from(k) * 1_000.0;
            dog.heard(0, t - 50.0);
            // Worker 2 is silent but owes nothing.
            assert_eq!(dog.silent(&[0], t), Vec::<usize>::new());
        }
        // Helper 2 is given work now: its silence counts from here.
        dog.heard(2, 20_000.0);
        for t in [21_000.0, 22_000.0, 23_000.0, 24_000.0] {
            assert_eq!(dog.silent(&[0, 2], t), Vec::<usize>::new());
        }
        assert_eq!(dog.silent(&[2], 25_000.0), vec![2]);
    }

    #[test]
    fn a_page_that_slept_does_not_take_its_own_sleep_for_the_workers_silence() {
        let mut dog = Watchdog::default();
        dog.ready(0, 0.0);
        assert!(dog.silent(&[0], 1_000.0).is_empty());
        // The tab was in the background for a minute: the worker's messages wait in the queue.
        assert!(dog.silent(&[0], 61_000.0).is_empty());
        for t in [62_000.0, 63_000.0, 64_000.0, 65_000.0] {
            assert!(dog.silent(&[0], t).is_empty());
        }
        assert_eq!(dog.silent(&[0], 66_000.0), vec![0]);
    }
}
