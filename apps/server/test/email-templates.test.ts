import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesApi, type TSession } from '@meridian/domain';
import { emailHtmlToText, sanitizeEmailHtml } from '../src/modules/messages/templates/sanitize-html.js';
import { createTestApp, type TTestApp } from './app.js';
import { call, linkIn, mailsTo } from './http.js';
import { buildRequest, buildStudent } from './factories/index.js';

// docs/product/messages.md#e-mail-templates: the office's templates and its wording of the system's messages.
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
const HOST_B = 'other.test';
const BASE = '/api/messages/email-templates';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
  student = await t.login('student');
});
afterAll(() => t?.close());

const body = (over: Partial<messagesApi.TSaveEmailTemplateInput> = {}): messagesApi.TSaveEmailTemplateInput => ({
  name: 'Welcome',
  recordKind: 'student',
  subject: 'Welcome, {{student.firstName}}',
  bodyHtml: '<p>Hello <strong>{{student.firstName}}</strong>, welcome to {{general.institutionName}}.</p>',
  ...over,
});

describe('saving makes versions', () => {
  it('creates version 1, an update makes version 2, and an old version restored becomes version 3', async () => {
    const created = await call(t, 'POST', BASE, { as: officer, body: body() });
    expect(created.statusCode, created.body).toBe(200);
    const tpl = created.json<messagesApi.TEmailTemplate>();
    expect(tpl).toMatchObject({ isSystem: false, currentVersion: 1, versions: [{ version: 1 }] });
    expect(tpl.bodyText).toBe('Hello {{student.firstName}}, welcome to {{general.institutionName}}.');

    const updated = await call(t, 'PUT', `${BASE}/${tpl.id}`, { as: officer, body: body({ subject: 'Hi {{student.lastName}}' }) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ currentVersion: 2, subject: 'Hi {{student.lastName}}' });
    expect(updated.json<messagesApi.TEmailTemplate>().versions.map((v) => v.version)).toEqual([2, 1]);

    const restored = await call(t, 'POST', `${BASE}/${tpl.id}/versions/1/restore`, { as: officer });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ currentVersion: 3, subject: 'Welcome, {{student.firstName}}' });

    const got = await call(t, 'GET', `${BASE}/${tpl.id}`, { as: admin });
    expect(got.json<messagesApi.TEmailTemplate>().versions).toHaveLength(3);
    expect((await call(t, 'POST', `${BASE}/${tpl.id}/versions/9/restore`, { as: officer })).statusCode).toBe(404);

    const list = await call(t, 'GET', `${BASE}?kind=office&q=welcome`, { as: officer });
    expect(list.json<messagesApi.TEmailTemplatePage>().items.map((i) => i.id)).toContain(tpl.id);

    expect((await call(t, 'DELETE', `${BASE}/${tpl.id}`, { as: officer })).statusCode).toBe(200);
    expect((await call(t, 'GET', `${BASE}/${tpl.id}`, { as: officer })).statusCode).toBe(404);
  });

  it("another institution does not find the office's template", async () => {
    const tpl = (await call(t, 'POST', BASE, { as: officer, body: body({ name: 'Ours' }) })).json<messagesApi.TEmailTemplate>();
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'GET', `${BASE}/${tpl.id}`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `${BASE}/${tpl.id}`, { as: adminB, host: HOST_B, body: body() })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `${BASE}/${tpl.id}`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
  });
});

describe('merge tags are checked when the template is saved', () => {
  it('refuses an unknown tag on the subject, and a tag the kind of record cannot fill on the body, naming them', async () => {
    const res = await call(t, 'POST', BASE, { as: officer, body: body({ subject: 'Hi {{student.nickname}}' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.subject).toEqual(['Unknown merge tag: {{student.nickname}}.']);

    const na = await call(t, 'POST', BASE, { as: officer, body: body({ bodyHtml: '<p>{{scholar.position}} and {{opt.endDate}}</p>' }) });
    expect(na.statusCode).toBe(422);
    expect(na.json().fieldErrors.bodyHtml).toEqual(['Not available for this kind of record: {{scholar.position}}.']);
  });

  it('refuses an empty body and a missing name on their fields', async () => {
    const res = await call(t, 'POST', BASE, { as: officer, body: body({ bodyHtml: '<p><script>x</script></p>' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.bodyHtml).toEqual([messagesApi.MSG_EMAIL_TEMPLATES.bodyRequired]);
    const noName = await call(t, 'POST', BASE, { as: officer, body: body({ name: '  ' }) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fieldErrors.name).toEqual([messagesApi.MSG_EMAIL_TEMPLATES.nameRequired]);
  });
});

describe('the HTML from the editor is cleaned on save', () => {
  const hostile: [string, string][] = [
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    [
      '<img src="https://x.test/a.png" onerror="alert(1)">',
      '<img src="https://x.test/a.png" alt="" width="552" style="max-width:100%;height:auto">',
    ],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<svg><script>alert(1)</script><p>in svg</p></svg>ok', 'ok'],
    ['<p style="background:url(javascript:alert(1))" onclick="x()">t</p>', '<p>t</p>'],
    ['<iframe src="https://evil.test"></iframe><p>after</p>', '<p>after</p>'],
    ['<!-- <script>alert(1)</script> --><p>c</p>', '<p>c</p>'],
    ['<p>a</p><style>p{background:url(https://evil.test)}</style>', '<p>a</p>'],
    ['<p><b>bold</b> <i>it</i> <u>u</u> <s>s</s></p>', '<p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>'],
    ['<ul><li>one<li>two</ul>', '<ul><li>one<li>two</li></li></ul>'],
    ['<h1>T</h1><blockquote>q</blockquote><hr><br>', '<h1>T</h1><blockquote>q</blockquote><hr><br>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    [
      '<img src="data:image/png;base64,iVBORw0KGgo=" width="9000" alt="logo">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo" width="552" style="max-width:100%;height:auto">',
    ],
    [
      '<a href="https://ok.test/?a=1&amp;b=2" target="_self">ok</a>',
      '<a href="https://ok.test/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">ok</a>',
    ],
    ['<p title="x" class="y">&lt;b&gt;</p>', '<p>&lt;b&gt;</p>'],
    ['<p>unclosed <strong>bold', '<p>unclosed <strong>bold</strong></p>'],
    ['</p></strong>stray<a', 'stray'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
  ];
  it.each(hostile)('%s', (input, expected) => {
    expect(sanitizeEmailHtml(input)).toBe(expected);
  });

  it('keeps a link that starts with a merge tag only when saving (it is cleaned again once filled)', () => {
    expect(sanitizeEmailHtml('<a href="{{general.portalLink}}/x">p</a>', { allowTagLinks: true })).toBe(
      '<a href="{{general.portalLink}}/x" rel="noopener noreferrer" target="_blank">p</a>',
    );
    expect(sanitizeEmailHtml('<a href="{{general.portalLink}}/x">p</a>')).toBe('<a>p</a>');
  });

  it('derives the plain text: paragraphs apart, lists marked, links written out', () => {
    expect(
      emailHtmlToText(
        '<h1>Title</h1><p>A &amp; B<br>next</p><ul><li><p>one</p></li><li>two</li></ul><p><a href="https://x.test">here</a></p>',
      ),
    ).toBe('Title\n\nA & B\nnext\n\n- one\n\n- two\n\nhere (https://x.test)');
  });

  it('stores the cleaned HTML', async () => {
    const res = await call(t, 'POST', BASE, {
      as: officer,
      body: body({ bodyHtml: '<p onclick="x()">Hi {{student.firstName}}<img src=x onerror=alert(1)><script>alert(1)</script></p>' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bodyHtml).toBe('<p>Hi {{student.firstName}}</p>');
  });
});

describe('preview', () => {
  it('fills a value holding markup and a tag as inert text', async () => {
    const s = await buildStudent(t, { firstName: '<script>alert(1)</script>', lastName: '{{student.firstName}}' });
    const res = await call(t, 'POST', `${BASE}/preview`, {
      as: officer,
      body: {
        recordKind: 'student',
        subject: 'For {{student.firstName}} {{student.lastName}}',
        bodyHtml: '<p>Dear {{student.firstName}} {{student.lastName}}</p>',
        record: { kind: 'student', id: s.id },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<messagesApi.TEmailPreview>();
    expect(p.html).toBe('<p>Dear &lt;script&gt;alert(1)&lt;/script&gt; {{student.firstName}}</p>');
    expect(p.subject).toBe('For <script>alert(1)</script> {{student.firstName}}');
    expect(p.text).toBe('Dear <script>alert(1)</script> {{student.firstName}}');
  });

  it("is not found for another institution's record or another campus site's", async () => {
    const med = await buildStudent(t, { site: 'MED' });
    const input = (id: string) => ({ recordKind: 'student', subject: 's', bodyHtml: '<p>x</p>', record: { kind: 'student', id } });
    expect((await call(t, 'POST', `${BASE}/preview`, { as: officer, body: input(med.id) })).statusCode).toBe(404);
    const adminB = await t.login('admin', { host: HOST_B });
    const mine = await buildStudent(t);
    expect((await call(t, 'POST', `${BASE}/preview`, { as: adminB, host: HOST_B, body: input(mine.id) })).statusCode).toBe(404);
    expect((await call(t, 'POST', `${BASE}/preview`, { as: admin, body: input(med.id) })).statusCode).toBe(200);
  });

  it("on a request, fills the request's own values and, for what only the sending event knows, the examples", async () => {
    const r = await buildRequest(t, { status: 'submitted' });
    const res = await call(t, 'POST', `${BASE}/preview`, {
      as: officer,
      body: {
        recordKind: 'request',
        subject: 'Request #{{request.number}}',
        bodyHtml: '<p>Your request #{{request.number}} {{request.event}}.</p>',
        record: { kind: 'request', id: r.id },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: `Request #${r.number}`, html: `<p>Your request #${r.number} was approved.</p>` });
    // A record's empty value stays empty: an F-1 record without OPT shows no example OPT dates.
    const s = await buildStudent(t);
    const opt = await call(t, 'POST', `${BASE}/preview`, {
      as: officer,
      body: { recordKind: 'student', subject: 'x', bodyHtml: '<p>OPT [{{opt.startDate}}]</p>', record: { kind: 'student', id: s.id } },
    });
    expect(opt.json().html).toBe('<p>OPT []</p>');
  });

  it('without a record, fills the examples of the catalogue', async () => {
    const res = await call(t, 'POST', `${BASE}/preview`, {
      as: officer,
      body: { recordKind: 'student', subject: '{{student.firstName}}', bodyHtml: '<p>{{student.sevisId}}</p>' },
    });
    expect(res.json()).toMatchObject({ subject: 'Ana', html: '<p>N0012345678</p>' });
  });
});

describe('send a test to oneself', () => {
  it('lands in the outbox addressed to the signed-in staff member only', async () => {
    const s = await buildStudent(t, { firstName: 'Testy' });
    const [me] = await t.sql<{ email: string }>(`select email from users where user_name = 'officer' limit 1`);
    const before = await t.sql<{ n: string }>('select count(*)::text as n from outbox');
    const res = await call(t, 'POST', `${BASE}/send-test`, {
      as: officer,
      body: {
        recordKind: 'student',
        subject: 'Hi {{student.firstName}}',
        bodyHtml: '<p>Body {{student.firstName}}</p>',
        record: { kind: 'student', id: s.id },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.sql<{ n: string }>('select count(*)::text as n from outbox');
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    const [mail] = await mailsTo(t, me!.email);
    expect(mail).toMatchObject({ subject: '[Test] Hi Testy', text_body: 'Body Testy', purpose: 'email-template.test' });
    const [html] = await t.sql<{ html_body: string }>('select html_body from outbox where id = $1', [mail!.id]);
    expect(html!.html_body).toContain('<p>Body Testy</p>');
    expect(html!.html_body).toContain('International Student and Scholar Services');
  });
});

describe('system messages', () => {
  const KEY = 'request.decided';
  const decide = async (message: string) => {
    const r = await buildRequest(t, { status: 'submitted' });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, {
      as: officer,
      body: { action: 'request_clarification', message },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t, 'student@demo.example.edu');
    const [row] = await t.sql<{ html_body: string }>('select html_body from outbox where id = $1', [mail!.id]);
    return { r, mail: mail!, html: row!.html_body };
  };

  it('are listed as system messages with their default wording', async () => {
    const res = await call(t, 'GET', `${BASE}?kind=system`, { as: officer });
    const keys = res.json<messagesApi.TEmailTemplatePage>().items.map((i) => i.key);
    expect(keys).toEqual(expect.arrayContaining(['request.decided', 'request.submitted', 'approval.needed', 'document.rejected']));
    const sys = await call(t, 'GET', `/api/messages/system-emails/${KEY}`, { as: officer });
    expect(sys.json()).toMatchObject({
      isSystem: true,
      isEdited: false,
      id: null,
      subject: 'Request #{{request.number}}: {{request.status}}',
    });
  });

  it('the edited wording is what the next such e-mail uses; reset goes back to the default and keeps the versions', async () => {
    const plain = await decide('Which term?');
    expect(plain.mail.subject).toMatch(new RegExp(`^Request #${plain.r.number}: \\w`));
    expect(plain.mail.text_body).toMatch(/^Your .+ request #\d+ .+\.\n\n[\s\S]*Which term\?\n\nSign in to the portal to see it: .+\/\n$/);

    const saved = await call(t, 'PUT', `/api/messages/system-emails/${KEY}`, {
      as: officer,
      body: {
        subject: 'Update on #{{request.number}}',
        bodyHtml: '<p>Dear student, your <em>{{request.type}}</em> request {{request.event}}.</p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ isEdited: true, currentVersion: 1 });
    const edited = await decide('Which year?');
    expect(edited.mail.subject).toBe(`Update on #${edited.r.number}`);
    expect(edited.mail.text_body).toMatch(/^Dear student, your .+ request .+\.$/);
    expect(edited.html).toContain('<p>Dear student, your <em>');

    const refused = await call(t, 'PUT', `/api/messages/system-emails/${KEY}`, {
      as: officer,
      body: { subject: 'x {{student.firstName}}', bodyHtml: '<p>x</p>' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fieldErrors.subject).toEqual(['Not available for this kind of record: {{student.firstName}}.']);

    const reset = await call(t, 'POST', `/api/messages/system-emails/${KEY}/reset`, { as: officer });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ isEdited: false, currentVersion: 2, subject: 'Request #{{request.number}}: {{request.status}}' });
    const back = await decide('Which day?');
    expect(back.mail.text_body).toMatch(/^Your .+ request #\d+ .+\.\n\n[\s\S]*Which day\?\n\nSign in to the portal to see it: .+\/\n$/);

    // A system message is not deleted: it is reset.
    const id = reset.json<messagesApi.TEmailTemplate>().id!;
    expect((await call(t, 'DELETE', `${BASE}/${id}`, { as: officer })).json().message).toBe(
      messagesApi.MSG_EMAIL_TEMPLATES.systemNotDeleted,
    );
  });
});

describe('the account messages', () => {
  const forgot = async () => {
    const res = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'student@demo.example.edu', portal: 'student' } });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t, 'student@demo.example.edu');
    const [row] = await t.sql<{ html_body: string }>('select html_body from outbox where id = $1', [mail!.id]);
    return { mail: mail!, html: row!.html_body };
  };

  it('the invitation, password reset and sign-in link are listed with the wording the portal has always sent', async () => {
    const res = await call(t, 'GET', `${BASE}?kind=system`, { as: officer });
    const keys = res.json<messagesApi.TEmailTemplatePage>().items.map((i) => i.key);
    expect(keys).toEqual(expect.arrayContaining(['account.invitation', 'account.passwordReset', 'account.signInLink']));
    // Unedited, the reset e-mail is word for word what it was before it could be edited.
    const plain = await forgot();
    expect(plain.mail.subject).toMatch(/^.+: reset your password$/);
    expect(plain.mail.text_body).toMatch(
      /^Hello \S+,\n\nWe received a request to reset the password of your .+ portal account\.\nChoose a new password with this link:\n\nhttps:\/\/\S+\/#\/login\/student\/pass-reset\/[A-Za-z0-9_-]+\n\nThe link works once and expires in 1 hour\. If you did not expect this message, you can ignore it\.\n$/,
    );
  });

  it("an office's wording of the reset e-mail is sent, with a link that works, its expiry in the office's time zone", async () => {
    const saved = await call(t, 'PUT', '/api/messages/system-emails/account.passwordReset', {
      as: officer,
      body: {
        subject: 'New password for {{account.email}}',
        bodyHtml:
          '<p>Dear {{account.firstName}},</p><p><a href="{{account.resetLink}}">Choose a new password</a> before {{account.linkExpires}} ({{account.linkValidFor}}).</p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = await forgot();
    expect(edited.mail.subject).toBe('New password for student@demo.example.edu');
    expect(edited.html).toMatch(/<a href="https:\/\/[^"]+\/#\/login\/student\/pass-reset\/[A-Za-z0-9_-]+"[^>]*>Choose a new password<\/a>/);
    // The link written out in the plain text is the one that sets the password; the expiry names the zone.
    expect(edited.mail.text_body).toMatch(/before \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}.* \(1 hour\)/);
    const { token } = linkIn(edited.mail.text_body);
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token } })).statusCode).toBe(200);
    // A tag the message cannot fill is refused on save.
    const refused = await call(t, 'PUT', '/api/messages/system-emails/account.passwordReset', {
      as: officer,
      body: { subject: 'x', bodyHtml: '<p>{{student.sevisId}}</p>' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fieldErrors.bodyHtml).toEqual(['Not available for this kind of record: {{student.sevisId}}.']);
    await call(t, 'POST', '/api/messages/system-emails/account.passwordReset/reset', { as: officer });
  });
});

describe('who may edit templates', () => {
  it('a student and an assistant are refused', async () => {
    expect((await call(t, 'GET', BASE, { as: student })).statusCode).toBe(403);
    const assistant = await t.login('assistant');
    expect((await call(t, 'POST', BASE, { as: assistant, body: body() })).statusCode).toBe(403);
  });
});
