// e2e.mjs - the browser client of `vauban serve` in headless Chromium
// (Debian's /usr/bin/chromium), driven by playwright-core, with node's test
// runner. Usage: node --test e2e.mjs (VAUBAN=path/to/vauban, SHOTS=dir for
// the screenshots). Two browser contexts play Setge 1714 as the two seats:
// the game is created from the lobby form, one seat acts (on the board when
// the game draws one, else with the prompt bar's buttons), the other seat's
// page follows through Server-Sent Events, the log shows the line, undo
// takes it back on both pages; then a Molt soroll turn, and one decision in
// each of the three newer games on its SVG board; the area panel (a Setge
// zone, a Piacenza hex). No response the Catalan page receives may hold
// the seed or the generator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const VAUBAN = process.env.VAUBAN;
const SHOTS = process.env.SHOTS || join(tmpdir(), 'vauban-shots');
let server, base, browser, dir;

before(async () => {
  assert.ok(VAUBAN, 'VAUBAN names the vauban program');
  dir = mkdtempSync(join(tmpdir(), 'vb-e2e-'));
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(VAUBAN, ['serve', '--port', '0', '--db', join(dir, 'e2e.sqlite')],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[0-9.]+:\d+)\//);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`vauban serve exited with ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) {
    const done = new Promise((r) => server.on('exit', r));
    server.kill('SIGTERM');
    await done;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Every body a page receives from /api/, to check for secrets.
function watch(page) {
  const bodies = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/api/') || r.url().includes('/events')) return;
    try { bodies.push(await r.text()); } catch { /* navigated away */ }
  });
  return bodies;
}

const logText = (page) => page.locator('#log').innerText();

// Take `action` on the page: on the board when it names board elements
// (click each named element in turn), else with its prompt-bar button.
async function take(page, action) {
  const refs = action.split(/\s+/);
  const onBoard = [];
  for (const r of refs)
    if (await page.locator(`#board [data-ref="${r}"]`).count()) onBoard.push(r);
  if (onBoard.length) {
    for (const r of onBoard) {
      if (!(await page.locator('#actions .action', { hasText: action }).count())) break;
      await page.locator(`#board [data-ref="${r}"]`).first().click();
    }
    if (await page.locator('#actions .action', { hasText: action }).count())
      await page.locator('#actions .action', { hasText: action }).first().click();
  } else {
    await page.getByRole('button', { name: action, exact: true }).click();
  }
}

test('two seats play Setge 1714 in two browsers', async () => {
  const ctxA = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 } }); // a phone
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const catalanBodies = watch(b);

  // The lobby: create the game from the form. The page is served with its
  // Content-Security-Policy; the API's answers with no-store and nosniff.
  const page0 = await a.goto(base + '/');
  const h0 = page0.headers();
  assert.match(h0['content-security-policy'] || '', /default-src 'self'.*frame-ancestors 'none'/,
    `the page's headers: ${JSON.stringify(h0)}`);
  assert.equal(h0['x-content-type-options'], 'nosniff');
  const api0 = await a.request.get(base + '/api/games');
  const ha = api0.headers();
  assert.equal(ha['cache-control'], 'no-store', `the API's headers: ${JSON.stringify(ha)}`);
  assert.equal(ha['x-content-type-options'], 'nosniff');
  assert.equal(ha['content-security-policy'], undefined, 'a JSON answer carries the page policy');
  await a.selectOption('#f-game', 'setge-1714');
  await a.selectOption('#f-scenario', '2p');
  // Without random events the turn opens with the Two Crowns' artillery.
  await a.fill('input[data-option="events"]', '0');
  await a.getByRole('button', { name: 'Create' }).click();
  await a.locator('#seat-links a').first().waitFor();
  const links = await a.locator('#seat-links li').evaluateAll((lis) =>
    lis.map((li) => [li.textContent.split(':')[0], li.querySelector('a')?.href]));
  const seat = Object.fromEntries(links);
  assert.ok(seat.bourbon && seat.catalan, `seat links: ${JSON.stringify(links)}`);
  await a.screenshot({ path: join(SHOTS, 'lobby.png'), fullPage: true });

  await a.goto(seat.bourbon);
  await b.goto(seat.catalan);
  await a.locator('#prompt', { hasText: 'bourbon' }).waitFor();
  await b.locator('#status', { hasText: 'waiting for bourbon' }).waitFor();
  assert.equal(await b.locator('#actions .action').count(), 0, 'no actions for the waiting seat');

  // The exact odds of a gun's fire, shown before committing.
  await a.locator('#actions .action', { hasText: /^fire / }).first().hover();
  await a.locator('#odds', { hasText: 'target eliminated' }).waitFor();
  assert.match(await a.locator('#odds').innerText(), /no effect \d+\.\d% \(\d+\/\d+\)/);

  // Bourbon ends the artillery phase, then moves a unit.
  await take(a, 'end-artillery');
  await a.locator('#prompt', { hasText: 'movement' }).waitFor();
  await b.locator('#prompt', { hasText: 'movement' }).waitFor(); // through SSE
  // Move a unit by clicking it, then its destination, on the board. A game
  // without an SVG board yet gets a stand-in with the two data-refs, so the
  // client's picking is tested all the same.
  if (!(await a.locator('#board svg').count())) {
    await a.evaluate(() => {
      document.getElementById('board').innerHTML =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">' +
        '<rect data-ref="La-Marine-1" tabindex="0" x="5" y="5" width="90" height="90" fill="#ccc">' +
        '<title>La Marine 1</title></rect>' +
        '<rect data-ref="Fossat-de-Llevant" x="105" y="5" width="90" height="90" fill="#ddd">' +
        '<title>Fossat de Llevant</title></rect></svg>';
    });
  }
  // (by keyboard: the element focused, then Enter)
  await a.locator('#board [data-ref="La-Marine-1"]').focus();
  await a.keyboard.press('Enter');
  // A staged order: the unit's one action ("move La-Marine-1") is taken at
  // once; then its destinations are offered on the board.
  await a.locator('#actions .action', { hasText: /^to / }).first().waitFor();
  const offered = await a.locator('#actions .action').allInnerTexts();
  assert.ok(offered.some((t) => t === 'to Fossat-de-Llevant'), `destinations: ${offered}`);
  await a.locator('#board [data-ref="Fossat-de-Llevant"].vb-can').waitFor();
  await a.screenshot({ path: join(SHOTS, 'setge-staged.png'), fullPage: false });
  // A destination with a counter standing on it: a click on the counter
  // (the top-most element there) still reaches the zone's action.
  const spot = await a.evaluate(() => {
    const board = document.getElementById('board');
    const dests = [...document.querySelectorAll('#actions .action')]
      .map((b) => b.textContent).filter((t) => t.startsWith('to ')).map((t) => t.slice(3));
    for (const z of dests) {
      const zone = board.querySelector(`[data-ref="${z}"]`);
      if (!zone) continue;
      const zr = zone.getBoundingClientRect();
      for (const c of board.querySelectorAll('[data-ref]')) {
        if (c === zone || c.contains(zone) || zone.contains(c)) continue;
        const r = c.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < zr.left || x > zr.right || y < zr.top || y > zr.bottom) continue;
        const top = document.elementFromPoint(x, y);
        const under = document.elementsFromPoint(x, y);
        if (top && top.closest('[data-ref]') === c && under.some((e) => zone.contains(e)))
          return { zone: z, counter: c.dataset.ref, x, y,
            title: (zone.querySelector(':scope > title')?.textContent || z).split(' (')[0] };
      }
    }
    return null;
  });
  assert.ok(spot, 'no destination with a counter on it to click');
  await a.mouse.click(spot.x, spot.y);
  await a.screenshot({ path: join(SHOTS, 'setge-zone-under-counter.png'), fullPage: false });
  const line = `La Marine 1 moves from Left Two Crowns to ${spot.title}`;
  await a.locator('#log li', { hasText: line }).waitFor();
  await b.locator('#log li', { hasText: line }).waitFor();
  await a.screenshot({ path: join(SHOTS, 'setge-bourbon.png'), fullPage: true });
  await b.screenshot({ path: join(SHOTS, 'setge-catalan-phone.png'), fullPage: true });

  // Undo takes it back on both pages.
  await a.getByRole('button', { name: 'Undo' }).click();
  await b.waitForFunction((l) => !document.getElementById('log').innerText.includes(l), line);
  assert.ok(!(await logText(a)).includes(line));

  // The replay steps back through the record and returns to the game.
  await b.getByRole('button', { name: 'Replay' }).click();
  await b.locator('#replay-label', { hasText: 'decision' }).waitFor();
  const at = Number(await b.locator('#replay-step').inputValue());
  await b.getByRole('button', { name: 'Previous decision' }).click();
  await b.locator('#replay-label', { hasText: `decision ${at - 1} of ${at}` }).waitFor();
  await b.screenshot({ path: join(SHOTS, 'replay-phone.png'), fullPage: false });
  await b.getByRole('button', { name: 'Back to the game' }).click();
  await b.locator('#replay-bar').waitFor({ state: 'hidden' });

  // An illegal action typed in: the engine's one-line message, nothing changes.
  const before = await logText(a);
  await a.fill('#action-text', 'move La-Marine-1 Baluard-de-Llevant');
  await a.getByRole('button', { name: 'Send' }).click();
  await a.locator('#error', { hasText: 'illegal action' }).waitFor();
  assert.equal(await logText(a), before);

  // The Catalan page never received a seed or the generator's words (a
  // history entry's "rng": true only says a roll came from it).
  const secret = (x) => x && typeof x === 'object' && Object.entries(x).some(([k, v]) =>
    k === 'seed' || (k === 'rng' && typeof v !== 'boolean') || secret(v));
  assert.ok(catalanBodies.length > 0);
  for (const body of catalanBodies)
    assert.ok(!secret(JSON.parse(body)), `a secret reached the Catalan page: ${body.slice(0, 200)}`);
  await ctxA.close();
  await ctxB.close();
});

test('one seat plays Setge 1714 against mcts', async () => {
  const page = await browser.newPage();
  await page.goto(base + '/');
  await page.selectOption('#f-game', 'setge-1714');
  await page.selectOption('#f-scenario', '2p');
  await page.fill('input[data-option="events"]', '0');
  await page.selectOption('select[data-role="catalan"]', 'mcts:300ms');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.locator('#seat-links a').first().waitFor();
  assert.match(await page.locator('#seat-links').innerText(), /catalan: computer \(mcts:300ms\)/);
  await page.locator('#seat-links a').first().click();
  await page.locator('#status', { hasText: 'your turn' }).waitFor();
  // Bourbon ends each phase of its half-turn; then the AI plays the Catalan
  // half-turn on the server, and the page follows it through SSE.
  for (let i = 0; i < 10; i++) {
    if (!(await page.locator('#status', { hasText: 'your turn' }).count())) break;
    const before = await page.locator('#prompt').innerText();
    await page.locator('#actions .action', { hasText: /^end-/ }).first().click();
    await page.waitForFunction((p) => document.getElementById('prompt').textContent !== p ||
      !document.getElementById('status').textContent.includes('your turn'), before);
  }
  await page.locator('#status', { hasText: 'your turn' }).waitFor({ timeout: 120000 });
  const [, id, token] = page.url().match(/#\/g\/([0-9a-f]+)\/([0-9a-f]+)/);
  const rec = await (await fetch(`${base}/api/games/${id}/record?token=${token}`)).json();
  assert.ok(rec.history.some((e) => e.by === 'catalan'), 'the AI took no decision');
  await page.screenshot({ path: join(SHOTS, 'setge-vs-mcts.png'), fullPage: false });
  await page.close();
});

test('a Molt soroll turn', async () => {
  const r = await fetch(base + '/api/games', { method: 'POST', body: '{"game":"molt-soroll"}' });
  const g = await r.json();
  const page = await browser.newPage();
  await page.goto(`${base}/#/g/${g.id}/${g.seats.king.token}`);
  await page.locator('#status', { hasText: 'your turn' }).waitFor();
  const n = await page.locator('#log li').count();
  // by keyboard: focus the first action's button, press Enter
  await page.locator('#actions .action').first().focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => document.querySelectorAll('#log li').length > k, n);
  await page.screenshot({ path: join(SHOTS, 'molt-soroll.png'), fullPage: true });
  await page.close();
});

// A redraw (here the seat's link opened again, as the event stream's hello
// does after the first fetch) keeps the keyboard focus on the same action,
// so that Enter takes the action the player chose and not nothing.
test('a redraw keeps the focus on the chosen action', async () => {
  const r = await fetch(base + '/api/games', { method: 'POST', body: '{"game":"molt-soroll"}' });
  const g = await r.json();
  const page = await browser.newPage();
  await page.goto(`${base}/#/g/${g.id}/${g.seats.king.token}`);
  await page.locator('#status', { hasText: 'your turn' }).waitFor();
  const second = page.locator('#actions .action').nth(1);
  const chosen = await second.textContent();
  await second.focus();
  const before = await page.locator('#actions .action').first().elementHandle();
  await page.evaluate(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
  // the list was drawn anew (not the same button), and the focus followed
  await page.waitForFunction((old) => document.querySelector('#actions .action') !== old, before);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), chosen);
  await page.close();
});

// The three newer games in the browser: each draws its SVG board with named
// elements, offers a seat its actions, takes one (by keyboard) and logs it.
for (const [game, scenario, seat] of [['piacenza-1746', 'battle', 'franco-spanish'],
  ['roi-soleil', 'devolution', 'france'], ['siege-18c', null, 'besieger']]) {
  test(`a ${game} decision in the browser`, async () => {
    const body = { game, ...(scenario ? { scenario } : {}) };
    const r = await fetch(base + '/api/games', { method: 'POST', body: JSON.stringify(body) });
    const g = await r.json();
    assert.ok(g.seats && g.seats[seat], `seats of ${game}: ${JSON.stringify(g.seats)}`);
    // Open the seat whose turn it is (the first decision may be the other's).
    let page;
    for (const s of Object.keys(g.seats)) {
      const p = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await p.goto(`${base}/#/g/${g.id}/${g.seats[s].token}`);
      await p.locator('#status', { hasText: /your turn|waiting for/ }).waitFor();
      if (await p.locator('#status', { hasText: 'your turn' }).count()) { page = p; break; }
      await p.close();
    }
    assert.ok(page, `no seat of ${game} has the turn`);
    // Piacenza's battle opens with the Franco-Spanish dragoons' deployment
    // (10.5, public); the secret objectives follow.
    const menuNow = async () => (await page.locator('#actions').innerText()).trim();
    while (game === 'piacenza-1746' && /^(mounted|on-foot) /.test(await menuNow())) {
      const m = await menuNow();
      await page.locator('#actions .action').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((old) => {
        const s = document.getElementById('actions').innerText.trim();
        return s !== '' && s !== old;
      }, m);
    }
    assert.ok(await page.locator('#board svg').count(), `${game}: no SVG board`);
    assert.ok(await page.locator('#board svg [data-ref]').count() > 10,
      `${game}: the board names few elements`);
    const n = await page.locator('#log li').count();
    const offered = await page.locator('#actions .action').count();
    assert.ok(offered > 0 && offered < 100, `${game}: ${offered} actions offered`);
    const menu = await page.locator('#actions').innerText();
    await page.locator('#actions .action').first().focus();
    await page.keyboard.press('Enter');
    // Logged, or (a staged decision) the next stage offered.
    await page.waitForFunction(([k, m]) => document.querySelectorAll('#log li').length > k ||
      document.getElementById('actions').innerText !== m, [n, menu]);
    await page.screenshot({ path: join(SHOTS, `${game}.png`), fullPage: false });
    const taken = menu.split('\n')[0].trim();
    await page.close();
    // Piacenza's first decision is a secret objective: the Austrian page
    // receives neither the action nor its log line.
    if (game === 'piacenza-1746') {
      assert.match(taken, /^objective /);
      const place = taken.slice('objective '.length);
      const other = await browser.newPage();
      const bodies = watch(other);
      await other.goto(`${base}/#/g/${g.id}/${g.seats.austrian.token}`);
      await other.locator('#status', { hasText: 'waiting for franco-spanish' }).waitFor();
      assert.ok(bodies.length > 0);
      for (const b of bodies) {
        assert.ok(!b.includes(taken), `the Austrian page received '${taken}'`);
        assert.ok(!b.includes(`choose ${place.replace(/-/g, ' ')}`), 'the objective reached the Austrians');
      }
      assert.ok(!(await other.locator('#log').innerText()).includes(place.replace(/-/g, ' ')));
      await other.close();
    }
  });
}

// The part of the board a click names, in the panel beside the board, as
// the seat sees it: a Setge zone (by mouse, then by keyboard, for the seat
// that waits too; the panel follows the game), a Piacenza hex (by its CCRR)
// with the objective the Franco-Spanish noted, secret from the Austrians.
// A click still offers the legal actions.
test('the area panel: a Setge zone and a Piacenza hex', async () => {
  const post = async (id, token, action) => {
    const r = await fetch(`${base}/api/games/${id}/action`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ action }),
    });
    assert.equal(r.status, 200, `${action}: ${await r.text()}`);
  };
  const sg = await (await fetch(base + '/api/games', {
    method: 'POST', body: '{"game":"setge-1714","scenario":"2p","options":{"events":0}}',
  })).json();
  const a = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await a.goto(`${base}/#/g/${sg.id}/${sg.seats.bourbon.token}`);
  await a.locator('#status', { hasText: 'your turn' }).waitFor();
  // (force: the zone's name, drawn over its middle, takes the click: the
  // page reads every element under the pointer)
  await a.locator('#board [data-ref="Fossat-de-Llevant"]').click({ force: true });
  await a.locator('#area-text', { hasText: 'Fossat de Llevant [Fossat-de-Llevant]' }).waitFor();
  assert.equal(await a.locator('#area-h').innerText(), 'zone Fossat-de-Llevant');
  assert.ok(await a.locator('#error').isHidden(), 'a zone with no action is no error');
  // a counter clicked: the zone it stands on (La Marine 1, of the crowded
  // Left Two Crowns, is drawn over a neighbour's polygon: its data-zone
  // names its own zone, not the one under the pointer)
  const under = await a.evaluate(() => {
    const r = document.querySelector('#board [data-ref="La-Marine-1"]').getBoundingClientRect();
    return document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      .map((e) => e.closest('[data-ref]')?.dataset.ref).find((x) => x && x !== 'La-Marine-1');
  });
  assert.notEqual(under, 'Left-Two-Crowns', 'La Marine 1 is drawn over its own zone');
  await a.locator('#board [data-ref="La-Marine-1"]').click({ force: true });
  await a.locator('#area-h', { hasText: 'zone Left-Two-Crowns' }).waitFor();
  assert.match(await a.locator('#area-text').innerText(), /\[Left-Two-Crowns\]/);
  assert.match(await a.locator('#area-text').innerText(), /La Marine 1 \(4\)/);
  // and the legal actions still offered: the unit's gun fire is not its
  // (a move in the next phase), the battery's fire is
  await a.locator('#board [data-ref="Bourbon-Battery-1"]').click({ force: true });
  await a.locator('#filter-label', { hasText: 'Bourbon-Battery-1' }).waitFor();
  assert.ok(await a.locator('#actions .action', { hasText: /^fire Bourbon-Battery-1 / }).count());
  await a.screenshot({ path: join(SHOTS, 'setge-area.png'), fullPage: false });
  // The waiting seat, by keyboard: a zone focused, Enter.
  const b = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await b.goto(`${base}/#/g/${sg.id}/${sg.seats.catalan.token}`);
  await b.locator('#status', { hasText: 'waiting for bourbon' }).waitFor();
  await b.locator('#board [data-ref="Left-Two-Crowns"]').focus();
  await b.keyboard.press('Enter');
  await b.locator('#area-text', { hasText: 'La Marine 1 (4)' }).waitFor();
  // The Bourbon moves La Marine 1 out: the Catalan's panel follows (SSE).
  await post(sg.id, sg.seats.bourbon.token, 'end-artillery');
  await post(sg.id, sg.seats.bourbon.token, 'move La-Marine-1');
  await post(sg.id, sg.seats.bourbon.token, 'to Fossat-de-Llevant');
  await b.waitForFunction(() => !document.getElementById('area-text').textContent
    .includes('La Marine 1 (4)'));
  assert.match(await b.locator('#area-text').innerText(), /^Left Two Crowns \[Left-Two-Crowns\]/);
  await b.screenshot({ path: join(SHOTS, 'setge-area-catalan.png'), fullPage: false });
  await a.close();
  await b.close();

  // Piacenza: the Franco-Spanish deploy their dragoons, note an objective.
  const pc = await (await fetch(base + '/api/games', {
    method: 'POST', body: '{"game":"piacenza-1746","scenario":"battle"}',
  })).json();
  const fs = pc.seats['franco-spanish'].token, au = pc.seats.austrian.token;
  let objective = null;
  for (let i = 0; i < 40 && !objective; i++) {
    const v = await (await fetch(`${base}/api/games/${pc.id}/view?token=${fs}`)).json();
    assert.ok(v.your_turn && v.actions.length, `piacenza: ${v.prompt}`);
    await post(pc.id, fs, v.actions[0]);
    if (v.actions[0].startsWith('objective ')) objective = v.actions[0].slice(10);
  }
  assert.ok(objective, 'piacenza: no objective noted');
  const place = objective.replace(/-/g, ' ');
  const hex = (await (await fetch(`${base}/api/games/${pc.id}/area?name=${
    encodeURIComponent(place)}&token=${au}`)).json()).text.match(/^Hex (\d{4}) /)[1];
  const p = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await p.goto(`${base}/#/g/${pc.id}/${fs}`);
  await p.locator('#status', { hasText: /your turn|waiting for/ }).waitFor();
  await p.locator(`#board [data-ref="${hex}"]`).click({ force: true });
  await p.locator('#area-text', { hasText: `Hex ${hex} ${place}` }).waitFor();
  assert.match(await p.locator('#area-text').innerText(), /noted by the Franco-Spanish \(secret\)/);
  assert.equal(await p.locator('#area-h').innerText(), `hex ${hex}`);
  await p.screenshot({ path: join(SHOTS, 'piacenza-area.png'), fullPage: false });
  await p.close();
  const q = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const bodies = watch(q);
  await q.goto(`${base}/#/g/${pc.id}/${au}`);
  await q.locator('#status', { hasText: /your turn|waiting for/ }).waitFor();
  await q.locator(`#board [data-ref="${hex}"]`).focus();
  await q.keyboard.press('Enter');
  await q.locator('#area-text', { hasText: `Hex ${hex} ${place}` }).waitFor();
  assert.ok(!(await q.locator('#area-text').innerText()).includes('noted'),
    'the Austrian panel shows the secret objective');
  assert.ok(bodies.every((x) => !x.includes('noted by')), 'the Austrian page received "noted"');
  await q.screenshot({ path: join(SHOTS, 'piacenza-area-austrian.png'), fullPage: false });
  await q.close();
});

test('my games follow the player key to another browser', async () => {
  const ctx1 = await browser.newContext();
  const p1 = await ctx1.newPage();
  await p1.goto(base + '/');
  await p1.selectOption('#f-game', 'molt-soroll');
  await p1.getByRole('button', { name: 'Create' }).click();
  await p1.locator('#seat-links a').first().waitFor();
  const href = await p1.locator('#seat-links a').first().getAttribute('href');
  const id = href.match(/#\/g\/([0-9a-f]{16})\//)[1];
  await p1.locator('#my-games li', { hasText: id }).first().waitFor();
  const key = await p1.locator('#player-key').textContent();
  assert.match(key, /^[0-9a-f]{32}$/);
  // Another browser knows nothing of it, until it is given the key: the
  // server lists the game's seats (not this browser's storage).
  const ctx2 = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p2 = await ctx2.newPage();
  await p2.goto(base + '/');
  await p2.locator('#my-games li', { hasText: 'none yet' }).waitFor();
  await p2.locator('#player-key-form').evaluate((f) => { f.closest('details').open = true; });
  await p2.fill('#player-key-input', key);
  await p2.getByRole('button', { name: 'Use' }).click();
  await p2.locator('#my-games li', { hasText: id }).first().waitFor();
  await p2.screenshot({ path: join(SHOTS, 'my-games-phone.png'), fullPage: true });
  await p2.locator('#my-games a', { hasText: id }).first().click();
  await p2.locator('#status', { hasText: 'Molt soroll' }).waitFor();
  await ctx1.close();
  await ctx2.close();
});
