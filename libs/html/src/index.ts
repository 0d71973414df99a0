/** @forage/html: the one text model of a DOM (visible text, blocks, tables, headings) and sentence splitting, shared by every service that reads pages. */
export * from './text.js';
export * from './sentences.js';
export * from './text-model.js';
export { parseHtml, asDocument, isElement, isText, elementChildren, attr, descendants } from './dom.js';
export { collapseWhitespace, hasWords, renderedText } from './rendered-text.js';
export {
  isHidden,
  hiddenReason,
  RENDERED_HIDDEN_ATTRIBUTE,
  isNeverRendered,
  isChrome,
  isBanner,
  roleOf,
} from './visibility.js';
export { headingLevel, HeadingTrail } from './headings.js';
export { otherItemsRegion } from './regions.js';
export { TableReader, type RowRendering } from './table.js';
export { isUi, contentText } from './ui.js';
export { readLinks, readLanguage, PAGE_LINKS_MAX } from './links.js';
