// The daily race end to end, against a real `slide serve`: two players race the same day's 3×3
// on the page (each gives a name first, which starts syncing), get ranks 1 and 2, see each other
// on the leaderboard, and Watch plays an entry to the goal. A name made of markup shows as
// text; Hint, Solve and Undo wait while the race runs; a second start is refused in words.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { button, launch, play, shot, slideServe, state, until } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

let browser;
let server;

before(async () => {
  browser = await launch();
  server = await slideServe();
});

after(async () => {
  await browser?.close();
  await server?.kill();
});

async function player(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('[data-testid=board]');
  return { context, page, errors };
}

/** Daily race on a 3×3, a name first: resolves once the race's board is on show. */
async function race(page, name) {
  await page.getByLabel('Size', { exact: true }).selectOption({ label: '3×3' });
  await button(page, 'Daily race').click();
  await page.getByLabel('Name to race under', { exact: true }).fill(name);
  await button(page, 'Start syncing and race').click();
  await page.waitForSelector('[data-testid=race-rules]', { timeout: 30000 });
  return state(page);
}

describe('the daily race, through slide serve', () => {
  it('two players race one board: ranks 1 and 2, each on the leaderboard, and Watch plays to the goal', async () => {
    const ada = await player();
    const bob = await player({ width: 390, height: 844 });
    const adaName = '<img src=x onerror=alert(1)>';
    const board = await race(ada.page, adaName);
    assert.equal(await race(bob.page, 'Bob'), board, 'one board for everyone');
    // While the race runs, help waits.
    assert.ok(await button(ada.page, 'Hint').isDisabled());
    assert.ok(await button(ada.page, 'Undo').isDisabled());
    await shot(bob.page, 'race-running-phone');

    // Ada plays briskly, Bob slowly: ranks 1 and 2.
    const keys = solveKeys(board);
    await ada.page.locator('[data-testid=board]').focus();
    await play(ada.page, keys, 30);
    await ada.page.waitForSelector('[data-testid=result][data-rank="1"]', { timeout: 30000 });
    await bob.page.locator('[data-testid=board]').focus();
    await play(bob.page, keys, 150);
    await bob.page.waitForSelector('[data-testid=result][data-rank="2"]', { timeout: 30000 });

    // Each sees both, in order, the name as text.
    const rows = async (page) => {
      await page.waitForSelector('[data-testid=leaderboard] li[data-rank="2"]', { timeout: 30000 });
      return page.locator('[data-testid=leaderboard] li').evaluateAll((lis) => lis.map((li) => [li.dataset.rank, li.dataset.name]));
    };
    assert.deepEqual(await rows(bob.page), [['1', adaName], ['2', 'Bob']]);
    await ada.page.getByRole('button', { name: 'Daily race' }).isVisible();
    assert.equal(await ada.page.locator('[data-testid=leaderboard] img').count(), 0, 'a name is text');
    await shot(bob.page, 'race-leaderboard-phone');
    await shot(ada.page, 'race-leaderboard-desktop');

    // Watch plays Ada's entry on Bob's page, to the goal.
    await bob.page.locator('[data-testid=leaderboard] li[data-rank="1"]').getByRole('button', { name: 'Watch', exact: true }).click();
    await until(async () => ((await state(bob.page)) === board ? true : undefined), 'the replay at its start');
    await until(async () => ((await state(bob.page)) === '1 2 3/4 5 6/7 8 0' ? true : undefined), 'the replay at the goal');

    // One try: a second start is refused in words.
    await button(ada.page, 'Daily race').click();
    await until(async () => ((await ada.page.locator('[data-testid=race] [role=status]').innerText().catch(() => '')).includes('one entry a day and size') ? true : undefined), 'a second start refused');
    for (const p of [ada, bob]) assert.deepEqual(p.errors, []);
  });
});
