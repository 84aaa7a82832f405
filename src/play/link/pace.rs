//! A replay at the pace it was played: how fast it plays ([`Pace`]), how long to wait before
//! each step, and what the player sees at each step (the time as played, moves, TPS, the
//! Manhattan distance) and in the chart of the time each move took.

use crate::heuristics::manhattan::Distances;
use crate::play::record::solves::time_text;
use crate::puzzle::numbers::{decimals, trimmed};
use crate::puzzle::position::Position;

/// How fast a replay plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pace {
    /// At the pace it was played, this many times faster (a solve by hand has its times).
    AsPlayed(f64),
    /// A fixed number of moves a second.
    Steady(u32),
}

/// The paces offered for a replay with times, as multiples of the pace played.
pub const AS_PLAYED: [f64; 4] = [0.5, 1.0, 2.0, 4.0];

/// The wait before the first move of a replay at the pace played: the solve's clock starts at
/// its first move, so without it the first tile would move the instant Play is pressed.
pub const LEAD_IN_MS: f64 = 500.0;

impl Pace {
    /// The name a picker's option carries: `x0.5`, `x1`, … or `steady`.
    pub fn name(self) -> String {
        match self {
            Pace::AsPlayed(x) => format!("x{}", trimmed(x, 3)),
            Pace::Steady(_) => "steady".into(),
        }
    }

    /// What a player reads: `1× (as played)`, `2×`, `4 moves/s`.
    pub fn label(self) -> String {
        match self {
            Pace::AsPlayed(1.0) => "1× (as played)".into(),
            Pace::AsPlayed(x) => format!("{}×", trimmed(x, 3)),
            Pace::Steady(n) => format!("Steady: {n} move{}/s", if n == 1 { "" } else { "s" }),
        }
    }

    /// The pace a picker's option names (`steady` at `speed` moves a second).
    pub fn parse(name: &str, speed: u32) -> Option<Pace> {
        if name == "steady" {
            return Some(Pace::Steady(speed));
        }
        // Matched against the names written, not parsed: parsing a float would bring the
        // standard library's float reader into the page's wasm for four values.
        (AS_PLAYED.into_iter().map(Pace::AsPlayed)).find(|p| p.name() == name)
    }
}

/// When each move of a replay was made: milliseconds from the first (the first at 0).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveTimes(Vec<f64>);

impl MoveTimes {
    /// The times of `moves` moves, if there is one a move, none before the first and none
    /// going backwards (anything else is no pace to play at).
    pub fn new(times: Vec<f64>, moves: usize) -> Option<MoveTimes> {
        let ordered = times.windows(2).all(|w| w[0] <= w[1]);
        let starts = times.first().is_none_or(|&t| t >= 0.0);
        let finite = times.iter().all(|t| t.is_finite());
        (times.len() == moves && ordered && starts && finite).then_some(MoveTimes(times))
    }

    pub fn times(&self) -> &[f64] {
        &self.0
    }

    /// How long each move took: the wait before it, the first's 0.
    pub fn gaps(&self) -> Vec<f64> {
        let t = &self.0;
        (0..t.len())
            .map(|i| if i == 0 { 0.0 } else { t[i] - t[i - 1] })
            .collect()
    }

    /// The longest wait before a move, and which move (1-based): where the player stopped to
    /// think.
    pub fn longest_pause(&self) -> Option<(f64, usize)> {
        self.gaps()
            .into_iter()
            .enumerate()
            .skip(1)
            .fold(None, |best, (i, g)| match best {
                Some((b, _)) if b >= g => best,
                _ => Some((g, i + 1)),
            })
    }

    /// The time as played once `step` moves are made (0 before the first).
    pub fn at(&self, step: usize) -> f64 {
        step.checked_sub(1)
            .and_then(|i| self.0.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// Milliseconds to wait before making move `step + 1` at `x` times the pace played.
    pub fn delay_before(&self, step: usize, x: f64) -> f64 {
        if step == 0 {
            return LEAD_IN_MS;
        }
        let gap = self.0.get(step).map_or(0.0, |t| t - self.0[step - 1]);
        gap / x.max(0.01)
    }
}

/// What a replay shows at a step.
#[derive(Clone, Debug, PartialEq)]
pub struct StepFigures {
    /// Moves made so far, and in all.
    pub step: usize,
    pub moves: usize,
    /// The time of the last move made, as played (with times only).
    pub time_ms: Option<f64>,
    /// Moves a second so far (once the clock has run).
    pub tps: Option<f64>,
    /// The Manhattan distance of the board at this step: how far the tiles still are from home.
    pub manhattan: u32,
}

impl StepFigures {
    /// The figures of `position` (the board on show) at `step` of `moves`.
    pub fn at(
        position: &Position,
        step: usize,
        moves: usize,
        times: Option<&MoveTimes>,
    ) -> StepFigures {
        let board = position.board();
        let manhattan = Distances::new(position.goal()).estimate(&|s| board.tile(s));
        let time_ms = times.map(|t| t.at(step));
        let tps = time_ms
            .filter(|&ms| ms > 0.0)
            .map(|ms| step as f64 * 1000.0 / ms);
        StepFigures {
            step,
            moves,
            time_ms,
            tps,
            manhattan,
        }
    }

    /// `4.21 s`, or nothing without times.
    pub fn time_text(&self) -> Option<String> {
        self.time_ms.map(time_text)
    }

    /// `3.85`, or `–` before the clock has run.
    pub fn tps_text(&self) -> String {
        self.tps.map_or("–".into(), |t| decimals(t, 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::notation::parse_board;

    fn times() -> MoveTimes {
        MoveTimes::new(vec![0.0, 400.0, 400.0, 2800.0, 3000.0], 5).unwrap()
    }

    #[test]
    fn the_wait_before_each_move_is_its_gap_at_the_pace_chosen() {
        let t = times();
        assert_eq!(t.delay_before(0, 1.0), LEAD_IN_MS);
        assert_eq!(t.delay_before(1, 1.0), 400.0);
        assert_eq!(t.delay_before(2, 1.0), 0.0, "a slide of two tiles at once");
        assert_eq!(t.delay_before(3, 2.0), 1200.0);
        assert_eq!(t.delay_before(4, 0.5), 400.0);
    }

    #[test]
    fn the_longest_pause_is_named_by_its_move() {
        assert_eq!(times().longest_pause(), Some((2400.0, 4)));
        assert_eq!(times().gaps(), vec![0.0, 400.0, 0.0, 2400.0, 200.0]);
        assert_eq!(MoveTimes::new(vec![0.0], 1).unwrap().longest_pause(), None);
    }

    #[test]
    fn times_that_do_not_fit_their_moves_are_no_pace() {
        assert!(MoveTimes::new(vec![0.0, 5.0], 3).is_none());
        assert!(MoveTimes::new(vec![0.0, 5.0, 4.0], 3).is_none());
        assert!(MoveTimes::new(vec![-1.0, 5.0], 2).is_none());
        assert!(MoveTimes::new(vec![0.0, f64::NAN], 2).is_none());
    }

    #[test]
    fn paces_have_names_and_labels() {
        for x in AS_PLAYED {
            assert_eq!(
                Pace::parse(&Pace::AsPlayed(x).name(), 4),
                Some(Pace::AsPlayed(x))
            );
        }
        assert_eq!(Pace::parse("steady", 7), Some(Pace::Steady(7)));
        assert_eq!(Pace::parse("x3", 7), None);
        assert_eq!(Pace::AsPlayed(1.0).label(), "1× (as played)");
        assert_eq!(Pace::AsPlayed(0.5).label(), "0.5×");
        assert_eq!(Pace::Steady(4).label(), "Steady: 4 moves/s");
    }

    #[test]
    fn each_step_shows_its_time_moves_tps_and_manhattan_distance() {
        let start = Position::toward(
            parse_board("1 2 3/4 5 6/0 7 8").unwrap(),
            &Default::default(),
        )
        .unwrap();
        let f = StepFigures::at(&start, 0, 5, Some(&times()));
        assert_eq!(
            (f.time_text(), f.tps_text(), f.manhattan),
            (Some("0.00 s".into()), "–".into(), 2)
        );
        let f = StepFigures::at(&start, 4, 5, Some(&times()));
        assert_eq!(
            (f.time_text().unwrap(), f.tps_text()),
            ("2.80 s".into(), "1.43".into())
        );
    }
}
