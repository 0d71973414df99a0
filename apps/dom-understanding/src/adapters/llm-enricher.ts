import { Inject, Injectable } from '@nestjs/common';
import type { InventoryElement, Listing } from '@forage/contracts';
import { parseHtml } from '@forage/html';
import { LlmClient, LlmInvalidReplyError, LlmRefusalError, LlmUnavailableError } from '@forage/llm';
import { LOGGER } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { DomUnderstandingConfig } from '../config.js';
import {
  applyDescriptions,
  descriptionPrompt,
  descriptionReplySchema,
  elementsToDescribe,
} from '../core/llm/describe-elements.js';
import {
  listingsFromProposal,
  pageOutline,
  selectorPrompt,
  selectorProposalSchema,
  type SelectorProposal,
} from '../core/llm/proposed-selectors.js';
import { DOM_UNDERSTANDING_CONFIG, LLM_CLIENT } from '../tokens.js';

/** What the LLM added to one page's understanding (and why it added nothing, when it did not). */
export interface Enrichment {
  readonly inventory: InventoryElement[];
  /** Listings read through selectors the LLM proposed and the DOM confirmed (without ids or sources yet). */
  readonly listings: Omit<Listing, 'id'>[];
  /** The confirmed proposal, to re-query a reload of the page with the same selectors. */
  readonly proposal: SelectorProposal | null;
  readonly notes: { described: number; selectorListings: number; refused: string | null; failed: string[] };
}

/**
 * The optional LLM path of dom-understanding, through @forage/llm: rewrites the inventory's
 * heuristic descriptions, and, when the heuristics found no listing, asks for record selectors
 * that are kept only where re-querying the DOM confirms them. Without an endpoint, or when the
 * model fails, refuses or answers off-schema, the heuristic result stands unchanged.
 */
@Injectable()
export class LlmEnricher {
  constructor(
    @Inject(LLM_CLIENT) private readonly llm: LlmClient | null,
    @Inject(DOM_UNDERSTANDING_CONFIG) private readonly config: DomUnderstandingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.llm !== null;
  }

  async enrich(input: {
    runId: string;
    url: string;
    title: string;
    html: string;
    inventory: InventoryElement[];
    listingsFound: number;
  }): Promise<Enrichment> {
    const failed: string[] = [];
    // one call after the other: a page costs at most two, and their order is fixed
    const described = await this.describe(input).catch((err: unknown) =>
      this.fallBack(err, 'descriptions', failed),
    );
    const proposed =
      input.listingsFound === 0
        ? await this.propose(input).catch((err: unknown) => this.fallBack(err, 'selectors', failed))
        : null;
    const refused = proposed && 'refused' in proposed.result ? proposed.result.refused : null;
    const listings = proposed && 'listings' in proposed.result ? proposed.result.listings : [];
    return {
      inventory: described?.inventory ?? input.inventory,
      listings,
      proposal: listings.length > 0 && proposed ? proposed.proposal : null,
      notes: { described: described?.applied ?? 0, selectorListings: listings.length, refused, failed },
    };
  }

  private async describe(input: {
    runId: string;
    url: string;
    title: string;
    inventory: InventoryElement[];
  }): Promise<{ inventory: InventoryElement[]; applied: number } | null> {
    const sent = elementsToDescribe(input.inventory, this.config.UNDERSTAND_LLM_DESCRIBE_MAX);
    if (!this.llm || sent.length === 0) return null;
    const reply = await this.llm.json(
      descriptionPrompt({ title: input.title, url: input.url, elements: sent }),
      descriptionReplySchema,
      { runId: input.runId },
    );
    return applyDescriptions(input.inventory, sent, reply.value);
  }

  private async propose(input: { runId: string; url: string; title: string; html: string }) {
    if (!this.llm) return null;
    const doc = parseHtml(input.html);
    const outline = pageOutline(doc);
    if (outline === '') return null;
    const reply = await this.llm.json(
      selectorPrompt({ title: input.title, url: input.url, outline }),
      selectorProposalSchema,
      { runId: input.runId },
    );
    return { proposal: reply.value, result: listingsFromProposal(doc, reply.value) };
  }

  private fallBack(err: unknown, what: string, failed: string[]): null {
    if (
      !(err instanceof LlmUnavailableError) &&
      !(err instanceof LlmRefusalError) &&
      !(err instanceof LlmInvalidReplyError)
    )
      throw err;
    failed.push(`${what}: ${err.name}`);
    this.logger.warn({ err: err.message }, `LLM ${what} failed; the heuristic result stands`);
    return null;
  }
}
