//! How a search's pattern databases were had: from the browser's cache, the site, or built.

/// How a search's pattern databases were had, when it needed them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tables {
    /// Milliseconds spent getting them.
    pub millis: f64,
    pub from: TablesFrom,
}

/// Where pattern databases came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesFrom {
    /// This browser's cache (a visit before this one got them).
    Cache,
    /// The site's prebuilt tables (`tables/`), fetched once.
    Download,
    /// Built in the worker (no download to be had).
    Built,
}

impl Tables {
    /// What getting them took, in words: `pattern databases downloaded in 0.6 s, once: kept for
    /// next time`.
    pub fn text(&self) -> String {
        use crate::puzzle::numbers::decimals;
        match self.from {
            TablesFrom::Cache => format!(
                "pattern databases read from this browser's cache in {} ms",
                decimals(self.millis, 0)
            ),
            TablesFrom::Download => format!(
                "pattern databases downloaded in {} s, once: kept for next time",
                decimals(self.millis / 1000.0, 1)
            ),
            TablesFrom::Built => format!(
                "pattern databases built in {} s, once: kept for next time",
                decimals(self.millis / 1000.0, 1)
            ),
        }
    }
}
