import { authApi } from '@meridian/domain';

/** The opening of the OpenAPI document: how a person's browser and a campus system each sign their calls. */
export function openApiIntro(): string {
  const scopes = authApi.INTEGRATION_SCOPES.map((s) => `| \`${s.key}\` | ${s.label} | ${s.write ? 'any method' : 'GET only'} |`).join('\n');
  return `International student and scholar services portal.

## Signing calls

**People** sign in at \`POST /api/auth/login\` and send the access token it returns as
\`Authorization: Bearer <accessToken>\`; it lives a few minutes and is renewed with \`POST /api/auth/refresh\`.

**Campus systems** (the student information system, HR) use an *integration token* instead of a person's
password. A super user or officer creates one under *Integration Settings*: a name, its scopes and how long it
lives (at most a year). The secret (\`${authApi.INTEGRATION_TOKEN_PREFIX}…\`) is shown once; keep it in the
system's secret store. Send it the same way:

    curl -H "Authorization: Bearer ${authApi.INTEGRATION_TOKEN_PREFIX}…" https://<portal>/api/students?page=1&pageSize=100

A token acts for the staff member who created it, as they are today, and only within its scopes: a call
outside them answers 403 with code \`OUTSIDE_SCOPE\`; campus-site limits of the creator apply to every record.
If the creator is deactivated, or the token is revoked or expired, every call answers 401.
Each token may make ${authApi.INTEGRATION_CALLS_PER_MINUTE} calls a minute over all servers; beyond that the
answer is 429 with \`Retry-After\` (seconds). Every call is recorded in the audit trail (the settings page lists
a token's calls). Calls that start long work (an import) answer 202 with \`Location: /api/jobs/<id>\`, which any
token may follow.

| scope | allows | methods |
| --- | --- | --- |
${scopes}
`;
}
