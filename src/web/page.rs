//! The page's surroundings: the link it was opened with and the board it starts on, its address
//! (to write links), the clock, and the page that embeds it (if any).

use super::settings::Settings;
use crate::board::Board;
use crate::game::{Action, Game};
use crate::goal::Goal;
use crate::link::{read_query, write_query};
use crate::random::Rng;
use crate::scramble::{ScrambleOptions, random_solvable};

/// Milliseconds on the page's clock (`performance.now()`), the time base of the game's clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// A fresh scramble of the given size toward `goal` (blank-last where a custom goal has another
/// size).
pub fn shuffled(
    width: usize,
    height: usize,
    mostly_misplaced: bool,
    goal: &Goal,
) -> Result<Game, String> {
    let goal = goal
        .board(width, height)
        .or_else(|_| Goal::BlankLast.board(width, height))
        .map_err(|e| e.to_string())?;
    let mut rng = Rng::from_entropy().map_err(|e| format!("No randomness available: {e}"))?;
    let options = if mostly_misplaced {
        ScrambleOptions::MOSTLY_MISPLACED
    } else {
        ScrambleOptions::default()
    };
    let board = random_solvable(&goal, options, &mut rng).map_err(|e| e.to_string())?;
    Ok(Game::new(board, goal))
}

/// How the page opens: the link's position (and replay), or a shuffle, and anything the link
/// asked for that could not be honoured.
pub struct Opening {
    pub game: Game,
    pub problem: Option<String>,
    pub embed: bool,
    pub linked_replay: bool,
}

pub fn opening(settings: &Settings) -> Opening {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let request = read_query(&query);
    let mut problem = request.problem.clone();
    let mut linked_replay = false;
    let game = match request.position {
        Some(p) => {
            let mut game = Game::new(p.board, p.goal);
            if let Some(replay) = request.replay {
                game.apply(Action::ShowSolution {
                    moves: replay.moves,
                    optimal: false,
                });
                game.apply(Action::SeekStep(replay.step));
                linked_replay = true;
            }
            game
        }
        None => {
            if let Some(p) = problem.as_mut() {
                p.push_str(" Here is a fresh board instead.");
            }
            let goal = Goal::parse(&settings.goal).unwrap_or_default();
            let (w, h) = settings.size;
            match shuffled(w, h, true, &goal) {
                Ok(game) => game,
                // Without randomness, the solved 8-puzzle still makes a playable page.
                Err(e) => {
                    problem = Some(e);
                    Game::new(Board::default(), Board::default())
                }
            }
        }
    };
    Opening {
        game,
        problem,
        embed: request.embed,
        linked_replay,
    }
}

/// The page's address without its query (`https://host/games/slide/`).
pub fn page_base() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default()
}

/// The query of a link to what the game shows: the replay's start, moves and step while a
/// solution is shown, else the board itself.
pub fn query_for(g: &Game, embed: bool) -> String {
    match (g.replay(), g.replay_start(), g.replay_step()) {
        (Some(r), Some(start), Some(step)) => {
            write_query(&start, g.goal(), Some((&r.moves, step)), embed)
        }
        _ => write_query(g.board(), g.goal(), None, embed),
    }
}

/// Tells the page that embeds this one (if any) what happened: `{"type":"slide:move",…}`.
pub fn post_to_parent(message: &[(&str, wasm_bindgen::JsValue)]) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let object = js_sys::Object::new();
    for (key, value) in message {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), value);
    }
    let _ = parent.post_message(&object, "*");
}
