// Open Slidysim's replay links: one written by Slide after a hand solve reads back the same moves
// and times (checked by unpacking it here with Node's zlib, as Open Slidysim's pako would, and by
// watching it in the page); links made the way Open Slidysim makes them play, a leaderboard's
// saved replay too; hostile links each get an alert and leave the board as it was.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, inflateSync } from 'node:zlib';
import { button, lifecycle, open, state } from './harness.mjs';

const started = lifecycle();

const START = '1,2,3/4,5,6/0,7,8';
// ↓ ↑ ← ←, 700, 250 and 2,400 ms apart: DUL2 as the community writes it.
const SOLVE = [
  ['ArrowDown', 0],
  ['ArrowUp', 700],
  ['ArrowLeft', 250],
  ['ArrowLeft', 2400],
];
const TIMES = '0,700,950,3350';

const pace = (page, attr) => page.getAttribute('[data-testid=pace]', `data-${attr}`);
const moves = (page) => page.getAttribute('[data-testid=solution]', 'data-moves');

/** An Open Slidysim link for `value`, packed as its pages pack one (pako's deflate, level 9). */
function slidysimLink(value) {
  const data = deflateSync(typeof value === 'string' ? value : JSON.stringify(value), { level: 9 }).toString('base64');
  return `https://slidysim.github.io/replay?r=${encodeURIComponent(data)}`;
}

async function watch(page, link) {
  await page.getByLabel('Replay link', { exact: true }).fill(link);
  await button(page, 'Watch').click();
}

describe('Open Slidysim links', () => {
  it('Copy Open Slidysim link writes the solve, and watching it plays the same moves and times', async () => {
    const context = await started.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.clock.install({ time: 0 });
    await page.goto(`${started.server.url}/?board=${START}`);
    await page.waitForSelector('[data-testid=board]');
    await page.clock.pauseAt(60_000);
    for (const [key, gap] of SOLVE) {
      await page.clock.runFor(gap);
      await page.keyboard.press(key);
    }
    await page.waitForSelector('[data-testid=result]');
    await button(page, 'Copy Open Slidysim link').click();
    await page.getByRole('status').filter({ hasText: 'Open Slidysim link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const [base, r] = link.split('?r=');
    assert.equal(base, 'https://slidysim.github.io/replay');
    const value = JSON.parse(inflateSync(Buffer.from(decodeURIComponent(r), 'base64')).toString());
    // Solution, TPS × 1000 (4 moves in 3.35 s), scramble, each move's milliseconds.
    assert.deepEqual(value, ['DUL2', 1194, '1 2 3/4 5 6/0 7 8', [0, 700, 950, 3350]]);

    await page.getByLabel('Size', { exact: true }).selectOption('4x4');
    await watch(page, link);
    await page.waitForSelector('[data-testid=pace]');
    assert.equal(await pace(page, 'times'), TIMES);
    assert.equal(await moves(page), 'DULL');
    await page.getByLabel('Position', { exact: true }).fill('0');
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8', 'from the same board');
    assert.equal(await page.locator('[role=alert]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("links as Open Slidysim writes them play: a custom replay, an older one, a leaderboard's", async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    const saved = deflateSync('L2;0.480;2;4.167;-1;[0,480]', { level: 9 }).toString('base64');
    for (const [value, times] of [
      [['L2U', 6000, '1 2 3/0 4 5/7 8 6', [100, 300, 600]], '0,200,500'],
      // Without times, at its TPS: 2 moves at 4 tiles/s take half a second.
      [['L2', 4000, '1 2 3/4 5 6/0 7 8'], '0,500'],
      [['L2', 4000, '1 2 3/4 5 6/0 7 8', -1], '0,500'],
      [[{ gameMode: 'Standard' }, saved, -1, 4167, 3, 3, '<b>x</b>', -1, 'gold', false], '0,480'],
    ]) {
      await watch(page, slidysimLink(value));
      await page.waitForSelector(`[data-testid=pace][data-times="${times}"]`);
      await page.getByLabel('Position', { exact: true }).fill('0');
      const expected = value.length < 10 ? value[2] : '1 2 3/4 5 6/0 7 8';
      assert.equal(await state(page), expected, JSON.stringify(value));
      assert.equal(await page.locator('[role=alert]').count(), 0, JSON.stringify(value));
    }
    assert.equal(await page.locator('b').count(), 0, "a saved replay's markup is never read");
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a hostile link gets an alert naming the problem, and the board stays', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    const before = await state(page);
    const bomb = deflateSync('['.repeat(3 << 20)).toString('base64');
    const several = deflateSync('L2,U2;1,1;2,2;2,2;-1;[0,1;0,1]').toString('base64');
    for (const [link, words] of [
      ['https://slidysim.github.io/replay?r=%%%', /cannot be unpacked \(it is not percent-encoded text\)/],
      ['https://slidysim.github.io/replay?r=%3F%3F', /cannot be unpacked \(it is not base64\)/],
      [`?r=${Buffer.from('not zlib').toString('base64')}`, /cannot be unpacked \(it is not zlib data\)/],
      [`?r=${encodeURIComponent(bomb)}`, /cannot be unpacked \(it unpacks to more than a megabyte\)/],
      [slidysimLink({ a: 1 }), /its data is not a replay/],
      [slidysimLink('<img src=x onerror=alert(1)>'), /its data is not a replay/],
      [slidysimLink(['L2', 4000, '1 2 3/4 5 6/0 7 8', [0, 1, 2]]), /its 3 move times do not fit its 2 moves/],
      [slidysimLink(['L3', 4000, '1 2 3/4 5 6/0 7 8']), /move 3 of 3 walks off the board/],
      [slidysimLink(['L', 4000, '1 2 3/4 5 6/0 7 8']), /its solution does not solve its scramble/],
      [slidysimLink(['L2', 0, '1 2 3/4 5 6/0 7 8']), /neither move times nor a TPS above 0/],
      [slidysimLink([{}, several, -1, 1, 3, 3, '', -1, '', false]), /it holds 2 solves/],
      ['https://slidysim.github.io/replay', /This link cannot be watched: it is neither a Slide link/],
      ['hello <img src=x>', /This link cannot be watched: it is neither a Slide link/],
      [`${started.server.url}/?board=${START}&replay=LLUR.AAA`, /The link's replay cannot be played: move 3 of 4 walks off the board/],
    ]) {
      await watch(page, link);
      const alert = page.locator('[role=alert]');
      await alert.filter({ hasText: words }).waitFor({ timeout: 10_000 });
      assert.equal(await state(page), before, `${link.slice(0, 60)}: the board stays`);
      assert.equal(await page.locator('img').count(), 0, 'nothing in it is markup');
      await button(page, 'Dismiss').click().catch(() => {});
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
