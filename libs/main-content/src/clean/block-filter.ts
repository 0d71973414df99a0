import type { Block } from '../render/blocks.js';
import { inlineChars } from '../render/inline-text.js';

/** A paragraph that is (almost) all link text is navigation: "related", "read more", tag lists. */
const MAX_LINK_DENSITY = 0.8;

/** Drops blocks that are navigation rather than prose, judged on their own text. */
export function filterBlocks(blocks: readonly Block[]): Block[] {
  return blocks.filter((block) => {
    if (block.kind !== 'paragraph') return true;
    const { chars, linkChars } = inlineChars(block.inlines);
    return chars === 0 || linkChars / chars < MAX_LINK_DENSITY;
  });
}
