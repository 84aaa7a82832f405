//! A friend's challenge: the result to beat, Give up, and once the player has solved the board
//! (or given up) who won and what replaying the friend's moves showed.

use crate::play::link::challenge::{Challenge, Verdict};
use crate::play::page::{Action, BoardAction, ShareAction, Whose};
use crate::puzzle::numbers::decimals;
use crate::puzzle::position::Position;
use yew::prelude::*;

pub struct ChallengeProps<'a> {
    pub challenge: &'a Challenge,
    /// The board the challenge is on, and its goal (to replay the friend's moves).
    pub start: &'a Position,
    pub on: Callback<Action>,
}

pub fn challenge_panel(props: &ChallengeProps) -> Html {
    let c = props.challenge;
    let on = &props.on;
    let verdict = c.revealed.then(|| c.verdict(props.start)).flatten();
    let can_watch = matches!(verdict, Some(Verdict::Checked | Verdict::Miscounted { .. }));
    html! {
        <section class="challenge" data-testid="challenge" aria-labelledby="challenge-title"
            data-moves={c.target.moves.to_string()} data-millis={decimals(c.target.millis, 0)}
            data-revealed={c.revealed.to_string()}>
            <h2 id="challenge-title">{ "A friend's challenge" }</h2>
            <p>{ format!("Your friend solved this board in {}. Beat that!", c.target_text()) }</p>
            if let Some(outcome) = &c.outcome {
                <p class="outcome" role="status"><strong>{ outcome.clone() }</strong></p>
            }
            if let Some(v) = &verdict {
                <p class="verdict">{ v.text(c.target.moves) }</p>
            } else if c.revealed && c.target.proof.is_none() {
                <p class="verdict">{ "The link has no moves, so the claimed result cannot be checked." }</p>
            }
            <div class="row">
                if !c.revealed && c.target.proof.is_some() {
                    <button onclick={on.reform(|_| Action::Share(ShareAction::GiveUp))}>{ "Give up" }</button>
                }
                if can_watch {
                    <button onclick={on.reform(|_| Action::Board(BoardAction::Watch(Whose::Friends)))}>{ "Watch your friend's solve" }</button>
                }
            </div>
        </section>
    }
}
