// The 15-puzzle in the browser: pattern databases built once in the worker, kept in Cache
// Storage, and every solution optimal.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answerText, button, lifecycle, shot } from './harness.mjs';

const started = lifecycle();

// Korf's instances 1 and 2 (goal blank last) with their published optimal lengths.
const KORF = [
  ['13,6,8,12/15,14,0,10/11,7,4,5/9,1,3,2', 57],
  ['10,5,1,0/15,9,13,14/2,8,4,7/6,12,11,3', 55],
];

async function solve(page, board) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(`${started.server.url}/?board=${board}`);
  await page.waitForSelector('[data-testid=board]');
  await button(page, 'Solve').click();
  await page.waitForSelector('[data-testid=solution]', { timeout: 120000 });
  const solution = page.locator('[data-testid=solution]');
  return {
    errors,
    length: Number(await solution.getAttribute('data-length')),
    optimal: await solution.getAttribute('data-optimal'),
    text: await answerText(page),
  };
}

describe('the 15-puzzle', () => {
  it('is solved optimally; the tables are built once, then read from the cache', async () => {
    const context = await started.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    const a = await solve(first, KORF[0][0]);
    assert.equal(a.length, KORF[0][1]);
    assert.equal(a.optimal, 'true');
    assert.match(a.text, /IDA\* with pattern databases/);
    // A first visit fetches the site's prebuilt tables rather than building them (or found them
    // ready: the page warms them up as soon as a 4×4 board shows).
    assert.doesNotMatch(a.text, /built in/);
    await shot(first, 'desktop-fifteen-solved');
    assert.deepEqual(a.errors, []);
    await first.close();

    // A later visit (a new page of the same browser) reads them back instead of building.
    const second = await context.newPage();
    const b = await solve(second, KORF[1][0]);
    assert.equal(b.length, KORF[1][1]);
    assert.equal(b.optimal, 'true');
    // Either read from the cache while solving, or the page's warm-up already had them ready.
    assert.doesNotMatch(b.text, /built in/);
    const cached = await second.evaluate(async () => {
      const cache = await caches.open('slide-pattern-databases');
      return (await cache.keys()).map((r) => r.url);
    });
    assert.equal(cached.length, 1, cached.join(' '));
    assert.match(cached[0], /slide-pattern-databases\/pdb-663-v1\/1,2,3,4_5,6,7,8_9,10,11,12_13,14,15,0$/);
    assert.deepEqual(b.errors, []);
    await context.close();
  });

  it('a phone shows the build progress and then the solution', async () => {
    const context = await started.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${started.server.url}/?board=${KORF[1][0]}`);
    await page.waitForSelector('[data-testid=board]');
    await button(page, 'Solve').click();
    // The warm-up started the build on opening; Solve shows how far it is.
    await page.waitForFunction(
      () => /pattern databases|moves/.test(document.querySelector('[data-testid=status]')?.textContent + (document.querySelector('[data-testid=solution]')?.textContent ?? '')),
      null,
      { timeout: 60000 },
    );
    await page.waitForSelector('[data-testid=solution]', { timeout: 120000 });
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-length'), String(KORF[1][1]));
    await shot(page, 'phone-fifteen-solved');
    await context.close();
  });
});
