import { randomBytes, sign as rsaSign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import xmlenc from 'xml-encryption';
import { b64OfPem, generateSpKeyPair } from '../../src/modules/auth/sso/saml.js';

/**
 * A SAML 2.0 identity provider for tests, with keys of its own: it publishes metadata, answers the
 * portal's AuthnRequest (HTTP-Redirect) with a login form whose answer is an auto-posted signed
 * response (HTTP-POST), and can forge every kind of bad response a test needs (unsigned, signed by a
 * stranger, tampered, expired, for another audience, for another request, replayed, not encrypted).
 */

export const ATTR = {
  eppn: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  affiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
} as const;

export const MFA_CONTEXT = 'https://refeds.org/profile/mfa';
export const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

export interface TSamlAnswer {
  /** The request answered (its ID); null for an IdP-initiated response. */
  inResponseTo: string | null;
  acsUrl: string;
  audience: string;
  /** eduPersonPrincipalName; also the NameID. */
  eppn: string;
  mail?: string;
  givenName?: string;
  sn?: string;
  affiliation?: string[];
  authnContext?: string;
  /** 'assertion' (default), 'none', or 'stranger' (signed by a key the portal does not trust). */
  sign?: 'assertion' | 'none' | 'stranger';
  /** Seconds from now when the assertion stops being valid (default 300; negative = expired). */
  validFor?: number;
  /** Seconds added to the moment the assertion claims it was issued. */
  issuedShift?: number;
  /** Changes the signed eduPersonPrincipalName after signing. */
  tamperTo?: string;
  /** The portal's certificate (PEM): the assertion is encrypted for it. */
  encryptFor?: string;
  assertionId?: string;
  issuer?: string;
}

export interface TSamlIdp {
  url: string;
  entityId: string;
  metadataUrl: string;
  metadata(): string;
  /** Publishes a second signing certificate and signs with it from now on (the old one stays in the metadata until dropOld). */
  rollover(dropOld?: boolean): void;
  /** A base64 SAMLResponse as the provider would post it. */
  answer(a: TSamlAnswer): Promise<string>;
  /** The request the portal sent in a redirect URL: its ID and where to answer. */
  readRequest(redirectUrl: string): { id: string; acsUrl: string; issuer: string; relayState: string };
  /** The query of a signed LogoutRequest (HTTP-Redirect) the provider sends when the person signs out elsewhere. */
  logoutRequestQuery(nameId: string, destination: string, opts?: { stranger?: boolean }): string;
  /** Who signs in at the login form (defaults: affiliation student, the user name as eduPersonPrincipalName). */
  people: Map<string, Partial<TSamlAnswer>>;
  close(): Promise<void>;
}

const now = (shiftS = 0) => new Date(Date.now() + shiftS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const id = () => `_${randomBytes(16).toString('hex')}`;

export async function startSamlIdp(): Promise<TSamlIdp> {
  let keys = [generateSpKeyPair('Test campus IdP signing 1')];
  const stranger = generateSpKeyPair('Someone else');
  const people = new Map<string, Partial<TSamlAnswer>>();
  let base = '';

  const metadata = () => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${base}/idp">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
${keys
  .map(
    (k) =>
      `    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${b64OfPem(k.certPem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
  )
  .join('\n')}
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/slo"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  const signer = () => keys[keys.length - 1]!;

  async function answer(a: TSamlAnswer): Promise<string> {
    const issuer = a.issuer ?? `${base}/idp`;
    const validFor = a.validFor ?? 300;
    const issued = a.issuedShift ?? 0;
    const aid = a.assertionId ?? id();
    const attr = (name: string, values: string[]) =>
      values.length
        ? `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">${values
            .map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`)
            .join('')}</saml:Attribute>`
        : '';
    const irt = a.inResponseTo ? ` InResponseTo="${a.inResponseTo}"` : '';
    let assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${aid}" Version="2.0" IssueInstant="${now(issued)}"><saml:Issuer>${esc(issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(a.eppn)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${now(validFor)}" Recipient="${esc(a.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${now(issued - 30)}" NotOnOrAfter="${now(validFor)}"><saml:AudienceRestriction><saml:Audience>${esc(a.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now(issued)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>${esc(a.authnContext ?? PASSWORD_CONTEXT)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${[
      attr(ATTR.eppn, [a.eppn]),
      attr(ATTR.mail, a.mail ? [a.mail] : []),
      attr(ATTR.givenName, a.givenName ? [a.givenName] : []),
      attr(ATTR.sn, a.sn ? [a.sn] : []),
      attr(ATTR.affiliation, a.affiliation ?? ['student']),
    ].join('')}</saml:AttributeStatement></saml:Assertion>`;
    const sign = a.sign ?? 'assertion';
    if (sign !== 'none') {
      const k = sign === 'stranger' ? stranger : signer();
      const sig = new SignedXml({
        privateKey: k.keyPem,
        publicCert: k.certPem,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      sig.addReference({
        xpath: "/*[local-name(.)='Assertion']",
        transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      sig.computeSignature(assertion, {
        location: { reference: "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      });
      assertion = sig.getSignedXml();
    }
    if (a.tamperTo) assertion = assertion.split(`>${esc(a.eppn)}<`).join(`>${esc(a.tamperTo)}<`);
    if (a.encryptFor) {
      const encrypted = await new Promise<string>((resolve, reject) =>
        xmlenc.encrypt(
          assertion,
          {
            rsa_pub: a.encryptFor!,
            pem: a.encryptFor!,
            encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
            keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
            disallowEncryptionWithInsecureAlgorithm: true,
            warnInsecureAlgorithm: false,
          },
          (err, result) => (err ? reject(err) : resolve(result)),
        ),
      );
      assertion = `<saml:EncryptedAssertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${encrypted}</saml:EncryptedAssertion>`;
    }
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${now(issued)}" Destination="${esc(a.acsUrl)}"${irt}><saml:Issuer>${esc(issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    return Buffer.from(response, 'utf8').toString('base64');
  }

  function readRequest(redirectUrl: string) {
    const u = new URL(redirectUrl);
    const xml = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
    const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '';
    return { id: attr('ID'), acsUrl: attr('AssertionConsumerServiceURL'), issuer, relayState: u.searchParams.get('RelayState') ?? '' };
  }

  function logoutRequestQuery(nameId: string, destination: string, opts: { stranger?: boolean } = {}): string {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${now()}" Destination="${esc(destination)}"><saml:Issuer>${esc(`${base}/idp`)}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(nameId)}</saml:NameID></samlp:LogoutRequest>`;
    const signed = `SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}&SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`;
    const key = opts.stranger ? stranger.keyPem : signer().keyPem;
    return `${signed}&Signature=${encodeURIComponent(rsaSign('RSA-SHA256', Buffer.from(signed), key).toString('base64'))}`;
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata());
      return;
    }
    if (url.pathname === '/sso' && req.method === 'GET') {
      const r = readRequest(url.href);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><title>Campus sign-in</title></head><body><main>
<h1>Test campus sign-in</h1>
<form method="post" action="/sso/login">
<input type="hidden" name="id" value="${esc(r.id)}"><input type="hidden" name="acs" value="${esc(r.acsUrl)}"><input type="hidden" name="aud" value="${esc(r.issuer)}"><input type="hidden" name="relay" value="${esc(r.relayState)}">
<label>Campus user name <input name="username" autocomplete="username"></label>
<button type="submit">Sign in at the campus</button>
</form></main></body></html>`);
      return;
    }
    if (url.pathname === '/sso/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const f = new URLSearchParams(body);
        const user = f.get('username') ?? '';
        const who = people.get(user) ?? {};
        void answer({ inResponseTo: f.get('id'), acsUrl: f.get('acs') ?? '', audience: f.get('aud') ?? '', eppn: user, ...who }).then(
          (saml) => {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
              .end(`<!doctype html><html lang="en"><head><title>Returning</title></head><body>
<form id="f" method="post" action="${esc(f.get('acs') ?? '')}"><input type="hidden" name="SAMLResponse" value="${saml}"><input type="hidden" name="RelayState" value="${esc(f.get('relay') ?? '')}"><noscript><button>Continue</button></noscript></form>
<script>document.getElementById('f').submit()</script></body></html>`);
          },
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    entityId: `${base}/idp`,
    metadataUrl: `${base}/metadata`,
    metadata,
    rollover(dropOld = false) {
      const next = generateSpKeyPair(`Test campus IdP signing ${keys.length + 1}`);
      keys = dropOld ? [next] : [...keys, next];
    },
    answer,
    readRequest,
    logoutRequestQuery,
    people,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
