// The page never dies and never stalls: a board of another size read against the board on
// show, and a solver worker that stops in the middle of a search, as a restless player and a
// browser short of memory would have them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open, solverWorkers, state } from './harness.mjs';

const started = lifecycle();

/** Opens every folded panel, so its controls can be reached. */
async function unfoldAll(page) {
  await page.locator('details:not([open]) > summary').evaluateAll((summaries) => summaries.forEach((s) => s.click()));
}

async function applyBoard(page, text) {
  await page.getByLabel('Board', { exact: true }).fill(text);
  await button(page, 'Apply').click();
}

const alerts = (page) => page.locator('[role=alert]').allTextContents();

describe('a board of another size', () => {
  it('an unsolvable 4×4 typed on the opening 3×3 is shown with its own goal and fixed', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await unfoldAll(page);
    // Fringe colours and a picture both read each tile's home on the goal: the ways this crashed.
    await page.getByLabel('Tile colours', { exact: true }).selectOption({ label: 'Fringe' });
    await applyBoard(page, '1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0');
    const board = page.getByTestId('board');
    assert.equal(await state(page), '1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0');
    assert.equal(await board.getAttribute('data-goal'), '1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0');
    assert.equal(await page.locator('[data-testid=board] button[data-tile]').count(), 15);
    assert.ok((await alerts(page)).some((a) => /tiles 14 and 15 swapped/.test(a)), await alerts(page));
    const picture = page.getByLabel('Picture', { exact: true });
    const pictures = await picture.locator('option').evaluateAll((os) => os.map((o) => o.value));
    await picture.selectOption(pictures.find((v) => v !== 'none' && v !== 'own'));
    await button(page, 'Fix').click();
    assert.equal(await state(page), '1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0');

    // And smaller on a bigger page: a 2×2 that cannot be solved, then a 3×5 that can.
    await applyBoard(page, '2 1/3 0');
    assert.equal(await state(page), '2 1/3 0');
    assert.equal(await board.getAttribute('data-goal'), '1 2/3 0');
    await applyBoard(page, '1 2 3/4 5 6/7 8 9/10 11 12/13 0 14');
    assert.equal(await board.getAttribute('data-goal'), '1 2 3/4 5 6/7 8 9/10 11 12/13 14 0');
    await page.locator('[data-tile="14"]').click();
    assert.match(await page.textContent('[data-testid=status]'), /Solved/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('a solver worker that stops', () => {
  it('stopped in the middle of a hard 15-puzzle: the page says so, and the next Solve works', async () => {
    // The first 80-move position of ../shared/bench/hardest.txt: a minute or more in a tab.
    const url = `${started.server.url}/?board=0,12,9,13/15,11,10,14/3,7,2,5/4,8,6,1`;
    const { page, errors } = await open(started.browser, url);
    await button(page, 'Solve').click();
    await page.waitForFunction(
      () => /[1-9][\d,]* positions/.test(document.querySelector('[data-testid=progress]')?.textContent ?? ''),
      null,
      { timeout: 60000 },
    );
    // As the browser does to a tab short of memory: the game's worker (the first started) ends,
    // without a word to the page.
    const workers = solverWorkers(page);
    assert.ok(workers.length >= 1);
    await workers[0].evaluate(() => self.close());
    const stopped = page.locator('[role=alert]', { hasText: 'The solver stopped unexpectedly' });
    await stopped.waitFor({ timeout: 20000 });
    assert.match(await stopped.textContent(), /fell silent/);
    // The search is over on the page: no progress, Solve is offered again, the board as it was.
    assert.equal(await page.getByTestId('progress').count(), 0);
    await button(page, 'Solve').waitFor();
    assert.equal(await state(page), '0 12 9 13/15 11 10 14/3 7 2 5/4 8 6 1');

    // A good Solve, on the same page, from a fresh worker that gets the tables again.
    await unfoldAll(page);
    await applyBoard(page, '1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15');
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]', { timeout: 60000 });
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-length'), '1');
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-optimal'), 'true');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a worker whose code throws is replaced at once, and a comparison row says so', async () => {
    // Korf's first 15-puzzle: each row of the comparison searches for seconds.
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=13,6,8,12/15,14,0,10/11,7,4,5/9,1,3,2`);
    await unfoldAll(page);
    await button(page, 'Compare').click();
    await page.waitForSelector('[data-testid=compare] tr.pending');
    // An error the worker does not catch, as a trap in its WebAssembly raises.
    await solverWorkers(page)[0].evaluate(() => setTimeout(() => {
      throw new Error('a trap, as it were');
    }));
    const stopped = page.locator('[role=alert]', { hasText: 'The solver stopped unexpectedly' });
    await stopped.waitFor({ timeout: 10000 });
    assert.match(await stopped.textContent(), /it crashed: .*a trap, as it were/);
    assert.ok(
      (await page.locator('[data-testid=compare] td').allTextContents()).includes('solver stopped'),
    );
    // The page goes on: a Solve from the fresh worker.
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]', { timeout: 60000 });
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-length'), '57');
    // The worker's own console reported its error; the page raised none.
    assert.deepEqual(errors.filter((e) => !/a trap, as it were/.test(e)), []);
    await page.close();
  });
});
