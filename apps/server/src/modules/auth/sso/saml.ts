import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import forge from 'node-forge';

/** SAML 2.0 for campus single sign-on (docs/product/single-sign-on.md#saml-20). */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** How far apart this server's clock and the identity provider's may be. */
export const CLOCK_SKEW_MS = 3 * 60_000;
/** From the redirect to the provider until its answer comes back. */
export const REQUEST_VALID_MS = 10 * 60_000;

/** A request bookkeeping that keeps nothing (where this module records requests itself, or needs none). */
export const NO_BOOKKEEPING: CacheProvider = {
  saveAsync: () => Promise.resolve(null),
  getAsync: () => Promise.resolve(null),
  removeAsync: () => Promise.resolve(null),
};

/** What this portal needs from an identity provider's metadata. */
export interface TIdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  /** Every signing certificate published (base64 DER): during a rollover the old and the new. */
  certs: string[];
}

const httpish = (v: string) => /^https?:\/\//i.test(v) && URL.canParse(v);

/**
 * Reads an identity provider's metadata (an EntityDescriptor, or the first IdP in an EntitiesDescriptor).
 * Null when it is not metadata of an identity provider with a sign-on address and a signing certificate.
 * The parser resolves no external entities.
 */
export function parseIdpMetadata(xml: string): TIdpMetadata | null {
  let doc: Document;
  try {
    let broken = false;
    doc = new DOMParser({
      locator: {},
      errorHandler: {
        warning: () => {},
        error: () => {
          broken = true;
        },
        fatalError: () => {
          broken = true;
        },
      },
    }).parseFromString(xml, 'text/xml');
    if (broken || !doc?.documentElement) return null;
  } catch {
    return null;
  }
  const descriptors = Array.from(doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor'));
  const idp = descriptors[0];
  const entity = idp?.parentNode as Element | null;
  if (!idp || !entity || entity.localName !== 'EntityDescriptor') return null;
  const entityId = (entity.getAttribute('entityID') ?? '').trim();
  const endpoint = (name: string) => {
    const all = Array.from(idp.getElementsByTagNameNS(MD, name)).filter((e) => e.parentNode === idp);
    const pick = all.find((e) => e.getAttribute('Binding') === REDIRECT) ?? all.find((e) => e.getAttribute('Binding') === POST);
    return (pick?.getAttribute('Location') ?? '').trim();
  };
  const ssoUrl = endpoint('SingleSignOnService');
  const sloUrl = endpoint('SingleLogoutService');
  const certs: string[] = [];
  for (const kd of Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))) {
    const use = kd.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const c of Array.from(kd.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const b64 = (c.textContent ?? '').replace(/\s+/g, '');
      if (b64 && certificateInfo(b64) && !certs.includes(b64)) certs.push(b64);
    }
  }
  if (!entityId || !httpish(ssoUrl) || (sloUrl && !httpish(sloUrl)) || certs.length === 0) return null;
  return { entityId, ssoUrl, sloUrl, certs };
}

/** Subject, expiry and SHA-256 fingerprint of a base64 DER certificate (null: not a certificate). */
export function certificateInfo(b64: string): { subject: string; notAfter: string; fingerprint: string } | null {
  try {
    const c = new X509Certificate(Buffer.from(b64, 'base64'));
    return { subject: c.subject.replace(/\n/g, ', '), notAfter: new Date(c.validTo).toISOString(), fingerprint: c.fingerprint256 };
  } catch {
    return null;
  }
}

export const pemOf = (b64: string) => `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
export const b64OfPem = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** A key pair for this portal as a service provider: RSA 2048 and a self-signed certificate for ten years. */
export function generateSpKeyPair(commonName: string): { keyPem: string; certPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const name = [{ name: 'commonName', value: commonName.slice(0, 64) }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { keyPem: privateKey, certPem: forge.pki.certificateToPem(cert) };
}

/** This portal's addresses as a service provider of one institution. */
export interface TSpUrls {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
}

export function spUrls(publicBaseUrl: string): TSpUrls {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return { entityId: `${base}/api/auth/saml/metadata`, acsUrl: `${base}/api/auth/saml/acs`, sloUrl: `${base}/api/auth/saml/logout` };
}

export interface TSamlSetup {
  sp: TSpUrls;
  spKeyPem: string;
  spCertPem: string;
  idp: TIdpMetadata;
  idpInitiated: boolean;
  /** Requests sent and not yet answered, kept in the database (see operations/saml-sign-in.ts). */
  requests: CacheProvider;
  /** The ID the next request carries. */
  requestId?: string;
}

/**
 * A SAML service provider for one institution: assertions must be signed by one of the provider's
 * published certificates, addressed to this portal (audience), within their validity (3 minutes of
 * clock skew), from the configured issuer, and in answer to a request this portal sent (unless
 * IdP-initiated sign-on is turned on). Encrypted assertions are decrypted with the portal's key.
 */
export function samlClient(s: TSamlSetup): SAML {
  return new SAML({
    callbackUrl: s.sp.acsUrl,
    entryPoint: s.idp.ssoUrl,
    issuer: s.sp.entityId,
    audience: s.sp.entityId,
    idpIssuer: s.idp.entityId,
    idpCert: s.idp.certs.map(pemOf),
    privateKey: s.spKeyPem,
    publicCert: s.spCertPem,
    decryptionPvk: s.spKeyPem,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: s.idpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_VALID_MS,
    cacheProvider: s.requests,
    ...(s.requestId ? { generateUniqueId: () => s.requestId! } : {}),
    ...(s.idp.sloUrl ? { logoutUrl: s.idp.sloUrl } : {}),
    logoutCallbackUrl: s.sp.sloUrl,
  });
}

/** The metadata the identity provider's administrators load for this portal. */
export function spMetadata(sp: TSpUrls, certPem: string, keyPem: string): string {
  return generateServiceProviderMetadata({
    privateKey: keyPem,
    decryptionPvk: keyPem,
    signatureAlgorithm: 'sha256',
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    identifierFormat: null,
    wantAssertionsSigned: true,
    publicCerts: certPem,
    decryptionCert: certPem,
  });
}

/** AuthnContextClassRef values that say a second factor was used (REFEDS MFA, Microsoft Entra, InCommon). */
const MFA_CONTEXTS = new Set([
  'https://refeds.org/profile/mfa',
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'http://id.incommon.org/assurance/mfa',
]);

/** The assertion's way of signing in as amr values (as OpenID Connect says it): ['mfa'] for a second factor. */
export function amrOfContext(classRefs: string[]): string[] {
  if (classRefs.some((c) => MFA_CONTEXTS.has(c))) return ['mfa'];
  if (classRefs.some((c) => /Password/i.test(c))) return ['pwd'];
  return [];
}
