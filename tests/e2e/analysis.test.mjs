// The analysis of a solve by hand against the optimum, in headless Chromium: a 3×3 solved with
// two deliberate detours, its distances and away moves as the worker measured them, a move
// chosen and the replay of the solve just before it; a wandering solve drawn at phone and
// desktop sizes in both schemes; and a board too big to analyse.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lifecycle, open, play as press, shot, state } from './harness.mjs';

const started = lifecycle();

const KEYS = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };

/** Plays `moves` (letters) by their keys, at a player's pace. */
const play = (page, moves, pauseMs = 40) => press(page, [...moves].map((m) => KEYS[m]), pauseMs);

const analysis = (page, name) => page.getAttribute('[data-testid=analysis]', `data-${name}`);
const done = (page) => page.waitForSelector('[data-testid=analysis][data-state=done]', { timeout: 30_000 });

// One tile in from the goal. R (tile 5 slides right, away) and back with L, L again, then D
// (tile 3 slides down, away) and back with U, and U home.
const NEAR = '1,2,3/4,0,5/7,8,6';
const DETOURS = 'RLLDUU';

describe('the analysis of a solve by hand', () => {
  it('measures every move, names the two that went away, and replays from just before one', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=${NEAR}`);
    await play(page, DETOURS);
    await page.waitForSelector('[data-testid=analysis]');
    await done(page);
    assert.equal(await analysis(page, 'distances'), '2,3,2,1,2,1,0');
    assert.equal(await analysis(page, 'away'), '2');
    const away = page.locator('[data-away-move]');
    assert.deepEqual(await away.evaluateAll((els) => els.map((e) => e.dataset.awayMove)), ['1', '4']);
    assert.equal(
      (await away.nth(0).innerText()).trim(),
      'move 1: R went away from the goal; L was toward it',
    );
    assert.equal(
      (await away.nth(1).innerText()).trim(),
      'move 4: D went away from the goal; U was toward it',
    );
    await away.nth(1).click();
    // The replay of the player's own solve, at step 3: move 4 is next.
    await page.waitForSelector('[data-testid=solution][data-step="3"]');
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-moves'), DETOURS);
    assert.equal(await state(page), '1 2 3/4 5 0/7 8 6');
    // The analysis stays while the replay is on show.
    assert.equal(await analysis(page, 'state'), 'done');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says a board of more than 16 squares cannot be analysed', async () => {
    const big = '1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,0,24';
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=${big}`);
    await play(page, 'L');
    await page.waitForSelector('[data-testid=analysis][data-state=unavailable]');
    assert.match(
      await page.locator('[data-testid=analysis]').innerText(),
      /The analysis needs a board of 16 squares or fewer; this one has 25\./,
    );
    assert.equal(await analysis(page, 'distances'), null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws a wandering solve on a phone and a desktop, light and dark', async () => {
    // A 3×3 walked 24 moves away from its goal by a seeded walk: the player walks it back,
    // with two detours, and whatever loops the walk made are detours too.
    const { start, moves } = wandering(2026, 24, [5, 14]);
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ]) {
      for (const scheme of ['light', 'dark']) {
        const { page, errors } = await open(started.browser, `${started.server.url}/?board=${start}`, viewport, scheme);
        await play(page, moves, 20);
        await done(page);
        const distances = (await analysis(page, 'distances')).split(',').map(Number);
        assert.equal(distances.length, moves.length + 1);
        assert.equal(distances.at(-1), 0);
        const rises = [];
        for (let k = 1; k < distances.length; k++) {
          assert.equal(Math.abs(distances[k] - distances[k - 1]), 1, `move ${k}: ${distances}`);
          if (distances[k] > distances[k - 1]) rises.push(String(k));
        }
        assert.equal(await analysis(page, 'away'), String(rises.length));
        const listed = await page.locator('[data-away-move]').evaluateAll((els) => els.map((e) => e.dataset.awayMove));
        assert.deepEqual(listed, rises);
        // Nothing wider than the screen.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(wide, false, 'no sideways scroll');
        await page.locator('[data-testid=analysis]').scrollIntoViewIfNeeded();
        await page.locator('[data-testid=analysis]').screenshot({ path: `test-results/screenshots/analysis-${name}-${scheme}.png` });
        await shot(page, `analysis-page-${name}-${scheme}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});

/**
 * A solve of a 3×3 toward blank-last: a seeded random walk of `steps` blank moves from the
 * goal, walked back by the player, with a detour (a move and its undoing) before each move
 * number in `detours`. Returns the start (link notation) and the moves (letters: the tile's
 * direction). The walk never passes the goal on its way back.
 */
function wandering(seed, steps, detours) {
  const w = 3;
  const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  // Where the blank goes for each move: the tile below the blank slides up, so the blank goes down.
  const delta = { U: w, D: -w, L: 1, R: -1 };
  const opposite = { U: 'D', D: 'U', L: 'R', R: 'L' };
  const legal = (b, m) => {
    const blank = b.indexOf(0);
    const to = blank + delta[m];
    if (to < 0 || to >= b.length) return false;
    if ((m === 'L' || m === 'R') && Math.floor(to / w) !== Math.floor(blank / w)) return false;
    return true;
  };
  const apply = (b, m) => {
    const c = b.slice();
    const blank = c.indexOf(0);
    const to = blank + delta[m];
    [c[blank], c[to]] = [c[to], c[blank]];
    return c;
  };
  let rnd = seed;
  const next = () => (rnd = (rnd * 1103515245 + 12345) % 2147483648);
  let board = goal;
  const walked = [];
  while (walked.length < steps) {
    const options = ['U', 'D', 'L', 'R'].filter((m) => legal(board, m) && m !== opposite[walked.at(-1)]);
    const m = options[next() % options.length];
    board = apply(board, m);
    walked.push(m);
  }
  const start = board;
  const moves = walked.reverse().map((m) => opposite[m]);
  for (const at of [...detours].reverse()) {
    let b = start;
    for (const m of moves.slice(0, at)) b = apply(b, m);
    const off = ['U', 'D', 'L', 'R'].find((m) => legal(b, m) && m !== moves[at]);
    moves.splice(at, 0, off, opposite[off]);
  }
  let b = start;
  moves.forEach((m, i) => {
    b = apply(b, m);
    assert.ok(i === moves.length - 1 || b.join() !== goal.join(), 'the solve ends at its last move');
  });
  assert.equal(b.join(), goal.join());
  const rows = [0, 1, 2].map((r) => start.slice(r * w, r * w + w).join(','));
  return { start: rows.join('/'), moves };
}
