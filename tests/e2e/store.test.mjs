// Your solves are safe, in headless Chromium: the record in the browser's database (IndexedDB).
// Two tabs each solve once and a third sees both (and a tab follows another's solve without a
// reload, a number being typed in it kept as typed); a history kept by an earlier version in
// localStorage moves in and loses nothing (its key removed only once read back); one that
// cannot be read whole is kept byte for byte, told once in an alert naming the history, offered
// as a download, and the next solve keeps both; a browser without IndexedDB, and a quota made
// tiny, are told and the game plays on; an event
// survives a reload (a marathon goes on with its clock; a fewest-moves round whose limit passed
// while away ends "Time is up").
//
// No timing thresholds: the checks are on counts, attributes, bytes and the order of instants.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { button, lifecycle, play, state, unfolded } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

const started = lifecycle();

// Two slides from the goal: ← ← solves it.
const NEAR = '1,2,3/4,5,6/0,7,8';

const rows = (page) =>
  page.locator('[data-testid=history] tr[data-solve]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
const total = (page) => page.getAttribute('[data-testid=history]', 'data-total');
const stat = (page, name) => page.getAttribute(`[data-testid=stats] [data-stat=${name}]`, 'data-value');
const alerts = async (page) => page.getByRole('alert').allInnerTexts();

/** A page of `context` that records its errors, opened at `path` with its board on screen. */
async function openIn(context, path) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  await page.goto(`${started.server.url}${path}`);
  await page.waitForSelector('[data-testid=board]');
  return { page, errors };
}

/** Waits until the record is loaded (no progress on show) and the table counts `n` solves. */
async function loaded(page, n) {
  // The progress is inside the history's panel, built once the page is idle.
  await unfolded(page);
  await page.waitForSelector('[data-testid=record-progress]', { state: 'detached' });
  if (n !== undefined) await page.waitForSelector(`[data-testid=history][data-total="${n}"]`, { state: 'attached' });
}


/** Solves the 8-puzzle on show by keys and waits for its result. */
async function solveShown(page) {
  await play(page, solveKeys(await state(page)));
  await page.waitForSelector('[data-testid=result]');
}

/** Solves NEAR, freshly opened in `page`. */
async function solveNear(page) {
  await page.goto(`${started.server.url}/?board=${NEAR}`);
  await page.waitForSelector('[data-testid=board]');
  await loaded(page);
  await play(page, ['ArrowLeft', 'ArrowLeft'], 60);
  await page.waitForSelector('[data-testid=result]');
}

// --- a history as earlier versions kept it ------------------------------------------------

const BOARD = '8 6 7/2 5 4/3 0 1';
const GOAL = '1 2 3/4 5 6/7 8 0';

/** Solve number `i` as the history's JSON has it: whole milliseconds, so it reads back exactly. */
function solveJson(i) {
  const moves = 31 + (i % 9);
  const times = Array.from({ length: moves }, (_, k) => k * 250 + (i % 7));
  times[0] = 0;
  return {
    id: 1_700_000_000_000 + i * 60_000,
    date: '2026-11-20',
    size: '3x3',
    board: BOARD,
    goal: GOAL,
    moves,
    mtm: moves - 3,
    millis: times[moves - 1],
    optimal: 31,
    best_known: null,
    assisted: i % 11 === 0,
    control: 'keys',
    random_state: i % 5 !== 0,
    times,
  };
}

const EVENT = {
  id: 1_700_000_000_000 + 999 * 60_000 + 1,
  date: '2026-11-20',
  event: 'marathon-2',
  size: '3x3',
  board: '1 2 3/4 5 6/0 7 8',
  goal: GOAL,
  millis: 9500,
  moves: 30,
  splits: [4750, 4750],
  control: 'keys',
  finished: true,
  memo_millis: null,
  out_of_place: null,
  optimal: null,
  best_known: null,
  random_state: true,
  path: 'LLU',
};

/** Puts `text` where earlier versions kept the history, then reloads. */
async function seedLegacy(page, text) {
  await page.evaluate((t) => localStorage.setItem('slide.history', t), text);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
}

const legacyKey = (page) => page.evaluate(() => localStorage.getItem('slide.history'));

async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile(await download.path(), 'utf8');
}

async function openHistory(page) {
  const summary = page.getByText('Your solves and statistics', { exact: true });
  if (!(await summary.evaluate((s) => s.closest('details').open))) await summary.click();
}

describe('the record in the browser’s database', () => {
  it('two tabs each solve once, a third sees both, and a tab follows another’s solve without a reload', async () => {
    const context = await started.browser.newContext();
    const a = await openIn(context, `/?board=${NEAR}`);
    const b = await openIn(context, `/?board=${NEAR}`);
    await loaded(a.page, 0);
    await loaded(b.page, 0);
    await play(a.page, ['ArrowLeft', 'ArrowLeft'], 60);
    await a.page.waitForSelector('[data-testid=result]');
    await loaded(a.page, 1);
    // B hears of A's solve, without a reload.
    await loaded(b.page, 1);
    await play(b.page, ['ArrowLeft', 'ArrowLeft'], 60);
    await b.page.waitForSelector('[data-testid=result]');
    await loaded(b.page, 2);
    await loaded(a.page, 2);
    const seen = (await rows(a.page)).map((r) => r.solve).sort();
    assert.equal(new Set(seen).size, 2, `two solves: ${seen}`);
    assert.deepEqual((await rows(b.page)).map((r) => r.solve).sort(), seen);
    // A third tab, opened after, reads both from the database.
    const c = await openIn(context, '/');
    await loaded(c.page, 2);
    assert.deepEqual((await rows(c.page)).map((r) => r.solve).sort(), seen);
    for (const tab of [a, b, c]) assert.deepEqual(tab.errors, []);
    await context.close();
  });

  it('a number being typed stays as typed when another tab’s solve draws the page again', async () => {
    const context = await started.browser.newContext();
    const a = await openIn(context, '/');
    const b = await openIn(context, `/?board=${NEAR}`);
    await loaded(a.page, 0);
    await loaded(b.page, 0);
    await a.page.getByLabel('Event', { exact: true }).selectOption('marathon');
    const solves = a.page.getByLabel('Solves', { exact: true });
    // Typed, the field not left yet.
    await solves.fill('12');
    const drawn = await a.page.evaluate(() => document.querySelector('[data-testid=history]').dataset.total);
    assert.equal(drawn, '0');
    await play(b.page, ['ArrowLeft', 'ArrowLeft'], 60);
    await b.page.waitForSelector('[data-testid=result]');
    // A hears of B's solve and draws its page again, the field still focused.
    await loaded(a.page, 1);
    assert.equal(await solves.inputValue(), '12', 'the text typed, not the number before it');
    assert.ok(await solves.evaluate((el) => el === document.activeElement), 'still typing');
    await button(a.page, 'Start').click();
    await a.page.waitForSelector('[data-testid=event-status][data-state=running][data-boards="12"]');
    for (const tab of [a, b]) assert.deepEqual(tab.errors, []);
    await context.close();
  });

  it('a history kept by an earlier version moves in whole, and its old key goes once it reads back', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, '/');
    await loaded(page, 0);
    const solves = Array.from({ length: 300 }, (_, i) => solveJson(i));
    const text = JSON.stringify({ version: 1, solves, events: [EVENT] });
    await seedLegacy(page, text);
    await loaded(page, 300);
    assert.equal(await legacyKey(page), null, 'the old key is gone once the move read back');
    await openHistory(page);
    assert.match(await page.locator('[data-testid=history] caption').innerText(), /^The last 50 of 300 solves$/);
    const note = await page.getByRole('status').filter({ hasText: 'moved into' }).innerText();
    assert.match(note, /300 solves and 1 event/);
    // The statistics count every counted one.
    await page.getByLabel('Statistics for control').selectOption('keys');
    const counted = solves.filter((s) => s.random_state && !s.assisted);
    assert.equal(await stat(page, 'count'), String(counted.length));
    assert.equal(await stat(page, 'best-time'), String(Math.min(...counted.map((s) => s.millis))));
    // Out as a file, nothing lost: every solve and the event, as they were.
    await page.getByLabel('Format', { exact: true }).selectOption({ label: 'JSON' });
    const file = JSON.parse(await downloaded(page, () => button(page, 'Export history').click()));
    // Each now carries its name on every device (a kind letter and 16 hex digits), all distinct.
    const bare = ({ uid, ...rest }) => rest;
    assert.deepEqual(file.solves.map(bare), solves);
    assert.deepEqual(file.events.map(bare), [EVENT]);
    assert.ok(file.solves.every((s) => /^s[0-9a-f]{16}$/.test(s.uid)), 'a solve uid');
    assert.match(file.events[0].uid, /^e[0-9a-f]{16}$/);
    assert.equal(new Set(file.solves.map((s) => s.uid)).size, solves.length, 'no two alike');
    // Another load reads the same from the database.
    await page.reload();
    await loaded(page, 300);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a database of version 1 gives its records their uid in the upgrade itself, and they wait to go up', async () => {
    const context = await started.browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    // A file of the site that opens no database: the database made as version 1 kept it.
    await page.goto(`${started.server.url}/favicon.svg`);
    const solves = Array.from({ length: 12 }, (_, i) => solveJson(i));
    await page.evaluate(
      ({ solves, event }) =>
        new Promise((done, failed) => {
          const open = indexedDB.open('slide', 1);
          open.onupgradeneeded = () => {
            const db = open.result;
            for (const name of ['solves', 'events']) {
              const store = db.createObjectStore(name, { keyPath: 'id' });
              store.createIndex('size_control', ['size', 'control']);
              store.createIndex('date', 'date');
            }
            db.createObjectStore('unreadable', { autoIncrement: true });
          };
          open.onerror = () => failed(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['solves', 'events'], 'readwrite');
            for (const s of solves) {
              const moves = s.moves;
              tx.objectStore('solves').put({
                id: s.id, size: s.size, control: s.control, date: s.date,
                counts: s.random_state && !s.assisted, millis: s.millis, moves, json: JSON.stringify(s),
              });
            }
            tx.objectStore('events').put({
              id: event.id, event: event.event, size: '3x3', control: event.control, date: event.date,
              json: JSON.stringify(event),
            });
            tx.oncomplete = () => { open.result.close(); done(); };
            tx.onerror = () => failed(tx.error);
          };
        }),
      { solves, event: EVENT },
    );
    await page.goto(`${started.server.url}/`);
    await page.waitForSelector('[data-testid=board]');
    await loaded(page, 12);
    // In the database: every record with its uid, all of them waiting to go up.
    const kept = await page.evaluate(
      () =>
        new Promise((done) => {
          const open = indexedDB.open('slide');
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['solves', 'events']);
            const out = { version: db.version };
            const all = (name) => {
              const r = tx.objectStore(name).getAll();
              r.onsuccess = () => (out[name] = r.result);
            };
            all('solves');
            all('events');
            const pending = tx.objectStore('solves').index('pending').count();
            pending.onsuccess = () => (out.pending = pending.result);
            tx.oncomplete = () => { db.close(); done(out); };
          };
        }),
    );
    assert.equal(kept.version, 2);
    assert.equal(kept.pending, 12, 'every solve waits to go up');
    assert.ok(kept.solves.every((r) => /^s[0-9a-f]{16}$/.test(r.uid) && JSON.parse(r.json).uid === r.uid));
    assert.match(kept.events[0].uid, /^e[0-9a-f]{16}$/);
    // The same uids go out in a file, and nothing else changed.
    await openHistory(page);
    await page.getByLabel('Format', { exact: true }).selectOption({ label: 'JSON' });
    const file = JSON.parse(await downloaded(page, () => button(page, 'Export history').click()));
    const bare = ({ uid, ...rest }) => rest;
    assert.deepEqual(file.solves.map(bare), solves);
    assert.deepEqual(file.solves.map((s) => s.uid).sort(), kept.solves.map((r) => r.uid).sort());
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a move that fails leaves the old key as it was, says so, and reads the history from it', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, '/');
    await loaded(page, 0);
    const solves = Array.from({ length: 20 }, (_, i) => solveJson(i));
    const text = JSON.stringify({ version: 1, solves, events: [] });
    const cdp = await context.newCDPSession(page);
    const origin = started.server.url;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    await seedLegacy(page, text);
    const told = page.getByRole('alert').filter({ hasText: 'could not be moved' });
    await told.waitFor();
    assert.match(await told.innerText(), /stays where it was and is read from there: nothing is lost/);
    await loaded(page, 20);
    assert.equal(await legacyKey(page), text, 'the old key as it was');
    // With room again, the next visit moves it in.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await page.reload();
    await loaded(page, 20);
    assert.equal(await legacyKey(page), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a history that cannot be read whole is kept byte for byte, told once, offered, and the next solve keeps both', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, `/?board=${NEAR}`);
    await loaded(page, 0);
    // Cut short in its third solve: a write that never finished.
    const whole = JSON.stringify({ version: 1, solves: [solveJson(1), solveJson(2), solveJson(3)] });
    const text = whole.slice(0, whole.indexOf('"id":', whole.indexOf(String(solveJson(3).id)) - 10) + 40);
    assert.ok(text.length < whole.length && text.includes(String(solveJson(2).id)));
    await seedLegacy(page, text);
    await loaded(page, 2);
    const told = (await alerts(page)).filter((a) => /history/.test(a));
    assert.equal(told.length, 1, `one alert naming the history: ${told}`);
    assert.match(told[0], /could not be read/);
    assert.equal(await legacyKey(page), null, 'moved in, the unreadable text beside it');
    // The text as it was, byte for byte.
    const alert = page.getByRole('alert').filter({ hasText: 'could not be read' });
    assert.equal(await downloaded(page, () => alert.getByRole('button', { name: 'Download it' }).click()), text);
    // The next solve keeps both: the readable two, the new one, and the text.
    await play(page, ['ArrowLeft', 'ArrowLeft'], 60);
    await page.waitForSelector('[data-testid=result]');
    await loaded(page, 3);
    await page.reload();
    await loaded(page, 3);
    assert.equal((await alerts(page)).filter((a) => /could not be read/.test(a)).length, 0, 'told once');
    await openHistory(page);
    assert.equal(await downloaded(page, () => button(page, 'Download what could not be read').click()), text);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('history files and the database', () => {
  it('an import of 1,500 solves is one transaction: kept whole, or with the quota reached, not at all', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, '/');
    await loaded(page, 0);
    await openHistory(page);
    const solves = Array.from({ length: 1_500 }, (_, i) => solveJson(i));
    const file = { name: 'many.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ version: 1, solves, events: [EVENT] })) };
    // No room: nothing is kept, and the history is as it was.
    const cdp = await context.newCDPSession(page);
    const origin = started.server.url;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    await page.getByLabel('Import history').setInputFiles(file);
    const refused = page.getByRole('status').filter({ hasText: 'nothing was imported' });
    await refused.waitFor();
    assert.match(await refused.innerText(), /^many\.json: nothing was imported, and your history is as it was\./);
    await page.reload();
    await loaded(page, 0);
    // Room again: all of it, in one go.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await openHistory(page);
    await page.getByLabel('Import history').setInputFiles(file);
    await page.getByRole('status').filter({ hasText: '1500 solves added' }).waitFor();
    await loaded(page, 1500);
    await page.reload();
    await loaded(page, 1500);
    await openHistory(page);
    assert.equal((await rows(page)).length, 50, 'the newest 50 in the table');
    // Older ones a page at a time, from the database.
    await button(page, 'Show 50 older solves').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=history] tr[data-solve]').length === 100);
    const ids = (await rows(page)).map((r) => Number(r.solve));
    assert.deepEqual(ids, solves.slice(-100).map((s) => s.id).reverse(), 'the newest 100, newest first');
    // Once more: every one already here.
    await page.getByLabel('Import history').setInputFiles(file);
    await page.getByRole('status').filter({ hasText: 'already here' }).waitFor();
    assert.match(await page.getByRole('status').filter({ hasText: 'already here' }).innerText(), /0 solves added, 1500 already here\. 0 events added, 1 already here\./);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a browser that refuses the database', () => {
  it('without IndexedDB: told, and the game plays on with the solves in memory', async () => {
    const context = await started.browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    const { page, errors } = await openIn(context, `/?board=${NEAR}`);
    const told = page.getByRole('alert').filter({ hasText: 'does not let Slide keep your solves' });
    await told.waitFor();
    assert.match(await told.innerText(), /kept until this tab closes: export them to keep them/);
    await play(page, ['ArrowLeft', 'ArrowLeft'], 60);
    await page.waitForSelector('[data-testid=result]');
    await loaded(page, 1);
    await openHistory(page);
    assert.match(await page.getByTestId('storage').innerText(), /kept in this tab only/);
    // And on: a shuffle, solved.
    await button(page, 'Shuffle').click();
    await solveShown(page);
    await loaded(page, 2);
    const file = JSON.parse(await downloaded(page, () => button(page, 'Export history').click()));
    assert.equal(file.solves.length, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('with a quota made tiny: the write refused is told, the game plays on, and a later write keeps it', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, `/?board=${NEAR}`);
    await loaded(page, 0);
    const cdp = await context.newCDPSession(page);
    const origin = started.server.url;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
    await play(page, ['ArrowLeft', 'ArrowLeft'], 60);
    await page.waitForSelector('[data-testid=result]');
    const told = page.getByRole('alert').filter({ hasText: 'storage for this site is full' });
    await told.waitFor();
    assert.match(await told.innerText(), /kept until this tab closes/);
    await loaded(page, 1);
    // The game goes on: a shuffle, solved, counted.
    await button(page, 'Shuffle').click();
    await solveShown(page);
    await loaded(page, 2);
    // Room again: the next write keeps the one refused with it.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    await button(page, 'Shuffle').click();
    await solveShown(page);
    await loaded(page, 3);
    await page.waitForFunction(() => true);
    const reloaded = await openIn(context, '/');
    await loaded(reloaded.page, 3);
    assert.deepEqual(errors, []);
    assert.deepEqual(reloaded.errors, []);
    await context.close();
  });
});

// --- an event across a reload ---------------------------------------------------------------

const result = (page, name) => page.getAttribute('[data-testid=event-result]', `data-${name}`);

async function chooseEvent(page, event, field, value) {
  await page.getByLabel('Event', { exact: true }).selectOption(event);
  const input = page.getByLabel(field, { exact: true });
  await input.fill(String(value));
  await input.blur();
}

/**
 * Reloads `page` as if it had been away `awayMs`: the reloaded page's calendar is that much
 * later than the one that kept the event (as a tab reopened that much later finds it).
 */
async function reloadAway(page, awayMs) {
  await page.addInitScript((away) => {
    const Real = Date;
    class Later extends Real {
      constructor(...args) {
        super(...(args.length ? args : [Real.now() + away]));
      }
      static now() {
        return Real.now() + away;
      }
    }
    window.Date = Later;
  }, awayMs);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
}

describe('an event across a reload', () => {
  it('a marathon reloaded between boards goes on with its clock', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, '/');
    await chooseEvent(page, 'marathon', 'Solves', 2);
    await button(page, 'Start').click();
    await page.waitForSelector('[data-testid=event-status][data-state=running]');
    await play(page, solveKeys(await state(page)));
    await page.waitForSelector('[data-testid=event-status][data-board="2"]');
    const second = await state(page);
    // Away a minute between the boards.
    await reloadAway(page, 60_000);
    await page.waitForSelector('[data-testid=event-status][data-state=running][data-board="2"]');
    assert.equal(await state(page), second, 'the same second board');
    await play(page, solveKeys(second));
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'finished'), 'true');
    const millis = Number(await result(page, 'millis'));
    const splits = (await result(page, 'splits')).split(',').map(Number);
    // The minute away is on the clock, in the second board's split.
    assert.ok(millis >= 60_000, `${millis} ms in all`);
    assert.equal(splits.length, 2);
    assert.ok(splits[1] >= 60_000 && splits[0] < 60_000, `splits ${splits}`);
    assert.ok(Math.abs(splits[0] + splits[1] - millis) <= 2, `${splits} for ${millis}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a fewest-moves round whose limit passed while away ends "Time is up"', async () => {
    const context = await started.browser.newContext();
    const { page, errors } = await openIn(context, '/');
    await chooseEvent(page, 'fmc', 'Time limit', 1);
    await button(page, 'Start').click();
    await page.waitForSelector('[data-testid=event-status][data-state=exploring]');
    await page.keyboard.press(solveKeys(await state(page))[0]);
    // The move on the board (the page keeps the run, its moves with it, as it is left).
    await page.waitForFunction(() => document.querySelector('[data-testid=moves]')?.textContent === '1');
    // Away two minutes: the limit of one passed meanwhile.
    await reloadAway(page, 120_000);
    const told = page.getByRole('alert').filter({ hasText: 'Time is up' });
    await told.waitFor();
    assert.match(await told.innerText(), /the time limit of 1 minute has passed/);
    assert.equal(await page.getByTestId('event-status').count(), 0, 'the round is over');
    await openHistory(page);
    const kept = await page.locator('tr[data-event=fmc]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
    assert.equal(kept.length, 1);
    assert.equal(kept[0].finished, 'false');
    assert.equal(kept[0].moves, '1');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
