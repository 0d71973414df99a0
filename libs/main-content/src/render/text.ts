import type { Block } from './blocks.js';
import { inlineText } from './inline-text.js';

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.inlines);
    case 'code':
      return block.text;
    case 'table':
      return block.rows
        .map((row) => row.map((cell) => inlineText(cell).replace(/\n/g, ' ')).join('\t'))
        .join('\n');
    case 'rule':
      return '';
  }
}

/** Plain text: blocks separated by blank lines, items of one list on consecutive lines. */
export function renderText(blocks: readonly Block[]): string {
  let out = '';
  let previousWasListItem = false;
  for (const block of blocks) {
    const text = blockText(block);
    if (text === '') continue;
    const isListItem = block.kind === 'paragraph' && block.listDepth > 0;
    if (out !== '') out += isListItem && previousWasListItem ? '\n' : '\n\n';
    out += text;
    previousWasListItem = isListItem;
  }
  return out;
}
