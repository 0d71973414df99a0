import { QUESTION_MAX_CHARS } from '@forage/contracts';

/** The web UI: ask a question, watch the steps stream in, read the verified answer and its evidence. */
export const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Forage</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1d232a; }
  h1 { font-size: 1.6rem; margin-bottom: .2rem; } .sub { color: #5b6570; margin-top: 0; }
  form { display: flex; gap: .5rem; margin: 1.5rem 0; }
  input[type=text] { flex: 1; padding: .6rem .8rem; font-size: 1rem; border: 1px solid #b8c0c8; border-radius: 6px; }
  button { padding: .6rem 1.2rem; font-size: 1rem; border: 0; border-radius: 6px; background: #1f6f50; color: #fff; cursor: pointer; }
  button:disabled { background: #8aa; }
  ol#steps { padding-left: 1.2rem; color: #39424b; font-size: .92rem; }
  li.failed { color: #a3261b; } li.succeeded::marker { color: #1f6f50; }
  .answer { border: 2px solid #1f6f50; border-radius: 8px; padding: 1rem 1.2rem; margin-top: 1rem; }
  .answer.none { border-color: #a3261b; }
  .answer h2 { margin: 0 0 .5rem; font-size: 1.3rem; }
  blockquote { margin: .4rem 0; padding-left: .8rem; border-left: 3px solid #ccd; color: #333; }
  code { font-size: .8rem; color: #5b6570; word-break: break-all; }
</style>
</head>
<body>
<h1>Forage</h1>
<p class="sub">Ask a question. Every fact in the answer is checked against the page evidence before it is shown.</p>
<form id="ask"><input id="q" type="text" name="question" placeholder="What is the population of …?" required maxlength="${QUESTION_MAX_CHARS}"><button id="go">Ask</button></form>
<details id="keybox"><summary>API key</summary><p class="sub">Needed when this gateway is reachable beyond this machine (<code>forage keys create</code>); kept in this browser only.</p><input id="key" type="password" autocomplete="off" placeholder="fk_…" style="width:100%;padding:.4rem"></details>
<ol id="steps"></ol>
<div id="result"></div>
<script>
const form = document.getElementById('ask');
document.getElementById('key').value = localStorage.getItem('forage-api-key') || '';
async function followEvents(url, headers, signal, emit) {
  const res = await fetch(url, { headers, signal });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ done: true }));
    if (done) return;
    buffer += value.replace(/\\r\\n/g, '\\n');
    let end;
    while ((end = buffer.indexOf('\\n\\n')) >= 0) {
      const block = buffer.slice(0, end); buffer = buffer.slice(end + 2);
      let type = 'message'; const data = [];
      for (const line of block.split('\\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) emit(type, data.join('\\n'));
    }
  }
}
const steps = document.getElementById('steps');
const result = document.getElementById('result');
function el(tag, text, cls) { const e = document.createElement(tag); if (text) e.textContent = text; if (cls) e.className = cls; return e; }
form.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  steps.replaceChildren(); result.replaceChildren();
  document.getElementById('go').disabled = true;
  const key = document.getElementById('key').value.trim();
  localStorage.setItem('forage-api-key', key);
  const auth = key ? { authorization: 'Bearer ' + key } : {};
  const res = await fetch('/v1/runs', { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ question: document.getElementById('q').value }) });
  const body = await res.json();
  if (!res.ok) { if (res.status === 401) document.getElementById('keybox').open = true; result.append(el('p', body.error ? body.error.message : 'request failed', 'answer none')); document.getElementById('go').disabled = false; return; }
  // fetch, not EventSource: EventSource cannot send the Authorization header
  const source = new EventTarget();
  source.close = () => controller.abort();
  const controller = new AbortController();
  followEvents(body.eventsUrl, auth, controller.signal, (type, data) => source.dispatchEvent(Object.assign(new Event(type), { data })));
  source.addEventListener('step', (m) => {
    const s = JSON.parse(m.data);
    if (s.status === 'started') return;
    steps.append(el('li', s.step + ': ' + (s.detail || s.status) + (s.durationMs != null ? ' (' + Math.round(s.durationMs) + ' ms)' : ''), s.status));
  });
  source.addEventListener('completed', (m) => {
    source.close(); document.getElementById('go').disabled = false;
    const r = JSON.parse(m.data);
    const box = el('div', '', r.answer ? 'answer' : 'answer none');
    if (r.answer) {
      box.append(el('h2', r.answer.text));
      box.append(el('p', 'Verified · confidence ' + r.answer.confidence.toFixed(2)));
      for (const c of r.answer.citations) {
        const a = el('a', c.title || c.url); a.href = c.url; a.rel = 'noopener noreferrer';
        box.append(a, el('blockquote', c.snippet), el('code', 'xpath ' + c.xpath + ' · DOM sha256 ' + c.evidence.domSnapshot.sha256 + ' · log record ' + c.logRecordId));
      }
    } else {
      box.append(el('h2', 'No verified answer (' + r.outcome + ')'));
      for (const f of r.failures) box.append(el('p', (f.claim ? f.claim + ': ' : '') + f.reason));
    }
    result.append(box);
  });
});
</script>
</body>
</html>
`;
