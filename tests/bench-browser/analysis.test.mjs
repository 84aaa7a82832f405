// The analysis of a 100-move 4×4 solve by hand in the page's worker: Korf's no. 8 played by
// keys, as `cargo bench --bench solver analysis` makes it (the moves below are what it prints to
// stderr): its shortest solution with 25 seeded detours (100 moves), and its rows-and-columns
// solution (96 moves). Prints, for each, the time from the last key to the analysis done
// (Playwright's round trip included; the pattern databases were fetched while the keys were
// played, as on a player's page). REPEAT runs each (3 by default).
// Alone: `node --test tests/bench-browser/analysis.test.mjs` after `make dist`.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve } from '../e2e/harness.mjs';

const repeat = Number(process.env.REPEAT ?? 3);
const KORF_8 = '9,6,15,2/11,7,3,10/14,12,0,8/13,1,5,4';
const SOLVES = {
  'shortest + 25 detours':
    'RLRRLULDUDRLLUDDRLUDRRUURLLLRDDDUDRRLUULUDRRLRDLRDLLRLLUURLURRDLDLRDULUUDURDRRDULRLRDLLURDDLUDLRLUUU',
  'rows and columns':
    'RURDDLURDLDRULDLLURRDLUULURDDLURDLDRUULDDRUUULDRURDLDRURDLUULDRURDLDLLURDRULDLUURRRDLULDLDRRULLU',
};
const KEYS = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };

it('a 100-move 4×4 solve analysed in the worker', { timeout: 600000 }, async () => {
  const server = await serve();
  const browser = await launch();
  try {
    for (let run = 0; run < repeat; run++) {
      for (const [what, moves] of Object.entries(SOLVES)) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(`${server.url}/?board=${KORF_8}`);
        await page.waitForSelector('[data-testid=board]');
        for (const m of moves) await page.keyboard.press(KEYS[m]);
        const t = Date.now();
        await page.waitForSelector('[data-testid=analysis][data-state=done]', { timeout: 120000 });
        const ms = Date.now() - t;
        const distances = (await page.getAttribute('[data-testid=analysis]', 'data-distances')).split(',');
        assert.equal(distances.length, moves.length + 1);
        assert.equal(distances[0], '50');
        const away = await page.getAttribute('[data-testid=analysis]', 'data-away');
        console.log(`${what}: ${moves.length} moves, ${away} away, analysed in ${ms} ms`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
});
