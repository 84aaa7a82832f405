// Watch your solve at the pace played, and replay links: a 3×3 solved by hand with known gaps
// (Playwright's clock, so every gap is exact and no test waits on the wall clock), replayed
// step by step with the page's own delays, copied as a replay link and opened in a fresh page;
// hostile replay links each get an alert and a fresh board. Open Slidysim's links: one written
// by Slide after a hand solve reads back the same moves and times (unpacked here with Node's
// zlib, as Open Slidysim's pako would, and watched in the page); links made the way Open
// Slidysim makes them play, a leaderboard's saved replay too; hostile links each get an alert
// and leave the board as it was.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, inflateSync } from 'node:zlib';
import { button, lifecycle, open, shot, state } from './harness.mjs';

const started = lifecycle();

const START = '1,2,3/4,5,6/0,7,8';
// Down then Up (a detour), then a tap two tiles away... played as keys: ↓ ↑ ← ←.
const SOLVE = [
  ['ArrowDown', 0],
  ['ArrowUp', 700],
  ['ArrowLeft', 250],
  ['ArrowLeft', 2400],
];
const TIMES = '0,700,950,3350';

const pace = (page, attr) => page.getAttribute('[data-testid=pace]', `data-${attr}`);
const solution = (page, attr) => page.getAttribute('[data-testid=solution]', `data-${attr}`);

/** Plays the solve with its gaps on the page's clock, paused from here on. */
async function solveByHand(page) {
  await page.clock.pauseAt(60_000);
  for (const [key, gap] of SOLVE) {
    await page.clock.runFor(gap);
    await page.keyboard.press(key);
  }
  await page.waitForSelector('[data-testid=result]');
}

describe('watch your solve at the pace played', () => {
  it('waits before each step as long as the move took, and 2× halves it', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=${START}`, undefined, 'light', (p) =>
      p.clock.install({ time: 0 }),
    );
    await solveByHand(page);
    await button(page, 'Watch your solve').click();
    await page.waitForSelector('[data-testid=pace]');
    assert.equal(await pace(page, 'times'), TIMES, "the solve's own times");
    assert.equal(await page.getByLabel('Pace', { exact: true }).inputValue(), 'x1', 'as played by default');
    assert.equal(await pace(page, 'step-delay'), null, 'nothing plays until Play');
    const caption = await page.locator('.pace-chart figcaption').innerText();
    assert.match(caption, /Longest pause: 2\.40 s before move 4\./);
    assert.equal(await page.getAttribute('svg.chart.gaps', 'aria-label'), caption);

    await button(page, 'Play').click();
    const delays = [];
    const seen = [];
    for (let step = 0; step < 4; step++) {
      await page.waitForSelector(`[data-testid=pace][data-step="${step}"][data-step-delay]`);
      const delay = Number(await pace(page, 'step-delay'));
      delays.push(delay);
      seen.push(await page.locator('[data-testid=pace-time]').innerText());
      await page.clock.runFor(delay);
    }
    await page.waitForSelector('[data-testid=pace][data-step="4"]');
    assert.deepEqual(delays, [500, 700, 250, 2400], 'a lead-in, then each gap as played');
    assert.deepEqual(seen, ['0.00 s', '0.00 s', '0.70 s', '0.95 s']);
    assert.equal(await page.locator('[data-testid=pace-time]').innerText(), '3.35 s');
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');

    // 2× from the third step: half of each gap.
    await page.getByLabel('Position', { exact: true }).fill('2');
    await page.getByLabel('Pace', { exact: true }).selectOption('x2');
    await button(page, 'Play').click();
    await page.waitForSelector('[data-testid=pace][data-step="2"][data-step-delay="125"]');
    await page.clock.runFor(125);
    await page.waitForSelector('[data-testid=pace][data-step="3"][data-step-delay="1200"]');
    await button(page, 'Pause').click();
    await page.waitForSelector('[data-testid=pace]:not([data-step-delay])');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('replay links', () => {
  it('Copy replay link gives a link that replays the same board, moves and times', async () => {
    const context = await started.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.clock.install({ time: 0 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${started.server.url}/?board=${START}`);
    await page.waitForSelector('[data-testid=board]');
    await solveByHand(page);
    await button(page, 'Copy replay link').click();
    await page.getByRole('status').filter({ hasText: 'Replay link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, `${started.server.url}/?board=${START}&replay=DULL.8V6HgrC`);

    const other = await context.newPage();
    other.on('pageerror', (e) => errors.push(e.message));
    await other.goto(link);
    // The clock is the context's: let it run for the replay to play.
    await other.clock.resume();
    await other.waitForSelector('[data-testid=pace]');
    assert.equal(await pace(other, 'times'), TIMES);
    assert.equal(await solution(other, 'moves'), 'DULL');
    assert.equal(await other.getByLabel('Pace', { exact: true }).inputValue(), 'x1');
    // It plays at once, at its pace, to the end.
    await other.waitForSelector('[data-testid=pace][data-step="4"]', { timeout: 10_000 });
    assert.equal(await state(other), '1 2 3/4 5 6/7 8 0');
    await other.getByLabel('Position', { exact: true }).fill('0');
    assert.equal(await state(other), '1 2 3/4 5 6/0 7 8', 'from the same board');
    assert.equal(await other.locator('[role=alert]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a replay link with repeat counts (the community\'s notation) plays the same solve', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=${START}&replay=DUL2.8V6HgrC`);
    await page.waitForSelector('[data-testid=pace]');
    assert.equal(await solution(page, 'moves'), 'DULL');
    assert.equal(await pace(page, 'times'), TIMES);
    // The moves, as the community writes them, to copy.
    assert.equal(await page.getByTestId('notation').textContent(), 'DUL2');
    assert.equal(await page.locator('[role=alert]').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('where the clipboard is refused, the replay link is shown in a field to copy', async () => {
    const { page } = await open(started.browser, `${started.server.url}/?board=${START}`, undefined, 'light', async (p) => {
      await p.clock.install({ time: 0 });
      await p.addInitScript(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      });
    });
    await solveByHand(page);
    await button(page, 'Copy replay link').click();
    const field = page.getByLabel('Replay link to copy', { exact: true });
    await field.waitFor();
    assert.equal(await field.inputValue(), `${started.server.url}/?board=${START}&replay=DULL.8V6HgrC`);
    await page.close();
  });

  it('a hostile replay link gets an alert naming the problem and a fresh board', async () => {
    for (const [replay, words] of [
      ['LLUR.AAA', /move 3 of 4 walks off the board/],
      ['LL.A%3Cimg%20src%3Dx%3E', /is not part of a time/],
      ['LLL.A', /3 moves but 2 times/],
      ['L3.A', /it has 3 moves but 2 times/],
      ['LxL.AA', /its moves: 'x' at position 2 is not a move/],
      ['LL.g', /cut short/],
      ['LLL.A_____', /longer than 10 minutes/],
      ['LL', /no "\." between its moves and their times/],
      ['', /it has no moves/],
    ]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=${START}&replay=${replay}`);
      const alert = await page.locator('[role=alert]').innerText();
      assert.match(alert, words, replay);
      assert.match(alert, /Here is a fresh board instead\./, replay);
      assert.equal(await page.locator('[data-testid=solution]').count(), 0, replay);
      assert.equal(await page.locator('img').count(), 0, `${replay}: nothing in it is markup`);
      assert.deepEqual(errors, [], replay);
      await page.close();
    }
  });
});

describe('the pace chart, on screen', () => {
  it('fits a phone and a desktop, light and dark', async () => {
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 900 }],
    ]) {
      for (const scheme of ['light', 'dark']) {
        // A 4×4 solve: 30 moves with a pause to think before move 12.
        const moves = 'RDLU'.repeat(7) + 'RD';
        const gaps = [...moves.slice(1)].map((_, i) => (i === 10 ? 'ggC' : i % 5 === 0 ? 'A' : '8F'));
        const url = `${started.server.url}/?board=1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0&replay=${moves}.${gaps.join('')}`;
        const { page, errors } = await open(started.browser, url, viewport, scheme);
        await page.waitForSelector('[data-testid=pace]');
        await button(page, 'Pause').click();
        await page.getByLabel('Position', { exact: true }).fill('13');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${name}: no sideways scroll (${width} px)`);
        await page.locator('[data-testid=pace]').scrollIntoViewIfNeeded();
        await shot(page, `replay-pace-${name}-${scheme}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    }
  });
});

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
    await solveByHand(page);
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
    assert.equal(await solution(page, 'moves'), 'DULL');
    await page.getByLabel('Position', { exact: true }).fill('0');
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8', 'from the same board');
    assert.equal(await page.locator('[role=alert]').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("links as Open Slidysim writes them play: a custom replay, an older one, a leaderboard's", async () => {
    // The page's clock stands still: each replay stays on its first step while it is checked
    // (a replay opened from a link plays at once), and no check races its playing.
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`, undefined, 'light', (p) =>
      p.clock.install({ time: 0 }),
    );
    await page.clock.pauseAt(60_000);
    const saved = deflateSync('L2;0.480;2;4.167;-1;[0,480]', { level: 9 }).toString('base64');
    // Each link's times differ from the one before, so each wait is for its own replay.
    for (const [value, times] of [
      [['L2U', 6000, '1 2 3/0 4 5/7 8 6', [100, 300, 600]], '0,200,500'],
      // Without times, at its TPS: 2 moves at 4 tiles/s take half a second.
      [['L2', 4000, '1 2 3/4 5 6/0 7 8'], '0,500'],
      [['L2', 8000, '1 2 3/4 5 6/0 7 8', -1], '0,250'],
      [[{ gameMode: 'Standard' }, saved, -1, 4167, 3, 3, '<b>x</b>', -1, 'gold', false], '0,480'],
    ]) {
      await watch(page, slidysimLink(value));
      await page.waitForSelector(`[data-testid=pace][data-times="${times}"][data-step="0"]`);
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
      // Gone before the next link, so each wait is for that link's own alert.
      await button(page, 'Dismiss').click();
      await alert.waitFor({ state: 'detached' });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
