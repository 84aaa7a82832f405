import { launch, serve } from '../e2e/harness.mjs';
const server = await serve();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
async function run(workers, q='') {
  const page = await context.newPage();
  await page.goto(`${server.url}/bench/${q}`);
  await page.getByText("Benchmark: Korf's puzzles").click();
  await page.getByLabel('Workers', { exact: true }).selectOption(String(workers));
  await page.getByRole('button', { name: 'Run benchmark', exact: true }).click();
  await page.waitForSelector('[data-testid=bench-summary][data-done=true]', { timeout: 1800000 });
  const sum = await page.locator('[data-testid=bench-summary]').evaluate((p) => ({ ...p.dataset }));
  const rows = await page.locator('[data-testid=bench] tr[data-id]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
  await page.close();
  const over = rows.map(r => Number(r.wallMs) - Number(r.millis)).sort((a,b)=>a-b);
  const tot = over.reduce((a,b)=>a+b,0);
  console.log(`${workers}w total ${sum.totalMs} wall ${sum.wallMs}; overhead sum ${tot.toFixed(0)} median ${over[50].toFixed(2)} p90 ${over[90].toFixed(2)} max ${over[99].toFixed(1)}`);
}
await run(1);
for (let i = 0; i < Number(process.env.N ?? 2); i++) { await run(1); await run(2); }
await browser.close(); await server.close();
