/**
 * The run view, as served to the browser: live steps, the needs_input questions, the final report
 * with each fact's citation, and the evidence beside it (screenshot, the DOM snapshot with the
 * cited node outlined at its XPath, the DOM there, the log record and its place in the chain).
 * Plain JavaScript in a raw string: no backticks and no dollar-brace inside.
 */
export const SCRIPT_RUN = String.raw`
let currentRun = null;
let currentThread = null;
let runLog = null;

function setStatus(status) { const s = $('status'); s.textContent = status.replace('_', ' '); s.className = 'badge ' + status; $('cancel').hidden = status === 'completed'; }
function addStep(s) {
  if (s.status === 'started') return;
  $('steps').append(el('li', s.step + ': ' + (s.detail || s.status) + (s.durationMs != null ? ' (' + Math.round(s.durationMs) + ' ms)' : ''), s.status));
}

async function openRun(runId) {
  currentRun = runId; runLog = null; currentThread = null;
  for (const id of ['steps', 'result', 'needs-input', 'run-question', 'record', 'snippet', 'thread-line']) $(id).replaceChildren();
  $('needs-input').hidden = true; $('evidence').hidden = true; $('follow-up').hidden = true;
  const res = await api('/v1/runs/' + runId);
  if (!res.ok) { $('result').append(el('p', await errorText(res), 'answer none')); return; }
  const view = await res.json();
  $('run-question').textContent = view.question;
  currentThread = view.threadId || null;
  setStatus(view.status);
  if (view.result) { for (const s of view.steps) addStep(s); renderResult(view); return; }
  if (view.status === 'needs_input' && view.needsInput) renderQuestions(view.needsInput);
  let askedAt = view.status === 'needs_input' && view.needsInput ? Date.parse(view.needsInput.askedAt) : 0;
  const controller = new AbortController(); following = controller;
  followEvents('/v1/runs/' + runId + '/events', controller.signal, async (type, data) => {
    if (currentRun !== runId) return;
    if (type === 'step') {
      addStep(data);
      // a step after the questions were asked means the run went on (answered, or it stopped waiting)
      if (!askedAt || (Date.parse(data.at) >= askedAt && !data.detail.startsWith('needs_input:'))) { setStatus('running'); $('needs-input').hidden = true; }
    } else if (type === 'needs_input') { askedAt = Date.parse(data.askedAt); setStatus('needs_input'); renderQuestions(data); }
    else if (type === 'completed') {
      controller.abort();
      const again = await api('/v1/runs/' + runId);
      const done = again.ok ? await again.json() : { result: data, gate: null, status: 'completed' };
      setStatus('completed'); $('needs-input').hidden = true; renderResult(done);
    }
  });
}

document.addEventListener('DOMContentLoaded', () => {
  $('cancel').addEventListener('click', async () => {
    const res = await api('/v1/runs/' + currentRun, { method: 'DELETE' });
    $('cancel').hidden = true;
    if (!res.ok) $('result').append(el('p', await errorText(res), 'answer none'));
    else setStatus('cancelling');
  });
  // asking again from a shown answer continues its thread: the question may say "its", "there", "the second one"
  $('follow-up').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!currentThread) return;
    $('follow-go').disabled = true;
    try {
      const res = await api('/v1/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: $('follow-q').value, threadId: currentThread }) });
      if (!res.ok) { $('thread-line').replaceChildren(el('span', await errorText(res), 'failure')); return; }
      const body = await res.json();
      $('follow-q').value = '';
      location.hash = '#/runs/' + body.runId;
    } finally { $('follow-go').disabled = false; }
  });
});

/** The thread under a shown answer: how the question was read, and the form that continues it. */
function renderThread(view) {
  const thread = view.result ? view.result.thread : null;
  currentThread = view.threadId || (thread ? thread.threadId : null) || currentThread;
  const line = $('thread-line'); line.replaceChildren();
  if (thread && thread.asked) line.append(el('span', 'You asked “' + thread.asked + '”; read as “' + (view.result.report ? view.result.report.question : view.question) + '”. '));
  if (thread) for (const r of thread.readings) line.append(el('span', r.note + '. ', 'reading'));
  if (currentThread) {
    line.append(el('span', 'Thread ' + currentThread + (thread ? ', turn ' + thread.turn : '') + '.'));
    $('follow-up').hidden = false;
  }
}

function renderQuestions(needs) {
  const form = $('needs-input');
  form.replaceChildren(el('strong', needs.reason));
  if (needs.url) form.append(el('code', needs.url));
  const types = { text: 'text', email: 'email', phone: 'tel', date: 'date', number: 'number', password: 'password' };
  for (const q of needs.questions) {
    const label = el('label', q.prompt);
    const input = el('input'); input.name = q.key; input.type = q.sensitive ? 'password' : (types[q.kind] || 'text'); input.autocomplete = 'off';
    label.append(input); form.append(label);
  }
  const send = el('button', 'Send answers'); send.type = 'submit'; send.id = 'send-input';
  form.append(send);
  form.hidden = false;
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const answers = [...form.querySelectorAll('input')].filter((i) => i.value !== '').map((i) => ({ key: i.name, value: i.value }));
    const res = await api('/v1/runs/' + currentRun + '/input', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answers }) });
    if (res.ok) { form.hidden = true; setStatus('running'); } else form.append(el('p', await errorText(res), 'answer none'));
  };
}

/** The facts to show: the report's when the run has one, else the answer's citations. */
function sourcesOf(result) {
  const report = result.report;
  if (report && report.facts && report.facts.length) {
    return report.facts.map((f) => ({ about: f.about, value: f.value, status: f.status, reason: f.reason, url: f.url, snippet: f.snippet, xpath: f.xpath, recordId: f.evidenceId, dom: f.domSnapshot.sha256, shot: null }));
  }
  const citations = result.answer ? result.answer.citations : [];
  return citations.map((c) => ({ about: c.title || c.url, value: result.answer.text, status: 'verified', url: c.url, snippet: c.snippet, xpath: c.xpath, recordId: c.logRecordId, dom: c.evidence.domSnapshot.sha256, shot: c.evidence.screenshot ? c.evidence.screenshot.sha256 : null }));
}

function renderResult(view) {
  const r = view.result; const gate = view.gate;
  const box = el('div', '', r.answer ? 'answer' : 'answer none');
  if (r.answer) {
    box.append(el('h2', r.answer.text, 'answer-text'));
    const verdict = gate ? gate.status.replace('_', ' ') : r.outcome;
    const line = el('p'); line.append(el('span', verdict, 'badge verdict ' + (gate ? gate.status : r.outcome)), document.createTextNode(' · confidence ' + r.answer.confidence.toFixed(2)));
    box.append(line);
    // an answer not quoted but derived from the citations (yes/no, a compared option): say how
    for (const d of r.answer.derived || []) {
      const from = d.citations.map((i) => '[' + (i + 1) + ']').join(', ');
      box.append(el('p', 'Derived: ' + d.text + ' — ' + d.rule + ' (from sources ' + from + ')', 'sub derived'));
    }
  } else {
    box.append(el('h2', 'No verified answer (' + r.outcome + ')', 'answer-text'));
  }
  const sources = sourcesOf(r);
  sources.forEach((s, i) => {
    const fact = el('div', '', 'fact'); fact.dataset.index = String(i);
    const head = el('p'); head.append(el('strong', s.about + ': '), document.createTextNode(s.value + ' '), el('span', s.status, 'badge ' + s.status));
    const link = el('a', s.url); link.href = s.url; link.rel = 'noopener noreferrer'; link.target = '_blank';
    const open = el('button', 'Show evidence', 'secondary show-evidence'); open.type = 'button';
    open.addEventListener('click', () => { for (const f of document.querySelectorAll('.fact')) f.classList.remove('active'); fact.classList.add('active'); showEvidence(s); });
    fact.append(head, el('blockquote', s.snippet), link, el('br'), open);
    if (s.reason) fact.append(el('p', s.reason, 'sub'));
    box.append(fact);
  });
  const report = r.report;
  if (report && report.items && report.items.length) {
    const list = el('ol');
    for (const item of report.items) list.append(el('li', item.name + (item.price != null ? ' · ' + item.price : '') + (item.rating != null ? ' · ★ ' + item.rating : '') + ' · ' + item.status));
    box.append(el('h3', 'Ranked'), list);
  }
  const problems = (report ? report.unverified : []).concat(r.failures);
  for (const f of problems) box.append(el('p', (f.claim ? f.claim + ': ' : '') + f.reason, 'sub failure'));
  if (gate) for (const reason of gate.reasons) box.append(el('p', reason, 'sub failure'));
  if (report && report.metrics) {
    const m = report.metrics;
    box.append(el('p', m.pages + ' pages · ' + m.searches + ' searches · ' + m.actions + ' actions · ' + Math.round(m.wallMs) + ' ms · stopped: ' + m.stoppedBy + (m.llm ? ' · LLM ' + m.llm.calls + ' calls, $' + m.llm.costUsd.toFixed(4) : ' · no LLM'), 'sub metrics'));
  }
  $('result').replaceChildren(box);
  renderThread(view);
  const first = document.querySelector('.show-evidence');
  if (first) first.click();
}

async function evidenceResponse(sha) { return api('/v1/evidence/' + sha + '?run=' + currentRun); }

async function showEvidence(s) {
  $('evidence').hidden = false;
  $('evidence-source').textContent = s.url;
  $('cited-text').textContent = s.snippet;
  $('xpath').textContent = s.xpath;
  $('snippet').textContent = '';
  if (!runLog) { const res = await api('/v1/runs/' + currentRun + '/log'); runLog = res.ok ? await res.json() : { records: [], chain: null }; }
  const record = runLog.records.find((r) => r.record_id === s.recordId);
  renderRecord(record, runLog.chain);
  const shot = s.shot || (record && record.evidence.screenshot ? record.evidence.screenshot.sha256 : null);
  const img = $('shot');
  $('shot-box').hidden = !shot;
  if (shot) {
    const res = await evidenceResponse(shot);
    if (res.ok) { if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src); img.src = URL.createObjectURL(await res.blob()); }
  }
  const res = await evidenceResponse(s.dom);
  const frame = $('snapshot');
  if (!res.ok) { $('snippet').textContent = await errorText(res); return; }
  const html = await res.text();
  frame.onload = () => outline(frame, s.xpath);
  frame.srcdoc = html;
}

/** Finds the cited node in the rendered snapshot by its XPath, outlines it and shows its DOM. */
function outline(frame, xpath) {
  const doc = frame.contentDocument;
  if (!doc) return;
  let node = null;
  try { node = doc.evaluate(xpath, doc, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue; } catch (e) { node = null; }
  if (!node || node.nodeType !== 1) { $('snippet').textContent = 'No element at this XPath in the snapshot.'; return; }
  node.style.outline = '3px solid #e5484d';
  node.style.outlineOffset = '2px';
  node.style.background = '#fff3bf';
  node.setAttribute('data-forage-cited', '');
  node.scrollIntoView({ block: 'center' });
  const markup = node.outerHTML.replace(/ style="[^"]*"/, '').replace(/ data-forage-cited=""/, '');
  $('snippet').textContent = markup.length > 3000 ? markup.slice(0, 3000) + '…' : markup;
}

function renderRecord(record, chain) {
  const dl = $('record'); dl.replaceChildren();
  if (!record) { dl.append(el('dt', 'record'), el('dd', 'not found in the run’s log')); return; }
  const rows = [
    ['record', record.record_id], ['tool', record.tool_name + ' · ' + record.status], ['time', record.timestamp],
    ['chain position', 'seq ' + record.seq], ['prev_hash', record.prev_hash], ['hash', record.hash],
    ['chain', chain ? (chain.valid ? 'valid (checked through seq ' + chain.checked + ')' : 'BROKEN at seq ' + chain.brokenAtSeq) : 'unknown'],
  ];
  for (const [k, v] of rows) dl.append(el('dt', k), el('dd', String(v)));
  dl.dataset.seq = String(record.seq);
}
`;
