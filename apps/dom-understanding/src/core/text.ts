/** Text rendering lives in @forage/html (the one text model shared with processing and the verifier). */
export { collapseWhitespace, hasWords, renderedText } from '@forage/html';
