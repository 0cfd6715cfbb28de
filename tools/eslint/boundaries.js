// Meridian's own lint rules: the module boundaries the architecture decision records describe
// (docs/decisions/015-module-boundaries.md). Each rule reads imports as text and resolves relative
// paths itself, so it needs no type information and runs on every file.
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SERVER_MODULES = path.join(REPO, 'apps/server/src/modules');
const WEB_FEATURES = path.join(REPO, 'apps/web/src/features');

/** The unit a file belongs to: { kind, name, rest } for a server module or web feature, else null. */
function unitOf(file) {
  for (const [kind, root] of [
    ['module', SERVER_MODULES],
    ['feature', WEB_FEATURES],
  ]) {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    const [name, ...rest] = rel.split(path.sep);
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
      if (to.kind === 'module' && from?.kind === 'module' && to.rest === 'schema.ts' && from.rest.startsWith('queries/')) return;
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

/** table name -> owning module, read from each module's schema.ts (pgTable('name', ...)). */
let owners = null;
function tableOwners() {
  if (owners) return owners;
  owners = new Map();
  for (const mod of fs.readdirSync(SERVER_MODULES)) {
    const schema = path.join(SERVER_MODULES, mod, 'schema.ts');
    if (!fs.existsSync(schema)) continue;
    for (const m of fs.readFileSync(schema, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) owners.set(m[1], mod);
  }
  return owners;
}

const WRITE_SQL = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Only the module that declares a table writes it: no insert/update/delete through the ORM on a
 * table imported from another module, and no raw SQL write to another module's table.
 */
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
        const to = target && unitOf(target);
        if (!to || to.kind !== 'module' || to.name === from.name) return;
        for (const s of node.specifiers) foreign.set(s.local.name, to.name);
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
  rules: { 'public-entry-only': publicEntryOnly, 'no-foreign-table-write': noForeignTableWrite },
};
