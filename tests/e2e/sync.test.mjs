// Your solves on every device, end to end: a player's two browsers meet through a real
// `slide serve` (the built site and its API, a SQLite file of its own). Three solves on the
// laptop appear on the phone, two solved there come back; with the server killed (kill -9),
// solves made meanwhile wait (data-pending) and arrive after the restart; both end with the
// same solves, none twice. A row deleted on one goes from the other; a name shows as text.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { button, freePort, launch, play, shot, slideServe, until } from './harness.mjs';

let browser;
let server;
const devices = [];

before(async () => {
  browser = await launch();
  server = await slideServe({ port: await freePort() });
});

after(async () => {
  for (const d of devices) await d.context.close();
  await browser?.close();
  await server?.kill();
});

/** A device: a browser context of its own (its own storage), a page of the server's site. */
async function device(path = '/', viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // A server killed on purpose makes the browser log failed requests: those are expected here.
  page.on('console', (m) => m.type() === 'error' && !/Failed to load resource|ERR_CONNECTION_REFUSED|net::/.test(m.text()) && errors.push(`console: ${m.text()}`));
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('[data-testid=board]');
  await openHistory(page);
  const d = { context, page, errors };
  devices.push(d);
  return d;
}

async function openHistory(page) {
  const summary = page.getByText('Your solves and statistics', { exact: true });
  if (!(await summary.evaluate((s) => s.closest('details').open))) await summary.click();
  await page.waitForSelector('[data-testid=sync]');
}

const syncState = (page) => page.getAttribute('[data-testid=sync]', 'data-state');
const pending = (page) => page.getAttribute('[data-testid=sync]', 'data-pending');
const waitState = (page, state) => page.waitForSelector(`[data-testid=sync][data-state=${state}]`, { timeout: 30000 });

/** The solves in the history, as the rows say them, in a stable order. */
const solves = (page) =>
  page
    .locator('[data-testid=history] tr[data-solve]')
    .evaluateAll((trs) => trs.map((tr) => `${tr.dataset.board}|${tr.dataset.moves}|${tr.dataset.millis}`).sort());

/** Waits until the history counts `n` solves. */
const total = (page, n) => page.waitForSelector(`[data-testid=history][data-total="${n}"]`, { timeout: 30000 });

// Boards a few slides from the goal, each with the keys that solve it: every solve its own.
const BOARDS = [
  ['1,2,3/4,5,6/7,0,8', ['ArrowLeft']],
  ['1,2,3/4,5,6/0,7,8', ['ArrowLeft', 'ArrowLeft']],
  ['1,2,3/4,5,0/7,8,6', ['ArrowUp']],
  ['1,2,3/4,0,5/7,8,6', ['ArrowLeft', 'ArrowUp']],
  ['1,2,0/4,5,3/7,8,6', ['ArrowUp', 'ArrowUp']],
  ['1,2,3/0,4,5/7,8,6', ['ArrowLeft', 'ArrowLeft', 'ArrowUp']],
  ['1,0,3/4,2,5/7,8,6', ['ArrowUp', 'ArrowLeft', 'ArrowUp']],
];

/** Solves board `i` of BOARDS by hand on `page`, and waits until it is kept. */
async function solve(page, i) {
  const [board, keys] = BOARDS[i];
  await page.goto(`${server.url}/?board=${board}`);
  await page.waitForSelector('[data-testid=board]');
  await openHistory(page);
  await page.locator('[data-testid=board]').focus();
  await play(page, keys, 80);
  await page.waitForSelector('[data-testid=result]');
}

/** The network comes back: what a browser says when it does (a round of sync follows). */
const online = (page) => page.evaluate(() => dispatchEvent(new Event('online')));

describe('a player’s solves on every device, through slide serve', () => {
  it('two browsers meet: three solves go one way, two the other; a killed server loses nothing; none twice', async () => {
    const laptop = await device();
    assert.equal(await syncState(laptop.page), 'off');
    // A name a page must show as text, never as markup.
    const name = '<img src=x onerror=alert(1)>';
    await laptop.page.getByLabel('Name', { exact: true }).fill(name);
    await button(laptop.page, 'Start syncing').click();
    await waitState(laptop.page, 'synced');
    assert.match(await laptop.page.locator('[data-testid=sync] [role=status]').innerText(), /^Synced as <img src=x onerror=alert\(1\)>\.$/);
    assert.equal(await laptop.page.locator('[data-testid=sync] img').count(), 0);

    await button(laptop.page, 'Link another device').click();
    const link = await laptop.page.getAttribute('[data-testid=device-link]', 'data-link', { timeout: 30000 });
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#device=[0-9a-f]{32}$/);
    assert.equal(await laptop.page.locator('[data-testid=device-link] svg.qr path').count(), 1);
    await shot(laptop.page, 'sync-device-link-desktop');

    // The phone opens the link: the code leaves its address bar, and the phone syncs as the laptop.
    const phone = await device(new URL(link).pathname + new URL(link).hash, { width: 390, height: 844 });
    await waitState(phone.page, 'synced');
    assert.equal(new URL(phone.page.url()).hash, '');
    assert.match(await phone.page.locator('[data-testid=sync] [role=status]').innerText(), /Synced as <img/);
    // The code works once.
    const again = await device(new URL(link).pathname + new URL(link).hash);
    await until(async () => ((await syncState(again.page)) === 'off' && (await again.page.locator('[data-testid=sync]').innerText()).includes('used') ? true : undefined), 'a spent code refused in words');
    await shot(phone.page, 'sync-synced-phone');

    for (const i of [0, 1, 2]) await solve(laptop.page, i);
    await total(laptop.page, 3);
    await waitState(laptop.page, 'synced');
    await until(async () => ((await pending(laptop.page)) === '0' ? true : undefined), 'the laptop’s solves up');
    await online(phone.page);
    await total(phone.page, 3);

    for (const i of [3, 4]) await solve(phone.page, i);
    await total(phone.page, 5);
    await until(async () => ((await pending(phone.page)) === '0' ? true : undefined), 'the phone’s solves up');
    await online(laptop.page);
    await total(laptop.page, 5);
    assert.deepEqual(await solves(laptop.page), await solves(phone.page));

    // The server dies mid-life: the laptop's solves wait, and say so.
    await server.kill();
    for (const i of [5, 6]) await solve(laptop.page, i);
    await total(laptop.page, 7);
    await waitState(laptop.page, 'offline');
    await until(async () => ((await pending(laptop.page)) === '2' ? true : undefined), 'two solves waiting');
    assert.match(await laptop.page.locator('[data-testid=sync] [role=status]').innerText(), /^2 solves waiting: the server does not answer/);
    await shot(laptop.page, 'sync-offline-desktop');

    // Back on the same address and database: they go up, and reach the phone.
    server = await slideServe({ port: server.port, database: server.database });
    await online(laptop.page);
    await waitState(laptop.page, 'synced');
    assert.equal(await pending(laptop.page), '0');
    await online(phone.page);
    await total(phone.page, 7);
    const [a, b] = [await solves(laptop.page), await solves(phone.page)];
    assert.deepEqual(a, b);
    assert.equal(new Set(a).size, 7, 'no solve twice');

    // A row deleted on the phone goes from the laptop too.
    const row = phone.page.locator('[data-testid=history] tr[data-solve]').first();
    const gone = await row.getAttribute('data-board');
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await total(phone.page, 6);
    await until(async () => ((await pending(phone.page)) === '0' && (await syncState(phone.page)) === 'synced' ? true : undefined), 'the deletion sent');
    await online(laptop.page);
    await total(laptop.page, 6);
    assert.ok(!(await solves(laptop.page)).some((s) => s.startsWith(`${gone}|`)), 'the deleted solve is gone on the laptop');

    // Every device lost: the key saved on the laptop brings a new browser back to the player.
    const [download] = await Promise.all([laptop.page.waitForEvent('download'), button(laptop.page, 'Save key').click()]);
    const saved = await download.path();
    assert.match(download.suggestedFilename(), /^slide-key-.*\.json$/);
    const fresh = await device();
    await fresh.page.getByLabel('Restore key', { exact: true }).setInputFiles(saved);
    await waitState(fresh.page, 'synced');
    await total(fresh.page, 6);
    assert.deepEqual(await solves(fresh.page), await solves(laptop.page));

    for (const d of [laptop, phone, fresh]) assert.deepEqual(d.errors, []);
  });
});
