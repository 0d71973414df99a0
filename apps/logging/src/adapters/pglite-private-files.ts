import fs from 'node:fs';
import { join, resolve, sep } from 'node:path';

/**
 * PGlite's database files are the owner's alone. Its emulated file system (Emscripten's NODEFS)
 * creates each file with the mode it holds inside WebAssembly (0666) and then calls
 * `fs.chmodSync` with it, which no umask limits; so for the directories registered here the
 * group and other bits are dropped from every chmod PGlite makes.
 */
const privateDirs = new Set<string>();
let installed = false;

export function keepPgliteFilesPrivate(dataDir: string): void {
  privateDirs.add(resolve(dataDir));
  if (installed) return;
  installed = true;
  // NODEFS reads `fs.chmodSync` from the CommonJS module object at each call
  const chmodSync = fs.chmodSync;
  fs.chmodSync = (path: fs.PathLike, mode: fs.Mode): void => {
    chmodSync(path, typeof mode === 'number' && isPrivate(path) ? mode & 0o700 : mode);
  };
}

/** Files 0600, directories 0700, below `dir` (what PGlite's initdb wrote before the hook could run). */
export function makeTreePrivate(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeTreePrivate(path);
    else if (entry.isFile()) fs.chmodSync(path, 0o600);
  }
  fs.chmodSync(dir, 0o700);
}

function isPrivate(path: fs.PathLike): boolean {
  if (typeof path !== 'string') return false;
  const full = resolve(path);
  for (const dir of privateDirs) if (full === dir || full.startsWith(dir + sep)) return true;
  return false;
}
