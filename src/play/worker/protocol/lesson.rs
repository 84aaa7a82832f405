//! Learn mode's stepper as the worker runs it: the search on the board stepped to the step the
//! page asks for ([`Lessons`]), and what the page shows of it then ([`Lesson`]). The searches
//! are the solver's own (see [`crate::search::watch`]); a step back is the same search stepped
//! again from the start to the step before, a few milliseconds at the stepper's most steps.

use super::Failure;
use super::resolved::boards;
use super::telling::{line, pseudocode, sentence};
use crate::heuristics::Heuristic;
use crate::search::watch::{Expansion, Snapshot, Stopped, Watch};
use crate::solver::{Algorithm, Options, watch};

/// The most steps the stepper goes to: a tree of some twenty thousand boards, which the page
/// still draws and lists in a few milliseconds a step.
pub const MAX_STEPS: u64 = 10_000;

/// How many of the last steps a lesson carries (the page lists them, newest first).
pub const RECENT: usize = 12;

/// Whether the stepper can go on from the step shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Onward {
    /// More steps to take.
    #[default]
    More,
    /// The goal was taken: the search's last step.
    Goal,
    /// The search stopped without the goal.
    Stopped(Stopped),
    /// The stepper's most steps ([`MAX_STEPS`]).
    Limit,
}

/// A search at one step, as the stepper shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lesson {
    /// Everything the search holds (`snapshot.step`: the step shown, which is the step asked
    /// for unless the search ended before it).
    pub snapshot: Snapshot,
    /// The last steps, oldest first, at most [`RECENT`].
    pub recent: Vec<Expansion>,
    pub onward: Onward,
    /// The step in one plain sentence, or two (see [`super::telling`]).
    pub sentence: String,
    /// The search's pseudocode, a line an entry, and the line (from 1) the step ended on.
    pub pseudocode: Vec<String>,
    pub line: u32,
}

/// What a search is watched on, with what: a request's board, goal, algorithm and estimate.
type Key = (String, String, Algorithm, Heuristic);

/// The search the page is stepping through, kept between its requests.
#[derive(Default)]
pub struct Lessons {
    watching: Option<(Key, Watch, Vec<Expansion>)>,
}

impl std::fmt::Debug for Lessons {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lessons")
    }
}

impl Lessons {
    /// `algorithm` with `heuristic` on `board` toward `goal` (board notation, a goal's name or
    /// board), at step `step`: stepped on from the step before where the page asks for a later
    /// one, else from the start.
    pub fn show(
        &mut self,
        board: &str,
        goal: &str,
        algorithm: Algorithm,
        heuristic: Heuristic,
        step: u64,
    ) -> Result<Box<Lesson>, Failure> {
        let key = (board.to_string(), goal.to_string(), algorithm, heuristic);
        let carry_on = matches!(&self.watching, Some((k, w, _)) if *k == key && w.steps() <= step);
        if !carry_on {
            let (start, goal) = boards(board, goal)?;
            let options = Options::with(algorithm, heuristic);
            let watch = watch(&start, &goal, &options).map_err(Failure::of)?;
            self.watching = Some((key, watch, Vec::new()));
        }
        let Some((_, watch, recent)) = self.watching.as_mut() else {
            return Err(Failure::Internal {
                detail: "the stepper lost its search".into(),
            });
        };
        let target = step.min(MAX_STEPS);
        while watch.steps() < target {
            let Some(expansion) = watch.step() else { break };
            if recent.len() == RECENT {
                recent.remove(0);
            }
            recent.push(expansion);
        }
        let onward = match watch.ended() {
            Some(Ok(())) => Onward::Goal,
            Some(Err(why)) => Onward::Stopped(why),
            None if watch.steps() >= MAX_STEPS => Onward::Limit,
            None => Onward::More,
        };
        let mut lesson = Lesson {
            snapshot: watch.snapshot(),
            recent: recent.clone(),
            onward,
            ..Lesson::default()
        };
        lesson.sentence = sentence(algorithm, &lesson);
        lesson.line = line(algorithm, &lesson.snapshot) as u32;
        lesson.pseudocode = pseudocode(algorithm)
            .iter()
            .map(|l| l.to_string())
            .collect();
        Ok(Box::new(lesson))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARDEST: &str = "8 6 7/2 5 4/3 0 1";

    #[test]
    fn a_step_back_is_the_same_search_stepped_again_to_the_step_before() {
        let mut lessons = Lessons::default();
        let mut show = |step| {
            let lesson = lessons.show(
                HARDEST,
                "blank-last",
                Algorithm::AStar,
                Heuristic::Manhattan,
                step,
            );
            lesson.unwrap()
        };
        let at = [5, 6, 7].map(&mut show);
        assert_eq!(show(6), at[1], "back a step: exactly the step shown before");
        assert_eq!(show(7), at[2]);
        assert_eq!(at[2].recent.len(), 7);
        assert_eq!(at[2].recent.last().map(|e| e.step), Some(7));
        // The newest dozen, oldest first.
        let later = show(40);
        let steps: Vec<u64> = later.recent.iter().map(|e| e.step).collect();
        assert_eq!(steps, (29..=40).collect::<Vec<u64>>());
    }

    #[test]
    fn a_step_past_the_end_shows_the_last_and_says_why() {
        let mut lessons = Lessons::default();
        let near = "1 2 3/4 5 6/0 7 8";
        let lesson = lessons.show(
            near,
            "blank-last",
            Algorithm::Bfs,
            Heuristic::Manhattan,
            500,
        );
        let lesson = lesson.unwrap();
        assert_eq!(lesson.onward, Onward::Goal);
        assert_eq!(lesson.snapshot.solution, Some(2));
        assert_eq!(lesson.snapshot.step, lesson.recent.last().unwrap().step);
        let far = lessons.show(
            HARDEST,
            "blank-last",
            Algorithm::AStar,
            Heuristic::Hamming,
            u64::MAX,
        );
        let far = far.unwrap();
        assert_eq!((far.snapshot.step, far.onward), (MAX_STEPS, Onward::Limit));
    }

    #[test]
    fn what_cannot_be_stepped_through_is_refused_with_a_kind() {
        let mut lessons = Lessons::default();
        let mut show = |board: &str, algorithm, heuristic| {
            lessons
                .show(board, "blank-last", algorithm, heuristic, 1)
                .err()
        };
        let big = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 24 0";
        assert!(
            matches!(show(big, Algorithm::AStar, Heuristic::Manhattan), Some(Failure::BadRequest { problem }) if problem.contains("up to 4×4"))
        );
        assert!(matches!(
            show("1 2 3/4 5 6/8 7 0", Algorithm::AStar, Heuristic::Manhattan),
            Some(Failure::Unsolvable { .. })
        ));
        assert!(matches!(
            show(HARDEST, Algorithm::Weighted, Heuristic::Manhattan),
            Some(Failure::BadRequest { .. })
        ));
        assert!(matches!(
            show("1 2 3/4 5 6/7 0 8", Algorithm::IdaStar, Heuristic::Pdb),
            Some(Failure::BadRequest { .. })
        ));
    }
}
