import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

/**
 * Field configuration (docs/product/field-configuration.md#who-may-configure): super users and officers of every
 * campus site change the settings (the demo officer is one of Main Campus only); every signed-in user reads what
 * the settings mean for their own role.
 */
const CONFIGURERS: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };
const EVERYONE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 };

const FIELD = { formKey: 'cpt_request', fieldName: 'cpt_employment_remark' };

/** The field's current version, so each call is a valid save (not a stale one). */
async function version(m: TMatrixContext): Promise<number> {
  const [row] = await m.t.sql<{ version: number }>(
    'select version from field_settings where institution_id = $1 and form_key = $2 and field_name = $3',
    [m.t.institutionA, FIELD.formKey, FIELD.fieldName],
  );
  return row?.version ?? 0;
}

export const FIELD_CONFIGURATION_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/field-configuration', access: 'fields.configure', request: () => ({}), expect: CONFIGURERS },
  { method: 'GET', path: '/api/field-configuration/mine', access: 'authenticated', request: () => ({}), expect: EVERYONE },
  {
    method: 'PUT',
    path: '/api/field-configuration/:formKey/:fieldName',
    access: 'fields.configure',
    request: async (m) => ({ params: FIELD, body: { label: 'Anything else for the office', version: await version(m) } }),
    expect: CONFIGURERS,
  },
  {
    method: 'DELETE',
    path: '/api/field-configuration/:formKey/:fieldName',
    access: 'fields.configure',
    request: () => ({ params: FIELD }),
    expect: CONFIGURERS,
  },
];
