// The browser shows every timestamp in the office's time zone and never reads a date-only value
// through `new Date()` (docs/product/ui.md#dates, docs/product/institutions.md#time-zone). One module,
// apps/web/src/app/office-dates.ts, turns instants into days and times; this rule keeps the rest of
// apps/web/src from doing it in the viewer's own zone. Like the boundary rules it reads the code as
// written and needs no type information.
import path from 'node:path';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const WEB_SRC = path.join(REPO, 'apps/web/src');
/** The one module that owns time formatting in the browser. */
export const OFFICE_DATES_MODULE = path.join(WEB_SRC, 'app/office-dates.ts');

/** Domain formatters that take the zone as an option, so a call without it uses the viewer's zone. */
const ZONED_DOMAIN_FUNCTIONS = new Set(['formatDate', 'formatDateTime', 'formatTime', 'dateOnlyIn']);
/** Date methods that answer in the viewer's zone. */
const LOCAL_DATE_METHODS = new Set([
  'toLocaleDateString',
  'toLocaleTimeString',
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'getMinutes',
  'getTimezoneOffset',
]);
const DOMAIN = '@meridian/domain';

const inside = (file, dir) => {
  const rel = path.relative(dir, file);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
};

/**
 * In apps/web/src, outside app/office-dates.ts: no `new Date(…)` with arguments, no `Date.parse`, no
 * Date methods that answer in the viewer's zone, and formatDate / formatDateTime / formatTime /
 * dateOnlyIn not taken from '@meridian/domain' directly (useFormatDates() or formatDay instead).
 * `new Date()` (now) stays allowed.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const officeTimeZone = {
  meta: {
    type: 'problem',
    docs: { description: "The browser reads instants only through app/office-dates.ts, in the office's time zone" },
    schema: [],
    messages: {
      newDate:
        "'new Date(…)' reads a value in the viewer's own zone (and moves a date-only value west of UTC): use useFormatDates() from app/office-dates for timestamps, formatDay for YYYY-MM-DD.",
      dateParse: "'Date.parse' reads a value in the viewer's own zone: use useFormatDates() from app/office-dates.",
      localMethod: "'{{name}}' answers in the viewer's own zone: use useFormatDates() from app/office-dates (the office's zone).",
      domainImport:
        "'{{name}}' from '@meridian/domain' uses the viewer's zone unless told the office's: use useFormatDates() (or formatDay for YYYY-MM-DD) from app/office-dates.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!inside(file, WEB_SRC) || file === OFFICE_DATES_MODULE) return {};
    const namespaces = new Set();
    const checkSpecifiers = (node) => {
      if (node.source?.value !== DOMAIN) return;
      for (const s of node.specifiers ?? []) {
        if (s.type === 'ImportNamespaceSpecifier') namespaces.add(s.local.name);
        const imported = s.type === 'ImportSpecifier' ? s.imported : s.type === 'ExportSpecifier' ? s.local : null;
        const name = imported && (imported.type === 'Identifier' ? imported.name : imported.value);
        if (name && ZONED_DOMAIN_FUNCTIONS.has(name)) context.report({ node: s, messageId: 'domainImport', data: { name } });
      }
    };
    const propertyName = (node) => {
      if (!node.computed) return node.property.type === 'Identifier' ? node.property.name : null;
      return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : null;
    };
    const isCalled = (node) => node.parent.type === 'CallExpression' && node.parent.callee === node;
    return {
      ImportDeclaration: checkSpecifiers,
      ExportNamedDeclaration: checkSpecifiers,
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'Date' && node.arguments.length > 0)
          context.report({ node, messageId: 'newDate' });
      },
      MemberExpression(node) {
        const name = propertyName(node);
        if (!name) return;
        const object = node.object.type === 'Identifier' ? node.object.name : null;
        if (object === 'Date' && name === 'parse') context.report({ node, messageId: 'dateParse' });
        else if (object && namespaces.has(object) && ZONED_DOMAIN_FUNCTIONS.has(name))
          context.report({ node, messageId: 'domainImport', data: { name } });
        else if (LOCAL_DATE_METHODS.has(name) && isCalled(node)) context.report({ node, messageId: 'localMethod', data: { name } });
      },
    };
  },
};
