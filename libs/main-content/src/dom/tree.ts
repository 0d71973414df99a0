import { ElementType } from 'htmlparser2';
import type { AnyNode, ChildNode, Element, ParentNode, Text } from 'domhandler';

/** Type guards over domhandler nodes that avoid importing the classes on the hot path. */
export function isElement(node: AnyNode): node is Element {
  return node.type === ElementType.Tag || node.type === ElementType.Script || node.type === ElementType.Style;
}

export function isText(node: AnyNode): node is Text {
  return node.type === ElementType.Text;
}

/** `class` and `id` joined, lower-cased: what the class/id hint patterns are matched against. */
export function classAndId(el: Element): string {
  const cls = el.attribs['class'];
  const id = el.attribs['id'];
  if (cls === undefined) return id === undefined ? '' : id.toLowerCase();
  return (id === undefined ? cls : `${cls} ${id}`).toLowerCase();
}

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (const child of el.children) if (isElement(child)) out.push(child);
  return out;
}

/** Depth-first pre-order walk over elements under (and including, if an element) `root`. */
export function forEachElement(root: ParentNode, visit: (el: Element) => void): void {
  const stack: Element[] = [];
  if (isElement(root)) stack.push(root);
  else for (let i = root.children.length - 1; i >= 0; i--) pushElement(stack, root.children[i]);
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    visit(el);
    for (let i = el.children.length - 1; i >= 0; i--) pushElement(stack, el.children[i]);
  }
}

function pushElement(stack: Element[], node: AnyNode | undefined): void {
  if (node !== undefined && isElement(node)) stack.push(node);
}

/** The first element (document order) that satisfies `match`, or null. */
export function findElement(root: ParentNode, match: (el: Element) => boolean): Element | null {
  const stack: Element[] = [];
  if (isElement(root)) stack.push(root);
  else for (let i = root.children.length - 1; i >= 0; i--) pushElement(stack, root.children[i]);
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    if (match(el)) return el;
    for (let i = el.children.length - 1; i >= 0; i--) pushElement(stack, el.children[i]);
  }
  return null;
}

/** Elements with one of the given tag names under `root`, in document order. */
export function elementsByTag(root: Element, names: ReadonlySet<string>): Element[] {
  const out: Element[] = [];
  forEachElement(root, (el) => {
    if (names.has(el.name)) out.push(el);
  });
  return out;
}

export function parentElement(node: AnyNode): Element | null {
  const parent = node.parent;
  return parent !== null && isElement(parent) ? parent : null;
}

/** Detaches a node from its parent (domutils' removeElement, without its extra bookkeeping). */
export function detach(node: ChildNode): void {
  const parent = node.parent;
  if (parent === null) return;
  const i = parent.children.indexOf(node);
  if (i >= 0) parent.children.splice(i, 1);
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/** The raw text under a node (entities already decoded by the parser), no whitespace handling. */
export function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node)) return '';
  let out = '';
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === undefined) break;
    if (isText(n)) out += n.data;
    else if (isElement(n))
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return out;
}

/** Collapses whitespace (incl. no-break spaces) to single spaces and trims. */
export function collapseSpace(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}
