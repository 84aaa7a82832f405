//! How counts and measures are written for people: `1,234,567` nodes, `1.43`×, `2.5` s.
//!
//! Fixed decimals are written with integer arithmetic rather than the standard float formatter,
//! whose code the page's WebAssembly would otherwise carry (about 20 KB).

/// A count with thousands separators: `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `x` rounded to `places` decimals (half away from zero): `decimals(1.425, 2)` → `1.43`,
/// `decimals(12.4, 0)` → `12`. Values beyond ±9·10^15 (and NaN) are written as whole numbers
/// clamped to that range: no measure here comes near it.
pub fn decimals(x: f64, places: u32) -> String {
    let scale = 10i64.pow(places.min(6));
    let limit = 9.0e15;
    let scaled = (x * scale as f64).round().clamp(-limit, limit);
    let n = if scaled.is_nan() { 0 } else { scaled as i64 };
    let sign = if n < 0 { "-" } else { "" };
    let (whole, part) = (n.abs() / scale, n.abs() % scale);
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!(
            "{sign}{whole}.{part:0width$}",
            width = places.min(6) as usize
        )
    }
}

/// `x` to at most `places` decimals, without the zeros that would end it: `trimmed(1.5, 2)` →
/// `1.5`, `trimmed(2.0, 2)` → `2`, `trimmed(0.125, 2)` → `0.13`.
pub fn trimmed(x: f64, places: u32) -> String {
    let text = decimals(x, places);
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    }
}

/// `x` as a message shows a number someone typed: up to six decimals, trailing zeros dropped,
/// and NaN and the infinities by name. Unlike `{}` of an `f64`, it needs no float formatting
/// from the standard library, which weighed 7.5 KB gzipped in the solver's worker.
pub fn shown(x: f64) -> String {
    match x {
        _ if x.is_nan() => "NaN".to_string(),
        f64::INFINITY => "inf".to_string(),
        f64::NEG_INFINITY => "-inf".to_string(),
        _ => trimmed(x, 6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_number_is_shown_as_typed() {
        let shown: Vec<String> = [
            0.0,
            -1.0,
            2.5,
            86_400.0,
            1e9,
            0.125,
            f64::NAN,
            f64::INFINITY,
        ]
        .into_iter()
        .map(shown)
        .collect();
        let expected = [
            "0",
            "-1",
            "2.5",
            "86400",
            "1000000000",
            "0.125",
            "NaN",
            "inf",
        ];
        assert_eq!(shown, expected);
    }

    #[test]
    fn trimmed_numbers_end_on_their_last_digit() {
        assert_eq!(trimmed(1.5, 2), "1.5");
        assert_eq!(trimmed(2.0, 2), "2");
        assert_eq!(trimmed(0.125, 2), "0.13");
        assert_eq!(trimmed(-2.0, 3), "-2");
        assert_eq!(trimmed(120.0, 0), "120");
    }

    #[test]
    fn counts_get_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(31_215_454), "31,215,454");
    }

    #[test]
    fn decimals_round_half_away_from_zero() {
        assert_eq!(decimals(1.425, 2), "1.43");
        assert_eq!(decimals(12.4, 0), "12");
        assert_eq!(decimals(0.04, 1), "0.0");
        assert_eq!(decimals(-1.25, 1), "-1.3");
        assert_eq!(decimals(2.0, 3), "2.000");
        assert_eq!(decimals(0.105, 3), "0.105");
        assert_eq!(decimals(f64::NAN, 1), "0.0");
        for x in [0.0, 0.5, 1.234, 99.99, 1234.5678] {
            assert_eq!(decimals(x, 2), format!("{x:.2}"), "{x}");
        }
    }
}
