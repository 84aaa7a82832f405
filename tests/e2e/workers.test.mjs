// Several workers on one 15-puzzle: the benchmark's page with two workers solves Korf's instances
// at their published lengths, each instance shared between both (no SharedArrayBuffer: the page
// hands out the subtrees by message).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle } from './harness.mjs';

const started = lifecycle();

describe('the benchmark page with two workers', () => {
  it('solves 15-puzzles optimally, sharing each between the workers', async () => {
    const page = await started.browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // small=1000: split every iteration after the first ones, so that these small instances
    // are shared too (the default keeps iterations under half a million nodes in one worker).
    await page.goto(`${started.server.url}/bench/?small=1000`);
    await page.getByText("Benchmark: Korf's puzzles").click();
    await page.getByLabel('Workers', { exact: true }).selectOption('2');
    await button(page, 'Run benchmark').click();
    await page.waitForSelector('[data-testid=bench] tr[data-id="4"]', { timeout: 120000 });
    await button(page, 'Stop benchmark').click();
    const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.ok(rows.length >= 4);
    for (const r of rows) assert.equal(r.length, r.expected, `instance ${r.id}`);
    const sum = await page.locator('[data-testid=bench-summary]').evaluate((p) => ({ ...p.dataset }));
    assert.equal(sum.workers, '2');
    assert.equal(sum.allOptimal, 'true');
    assert.match(await page.textContent('[data-testid=bench-summary]'), /shared among 2 workers/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
