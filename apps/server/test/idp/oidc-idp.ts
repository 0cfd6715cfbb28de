import { createServer } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/** A real OpenID provider (oidc-provider) on this machine, for single sign-on tests. */
export interface TOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signs `account` in at the provider from the authorization URL, and answers where it sends the browser back. */
  signIn(authorizationUrl: string, account: string): Promise<URL>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startOidcIdp(redirectUris: string[]): Promise<TOidcIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'meridian-portal';
  const clientSecret = 'a-long-client-secret-for-tests-only-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    // eduPersonPrincipalName-like identifiers: the account id is the portal user name; e-mail is deliberately different.
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: `subject-${id}`, preferred_username: id, email: `${id}@mail.example.edu` }),
    }),
    claims: { openid: ['sub', 'amr'], profile: ['preferred_username'], email: ['email'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    ttl: { AuthorizationCode: 60, IdToken: 300, Session: 600, Interaction: 300, Grant: 600 },
  });
  // The login form's answer, as a campus provider would give it: who signed in and how (amr). Accounts
  // whose name ends in .pwdonly used a password alone; everyone else a second factor too. Consent stays
  // with the provider's own development pages.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'POST' && /^\/interaction\/[^/]+$/.test(ctx.path)) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.prompt.name === 'login') {
        const chunks: Buffer[] = [];
        for await (const c of ctx.req) chunks.push(c as Buffer);
        const account = new URLSearchParams(Buffer.concat(chunks).toString()).get('login') ?? '';
        const amr = account.endsWith('.pwdonly') ? ['pwd'] : ['pwd', 'mfa'];
        const to = await provider.interactionResult(
          ctx.req,
          ctx.res,
          { login: { accountId: account, amr } },
          { mergeWithLastSubmission: false },
        );
        ctx.status = 303;
        ctx.redirect(to);
        return;
      }
    }
    await next();
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });

  const signIn = async (authorizationUrl: string, account: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    };
    let url = new URL(authorizationUrl);
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (url.origin !== issuer) return url;
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(body ? { body } : {}),
      });
      keep(res);
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
      const form = new URLSearchParams();
      for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form.set(m[1]!, m[2]!);
      if (/name="login"/.test(html)) {
        form.set('prompt', 'login');
        form.set('login', account);
        form.set('password', 'any');
      } else form.set('prompt', 'consent');
      url = new URL(action.replace(/&amp;/g, '&'), url);
      method = 'POST';
      body = form.toString();
    }
    throw new Error('the provider never sent the browser back');
  };

  return { issuer, clientId, clientSecret, signIn, close: () => new Promise((r) => server.close(() => r())) };
}
