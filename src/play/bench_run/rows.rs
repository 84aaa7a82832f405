//! A run's rows, one an instance in the instances' order, and their summary in figures and
//! in words.

use super::BenchRun;
use super::crew::{Crew, Together};
use crate::play::worker::protocol::Answer;
use crate::puzzle::numbers::{decimals, thousands};
use crate::solver::bench::{Summary, Timing, summarize};

/// One instance's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: u32,
    pub expected: u32,
    pub length: Option<u32>,
    pub expanded: u64,
    pub generated: u64,
    /// The search's time: the worker's own with one worker, the page's with several.
    pub millis: f64,
    /// On the page, from the request to the answer (messages included).
    pub wall_millis: f64,
}

impl BenchRun {
    /// The row of instance `index`, answered `wall_millis` after it was asked for (rows stay
    /// in the instances' order, whichever worker answers first).
    pub(super) fn record(&mut self, index: usize, answer: &Answer, wall_millis: f64) {
        let expected = self.instances.get(index).map_or(0, |i| i.expected);
        let length = crate::puzzle::notation::parse_moves(&answer.moves)
            .ok()
            .map(|m| m.len() as u32);
        self.tables = self.tables.or(answer.tables);
        let id = index as u32 + 1;
        let at = self.rows.partition_point(|r| r.id < id);
        let row = Row {
            id,
            expected,
            length,
            expanded: answer.stats.expanded,
            generated: answer.stats.generated,
            millis: answer.stats.millis,
            wall_millis,
        };
        self.rows.insert(at, row);
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

    /// The page's time for the rows so far, messages included: with puzzles side by side, from
    /// the first order to the last answer; otherwise the rows' times added up.
    pub fn wall_millis(&self) -> f64 {
        match &self.crew {
            Some(Crew {
                how: Together::SideBySide { started, last, .. },
                ..
            }) => last - started,
            _ => self.rows.iter().map(|r| r.wall_millis).sum(),
        }
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
        ) + &self.crew_text()
    }

    /// What the summary adds about a run shared among workers.
    fn crew_text(&self) -> String {
        let Some(crew) = &self.crew else {
            return String::new();
        };
        let helpers = match self.helper_tables {
            Some(t) => format!(
                "; the others read their pattern databases in {} ms at most",
                decimals(t.millis, 0)
            ),
            None => String::new(),
        };
        let workers = crew.ready.len();
        match crew.how {
            Together::Team(_) => {
                format!(" Each puzzle shared among {workers} workers, timed on the page{helpers}.")
            }
            Together::SideBySide { .. } => format!(
                " Side by side in {workers} workers: {} ms on the page from the first puzzle handed out to the last answer{helpers}.",
                decimals(self.wall_millis(), 0)
            ),
        }
    }
}
