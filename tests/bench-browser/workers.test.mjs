// One worker against several on the same 15-puzzles: Korf's 100 (and, with HARDEST=1, the two
// 80-move positions) on the benchmark's page, alternately with 1 and with 2 workers, REPEAT
// times each (3 by default). Tables are read from Cache Storage after a first run and are not
// in the times. Two workers solve Korf's 100 side by side (each its own puzzles) and share each
// 80-move position's iterations. Prints, for each run, the total of the times in the table (the
// workers' own search times; the page's per puzzle when shared) and the page's time (messages
// included): with one worker or shared puzzles the rows' added up, side by side the set's, from
// the first puzzle handed out to the last answer.
// Run by `make bench-browser`; alone: `node --test tests/bench-browser/workers.test.mjs`.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve } from '../e2e/harness.mjs';

const repeat = Number(process.env.REPEAT ?? 3);
const query = process.env.BENCH_QUERY ?? '';

async function run(context, set, workers) {
  const page = await context.newPage();
  await page.goto(`${context.url}/bench/${query}`);
  await page.getByText("Benchmark: Korf's puzzles").click();
  await page.getByLabel('Instances', { exact: true }).selectOption({ label: set });
  await page.getByLabel('Workers', { exact: true }).selectOption(String(workers));
  await page.getByRole('button', { name: 'Run benchmark', exact: true }).click();
  await page.waitForSelector('[data-testid=bench-summary][data-done=true]', { timeout: 1800000 });
  const sum = await page.locator('[data-testid=bench-summary]').evaluate((p) => ({ ...p.dataset }));
  const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
  await page.close();
  return { sum, rows };
}

function line(label, { sum, rows }) {
  const slowest = rows.reduce((a, r) => Math.max(a, Number(r.millis)), 0);
  return `${label}: total ${sum.totalMs} ms (page: ${sum.wallMs} ms), median ${sum.medianMs} ms, slowest ${slowest.toFixed(1)} ms; ${Number(sum.expanded).toLocaleString('en')} expanded; all optimal: ${sum.allOptimal}`;
}

it('one worker against two', { timeout: 7200000 }, async () => {
  const server = await serve();
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.url = server.url;
    // Fills the browser's cache with the tables; not counted.
    await run(context, "Korf's 100 fifteen-puzzles", 1);
    const sets = ["Korf's 100 fifteen-puzzles"];
    if (process.env.HARDEST === '1') sets.push('80-move 15-puzzles');
    for (const set of sets) {
      console.log(`\n${set}${query ? ` (${query})` : ''}`);
      for (let i = 0; i < repeat; i++) {
        for (const workers of [1, 2]) {
          const result = await run(context, set, workers);
          assert.equal(result.sum.allOptimal, 'true');
          console.log(line(`  ${workers} worker${workers > 1 ? 's' : ' '}`, result));
          if (set !== "Korf's 100 fifteen-puzzles") {
            for (const r of result.rows) console.log(`    no. ${r.id}: ${r.length} moves, ${r.millis} ms, ${Number(r.expanded).toLocaleString('en')} expanded`);
          }
        }
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});
