import { Rng, WORDS } from './random.js';
import type { TaskInstance, TaskKind } from './kinds.js';

/**
 * Task kinds with widgets and lists to read before acting: sliders, drag and drop, scripted
 * dropdowns, hover menus, an inbox, and items chosen by a quantity (a price, a score, a number).
 * As in kinds.ts, each page computes its own reward from what was done.
 */

const js = (s: string): string =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/"/g, '&quot;')}'`;
const q = (rng: Rng, s: string): string => rng.pick([`"${s}"`, `'${s}'`, `“${s}”`]);
const id = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** The first hit decides: an agent that clicks around until it finds the goal gets 0. */
const firstHit = (target: string): string =>
  `<script>let first;function hit(l){if(first===undefined){first=l;report(l===${js(target)}?1:0);}}</script>`;
const price = (rng: Rng): number => 5 + rng.int(400) + rng.pick([0, 0.5, 0.99]);
const money = (n: number): string => `$${n.toFixed(2)}`;

function kind(name: string, make: (rng: Rng) => TaskInstance): TaskKind {
  return { name, make };
}

const SLIDERS = ['Volume', 'Brightness', 'Contrast', 'Speed', 'Balance'];

/** People and subjects of the inbox pages. */
const SUBJECTS = [
  'Invoice',
  'Meeting notes',
  'Holiday plans',
  'Team lunch',
  'Quarterly report',
  'Password reset',
];

function inbox(rng: Rng): { senders: string[]; subjects: string[]; target: number } {
  const firsts = rng.sample(WORDS, 4);
  const lasts = rng.sample(WORDS, 4);
  const senders = firsts.map((f, i) => `${f} ${lasts[i] ?? ''}`.trim());
  return { senders, subjects: rng.sample(SUBJECTS, 4), target: rng.int(4) };
}

export const WIDGET_KINDS: readonly TaskKind[] = [
  kind('slider-native', (rng) => {
    const names = rng.sample(SLIDERS, 2);
    const target = rng.pick(names);
    const want = String(5 * rng.int(21));
    const body = `${names.map((n) => `<div><label for="s-${id(n)}">${n}</label> <input id="s-${id(n)}" type="range" min="0" max="100" value="50"></div>`).join('\n')}
<script>document.addEventListener('input',()=>{const v=${js(`s-${id(target)}`)};const ok=[...document.querySelectorAll('input')].every(e=>e.id===v?e.value===${js(want)}:e.value==='50');report(ok?1:0);});</script>`;
    const verb = rng.pick(['Set', 'Move', 'Drag', 'Slide']);
    return { body, instruction: `${verb} the ${target.toLowerCase()} slider to ${want}` };
  }),
  kind('slider-keyboard', (rng) => {
    const name = rng.pick(SLIDERS);
    const want = rng.int(11);
    const body = `<span id="l">${name}</span> <div id="k" role="slider" tabindex="0" aria-labelledby="l" aria-valuemin="0" aria-valuemax="10" aria-valuenow="5" style="display:inline-block;width:200px;height:16px;background:#ddd">5</div>
<script>const k=document.getElementById('k');let v=5;k.addEventListener('keydown',e=>{if(e.key==='ArrowRight'||e.key==='ArrowUp')v=Math.min(10,v+1);else if(e.key==='ArrowLeft'||e.key==='ArrowDown')v=Math.max(0,v-1);else if(e.key==='Home')v=0;else if(e.key==='End')v=10;else return;k.setAttribute('aria-valuenow',String(v));k.textContent=String(v);report(v===${String(want)}?1:0);});</script>`;
    return {
      body,
      instruction: `${rng.pick(['Set', 'Move'])} the ${name.toLowerCase()} slider to ${String(want)}`,
    };
  }),
  kind('drag-to-area', (rng) => {
    const items = rng.sample(WORDS, 3);
    const areas = rng.sample(['To do', 'Doing', 'Done', 'Later', 'Archive'], 3);
    const item = rng.pick(items);
    const area = rng.pick(areas.slice(1));
    const body = `<section role="region" aria-label="${areas[0] ?? ''}" class="zone" style="min-height:60px;border:1px solid #999;margin:4px">${items.map((i) => `<div draggable="true" id="d-${id(i)}" style="padding:4px;margin:2px;background:#eef">${i}</div>`).join('')}</section>
${areas
  .slice(1)
  .map(
    (a) =>
      `<section role="region" aria-label="${a}" class="zone" style="min-height:60px;border:1px solid #999;margin:4px"><h3>${a}</h3></section>`,
  )
  .join('\n')}
<script>let dragged;document.addEventListener('dragstart',e=>{dragged=e.target.closest('[draggable]');e.dataTransfer.setData('text/plain',dragged.id);});
for(const z of document.querySelectorAll('.zone')){z.addEventListener('dragover',e=>e.preventDefault());z.addEventListener('drop',e=>{e.preventDefault();if(dragged)z.appendChild(dragged);const at=document.getElementById(${js(`d-${id(item)}`)}).closest('.zone').getAttribute('aria-label');const moved=[...document.querySelectorAll('[draggable]')].filter(d=>d.closest('.zone').getAttribute('aria-label')!==${js(areas[0] ?? '')});report(at===${js(area)}&&moved.length===1?1:0);});}</script>`;
    return {
      body,
      instruction: rng.pick([
        `Drag ${q(rng, item)} to ${q(rng, area)}`,
        `Move ${q(rng, item)} into the ${q(rng, area)} area`,
        `Drag the ${q(rng, item)} card onto ${q(rng, area)}`,
      ]),
    };
  }),
  kind('buy-by-price', (rng) => {
    const names = rng.sample(WORDS, 4 + rng.int(2));
    const prices = names.map(() => price(rng));
    const cheapest = rng.int(2) === 0;
    const best = prices.indexOf(cheapest ? Math.min(...prices) : Math.max(...prices));
    const button = rng.pick(['Buy', 'Add to cart']);
    const body = `<ul>${names.map((n, i) => `<li><b>${n} lamp</b> <span>${money(prices[i] ?? 0)}</span> <button type="button" onclick="hit('${n}')">${button}</button></li>`).join('')}</ul>${firstHit(names[best] ?? '')}`;
    const which = cheapest ? rng.pick(['cheapest', 'least expensive']) : 'most expensive';
    return {
      body,
      instruction: rng.pick([
        `Buy the ${which} item`,
        `${rng.pick(['Click', 'Press'])} ${q(rng, button)} for the ${which} product`,
        `Purchase the ${which} one`,
      ]),
    };
  }),
  kind('book-cheapest-row', (rng) => {
    const places = rng.sample(WORDS, 5);
    const rows = places.slice(1).map((to) => ({ to, price: price(rng) }));
    const best = rows.reduce((a, b) => (b.price < a.price ? b : a));
    const body = `<table><tr><th>From</th><th>To</th><th>Price</th><th></th></tr>${rows.map((r) => `<tr><td>${places[0] ?? ''}</td><td>${r.to}</td><td>${money(r.price)}</td><td><button type="button" onclick="hit('${r.to}')">Book</button></td></tr>`).join('')}</table>${firstHit(best.to)}`;
    return {
      body,
      instruction: rng.pick([
        'Book the cheapest flight',
        'Book the cheapest trip',
        `Click "Book" for the cheapest ${rng.pick(['ticket', 'fare'])}`,
      ]),
    };
  }),
  kind('largest-number', (rng) => {
    const numbers = rng.sample(
      Array.from({ length: 90 }, (_, i) => i + 10),
      5,
    );
    const largest = rng.int(2) === 0;
    const target = String(largest ? Math.max(...numbers) : Math.min(...numbers));
    const body = `<p>Numbers:</p>${numbers.map((n) => `<button type="button" onclick="hit('${String(n)}')">${String(n)}</button>`).join(' ')}${firstHit(target)}`;
    const which = largest ? rng.pick(['largest', 'biggest', 'highest']) : rng.pick(['smallest', 'lowest']);
    return {
      body,
      instruction: rng.pick([`Click the ${which} number`, `Press the button with the ${which} number`]),
    };
  }),
  kind('row-by-column', (rng) => {
    const names = rng.sample(WORDS, 4);
    const scores = rng.sample(
      Array.from({ length: 60 }, (_, i) => i + 40),
      4,
    );
    const ages = rng.sample(
      Array.from({ length: 50 }, (_, i) => i + 18),
      4,
    );
    const byScore = rng.int(2) === 0;
    const highest = rng.int(2) === 0;
    const column = byScore ? scores : ages;
    const best = column.indexOf(highest ? Math.max(...column) : Math.min(...column));
    const body = `<table><tr><th>Name</th><th>Score</th><th>Age</th><th>Action</th></tr>${names.map((n, i) => `<tr><td>${n}</td><td>${String(scores[i])}</td><td>${String(ages[i])}</td><td><button type="button" onclick="hit('${n}')">Select</button></td></tr>`).join('')}</table>${firstHit(names[best] ?? '')}`;
    return {
      body,
      instruction: `${rng.pick(['Click', 'Press'])} ${q(rng, 'Select')} in the row with the ${highest ? 'highest' : 'lowest'} ${byScore ? 'score' : 'age'}`,
    };
  }),
  kind('inbox-open', (rng) => {
    const { senders, subjects, target } = inbox(rng);
    const body = `<h2>Inbox</h2><ul>${senders.map((s, i) => `<li><input type="checkbox" aria-label="Select"> <b>${s}</b> <a href="#m${String(i)}" onclick="hit('${String(i)}')">${subjects[i] ?? ''}</a> <button type="button" onclick="hit('x${String(i)}')">Delete</button></li>`).join('')}</ul>${firstHit(String(target))}`;
    const sender = senders[target] ?? '';
    return {
      body,
      instruction: rng.pick([
        `Open the email from ${sender}`,
        `Open the message from ${q(rng, sender)}`,
        `Click the email from ${sender}`,
      ]),
    };
  }),
  kind('inbox-act', (rng) => {
    const { senders, subjects, target } = inbox(rng);
    const [verb, button] = rng.pick([
      ['Delete', 'Delete'],
      ['Delete', 'Trash'],
      ['Remove', 'Delete'],
      ['Archive', 'Archive'],
      ['Star', 'Star'],
    ] as const);
    const buttons = [...new Set(['Archive', 'Star', button])];
    const body = `<h2>Inbox</h2><ul>${senders.map((s, i) => `<li><b>${s}</b> <span>${subjects[i] ?? ''}</span> ${buttons.map((b) => `<button type="button" onclick="hit('${b}:${String(i)}')">${b}</button>`).join(' ')}</li>`).join('')}</ul>${firstHit(`${button}:${String(target)}`)}`;
    const bySubject = rng.int(3) === 0;
    return {
      body,
      instruction: bySubject
        ? `${verb} the message about ${q(rng, subjects[target] ?? '')}`
        : `${verb} the ${rng.pick(['email', 'message'])} from ${senders[target] ?? ''}`,
    };
  }),
  kind('scripted-dropdown', (rng) => {
    const label = rng.pick(['Colour', 'Size', 'Country', 'Plan']);
    const options = rng.sample(WORDS, 5);
    const target = rng.pick(options);
    const body = `<span id="dl">${label}</span> <button type="button" id="db" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="dl db">Choose…</button>
<ul id="dd" role="listbox" hidden>${options.map((o) => `<li role="option" tabindex="-1" onclick="pick('${o}')">${o}</li>`).join('')}</ul>
<script>const b=document.getElementById('db'),d=document.getElementById('dd');b.onclick=()=>{d.hidden=!d.hidden;b.setAttribute('aria-expanded',String(!d.hidden));};function pick(o){b.textContent=o;d.hidden=true;b.setAttribute('aria-expanded','false');report(o===${js(target)}?1:0);}</script>`;
    return {
      body,
      instruction: rng.pick([
        `Choose ${q(rng, target)} from the ${label.toLowerCase()} dropdown`,
        `Select ${target} in the ${label.toLowerCase()} menu`,
        `Pick ${q(rng, target)} from the ${label} list`,
      ]),
    };
  }),
  kind('hover-menu', (rng) => {
    const menus = rng.sample(['Products', 'Services', 'Company', 'Support'], 2);
    const items = rng.sample(WORDS, 6);
    const menu = rng.int(2);
    const target = items[menu * 3 + rng.int(3)] ?? '';
    const body = `<nav>${menus
      .map(
        (m, i) =>
          `<div class="m" style="display:inline-block;margin-right:40px;vertical-align:top"><button type="button" aria-haspopup="true">${m}</button><div class="sub" hidden>${items
            .slice(i * 3, i * 3 + 3)
            .map((it) => `<a href="#${id(it)}" onclick="hit('${it}')">${it}</a><br>`)
            .join('')}</div></div>`,
      )
      .join('')}</nav>
<script>for(const m of document.querySelectorAll('.m')){m.addEventListener('mouseenter',()=>{m.querySelector('.sub').hidden=false;});m.addEventListener('mouseleave',()=>{m.querySelector('.sub').hidden=true;});}</script>${firstHit(target)}`;
    const on = menus[menu] ?? '';
    return {
      body,
      instruction: rng.pick([
        `Hover over ${q(rng, on)} and click ${q(rng, target)}`,
        `Move the mouse over the ${on} button, then click ${q(rng, target)}`,
      ]),
    };
  }),
  kind('tick-listed', (rng) => {
    const all = rng.sample(WORDS, 6);
    const want = rng.sample(all, 2 + rng.int(2));
    const body = `<fieldset><legend>Pick</legend>${all.map((a) => `<label><input type="checkbox" value="${a}"> ${a}</label><br>`).join('')}</fieldset>
<script>document.addEventListener('change',()=>{const on=[...document.querySelectorAll('input:checked')].map(e=>e.value).sort().join('|');report(on===${js([...want].sort().join('|'))}?1:0);});</script>`;
    const names = want.map((w) => q(rng, w));
    const list = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
    return { body, instruction: `${rng.pick(['Tick', 'Check', 'Select'])} ${list}` };
  }),
  kind('focus-field', (rng) => {
    const labels = rng.sample(['name', 'email', 'phone', 'city', 'company'], 3);
    const target = rng.pick(labels);
    const body = `${labels.map((l) => `<div><label for="f-${l}">${l.charAt(0).toUpperCase()}${l.slice(1)}</label> <input id="f-${l}"></div>`).join('')}
<script>let first;document.addEventListener('focusin',e=>{if(first===undefined){first=e.target.id;report(first===${js(`f-${target}`)}?1:0);}});</script>`;
    return {
      body,
      instruction: rng.pick([
        `Focus on the ${target} field`,
        `Click in the ${target} field`,
        `Click into the ${target} box`,
      ]),
    };
  }),
  kind('scroll-then-click', (rng) => {
    const label = rng.pick(['Load more', 'Accept', 'Continue', 'Show all']);
    const body = `<p>Scroll to the end.</p><div style="height:4000px"></div><div id="end"></div>
<script>let added=false;addEventListener('scroll',()=>{if(!added&&scrollY+innerHeight>=document.body.scrollHeight-100){added=true;const b=document.createElement('button');b.type='button';b.textContent=${js(label)};b.onclick=()=>report(1);document.getElementById('end').appendChild(b);}});</script>`;
    return {
      body,
      instruction: rng.pick([
        `Scroll to the bottom and click ${q(rng, label)}`,
        `Scroll to the end of the page, then press ${q(rng, label)}`,
      ]),
    };
  }),
];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A read-only date field written by a calendar widget: the calendar opens on the field's month,
 * pages with "Previous month" / "Next month", and each day button is labelled with its full date.
 */
export const DATE_WIDGET_KIND: TaskKind = kind('date-widget', (rng) => {
  const label = `${rng.pick(['Check-in', 'Departure', 'Arrival', 'Delivery'])} date`;
  const startMonth = 1 + rng.int(12);
  const month = ((startMonth - 1 + rng.int(5) - 2 + 12) % 12) + 1;
  const year = 2027;
  const day = 1 + rng.int(28);
  const want = `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${String(year)}`;
  const body = `<label for="df">${label}</label> <input id="df" readonly placeholder="Select a date">
<div id="cal" hidden><button type="button" id="pv" aria-label="Previous month">‹</button> <strong id="cap"></strong> <button type="button" id="nx" aria-label="Next month">›</button><div id="grid"></div></div>
<script>const M=${JSON.stringify(MONTH_NAMES)};let y=${String(year)},m=${String(startMonth - 1)};const f=document.getElementById('df'),cal=document.getElementById('cal');
function draw(){document.getElementById('cap').textContent=M[m]+' '+y;const g=document.getElementById('grid');g.innerHTML='';const n=new Date(y,m+1,0).getDate();for(let d=1;d<=n;d++){const b=document.createElement('button');b.type='button';b.textContent=String(d);b.setAttribute('aria-label',M[m]+' '+d+', '+y);b.onclick=()=>{f.value=String(m+1).padStart(2,'0')+'/'+String(d).padStart(2,'0')+'/'+y;cal.hidden=true;report(f.value===${js(want)}?1:0);};g.appendChild(b);}}
f.onclick=()=>{cal.hidden=!cal.hidden;draw();};document.getElementById('pv').onclick=()=>{m--;if(m<0){m=11;y--;}draw();};document.getElementById('nx').onclick=()=>{m++;if(m>11){m=0;y++;}draw();};</script>`;
  const name = MONTH_NAMES[month - 1] ?? '';
  const written = rng.pick([
    `${name} ${String(day)}, ${String(year)}`,
    `${String(day)} ${name} ${String(year)}`,
    `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  ]);
  return {
    body,
    instruction: rng.pick([
      `Pick ${written} as the ${label.toLowerCase()}`,
      `Set the ${label.toLowerCase()} field to ${written}`,
      `Choose ${written} in the ${label.toLowerCase()} picker`,
    ]),
  };
});
