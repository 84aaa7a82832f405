// Learn mode: every search side by side, a chart, and the A* step-through, in headless Chromium.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open, played, shot } from './harness.mjs';

const started = lifecycle();

const learn = (page) => page.getByText('Learn: how the searches differ').click();

describe('learn mode', () => {
  it('Compare on the hardest 8-puzzle: every optimal method at 31, greedy at its own length, each replayed', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`, viewport);
      await learn(page);
      await button(page, 'Compare').click();
      const rows = page.locator('[data-testid=compare] tr[data-algorithm]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=compare] tr[data-algorithm]').length === 13,
        null,
        { timeout: 60000 },
      );
      const table = await rows.evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
      // Breadth-first search, A* and IDA* prove 31; greedy's lengths are `slide solve -a greedy
      // -H …`'s (tests/compare.rs holds every row to the command line's answer).
      const kind = (r) => `${r.algorithm}+${r.heuristic}`;
      assert.deepEqual(
        table.filter((r) => r.optimal === 'true').map(kind).sort(),
        ['astar+hamming', 'astar+linear-conflict', 'astar+manhattan', 'bfs+none', 'idastar+hamming', 'idastar+linear-conflict', 'idastar+manhattan'],
      );
      for (const row of table.filter((r) => r.optimal === 'true')) assert.equal(row.length, '31', JSON.stringify(row));
      const greedyLengths = Object.fromEntries(table.filter((r) => r.algorithm === 'greedy').map((r) => [r.heuristic, r.length]));
      assert.deepEqual(greedyLengths, { hamming: '63', manhattan: '53', 'linear-conflict': '37' });
      for (const row of table) assert.ok(Number(row.expanded) > 0, JSON.stringify(row));
      const kinds = new Set(table.map((r) => `${r.algorithm}+${r.heuristic}`));
      for (const k of ['bfs+none', 'dfs+none', 'astar+manhattan', 'astar+hamming', 'idastar+linear-conflict', 'weighted+manhattan', 'greedy+hamming']) {
        assert.ok(kinds.has(k), k);
      }
      // Wide as it is, the table scrolls inside its panel: the page never scrolls sideways.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      // The chart draws one bar per row.
      assert.equal(await page.locator('svg.chart rect').count(), 13);
      await page.locator('[data-testid=compare]').scrollIntoViewIfNeeded();
      await shot(page, `${name}-compare`);

      // Any row's solution can be replayed on the board.
      const greedy = table.find((r) => r.algorithm === 'greedy' && r.heuristic === 'hamming');
      await page.getByRole('button', { name: 'Replay Greedy best-first with misplaced tiles (Hamming)' }).click();
      assert.equal(await page.getAttribute('[data-testid=solution]', 'data-length'), greedy.length);
      assert.equal(await page.getAttribute('[data-testid=solution]', 'data-optimal'), 'false');
      const replayed = await page.getAttribute('[data-testid=solution]', 'data-moves');
      assert.equal(replayed.length, 63);
      assert.equal(played('8 6 7/2 5 4/3 0 1', replayed), '1 2 3/4 5 6/7 8 0');
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('the A* stepper starts by expanding the start with g = 0 and h = 21', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`, viewport);
      await learn(page);
      await button(page, 'Watch A*').click();
      await button(page, 'Step').click();
      const steps = page.getByTestId('astar-steps');
      const first = steps.locator('li[data-g]').first();
      assert.deepEqual(
        await first.evaluate((li) => [li.dataset.g, li.dataset.h, li.dataset.f]),
        ['0', '21', '21'],
      );
      await button(page, 'Step').click();
      await button(page, 'Step').click();
      // Each step is the worker's answer: the third is in once the stepper shows it.
      await page.waitForSelector('[data-testid=stepper][data-step="3"][aria-busy=false]');
      const latest = await steps.locator('li[data-g]').first().evaluate((li) => Number(li.dataset.f));
      assert.ok(latest >= 21, 'A* expands in order of f');
      assert.equal(await steps.locator('li[data-g]').count(), 3);
      await steps.scrollIntoViewIfNeeded();
      await shot(page, `${name}-step-through`);

      // Greedy's priority is h alone.
      await button(page, 'Watch greedy').click();
      await button(page, 'Step').click();
      assert.deepEqual(
        await steps.locator('li[data-g]').first().evaluate((li) => [li.dataset.g, li.dataset.h, li.dataset.f]),
        ['0', '21', '21'],
      );
      await button(page, 'Step').click();
      const second = await steps.locator('li[data-g]').first().evaluate((li) => [Number(li.dataset.h), Number(li.dataset.f)]);
      assert.equal(second[0], second[1], 'f = h for greedy');
      // On a timer, with a pause.
      await button(page, 'Run').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=astar-steps] li[data-g]').length >= 5);
      await button(page, 'Stop').click();
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
