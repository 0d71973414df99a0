import { FIELDS, ORDINAL_WORDS, Rng, VALUES, VERBS_UI, WORDS } from './random.js';
import { DATE_WIDGET_KIND, WIDGET_KINDS } from './widget-kinds.js';

/**
 * The task kinds of eval:acting, in the style of public web-agent benchmarks: each instance is a
 * small page generated from a seed and an instruction phrased from the grammar. The page computes
 * its own reward from what was done (`report(1)` for the goal state, `report(0)` otherwise; the
 * last report counts) — nothing here reads the agent's own account of what it did.
 */
export interface TaskInstance {
  readonly body: string;
  readonly instruction: string;
  /** More pages of the task (a form's second page), by path under the task's URL. */
  readonly pages?: Readonly<Record<string, string>>;
}

export interface TaskKind {
  readonly name: string;
  make(rng: Rng): TaskInstance;
}

/** A single-quoted JavaScript string literal, safe inside a double-quoted HTML attribute. */
const js = (s: string): string =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/"/g, '&quot;')}'`;
const q = (rng: Rng, s: string): string => rng.pick([`"${s}"`, `'${s}'`, `“${s}”`]);
const clickVerb = (rng: Rng): string =>
  rng.pick(['Click', 'Click on', 'Press', 'Tap', 'Please click', 'Hit']);
const typeVerb = (rng: Rng): string => rng.pick(['Type', 'Enter', 'Write', 'Input', 'Put']);
const tickVerb = (rng: Rng): string => rng.pick(['Check', 'Tick', 'Select', 'Mark']);
const chooseVerb = (rng: Rng): string => rng.pick(['Select', 'Choose', 'Pick']);
const submitTail = (rng: Rng): string =>
  rng.pick([' and submit', ', then submit', '. Submit', ' and then submit the form']);
const fieldWord = (rng: Rng): string => rng.pick(['field', 'box', 'input', 'text field']);
const id = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A click on one of several elements built by `el`; the goal is the target and nothing else. */
function clickKind(
  name: string,
  kindWord: () => string,
  el: (label: string, i: number) => string,
  labels: (rng: Rng) => string[] = (rng) => rng.sample(WORDS, 3 + rng.int(3)),
): TaskKind {
  return {
    name,
    make(rng) {
      const all = labels(rng);
      const target = rng.pick(all);
      const body = `<p>Choose one.</p>${all.map((l, i) => el(l, i)).join('\n')}
<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(target)}?1:0);}}</script>`;
      const word = kindWord();
      return { body, instruction: `${clickVerb(rng)} the ${q(rng, target)}${word ? ` ${word}` : ''}` };
    },
  };
}

/** A click on the element at a position among its kind. */
function ordinalKind(name: string, kindWord: string, el: (label: string, i: number) => string): TaskKind {
  return {
    name,
    make(rng) {
      const all = rng.sample(WORDS, 5);
      const [word, ordinal] = rng.pick(ORDINAL_WORDS);
      const target = (ordinal === -1 ? all[all.length - 1] : all[ordinal - 1]) ?? '';
      const body = `<p>Items:</p>${all.map((l, i) => el(l, i)).join('\n')}
<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(target)}?1:0);}}</script>`;
      return { body, instruction: `${clickVerb(rng)} the ${word} ${kindWord}` };
    },
  };
}

/** Text typed into one labelled field among several; the goal is the value in that field alone. */
function typeKind(
  name: string,
  field: (label: string, fid: string) => string,
  opts: { submit?: boolean; enter?: boolean } = {},
): TaskKind {
  return {
    name,
    make(rng) {
      const labels = rng.sample(FIELDS, 3);
      const target = rng.pick(labels);
      const value = rng.pick(VALUES);
      const fields = labels.map((l) => `<div>${field(l, `f-${id(l)}`)}</div>`).join('\n');
      const check = `document.getElementById('f-${id(target)}').value===${js(value)}&&[...document.querySelectorAll('input,textarea')].filter(e=>e.id!=='f-${id(target)}'&&e.type!=='submit').every(e=>e.value==='')`;
      const body = opts.submit
        ? `<form onsubmit="event.preventDefault();report((${check})?1:0);document.getElementById('done').textContent='Saved.'">${fields}<button type="submit">${rng.pick(['Save', 'Send', 'Submit'])}</button></form><p id="done" role="status"></p>`
        : opts.enter
          ? `${fields}<script>document.addEventListener('keydown',e=>{if(e.key==='Enter')report((${check})?1:0);});</script>`
          : `${fields}<script>document.addEventListener('input',()=>report((${check})?1:0));</script>`;
      const into = rng.pick(['into', 'in']);
      const tail = opts.submit
        ? submitTail(rng)
        : opts.enter
          ? rng.pick([' and press Enter', ', then press Enter', ' and hit enter'])
          : '';
      const phrasing =
        rng.int(2) === 0
          ? `${typeVerb(rng)} ${q(rng, value)} ${into} the ${target} ${fieldWord(rng)}${tail}`
          : `Fill the ${target} ${fieldWord(rng)} with ${q(rng, value)}${tail}`;
      return { body, instruction: phrasing };
    },
  };
}

const button = (l: string): string => `<button type="button" onclick="hit('${l}')">${l}</button>`;
const link = (l: string): string => `<a href="#${id(l)}" onclick="hit('${l}')">${l}</a><br>`;

const BASIC_KINDS: readonly TaskKind[] = [
  clickKind('click-button', () => 'button', button),
  clickKind('click-button-unnamed-kind', () => '', button),
  clickKind('click-link', () => 'link', link),
  clickKind(
    'click-role-button',
    () => 'button',
    (l) => `<div role="button" tabindex="0" onclick="hit('${l}')">${l}</div>`,
  ),
  clickKind(
    'click-input-button',
    () => 'button',
    (l) => `<input type="button" value="${l}" onclick="hit('${l}')">`,
  ),
  clickKind(
    'click-aria-labelled-icon',
    () => 'button',
    (l) => `<button type="button" aria-label="${l}" onclick="hit('${l}')">★</button>`,
  ),
  clickKind(
    'click-action-verb',
    () => 'button',
    button,
    (rng) => rng.sample(VERBS_UI, 4),
  ),
  clickKind(
    'click-tab',
    () => 'tab',
    (l) => `<button role="tab" onclick="hit('${l}')">${l}</button>`,
  ),
  clickKind(
    'click-menu-item',
    () => 'menu item',
    (l) => `<li role="menuitem" onclick="hit('${l}')">${l}</li>`,
  ),
  clickKind(
    'click-image-link',
    () => 'link',
    (l) =>
      `<a href="#${id(l)}" onclick="hit('${l}')"><img alt="${l}" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>`,
  ),
  ordinalKind('click-nth-button', 'button', button),
  ordinalKind('click-nth-link', 'link', link),
  ordinalKind('click-nth-tab', 'tab', (l) => `<button role="tab" onclick="hit('${l}')">${l}</button>`),
  typeKind('type-labelled-input', (l, f) => `<label for="${f}">${cap(l)}</label> <input id="${f}">`),
  typeKind('type-wrapped-label', (l, f) => `<label>${cap(l)} <input id="${f}"></label>`),
  typeKind('type-aria-label', (l, f) => `<input id="${f}" aria-label="${cap(l)}">`),
  typeKind('type-placeholder', (l, f) => `<input id="${f}" placeholder="${cap(l)}">`),
  typeKind('type-textarea', (l, f) => `<label for="${f}">${cap(l)}</label><textarea id="${f}"></textarea>`),
  typeKind('type-and-submit', (l, f) => `<label for="${f}">${cap(l)}</label> <input id="${f}">`, {
    submit: true,
  }),
  typeKind('type-and-enter', (l, f) => `<label for="${f}">${cap(l)}</label> <input id="${f}">`, {
    enter: true,
  }),
  {
    name: 'tick-one-checkbox',
    make(rng) {
      const all = rng.sample(WORDS, 4);
      const target = rng.pick(all);
      const body = `${all.map((l) => `<label><input type="checkbox" value="${l}"> ${l}</label><br>`).join('\n')}
<script>document.addEventListener('change',()=>{const on=[...document.querySelectorAll('input:checked')].map(e=>e.value);report(on.length===1&&on[0]===${js(target)}?1:0);});</script>`;
      return {
        body,
        instruction: `${tickVerb(rng)} the ${q(rng, target)} ${rng.pick(['checkbox', 'check box', 'box'])}`,
      };
    },
  },
  {
    name: 'tick-several-and-submit',
    make(rng) {
      const all = rng.sample(WORDS, 5);
      const targets = rng.sample(all, 2);
      const want = JSON.stringify([...targets].sort());
      const body = `<form onsubmit="event.preventDefault();const on=[...document.querySelectorAll('input:checked')].map(e=>e.value).sort();report(JSON.stringify(on)===${js(want)}?1:0);document.getElementById('s').textContent='Sent.'">
${all.map((l) => `<label><input type="checkbox" value="${l}"> ${l}</label><br>`).join('\n')}<button type="submit">Submit</button></form><p id="s" role="status"></p>`;
      const v = tickVerb(rng);
      return {
        body,
        instruction: `${v} ${q(rng, targets[0] ?? '')}, ${v.toLowerCase()} ${q(rng, targets[1] ?? '')}${submitTail(rng)}`,
      };
    },
  },
  {
    name: 'untick-checkbox',
    make(rng) {
      const all = rng.sample(WORDS, 4);
      const target = rng.pick(all);
      const body = `${all.map((l) => `<label><input type="checkbox" value="${l}" checked> ${l}</label><br>`).join('\n')}
<script>document.addEventListener('change',()=>{const off=[...document.querySelectorAll('input:not(:checked)')].map(e=>e.value);report(off.length===1&&off[0]===${js(target)}?1:0);});</script>`;
      return {
        body,
        instruction: `${rng.pick(['Uncheck', 'Untick', 'Deselect'])} the ${q(rng, target)} checkbox`,
      };
    },
  },
  {
    name: 'choose-radio',
    make(rng) {
      const all = rng.sample(WORDS, 4);
      const target = rng.pick(all);
      const body = `${all.map((l, i) => `<input type="radio" name="r" id="r${String(i)}" value="${l}"><label for="r${String(i)}">${l}</label><br>`).join('\n')}
<script>document.addEventListener('change',()=>{const on=document.querySelector('input:checked');report(on&&on.value===${js(target)}?1:0);});</script>`;
      return {
        body,
        instruction: `${rng.pick(['Select', 'Choose', 'Pick', 'Check'])} the ${q(rng, target)} ${rng.pick(['radio button', 'option', 'radio'])}`,
      };
    },
  },
  {
    name: 'toggle-switch',
    make(rng) {
      const all = rng.sample(VERBS_UI, 3).map((v) => `${v} alerts`);
      const target = rng.pick(all);
      const body = `${all.map((l) => `<div><span id="l-${id(l)}">${l}</span> <button role="switch" aria-checked="false" aria-labelledby="l-${id(l)}" onclick="this.setAttribute('aria-checked',this.getAttribute('aria-checked')==='true'?'false':'true');check()" data-l="${l}">○</button></div>`).join('\n')}
<script>function check(){const on=[...document.querySelectorAll('[role=switch][aria-checked=true]')].map(e=>e.dataset.l);report(on.length===1&&on[0]===${js(target)}?1:0);}</script>`;
      return { body, instruction: `${rng.pick(['Turn on', 'Switch on', 'Enable'])} ${q(rng, target)}` };
    },
  },
  {
    name: 'choose-from-select',
    make(rng) {
      const fields = rng.sample(['size', 'colour', 'region', 'plan'], 2);
      const target = rng.pick(fields);
      const options = rng.sample(WORDS, 4);
      const value = rng.pick(options);
      const body = `${fields.map((f) => `<label for="s-${f}">${cap(f)}</label> <select id="s-${f}"><option value="">--</option>${options.map((o) => `<option>${o}</option>`).join('')}</select><br>`).join('\n')}
<script>document.addEventListener('change',()=>{report(document.getElementById('s-${target}').value===${js(value)}&&[...document.querySelectorAll('select')].filter(s=>s.id!=='s-${target}').every(s=>s.value==='')?1:0);});</script>`;
      return {
        body,
        instruction: `${chooseVerb(rng)} ${q(rng, value)} ${rng.pick(['from', 'in'])} the ${target} ${rng.pick(['dropdown', 'menu', 'list', 'select'])}`,
      };
    },
  },
  {
    name: 'select-and-submit',
    make(rng) {
      const options = rng.sample(WORDS, 5);
      const value = rng.pick(options);
      const body = `<form onsubmit="event.preventDefault();report(document.getElementById('s').value===${js(value)}?1:0);document.getElementById('m').textContent='Chosen.'"><label for="s">Destination</label> <select id="s">${options.map((o) => `<option>${o}</option>`).join('')}</select> <button type="submit">Go</button></form><p id="m" role="status"></p>`;
      return {
        body,
        instruction: `${chooseVerb(rng)} ${q(rng, value)} from the destination menu${submitTail(rng)}`,
      };
    },
  },
  {
    name: 'date-field',
    make(rng) {
      const date = `2026-${String(1 + rng.int(12)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}`;
      const body = `<label for="d">Departure date</label> <input type="date" id="d">
<script>document.addEventListener('input',()=>report(document.getElementById('d').value===${js(date)}?1:0));document.addEventListener('change',()=>report(document.getElementById('d').value===${js(date)}?1:0));</script>`;
      return {
        body,
        instruction: rng.pick([
          `Set the departure date field to ${date}`,
          `Enter ${date} in the departure date field`,
          `Type ${q(rng, date)} into the departure date box`,
        ]),
      };
    },
  },
  {
    name: 'login',
    make(rng) {
      const user = rng.pick(['kira', 'tam', 'sol', 'zed']) + String(rng.int(90) + 10);
      const pass = `${rng.pick(WORDS).toLowerCase()}${String(rng.int(900) + 100)}`;
      const body = `<form onsubmit="event.preventDefault();const ok=document.getElementById('u').value===${js(user)}&&document.getElementById('p').value===${js(pass)};report(ok?1:0);document.getElementById('m').textContent=ok?'Welcome back.':'Wrong details.'">
<label for="u">Username</label> <input id="u"> <label for="p">Password</label> <input id="p" type="password"> <button type="submit">Log in</button></form><p id="m" role="status"></p>`;
      return {
        body,
        instruction: rng.pick([
          `Enter ${q(rng, user)} in the username field and ${q(rng, pass)} in the password field and submit`,
          `Type ${q(rng, user)} into the username box, type ${q(rng, pass)} into the password box, then click "Log in"`,
        ]),
      };
    },
  },
  {
    name: 'open-then-click',
    make(rng) {
      const section = rng.pick(WORDS);
      const inner = rng.sample(VERBS_UI, 3);
      const target = rng.pick(inner);
      const body = `<details><summary>${section} options</summary>${inner.map((l) => button(l)).join(' ')}</details>
<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(target)}?1:0);}}</script>`;
      return {
        body,
        instruction: `${rng.pick(['Expand', 'Open'])} ${q(rng, `${section} options`)}, then click the ${q(rng, target)} button`,
      };
    },
  },
  {
    name: 'tab-then-click',
    make(rng) {
      const tabs = rng.sample(WORDS, 3);
      const tab = rng.pick(tabs);
      const target = rng.pick(VERBS_UI);
      const body = `<div role="tablist">${tabs.map((t) => `<button role="tab" onclick="show('${t}')">${t}</button>`).join('')}</div><div id="panel"></div>
<script>function show(t){document.getElementById('panel').innerHTML='<p>'+t+' panel</p>'+(t===${js(tab)}?'<button type="button" onclick="report(1)">${target}</button>':'<button type="button" onclick="report(0)">${target}</button>');}</script>`;
      return {
        body,
        instruction: `${rng.pick(['Open', 'Click'])} the ${q(rng, tab)} tab, then ${rng.pick(['click', 'press'])} ${q(rng, target)}`,
      };
    },
  },
  {
    name: 'dialog-confirm',
    make(rng) {
      const action = rng.pick(VERBS_UI);
      const confirm = rng.pick(['OK', 'Yes', 'Confirm']);
      const body = `<button type="button" onclick="document.getElementById('d').showModal()">${action}</button>
<dialog id="d"><p>Are you sure?</p><button type="button" onclick="report(0);this.closest('dialog').close()">No</button> <button type="button" onclick="report(1);this.closest('dialog').close();document.getElementById('m').textContent='Done.'">${confirm}</button></dialog><p id="m" role="status"></p>`;
      return {
        body,
        instruction: `${clickVerb(rng)} ${q(rng, action)}, then ${rng.pick(['click', 'press'])} ${q(rng, confirm)}`,
      };
    },
  },
  {
    name: 'two-page-form',
    make(rng) {
      const email = `${rng.pick(['ana', 'kim', 'lou', 'max'])}${String(rng.int(90) + 10)}@example.org`;
      const body = `<form method="get" action="__BASE__/step2"><input type="hidden" name="e" value="__E__"><label for="m">Email</label> <input id="m" name="email" type="email"> <button type="submit">Next</button></form>`;
      const step2 = `<p>Confirm your address.</p><button type="button" onclick="report(new URLSearchParams(location.search).get('email')===${js(email)}?1:0);document.getElementById('m').textContent='Confirmed.'">Confirm</button><p id="m" role="status"></p>`;
      return {
        body,
        pages: { step2 },
        instruction: `${typeVerb(rng)} ${q(rng, email)} ${rng.pick(['in', 'into'])} the email field, click ${q(rng, 'Next')}, then click ${q(rng, 'Confirm')}`,
      };
    },
  },
  {
    name: 'click-in-row',
    make(rng) {
      const rows = rng.sample(WORDS, 4);
      const row = rng.pick(rows);
      const action = rng.pick(['Edit', 'Delete', 'Archive']);
      const body = `<table><tr><th>Name</th><th>Actions</th></tr>${rows.map((r) => `<tr><td>${r}</td><td>${['Edit', 'Delete', 'Archive'].map((a) => `<button type="button" onclick="hit('${a}:${r}')">${a}</button>`).join(' ')}</td></tr>`).join('')}</table>
<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(`${action}:${row}`)}?1:0);}}</script>`;
      return {
        body,
        instruction: rng.pick([
          `${clickVerb(rng)} ${q(rng, action)} for ${q(rng, row)}`,
          `${clickVerb(rng)} the ${action} button in the row of ${q(rng, row)}`,
        ]),
      };
    },
  },
  {
    name: 'tick-next-to',
    make(rng) {
      const items = rng.sample(WORDS, 4);
      const target = rng.pick(items);
      const body = `<ul>${items.map((i) => `<li><input type="checkbox" data-i="${i}"> ${i}</li>`).join('')}</ul>
<script>document.addEventListener('change',()=>{const on=[...document.querySelectorAll('input:checked')].map(e=>e.dataset.i);report(on.length===1&&on[0]===${js(target)}?1:0);});</script>`;
      return {
        body,
        instruction: `${tickVerb(rng)} the checkbox ${rng.pick(['next to', 'beside'])} ${q(rng, target)}`,
      };
    },
  },
  {
    name: 'autocomplete',
    make(rng) {
      const cities = rng.sample(
        ['Oslo', 'Osaka', 'Ostrava', 'Lima', 'Lisbon', 'Lyon', 'Porto', 'Perth', 'Prague'],
        6,
      );
      const target = rng.pick(cities);
      const typed = target.slice(0, 2);
      const body = `<label for="c">City</label> <input id="c" autocomplete="off"><ul id="s" role="listbox"></ul>
<script>const all=${JSON.stringify(cities)};const s=document.getElementById('s');document.getElementById('c').addEventListener('input',e=>{const v=e.target.value.toLowerCase();s.innerHTML='';for(const c of all.filter(c=>c.toLowerCase().startsWith(v))){const li=document.createElement('li');li.setAttribute('role','option');li.textContent=c;li.onclick=()=>{document.getElementById('c').value=c;s.innerHTML='';report(c===${js(target)}?1:0);};s.appendChild(li);}});</script>`;
      return {
        body,
        instruction: `${typeVerb(rng)} ${q(rng, typed)} ${rng.pick(['into', 'in'])} the city field, then ${rng.pick(['choose', 'pick', 'select', 'click'])} ${q(rng, target)}`,
      };
    },
  },
  typeKind(
    'type-email-input',
    (l, f) => `<label for="${f}">${cap(l)}</label> <input id="${f}" type="email">`,
  ),
  typeKind(
    'type-search-input',
    (l, f) => `<label for="${f}">${cap(l)}</label> <input id="${f}" type="search">`,
  ),
  {
    name: 'type-number',
    make(rng) {
      const n = String(2 + rng.int(8));
      const body = `<label for="n">Quantity</label> <input id="n" type="number" value="1"> <label for="g">Gift note</label> <input id="g">
<script>document.addEventListener('input',()=>report(document.getElementById('n').value===${js(n)}&&document.getElementById('g').value===''?1:0));</script>`;
      return {
        body,
        instruction: rng.pick([
          `Set the quantity field to ${n}`,
          `Enter ${n} in the quantity field`,
          `Type "${n}" into the quantity box`,
        ]),
      };
    },
  },
  {
    name: 'type-password',
    make(rng) {
      const pass = `${rng.pick(WORDS).toLowerCase()}-${String(rng.int(9000) + 1000)}`;
      const body = `<label for="u">Username</label> <input id="u"> <label for="p">Password</label> <input id="p" type="password">
<script>document.addEventListener('input',()=>report(document.getElementById('p').value===${js(pass)}&&document.getElementById('u').value===''?1:0));</script>`;
      return {
        body,
        instruction: `${typeVerb(rng)} ${q(rng, pass)} ${rng.pick(['into', 'in'])} the password ${fieldWord(rng)}`,
      };
    },
  },
  {
    name: 'search-box',
    make(rng) {
      const term = rng.pick(VALUES);
      const body = `<form role="search" onsubmit="event.preventDefault();report(document.getElementById('q').value===${js(term)}?1:0);document.getElementById('r').textContent='Results for '+document.getElementById('q').value"><input id="q" name="q" aria-label="Search"><button type="submit">Go</button></form><p id="r" role="status"></p>`;
      return { body, instruction: `${rng.pick(['Search for', 'Search the site for'])} ${q(rng, term)}` };
    },
  },
  {
    name: 'contenteditable',
    make(rng) {
      const text = rng.pick(VALUES);
      const body = `<div id="n" contenteditable="true" aria-label="Notes" style="border:1px solid #999;min-height:3em"></div><input aria-label="Title">
<script>document.addEventListener('input',()=>report(document.getElementById('n').textContent.trim()===${js(text)}?1:0));</script>`;
      return {
        body,
        instruction: `${rng.pick(['Write', 'Type', 'Enter'])} ${q(rng, text)} ${rng.pick(['in', 'into'])} the notes ${rng.pick(['box', 'area', 'field'])}`,
      };
    },
  },
  {
    name: 'clear-field',
    make(rng) {
      const labels = rng.sample(FIELDS, 3);
      const target = rng.pick(labels);
      const body = `${labels.map((l) => `<label for="f-${id(l)}">${cap(l)}</label> <input id="f-${id(l)}" value="${rng.pick(VALUES)}"><br>`).join('')}
<script>document.addEventListener('input',()=>report([...document.querySelectorAll('input')].every(e=>(e.id==='f-${id(target)}')===(e.value===''))?1:0));</script>`;
      return { body, instruction: `${rng.pick(['Clear', 'Empty'])} the ${target} field` };
    },
  },
  {
    name: 'tick-nth-checkbox',
    make(rng) {
      const items = rng.sample(WORDS, 5);
      const [word, ordinal] = rng.pick(ORDINAL_WORDS);
      const target = (ordinal === -1 ? items[items.length - 1] : items[ordinal - 1]) ?? '';
      const body = `${items.map((i) => `<label><input type="checkbox" value="${i}"> ${i}</label><br>`).join('')}
<script>document.addEventListener('change',()=>{const on=[...document.querySelectorAll('input:checked')].map(e=>e.value);report(on.length===1&&on[0]===${js(target)}?1:0);});</script>`;
      return { body, instruction: `${tickVerb(rng)} the ${word} checkbox` };
    },
  },
  {
    name: 'radio-and-submit',
    make(rng) {
      const plans = rng.sample(['Monthly', 'Yearly', 'Weekly', 'Daily', 'Lifetime'], 3);
      const target = rng.pick(plans);
      const body = `<form onsubmit="event.preventDefault();const on=document.querySelector('input:checked');report(on&&on.value===${js(target)}?1:0);document.getElementById('m').textContent='Plan saved.'">${plans.map((p) => `<label><input type="radio" name="plan" value="${p}"> ${p}</label>`).join(' ')} <button type="submit">Save plan</button></form><p id="m" role="status"></p>`;
      return {
        body,
        instruction: `${rng.pick(['Select', 'Choose', 'Pick'])} the ${q(rng, target)} ${rng.pick(['option', 'radio button'])}${submitTail(rng)}`,
      };
    },
  },
  {
    name: 'choose-unquoted-option',
    make(rng) {
      const options = rng.sample(['Small', 'Medium', 'Large', 'Extra large'], 4);
      const value = rng.pick(options);
      const body = `<label for="s">Size</label> <select id="s"><option value="">--</option>${options.map((o) => `<option>${o}</option>`).join('')}</select>
<script>document.addEventListener('change',()=>report(document.getElementById('s').value===${js(value)}?1:0));</script>`;
      return {
        body,
        instruction: `${chooseVerb(rng)} ${value} ${rng.pick(['from', 'in'])} the size ${rng.pick(['menu', 'dropdown', 'list'])}`,
      };
    },
  },
  {
    name: 'escape-dialog',
    make(rng) {
      const opener = rng.pick(VERBS_UI);
      const body = `<button type="button" onclick="document.getElementById('d').showModal()">${opener}</button>
<dialog id="d"><p>Settings</p><button type="button" onclick="report(0);document.getElementById('d').close()">Close</button></dialog>
<script>document.getElementById('d').addEventListener('cancel',()=>report(1));</script>`;
      return {
        body,
        instruction: `${clickVerb(rng)} ${q(rng, opener)}, then press ${rng.pick(['Escape', 'Esc', 'the Escape key'])}`,
      };
    },
  },
  {
    name: 'partial-link-name',
    make(rng) {
      const words = rng.sample(WORDS, 4);
      const target = rng.pick(words);
      const body = `${words.map((w) => `<a href="#${id(w)}" onclick="hit('${w}')">${w} ${rng.pick(['street guide', 'travel notes', 'opening hours', 'menu'])}</a><br>`).join('')}
<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(target)}?1:0);}}</script>`;
      return { body, instruction: `${clickVerb(rng)} the ${target} link` };
    },
  },
  {
    name: 'type-then-click',
    make(rng) {
      const text = rng.pick(VALUES);
      const post = rng.pick(['Post', 'Reply', 'Comment']);
      const body = `<label for="c">Comment</label> <textarea id="c"></textarea> <button type="button" onclick="report(document.getElementById('c').value===${js(text)}?1:0);document.getElementById('m').textContent='Posted.'">${post}</button> <button type="button" onclick="report(0)">Discard</button><p id="m" role="status"></p>`;
      return {
        body,
        instruction: `${typeVerb(rng)} ${q(rng, text)} ${rng.pick(['into', 'in'])} the comment box and ${rng.pick(['click', 'press'])} ${q(rng, post)}`,
      };
    },
  },
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const KINDS: readonly TaskKind[] = [...BASIC_KINDS, ...WIDGET_KINDS, DATE_WIDGET_KIND];
