// Statistics as speedsolvers keep them, in headless Chromium: shuffled boards (random state, the
// default) solved by hand with keys count under Keys; a typed board's solve is kept in the
// history, marked not random, said so in the result, and left out; the control picker shows
// another control's statistics; the histogram counts the solves counted; a best is a best of
// its size and control and survives a reload.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open, play, recordLoaded, shot, state } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

const started = lifecycle();

const stat = (page, name) => page.getAttribute(`[data-testid=stats] [data-stat=${name}]`, 'data-value');
const historyRows = (page) =>
  page.locator('[data-testid=history] tr[data-solve]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
const histogram = (page) =>
  page.locator('[data-testid=histogram] li').evaluateAll((lis) => lis.map((li) => ({ ...li.dataset })));

/** Solves the board on show by hand with keys; resolves when the result is up. */
async function solveByHand(page) {
  await play(page, solveKeys(await state(page)), 15);
  await page.waitForSelector('[data-testid=result]');
}

describe('statistics count random-state solves, per control', () => {
  it('counts shuffled boards under Keys, keeps a typed board out, and shows a histogram', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    // Timed play draws from all solvable boards unless the filter is asked for.
    assert.equal(await page.getByLabel('Shuffle with most tiles out of place').isChecked(), false);
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        await button(page, 'Shuffle').click();
        await page.waitForSelector('[data-testid=result]', { state: 'detached' });
      }
      await solveByHand(page);
      const result = page.locator('[data-testid=result]');
      assert.equal(await result.getAttribute('data-random-state'), 'true');
      assert.equal(await result.getAttribute('data-control'), 'keys');
      assert.equal(await page.getByTestId('not-counted').count(), 0);
    }
    // A typed board: kept, marked, and the result says why it does not count.
    await page.getByText('Your board, goal and picture').click();
    await page.getByLabel('Board', { exact: true }).fill('1 2 3/4 0 5/7 8 6');
    await button(page, 'Apply').click();
    await solveByHand(page);
    assert.equal(await page.getAttribute('[data-testid=result]', 'data-random-state'), 'false');
    assert.equal(
      await page.getByTestId('not-counted').textContent(),
      'Not counted in statistics: the board was typed in or loaded from a file, not drawn at random.',
    );

    await page.getByText('Your solves and statistics').click();
    const rows = await historyRows(page);
    assert.equal(rows.length, 6);
    assert.ok(rows.every((r) => r.control === 'keys'), JSON.stringify(rows));
    const typed = rows.filter((r) => r.randomState === 'false');
    assert.equal(typed.length, 1);
    assert.equal(typed[0].board, '1 2 3/4 0 5/7 8 6');
    assert.match(await page.locator('tr[data-random-state=false]').innerText(), /keys\s*not random/);
    // The statistics shown are the latest solve's control, and count the five shuffles only.
    const stats = page.getByTestId('stats');
    assert.equal(await stats.getAttribute('data-control'), 'keys');
    assert.equal(await stats.getAttribute('data-left-out'), '1');
    assert.equal(await stat(page, 'count'), '5');
    assert.match(await stats.innerText(), /count random-state solves only .*: 1 solve of 3×3 by keys kept but not counted/);
    const counted = rows.filter((r) => r.randomState === 'true').map((r) => Number(r.millis)).sort((a, b) => a - b);
    const ao5 = (counted[1] + counted[2] + counted[3]) / 3;
    assert.ok(Math.abs(Number(await stat(page, 'ao5')) - ao5) <= 1, `${await stat(page, 'ao5')} vs ${ao5}`);
    assert.equal(Number(await stat(page, 'best-time')), counted[0]);
    assert.equal(await stat(page, 'ao50'), '');
    // The histogram holds the five counted times, each in its bin.
    const bins = await histogram(page);
    assert.ok(bins.length >= 1 && bins.length <= 12, JSON.stringify(bins));
    assert.equal(bins.reduce((n, b) => n + Number(b.count), 0), 5);
    for (const t of counted) {
      assert.ok(bins.some((b) => Number(b.from) <= t && t < Number(b.to) + 1 && Number(b.count) > 0), `${t} in ${JSON.stringify(bins)}`);
    }
    // The status bar's best is the Keys best of 3×3.
    assert.equal(await page.getAttribute('[data-testid=best]', 'data-control'), 'keys');

    for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
      for (const scheme of ['light', 'dark']) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await stats.scrollIntoViewIfNeeded();
        await shot(page, `${name}-${scheme}-statistics-per-control`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Another control: nothing counted by click, and no click best.
    await page.getByLabel('Statistics for control').selectOption({ label: 'Click' });
    await page.waitForSelector('[data-testid=stats][data-control=click]');
    assert.equal(await stat(page, 'count'), '0');
    assert.equal(await page.getByTestId('histogram').count(), 0);
    assert.equal(await page.getByTestId('best').count(), 0);

    // A reload: the history, and the Keys best, are still there.
    await page.reload();
    await recordLoaded(page);
    assert.equal(await page.getAttribute('[data-testid=best]', 'data-control'), 'keys');
    assert.match(await page.textContent('[data-testid=best]'), /^keys best \d+ moves?, \d+\.\d{2} s$/);
    await page.getByText('Your solves and statistics').click();
    assert.equal(await stat(page, 'count'), '5');
    // Clear forgets the best; the solves stay.
    await page.getByText('Your board, goal and picture').click();
    await button(page, 'Clear').click();
    await page.reload();
    await recordLoaded(page);
    assert.equal(await page.getByTestId('best').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
