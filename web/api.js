// api.js - the server's JSON API (docs/api.md): every call returns the
// parsed body or throws an Error carrying the server's one-line message.

async function call(method, path, token, body, extra = {}) {
  const headers = { ...extra };
  if (token) headers['Authorization'] = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let j = null;
  try { j = await r.json(); } catch (e) { /* not JSON */ }
  if (!r.ok) throw new Error((j && j.error) || `${r.status} ${r.statusText}`);
  return j;
}

export const catalog = () => call('GET', '/api/catalog');
export const createGame = (req) => call('POST', '/api/games', null, req);
export const summary = (id) => call('GET', `/api/games/${id}`);
export const view = (id, token) => call('GET', `/api/games/${id}/view`, token);
export const act = (id, token, action) =>
  call('POST', `/api/games/${id}/action`, token, { action });
// The games whose seats this browser's player key holds (X-Player).
export const myGames = (player) => call('GET', '/api/my-games', null, undefined,
  { 'X-Player': player });
// This seat is the player's from now on (it shows in their games).
export const join = (id, token, player) =>
  call('POST', `/api/games/${id}/join`, token, { player });
export const resign = (id, token) => call('POST', `/api/games/${id}/resign`, token);
export const undo = (id, token) => call('POST', `/api/games/${id}/undo`, token);
export const replay = (id, token, step) =>
  call('GET', `/api/games/${id}/replay?step=${step}`, token);
export const odds = (id, token, action) =>
  call('GET', `/api/games/${id}/odds?action=${encodeURIComponent(action)}`, token);
// One part of the board as this seat sees it; name '' lists the names.
export const area = (id, token, name) =>
  call('GET', `/api/games/${id}/area?name=${encodeURIComponent(name)}`, token);
export const recordUrl = (id, token) =>
  `/api/games/${id}/record?token=${encodeURIComponent(token)}`;
export const events = (id, token) =>
  new EventSource(`/api/games/${id}/events?token=${encodeURIComponent(token)}`);
