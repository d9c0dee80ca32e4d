// app.js - the browser client: a lobby to create games, and a table where
// the board is the engine's SVG for this seat's view. Clicking an element
// with a data-ref offers the legal actions that name it (and takes the
// action when only one does); the prompt bar shows the decision and the
// actions as buttons; the log highlights what a line names; undo; the page
// follows the game through Server-Sent Events. No rule lives here: the
// server sends the view and the legal actions, the page sends a choice.
import * as api from './api.js';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
};

// ---- state of the page --------------------------------------------------------
let table = null; // { id, token, view, source, filter }

function showError(msg) {
  const p = $('error');
  p.textContent = msg || '';
  p.hidden = !msg;
}

// This browser's player key: 128 random bits kept in localStorage, sent
// when it creates a game or opens a seat, so that the server lists "my
// games" (GET /api/my-games). Whoever has the key has those seats: it is
// shown in the lobby to carry to another browser, like the seat links.
function playerKey() {
  let k = localStorage.getItem('vauban.player');
  if (!/^[0-9a-f]{32}$/.test(k || '')) {
    const b = crypto.getRandomValues(new Uint8Array(16));
    k = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    localStorage.setItem('vauban.player', k);
  }
  return k;
}

// Seats this browser opened before: { id: { game, seats: { role: token } } },
// shown with the server's list (a seat another key took stays here).
function myGames() {
  try { return JSON.parse(localStorage.getItem('vauban.games') || '{}'); } catch { return {}; }
}
function remember(id, game, role, token) {
  const all = myGames();
  all[id] = all[id] || { game, seats: {} };
  all[id].seats[role] = token;
  localStorage.setItem('vauban.games', JSON.stringify(all));
}
const seatLink = (id, token) => `${location.origin}/#/g/${id}/${token}`;

// ---- lobby -------------------------------------------------------------------------
let cat = null;

async function showLobby() {
  closeTable();
  $('table').hidden = true;
  $('lobby').hidden = false;
  $('status').textContent = '';
  document.title = 'Vauban';
  if (!cat) {
    cat = await api.catalog();
    const sel = $('f-game');
    sel.replaceChildren(...cat.games.map((g) => el('option', { value: g.id }, g.title)));
    sel.addEventListener('change', fillScenario);
    $('f-scenario').addEventListener('change', fillSeats);
    $('new-game').addEventListener('submit', createFromForm);
    fillScenario();
  }
  $('player-key').textContent = playerKey();
  const seen = new Set();
  const items = [];
  const item = (id, title, role, tok, over) => {
    if (seen.has(`${id}/${role}`)) return;
    seen.add(`${id}/${role}`);
    items.push(el('li', {}, el('a', { href: `#/g/${id}/${tok}` }, `${title} ${id} as ${role}`),
      over ? ' (over)' : ''));
  };
  try {
    for (const g of (await api.myGames(playerKey())).games)
      item(g.id, g.title, g.role, g.token, g.over);
  } catch (e) {
    showError(e.message);
  }
  for (const [id, g] of Object.entries(myGames()))
    for (const [role, tok] of Object.entries(g.seats)) item(id, g.game, role, tok, false);
  const ul = $('my-games');
  ul.replaceChildren(...items);
  if (!ul.children.length) ul.append(el('li', {}, 'none yet'));
}

function usePlayerKey(ev) {
  ev.preventDefault();
  const k = $('player-key-input').value.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(k)) {
    showError('a player key is 32 hexadecimal digits');
    return;
  }
  localStorage.setItem('vauban.player', k);
  $('player-key-input').value = '';
  showLobby();
}

const currentGame = () => cat.games.find((g) => g.id === $('f-game').value);

function fillScenario() {
  const g = currentGame();
  $('f-scenario').replaceChildren(...g.scenarios.map((s) => el('option', { value: s.name }, s.name)));
  const opts = $('f-options');
  opts.replaceChildren(el('legend', {}, 'Options'));
  for (const o of g.options) {
    const input = el('input', {
      type: 'number', name: o.key, min: o.min, max: o.max, value: o.default,
      'data-option': o.key,
    });
    opts.append(el('label', { title: o.help }, `${o.key} `, input, el('small', {}, ` ${o.help}`)));
  }
  opts.hidden = g.options.length === 0;
  fillSeats();
}

function fillSeats() {
  const g = currentGame();
  const s = g.scenarios.find((x) => x.name === $('f-scenario').value) || g.scenarios[0];
  const seats = $('f-seats');
  seats.replaceChildren(el('legend', {}, 'Seats'));
  for (const role of s.roles) {
    const sel = el('select', { 'data-role': role },
      el('option', { value: 'human' }, 'human'),
      ...cat.policies.map((p) => el('option', { value: p }, `computer (${p})`)));
    seats.append(el('label', {}, `${role} `, sel));
  }
}

async function createFromForm(ev) {
  ev.preventDefault();
  showError('');
  const g = currentGame();
  const req = {
    game: g.id, scenario: $('f-scenario').value, options: {}, seats: {}, player: playerKey(),
  };
  for (const i of $('f-options').querySelectorAll('[data-option]'))
    req.options[i.dataset.option] = Number(i.value);
  for (const s of $('f-seats').querySelectorAll('[data-role]')) req.seats[s.dataset.role] = s.value;
  try {
    const r = await api.createGame(req);
    const ul = $('seat-links');
    ul.replaceChildren();
    for (const [role, seat] of Object.entries(r.seats)) {
      if (!seat.token) {
        ul.append(el('li', {}, `${role}: computer (${seat.policy})`));
        continue;
      }
      remember(r.id, r.game, role, seat.token);
      const link = seatLink(r.id, seat.token);
      ul.append(el('li', {}, `${role}: `, el('a', { href: link }, 'play this seat'), ' ',
        el('button', { type: 'button', onclick: () => navigator.clipboard?.writeText(link) },
          'copy link')));
    }
    $('created').hidden = false;
    showLobby();
  } catch (e) {
    showError(e.message);
  }
}

// ---- table -----------------------------------------------------------------------------
function closeTable() {
  if (table && table.source) table.source.close();
  table = null;
}

async function showTable(id, token) {
  closeTable();
  $('lobby').hidden = true;
  $('table').hidden = false;
  table = { id, token, view: null, source: null, filter: null, replay: null, areas: null,
    area: null };
  $('area').hidden = true;
  $('replay-bar').hidden = true;
  $('record-link').href = api.recordUrl(id, token);
  await refresh();
  if (table && table.id === id) areaList(table); // ready for the first pick
  if (table.view) {
    remember(id, table.view.game, table.view.role, token);
    // Opening a seat's link makes it this player's (listed in their games).
    api.join(id, token, playerKey()).catch(() => {});
  }
  table.source = api.events(id, token);
  table.source.addEventListener('change', () => refresh());
  table.source.addEventListener('hello', () => refresh());
}

async function refresh() {
  if (!table) return;
  const t = table;
  try {
    const v = await api.view(t.id, t.token);
    if (t !== table) return;
    const turnNow = v.your_turn && !(t.view && t.view.your_turn);
    // An event for a view already shown (the stream's hello after the first
    // fetch) leaves the page as it is: the focus stays where the player put it.
    if (t.view && JSON.stringify(t.view) === JSON.stringify(v)) return;
    // A view fetched before an action but answered after it is older than
    // the one shown: it is dropped (the versions only grow).
    if (t.view && v.version < t.view.version) return;
    t.view = v;
    render();
    if (turnNow) notifyTurn();
  } catch (e) {
    showError(e.message);
  }
}

function notifyTurn() {
  if (document.hidden && 'Notification' in window && Notification.permission === 'granted')
    new Notification('Vauban: your turn', { body: table.view.prompt });
}

// An action names ref when one of its words is ref (names are tokens with
// '-' for spaces, as the engine spells them in data-ref and in actions).
const words = (text) => text.toLowerCase().split(/\s+/);
const names = (action, ref) => words(action).includes(ref.toLowerCase());
// The staged choice (table.filter) is a list of refs: an action naming any.
const namesAny = (action, refs) => refs.some((r) => names(action, r));

async function send(action) {
  showError('');
  try {
    table.filter = null;
    table.view = await api.act(table.id, table.token, action);
    render();
  } catch (e) {
    showError(e.message);
  }
}

function render() {
  if (table.replay) return; // the replay shows a past board until closed
  const v = table.view;
  const ai = v.seats[v.to_move] && v.seats[v.to_move].kind === 'ai';
  const who = v.over ? 'game over' : v.your_turn ? 'your turn'
    : ai ? `${v.to_move} (computer, ${v.seats[v.to_move].policy}) is thinking`
      : `waiting for ${v.to_move}`;
  $('status').textContent = `${v.title} - you are ${v.role} - ${who}`;
  document.title = (v.your_turn ? '\u25cf ' : '') + `Vauban - ${v.title}`;
  $('prompt').textContent = v.over && v.result ? `${v.prompt} - ${v.result.verdict}` : v.prompt;
  $('undo').disabled = !v.undoable;
  $('resign').disabled = v.over;
  $('action-send').disabled = !v.your_turn;
  $('action-text').disabled = !v.your_turn;
  renderBoard();
  renderActions();
  renderLog();
  if (table.area) { // the panel follows the game
    highlight([table.area.ref.toLowerCase()], 'vb-area');
    showArea(table.area);
  }
}

function renderActions() {
  const v = table.view;
  const f = table.filter;
  const list = f ? v.actions.filter((a) => namesAny(a, f)) : v.actions;
  $('filter-bar').hidden = !f;
  $('filter-label').textContent = f ? `Actions naming ${f.join(' or ')}:` : '';
  // A keyboard player keeps the focus on the same action across a redraw.
  const focused = document.activeElement && document.activeElement.closest
    && document.activeElement.closest('#actions .action');
  const keep = focused ? focused.textContent : null;
  $('actions').replaceChildren(...list.map((a) =>
    el('button', {
      type: 'button', class: 'action', onclick: () => send(a),
      onmouseenter: () => { highlight(refsIn(a), 'vb-hover'); showOdds(a); },
      onmouseleave: () => highlight([], 'vb-hover'),
      onfocus: () => { highlight(refsIn(a), 'vb-hover'); showOdds(a); },
      onblur: () => highlight([], 'vb-hover'),
    }, a)));
  if (keep !== null) {
    const again = [...$('actions').children].find((b) => b.textContent === keep);
    if (again) again.focus();
  }
  $('odds').textContent = '';
  // Staged choices: the board shows the candidates the shown actions name.
  const cand = new Set();
  for (const a of list) for (const r of refsIn(a)) cand.add(r);
  if (f) for (const r of f) cand.delete(r.toLowerCase());
  highlight(f ? [] : [...cand], 'vb-can');
  highlight(f ? [...cand] : [], 'vb-target');
  highlight(f ? f.map((r) => r.toLowerCase()) : [], 'vb-selected');
}

// The exact odds of an action's outcomes (the game's odds engine on this
// seat's view), shown before committing; only when there is a chance.
const oddsCache = new Map();
async function showOdds(action) {
  const t = table;
  const key = `${t.id} ${t.view.version} ${action}`;
  try {
    if (!oddsCache.has(key)) oddsCache.set(key, await api.odds(t.id, t.token, action));
  } catch (e) {
    oddsCache.set(key, null); // no odds procedure for this action
  }
  const o = oddsCache.get(key);
  if (t !== table) return;
  $('odds').textContent = o && o.outcomes.length > 1
    ? `${action}: ` + o.outcomes.map((r) =>
      `${r.outcome} ${(100 * r.p).toFixed(1)}%${r.fraction ? ` (${r.fraction})` : ''}`).join(', ')
    : '';
}

// The board's elements named by an action's words.
function refsIn(action) {
  const ws = new Set(words(action));
  return boardRefs().filter((r) => ws.has(r));
}
function boardRefs() {
  return [...$('board').querySelectorAll('[data-ref]')].map((e) => e.dataset.ref.toLowerCase());
}
function highlight(refs, cls) {
  const want = new Set(refs);
  for (const e of $('board').querySelectorAll('[data-ref]'))
    e.classList.toggle(cls, want.has(e.dataset.ref.toLowerCase()));
}

function renderBoard(v = table.view) {
  const board = $('board');
  if (v.svg) {
    const doc = new DOMParser().parseFromString(v.svg, 'image/svg+xml');
    const svg = doc.documentElement;
    if (svg.nodeName !== 'svg') {
      board.replaceChildren(el('p', {}, 'the board could not be read'));
      return;
    }
    for (const s of svg.querySelectorAll('script, foreignObject')) s.remove();
    const node = document.importNode(svg, true);
    node.setAttribute('role', 'group');
    node.setAttribute('aria-label', 'Board');
    for (const e of node.querySelectorAll('[data-ref]')) {
      const title = e.querySelector(':scope > title');
      e.setAttribute('tabindex', '0');
      e.setAttribute('role', 'button');
      e.setAttribute('aria-label', title ? title.textContent : e.dataset.ref);
    }
    board.replaceChildren(node);
  } else {
    board.replaceChildren(el('pre', { class: 'board-text' }, v.board_text || ''));
  }
}

// The board elements under a point, the top-most first: a counter, then
// the zone it stands on (its data-ref ancestors and what lies beneath).
function refsAt(x, y) {
  const refs = [];
  for (const hit of document.elementsFromPoint(x, y)) {
    if (!$('board').contains(hit)) continue;
    for (let e = hit.closest('[data-ref]'); e; e = e.parentElement?.closest('[data-ref]'))
      if (!refs.includes(e.dataset.ref)) refs.push(e.dataset.ref);
  }
  return refs;
}

// ---- the part of the board a pick names ---------------------------------------
// The game's area hook names its parts (GET .../area with no name: the
// list, fetched once per game). Which data-ref names one is decided here
// alone: a data-ref folded as the engine folds names (vb_name_eq: lower
// case, '-' and '_' as spaces, accents dropped) that is one of the names
// (a Setge or Roi Soleil zone, a Molt front, a siege work: their data-ref
// is the action's token, "Left-Two-Crowns" for "Left Two Crowns"), or,
// where the word is "hex", a four-digit CCRR (Piacenza's hexes carry their
// CCRR as data-ref; the hook takes it as it is). The top-most such element
// of a pick wins: a click on a counter shows the zone it stands on (its
// data-zone where the board gives one, else the zone drawn under it).
const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  .replace(/[-_]/g, ' ').replace(/\s+/g, ' ').trim();

async function areaList(t) {
  if (!t.areas) {
    t.areas = api.area(t.id, t.token, '').then((r) => ({
      word: r.word, names: new Map(r.names.map((n) => [fold(n), n])),
    })).catch(() => ({ word: null, names: new Map() })); // a game without areas
  }
  return t.areas;
}

// The area a pick names: { name (for the API), ref (its element) }, or null.
function areaOf(refs, list) {
  for (const r of refs) {
    // a counter that says which zone it stands on (data-zone: Setge draws a
    // crowded zone's counters over its neighbour) names that zone first
    const zone = $('board').querySelector(`[data-ref="${CSS.escape(r)}"]`)?.dataset.zone;
    for (const ref of zone ? [zone, r] : [r]) {
      const name = list.names.get(fold(ref));
      if (name) return { name, ref };
      if (list.word === 'hex' && /^[0-9]{4}$/.test(ref)) return { name: ref, ref };
    }
  }
  return null;
}

// Fetch the area's text for this seat and show it in the panel; its
// element is outlined on the board.
async function showArea(area) {
  const t = table;
  t.area = area;
  try {
    const a = await api.area(t.id, t.token, area.name);
    if (t !== table || t.area !== area) return;
    $('area-h').textContent = `${a.word} ${area.name}`;
    $('area-text').textContent = a.text;
    $('area').hidden = false;
    highlight([area.ref.toLowerCase()], 'vb-area');
  } catch (e) {
    if (t === table) showError(e.message);
  }
}

// A pick: the area it names shown (whoever decides), then the legal actions
// offered as before.
async function pick(refs) {
  if (!refs.length || !table || table.replay) return;
  const t = table;
  const area = areaOf(refs, await areaList(t));
  if (t !== table) return;
  if (area) showArea(area);
  onBoardPick(refs, !!area);
}

// A pick on the board: refs are the elements under the pointer, top-most
// first (or the one focused, by keyboard). Within a staged choice, the
// top-most element that narrows it does; else the elements with legal
// actions are offered: one action is taken at once, several listed (a
// counter's and its zone's together when both have some).
function onBoardPick(refs, shown = false) {
  if (!refs.length || !table || table.replay || !table.view.your_turn) return;
  const v = table.view;
  if (table.filter) {
    const base = v.actions.filter((a) => namesAny(a, table.filter));
    for (const r of refs) {
      const hits = base.filter((a) => names(a, r));
      if (hits.length === 1) return send(hits[0]);
      if (hits.length > 1) {
        table.filter = [r];
        return renderActions();
      }
    }
  }
  const named = refs.filter((r) => v.actions.some((a) => names(a, r)));
  const hits = v.actions.filter((a) => namesAny(a, named));
  if (hits.length === 1) {
    send(hits[0]);
  } else if (hits.length > 1) {
    table.filter = named;
    renderActions();
  } else if (!shown) { // a part of the board shown is answer enough
    showError(`no legal action names ${refs.join(' or ')}`);
  }
}

function renderLog(lines = table.view.log) {
  const ol = $('log');
  ol.replaceChildren(...lines.map((line) => el('li', {
    tabindex: '0',
    onmouseenter: () => highlight(refsInLine(line), 'vb-hover'),
    onmouseleave: () => highlight([], 'vb-hover'),
    onfocus: () => highlight(refsInLine(line), 'vb-hover'),
    onblur: () => highlight([], 'vb-hover'),
  }, line)));
  $('side').scrollTop = $('side').scrollHeight; // newest line in view, page not scrolled
}

// Log lines use readable names ("La Marine 1"); data-refs use tokens.
function refsInLine(line) {
  const l = line.toLowerCase().replace(/-/g, ' ');
  return boardRefs().filter((r) => {
    const name = r.replace(/-/g, ' ');
    return new RegExp(`(^|[^a-z0-9])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(l);
  });
}

// ---- replay: step through the record, board and log as this seat saw them --
async function showStep(step) {
  try {
    const r = await api.replay(table.id, table.token, step);
    table.replay = r;
    $('replay-bar').hidden = false;
    const range = $('replay-step');
    range.max = r.steps;
    range.value = r.step;
    $('replay-label').textContent = `decision ${r.step} of ${r.steps}` +
      (r.last ? ` - ${r.last.by}: ${r.last.do}` : ' - the start');
    $('prompt').textContent = r.prompt;
    $('actions').replaceChildren();
    renderBoard(r);
    renderLog(r.log);
  } catch (e) {
    showError(e.message);
  }
}

function closeReplay() {
  table.replay = null;
  $('replay-bar').hidden = true;
  render();
}

// ---- wiring -----------------------------------------------------------------------------
function route() {
  showError('');
  const m = location.hash.match(/^#\/g\/([0-9a-f]{16})\/([0-9a-f]{32})$/);
  if (m) showTable(m[1], m[2]);
  else showLobby().catch((e) => showError(e.message));
}

window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', () => {
  $('board').addEventListener('click', (ev) => pick(ev.detail === 0
    ? [ev.target.closest('[data-ref]')?.dataset.ref].filter(Boolean) // not a pointer
    : refsAt(ev.clientX, ev.clientY)));
  $('board').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      const e = ev.target.closest('[data-ref]');
      pick(e ? [e.dataset.ref] : []);
    }
  });
  $('area-close').addEventListener('click', () => {
    table.area = null;
    $('area').hidden = true;
    highlight([], 'vb-area');
  });
  $('player-key-form').addEventListener('submit', usePlayerKey);
  $('filter-clear').addEventListener('click', () => {
    table.filter = null;
    renderActions();
  });
  $('undo').addEventListener('click', async () => {
    showError('');
    try {
      table.view = await api.undo(table.id, table.token);
      table.filter = null;
      render();
    } catch (e) {
      showError(e.message);
    }
  });
  $('resign').addEventListener('click', async () => {
    if (!confirm('Resign this game? Your side loses.')) return;
    try {
      table.view = await api.resign(table.id, table.token);
      render();
    } catch (e) {
      showError(e.message);
    }
  });
  $('replay-open').addEventListener('click', () => showStep(table.view.view.history.length));
  $('replay-prev').addEventListener('click', () => table.replay && table.replay.step > 0 &&
    showStep(table.replay.step - 1));
  $('replay-next').addEventListener('click', () => table.replay &&
    table.replay.step < table.replay.steps && showStep(table.replay.step + 1));
  $('replay-step').addEventListener('change', (ev) => showStep(Number(ev.target.value)));
  $('replay-close').addEventListener('click', closeReplay);
  const sendText = () => {
    const t = $('action-text').value.trim();
    if (t) send(t).then(() => { $('action-text').value = ''; });
  };
  $('action-send').addEventListener('click', sendText);
  $('action-text').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') sendText(); });
  document.addEventListener('click', () => {
    if ('Notification' in window && Notification.permission === 'default')
      Notification.requestPermission();
  }, { once: true });
  route();
});
