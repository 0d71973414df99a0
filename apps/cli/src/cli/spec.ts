import { SETTINGS, SETTING_KEYS } from '@forage/config';

/** One option of a command, as parseArgs reads it and as its help prints it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  /** Placeholder of the value in help (`N`, `URL`). */
  readonly value?: string;
  readonly description: string;
}

export interface CommandSpec {
  readonly name: string;
  readonly synopsis: string;
  readonly summary: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
}

const dataDir: Record<string, OptionSpec> = {
  'data-dir': {
    type: 'string',
    value: 'DIR',
    description:
      'where NATS, logs, the database and forage.config.json live (default .forage, or FORAGE_HOME)',
  },
};

/** Every setting that has a flag, described from the settings catalog. */
function settingOptions(): Record<string, OptionSpec> {
  const options: Record<string, OptionSpec> = {};
  for (const key of SETTING_KEYS) {
    const { flag, type, env, description } = SETTINGS[key];
    if (!flag || flag === 'data-dir') continue;
    const list = type === 'list' || type === 'origins';
    options[flag] = {
      type: 'string',
      ...(list ? { multiple: true } : {}),
      value: type === 'origins' ? 'ORIGIN' : type === 'integer' ? 'N' : 'VALUE',
      description: `${description} (${env}${list ? '; repeatable' : ''})`,
    };
  }
  return options;
}

const stackUrl: Record<string, OptionSpec> = {
  port: {
    type: 'string',
    value: 'N',
    description:
      'reach the stack on 127.0.0.1:N (overrides stack.json; FORAGE_URL=http://host:port also works)',
  },
};

/** Where a crawl or a map may go: depth, size, patterns, hosts, sitemaps. */
function scopeOptions(depth: string, maxPages: string): Record<string, OptionSpec> {
  return {
    depth: {
      type: 'string',
      value: 'N',
      description: `links followed from the start page (default ${depth})`,
    },
    'max-pages': { type: 'string', value: 'M', description: `pages at most (default ${maxPages})` },
    include: {
      type: 'string',
      multiple: true,
      value: 'P',
      description:
        'only URLs whose path matches (glob with *, or /regex/; http… matches the whole URL); repeatable',
    },
    exclude: {
      type: 'string',
      multiple: true,
      value: 'P',
      description: 'never URLs whose path matches; repeatable',
    },
    'same-site': {
      type: 'boolean',
      description:
        "also the site's other hosts (shop.example.org from www.example.org); default: the start page's origin",
    },
    'no-sitemap': { type: 'boolean', description: "do not read the site's sitemaps, follow links only" },
  };
}

/** A deployed stack (compose, Kubernetes) instead of the one running in the data directory. */
const remoteStack: Record<string, OptionSpec> = {
  nats: {
    type: 'string',
    value: 'URL',
    description: "a deployed stack's NATS (nats://host:4222; comma-separated for a cluster); needs --creds",
  },
  creds: {
    type: 'string',
    value: 'FILE',
    description:
      "the admin identity's NATS password file (secrets/nats-admin.password from forage deploy init)",
  },
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'up',
    synopsis: 'forage up [options]',
    summary: 'start nats-server, the sandbox web and every service; Ctrl-C stops all',
    options: { ...dataDir, ...settingOptions() },
  },
  {
    name: 'demo',
    synopsis: 'forage demo ["question"] [options]',
    summary: 'start the stack, answer one question, stop',
    options: { ...dataDir, ...settingOptions() },
  },
  {
    name: 'status',
    synopsis: 'forage status [--data-dir DIR] [--json]',
    summary: 'health, ops port and replica count of each service',
    options: {
      ...dataDir,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the stack and each replica as JSON' },
    },
  },
  {
    name: 'ask',
    synopsis: 'forage ask "question" [options]',
    summary: 'ask a running stack; streams progress, prints the verified answer',
    options: {
      ...dataDir,
      ...stackUrl,
      'max-pages': { type: 'string', value: 'N', description: 'pages the run may read (1..20)' },
      url: {
        type: 'string',
        multiple: true,
        value: 'URL',
        description: 'read this page as well as (or instead of) searching; repeatable, up to 10',
      },
      json: { type: 'boolean', description: 'print only the completed run as JSON, no progress' },
      thread: {
        type: 'string',
        value: 'ID',
        description:
          'continue this conversation: the question may refer to its earlier turns ("its", "there", "the second one", "and in …?")',
      },
      continue: {
        type: 'boolean',
        description: 'continue the last conversation asked from this data directory',
      },
      profile: {
        type: 'string',
        value: 'NAME',
        description:
          'act in a browser started from this browser profile of your API key (a login made in `forage session open --profile NAME` or an earlier run is reused); saved back when the run ends',
      },
    },
  },
  {
    name: 'runs',
    synopsis: 'forage runs [--status S] [--since TIME] [--until TIME] [--limit N] [--cursor C] [--json]',
    summary: 'past runs from the history, newest first (with an API key, your own)',
    options: {
      ...dataDir,
      ...stackUrl,
      status: { type: 'string', value: 'S', description: 'queued, running, needs_input or completed' },
      outcome: {
        type: 'string',
        value: 'O',
        description: 'answered, unverified, no_answer, failed or cancelled',
      },
      since: { type: 'string', value: 'TIME', description: 'runs asked at or after this ISO time' },
      until: { type: 'string', value: 'TIME', description: 'runs asked before this ISO time' },
      limit: { type: 'string', value: 'N', description: 'runs per page (1..200, default 20)' },
      cursor: { type: 'string', value: 'C', description: 'the next page, as printed after the last one' },
      json: { type: 'boolean', description: 'print the page as JSON ({ runs, nextCursor })' },
    },
  },
  {
    name: 'show',
    synopsis: 'forage show <runId> [--json]',
    summary: "one run's report: answer, facts with citations and verification, steps; exit code as for ask",
    options: {
      ...dataDir,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the run as JSON (as GET /v1/runs/:id returns it)' },
    },
  },
  {
    name: 'extract',
    synopsis: 'forage extract FILE|URL… [options]',
    summary:
      'main content of saved HTML files (no browser), or of URLs rendered by the running stack (egress guard, robots.txt and politeness apply); with --schema, URLs read into a JSON Schema, every field verified',
    options: {
      ...dataDir,
      ...stackUrl,
      schema: {
        type: 'string',
        value: 'FILE',
        description:
          'a JSON Schema: each URL is read into it by the running stack, one JSON line per page with the verified data and every field’s status, source and reason',
      },
      format: {
        type: 'string',
        value: 'F',
        description: 'text, markdown or json (default json: one line per page)',
      },
      'base-url': {
        type: 'string',
        value: 'URL',
        description: "the saved files' own URL, for resolving relative links in the Markdown",
      },
    },
  },
  {
    name: 'crawl',
    synopsis:
      'forage crawl <url> --out DIR [--depth N] [--max-pages M] [--include P] [--exclude P] [--same-site] [--index] [--schema FILE]',
    summary:
      "render a site's pages through the running stack into DIR: one Markdown file per page and pages.jsonl; rerun to resume",
    options: {
      ...dataDir,
      out: { type: 'string', value: 'DIR', description: 'the folder to write (and to resume from)' },
      ...scopeOptions('10', '1000'),
      concurrency: {
        type: 'string',
        value: 'N',
        description:
          "pages asked of the stack at once (default 4; the stack's per-host politeness still applies)",
      },
      index: { type: 'boolean', description: 'add the written pages to the local index for `forage ask`' },
      schema: {
        type: 'string',
        value: 'FILE',
        description:
          "a JSON Schema: each written page is also read into it, every field verified, into a .json file beside the page's Markdown",
      },
      allow: {
        type: 'string',
        multiple: true,
        value: 'ORIGIN',
        description:
          "read this origin's robots.txt and sitemaps even on loopback or private addresses (FORAGE_ALLOW; the stack needs `forage up --allow` to render it); repeatable",
      },
      json: {
        type: 'boolean',
        description: 'print the summary as JSON (progress is JSON lines on stderr unless on a terminal)',
      },
    },
  },
  {
    name: 'map',
    synopsis:
      'forage map <url> [--depth N] [--max-pages M] [--include P] [--exclude P] [--same-site] [--json]',
    summary:
      "list a site's URLs from its sitemaps and links, fetched as plain HTML (no rendering); robots.txt honoured",
    options: {
      ...dataDir,
      ...scopeOptions('3', '5000'),
      allow: {
        type: 'string',
        multiple: true,
        value: 'ORIGIN',
        description: 'fetch this origin even on loopback or private addresses (FORAGE_ALLOW); repeatable',
      },
      json: {
        type: 'boolean',
        description: 'print { root, count, urls: [{ url, depth, source, allowed }] }',
      },
    },
  },
  {
    name: 'config',
    synopsis: 'forage config [--json] [options]',
    summary: 'the effective settings, where each came from (flag, env, file, default); secrets masked',
    options: {
      ...dataDir,
      ...settingOptions(),
      json: { type: 'boolean', description: 'print JSON for scripts' },
    },
  },
  {
    name: 'index',
    synopsis: 'forage index <folder | sitemap.xml URL | file of URLs>… [--list] [--remove C]',
    summary:
      'add your own pages to the local search index (HTML, Markdown); `forage ask` then answers from them',
    options: {
      ...dataDir,
      ...stackUrl,
      list: { type: 'boolean', description: 'list the indexed collections' },
      json: { type: 'boolean', description: 'with --list: print the collections as JSON' },
      remove: {
        type: 'string',
        multiple: true,
        value: 'C',
        description: 'remove a collection (the folder, sitemap URL or file it was indexed as); repeatable',
      },
      allow: {
        type: 'string',
        multiple: true,
        value: 'ORIGIN',
        description: 'fetch this origin even on loopback or private addresses (FORAGE_ALLOW); repeatable',
      },
      'no-render': {
        type: 'boolean',
        description:
          'fetch pages as plain HTML; by default, when a stack is running, pages are rendered in its Chromium (dom-extraction) so script-written text is indexed',
      },
    },
  },
  {
    name: 'audit',
    synopsis: 'forage audit verify [--from N] [--json] [--nats URL --creds FILE]',
    summary:
      'walk the whole log chain of the running stack; report edited, deleted, reordered, inserted or truncated records by seq',
    options: {
      ...dataDir,
      ...remoteStack,
      ...stackUrl,
      from: { type: 'string', value: 'N', description: 'first sequence number to check (default 1)' },
      json: { type: 'boolean', description: 'print the audit as JSON' },
    },
  },
  {
    name: 'logs',
    synopsis:
      'forage logs <runId> [--json] [--tool T] [--status S] [--trace ID] [--since TIME] [--until TIME]',
    summary: "a run's log records in chain order (tool, status, confidence, timing) and the chain verdict",
    options: {
      ...dataDir,
      ...remoteStack,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the records as JSON' },
      tool: {
        type: 'string',
        value: 'T',
        description: 'only records of this tool (search, dom-extraction, …)',
      },
      status: {
        type: 'string',
        value: 'S',
        description: 'only records with this status (success, fail, partial)',
      },
      trace: { type: 'string', value: 'ID', description: 'only records of this trace id' },
      since: { type: 'string', value: 'TIME', description: 'only records stamped at or after this ISO time' },
      until: { type: 'string', value: 'TIME', description: 'only records stamped before this ISO time' },
    },
  },
  {
    name: 'replay',
    synopsis: 'forage replay <runId> [--json] [--nats URL --creds FILE]',
    summary:
      "re-run understanding, processing and verification over a run's stored evidence (no fetching); list what differs (exit 3)",
    options: {
      ...dataDir,
      ...remoteStack,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the report as JSON' },
    },
  },
  {
    name: 'dlq',
    synopsis: 'forage dlq list [--json] | forage dlq replay <id>   [--nats URL --creds FILE]',
    summary: 'dead-lettered messages (invalid, refused or out of deliveries); replay one on its subject once',
    options: {
      ...dataDir,
      ...remoteStack,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the list as JSON' },
    },
  },
  {
    name: 'bus',
    synopsis: 'forage bus init --nats URL [--creds FILE] [--user NAME] [--ca FILE] [--replicas N]',
    summary:
      "create or update every stream, consumer and bucket as the admin identity (a deployment's bootstrap job; forage up does it itself)",
    options: {
      nats: { type: 'string', value: 'URL', description: 'the NATS server(s), comma-separated' },
      creds: { type: 'string', value: 'FILE', description: "the admin identity's password file" },
      user: { type: 'string', value: 'NAME', description: 'the admin identity (default admin)' },
      ca: { type: 'string', value: 'FILE', description: 'CA certificate of a TLS NATS server' },
      replicas: { type: 'string', value: 'N', description: 'copies of each stream and bucket in a cluster' },
    },
  },
  {
    name: 'memory',
    synopsis: 'forage memory list [--json] | forage memory forget <key> | forage memory clear',
    summary:
      'details the agent remembers from your answers to its follow-up questions (each expires; secrets shown as (secret))',
    options: { ...dataDir, ...stackUrl, json: { type: 'boolean', description: 'print the list as JSON' } },
  },
  {
    name: 'calibrate',
    synopsis: 'forage calibrate --data FILE [--precision P] [--bins N] [--json]',
    summary:
      "fit this deployment's release threshold on a dev set of judged answers and print the reliability table (predicted confidence vs observed correctness)",
    options: {
      data: {
        type: 'string',
        value: 'FILE',
        description:
          'JSON Lines: {confidence, correct}, {confidence, answer, golds}, or `forage ask --json` output with golds added',
      },
      precision: {
        type: 'string',
        value: 'P',
        description: 'share of released answers that must be right (default 0.9)',
      },
      bins: { type: 'string', value: 'N', description: 'confidence bins of the table (default 10)' },
      json: { type: 'boolean', description: 'print the table and the fitted threshold as JSON' },
    },
  },
  {
    name: 'keys',
    synopsis: 'forage keys create NAME | forage keys list | forage keys revoke ID',
    summary:
      "the gateway's API keys (needed for /v1/* when it listens beyond loopback); only a key's sha256 is stored",
    options: {
      ...dataDir,
      ...stackUrl,
      json: { type: 'boolean', description: 'with list: print the keys as JSON (no hashes)' },
    },
  },
  {
    name: 'deploy',
    synopsis: 'forage deploy init [--k8s] [--local-images] [--host NAME]… [--dir DIR] [--force]',
    summary:
      'write every secret a team deployment needs (.env 0600 and secrets/ for docker-compose, or a Kubernetes Secret manifest) and print the first API key once',
    options: {
      k8s: {
        type: 'boolean',
        description: 'write forage-secrets.yaml (Secrets for deploy/k8s) instead of .env and secrets/',
      },
      'local-images': {
        type: 'boolean',
        description:
          'use the third-party images built from Debian packages (deploy/images; no registry needed)',
      },
      host: {
        type: 'string',
        multiple: true,
        value: 'NAME',
        description:
          'a host name the gateway answers to besides localhost (GATEWAY_ALLOWED_HOSTS; repeatable)',
      },
      dir: {
        type: 'string',
        value: 'DIR',
        description: 'where docker-compose.yml is (default: the working directory)',
      },
      force: {
        type: 'boolean',
        description: 'replace existing secrets (the volumes made with the old ones become unreadable)',
      },
    },
  },
  {
    name: 'mcp',
    synopsis: 'forage mcp [--port N]',
    summary:
      "Forage's MCP server on stdin/stdout (tools ask, extract, search, get_run, get_evidence, open, observe, act, close) for MCP clients; needs a running stack",
    options: { ...dataDir, ...stackUrl },
  },
  {
    name: 'session',
    synopsis:
      "forage session open [URL] [--profile NAME] | observe <id> [--offset N] [--limit N] | act <id> '<command JSON or list>' | close <id>",
    summary:
      'drive a browser session of the running stack: open a page, observe its elements and text, act on it (each step with its evidence), close it',
    options: {
      ...dataDir,
      ...stackUrl,
      offset: { type: 'string', value: 'N', description: 'observe: first element to list (default 0)' },
      limit: { type: 'string', value: 'N', description: 'observe: elements to list (default 40)' },
      'text-offset': { type: 'string', value: 'N', description: 'observe: first character of the text' },
      'text-limit': { type: 'string', value: 'N', description: 'observe: characters of text (default 3000)' },
      profile: {
        type: 'string',
        value: 'NAME',
        description:
          'open: start from this browser profile (cookies and storage of your API key; created if new) and save back to it on close',
      },
      json: { type: 'boolean', description: 'print the answer as JSON (as the HTTP API returns it)' },
    },
  },
  {
    name: 'profile',
    synopsis: 'forage profile list | delete <name>',
    summary:
      'the browser profiles of your API key (logins kept between sessions): list them with their origins, or delete one',
    options: {
      ...dataDir,
      ...stackUrl,
      json: { type: 'boolean', description: 'print the answer as JSON (as the HTTP API returns it)' },
    },
  },
  {
    name: 'down',
    synopsis: 'forage down [--data-dir DIR]',
    summary: 'stop a running `forage up`',
    options: { ...dataDir, ...stackUrl },
  },
];

export function findCommand(name: string | undefined): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export function generalUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'forage — gather information from the web, with evidence for every fact',
    '',
    'Usage: forage <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run `forage <command> --help` for a command's options. Settings: `forage config`.",
  ].join('\n');
}

export function commandHelp(spec: CommandSpec): string {
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const head = `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`;
    return { head, description: o.description };
  });
  rows.push({ head: '-h, --help', description: 'this help' });
  const width = Math.min(28, Math.max(...rows.map((r) => r.head.length)));
  return [
    `Usage: ${spec.synopsis}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...rows.map((r) =>
      r.head.length > width
        ? `  ${r.head}\n  ${' '.repeat(width)}  ${r.description}`
        : `  ${r.head.padEnd(width)}  ${r.description}`,
    ),
  ].join('\n');
}

/** parseArgs options of a command (its own, plus --help). */
export function parseOptionsOf(
  spec: CommandSpec,
): Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, o] of Object.entries(spec.options)) {
    options[name] = {
      type: o.type,
      ...(o.multiple ? { multiple: true } : {}),
      ...(o.short ? { short: o.short } : {}),
    };
  }
  return options;
}
