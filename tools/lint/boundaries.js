// Forage's architecture boundaries as two ESLint rules (used from eslint.config.js).
//
// They read import specifiers and the importing file's path only — no module resolution — so they
// are cheap, and they hold for files that do not exist yet (tests/lint-boundaries.unit.test.ts
// lints in-memory snippets at made-up paths).
//
// - forage/project-boundaries: a relative import never leaves its project (apps/<name>,
//   libs/<name>, tools/<name>); cross-project use goes through the package name (`@forage/<lib>`,
//   through its declared entry points only). Apps and libs never import an app by its package
//   name either (tools may: the benches drive services in-process).
// - forage/pure-core: a file under a `core/` folder of a project's src imports no adapter,
//   handler, HTTP controller or wiring of its app, no Nest and no I/O module. Type-only imports
//   are not exempt: core owns the small interfaces its adapters implement, so it has no reason
//   to name an adapter's or a vendor SDK's types (none does today; revisit if one must).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT_KINDS = new Set(['apps', 'libs', 'tools']);

/** Node built-ins that reach a disk, a socket or another process (`node:` prefix or not). */
const IO_BUILTINS = new Set([
  'fs',
  'net',
  'tls',
  'dgram',
  'dns',
  'http',
  'https',
  'http2',
  'child_process',
  'cluster',
  'worker_threads',
]);
/** Packages whose only job is I/O: the bus, the browser, the databases, the LLM endpoint. */
const IO_PACKAGES = new Set([
  'nats',
  'playwright',
  'playwright-core',
  'pg',
  '@electric-sql/pglite',
  'openai',
]);
const IO_SCOPES = new Set(['@nats-io']);
/** Folders of an app's src that core must not depend on; main/app.module are its wiring. */
const OUTER_FOLDERS = new Set(['adapters', 'handlers', 'http']);
const WIRING_FILE = /^(main|app\.module)(\.[cm]?[jt]s)?$/;

/** `apps/gateway` for any path inside it; null for files outside a project (tests/, scripts/, root). */
function projectOf(absolutePath) {
  const parts = path.relative(ROOT, absolutePath).split(path.sep);
  if (parts.length < 3 || !PROJECT_KINDS.has(parts[0])) return null;
  return { kind: parts[0], name: parts[1], root: `${parts[0]}/${parts[1]}` };
}

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isRelative = (specifier) => specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier);

/** Calls `check(node, specifier)` for every static or dynamic import, re-export and require. */
function onEveryImport(check) {
  const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
  const visit = (node, source) => {
    const specifier =
      literal(source) ??
      (source?.type === 'TemplateLiteral' && source.expressions.length === 0
        ? source.quasis[0].value.cooked
        : null);
    if (specifier !== null) check(source, specifier);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => node.source && visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
    TSImportType: (node) => visit(node, node.source ?? node.argument?.literal),
    TSExternalModuleReference: (node) => visit(node, node.expression),
    CallExpression: (node) => {
      if (
        node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments.length === 1
      ) {
        visit(node, node.arguments[0]);
      }
    },
  };
}

const projectBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Relative imports stay inside their project; apps never import apps' },
    schema: [],
    messages: {
      intoLib:
        "'{{specifier}}' reaches into {{target}} by a relative path: import '@forage/{{name}}' (its entry point) instead.",
      intoApp:
        "'{{specifier}}' reaches into {{target}}: {{from}} never imports an app; move what both need into a lib.",
      outOfProject:
        "'{{specifier}}' leaves {{from}} by a relative path: cross-project use goes through a package name.",
      appPackage: "'{{specifier}}' is an app: {{from}} never imports an app; move what both need into a lib.",
      deepPackage:
        "'{{specifier}}' reaches into a package's files: import its entry point '{{entry}}' instead.",
    },
  },
  create(context) {
    const from = projectOf(context.filename);
    const fromLabel = from ? from.root : 'this file';
    return onEveryImport((node, specifier) => {
      if (isRelative(specifier)) {
        const target = projectOf(path.resolve(path.dirname(context.filename), specifier));
        if (target?.root === from?.root) return;
        const data = { specifier, from: fromLabel, target: target?.root, name: target?.name };
        if (target?.kind === 'libs') context.report({ node, messageId: 'intoLib', data });
        else if (target?.kind === 'apps') context.report({ node, messageId: 'intoApp', data });
        else context.report({ node, messageId: 'outOfProject', data });
        return;
      }
      if (!specifier.startsWith('@forage/')) return;
      const entry = packageNameOf(specifier);
      const subpath = specifier.slice(entry.length + 1);
      if (/^(src|dist)(\/|$)/.test(subpath)) {
        context.report({ node, messageId: 'deepPackage', data: { specifier, entry } });
        return;
      }
      const ownPackage = from?.kind === 'apps' && entry === `@forage/app-${from.name}`;
      if (
        entry.startsWith('@forage/app-') &&
        (from?.kind === 'apps' || from?.kind === 'libs') &&
        !ownPackage
      ) {
        context.report({ node, messageId: 'appPackage', data: { specifier, from: fromLabel } });
      }
    });
  },
};

const pureCore = {
  meta: {
    type: 'problem',
    docs: { description: 'core/ is pure: no adapters, handlers, HTTP, wiring, Nest or I/O modules' },
    schema: [],
    messages: {
      outer:
        "core must not import '{{specifier}}' ({{folder}}): core owns an interface, the adapter implements it and is injected.",
      nest: "core must not import '{{specifier}}': Nest belongs to handlers, modules and wiring, not to pure logic.",
      io: "core must not import '{{specifier}}' (I/O): put it behind an adapter and inject it.",
    },
  },
  create(context) {
    const from = projectOf(context.filename);
    return onEveryImport((node, specifier) => {
      if (isRelative(specifier)) {
        const target = path.resolve(path.dirname(context.filename), specifier);
        const inSrc = from ? path.relative(path.join(ROOT, from.root, 'src'), target).split(path.sep) : [];
        if (inSrc[0] === '..') return; // leaving the project is forage/project-boundaries' business
        const folder = inSrc.slice(0, -1).find((part) => OUTER_FOLDERS.has(part));
        if (folder) context.report({ node, messageId: 'outer', data: { specifier, folder: `${folder}/` } });
        else if (inSrc.length === 1 && WIRING_FILE.test(inSrc[0])) {
          context.report({ node, messageId: 'outer', data: { specifier, folder: 'wiring' } });
        }
        return;
      }
      const name = packageNameOf(specifier);
      if (name.startsWith('@nestjs/')) context.report({ node, messageId: 'nest', data: { specifier } });
      else if (
        IO_BUILTINS.has(specifier.replace(/^node:/, '').split('/')[0]) ||
        IO_PACKAGES.has(name) ||
        IO_SCOPES.has(name.split('/')[0])
      ) {
        context.report({ node, messageId: 'io', data: { specifier } });
      }
    });
  },
};

/** The plugin: `plugins: { forage: forageBoundaries }`, rules `forage/project-boundaries`, `forage/pure-core`. */
export const forageBoundaries = {
  meta: { name: 'forage-boundaries' },
  rules: { 'project-boundaries': projectBoundaries, 'pure-core': pureCore },
};
