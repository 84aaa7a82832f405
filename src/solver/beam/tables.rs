//! The per-square tables a child's scores are read from, `[tile * n + square]` each: what a
//! tile on a square adds to the estimate, made once so that a child's change is a few look-ups
//! (see the fields of [`Beam`](super::Beam) of the same names).

use super::aim::Aim;
use super::weights::far_term;
use crate::heuristics::manhattan::squares_apart;

/// A beam's score tables, as [`Beam`](super::Beam) keeps them.
pub(super) struct Tables {
    /// The extra weight times the distance, and an aimed tile's far term.
    pub(super) weighted: Vec<i32>,
    /// In a partial beam, the far term of a tile not aimed at (empty otherwise).
    pub(super) others: Vec<i32>,
    /// What the tile adds to the estimate, in halves of a move, and to its plain part.
    pub(super) score: Vec<i32>,
    pub(super) plain_score: Vec<i32>,
}

impl Tables {
    /// The tables of a beam aiming at `aim`, each tile's square in the goal `home` on a board
    /// `w` squares wide.
    pub(super) fn new(aim: &Aim, home: &[usize], w: usize) -> Tables {
        let n = home.len();
        let (extra, next, partial) = (&aim.extra, &aim.next, aim.partial);
        // Every tile counts its far term (see `far_term`): in the weighted part of the estimate,
        // but a partial beam's other tiles in the plain part, so that the weighted part is
        // nothing once the aimed tiles are home.
        let aimed = |tile: usize| aim.aims_at(tile);
        let apart = |k: usize| squares_apart(k % n, home[k / n], w) as i32;
        let weighted: Vec<i32> = (0..n * n)
            .map(|k| {
                let (tile, d) = (k / n, apart(k));
                let far = if aimed(tile) { far_term(d) } else { 0 };
                extra[tile] * d + far
            })
            .collect();
        let others: Vec<i32> = match partial {
            true => (0..n * n)
                .map(|k| {
                    let (tile, d) = (k / n, apart(k));
                    // In moves, as the plain part is.
                    if tile == 0 || aimed(tile) {
                        0
                    } else {
                        (far_term(d) + next.get(tile).map_or(0, |&x| x * d)) / 2
                    }
                })
                .collect(),
            false => Vec::new(),
        };
        let other = |k: usize| others.get(k).copied().unwrap_or(0);
        let distance = |k: usize| if k < n { 0 } else { apart(k) };
        let score = (0..n * n)
            .map(|k| 2 * distance(k) + weighted[k] + 2 * other(k))
            .collect();
        let plain_score = (0..n * n).map(|k| distance(k) + other(k)).collect();
        Tables {
            weighted,
            others,
            score,
            plain_score,
        }
    }
}
