// The Method picker (issue 68): it offers only what answers on the board on show, a choice the
// board no longer takes falls back to Fastest for this size with a line that says so, and every
// method offered answers on every size, 2×2 to 10×10 and a rectangle, within the page's node
// budgets (a budget that ran out would be an alert, and fails).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open, played, shot, solvable } from './harness.mjs';

const started = lifecycle();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The goal: tiles in order, the blank last. */
const goal = (w, h) => {
  const rows = [];
  for (let y = 0; y < h; y++) rows.push(Array.from({ length: w }, (_, x) => (y * w + x + 1) % (w * h)).join(' '));
  return rows.join('/');
};

/** A board of `w`×`h` drawn from all solvable ones but the goal by a seeded generator (mulberry32). */
function board(w, h, seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const tiles = Array.from({ length: w * h }, (_, i) => i);
  const text = () => Array.from({ length: h }, (_, y) => tiles.slice(y * w, y * w + w).join(' ')).join('/');
  for (;;) {
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    if (!solvable(text(), goal(w, h))) {
      // Swapping two numbered tiles changes the parity.
      const [x, y] = tiles.map((t, i) => [t, i]).filter(([t]) => t !== 0).map(([, i]) => i);
      [tiles[x], tiles[y]] = [tiles[y], tiles[x]];
    }
    if (text() !== goal(w, h)) return text();
  }
}

/** The Method picker, its fold opened. */
async function picker(page) {
  const method = page.getByLabel('Method', { exact: true });
  if (!(await method.isVisible())) await page.getByText('Solver options', { exact: true }).click();
  return method;
}

/** The picker's options, as their labels. */
const labels = (method) => method.locator('option').evaluateAll((os) => os.map((o) => o.textContent));

/** The picker's chosen option's label. */
const chosen = (method) => method.evaluate((s) => s.selectedOptions[0].textContent);

/**
 * Presses Solve and waits for its answer (a new one: the answer on show goes when Solve is
 * pressed) or an alert; the answer's moves, checked to reach the goal.
 */
async function solve(page, start, target, what) {
  await page.evaluate(() => document.querySelector('[data-testid=solution]')?.setAttribute('data-before', ''));
  await button(page, 'Solve').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid=solution]:not([data-before])') || document.querySelector('[role=alert]'),
    null,
    { timeout: 300_000 },
  );
  const alert = await page.locator('[role=alert]').allTextContents();
  assert.deepEqual(alert, [], what);
  const moves = await page.getAttribute('[data-testid=solution]', 'data-moves');
  assert.equal(played(start, moves), target, what);
  return moves;
}

describe('the Method picker', () => {
  it('a method chosen on 4×4, then 3×3: it falls back to Fastest for this size, says so, and Solve answers', async () => {
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/`, viewport);
      // 1. Solver options, Size 4×4.
      const method = await picker(page);
      await page.getByLabel('Size', { exact: true }).selectOption({ label: '4×4' });
      // 2. IDA* with pattern databases.
      assert.ok((await labels(method)).includes('IDA* with pattern databases'));
      await method.selectOption({ label: 'IDA* with pattern databases' });
      await method.scrollIntoViewIfNeeded();
      await shot(page, `${name}-method-4x4`);
      // 3. Size back to 3×3: the picker offers what works there, and a line says what happened.
      await page.getByLabel('Size', { exact: true }).selectOption({ label: '3×3' });
      assert.equal(await chosen(method), 'Fastest for this size');
      const offered = await labels(method);
      assert.ok(!offered.includes('IDA* with pattern databases'), offered.join(', '));
      assert.ok(offered.includes('A* with Manhattan distance'), offered.join(', '));
      const line = page.getByTestId('fell-back');
      assert.equal(
        await line.textContent(),
        'IDA* with pattern databases is for 4×4 and 5×5 boards, so Solve now uses Fastest for this size.',
      );
      assert.match(
        await page.getByTestId('method-note').textContent(),
        /^Not offered on 3×3: pattern databases, which are for 4×4 and 5×5 boards\. Fastest for this size finds/,
      );
      await line.scrollIntoViewIfNeeded();
      await shot(page, `${name}-method-fell-back`);
      // 4. Shuffle, Solve: a solution, the line still there.
      await button(page, 'Shuffle').click();
      const start = await page.getAttribute('[data-testid=board]', 'data-state');
      await solve(page, start, goal(3, 3), 'Solve after the fallback');
      assert.equal(await page.getAttribute('[data-testid=solution]', 'data-optimal'), 'true');
      assert.equal(await line.count(), 1);
      // Choosing again is the player's word: the line goes.
      await method.selectOption({ label: 'A* with Manhattan distance' });
      assert.equal(await line.count(), 0);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('every method offered answers on every size, 2×2 to 10×10 and a rectangle; the others are never offered', async () => {
    const sizes = [[2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [9, 9], [10, 10], [3, 5]];
    const seen = new Set();
    for (const [w, h] of sizes) {
      const start = board(w, h, 68 + w * 10 + h);
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=${start.replaceAll(' ', ',')}`);
      const method = await picker(page);
      const offered = await labels(method);
      assert.equal(offered[0], 'Fastest for this size');
      for (const label of offered) {
        await method.selectOption({ label });
        await solve(page, start, goal(w, h), `${label} on ${w}×${h}`);
        // The page's own picker never lost the choice on the way.
        assert.equal(await chosen(method), label, `${w}×${h}`);
        seen.add(label);
      }
      assert.deepEqual(errors, [], `${w}×${h}`);
      await page.close();
    }
    // Every method of the picker was offered somewhere, and answered there.
    assert.equal(seen.size, 16, [...seen].join(', '));
  });
});
