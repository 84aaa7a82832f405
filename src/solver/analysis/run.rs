//! How the analysis goes from move to move: free where the player followed the witness, one
//! probe where they did not, and for a move that went away, one probe for each other move from
//! the board before it.

use super::probe::{Probe, Probed, Question};
use super::{Analysed, Analysis, AnalysisError, Away, Stage};
use crate::puzzle::moves::Move;

impl Analysis {
    /// Works for up to about `slice` expanded nodes: `None` while work remains, then the
    /// analysis (again at each later call).
    pub fn run(&mut self, slice: u64) -> Result<Option<Analysed>, AnalysisError> {
        let mut left = slice.max(1);
        loop {
            if self.probe.is_none() && !self.next_question() {
                return Ok(Some(self.analysed()));
            }
            let room = self.max_nodes.saturating_sub(self.expanded);
            let Some(probe) = self.probe.as_mut().filter(|_| room > 0) else {
                return Err(AnalysisError::Budget {
                    max_nodes: self.max_nodes,
                    measured: self.measured(),
                });
            };
            let (spent, answer) = probe.run(left.min(room)).map_err(|outcome| {
                AnalysisError::Internal(format!("one iteration of IDA* ended with {outcome:?}"))
            })?;
            self.expanded += spent;
            left = left.saturating_sub(spent);
            if let Some(answer) = answer {
                let question = self.probe.take().map(|p| p.question);
                self.answered(answer, question.and_then(|q| q.last));
            }
            if left == 0 {
                return Ok(None);
            }
        }
    }

    fn analysed(&self) -> Analysed {
        Analysed {
            distances: self.distances.clone(),
            away: self.away.clone(),
            expanded: self.expanded,
        }
    }

    /// Moves on to the next question, taking every move that needs none on the way; false at
    /// the end.
    fn next_question(&mut self) -> bool {
        let question = match &mut self.stage {
            Stage::Start { bound } => Question {
                board: self.boards[0].clone(),
                last: None,
                bound: *bound,
            },
            Stage::Others { left, .. } => {
                let Some(other) = left.pop() else {
                    self.others_done();
                    return self.next_question();
                };
                let before = &self.boards[self.distances.len() - 2];
                let d = self.distances[self.distances.len() - 2];
                Question {
                    board: before.moved(other).unwrap_or_else(|| before.clone()),
                    last: Some(other),
                    bound: d - 1,
                }
            }
            Stage::Moves => match self.next_move() {
                Some(question) => question,
                None => return false,
            },
        };
        self.probe = Some(Probe::new(question, &self.goal, &self.estimator));
        true
    }

    /// Takes the moves that follow the witness; the question about the next that does not.
    fn next_move(&mut self) -> Option<Question> {
        loop {
            let at = self.distances.len();
            let (&m, &d) = (self.moves.get(at - 1)?, self.distances.last()?);
            if self.witness.front() == Some(&m) {
                self.witness.pop_front();
                self.distances.push(d - 1);
                continue;
            }
            if d == 0 {
                // From the goal every move goes away, and nothing went toward.
                self.went_away(m);
                self.away.push(Away {
                    number: at,
                    played: m,
                    toward: Vec::new(),
                });
                continue;
            }
            return Some(Question {
                board: self.boards[at].clone(),
                last: Some(m),
                bound: d - 1,
            });
        }
    }

    /// Move `m` went away: one more, and back the way it came.
    fn went_away(&mut self, m: Move) {
        let d = self.distances.last().copied().unwrap_or(0);
        self.distances.push(d + 1);
        self.witness.push_front(m.opposite());
    }

    /// A probe's answer to the question for the board reached by `last`.
    fn answered(&mut self, answer: Probed, last: Option<Move>) {
        match (&mut self.stage, answer) {
            (Stage::Start { .. }, Probed::Within(path)) => {
                self.distances.push(path.len() as u32);
                self.witness = path.into();
                self.stage = Stage::Moves;
            }
            // The distance has the parity of the bounds tried: the next that can be is two on.
            (Stage::Start { bound }, Probed::Beyond) => *bound += 2,
            (Stage::Moves, Probed::Within(path)) => {
                let d = self.distances.last().copied().unwrap_or(1);
                self.distances.push(d - 1);
                self.witness = path.into();
            }
            (Stage::Moves, Probed::Beyond) => {
                let at = self.distances.len();
                let played = self.moves[at - 1];
                let first = self.witness.front().copied();
                self.went_away(played);
                // The witness's first move goes toward; the others are asked about.
                let left = (self.boards[at - 1].legal_moves())
                    .filter(|&m| m != played && Some(m) != first)
                    .collect();
                self.stage = Stage::Others {
                    number: at,
                    left,
                    toward: first.into_iter().collect(),
                };
            }
            (Stage::Others { toward, .. }, Probed::Within(_)) => {
                toward.extend(last);
            }
            (Stage::Others { .. }, Probed::Beyond) => {}
        }
    }

    /// Every other move from the board before an away move has been asked about.
    fn others_done(&mut self) {
        if let Stage::Others {
            number,
            toward,
            left: _,
        } = std::mem::replace(&mut self.stage, Stage::Moves)
        {
            let mut toward = toward;
            toward.sort_by_key(|m| m.index());
            self.away.push(Away {
                number,
                played: self.moves[number - 1],
                toward,
            });
        }
    }
}
