import { QUESTION_MAX_CHARS } from '@forage/contracts';

/**
 * The web UI's one document: the views (ask, a run with its report and evidence, past runs) are
 * sections the script shows by the URL's hash. No build step: the script is served as written.
 */
export const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Forage</title>
<link rel="stylesheet" href="/ui/app.css">
<script src="/ui/app.js" defer></script>
</head>
<body>
<header>
  <h1><a href="#/">Forage</a></h1>
  <nav><a id="nav-ask" href="#/">Ask</a><a id="nav-runs" href="#/runs">Past runs</a></nav>
</header>
<main>
<section id="view-ask">
  <p class="sub">Ask a question. Every fact in the answer is checked against the page evidence before it is shown.</p>
  <form id="ask"><input id="q" type="text" name="question" placeholder="What is the population of …?" required maxlength="${String(QUESTION_MAX_CHARS)}"><button id="go">Ask</button></form>
  <details id="keybox"><summary>API key</summary><p class="sub">Needed when this gateway is reachable beyond this machine (<code>forage keys create</code>); kept in this browser only.</p><input id="key" type="password" autocomplete="off" placeholder="fk_…"></details>
  <div id="ask-error"></div>
</section>
<section id="view-run" hidden>
  <div class="run-head"><h2 id="run-question"></h2><span id="status" class="badge"></span><button id="cancel" type="button" class="secondary" hidden>Cancel</button></div>
  <div class="columns">
    <div class="report-col">
      <ol id="steps"></ol>
      <form id="needs-input" hidden></form>
      <div id="result"></div>
      <form id="follow-up" hidden><input id="follow-q" type="text" name="question" placeholder="Ask a follow-up: and what is its …?" required maxlength="${String(QUESTION_MAX_CHARS)}"><button id="follow-go">Ask in this thread</button></form>
      <p id="thread-line" class="sub"></p>
    </div>
    <aside id="evidence" hidden>
      <h3>Evidence</h3>
      <p id="evidence-source" class="sub"></p>
      <p>Cited text: <mark id="cited-text"></mark></p>
      <div id="shot-box"><img id="shot" alt="Screenshot of the page when it was read"></div>
      <h4>DOM snapshot, cited node outlined</h4>
      <iframe id="snapshot" title="DOM snapshot" sandbox="allow-same-origin"></iframe>
      <h4>DOM at its XPath</h4>
      <code id="xpath"></code>
      <pre id="snippet"></pre>
      <h4>Log record</h4>
      <dl id="record"></dl>
    </aside>
  </div>
</section>
<section id="view-runs" hidden>
  <div class="run-head"><h2>Past runs</h2>
    <label>Status <select id="status-filter"><option value="">any</option><option>queued</option><option>running</option><option>needs_input</option><option>completed</option></select></label>
  </div>
  <table id="runs"><thead><tr><th>Question</th><th>Status</th><th>Outcome</th><th>Asked</th></tr></thead><tbody></tbody></table>
  <button id="older" type="button" class="secondary" hidden>Older runs</button>
</section>
</main>
</body>
</html>
`;

export const UI_STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d232a; background: #fafbfc; }
header { display: flex; align-items: baseline; gap: 2rem; padding: .6rem 1.5rem; background: #1f6f50; }
header h1 { font-size: 1.4rem; margin: 0; } header a { color: #fff; text-decoration: none; }
nav a { margin-right: 1.2rem; opacity: .9; } nav a:hover { opacity: 1; text-decoration: underline; }
main { max-width: 80rem; margin: 1.5rem auto; padding: 0 1.5rem; }
.sub { color: #5b6570; margin-top: 0; }
form#follow-up:not([hidden]) { display: flex; gap: .5rem; margin: 1rem 0 .3rem; }
form#ask { display: flex; gap: .5rem; margin: 1.5rem 0; max-width: 52rem; }
input[type=text], input[type=password], input[type=email], input[type=date], input[type=number], input[type=tel] { flex: 1; padding: .55rem .8rem; font-size: 1rem; border: 1px solid #b8c0c8; border-radius: 6px; }
#key { width: 100%; box-sizing: border-box; }
button { padding: .55rem 1.2rem; font-size: 1rem; border: 0; border-radius: 6px; background: #1f6f50; color: #fff; cursor: pointer; }
button.secondary { background: #e4e8ec; color: #1d232a; } button:disabled { background: #8aa; }
.run-head { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; } .run-head h2 { margin: 0; font-size: 1.3rem; }
.badge { padding: .1rem .6rem; border-radius: 1rem; background: #e4e8ec; font-size: .85rem; }
.badge.completed, .badge.verified { background: #d3f0e1; } .badge.needs_input { background: #fff0c2; } .badge.rejected, .badge.refused { background: #fbd9d5; }
.columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1.5rem; margin-top: 1rem; }
ol#steps { padding-left: 1.2rem; color: #39424b; font-size: .9rem; max-height: 16rem; overflow: auto; }
li.failed { color: #a3261b; } li.succeeded::marker { color: #1f6f50; }
.answer { border: 2px solid #1f6f50; border-radius: 8px; padding: 1rem 1.2rem; margin-top: 1rem; background: #fff; }
.answer.none { border-color: #a3261b; } .answer h2 { margin: 0 0 .5rem; font-size: 1.3rem; }
.fact { margin: .8rem 0; padding: .6rem .8rem; border: 1px solid #dde2e6; border-radius: 6px; background: #fff; }
.fact.active { border-color: #e5484d; box-shadow: 0 0 0 2px #fbd9d5; }
blockquote { margin: .4rem 0; padding-left: .8rem; border-left: 3px solid #ccd; color: #333; }
code { font-size: .8rem; color: #5b6570; word-break: break-all; }
#needs-input[hidden] { display: none; }
#needs-input { border: 2px solid #e0b100; border-radius: 8px; padding: .8rem 1rem; background: #fffbea; display: grid; gap: .5rem; }
#needs-input label { display: grid; gap: .2rem; }
aside#evidence { border: 1px solid #dde2e6; border-radius: 8px; padding: .8rem 1rem; background: #fff; position: sticky; top: 1rem; align-self: start; }
aside h3 { margin-top: 0; } aside h4 { margin: .8rem 0 .3rem; font-size: .95rem; }
#shot-box img { max-width: 100%; max-height: 18rem; border: 1px solid #dde2e6; display: block; }
iframe#snapshot { width: 100%; height: 20rem; border: 1px solid #dde2e6; background: #fff; }
pre#snippet { white-space: pre-wrap; font-size: .78rem; max-height: 10rem; overflow: auto; background: #f3f5f7; padding: .5rem; }
mark { background: #ffe08a; }
dl#record { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; font-size: .82rem; margin: 0; }
dl#record dt { color: #5b6570; } dl#record dd { margin: 0; word-break: break-all; }
table#runs { width: 100%; border-collapse: collapse; margin: 1rem 0; background: #fff; }
table#runs th, table#runs td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid #e4e8ec; font-size: .92rem; }
@media (max-width: 60rem) { .columns { grid-template-columns: 1fr; } }
`;
