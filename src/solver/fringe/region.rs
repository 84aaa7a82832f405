//! The unfinished rectangle: the squares a line's search and its estimate may use.

/// The unfinished rectangle: rows `top..bottom`, columns `left..w`.
pub(super) struct Region {
    pub(super) w: usize,
    pub(super) top: usize,
    pub(super) left: usize,
    pub(super) bottom: usize,
}

impl Region {
    pub(super) fn contains(&self, s: usize) -> bool {
        s / self.w >= self.top && s / self.w < self.bottom && s % self.w >= self.left
    }

    /// The squares next to `s` inside the rectangle.
    pub(super) fn neighbours(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let w = self.w;
        let (r, c) = (s / w, s % w);
        [
            (r > self.top).then(|| s - w),
            (r + 1 < self.bottom).then(|| s + w),
            (c > self.left).then(|| s - 1),
            (c + 1 < w).then(|| s + 1),
        ]
        .into_iter()
        .flatten()
    }
}
