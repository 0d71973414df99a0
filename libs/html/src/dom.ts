import { parseDocument } from 'htmlparser2';
import {
  Element,
  isDirective,
  Text,
  type AnyNode,
  type ChildNode,
  type Document,
  type ParentNode,
} from 'domhandler';

/** Elements the HTML parser puts in <head> when they come before any body content. */
const HEAD_CONTENT = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template']);

export function isElement(node: AnyNode | null | undefined): node is Element {
  return node instanceof Element;
}

export function isText(node: AnyNode | null | undefined): node is Text {
  return node instanceof Text;
}

export function elementChildren(node: ParentNode): Element[] {
  return node.children.filter(isElement);
}

export function attr(el: Element, name: string): string | undefined {
  return el.attribs[name];
}

/**
 * Parses HTML into a domhandler tree shaped like the one a browser builds, so XPaths computed on
 * it resolve in the live DOM: implied <html>, <head> and <body> are added, and table rows that sit
 * directly in a <table> are wrapped in the <tbody> the HTML parser would have inserted.
 */
export function parseHtml(html: string): Document {
  const doc = parseDocument(html, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  const root = ensureHtmlElement(doc);
  ensureHeadAndBody(root);
  for (const table of descendants(root, 'table')) wrapLooseRows(table);
  return doc;
}

/** A Document as is, or a string parsed with `parseHtml`. */
export function asDocument(input: string | Document): Document {
  return typeof input === 'string' ? parseHtml(input) : input;
}

export function descendants(root: ParentNode, tag?: string): Element[] {
  const found: Element[] = [];
  const stack: ChildNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isElement(node)) continue;
    if (!tag || node.name === tag) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child) stack.push(child);
    }
  }
  return found;
}

function ensureHtmlElement(doc: Document): Element {
  const existing = elementChildren(doc).find((el) => el.name === 'html');
  if (existing) return existing;
  const html = new Element('html', {});
  const moved = doc.children.filter((n) => !isDirective(n));
  setChildren(html, moved);
  setChildren(doc, [...doc.children.filter((n) => isDirective(n)), html]);
  return html;
}

function ensureHeadAndBody(html: Element): void {
  let head = elementChildren(html).find((el) => el.name === 'head');
  let body = elementChildren(html).find((el) => el.name === 'body');
  if (!head) head = new Element('head', {});
  if (!body) body = new Element('body', {});
  const headNodes: ChildNode[] = [...head.children];
  const bodyNodes: ChildNode[] = [];
  let inBody = false;
  for (const node of html.children) {
    if (node === head || node === body) {
      if (node === body) inBody = true;
      continue;
    }
    const headish = !isElement(node) ? !isText(node) || node.data.trim() === '' : HEAD_CONTENT.has(node.name);
    if (!inBody && headish) headNodes.push(node);
    else {
      inBody = true;
      bodyNodes.push(node);
    }
  }
  const bodyIndex = html.children.indexOf(body);
  const before = bodyNodes.filter((n) => bodyIndex < 0 || html.children.indexOf(n) < bodyIndex);
  const after = bodyNodes.filter((n) => !before.includes(n));
  setChildren(head, headNodes);
  setChildren(body, [...before, ...body.children, ...after]);
  setChildren(html, [head, body]);
}

/** Consecutive <tr> children of a <table> each go into one implied <tbody>, as the HTML parser does. */
function wrapLooseRows(table: Element): void {
  const result: ChildNode[] = [];
  let group: ChildNode[] | undefined;
  for (const node of table.children) {
    if (isElement(node) && node.name === 'tr') {
      if (!group) group = [];
      group.push(node);
      continue;
    }
    if (group && !isElement(node)) {
      group.push(node);
      continue;
    }
    if (group) result.push(makeTbody(group));
    group = undefined;
    result.push(node);
  }
  if (group) result.push(makeTbody(group));
  if (result.length !== table.children.length || result.some((n, i) => n !== table.children[i]))
    setChildren(table, result);
}

function makeTbody(nodes: ChildNode[]): Element {
  const tbody = new Element('tbody', {});
  setChildren(tbody, nodes);
  return tbody;
}

/** Replaces a node's children, keeping parent and sibling links consistent. */
function setChildren(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  children.forEach((child, i) => {
    child.parent = parent;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
}
