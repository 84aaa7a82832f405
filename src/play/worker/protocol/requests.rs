//! The worker's queue of requests: what it runs next, given what it heard while it searched.

use super::ToWorker;
use std::collections::VecDeque;

/// What a worker is to do next: the request that replaced the running one, then those queued
/// ([`ToWorker::Queue`]), oldest first. Plain data, so that the worker's rules for what it hears
/// while it searches are tested natively.
#[derive(Debug, Default)]
pub struct Requests {
    next: Option<ToWorker>,
    queued: VecDeque<ToWorker>,
}

/// What a message means for the request running (see [`Requests::hear`]).
#[derive(Debug, PartialEq)]
pub enum Heard {
    /// Nothing for it: carry on.
    Nothing,
    /// Stop it: it is cancelled or replaced (the new request is next).
    Stop,
    /// Where the site's tables are (see [`ToWorker::Site`]).
    Site(String),
}

impl Requests {
    /// Takes in `message`, heard while request `running` ran (`None`: while nothing did).
    pub fn hear(&mut self, message: ToWorker, running: Option<u32>) -> Heard {
        match message {
            ToWorker::Cancel { id } if Some(id) == running => Heard::Stop,
            ToWorker::Cancel { id } => {
                self.queued.retain(|r| r.id() != Some(id));
                Heard::Nothing
            }
            ToWorker::Site { tables } => Heard::Site(tables),
            ToWorker::Queue(request) => {
                self.queued.push_back(*request);
                Heard::Nothing
            }
            newer => {
                self.queued.clear();
                self.next = Some(newer);
                Heard::Stop
            }
        }
    }

    /// The request to run now, if one is waiting.
    pub fn take(&mut self) -> Option<ToWorker> {
        self.next.take().or_else(|| self.queued.pop_front())
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::worker::protocol::Purpose;
    use crate::solver::Algorithm;

    fn solve_request(id: u32) -> ToWorker {
        ToWorker::Solve {
            id,
            purpose: Purpose::Bench,
            board: "1 2 3/4 5 6/7 0 8".into(),
            goal: "blank-last".into(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }
    }

    fn queue(id: u32) -> ToWorker {
        ToWorker::Queue(Box::new(solve_request(id)))
    }

    #[test]
    fn queued_requests_wait_their_turn_and_a_cancel_or_a_new_request_drops_them() {
        let mut requests = Requests::default();
        // While 1 runs: 2 and 3 wait behind it, and it carries on.
        assert_eq!(requests.hear(queue(2), Some(1)), Heard::Nothing);
        assert_eq!(requests.hear(queue(3), Some(1)), Heard::Nothing);
        // Cancelling a waiting one drops it; cancelling the running one stops it.
        assert_eq!(
            requests.hear(ToWorker::Cancel { id: 2 }, Some(1)),
            Heard::Nothing
        );
        assert_eq!(
            requests.hear(ToWorker::Cancel { id: 1 }, Some(1)),
            Heard::Stop
        );
        let site = ToWorker::Site {
            tables: "t/".into(),
        };
        assert_eq!(requests.hear(site, Some(1)), Heard::Site("t/".into()));
        assert_eq!(requests.take(), Some(solve_request(3)));
        assert_eq!(requests.take(), None);
        // A request heard while nothing runs is next, queued or not.
        assert_eq!(requests.hear(queue(4), None), Heard::Nothing);
        assert_eq!(requests.take(), Some(solve_request(4)));
        // Any other request replaces the running one and drops those waiting.
        requests.hear(queue(6), Some(4));
        assert_eq!(requests.hear(solve_request(5), Some(4)), Heard::Stop);
        assert_eq!(requests.take(), Some(solve_request(5)));
        assert_eq!(requests.take(), None);
    }
}
