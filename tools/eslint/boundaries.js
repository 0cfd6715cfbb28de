// Meridian's own lint rules: the module boundaries the architecture decision records describe
// (docs/decisions/015-module-boundaries.md). Each rule reads imports as text and resolves relative
// paths itself, so it needs no type information and runs on every file.
import fs from 'node:fs';
import path from 'node:path';
import { officeTimeZone } from './office-time.js';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SERVER_MODULES = path.join(REPO, 'apps/server/src/modules');
const WEB_FEATURES = path.join(REPO, 'apps/web/src/features');

const hasEntry = (dir) => fs.existsSync(path.join(dir, 'index.ts')) || fs.existsSync(path.join(dir, 'index.tsx'));

/**
 * The unit a file belongs to: { kind, name, rest } for a server module or a web feature, else null.
 * A web feature nested in another (features/students/intake, with an index.ts of its own) is a unit
 * of its own: sub-features meet through their entries too.
 */
function unitOf(file) {
  for (const [kind, root] of [
    ['module', SERVER_MODULES],
    ['feature', WEB_FEATURES],
  ]) {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const [name, ...rest] = rel.split(path.sep);
    if (kind === 'feature' && rest.length > 1 && hasEntry(path.join(root, name, rest[0]))) {
      return { kind, root, name: `${name}/${rest[0]}`, rest: rest.slice(1).join('/') };
    }
    return { kind, root, name, rest: rest.join('/') };
  }
  return null;
}

/** The file an import names, for relative imports (.js written for .ts sources); else null. */
function resolveImport(fromFile, source) {
  if (!source.startsWith('.')) return null;
  const abs = path.resolve(path.dirname(fromFile), source);
  const base = abs.replace(/\.(js|jsx|mjs)$/, '');
  for (const c of [base + '.ts', base + '.tsx', path.join(base, 'index.ts'), path.join(base, 'index.tsx'), abs]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return abs;
}

const isEntry = (rest) => /^index\.tsx?$/.test(rest);

const importSources = (node) => {
  // import x from '...'; export ... from '...'; import('...')
  if (node.source && typeof node.source.value === 'string') return node.source.value;
  return null;
};

/**
 * A server module or web feature is used by others only through its index.ts. A server module's
 * queries/ (read models) may also read another module's tables from its schema.ts.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const publicEntryOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'Another module or feature is reached only through its index.ts' },
    schema: [],
    messages: {
      internal: "'{{source}}' reaches into the {{kind}} '{{target}}'; import what it offers from its index.ts (or add it there).",
    },
  },
  create(context) {
    const file = context.filename;
    const from = unitOf(file);
    const check = (node, source) => {
      const target = resolveImport(file, source);
      if (!target) return;
      const to = unitOf(target);
      if (!to || (from && from.kind === to.kind && from.name === to.name)) return;
      if (isEntry(to.rest)) return;
      // A nested feature may use what its parent keeps for the family (features/scholars/labels.ts).
      if (from && from.kind === to.kind && from.name.startsWith(`${to.name}/`)) return;
      // Reads may join another module's tables in a read model (queries/), and a table may reference another's key.
      if (
        to.kind === 'module' &&
        from?.kind === 'module' &&
        to.rest === 'schema.ts' &&
        (/(^|\/)queries\//.test(from.rest) || from.rest === 'schema.ts')
      )
        return;
      context.report({ node, messageId: 'internal', data: { source, kind: to.kind, target: to.name } });
    };
    const visit = (node) => {
      const source = importSources(node);
      if (source) check(node, source);
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
      },
    };
  },
};

const PLATFORM = path.join(REPO, 'apps/server/src/platform');

/** table name -> owning module ('platform' for the platform's own tables), read from the schema files (pgTable('name', ...)). */
let owners = null;
function tableOwners() {
  if (owners) return owners;
  owners = new Map();
  const declare = (file, owner) => {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(m[1], owner);
  };
  for (const mod of fs.readdirSync(SERVER_MODULES)) {
    const schema = path.join(SERVER_MODULES, mod, 'schema.ts');
    if (fs.existsSync(schema)) declare(schema, mod);
  }
  for (const dir of fs.readdirSync(PLATFORM)) {
    for (const f of fs.readdirSync(path.join(PLATFORM, dir))) if (/schema\.ts$/.test(f)) declare(path.join(PLATFORM, dir, f), 'platform');
  }
  return owners;
}

/** The owner of the file an import names: a module's name, 'platform' for the platform's files, else null. */
function ownerOfFile(file) {
  const unit = unitOf(file);
  if (unit?.kind === 'module') return unit.name;
  const rel = path.relative(PLATFORM, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : 'platform';
}

const WRITE_SQL = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Only the module that declares a table writes it: no insert/update/delete through the ORM on a
 * table imported from another module, and no raw SQL write to another module's table.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const noForeignTableWrite = {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's own module writes it" },
    schema: [],
    messages: {
      orm: "'{{name}}' belongs to the module '{{owner}}': change it through that module's operations.",
      sql: "Raw SQL writes '{{table}}', which belongs to the module '{{owner}}': change it through that module's operations.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = unitOf(file);
    if (!from || from.kind !== 'module') return {};
    // local name -> module it was imported from
    const foreign = new Map();
    const checkSql = (node, text) => {
      for (const m of text.matchAll(WRITE_SQL)) {
        const owner = tableOwners().get(m[1].toLowerCase());
        if (owner && owner !== from.name) context.report({ node, messageId: 'sql', data: { table: m[1], owner } });
      }
    };
    return {
      ImportDeclaration(node) {
        const target = resolveImport(file, node.source.value);
        const owner = target && ownerOfFile(target);
        if (!owner || owner === from.name) return;
        for (const s of node.specifiers) foreign.set(s.local.name, owner);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          ['insert', 'update', 'delete'].includes(callee.property.name)
        ) {
          const arg = node.arguments[0];
          if (arg && arg.type === 'Identifier' && foreign.has(arg.name)) {
            context.report({ node, messageId: 'orm', data: { name: arg.name, owner: foreign.get(arg.name) } });
          }
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === 'Identifier' ? node.tag.name : node.tag.type === 'MemberExpression' ? node.tag.object.name : '';
        if (tag !== 'sql') return;
        checkSql(node, node.quasi.quasis.map((q) => q.value.cooked ?? '').join(' ? '));
      },
      'CallExpression > Literal.arguments'(node) {
        const call = node.parent;
        const p = call.callee.type === 'MemberExpression' ? call.callee.property : null;
        if (p && p.type === 'Identifier' && (p.name === 'query' || p.name === 'raw') && typeof node.value === 'string')
          checkSql(node, node.value);
      },
    };
  },
};

export default {
  meta: { name: 'meridian' },
  rules: { 'public-entry-only': publicEntryOnly, 'no-foreign-table-write': noForeignTableWrite, 'office-time-zone': officeTimeZone },
};
