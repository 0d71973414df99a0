/**
 * The UI's plumbing, as served to the browser: API calls with the stored key, the event stream
 * (fetch, since EventSource cannot send Authorization), hash routing, the ask form and past runs.
 * Plain JavaScript in a raw string: no backticks and no dollar-brace inside.
 */
export const SCRIPT_CORE = String.raw`
'use strict';
const $ = (id) => document.getElementById(id);
function el(tag, text, cls) { const e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; }
function authHeaders() { const key = localStorage.getItem('forage-api-key') || ''; return key ? { authorization: 'Bearer ' + key } : {}; }
async function api(path, init) {
  const options = Object.assign({}, init || {});
  options.headers = Object.assign({}, authHeaders(), options.headers || {});
  const res = await fetch(path, options);
  if (res.status === 401) $('keybox').open = true;
  return res;
}
async function errorText(res) {
  try { const body = await res.json(); return body.error ? body.error.message : res.statusText; } catch (e) { return res.statusText; }
}
async function followEvents(url, signal, emit) {
  const res = await fetch(url, { headers: authHeaders(), signal });
  if (!res.ok || !res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true }));
    if (chunk.done) return;
    buffer += chunk.value.replace(/\r\n/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end); buffer = buffer.slice(end + 2);
      let type = 'message'; const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) emit(type, JSON.parse(data.join('\n')));
    }
  }
}

const views = ['view-ask', 'view-run', 'view-runs'];
function show(id) { for (const v of views) $(v).hidden = v !== id; }
let following = null;
function route() {
  if (following) { following.abort(); following = null; }
  const hash = location.hash || '#/';
  const run = /^#\/runs\/([0-9a-f-]{36})$/.exec(hash);
  if (run) { show('view-run'); openRun(run[1]); }
  else if (hash === '#/runs') { show('view-runs'); loadRuns(null); }
  else { show('view-ask'); }
}
window.addEventListener('hashchange', route);

document.addEventListener('DOMContentLoaded', () => {
  $('key').value = localStorage.getItem('forage-api-key') || '';
  $('key').addEventListener('change', () => localStorage.setItem('forage-api-key', $('key').value.trim()));
  $('ask').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('ask-error').replaceChildren();
    localStorage.setItem('forage-api-key', $('key').value.trim());
    $('go').disabled = true;
    try {
      const res = await api('/v1/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: $('q').value }) });
      if (!res.ok) { $('ask-error').append(el('p', await errorText(res), 'answer none')); return; }
      const body = await res.json();
      location.hash = '#/runs/' + body.runId;
    } finally { $('go').disabled = false; }
  });
  $('status-filter').addEventListener('change', () => loadRuns(null));
  $('older').addEventListener('click', () => loadRuns($('older').dataset.cursor || null));
  route();
});

async function loadRuns(cursor) {
  const params = new URLSearchParams({ limit: '20' });
  if ($('status-filter').value) params.set('status', $('status-filter').value);
  if (cursor) params.set('cursor', cursor);
  const body = $('runs').tBodies[0];
  if (!cursor) body.replaceChildren();
  const res = await api('/v1/runs?' + params.toString());
  if (!res.ok) { const row = body.insertRow(); row.append(el('td', await errorText(res))); return; }
  const page = await res.json();
  for (const run of page.runs) {
    const row = body.insertRow();
    row.dataset.runId = run.runId;
    const link = el('a', run.question || run.runId); link.href = '#/runs/' + run.runId;
    const q = el('td'); q.append(link);
    const status = el('td'); status.append(el('span', run.status, 'badge ' + run.status));
    row.append(q, status, el('td', run.outcome || ''), el('td', new Date(run.requestedAt).toLocaleString()));
  }
  $('older').hidden = !page.nextCursor;
  $('older').dataset.cursor = page.nextCursor || '';
}
`;
