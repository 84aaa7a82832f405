//! The benchmark panel as data: Korf's 100 fifteen-puzzles (or his 50 24-puzzles) solved one
//! after another in the worker exactly as Solve solves a board, with the figures `slide bench`
//! prints natively.

use super::protocol::{Answer, FromWorker, Purpose, Tables, ToWorker};
use crate::puzzle::numbers::{decimals, thousands};
use crate::solver::Algorithm;
use crate::solver::bench::{Instance, Summary, Timing, parse_instances, summarize};

/// A set of benchmark instances.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Set {
    pub name: &'static str,
    text: &'static str,
    goal: &'static str,
    pub about: &'static str,
}

/// The sets the panel offers.
pub const SETS: [Set; 2] = [
    Set {
        name: "Korf's 100 fifteen-puzzles",
        text: include_str!("../../benches/korf100.txt"),
        goal: "blank-last",
        about: "The 100 random 15-puzzles of Korf's 1985 paper, solved optimally by IDA* with pattern databases and checked against their published shortest lengths.",
    },
    Set {
        name: "Korf's 50 24-puzzles",
        text: include_str!("../../benches/korf50-24puzzle-blank-first.txt"),
        goal: "blank-first",
        about: "The 50 random 24-puzzles of Korf and Felner (2002), far beyond optimal search in a tab: the anytime search's final answers, compared with the published shortest lengths.",
    },
];

/// One instance's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: u32,
    pub expected: u32,
    pub length: Option<u32>,
    pub expanded: u64,
    pub generated: u64,
    pub millis: f64,
}

/// What the panel does.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchAction {
    /// Another set was chosen (ignored while running).
    Choose(usize),
    /// Run, or Stop while running.
    Toggle,
    Worker(FromWorker),
}

/// The benchmark's state.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchRun {
    /// Index into [`SETS`].
    pub chosen: usize,
    instances: Vec<Instance>,
    pub running: bool,
    pub rows: Vec<Row>,
    /// How the first instance had its pattern databases.
    pub tables: Option<Tables>,
    pub problem: Option<String>,
}

impl Default for BenchRun {
    fn default() -> Self {
        BenchRun::new(0)
    }
}

impl BenchRun {
    /// The panel with set `chosen` picked, nothing run.
    pub fn new(chosen: usize) -> BenchRun {
        let chosen = chosen.min(SETS.len() - 1);
        BenchRun {
            chosen,
            instances: parse_instances(SETS[chosen].text).unwrap_or_default(),
            running: false,
            rows: Vec::new(),
            tables: None,
            problem: None,
        }
    }

    /// The set picked.
    pub fn set(&self) -> Set {
        SETS[self.chosen]
    }

    /// Instances in the set.
    pub fn count(&self) -> usize {
        self.instances.len()
    }

    /// Applies an action; returns the messages for the worker.
    pub fn reduce(&mut self, action: BenchAction) -> Vec<ToWorker> {
        match action {
            BenchAction::Choose(i) if !self.running => *self = BenchRun::new(i),
            BenchAction::Choose(_) => {}
            BenchAction::Toggle if self.running => {
                self.running = false;
                return vec![ToWorker::Cancel {
                    id: self.rows.len() as u32,
                }];
            }
            BenchAction::Toggle => {
                *self = BenchRun {
                    running: true,
                    ..BenchRun::new(self.chosen)
                };
                return self.next().into_iter().collect();
            }
            BenchAction::Worker(FromWorker::Solved {
                id,
                purpose: Purpose::Bench,
                answer,
            }) if self.running && id as usize == self.rows.len() => {
                self.record(id, &answer);
                return self.next().into_iter().collect();
            }
            BenchAction::Worker(FromWorker::Failed {
                purpose: Purpose::Bench,
                message,
                ..
            }) if self.running => {
                self.running = false;
                self.problem = Some(message);
            }
            BenchAction::Worker(_) => {}
        }
        Vec::new()
    }

    fn record(&mut self, id: u32, answer: &Answer) {
        let expected = self.instances.get(id as usize).map_or(0, |i| i.expected);
        let length = crate::puzzle::notation::parse_moves(&answer.moves)
            .ok()
            .map(|m| m.len() as u32);
        self.tables = self.tables.or(answer.tables);
        self.rows.push(Row {
            id: id + 1,
            expected,
            length,
            expanded: answer.stats.expanded,
            generated: answer.stats.generated,
            millis: answer.stats.millis,
        });
    }

    /// The request for the next instance while running; the run ends after the last.
    fn next(&mut self) -> Option<ToWorker> {
        if !self.running {
            return None;
        }
        let id = self.rows.len();
        let Some(instance) = self.instances.get(id) else {
            self.running = false;
            return None;
        };
        Some(ToWorker::Solve {
            id: id as u32,
            purpose: Purpose::Bench,
            board: instance.board.to_string(),
            goal: self.set().goal.into(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        })
    }

    /// The summary of the rows so far, as `slide bench` computes it.
    pub fn summary(&self) -> Summary {
        let timings: Vec<Timing> = self
            .rows
            .iter()
            .map(|r| Timing::new(r.expected, r.length, r.millis, r.expanded, r.generated))
            .collect();
        summarize(&timings)
    }

    /// Whether every instance has been run.
    pub fn done(&self) -> bool {
        !self.running && self.rows.len() == self.instances.len()
    }

    /// The summary in words.
    pub fn summary_text(&self) -> String {
        let sum = self.summary();
        let tables = match self.tables {
            Some(t) => {
                let mut text = t.text();
                if let Some(first) = text.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                format!("{text}.")
            }
            None if self.rows.is_empty() => String::new(),
            None => "Pattern databases were already in memory.".into(),
        };
        let lengths = if sum.all_expected || sum.solved == 0 {
            String::new()
        } else {
            format!(
                " Lengths {}× the published on average, {}× at most.",
                decimals(sum.mean_ratio, 3),
                decimals(sum.max_ratio, 3)
            )
        };
        format!(
            "{} of {} solved{}, all at the published length: {}.{lengths} Total {} ms, median {} ms, slowest {} ms; {} nodes. {tables}",
            sum.solved,
            self.count(),
            if self.running { " so far" } else { "" },
            if sum.all_expected { "yes" } else { "no" },
            decimals(sum.total_millis, 0),
            decimals(sum.median_millis, 1),
            decimals(sum.max_millis, 0),
            thousands(sum.expanded),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Stats;

    fn solved(id: u32, moves: &str, expanded: u64) -> BenchAction {
        BenchAction::Worker(FromWorker::Solved {
            id,
            purpose: Purpose::Bench,
            answer: Answer {
                moves: moves.into(),
                optimal: true,
                within: Some(1.0),
                algorithm: Algorithm::IdaStar,
                heuristic: None,
                stats: Stats {
                    expanded,
                    millis: 2.0,
                    ..Stats::default()
                },
                tables: None,
            },
        })
    }

    #[test]
    fn instances_run_one_after_another_until_stopped() {
        let mut run = BenchRun::default();
        assert_eq!(run.count(), 100);
        let first = run.reduce(BenchAction::Toggle);
        assert!(matches!(first[..], [ToWorker::Solve { id: 0, .. }]));
        let expected = run.instances[0].expected as usize;
        let next = run.reduce(solved(0, &"L".repeat(expected), 10));
        assert!(matches!(next[..], [ToWorker::Solve { id: 1, .. }]));
        assert_eq!(run.rows[0].length, Some(expected as u32));
        // A late answer to another instance is not this one's.
        assert!(run.reduce(solved(7, "L", 1)).is_empty());
        assert_eq!(run.rows.len(), 1);
        assert!(matches!(
            run.reduce(BenchAction::Toggle)[..],
            [ToWorker::Cancel { id: 1 }]
        ));
        assert!(!run.running);
        assert!(
            run.summary_text()
                .starts_with("1 of 100 solved, all at the published length: yes.")
        );
    }

    #[test]
    fn another_set_can_be_chosen_only_between_runs() {
        let mut run = BenchRun::default();
        run.reduce(BenchAction::Toggle);
        run.reduce(BenchAction::Choose(1));
        assert_eq!(run.chosen, 0);
        run.reduce(BenchAction::Toggle);
        run.reduce(BenchAction::Choose(1));
        assert_eq!((run.chosen, run.count()), (1, 50));
    }
}
