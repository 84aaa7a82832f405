//! What the components read from the page: the link to what it shows, the board on screen, the
//! tile to outline, how fast tiles glide, the fix of an unsolvable board.

use super::Page;
use crate::play::link::{write_daily_query, write_query};
use crate::puzzle::position::Position;

impl Page {
    /// The query of a link to what the page shows: the replay's start, moves and step while a
    /// solution is shown, else the board itself.
    pub fn query(&self, embed: bool) -> String {
        // A daily's address is the daily's: spoiler-free, and a reload starts it again.
        if let Some(daily) = &self.daily {
            return write_daily_query(daily, None, embed);
        }
        let g = &self.game;
        match (g.replay(), g.replay_start(), g.replay_step()) {
            (Some(r), Some(start), Some(step)) => {
                write_query(&start, g.goal(), Some((&r.moves, step)), embed)
            }
            _ => write_query(g.board(), g.goal(), None, embed),
        }
    }

    /// The full link to what the page shows (in embed mode with `embed`).
    pub fn link(&self, embed: bool) -> String {
        format!("{}{}", self.base, self.query(embed))
    }

    /// The link Copy link copies: after a solve by hand, the start board with the result as a
    /// challenge (unless the player unticked it); otherwise the link to what is shown.
    pub fn share_link(&self) -> String {
        self.challenge_link().unwrap_or_else(|| self.link(false))
    }

    /// The board on screen with its goal: the one being set by hand, or the game's.
    pub fn shown(&self) -> &Position {
        match &self.editor.editing {
            Some(e) => &e.position,
            None => self.game.position(),
        }
    }

    /// The tile to outline: the next move of a replay, or the hint.
    pub fn highlight(&self) -> Option<u8> {
        if self.editor.editing.is_some() {
            return None;
        }
        let board = self.game.board();
        let mv = match (self.game.next_replay_move(), &self.hint) {
            (Some(m), _) => m,
            (None, Some((b, m))) if b == board => *m,
            _ => return None,
        };
        mv.blank_target(board.blank(), board.width(), board.height())
            .map(|square| board.tile(square))
    }

    /// The hint on show, in words: `Slide tile 3 down.` (the tile is also ringed on the board).
    pub fn hint_text(&self) -> Option<String> {
        let board = self.game.board();
        let (b, mv) = self.hint.as_ref().filter(|(b, _)| b == board)?;
        let square = mv.blank_target(b.blank(), b.width(), b.height())?;
        Some(format!(
            "Hint: slide tile {} {}.",
            b.tile(square),
            mv.word()
        ))
    }

    /// How long a tile takes to slide: shorter while a replay plays fast.
    pub fn slide_ms(&self) -> u32 {
        if self.playing {
            (700 / self.speed.max(1)).clamp(30, 130)
        } else {
            130
        }
    }

    /// The fewest moves and shortest time on this board's size, from earlier games.
    pub fn best(&self) -> Option<(usize, f64)> {
        let b = self.game.board();
        self.settings
            .best
            .get(&format!("{}x{}", b.width(), b.height()))
            .map(|best| (best.moves, best.millis))
    }

    /// The explanation of why the board on show cannot be solved, and the swap that fixes it.
    pub fn unsolvable(&self) -> Option<(String, u8, u8)> {
        let position = &self.editor.editing.as_ref()?.position;
        let (x, y) = self.editor.fix()?;
        let board = position.board();
        Some((
            position.solvability().explanation(),
            board.tile(x),
            board.tile(y),
        ))
    }

    /// Tiles to mark on the board (the fix's swap, or the tile picked first).
    pub fn marked(&self) -> Vec<u8> {
        self.editor.marked()
    }
}

/// The `<iframe>` to paste into a page, as DESIGN.md gives it. The link is already safe text
/// (our own query writer); quotes are escaped anyway.
pub fn iframe_snippet(embed_link: &str) -> String {
    format!(
        r#"<iframe src="{}" title="Sliding puzzle" width="360" height="460"></iframe>"#,
        embed_link.replace('&', "&amp;").replace('"', "&quot;")
    )
}
