import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSandbox, sandboxFacts, type CountryFact } from '@forage/sandbox';
import { tempDir } from '@forage/testing';
import { isAlive, processTree } from './support/processes.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');
const port = 17_700 + Math.floor(Math.random() * 200);

/**
 * The CLI as a user runs it: `forage up` starts nats-server, the sandbox web and nine service
 * processes; `forage status` and `forage ask` talk to them; Ctrl-C leaves nothing behind.
 */
describe('forage CLI over real processes', () => {
  const data = tempDir('forage-cli-');
  let up: ChildProcessWithoutNullStreams;
  let output = '';
  let tree: number[] = [];

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('build first: npm run build (the test command does)');
    // per-service processes (--processes per-service), as teams run them; the default mode is
    // supervised in apps/cli/src/stack/supervision.int.test.ts
    up = spawn(
      process.execPath,
      [cli, 'up', '--data-dir', data.path, '--port', String(port), '--processes', 'per-service'],
      { stdio: 'pipe' },
    );
    up.stdout.on('data', (c: Buffer) => (output += c.toString()));
    up.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Forage is up')) {
      if (up.exitCode !== null) throw new Error(`forage up exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`forage up not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    tree = processTree(up.pid ?? 0);
  }, 180_000);

  afterAll(() => {
    if (up.exitCode === null) up.kill('SIGKILL');
    data.remove();
  });

  it('prints a status table with every service healthy', () => {
    for (const service of [
      'gateway',
      'orchestrator',
      'search',
      'dom-extraction',
      'dom-understanding',
      'processing',
      'logging',
      'verifier',
      'action-execution',
    ]) {
      expect(output).toMatch(new RegExp(`${service}\\s+ok\\s+1/1`));
    }
  });

  it('runs every service, nats-server and the sandbox as separate processes', () => {
    const commands = tree.map((pid) => {
      try {
        return spawnSync('cat', [`/proc/${pid}/cmdline`])
          .stdout.toString()
          .replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });
    expect(commands.filter((c) => /apps\/[a-z-]+\/dist\/main\.js/.test(c))).toHaveLength(9);
    expect(commands.some((c) => c.includes('nats-server'))).toBe(true);
    expect(commands.some((c) => c.includes('libs/sandbox/dist/main.js'))).toBe(true);
  });

  it('forage status reports each service with its port and replica count', () => {
    const status = spawnSync(process.execPath, [cli, 'status', '--data-dir', data.path], {
      encoding: 'utf8',
    });
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/dom-extraction\s+ok\s+1\/1\s+\d+/);
  });

  it('forage ask streams progress and prints the verified answer with its citation', async () => {
    const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
    const ask = spawn(process.execPath, [
      cli,
      'ask',
      '--data-dir',
      data.path,
      `What is the population of ${country?.name ?? ''}?`,
    ]);
    let text = '';
    ask.stdout.on('data', (c: Buffer) => (text += c.toString()));
    const code = await new Promise<number | null>((resolve) => ask.on('exit', resolve));
    expect(code).toBe(0);
    expect(text).toMatch(/✓ search/);
    expect(text).toMatch(/✓ verify/);
    expect(text).toContain(`Answer: ${country?.population.toLocaleString('en-US') ?? ''}`);
    expect(text).toMatch(/evidence: DOM sha256 [a-f0-9]{64}/);
  }, 120_000);

  it("forage index adds the user's own pages, and forage ask answers from them with a citation to them", () => {
    // pages the project has never seen: an HTML handbook with a table and a Markdown guide
    const pages = join(data.path, 'my-pages');
    mkdirSync(pages, { recursive: true });
    writeFileSync(
      join(pages, 'handbook.html'),
      '<html><head><title>Quillmore on-call handbook</title></head><body><main><h1>Quillmore on-call handbook</h1>' +
        '<p>The Quillmore platform team rotates on-call duty every Monday.</p>' +
        '<table><tr><th>Escalation contact</th><td>Mirela Voss</td></tr><tr><th>Response time</th><td>15 minutes</td></tr></table>' +
        '</main></body></html>',
    );
    writeFileSync(
      join(pages, 'deploy.md'),
      '# Quillmore deployment guide\n\nProduction deploys happen on Tuesdays. The Quillmore release manager is Oskar Lind.\n',
    );
    const index = spawnSync(process.execPath, [cli, 'index', pages, '--data-dir', data.path], {
      encoding: 'utf8',
    });
    expect(index.status).toBe(0);
    expect(index.stdout).toContain('2 added');
    for (const [question, answer, snippet] of [
      ['Who is the Quillmore release manager?', 'Oskar Lind', 'The Quillmore release manager is Oskar Lind.'],
      [
        'Who is the escalation contact for Quillmore on-call?',
        'Mirela Voss',
        'Escalation contact: Mirela Voss',
      ],
    ] as const) {
      const ask = spawnSync(process.execPath, [cli, 'ask', '--data-dir', data.path, '--json', question], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(ask.status).toBe(0);
      const report = JSON.parse(ask.stdout) as {
        outcome: string;
        answer: { text: string; citations: { url: string; snippet: string }[] } | null;
      };
      expect(report).toMatchObject({ outcome: 'answered', answer: { text: answer } });
      expect(report.answer?.citations[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
      expect(report.answer?.citations[0]?.snippet).toContain(snippet);
    }
    // with the user's pages indexed, the sandbox (a demo corpus) is no longer searched, and status says so
    const status = spawnSync(process.execPath, [cli, 'status', '--data-dir', data.path], {
      encoding: 'utf8',
    });
    expect(status.stdout).toMatch(
      /sources: your index 2 documents; sandbox \d+ pages not searched: your index has 2 documents/,
    );
    const country = sandboxFacts(generateSandbox()).find((f): f is CountryFact => f.kind === 'country');
    const sandboxQuestion = spawnSync(
      process.execPath,
      [cli, 'ask', '--data-dir', data.path, '--json', `What is the population of ${country?.name ?? ''}?`],
      { encoding: 'utf8', timeout: 120_000 },
    );
    const sandboxOrigins = (
      JSON.parse(readFileSync(join(data.path, 'stack.json'), 'utf8')) as { sandbox: { origin: string }[] }
    ).sandbox.map((s) => s.origin);
    expect(sandboxOrigins.length).toBeGreaterThan(0);
    for (const origin of sandboxOrigins) expect(sandboxQuestion.stdout).not.toContain(origin);
  }, 360_000);

  it('stops everything on Ctrl-C and leaves no process behind', async () => {
    tree = processTree(up.pid ?? 0); // now including the Chromium processes started by the question
    expect(tree.length).toBeGreaterThan(11);
    up.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => up.on('exit', resolve));
    expect(code).toBe(0);
    const deadline = Date.now() + 10_000;
    while (tree.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(tree.filter(isAlive)).toEqual([]);
    expect(existsSync(join(data.path, 'stack.json'))).toBe(false);
  }, 60_000);
});
