import { Controller, Inject } from '@nestjs/common';
import { runInput, type CommandReply, type CommandRequest } from '@forage/contracts';
import { HandleCommand, LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import { MemoryBank } from '../adapters/memory-bank.js';
import { RunLedger } from '../adapters/run-ledger.js';
import { RunSignals, type StoredInput } from '../adapters/run-signals.js';

/**
 * run.input.v1: the user's answers to a run waiting in needs_input. Only the keys the run asked
 * are taken; a sensitive answer is sealed as a task secret at once, so its plaintext is kept
 * nowhere (only its handle reaches the run and the memory bank).
 */
@Controller()
export class RunInputHandler {
  constructor(
    @Inject(RunLedger) private readonly ledger: RunLedger,
    @Inject(RunSignals) private readonly signals: RunSignals,
    @Inject(MemoryBank) private readonly memory: MemoryBank,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandleCommand(runInput)
  async input(request: CommandRequest<typeof runInput>): Promise<CommandReply<typeof runInput>> {
    const entry = await this.ledger.get(request.runId);
    if (entry?.status !== 'needs_input')
      return {
        accepted: false,
        detail: entry ? `the run is ${entry.status.replace('_', ' ')}, not waiting for input` : 'no such run',
      };
    const asked = new Map((entry.asked ?? []).map((q) => [q.key, q.sensitive]));
    const answers: StoredInput['answers'] = [];
    for (const answer of request.answers) {
      const sensitive = asked.get(answer.key);
      if (sensitive === undefined || answer.value.trim() === '') continue;
      if (!sensitive) {
        answers.push({ key: answer.key, value: answer.value.trim() });
        continue;
      }
      const handle = `in-${answer.key}`.slice(0, 100);
      await this.memory.secrets.putTaskSecret({
        runId: request.runId,
        handle,
        value: answer.value,
        ttlMs: 86_400_000,
      });
      answers.push({ key: answer.key, value: { secretHandle: handle } });
    }
    await this.signals.putInput(request.runId, {
      answers,
      remember: request.remember,
      at: new Date().toISOString(),
    });
    const ignored = request.answers.length - answers.length;
    this.logger.info({ runId: request.runId, answers: answers.length, ignored }, 'input received');
    return {
      accepted: true,
      detail: `${String(answers.length)} answer(s) taken${ignored > 0 ? `, ${String(ignored)} not asked or empty` : ''}`,
    };
  }
}
