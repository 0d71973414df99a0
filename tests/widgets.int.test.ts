import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startInProcessStack, waitAllHealthy, type InProcessStack } from './support/stack.js';
import { askOverHttp, type RunCompletion } from './support/runs.js';

/**
 * Instructions on widgets and lists (issue 27), in real Chromium: a slider, drag and drop, a
 * scripted dropdown, a hover menu, an item chosen by its price and one told by its sender. What
 * was done is judged by what the pages' server received, never by the run's own report.
 */
const html = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const tell = (path: string, said: string): string =>
  `fetch('${path}').then(()=>{document.getElementById('said').textContent=${said};})`;
const status = '<p id="said" role="status"></p>';

const PAGES: Record<string, string> = {
  '/settings': html(
    'Sound',
    `<form method="get" action="/settings/saved">
      <label for="v">Volume</label> <input id="v" name="volume" type="range" min="0" max="100" value="50">
      <label for="b">Bass</label> <input id="b" name="bass" type="range" min="0" max="10" value="5">
      <button type="submit">Save</button></form>`,
  ),
  '/rating': html(
    'Rate us',
    `<span id="l">Rating</span> <div id="k" role="slider" tabindex="0" aria-labelledby="l" aria-valuemin="0" aria-valuemax="10" aria-valuenow="5">5</div>
     <button type="button" onclick="${tell("/rated?v='+k.getAttribute('aria-valuenow')+'", "'Thanks for your rating.'")}">Send rating</button>${status}
     <script>const k=document.getElementById('k');let v=5;k.addEventListener('keydown',e=>{if(e.key==='ArrowRight')v=Math.min(10,v+1);else if(e.key==='ArrowLeft')v=Math.max(0,v-1);else if(e.key==='Home')v=0;else return;k.setAttribute('aria-valuenow',String(v));k.textContent=String(v);});</script>`,
  ),
  '/board': html(
    'Tasks',
    `<section role="region" aria-label="To do" class="zone"><div draggable="true" id="t1">Write report</div><div draggable="true" id="t2">Call Bo</div></section>
     <section role="region" aria-label="Done" class="zone" style="min-height:80px"><h2>Done</h2></section>${status}
     <script>let d;document.addEventListener('dragstart',e=>{d=e.target;e.dataTransfer.setData('text/plain',d.id);});
     for(const z of document.querySelectorAll('.zone')){z.addEventListener('dragover',e=>e.preventDefault());z.addEventListener('drop',e=>{e.preventDefault();z.appendChild(d);${tell("/moved?t='+d.id+'&to='+z.getAttribute('aria-label')+'", "'Moved.'")};});}</script>`,
  ),
  '/colour': html(
    'Pick a colour',
    `<span id="cl">Colour</span> <button type="button" id="cb" aria-haspopup="listbox" aria-labelledby="cl cb">Choose…</button>
     <ul id="cx" role="listbox" hidden><li role="option" onclick="pick('Red')">Red</li><li role="option" onclick="pick('Teal')">Teal</li></ul>${status}
     <script>cb.onclick=()=>{cx.hidden=!cx.hidden;};function pick(o){cx.hidden=true;cb.textContent=o;${tell("/colour/chose?o='+o+'", "'You chose '+o+'.'")};}</script>`,
  ),
  '/shop': html(
    'Lamps',
    `<ul><li><b>Desk lamp</b> $42.00 <button type="button" onclick="buy('desk')">Add to cart</button></li>
     <li><b>Floor lamp</b> $19.50 <button type="button" onclick="buy('floor')">Add to cart</button></li>
     <li><b>Wall lamp</b> $120.00 <button type="button" onclick="buy('wall')">Add to cart</button></li></ul>${status}
     <script>function buy(n){${tell("/bought?n='+n+'", "'Added to your cart.'")};}</script>`,
  ),
  '/inbox': html(
    'Inbox',
    `<ul><li><b>Ana Lopes</b> <a href="#1">Invoice</a> <button type="button" onclick="del(1)">Trash</button></li>
     <li><b>Bo Berg</b> <a href="#2">Team lunch</a> <button type="button" onclick="del(2)">Trash</button></li></ul>${status}
     <script>function del(i){${tell("/trashed?i='+i+'", "'Message moved to the trash.'")};}</script>`,
  ),
  '/booking': html(
    'Book a room',
    `<form method="get" action="/booking/sent"><label for="ci">Check-in date</label> <input id="ci" name="checkin" readonly placeholder="Select a date">
     <div id="cal" hidden><button type="button" id="pv" aria-label="Previous month">‹</button> <b id="cap"></b> <button type="button" id="nx" aria-label="Next month">›</button><div id="days"></div></div>
     <button type="submit">Book</button></form>
     <script>const M=['January','February','March','April','May','June','July','August','September','October','November','December'];let y=2027,m=2;
     function draw(){cap.textContent=M[m]+' '+y;days.innerHTML='';for(let d=1;d<=new Date(y,m+1,0).getDate();d++){const b=document.createElement('button');b.type='button';b.textContent=d;b.setAttribute('aria-label',M[m]+' '+d+', '+y);b.onclick=()=>{ci.value=y+'-'+String(m+1).padStart(2,'0')+'-'+String(d).padStart(2,'0');cal.hidden=true;};days.appendChild(b);}}
     ci.onclick=()=>{cal.hidden=!cal.hidden;draw();};pv.onclick=()=>{m--;if(m<0){m=11;y--;}draw();};nx.onclick=()=>{m++;if(m>11){m=0;y++;}draw();};</script>`,
  ),
  '/controls': html(
    'Preferences',
    `<p><a href="#a" onclick="${tell('/did?what=link', "'Opened the guide.'")}">Read the guide</a></p>
     <fieldset><legend>Plan</legend><label><input type="radio" name="plan" value="m"> Monthly</label>
     <label><input type="radio" name="plan" value="y" onchange="${tell('/did?what=radio-yearly', "'Yearly chosen.'")}"> Yearly</label></fieldset>
     <div role="tablist"><button role="tab" aria-selected="true" onclick="t1.hidden=false;t2.hidden=true">General</button>
     <button role="tab" aria-selected="false" onclick="t1.hidden=true;t2.hidden=false">Advanced</button></div>
     <div id="t1">General settings.</div><div id="t2" hidden><button type="button" onclick="${tell('/did?what=tab-reset', "'Reset done.'")}">Reset cache</button></div>
     <details><summary>More options</summary><button type="button" onclick="${tell('/did?what=details-export', "'Exported.'")}">Export data</button></details>
     <label for="city">City</label> <input id="city" autocomplete="off"><ul id="sug" role="listbox"></ul>${status}
     <script>const all=['Lisbon','Lima','Lyon'];city.addEventListener('input',()=>{sug.innerHTML='';for(const c of all.filter(c=>c.toLowerCase().startsWith(city.value.toLowerCase()))){const li=document.createElement('li');li.setAttribute('role','option');li.textContent=c;li.onclick=()=>{city.value=c;sug.innerHTML='';${tell("/did?what=city-'+c+'", "'City set.'")};};sug.appendChild(li);}});</script>`,
  ),
  '/menu': html(
    'Store',
    `<nav><div class="m" style="display:inline-block"><button type="button" aria-haspopup="true">Products</button>
     <div class="sub" hidden><a href="#l" onclick="${tell('/menu/went?to=laptops', "'Laptops.'")}">Laptops</a></div></div></nav>${status}
     <script>for(const m of document.querySelectorAll('.m')){m.onmouseenter=()=>{m.querySelector('.sub').hidden=false;};m.onmouseleave=()=>{m.querySelector('.sub').hidden=true;};}</script>`,
  ),
};

describe('instructions on widgets and lists', () => {
  let server: Server;
  let origin: string;
  let stack: InProcessStack;
  const received: string[] = [];
  const runs = new Map<string, RunCompletion>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const page = PAGES[url.pathname];
      if (page) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        return;
      }
      if (url.pathname === '/favicon.ico' || url.pathname === '/robots.txt') {
        res.writeHead(404).end();
        return;
      }
      received.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/settings/saved' || url.pathname === '/booking/sent')
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(html('Saved', '<p role="status">Settings saved.</p>'));
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    stack = await startInProcessStack({ allowOrigins: [origin] });
    await waitAllHealthy(stack.services);
    const ask = async (path: string, instruction: string): Promise<void> => {
      runs.set(
        path,
        (await askOverHttp(stack.gatewayUrl, instruction, { urls: [`${origin}${path}`] })).completed,
      );
    };
    await ask('/settings', 'Set the volume slider to 35 and submit');
    await ask('/rating', 'Move the rating slider to 7, then click "Send rating"');
    await ask('/board', 'Drag "Write report" to "Done"');
    await ask('/colour', 'Choose "Teal" from the colour dropdown');
    await ask('/shop', 'Buy the cheapest item');
    await ask('/inbox', 'Delete the email from Bo Berg');
    await ask('/menu', 'Hover over "Products" and click "Laptops"');
    await ask('/booking', 'Pick May 9, 2027 as the check-in date and submit');
    await ask('/controls', 'Click the "Read the guide" link');
    await ask('/controls', 'Choose the Yearly radio button');
    await ask('/controls', 'Open the "Advanced" tab, then click "Reset cache"');
    await ask('/controls', 'Expand "More options" and click "Export data"');
    await ask('/controls', 'Type "L" into the city field, then choose "Lyon"');
  }, 600_000);

  afterAll(async () => {
    await stack.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, 60_000);

  const got = (prefix: string): string[] => received.filter((r) => r.startsWith(prefix));

  it('gives a native slider its value and leaves the others as they were', () => {
    expect(got('/settings/saved')).toEqual(['/settings/saved?volume=35&bass=5']);
    expect(runs.get('/settings')?.outcome).toBe('answered');
  });

  it('walks a keyboard slider to its value with the arrow keys', () => {
    expect(got('/rated')).toEqual(['/rated?v=7']);
  });

  it('drags an item onto the area named', () => {
    expect(got('/moved')).toEqual(['/moved?t=t1&to=Done']);
  });

  it('opens a scripted dropdown and chooses the option on the list it shows', () => {
    expect(got('/colour/chose')).toEqual(['/colour/chose?o=Teal']);
    expect(runs.get('/colour')?.answer?.text).toMatch(/You chose Teal/);
  });

  it('buys the cheapest item by the price beside its button', () => {
    expect(got('/bought')).toEqual(['/bought?n=floor']);
  });

  it('does a verb to the item told by its sender, with the button a synonym names', () => {
    expect(got('/trashed')).toEqual(['/trashed?i=2']);
  });

  it('opens a calendar widget, pages it two months forward and picks the day', () => {
    expect(got('/booking/sent')).toEqual(['/booking/sent?checkin=2027-05-09']);
  });

  it('follows a link, picks a radio, acts behind a tab and in a collapsed section, and completes an autocomplete', () => {
    expect(got('/did')).toEqual([
      '/did?what=link',
      '/did?what=radio-yearly',
      '/did?what=tab-reset',
      '/did?what=details-export',
      '/did?what=city-Lyon',
    ]);
  });

  it('hovers to show a menu, then clicks what it shows', () => {
    expect(got('/menu/went')).toEqual(['/menu/went?to=laptops']);
  });
});
