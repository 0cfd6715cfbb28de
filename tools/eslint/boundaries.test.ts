import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noForeignTableWrite, publicEntryOnly } from './boundaries.js';

// RuleTester runs its cases as tests of the host framework.
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('public-entry-only', publicEntryOnly, {
  valid: [
    // Through the other module's entry.
    { filename: at('apps/server/src/modules/students/operations/x.ts'), code: "import { openRequest } from '../../requests/index.js';" },
    // A module's own files.
    { filename: at('apps/server/src/modules/students/operations/x.ts'), code: "import { studentProfiles } from '../schema.js';" },
    // A read model may join another module's tables; a table may reference another's key.
    {
      filename: at('apps/server/src/modules/scholars/reports/queries/x.query.ts'),
      code: "import { users } from '../../../people/schema.js';",
    },
    { filename: at('apps/server/src/modules/students/schema.ts'), code: "import { users } from '../people/schema.js';" },
    // A nested web feature may use its family's shared files.
    { filename: at('apps/web/src/features/scholars/office/pages/x.tsx'), code: "import { label } from '../../labels';" },
  ],
  invalid: [
    {
      filename: at('apps/server/src/modules/students/operations/x.ts'),
      code: "import { applyStaffTransition } from '../../requests/operations/apply-staff-transition.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('apps/server/src/modules.ts'),
      code: "import { studentRoutes } from './modules/students/routes.js';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('apps/web/src/features/requests/pages/x.tsx'),
      code: "import { RecordTabs } from '../../students/records/components/record-tabs';",
      errors: [{ messageId: 'internal' }],
    },
    // Sibling sub-features meet through their entries too.
    {
      filename: at('apps/web/src/features/students/opt/pages/x.tsx'),
      code: "import { RecordTabs } from '../../records/components/record-tabs';",
      errors: [{ messageId: 'internal' }],
    },
  ],
});

tester.run('no-foreign-table-write', noForeignTableWrite, {
  valid: [
    {
      filename: at('apps/server/src/modules/requests/operations/x.ts'),
      code: "import { requests } from '../schema.js';\ntx.update(requests);",
    },
    // Reading another module's table is fine.
    {
      filename: at('apps/server/src/modules/scholars/operations/x.ts'),
      code: "import { requests } from '../../requests/index.js';\ntx.select().from(requests);",
    },
  ],
  invalid: [
    {
      filename: at('apps/server/src/modules/scholars/operations/x.ts'),
      code: "import { requests } from '../../requests/index.js';\ntx.insert(requests);",
      errors: [{ messageId: 'orm' }],
    },
    {
      filename: at('apps/server/src/modules/sevis/operations/x.ts'),
      code: 'tx.execute(sql`update sevis_pending_events set status = ${s}`);',
      errors: [{ messageId: 'sql' }],
    },
    {
      filename: at('apps/server/src/modules/students/operations/x.ts'),
      code: "import { auditEvents } from '../../../platform/audit/schema.js';\ntx.insert(auditEvents);",
      errors: [{ messageId: 'orm' }],
    },
  ],
});
