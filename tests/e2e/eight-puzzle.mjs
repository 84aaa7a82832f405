// A shortest solution of a 3×3 board toward blank-last, found by the test itself (IDA* with the
// Manhattan distance): a random-state board can then be solved by hand, with keys, without the
// page showing any solution (which would mark the solve as helped).

const KEY = { L: 'ArrowLeft', R: 'ArrowRight', U: 'ArrowUp', D: 'ArrowDown' };
// A tile move and where the blank goes: the tile right of the blank moving left moves the blank
// right, and so on.
const STEPS = [['L', 0, 1], ['R', 0, -1], ['U', 1, 0], ['D', -1, 0]];
const OPPOSITE = { L: 'R', R: 'L', U: 'D', D: 'U' };

function manhattan(tiles) {
  let sum = 0;
  tiles.forEach((t, i) => {
    if (t !== 0) sum += Math.abs(Math.floor((t - 1) / 3) - Math.floor(i / 3)) + Math.abs(((t - 1) % 3) - (i % 3));
  });
  return sum;
}

/** The arrow keys that solve `state` (`8 6 7/2 5 4/3 0 1`), moving tiles, fewest first. */
export function solveKeys(state) {
  const tiles = state.split(/[\s/]+/).map(Number);
  const path = [];
  const search = (blank, g, bound, last) => {
    const h = manhattan(tiles);
    if (g + h > bound) return g + h;
    if (h === 0) return -1;
    let next = Infinity;
    for (const [move, dr, dc] of STEPS) {
      if (last && OPPOSITE[last] === move) continue;
      const r = Math.floor(blank / 3) + dr;
      const c = (blank % 3) + dc;
      if (r < 0 || r > 2 || c < 0 || c > 2) continue;
      const to = r * 3 + c;
      [tiles[blank], tiles[to]] = [tiles[to], tiles[blank]];
      path.push(move);
      const found = search(to, g + 1, bound, move);
      if (found === -1) return -1;
      next = Math.min(next, found);
      path.pop();
      [tiles[blank], tiles[to]] = [tiles[to], tiles[blank]];
    }
    return next;
  };
  for (let bound = manhattan(tiles); bound < 40; ) {
    const found = search(tiles.indexOf(0), 0, bound, null);
    if (found === -1) return path.map((m) => KEY[m]);
    bound = found;
  }
  throw new Error(`${state} cannot be solved`);
}
