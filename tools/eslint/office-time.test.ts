import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { officeTimeZone } from './office-time.js';

// RuleTester runs its cases as tests of the host framework.
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

const PAGE = at('apps/web/src/features/requests/pages/x.tsx');
const OWNER = at('apps/web/src/app/office-dates.ts');

tester.run('office-time-zone', officeTimeZone, {
  valid: [
    // The office's formatters, and date-only values from their parts.
    {
      filename: PAGE,
      code: "import { formatDay, useFormatDates } from '../../../app/office-dates';\nconst { formatDateTime } = useFormatDates();",
    },
    // Other things from the domain.
    { filename: PAGE, code: "import { addDays, isDateOnly, parseUsDate, todayIn } from '@meridian/domain';" },
    // Now, and clock arithmetic that reads no zone.
    { filename: PAGE, code: 'const now = new Date();\nconst t = Date.now();\nconst u = Date.UTC(2028, 1, 29);\nnow.getTime();' },
    // Numbers are formatted with toLocaleString.
    { filename: PAGE, code: "const n = (1234).toLocaleString('en-US');" },
    // The one module that owns time formatting.
    { filename: OWNER, code: "import { formatDate, dateOnlyIn } from '@meridian/domain';\nconst d = new Date(iso);\nDate.parse(iso);" },
    // Outside the browser's sources (the server, the domain, e2e) the rule says nothing.
    { filename: at('apps/server/src/modules/sevis/x.ts'), code: 'const d = new Date(iso);' },
    { filename: at('packages/domain/src/rules/x.ts'), code: "import { formatDate } from '@meridian/domain';\nnew Date(iso);" },
    { filename: at('e2e/tests/x.e2e.ts'), code: 'Date.parse(`${day}T00:00:00Z`);' },
  ],
  invalid: [
    { filename: PAGE, code: 'const d = new Date(n.createdAt);', errors: [{ messageId: 'newDate' }] },
    // A date-only value through new Date() is midnight UTC: the day before west of UTC.
    { filename: PAGE, code: "const d = new Date('2028-02-29');", errors: [{ messageId: 'newDate' }] },
    { filename: PAGE, code: 'const d = new Date(y, m, day + 1);', errors: [{ messageId: 'newDate' }] },
    { filename: PAGE, code: 'const t = Date.parse(iso);', errors: [{ messageId: 'dateParse' }] },
    { filename: PAGE, code: "new Date().toLocaleTimeString([], { hour: '2-digit' });", errors: [{ messageId: 'localMethod' }] },
    {
      filename: PAGE,
      code: 'const h = now.getHours();\nconst y = now.getFullYear();',
      errors: [{ messageId: 'localMethod' }, { messageId: 'localMethod' }],
    },
    {
      filename: PAGE,
      code: "import { formatDate, formatDateTime, MSG } from '@meridian/domain';",
      errors: [
        { messageId: 'domainImport', data: { name: 'formatDate' } },
        { messageId: 'domainImport', data: { name: 'formatDateTime' } },
      ],
    },
    { filename: PAGE, code: "import { formatTime as hhmm, dateOnlyIn } from '@meridian/domain';", errors: 2 },
    {
      filename: PAGE,
      code: "import * as domain from '@meridian/domain';\ndomain.formatDateTime(at);",
      errors: [{ messageId: 'domainImport' }],
    },
    { filename: PAGE, code: "export { formatDate } from '@meridian/domain';", errors: [{ messageId: 'domainImport' }] },
    // Every file of apps/web/src but the owner: the app folder too.
    { filename: at('apps/web/src/app/office-today.ts'), code: 'new Date(instant);', errors: [{ messageId: 'newDate' }] },
  ],
});
