// The benchmark's own page: it loads beside the game (also from a sub-path), runs Korf's
// instances in the game's worker, stops when asked, and links back to the game.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle } from './harness.mjs';

const started = lifecycle();

describe('the benchmark page', () => {
  it('runs Korf\'s instances in the worker and stops', async () => {
    for (const base of ['', '/games/slide']) {
      const page = await started.browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${started.server.url}${base}/bench/`);
      await page.getByText("Benchmark: Korf's puzzles").click();
      await button(page, 'Run benchmark').click();
      // The first instances (tables built or read first) at their published lengths; with two
      // workers side by side (this machine's cores), the third and fourth waited in their queues.
      await page.waitForSelector('[data-testid=bench] tr[data-id="4"]', { timeout: 120000 });
      await button(page, 'Stop benchmark').click();
      // Stop ends the run (a late answer to a puzzle under way adds no row: the model's own
      // test, src/play/bench_run/run.rs, hears one after Stop).
      await button(page, 'Run benchmark').waitFor();
      const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.id)));
      // In the instances' order, each once (with two workers side by side, a puzzle under way
      // at Stop may leave a gap before the one its neighbour finished).
      assert.deepEqual(rows, [...new Set(rows)].sort((a, b) => a - b), 'the instances in order');
      assert.ok(rows.length >= 4, rows.join(' '));
      const first = await page.locator('[data-testid=bench] tr[data-id="1"]').evaluate((tr) => ({ ...tr.dataset }));
      assert.equal(first.length, first.expected);
      assert.equal(await page.getAttribute('[data-testid=bench-summary]', 'data-all-optimal'), 'true');
      await page.getByRole('link', { name: 'Back to the game' }).click();
      await page.waitForSelector('[data-testid=board]');
      assert.ok(page.url().endsWith(`${base}/`), page.url());
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
