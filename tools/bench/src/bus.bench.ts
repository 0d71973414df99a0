/**
 * bench:bus — request/reply latency through Forage's messaging layer (Bus → ForageTransport in a
 * Nest microservice, with contract validation, metrics and trace context) beside a bare
 * @nats-io/transport-node request to a bare responder, on the same nats-server, in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { z } from 'zod';
import { defineCommand } from '@forage/contracts';
import { Bus, HandleCommand, launchNatsServer, startService } from '@forage/messaging';
import { ms, summarize } from './stats.js';

const echo = defineCommand({
  subject: 'bench.echo.v1',
  description: 'Echo for the messaging benchmark',
  request: z.object({
    runId: z.uuid(),
    query: z.string().min(1).max(1000),
    limit: z.number().int().min(1).max(50),
  }),
  reply: z.object({ query: z.string(), count: z.number().int() }),
});

@Controller()
class EchoHandler {
  @HandleCommand(echo)
  echo(req: z.infer<typeof echo.request>): z.infer<typeof echo.reply> {
    return { query: req.query, count: req.limit };
  }
}

@Module({ controllers: [EchoHandler] })
class EchoModule {}

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 10);
const PER_ROUND = Number(process.env['BENCH_PER_ROUND'] ?? 2_000);
const WARMUP = 2_000;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forage-bench-'));
  const nats = await launchNatsServer({ storeDir: dir });
  const service = await startService({
    service: 'bench',
    module: EchoModule,
    natsUrl: nats.url,
    ops: { host: '127.0.0.1', port: 0 },
    logLevel: 'silent',
  });
  const responder = await connect({ servers: nats.url, name: 'bench-raw-responder' });
  responder.subscribe('bench.raw.v1', {
    queue: 'bench-raw',
    callback: (_err, msg) => {
      const body = JSON.parse(new TextDecoder().decode(msg.data)) as { query: string; limit: number };
      msg.respond(new TextEncoder().encode(JSON.stringify({ query: body.query, count: body.limit })));
    },
  });
  const client = await connect({ servers: nats.url, name: 'bench-client' });
  const bus = new Bus(client, { timeoutMs: 5_000 });
  const request = {
    runId: '6f1c1f4e-8f1a-4c55-9d3e-0b8a3f1e2d7c',
    query: 'population of the five smallest countries',
    limit: 5,
  };
  const rawPayload = new TextEncoder().encode(JSON.stringify(request));

  const ours = async (): Promise<void> => {
    await bus.request(echo, request);
  };
  const raw = async (): Promise<void> => {
    const reply = await client.request('bench.raw.v1', rawPayload, { timeout: 5_000 });
    JSON.parse(new TextDecoder().decode(reply.data));
  };
  for (let i = 0; i < WARMUP; i++) {
    await ours();
    await raw();
  }
  // interleaved rounds so both paths see the same machine load
  const oursMs: number[] = [];
  const rawMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [fn, out] of round % 2 === 0
      ? ([
          [ours, oursMs],
          [raw, rawMs],
        ] as const)
      : ([
          [raw, rawMs],
          [ours, oursMs],
        ] as const)) {
      for (let i = 0; i < PER_ROUND; i++) {
        const t0 = performance.now();
        await fn();
        out.push(performance.now() - t0);
      }
    }
  }
  const o = summarize(oursMs);
  const r = summarize(rawMs);
  console.log(`nats-server ${nats.url} · ${o.n} sequential requests per path, ${ROUNDS} interleaved rounds`);
  console.log(
    `  ours (Bus → Nest ForageTransport, validated both ways): p50 ${ms(o.p50)} ms  p90 ${ms(o.p90)} ms  p99 ${ms(o.p99)} ms`,
  );
  console.log(
    `  raw  (@nats-io/transport-node request → bare responder): p50 ${ms(r.p50)} ms  p90 ${ms(r.p90)} ms  p99 ${ms(r.p99)} ms`,
  );
  console.log(
    `RESULT ours_p50_ms=${ms(o.p50)} raw_p50_ms=${ms(r.p50)} ratio_p50=${(o.p50 / r.p50).toFixed(2)} ours_p99_ms=${ms(o.p99)} raw_p99_ms=${ms(r.p99)}`,
  );
  await client.close();
  await responder.close();
  await service.stop();
  await nats.stop();
  rmSync(dir, { recursive: true, force: true });
}

await main();
