import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, type TSession } from '@meridian/domain';
import { createTestApp, DEMO_PASSWORD, type TTestApp } from './app.js';
import { call } from './http.js';
import { refreshSamlMetadata } from '../src/modules/auth/daily-jobs.js';
import { MFA_CONTEXT, startSamlIdp, type TSamlAnswer, type TSamlIdp } from './idp/saml-idp.js';

// docs/product/single-sign-on.md#saml-20: campus sign-in through a SAML 2.0 identity provider started
// here with keys of its own; every bad answer the SAML specification (saml-core-2.0-os §2.5, §2.7.2,
// §3.4; saml-profiles-2.0-os §4.1.4.3) tells a service provider to refuse is refused here.
let t: TTestApp;
let admin: TSession;
let idp: TSamlIdp;
let sp: authApi.TSsoConfig['saml'];

const samlConfig = (over: Partial<authApi.TSaveSamlConfigInput> = {}) => ({
  kind: 'saml' as const,
  enabled: true,
  allowedRoles: ['ISSSstudent', 'scholar'],
  idpMetadataUrl: idp.metadataUrl,
  idpMetadataXml: '',
  wantEncrypted: false,
  idpInitiated: false,
  attributes: { ...authApi.SAML_DEFAULT_ATTRIBUTES },
  jitEnabled: false,
  passwordOffRoles: [],
  ...over,
});

async function save(over: Partial<authApi.TSaveSamlConfigInput> = {}) {
  const res = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: samlConfig(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<authApi.TSsoConfig>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  idp = await startSamlIdp();
  sp = (await save()).saml;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

/** The portal's AuthnRequest, as the provider receives it. */
async function startAt(portal: 'student' | 'scholar' = 'student') {
  const start = await call(t, 'GET', '/api/auth/sso/start', { query: { portal } });
  expect(start.statusCode).toBe(302);
  const to = String(start.headers.location);
  expect(to.startsWith(`${idp.url}/sso?SAMLRequest=`)).toBe(true);
  return idp.readRequest(to);
}

/** The browser posting the provider's answer to the assertion consumer service. */
async function post(samlResponse: string, relayState = 'student') {
  const res = await call(t, 'POST', '/api/auth/saml/acs', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return String(res.headers.location);
}

async function answerFor(eppn: string, over: Partial<TSamlAnswer> = {}) {
  const req = await startAt();
  return idp.answer({ inResponseTo: req.id, acsUrl: req.acsUrl, audience: req.issuer, eppn, ...over });
}

const count = async (table: string) => (await t.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const lastRefusal = async () =>
  (
    await t.sql<{ after: { reason: string } }>(`select after from audit_events where action = 'auth.sso.failed' order by id desc limit 1`)
  )[0]?.after.reason;

const userNameOf = async (s: TSession | authApi.TMfaChallenge) =>
  s.type === 'session' ? (await t.sql<{ user_name: string }>('select user_name from users where id = $1', [s.userId]))[0]?.user_name : null;

async function exchange(location: string) {
  const code = /sso\/([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  expect(code, location).toBeTruthy();
  const res = await call(t, 'POST', '/api/auth/sso/exchange', { body: { code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ session: TSession | authApi.TMfaChallenge }>().session;
}

describe('SAML settings', () => {
  it('read the provider from its metadata and publish this portal as a service provider, never its private key', async () => {
    const cfg = (await call(t, 'GET', '/api/auth/sso/config', { as: admin })).json<authApi.TSsoConfig>();
    expect(cfg.kind).toBe('saml');
    expect(cfg.saml.idpEntityId).toBe(idp.entityId);
    expect(cfg.saml.idpSsoUrl).toBe(`${idp.url}/sso`);
    expect(cfg.saml.idpSloUrl).toBe(`${idp.url}/slo`);
    expect(cfg.saml.idpCertificates).toHaveLength(1);
    expect(JSON.stringify(cfg)).not.toContain('PRIVATE KEY');

    const md = await call(t, 'GET', '/api/auth/saml/metadata');
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(md.body).toContain(`entityID="${sp.spEntityId}"`);
    expect(md.body).toContain(`Location="${sp.acsUrl}"`);
    expect(md.body).toMatch(/X509Certificate>[A-Za-z0-9+/=\s]{100,}</);
    expect(md.body).not.toContain('PRIVATE');
  });

  it('refuse on its field metadata that does not describe an identity provider, an address that does not answer, and matching by e-mail', async () => {
    const junk = await call(t, 'PUT', '/api/auth/sso/config', {
      as: admin,
      body: samlConfig({ idpMetadataUrl: '', idpMetadataXml: '<EntityDescriptor entityID="x"/>' }),
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ fieldErrors: { idpMetadataXml: [authApi.MSG_SSO.metadataInvalid] } });

    const gone = await call(t, 'PUT', '/api/auth/sso/config', { as: admin, body: samlConfig({ idpMetadataUrl: 'http://127.0.0.1:9/md' }) });
    expect(gone.json()).toMatchObject({ fieldErrors: { idpMetadataUrl: [authApi.MSG_SSO.metadataUnreachable] } });

    const byMail = await call(t, 'PUT', '/api/auth/sso/config', {
      as: admin,
      body: samlConfig({ attributes: { ...authApi.SAML_DEFAULT_ATTRIBUTES, match: 'urn:oid:0.9.2342.19200300.100.1.3' } }),
    });
    expect(byMail.json()).toMatchObject({ fieldErrors: { 'attributes.match': [authApi.MSG_SSO.notByEmail] } });

    // Pasted metadata works as well as an address; what was saved is unchanged by the refusals.
    const pasted = await save({ idpMetadataUrl: '', idpMetadataXml: idp.metadata() });
    expect(pasted.saml.idpEntityId).toBe(idp.entityId);
    await save();
  });
});

describe('SAML sign-in', () => {
  it('a student signs in through the campus provider (SP-initiated, signed assertion)', async () => {
    const location = await post(await answerFor('student'));
    expect(location).toMatch(/^\/#\/login\/student\/sso\/[A-Za-z0-9_-]+$/);
    const session = await exchange(location);
    expect(session.type).toBe('session');
    expect(await userNameOf(session)).toBe('student');
  });

  it('refuses every bad answer with a clear reason, and creates nothing', async () => {
    const users = await count('users');
    const sessions = await count('sessions');
    const req = await startAt();
    const base = { inResponseTo: req.id, acsUrl: req.acsUrl, audience: req.issuer, eppn: 'student' };

    expect(await post(await idp.answer({ ...base, sign: 'none' }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/signature/i);

    expect(await post(await idp.answer({ ...base, sign: 'stranger' }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/signature/i);

    expect(await post(await idp.answer({ ...base, tamperTo: 'admin' }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/signature/i);

    expect(await post(await idp.answer({ ...base, audience: 'https://another-portal.example/sp' }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/audience/i);

    // Expired beyond the 3 minutes of clock skew allowed.
    expect(await post(await idp.answer({ ...base, validFor: -200, issuedShift: -500 }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/expired|no valid subject confirmation/i);

    // Not yet valid (issued in the future beyond the skew).
    expect(await post(await idp.answer({ ...base, issuedShift: 400, validFor: 700 }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/not yet valid/i);

    expect(await post(await idp.answer({ ...base, issuer: 'https://impostor.example/idp' }))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/issuer/i);

    // An answer to a request this portal never sent.
    expect(await post(await idp.answer({ ...base, inResponseTo: '_never-sent' }))).toBe('/#/login/student?sso=expired');
    expect(await lastRefusal()).toMatch(/InResponseTo/);

    // IdP-initiated sign-on is off by default.
    expect(await post(await idp.answer({ ...base, inResponseTo: null }))).toMatch(/\/#\/login\/student\?sso=(failed|expired)/);
    expect(await lastRefusal()).toMatch(/InResponseTo/);

    // Nobody was signed in, nobody was created.
    expect(await count('users')).toBe(users);
    expect(await count('sessions')).toBe(sessions);
  });

  it('a replayed answer is refused: the same response posted twice signs in once', async () => {
    const good = await answerFor('student');
    const first = await post(good);
    expect(first).toMatch(/sso\/[A-Za-z0-9_-]+$/);
    expect(await post(good)).toBe('/#/login/student?sso=expired');
    // The same assertion in answer to a new request is refused too.
    const req = await startAt();
    const again = await idp.answer({
      inResponseTo: req.id,
      acsUrl: req.acsUrl,
      audience: req.issuer,
      eppn: 'student',
      assertionId: '_same',
    });
    expect(await post(again)).toMatch(/sso\/[A-Za-z0-9_-]+$/);
    const req2 = await startAt();
    const replay = await idp.answer({
      inResponseTo: req2.id,
      acsUrl: req2.acsUrl,
      audience: req2.issuer,
      eppn: 'student',
      assertionId: '_same',
    });
    expect(await post(replay)).toBe('/#/login/student?sso=expired');
  });

  it('an unknown person with accounts-on-first-sign-in off is told so, and nothing is created', async () => {
    const users = await count('users');
    expect(await post(await answerFor('nobody.here', { affiliation: ['staff'], mail: 'nobody@example.edu' }))).toBe(
      '/#/login/student?sso=notLinked',
    );
    expect(await count('users')).toBe(users);
  });

  it('encrypted assertions are decrypted, and required when the institution asks', async () => {
    await save({ wantEncrypted: true });
    const md = await call(t, 'GET', '/api/auth/saml/metadata');
    const cert = `-----BEGIN CERTIFICATE-----\n${/X509Certificate>([^<]+)</.exec(md.body)![1]!.replace(/\s+/g, '')}\n-----END CERTIFICATE-----\n`;
    expect(await post(await answerFor('student'))).toBe('/#/login/student?sso=failed');
    expect(await lastRefusal()).toMatch(/not encrypted/i);
    const location = await post(await answerFor('student', { encryptFor: cert }));
    expect((await exchange(location)).type).toBe('session');
    await save();
  });

  it("follows the provider's signing certificate rollover: the new certificate works once the metadata is read again", async () => {
    idp.rollover(true);
    expect(await post(await answerFor('student'))).toBe('/#/login/student?sso=failed');
    const saved = await save();
    expect(saved.saml.idpCertificates).toHaveLength(1);
    expect((await exchange(await post(await answerFor('student')))).type).toBe('session');
    // During a rollover both certificates are published and trusted.
    idp.rollover(false);
    expect((await save()).saml.idpCertificates).toHaveLength(2);
    expect((await exchange(await post(await answerFor('student')))).type).toBe('session');
  });

  it("a rollover is picked up by the daily reading of the provider's metadata, without an administrator", async () => {
    await save();
    idp.rollover(true);
    expect(await post(await answerFor('student'))).toBe('/#/login/student?sso=failed');
    expect(await refreshSamlMetadata(t.services)).toBeGreaterThanOrEqual(1);
    expect((await exchange(await post(await answerFor('student')))).type).toBe('session');
    expect(await refreshSamlMetadata(t.services)).toBe(0);
  });

  it('IdP-initiated sign-on works only when turned on', async () => {
    await save({ idpInitiated: true });
    const location = await post(
      await idp.answer({ inResponseTo: null, acsUrl: sp.acsUrl, audience: sp.spEntityId, eppn: 'scholar' }),
      'scholar',
    );
    expect(location).toMatch(/^\/#\/login\/sso\//);
    expect(await userNameOf(await exchange(location))).toBe('scholar');
    await save();
  });

  it('accounts on first sign-in: a staff member gets an account with no permissions; a student does not', async () => {
    await save({ jitEnabled: true, allowedRoles: ['ISSSstudent', 'scholar', 'isssAdmin'] });
    const stamp = Date.now().toString(36);
    const newcomer = `new.advisor.${stamp}@example.edu`;
    const location = await post(
      await answerFor(newcomer, { affiliation: ['staff', 'member'], mail: `advisor.${stamp}@example.edu`, givenName: 'Ada', sn: 'Okafor' }),
    );
    const session = (await exchange(location)) as TSession;
    expect(await userNameOf(session)).toBe(newcomer);
    const [made] = await t.sql<{ role: string; staff_permissions: Record<string, unknown>; password_hash: string | null }>(
      'select role, staff_permissions, password_hash from users where user_name = $1',
      [newcomer],
    );
    expect(made).toMatchObject({ role: 'isssAdmin', password_hash: null });
    expect(made!.staff_permissions).toMatchObject({ isSuper: false, isOfficer: false, isAssistant: false });

    const users = await count('users');
    expect(await post(await answerFor(`new.student.${stamp}`, { affiliation: ['student'], mail: `s.${stamp}@example.edu` }))).toBe(
      '/#/login/student?sso=notLinked',
    );
    expect(await count('users')).toBe(users);
    await save();
  });

  it("takes the provider's word for a second factor (REFEDS MFA) and keeps it with the sign-in", async () => {
    await exchange(await post(await answerFor('student', { authnContext: MFA_CONTEXT })));
    const [login] = await t.sql<{ amr: string[] }>(`select amr from sso_logins where kind = 'saml' order by created_at desc limit 1`);
    expect(login?.amr).toEqual(['mfa']);
  });

  it('local passwords can be turned off for a kind of account', async () => {
    await save({ passwordOffRoles: ['ISSSstudent'] });
    const refused = await call(t, 'POST', '/api/auth/login', { body: { userName: 'student', password: DEMO_PASSWORD } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: authApi.MSG_SSO.passwordOff });
    // Nor is a password reset sent to them: the answer is the same, and no link is made.
    const [student] = await t.sql<{ id: string; email: string }>(`select id, email from users where user_name = 'student'`);
    const reset = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: student!.email, portal: 'student' } });
    expect(reset.statusCode).toBe(200);
    const [links] = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_events where action = 'auth.password-reset.requested' and entity_id = $1`,
      [student!.id],
    );
    expect(links!.n).toBe(0);
    // Staff still sign in with their password: only students were sent to single sign-on.
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'admin', password: DEMO_PASSWORD } })).statusCode).toBe(200);
    await save();
    // With single sign-on off, passwords work again whatever the setting says: nobody is locked out.
    await save({ enabled: false, passwordOffRoles: ['ISSSstudent'] });
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'student', password: DEMO_PASSWORD } })).statusCode).toBe(200);
    await save();
  });

  it('single logout: signing out here ends the session at the provider; signing out at the provider ends sessions here', async () => {
    const session = (await exchange(await post(await answerFor('student')))) as TSession;
    const out = await call(t, 'POST', '/api/auth/logout', { as: session, body: {} });
    expect(out.statusCode, out.body).toBe(200);
    const slo = out.json<{ singleLogoutUrl?: string }>().singleLogoutUrl ?? '';
    expect(slo.startsWith(`${idp.url}/slo?SAMLRequest=`)).toBe(true);
    expect(new URL(slo).searchParams.get('Signature')).toBeTruthy();

    // A session opened with a password ends here only.
    const byPassword = await t.login('scholar');
    expect((await call(t, 'POST', '/api/auth/logout', { as: byPassword, body: {} })).json()).toEqual({ ok: true });

    // The provider says the person signed out elsewhere on campus: their sessions here end.
    const live = (await exchange(await post(await answerFor('student')))) as TSession;
    expect((await call(t, 'GET', '/api/auth/me', { as: live })).statusCode).toBe(200);
    const forged = await call(t, 'GET', `/api/auth/saml/logout?${idp.logoutRequestQuery('student', sp.sloUrl, { stranger: true })}`);
    expect(forged.statusCode).toBe(302);
    expect((await call(t, 'GET', '/api/auth/me', { as: live })).statusCode).toBe(200);
    const real = await call(t, 'GET', `/api/auth/saml/logout?${idp.logoutRequestQuery('student', sp.sloUrl)}`);
    expect(real.statusCode).toBe(302);
    expect(String(real.headers.location).startsWith(`${idp.url}/slo?SAMLResponse=`)).toBe(true);
    expect((await call(t, 'GET', '/api/auth/me', { as: live })).statusCode).toBe(401);
  });
});
