// Links and embedding: the built dist/ on a plain static server (also under a sub-path), in
// headless Chromium.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { button, dist, lifecycle, open, shot, solvable, state } from './harness.mjs';

const started = lifecycle();

const solution = (page, attr) => page.getAttribute('[data-testid=solution]', `data-${attr}`);

/** Applies moves (tile directions) to a board in notation, as the game does. */
function applyMoves(board, moves) {
  const rows = board.split('/').map((r) => r.split(' ').map(Number));
  const w = rows[0].length;
  const h = rows.length;
  const t = rows.flat();
  for (const m of moves) {
    const b = t.indexOf(0);
    const [r, c] = [Math.floor(b / w), b % w];
    const from = { U: r + 1 < h && b + w, D: r > 0 && b - w, L: c + 1 < w && b + 1, R: c > 0 && b - 1 }[m];
    if (from === false) throw new Error(`move ${m} walks off`);
    [t[b], t[from]] = [t[from], t[b]];
  }
  const out = [];
  for (let r = 0; r < h; r++) out.push(t.slice(r * w, r * w + w).join(' '));
  return out.join('/');
}

/** A tile in line with the blank, to click. */
async function someMove(page) {
  const b = await state(page);
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
    await page.keyboard.press(key);
    if ((await state(page)) !== b) return;
  }
  throw new Error('no key moved a tile');
}

describe('links', () => {
  it('opening a link shows that board and goal', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,0,2/3,4,5/6,7,8&goal=blank-first`);
    assert.equal(await state(page), '1 0 2/3 4 5/6 7 8');
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-goal'), '0 1 2/3 4 5/6 7 8');
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('[data-testid=status]'), /Solved/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the address follows the board without adding history entries', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,0,5/7,8,6`);
    const entries = await page.evaluate(() => history.length);
    // The address is updated just after the board is drawn: wait for it, then compare.
    const address = (q) => page.waitForFunction((q) => location.search === q, q, { timeout: 2000 });
    await page.keyboard.press('ArrowLeft');
    await address('?board=1,2,3/4,5,0/7,8,6');
    await page.keyboard.press('ArrowUp');
    await address('?board=1,2,3/4,5,6/7,8,0');
    assert.equal(new URL(page.url()).search, '?board=1,2,3/4,5,6/7,8,0');
    assert.equal(await page.evaluate(() => history.length), entries);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Copy link copies a link that opens the same position, replay and step included', async () => {
    const context = await started.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${started.server.url}/games/slide/?board=8,6,7/2,5,4/3,0,1`);
    await page.waitForSelector('[data-testid=board]');
    await someMove(page);
    await button(page, 'Copy link').click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    const plain = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(plain, /\/games\/slide\/\?board=[\d,/]+$/);
    const other = await context.newPage();
    await other.goto(plain);
    await other.waitForSelector('[data-testid=board]');
    assert.equal(await state(other), await state(page));

    // With a replay on screen, the link carries the moves and the step.
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    await button(page, 'Step forward').click();
    await button(page, 'Step forward').click();
    await button(page, 'Copy link').click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    const replay = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(replay, /&moves=[UDLR]+&step=2$/);
    await other.goto(replay);
    await other.waitForSelector('[data-testid=solution]');
    assert.equal(await state(other), await state(page));
    assert.equal(await solution(other, 'step'), '2');
    assert.equal(await solution(other, 'moves'), await solution(page, 'moves'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('where the clipboard is refused, the link is shown in a field to copy', async () => {
    const page = await started.browser.newPage();
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.goto(`${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    await page.waitForSelector('[data-testid=board]');
    await button(page, 'Copy link').click();
    const field = page.getByLabel('Link', { exact: true });
    await field.waitFor();
    assert.equal(await field.inputValue(), `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    await page.close();
  });

  it('a replay link opens at the given step', async () => {
    const moves = 'RDLDLUURDRDLLUURRDDLLURURDDLULU';
    const { page, errors } = await open(
      started.browser,
      `${started.server.url}/?board=8,6,7/2,5,4/3,0,1&moves=${moves}&step=10`,
    );
    assert.equal(await solution(page, 'step'), '10');
    assert.equal(await solution(page, 'moves'), moves);
    assert.equal(await solution(page, 'optimal'), 'false', 'a link cannot vouch for optimality');
    assert.equal(await state(page), applyMoves('8 6 7/2 5 4/3 0 1', moves.slice(0, 10)));
    await button(page, 'Step forward').click();
    assert.equal(await state(page), applyMoves('8 6 7/2 5 4/3 0 1', moves.slice(0, 11)));
    assert.deepEqual(errors, []);
    await page.close();
  });

  const hostile = [
    ['board=1,1,2/3,4,5/6,7,0', /tile 1 appears more than once/],
    ['board=1,2,3/4,5,6/8,7,0', /can never reach its goal/],
    ['board=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E', /cannot be used/],
    ['board=<script>window.pwned=1</script>', /cannot be used/],
    ['board=' + '7'.repeat(10000), /is not a tile number/],
    ['board=' + '1,'.repeat(5001), /too long/],
    ['board=%E0%A4%A', /not valid text/],
    ['board=%C0%AF', /not valid text/],
    ['board=1%2C2%2F3%2C0%00', /cannot be used/],
    ['board=%252C', /cannot be used/],
    ['board=0,1,2,3,4,5,6,7,8,9,10/11,12,13,14,15,16,17,18,19,20,21', /not supported/],
    ['board=1,2/3,0&goal=1,2,3/4,5,6/7,8,0', /the goal is 3×3 but the board is 2×2/],
    ['board=1,2,3/4,5,6/7,8,0&moves=UU', /walk off the board at move 1 of 2/],
    ['board=1,2,3/4,5,6/7,0,8&moves=L&step=99', /not a position/],
    ['moves=LLUR', /no board/],
  ];
  for (const [query, message] of hostile) {
    it(`a hostile or broken link (${query.slice(0, 40)}) shows an alert and a playable board`, async () => {
      const { page, errors } = await open(started.browser, `${started.server.url}/?${query}`);
      const alert = page.getByRole('alert');
      assert.match(await alert.textContent(), message);
      assert.ok((await alert.textContent()).length < 500);
      assert.equal(await page.evaluate(() => window.pwned), undefined);
      assert.equal(await page.locator('#slide img, #slide script').count(), 0, 'nothing from the link became an element');
      const b = await state(page);
      const goal = await page.getAttribute('[data-testid=board]', 'data-goal');
      assert.ok(solvable(b, goal), b);
      await someMove(page);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

describe('embedding', () => {
  it('embed=1 shows the board and its essential controls in a 320×400 frame', async () => {
    const { page, errors } = await open(
      started.browser,
      `${started.server.url}/?board=8,6,7/2,5,4/3,0,1&embed=1`,
      { width: 320, height: 400 },
    );
    assert.equal(await page.locator('h1').count(), 0);
    assert.equal(await page.getByLabel('Size', { exact: true }).count(), 0);
    for (const name of ['Shuffle', 'Undo', 'Hint', 'Solve']) {
      const box = await button(page, name).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 320 && box.y + box.height <= 400, `${name}: ${JSON.stringify(box)}`);
    }
    const board = await page.getByTestId('board').boundingBox();
    assert.ok(board.width >= 200 && board.x + board.width <= 320 && board.y + board.height <= 400, JSON.stringify(board));
    await shot(page, 'embed-320x400');
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    await shot(page, 'embed-320x400-solution');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Embed shows a ready-to-paste iframe snippet for the current board', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/games/slide/?board=8,6,7/2,5,4/3,0,1`);
    await button(page, 'Embed').click();
    const code = await page.getByLabel('Embed code').inputValue();
    assert.equal(
      code,
      `<iframe src="${started.server.url}/games/slide/?board=8,6,7/2,5,4/3,0,1&amp;embed=1" title="Sliding puzzle" width="360" height="460"></iframe>`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the example page at a sub-path embeds two puzzles that report moves and solves', async () => {
    const { page, errors } = await (async () => {
      const page = await started.browser.newPage({ viewport: { width: 1000, height: 900 } });
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${started.server.url}/games/slide/embed-example.html`);
      return { page, errors };
    })();
    const small = page.frameLocator('#puzzle-3x3');
    const large = page.frameLocator('#puzzle-4x4');
    await small.getByTestId('board').waitFor();
    await large.getByTestId('board').waitFor();
    assert.equal(await large.getByTestId('board').getAttribute('data-state'), '5 1 2 3/0 6 7 4/9 10 11 8/13 14 15 12');

    // A scripted move inside a frame reaches the parent.
    await small.locator('[data-tile="4"]').click();
    await page.waitForFunction(() => window.slideMessages.some((m) => m.type === 'slide:move'));
    const move = await page.evaluate(() => window.slideMessages.find((m) => m.type === 'slide:move'));
    assert.deepEqual(move, { frame: 'puzzle-3x3', type: 'slide:move', board: '1 2 3/4 0 6/7 5 8', moves: 1 });

    // Solving by hand inside the frame posts slide:solved.
    await small.locator('[data-tile="5"]').click();
    await small.locator('[data-tile="8"]').click();
    await page.waitForFunction(() => window.slideMessages.some((m) => m.type === 'slide:solved'));
    const solved = await page.evaluate(() => window.slideMessages.find((m) => m.type === 'slide:solved'));
    assert.equal(solved.frame, 'puzzle-3x3');
    assert.equal(solved.moves, 3);
    assert.equal(typeof solved.millis, 'number');

    // The other frame's worker runs from the sub-path too: solve and replay it to the end.
    await large.getByRole('button', { name: 'Solve', exact: true }).click();
    await large.getByTestId('solution').waitFor();
    await large.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(
      () => window.slideMessages.some((m) => m.type === 'slide:solved' && m.frame === 'puzzle-4x4'),
      null,
      { timeout: 15000 },
    );
    await shot(page, 'embed-example');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('content security policy', () => {
  it('allows Trunk\'s loader by hash and no other inline script, on both pages', async () => {
    for (const file of ['index.html', join('bench', 'index.html')]) {
      const html = await readFile(join(dist, file), 'utf8');
      // The release build's HTML is minified: attributes in any order, quotes where needed.
      const meta = html.match(/<meta [^>]*http-equiv="?Content-Security-Policy[^>]*>/)[0];
      const policy = meta.match(/content="([^"]+)"/)[1];
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
      assert.doesNotMatch(scriptSrc, /unsafe-inline/);
      assert.match(scriptSrc, /'wasm-unsafe-eval'/);
      const inline = [...html.matchAll(/<script(?: type="?module"?)?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      assert.ok(inline.length >= 1);
      for (const body of inline) {
        const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
        assert.ok(scriptSrc.includes(hash), `${file}'s CSP lacks ${hash}: update it after changing the loader`);
      }
    }
  });

  it('the game works under it with no violation', async () => {
    const page = await started.browser.newPage();
    const violations = [];
    await page.exposeFunction('reportViolation', (v) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`)),
    );
    await page.goto(`${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    await page.waitForSelector('[data-testid=board]');
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    assert.equal(await solution(page, 'length'), '31');
    assert.deepEqual(violations, []);
    await page.close();
  });
});
