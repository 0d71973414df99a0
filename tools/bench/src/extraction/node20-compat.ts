/**
 * jsdom 31 (the installed comparison baseline) declares node ^22.22 and uses a few runtime
 * features Node 20 lacks: ES2025 iterator helpers (`class … extends Iterator`, `.find/.map` on
 * iterators), `Promise.withResolvers`, and (through its bundled undici) `zlib.createZstdDecompress`
 * and `worker_threads.markAsUncloneable` at load time. This installs minimal stand-ins, only where
 * missing and only in the benchmark process, so the baseline can run on the project's Node 20.
 * None of them is on a path that parsing a string with jsdom takes differently: zstd and
 * uncloneable marking belong to fetch/caches, which the benchmark never uses.
 */
import { createRequire } from 'node:module';

type Step<T> = (value: T, index: number) => unknown;

interface IteratorLike<T> {
  next(): IteratorResult<T>;
}

function* mapped<T>(it: IteratorLike<T>, fn: Step<T>): Generator {
  let i = 0;
  for (let r = it.next(); r.done !== true; r = it.next()) yield fn(r.value, i++);
}

function* filtered<T>(it: IteratorLike<T>, fn: Step<T>): Generator<T> {
  let i = 0;
  for (let r = it.next(); r.done !== true; r = it.next()) if (fn(r.value, i++)) yield r.value;
}

function* flatMapped<T>(it: IteratorLike<T>, fn: Step<T>): Generator {
  let i = 0;
  for (let r = it.next(); r.done !== true; r = it.next()) yield* fn(r.value, i++) as Iterable<unknown>;
}

function* taken<T>(it: IteratorLike<T>, limit: number): Generator<T> {
  let n = 0;
  for (
    let r = n < limit ? it.next() : null;
    r !== null && r.done !== true;
    r = ++n < limit ? it.next() : null
  )
    yield r.value;
}

function* dropped<T>(it: IteratorLike<T>, count: number): Generator<T> {
  let n = 0;
  for (let r = it.next(); r.done !== true; r = it.next()) if (n++ >= count) yield r.value;
}

function eager<T>(it: IteratorLike<T>, each: (value: T, index: number) => boolean): void {
  let i = 0;
  for (let r = it.next(); r.done !== true; r = it.next()) if (!each(r.value, i++)) return;
}

const helpers: Record<string, (this: IteratorLike<unknown>, ...args: never[]) => unknown> = {
  map(this: IteratorLike<unknown>, fn: Step<unknown>) {
    return mapped(this, fn);
  },
  filter(this: IteratorLike<unknown>, fn: Step<unknown>) {
    return filtered(this, fn);
  },
  flatMap(this: IteratorLike<unknown>, fn: Step<unknown>) {
    return flatMapped(this, fn);
  },
  take(this: IteratorLike<unknown>, limit: number) {
    return taken(this, limit);
  },
  drop(this: IteratorLike<unknown>, count: number) {
    return dropped(this, count);
  },
  toArray(this: IteratorLike<unknown>) {
    const out: unknown[] = [];
    eager(this, (v) => out.push(v) > 0);
    return out;
  },
  forEach(this: IteratorLike<unknown>, fn: Step<unknown>) {
    eager(this, (v, i) => {
      fn(v, i);
      return true;
    });
  },
  some(this: IteratorLike<unknown>, fn: Step<unknown>) {
    let found = false;
    eager(this, (v, i) => !(found = Boolean(fn(v, i))));
    return found;
  },
  every(this: IteratorLike<unknown>, fn: Step<unknown>) {
    let all = true;
    eager(this, (v, i) => (all = Boolean(fn(v, i))));
    return all;
  },
  find(this: IteratorLike<unknown>, fn: Step<unknown>) {
    let hit: unknown = undefined;
    eager(this, (v, i) => {
      if (fn(v, i)) {
        hit = v;
        return false;
      }
      return true;
    });
    return hit;
  },
  reduce(
    this: IteratorLike<unknown>,
    fn: (acc: unknown, value: unknown, index: number) => unknown,
    ...init: unknown[]
  ) {
    let acc: unknown = init[0];
    let started = init.length > 0;
    eager(this, (v, i) => {
      acc = started ? fn(acc, v, i) : v;
      started = true;
      return true;
    });
    return acc;
  },
};

function installIteratorHelpers(): void {
  if ('Iterator' in globalThis) return;
  const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;
  for (const [name, fn] of Object.entries(helpers)) {
    if (!(name in iteratorPrototype))
      Object.defineProperty(iteratorPrototype, name, { value: fn, writable: true, configurable: true });
  }
  // `class X extends Iterator` needs a constructor whose prototype is %IteratorPrototype%
  const IteratorConstructor = function Iterator(): void {
    // abstract: subclasses implement next()
  };
  IteratorConstructor.prototype = iteratorPrototype;
  Object.defineProperty(globalThis, 'Iterator', {
    value: IteratorConstructor,
    writable: true,
    configurable: true,
  });
}

function installPromiseWithResolvers(): void {
  if ('withResolvers' in Promise) return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: () => {
      let resolve: (v: unknown) => void = () => undefined;
      let reject: (e: unknown) => void = () => undefined;
      const promise = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

class Node20CompatError extends Error {
  override readonly name = 'Node20CompatError';
}

function installModuleStubs(): void {
  const require = createRequire(import.meta.url);
  const zlib = require('node:zlib') as Record<string, unknown>;
  if (typeof zlib['createZstdDecompress'] !== 'function')
    zlib['createZstdDecompress'] = () => {
      throw new Node20CompatError('zstd decompression is not available on this Node version');
    };
  const workers = require('node:worker_threads') as Record<string, unknown>;
  if (typeof workers['markAsUncloneable'] !== 'function') workers['markAsUncloneable'] = () => undefined;
}

/** Installs the stand-ins that jsdom 31 needs on Node 20 (no-ops on Node 22+). */
export function installNode20Compat(): void {
  installIteratorHelpers();
  installPromiseWithResolvers();
  installModuleStubs();
}
