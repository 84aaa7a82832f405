// Page load to the first board, as a player meets it, from a server that compresses as static
// hosts do: over the loopback (the machine's own speed), and as on a mid-range phone on a mobile network (Chromium's "Fast 4G"-like throttling:
// 150 ms round trip, 9 Mbit/s down, and the CPU slowed four times). First visits, empty caches.
// Run by `make bench-browser`; it prints figures, it does not check timing.

import { it } from 'node:test';
import { launch, serve } from '../e2e/harness.mjs';

const RUNS = 5;

/** A mobile network (150 ms round trip, 9 Mbit/s down), and with `cpu` a phone's CPU (÷ 4). */
async function slowDown(context, page, { cpu }) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  });
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function firstBoard(browser, url, throttle) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (throttle) await slowDown(context, page, { cpu: true });
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

// A 15-puzzle on a first visit: the worker needs the 6-6-3 pattern databases before it can
// solve, and either downloads the site's prebuilt ones (1.3 MB gzipped) or, on a site without
// them, builds them. From navigation to Korf's instance 1 solved, Solve pressed at once.
async function firstFifteen(browser, url, throttle) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (throttle) await slowDown(context, page, { cpu: false });
  await page.goto(url);
  await page.waitForSelector('[data-testid=board]');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForSelector('[data-testid=solution][data-optimal=true]', { timeout: 120000 });
  const ms = await page.evaluate(() => performance.now());
  const text = await page.locator('[data-testid=solution]').innerText();
  await context.close();
  return { ms, how: /pattern databases (downloaded|built|read)[^,]*/.exec(text)?.[0] ?? 'tables were ready' };
}

it('a 15-puzzle on a first visit: tables downloaded or built', { timeout: 900000 }, async () => {
  const korf1 = '13,6,8,12/15,14,0,10/11,7,4,5/9,1,3,2';
  const withTables = await serve({ gzip: true });
  const without = await serve({ gzip: true, hidden: (path) => path.startsWith('/tables/') });
  const browser = await launch();
  try {
    for (const [label, server, throttle] of [
      ['download, loopback', withTables, false],
      ['download, 9 Mbit/s and 150 ms', withTables, true],
      ['built in the worker', without, false],
    ]) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await firstFifteen(browser, `${server.url}/?board=${korf1}`, throttle));
      console.log(`${label}: Korf no. 1 solved ${runs.map((r) => Math.round(r.ms)).join(', ')} ms after navigation (${runs.map((r) => r.how).join('; ')})`);
    }
  } finally {
    await browser.close();
    await withTables.close();
    await without.close();
  }
});
