#!/usr/bin/env node
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ask } from './ask/ask.js';
import { demo } from './commands/demo.js';
import { down } from './commands/down.js';
import { extractFiles } from './commands/extract.js';
import { status } from './commands/status.js';
import { up } from './commands/up.js';
import { parseReplicas } from './stack/layout.js';
import { readStackState } from './stack/state-file.js';

const USAGE = `forage — gather information from the web, with evidence for every fact

Usage:
  forage demo ["question"]      start the stack, answer one question, stop
  forage up [--replicas dom-extraction=2,...] [--port 7700]
                                start nats-server, the sandbox web and every service; Ctrl-C stops all
  forage status                 health, ops port and replica count of each service
  forage ask "question" [--max-pages N]
                                ask a running stack; streams progress, prints the verified answer
  forage down                   stop a running \`forage up\`
  forage extract FILE… [--url URL] [--format text|markdown|json]
                                main content of saved HTML files, no browser (one JSON line per file)

Options:
  --data-dir DIR   where NATS, logs, the database and the evidence key live (default .forage, or FORAGE_HOME)
  --log-level L    service log level (default warn)
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      replicas: { type: 'string' },
      port: { type: 'string' },
      'max-pages': { type: 'string' },
      'log-level': { type: 'string' },
      url: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  const dataDir = resolve(values['data-dir'] ?? process.env['FORAGE_HOME'] ?? '.forage');
  const upOptions = {
    root,
    dataDir,
    gatewayPort: Number(values.port ?? 7700),
    replicas: parseReplicas(values.replicas),
    logLevel: values['log-level'] ?? 'warn',
  };
  switch (values.help ? 'help' : command) {
    case 'up':
      await up(upOptions);
      return 0;
    case 'demo':
      return demo({ ...upOptions, question: rest.join(' ') || undefined });
    case 'status':
      return status(dataDir);
    case 'down':
      return down(dataDir);
    case 'extract': {
      const format = values.format ?? 'json';
      if (format !== 'json' && format !== 'text' && format !== 'markdown') {
        console.error('--format must be json, text or markdown');
        return 64;
      }
      return extractFiles({
        files: rest,
        format,
        ...(values.url ? { url: values.url } : {}),
        write: (line) => {
          process.stdout.write(`${line}\n`);
        },
      });
    }
    case 'ask': {
      const question = rest.join(' ').trim();
      if (!question) {
        console.error('forage ask needs a question: forage ask "What is …?"');
        return 64;
      }
      const gatewayUrl = readStackState(dataDir)?.gatewayUrl ?? `http://127.0.0.1:${upOptions.gatewayPort}`;
      const maxPages = values['max-pages'] ? Number(values['max-pages']) : undefined;
      const done = await ask({
        gatewayUrl,
        question,
        print: (l) => {
          console.log(l);
        },
        ...(maxPages ? { maxPages } : {}),
      });
      return done.answer ? 0 : 2;
    }
    default:
      console.log(USAGE);
      return command === undefined || values.help ? 0 : 64;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
