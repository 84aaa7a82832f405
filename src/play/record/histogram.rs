//! A histogram of solve times: bins of one round width (0.5 s, 1 s, 2 s, 5 s, 10 s, 30 s, a
//! minute…), the fewest bins that show the spread, at most [`MAX_BINS`], each starting on a
//! multiple of its width, so a bin reads "9–10 s" rather than "9.13–10.27 s".

use crate::puzzle::numbers::trimmed;

/// The most bins drawn: more would make bars too thin to read on a phone.
pub const MAX_BINS: usize = 12;

/// The round widths tried, in milliseconds, smallest first: 1-2-5 steps, then seconds and
/// minutes as a clock counts them.
const WIDTHS: [f64; 22] = [
    10.0,
    20.0,
    50.0,
    100.0,
    200.0,
    500.0,
    1_000.0,
    2_000.0,
    5_000.0,
    10_000.0,
    15_000.0,
    20_000.0,
    30_000.0,
    60_000.0,
    120_000.0,
    300_000.0,
    600_000.0,
    900_000.0,
    1_200_000.0,
    1_800_000.0,
    3_600_000.0,
    7_200_000.0,
];

/// One bin: the times from `from` up to (not including) `to`, in milliseconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Bin {
    pub from: f64,
    pub to: f64,
    pub count: usize,
}

impl Bin {
    /// The bin as a player reads it: `9–10 s`, `9.5–10 s`, or from a minute `1:30–2:00`.
    pub fn label(&self) -> String {
        let width = self.to - self.from;
        // As many decimals as the width needs.
        let places = match width {
            w if w >= 1_000.0 => 0,
            w if w >= 100.0 => 1,
            _ => 2,
        };
        let seconds = |ms: f64| trimmed(ms / 1_000.0, places);
        if self.to <= 60_000.0 {
            return format!("{}–{} s", seconds(self.from), seconds(self.to));
        }
        let clock = |ms: f64| {
            let minutes = (ms / 60_000.0).floor();
            let rest = seconds(ms - minutes * 60_000.0);
            // Whole minutes as a count: a float's own printer would weigh on the page.
            let minutes = minutes as u64;
            let pad = if rest.split('.').next().unwrap_or("").len() < 2 {
                "0"
            } else {
                ""
            };
            format!("{minutes}:{pad}{rest}")
        };
        format!("{}–{}", clock(self.from), clock(self.to))
    }
}

/// `9.50` → `9.5`, `10.0` → `10`.
/// The times (milliseconds, any order) in bins of the smallest round width that needs at most
/// [`MAX_BINS`] of them; empty bins between are kept, so the bars' spacing is the times'.
/// No times, no bins.
pub fn histogram(times: &[f64]) -> Vec<Bin> {
    let finite = || times.iter().copied().filter(|t| t.is_finite() && *t >= 0.0);
    let (Some(low), Some(high)) = (
        finite().min_by(f64::total_cmp),
        finite().max_by(f64::total_cmp),
    ) else {
        return Vec::new();
    };
    let bins_of = |width: f64| ((high / width).floor() - (low / width).floor()) as usize + 1;
    let width = (WIDTHS.into_iter())
        .find(|&w| bins_of(w) <= MAX_BINS)
        // Days of solving: whole hours.
        .unwrap_or_else(|| ((high - low) / MAX_BINS as f64 / 3_600_000.0).ceil() * 3_600_000.0);
    let first = (low / width).floor();
    let mut bins: Vec<Bin> = (0..bins_of(width))
        .map(|i| Bin {
            from: (first + i as f64) * width,
            to: (first + i as f64 + 1.0) * width,
            count: 0,
        })
        .collect();
    let last = bins.len() - 1;
    for t in finite() {
        let i = ((t / width).floor() - first) as usize;
        if let Some(bin) = bins.get_mut(i.min(last)) {
            bin.count += 1;
        }
    }
    bins
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(bins: &[Bin]) -> Vec<(String, usize)> {
        bins.iter().map(|b| (b.label(), b.count)).collect()
    }

    #[test]
    fn times_fall_in_bins_of_a_round_width() {
        assert_eq!(histogram(&[]), Vec::new());
        // 9.1 s to 17.8 s: 1 s bins, 9 of them, the empty 14–15 s kept.
        let bins = histogram(&[9_100.0, 9_900.0, 10_000.0, 12_500.0, 17_800.0, 13_000.0]);
        assert_eq!(
            shape(&bins),
            vec![
                ("9–10 s".into(), 2),
                ("10–11 s".into(), 1),
                ("11–12 s".into(), 0),
                ("12–13 s".into(), 1),
                ("13–14 s".into(), 1),
                ("14–15 s".into(), 0),
                ("15–16 s".into(), 0),
                ("16–17 s".into(), 0),
                ("17–18 s".into(), 1),
            ]
        );
        // 5 s to nearly 3 minutes: 10 s bins would be 18; 15 s bins are 12.
        let wide = histogram(&[5_000.0, 170_000.0, 45_000.0]);
        assert_eq!(wide.len(), 12);
        assert_eq!(wide[0].label(), "0–15 s");
        assert_eq!(wide[11].label(), "2:45–3:00");
        assert_eq!(wide.iter().map(|b| b.count).sum::<usize>(), 3);
        // One time: one bin of the smallest width.
        assert_eq!(
            shape(&histogram(&[9_876.0])),
            vec![("9.87–9.88 s".into(), 1)]
        );
        let halves = histogram(&[1_000.0, 5_400.0]);
        assert_eq!(halves[0].label(), "1–1.5 s");
        let past_a_minute = Bin {
            from: 60_000.0,
            to: 60_500.0,
            count: 1,
        };
        assert_eq!(past_a_minute.label(), "1:00–1:00.5");
        for n in [2usize, 7, 40, 300] {
            let times: Vec<f64> = (0..n).map(|i| 5_000.0 + (i * i * 37) as f64).collect();
            let bins = histogram(&times);
            assert!(bins.len() <= MAX_BINS, "{n}: {}", bins.len());
            assert_eq!(bins.iter().map(|b| b.count).sum::<usize>(), n);
        }
    }
}
