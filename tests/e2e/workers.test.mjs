// Several workers on the benchmark's page: two workers solve Korf's instances at their published
// lengths, side by side (each its own puzzles, the set's default) or each instance shared between
// both (no SharedArrayBuffer: the page hands out the subtrees by message).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open } from './harness.mjs';

const started = lifecycle();

/** The benchmark's page (address query `query`) with two workers, its panel open; with the
 * page errors and console errors it records. */
async function benchPage(query = '') {
  const page = await started.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${started.server.url}/bench/${query}`);
  await page.getByText("Benchmark: Korf's puzzles").click();
  await page.getByLabel('Workers', { exact: true }).selectOption('2');
  return { page, errors };
}

describe('the benchmark page with two workers', () => {
  it('solves 15-puzzles optimally, sharing each between the workers', async () => {
    // teamwork=iterations: share each of these small instances (the set's default is side by
    // side); small=1000: split every iteration after the first ones (the default keeps
    // iterations under half a million nodes in one worker).
    const { page, errors } = await benchPage('?teamwork=iterations&small=1000');
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

  it("solves all of Korf's 100 side by side, each worker taking the next puzzle", async () => {
    const { page, errors } = await benchPage();
    await button(page, 'Run benchmark').click();
    await page.waitForSelector('[data-testid=bench-summary][data-done=true]', { timeout: 300000 });
    const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
    // Every instance once, in order, whichever worker answered first.
    assert.deepEqual(rows.map((r) => Number(r.id)), Array.from({ length: 100 }, (_, i) => i + 1));
    for (const r of rows) assert.equal(r.length, r.expected, `instance ${r.id}`);
    const sum = await page.locator('[data-testid=bench-summary]').evaluate((p) => ({ ...p.dataset }));
    assert.equal(sum.workers, '2');
    assert.equal(sum.teamwork, 'puzzles');
    assert.equal(sum.allOptimal, 'true');
    assert.match(await page.textContent('[data-testid=bench-summary]'), /Side by side in 2 workers/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("the game shares a hard 15-puzzle's Solve with a helper worker and finds the shortest", async () => {
    // A random board (`slide scramble -s 4 -n 400 --seed 7`, no. 237) of 60 moves whose last
    // iterations pass half a million nodes, so that they are split (Korf's instances end before).
    const url = `${started.server.url}/?board=1,5,11,14/12,9,6,15/2,3,0,8/4,7,10,13`;
    const { page, errors } = await open(started.browser, url);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]', { timeout: 300000 });
    const solution = page.locator('[data-testid=solution]');
    assert.equal(await solution.getAttribute('data-length'), '60');
    assert.equal(await solution.getAttribute('data-optimal'), 'true');
    // The game's worker and, where there are cores to spare, a helper started for this solve.
    assert.equal(page.workers().length, cores > 1 ? 2 : 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
