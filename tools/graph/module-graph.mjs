// The import graph at the level of modules, from .dependency-cruiser.cjs:
//   node tools/graph/module-graph.mjs          writes docs/server-modules.md (npm run graph)
//   node tools/graph/module-graph.mjs --check  fails on a broken rule or a stale docs/server-modules.md
//                                              (npm run graph:check, the end of npm run lint)
// dependency-cruiser finds file-level violations (a cycle between any two files among them); every `circular` rule whose from.path has a capture
// group is also checked one level up, with one node per captured name (see .dependency-cruiser.cjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = '.dependency-cruiser.cjs';
const DOC = 'docs/server-modules.md';
/** The rule whose modules the committed diagram draws. */
const DIAGRAM_RULE = 'no-circular-server-modules';
const SCANNED = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'e2e', 'bench', 'tools'];
/** More elementary cycles than this in one tangle are summarised, not listed. */
const MAX_CYCLES = 40;

process.chdir(ROOT);
const check = process.argv.includes('--check');

// A bare name would be looked up in node_modules.
const ruleSet = await extractDepcruiseConfig(`./${CONFIG}`);
const { output: result } = await cruise(SCANNED, { ...ruleSet.options, validate: true, ruleSet });

const liftedRules = (ruleSet.forbidden ?? []).filter((r) => r.to?.circular === true && /\((?!\?)/.test(r.from?.path ?? ''));
const lifted = new Set(liftedRules.map((r) => r.name));

/** File-level violations of the rules that are not lifted (a lifted rule is reported per module below). */
const fileViolations = result.summary.violations.filter((v) => !lifted.has(v.rule.name));

/**
 * The graph of one lifted rule: node = captured name; an edge A -> B lists the imports from A's files
 * to B's files, and whether all of them are type-only or lazy (dynamic) imports.
 */
function moduleGraph(rule) {
  const pattern = new RegExp(rule.from.path);
  const nameOf = (file) => pattern.exec(file)?.[1];
  const nodes = new Set();
  const edges = new Map();
  for (const m of result.modules) {
    const from = nameOf(m.source);
    if (!from) continue;
    nodes.add(from);
    for (const d of m.dependencies) {
      const to = nameOf(d.resolved);
      if (!to || to === from) continue;
      const key = `${from}\u0000${to}`;
      const edge = edges.get(key) ?? { from, to, imports: [] };
      edge.imports.push({ file: m.source, target: d.resolved, types: d.dependencyTypes });
      edges.set(key, edge);
    }
  }
  for (const e of edges.values()) {
    e.typeOnly = e.imports.every((i) => i.types.includes('type-only'));
    e.lazyOnly = e.imports.every((i) => i.types.includes('dynamic-import'));
  }
  return { nodes: [...nodes].sort(), edges: [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)) };
}

/** Strongly connected components with more than one node (Tarjan): each is a tangle of cycles. */
function tangles({ nodes, edges }) {
  const next = new Map(nodes.map((n) => [n, []]));
  for (const e of edges) next.get(e.from).push(e.to);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The elementary cycles inside one tangle, shortest first, each starting at its smallest name. */
function cyclesOf(scc, { edges }) {
  const inside = new Set(scc);
  const next = new Map(scc.map((n) => [n, []]));
  for (const e of edges) if (inside.has(e.from) && inside.has(e.to)) next.get(e.from).push(e.to);
  const found = [];
  // Each cycle is found once, from its smallest member, visiting only members greater than it.
  for (const start of scc) {
    const walk = (v, pathSoFar) => {
      if (found.length > MAX_CYCLES) return;
      for (const w of next.get(v)) {
        if (w === start) found.push([...pathSoFar, start]);
        else if (w > start && !pathSoFar.includes(w)) walk(w, [...pathSoFar, w]);
      }
    };
    walk(start, [start]);
  }
  return found.sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()));
}

const graphs = liftedRules.map((rule) => {
  const graph = moduleGraph(rule);
  return { rule, graph, tangles: tangles(graph).map((scc) => ({ scc, cycles: cyclesOf(scc, graph) })) };
});

function edgeNote(e) {
  if (e.lazyOnly) return 'lazy import only';
  if (e.typeOnly) return 'types only';
  return '';
}

function describeCycles({ rule, graph, tangles: found }) {
  const lines = [];
  const byKey = new Map(graph.edges.map((e) => [`${e.from}\u0000${e.to}`, e]));
  const pattern = new RegExp(rule.from.path);
  for (const { scc, cycles } of found) {
    lines.push(`  ${scc.length} tied in cycles: ${scc.join(', ')}`);
    for (const c of cycles.slice(0, MAX_CYCLES)) {
      // Each step names the importing file (within its module) that makes the arrow.
      const steps = c.slice(0, -1).map((from, i) => {
        const e = byKey.get(`${from}\u0000${c[i + 1]}`);
        const files = [...new Set(e.imports.map((imp) => imp.file.replace(pattern, '')))];
        const note = edgeNote(e);
        return `${from} (${files[0]}${files.length > 1 ? ` +${files.length - 1}` : ''}${note ? `; ${note}` : ''})`;
      });
      lines.push(`    ${[...steps, c[0]].join(' -> ')}`);
    }
    if (cycles.length > MAX_CYCLES) lines.push(`    ... and more cycles through the same modules`);
  }
  return lines;
}

/** docs/server-modules.md: the server's module graph as Mermaid (GitHub draws it), then the edges. */
function renderDoc() {
  const g = graphs.find((x) => x.rule.name === DIAGRAM_RULE);
  if (!g) throw new Error(`${CONFIG} has no rule ${DIAGRAM_RULE}`);
  const inCycle = new Set(g.tangles.flatMap((t) => t.scc));
  const cyclic = (e) => inCycle.has(e.from) && inCycle.has(e.to) && g.tangles.some((t) => t.scc.includes(e.from) && t.scc.includes(e.to));
  const lines = [
    '# Server modules and their imports',
    '',
    `Generated by \`npm run graph\` from the imports of \`apps/server/src/modules/<module>\` (tests excluded)`,
    `with the rules of \`${CONFIG}\`; \`npm run graph:check\` (part of \`npm run lint\`) fails when this`,
    'file is out of date or a rule is broken. Do not edit it by hand.',
    '',
    'An arrow A → B: a file of A imports a file of B. Dashed: only types, or only a lazy `import()`.',
    g.tangles.length ? 'Red: the arrow is part of a cycle, which the rules forbid.' : 'There is no cycle between modules.',
    '',
    '```mermaid',
    'flowchart LR',
    // Ids carry a prefix: a module named like a Mermaid keyword (end, graph) would break the diagram.
    ...g.graph.nodes.map((n) => `  m_${n}[${n}]`),
  ];
  const red = [];
  g.graph.edges.forEach((e, i) => {
    lines.push(`  m_${e.from} ${e.typeOnly || e.lazyOnly ? '-.->' : '-->'} m_${e.to}`);
    if (cyclic(e)) red.push(i);
  });
  if (red.length) lines.push(`  linkStyle ${red.join(',')} stroke:#c62828,stroke-width:2px`);
  lines.push('```', '', '| module | imports from | files importing |', '| --- | --- | ---: |');
  for (const e of g.graph.edges) {
    const notes = [edgeNote(e), cyclic(e) ? 'in a cycle' : ''].filter(Boolean).join(', ');
    lines.push(`| ${e.from} | ${e.to}${notes ? ` (${notes})` : ''} | ${new Set(e.imports.map((i) => i.file)).size} |`);
  }
  if (g.tangles.length) {
    lines.push('', '## Cycles', '', '```text', ...describeCycles(g).map((l) => l.slice(2)), '```');
  }
  return `${lines.join('\n')}\n`;
}

const doc = renderDoc();
if (!check) {
  fs.writeFileSync(DOC, doc);
  console.log(`wrote ${DOC}`);
}

let failed = false;
for (const g of graphs) {
  if (!g.tangles.length) continue;
  failed = true;
  console.error(`${g.rule.name} (${g.rule.from.path}): ${g.rule.comment ?? ''}`);
  for (const line of describeCycles(g)) console.error(line);
}
for (const v of fileViolations) {
  failed = true;
  console.error(`${v.rule.name}: ${v.from} -> ${v.to}`);
}
if (check && (!fs.existsSync(DOC) || fs.readFileSync(DOC, 'utf8') !== doc)) {
  failed = true;
  console.error(`${DOC} is out of date: run npm run graph and commit it.`);
}
const modules = graphs.map((g) => `${g.graph.nodes.length} ${g.rule.name.replace(/^no-circular-/, '')}`).join(', ');
if (failed) {
  console.error(`\nThe import rules of ${CONFIG} are broken (${result.summary.totalCruised} files, ${modules}).`);
  process.exit(1);
}
console.log(`import rules kept: ${result.summary.totalCruised} files, ${modules}, no cycle between modules.`);
