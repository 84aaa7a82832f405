// Page load to the first board, as a player meets it, from a server that compresses as static
// hosts do: over the loopback (the machine's own speed), and as on a mid-range phone on a mobile network (Chromium's "Fast 4G"-like throttling:
// 150 ms round trip, 9 Mbit/s down, and the CPU slowed four times). First visits, empty caches.
// Run by `make bench-browser`; it prints figures, it does not check timing.

import { it } from 'node:test';
import { launch, serve } from '../e2e/harness.mjs';

const RUNS = 5;

async function firstBoard(browser, url, throttle) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (9 * 1024 * 1024) / 8,
      uploadThroughput: (1.5 * 1024 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url);
  await page.waitForSelector('[data-testid=board]');
  const ms = await page.evaluate(() => performance.getEntriesByName('slide:first-board')[0]?.startTime);
  const bytes = await page.evaluate(() =>
    performance.getEntriesByType('resource').reduce((sum, r) => sum + (r.transferSize || r.encodedBodySize || 0), 0),
  );
  await context.close();
  return { ms, bytes };
}

it('page load to the first board', { timeout: 600000 }, async () => {
  const server = await serve({ gzip: true });
  const browser = await launch();
  try {
    for (const [label, throttle] of [['loopback', false], ['phone on 4G (150 ms, 9 Mbit/s, CPU ÷4)', true]]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await firstBoard(browser, `${server.url}/`, throttle));
      const ms = runs.map((r) => Math.round(r.ms)).sort((a, b) => a - b);
      console.log(`${label}: first board at ${ms.join(', ')} ms (median ${ms[Math.floor(RUNS / 2)]} ms)`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
});
