// Korf's 100 15-puzzles and 50 24-puzzles in the browser's worker, printed as `slide bench`
// prints them natively.
// Run by `make bench-browser` (not part of `make test`: it measures, it does not check timing).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve } from '../e2e/harness.mjs';

async function run(context, url, label, set = "Korf's 100 fifteen-puzzles") {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText("Benchmark: Korf's puzzles").click();
  await page.getByLabel('Instances', { exact: true }).selectOption({ label: set });
  // One worker, as these figures always were; workers.test.mjs sets one against two.
  await page.getByLabel('Workers', { exact: true }).selectOption('1');
  await page.getByRole('button', { name: 'Run benchmark', exact: true }).click();
  await page.waitForSelector('[data-testid=bench-summary][data-done=true]', { timeout: 600000 });
  const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
  const sum = await page.locator('[data-testid=bench-summary]').evaluate((p) => ({ ...p.dataset }));
  console.log(`\n${label}`);
  console.log('  id   exp   len       expanded          ms');
  for (const r of rows) {
    console.log(`${r.id.padStart(4)} ${r.expected.padStart(5)} ${(r.length ?? '-').padStart(5)} ${Number(r.expanded).toLocaleString('en').padStart(14)} ${r.millis.padStart(11)}`);
  }
  console.log(`${sum.count} instances, all at the published length: ${sum.allOptimal} (lengths ${sum.meanRatio}× the published on average, ${sum.maxRatio}× at most); total ${sum.totalMs} ms, median ${sum.medianMs} ms, max ${sum.maxMs} ms; ${Number(sum.expanded).toLocaleString('en')} expanded; pattern databases: ${sum.tablesMs ?? 'already in memory'} ms${sum.tablesCached === 'true' ? ' (from the cache)' : sum.tablesCached === 'false' ? ' (built)' : ''}`);
  await page.close();
  return sum;
}

it("Korf's instances in the worker", { timeout: 1800000 }, async () => {
  const server = await serve();
  const browser = await launch();
  try {
    // The benchmark's own page: the game's warm-up does not build the tables before it does.
    const url = `${server.url}/bench/`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cold = await run(context, url, 'First visit (pattern databases built in the worker):');
    assert.equal(cold.allOptimal, 'true');
    const warm = await run(context, url, 'Second visit (pattern databases from Cache Storage):');
    assert.equal(warm.allOptimal, 'true');
    const big = await run(context, url, "Korf's 50 24-puzzles, anytime search (first visit: tables built):", "Korf's 50 24-puzzles");
    assert.ok(Number(big.maxRatio) <= 1.25, big.maxRatio);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
