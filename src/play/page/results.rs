//! A solve by hand, measured: the result against the optimum (asked of the worker on a channel
//! of its own, so Solve and Hint never cancel it), kept in the history, shared as a spoiler-free
//! text for the daily, and set against a friend's challenge. Replays of the player's own solve,
//! the shortest one and the friend's.

use super::{Copying, Effect, Page, Shared};
use crate::play::challenge::Verdict;
use crate::play::daily::{self, Date};
use crate::play::game::{self, Game};
use crate::play::link::{LinkedChallenge, LinkedDaily, write_challenge_query, write_daily_query};
use crate::play::protocol::{Answer, FromWorker, Purpose, ToWorker};
use crate::play::solves::{Solve, count, slides, time_text};
use crate::play::solving::Summary;
use crate::puzzle::moves::Move;
use crate::puzzle::notation::parse_moves;
use crate::puzzle::numbers::decimals;
use crate::solver::Algorithm;

/// The result of the last solve by hand, shown until the next board.
#[derive(Clone, Debug, PartialEq)]
pub struct HandResult {
    /// As kept in the history (its optimal length arrives later).
    pub solve: Solve,
    /// The player's moves, for "Watch your solve" and a challenge link.
    pub path: Vec<Move>,
    /// The solver's answer for the start board, once in.
    pub shortest: Option<Answer>,
    /// The worker is still measuring.
    pub measuring: bool,
    /// Why there is no measure (the search ran out of its budget, say).
    pub problem: Option<String>,
    /// The daily this was, if it was one.
    pub daily: Option<LinkedDaily>,
}

impl HandResult {
    /// How the player's moves compare with the reference: `52 moves is the shortest: 15 above
    /// it; efficiency 78 %`.
    pub fn comparison_text(&self) -> String {
        let s = &self.solve;
        let above = |reference: usize| match s.moves.checked_sub(reference) {
            Some(0) => "you found a shortest solution".to_string(),
            Some(n) => format!("{n} above it"),
            None => format!("{} fewer than Slide found", reference - s.moves),
        };
        let efficiency = s.efficiency().map_or(String::new(), |e| {
            format!("; efficiency {} %", decimals(e * 100.0, 0))
        });
        match (s.optimal, s.best_known) {
            (Some(n), _) => format!(
                "The shortest solution is {}: {}{efficiency}.",
                count(n, "move"),
                above(n)
            ),
            (None, Some(n)) => format!(
                "The best solution Slide found is {} (not proven shortest): {}{efficiency}.",
                count(n, "move"),
                above(n)
            ),
            _ if self.measuring => "Looking for the shortest solution…".into(),
            _ => self
                .problem
                .clone()
                .unwrap_or_else(|| "The shortest solution is not known.".into()),
        }
    }
}

impl Page {
    /// The player's own moves just reached the goal: measure, keep and settle the solve.
    pub(super) fn solved_by_hand(&mut self, now_ms: f64, fx: &mut Vec<Effect>) {
        let g = &self.game;
        let path = g.history().to_vec();
        // Solves are known by when they happened; two in one millisecond take the next ones.
        let mut id = self.calendar.epoch_ms.max(0.0) as u64;
        while self.history.solves.iter().any(|s| s.id == id) {
            id += 1;
        }
        let solve = Solve {
            id,
            date: self.calendar.today,
            start: g.start().clone(),
            moves: path.len(),
            slides: slides(&path),
            millis: g.elapsed_ms(now_ms),
            optimal: None,
            best_known: None,
            assisted: g.helped(),
        };
        if let Some(c) = self.challenge.as_mut() {
            c.settle(&solve);
        }
        self.history.add(solve.clone());
        fx.push(self.save_history());
        self.next_id += 1;
        self.measuring = Some((self.next_id, solve.id));
        fx.push(Effect::Measure(ToWorker::Solve {
            id: self.next_id,
            purpose: Purpose::Measure,
            board: solve.start.board().to_string(),
            goal: solve.start.goal().to_string(),
            algorithm: Algorithm::Auto,
            heuristic: None,
            max_nodes: None,
        }));
        self.result = Some(HandResult {
            solve,
            path,
            shortest: None,
            measuring: true,
            problem: None,
            daily: self.daily,
        });
    }

    /// The worker's measure of a solve: its length goes to the result and the history.
    pub(super) fn measured(&mut self, message: FromWorker, fx: &mut Vec<Effect>) {
        let Some((request, solve_id)) = self.measuring else {
            return;
        };
        let (id, answer, last) = match message {
            FromWorker::Better { id, answer, .. } => (id, Some(answer), false),
            FromWorker::Solved { id, answer, .. } => (id, Some(answer), true),
            FromWorker::Failed { id, failure, .. } if id == request => {
                self.measuring = None;
                if let Some(r) = self.result.as_mut().filter(|r| r.solve.id == solve_id) {
                    r.measuring = false;
                    r.problem = Some(format!("The shortest solution is not known: {failure}"));
                }
                return;
            }
            FromWorker::Cancelled { id, .. } if id == request => (id, None, true),
            _ => return,
        };
        if id != request {
            return;
        }
        if last {
            self.measuring = None;
        }
        let length = answer
            .as_ref()
            .and_then(|a| parse_moves(&a.moves).ok())
            .map(|m| m.len());
        let optimal = answer.as_ref().is_some_and(|a| a.optimal);
        if let (Some(length), Some(solve)) = (length, self.history.get_mut(solve_id)) {
            if optimal {
                solve.optimal = Some(length);
                solve.best_known = None;
            } else {
                solve.best_known = Some(length);
            }
            fx.push(self.save_history());
        }
        if let Some(r) = self.result.as_mut().filter(|r| r.solve.id == solve_id) {
            r.measuring = !last;
            if let Some(solve) = self.history.solves.iter().find(|s| s.id == solve_id) {
                r.solve = solve.clone();
            }
            if answer.is_some() {
                r.shortest = answer;
            }
        }
    }

    pub(super) fn save_history(&self) -> Effect {
        Effect::SaveHistory(self.history.to_json().to_string())
    }

    /// Opens the daily puzzle of `date` at a size (checked against the calendar).
    pub(super) fn open_daily(
        &mut self,
        date: Date,
        width: usize,
        height: usize,
    ) -> Result<(), String> {
        daily::check(date, self.calendar.latest)?;
        self.game = Game::new(daily::board(date, width, height)?);
        self.daily = Some(LinkedDaily {
            date,
            width,
            height,
        });
        Ok(())
    }

    /// The text Share result copies: date, size, moves, time, efficiency and the link, never
    /// the moves themselves.
    pub fn share_text(&self) -> Option<String> {
        let r = self.result.as_ref()?;
        let d = r.daily?;
        let s = &r.solve;
        let efficiency = match (s.efficiency(), s.optimal, s.best_known) {
            (Some(e), Some(n), _) => {
                format!(" · {} % of the shortest ({n})", decimals(e * 100.0, 0))
            }
            (Some(e), None, Some(n)) => {
                format!(" · {} % of the best known ({n})", decimals(e * 100.0, 0))
            }
            _ => String::new(),
        };
        Some(format!(
            "Slide daily {} · {}×{}\n{} moves in {}{efficiency}\n{}{}",
            d.date,
            d.width,
            d.height,
            s.moves,
            time_text(s.millis),
            self.base,
            write_daily_query(&d, None, false)
        ))
    }

    /// The link Copy link gives after a solve by hand: the start board with the result as a
    /// challenge (and the moves, if asked).
    pub(super) fn challenge_link(&self) -> Option<String> {
        // A solve with help challenges nobody.
        let r = (self.result.as_ref()).filter(|r| self.include_result && !r.solve.assisted)?;
        let target = LinkedChallenge {
            moves: r.solve.moves,
            millis: r.solve.millis,
            proof: Some(r.path.clone()),
        };
        let query = match r.daily {
            Some(d) => write_daily_query(&d, Some((&target, self.include_moves)), false),
            None => write_challenge_query(&r.solve.start, &target, self.include_moves),
        };
        Some(format!("{}{query}", self.base))
    }

    /// Replays moves from the start board of the result (or the challenge): the player's own,
    /// the shortest, or the friend's.
    pub(super) fn watch(&mut self, whose: Whose) {
        let start = match &self.result {
            Some(r) => r.solve.start.clone(),
            None => self.game.start().clone(),
        };
        let (moves, optimal, summary) = match whose {
            Whose::Yours => {
                let Some(r) = &self.result else { return };
                (r.path.clone(), false, Summary::Yours)
            }
            Whose::Shortest => {
                let Some(answer) = self.result.as_ref().and_then(|r| r.shortest.clone()) else {
                    return;
                };
                let Ok(moves) = parse_moves(&answer.moves) else {
                    return;
                };
                (moves, answer.optimal, Summary::of(&answer, 0.0, false))
            }
            Whose::Friends => {
                let Some(c) = self.challenge.as_ref().filter(|c| c.revealed) else {
                    return;
                };
                if c.verdict(&start).is_none_or(|v| v == Verdict::NotASolution) {
                    return;
                }
                let Some(proof) = c.target.proof.clone() else {
                    return;
                };
                (proof, false, Summary::Friends)
            }
        };
        self.playing = false;
        self.game = Game::new(start);
        self.game
            .apply(game::Action::ShowSolution { moves, optimal });
        self.summary = Some(summary);
    }

    /// The share panel's note after a copy.
    pub(super) fn copied(&mut self, what: Copying, ok: bool) {
        self.shared = match (what, ok) {
            (Copying::Link, true) => Shared::Copied,
            (Copying::Link, false) => Shared::Field(self.share_link()),
            (Copying::Result, true) => Shared::ResultCopied,
            (Copying::Result, false) => Shared::ResultField(self.share_text().unwrap_or_default()),
        };
    }
}

/// Whose moves a replay shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Shortest,
    Friends,
}
