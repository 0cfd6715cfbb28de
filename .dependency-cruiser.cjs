// The import rules that keep the code base in layers. `npm run graph:check` (part of `npm run lint`)
// checks them and `npm run graph` draws the server's module graph; both run
// tools/graph/module-graph.mjs, which runs dependency-cruiser with this file.
//
// A cycle between modules is forbidden, not only a cycle between files: module A importing B while
// B imports A, through any of their files, ties the two together even when no single file is in a
// cycle. dependency-cruiser's `circular` works on files, so on its own (`npx depcruise`) it finds
// only the file cycles that cross a module boundary. The graph script lifts every `circular` rule
// whose `from.path` has a capture group to the level of that group: one node per captured name, an
// edge wherever a file of one imports a file of another, and any cycle among those nodes fails.

/** The capture group names the module: apps/server/src/modules/<name>/... */
const SERVER_MODULE = '^apps/server/src/modules/([^/]+)/';
/** apps/web/src/features/<name>/... */
const WEB_FEATURE = '^apps/web/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-server-modules',
      comment: 'Server modules depend on each other in one direction only; break a cycle by moving the shared part down or registering it.',
      severity: 'error',
      from: { path: SERVER_MODULE },
      to: { circular: true, via: { path: '^apps/server/src/modules/(?!$1/)[^/]+/' } },
    },
    {
      name: 'no-circular-web-features',
      comment: 'Web features depend on each other in one direction only; shared parts belong in ui/ or app/.',
      severity: 'error',
      from: { path: WEB_FEATURE },
      to: { circular: true, via: { path: '^apps/web/src/features/(?!$1/)[^/]+/' } },
    },
    {
      name: 'no-circular',
      comment: 'No file imports itself back through others: a cycle makes load order matter and hides which part comes first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-never-imports-modules',
      comment: 'platform/ is the machinery below every module: modules use it, it never reaches up into one.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach into any module to set up their data; the layers are about the running code.
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/test/'] },
    // Type-only imports couple modules as much as value imports do.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
