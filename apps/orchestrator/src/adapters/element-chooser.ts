import { Inject, Injectable } from '@nestjs/common';
import { LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError, type LlmClient } from '@forage/llm';
import type { InstructionStep } from '@forage/question';
import { elementChoicePrompt, elementChoiceSchema, proposalsFrom } from '../core/act/element-choice.js';
import type { PageControl } from '../core/explore/controls.js';
import { LLM_CLIENT } from '../tokens.js';

/**
 * The model's proposals of which control each instruction step means, when an LLM is configured.
 * A model that is down, refuses or answers out of shape proposes nothing: the deterministic
 * grounding acts alone, and the run says so in its step.
 */
@Injectable()
export class ElementChooser {
  constructor(@Inject(LLM_CLIENT) private readonly llm: LlmClient | null) {}

  get configured(): boolean {
    return this.llm !== null;
  }

  async choose(input: {
    runId: string;
    instruction: string;
    steps: readonly InstructionStep[];
    controls: readonly PageControl[];
  }): Promise<{ proposed: ReadonlyMap<number, PageControl>; fallback?: string }> {
    if (!this.llm || input.steps.length === 0 || input.controls.length === 0) return { proposed: new Map() };
    try {
      const reply = await this.llm.json(elementChoicePrompt(input), elementChoiceSchema, {
        runId: input.runId,
        retriesOnInvalid: 1,
      });
      return { proposed: proposalsFrom(reply.value, input.steps, input.controls) };
    } catch (err) {
      if (
        err instanceof LlmInvalidReplyError ||
        err instanceof LlmUnavailableError ||
        err instanceof LlmRefusalError
      )
        return { proposed: new Map(), fallback: `${err.name}: ${err.message}`.slice(0, 300) };
      throw err;
    }
  }
}
