import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fileExtension, institutionsApi } from '@meridian/domain';
import { fieldError } from '../../platform/errors/app-error.js';
import { sniffKind } from '../../platform/files/sniff.js';

const M = institutionsApi.LOGO_MSG;

/** What the settings keep of an uploaded logo (the file itself is in file storage). */
export interface TStoredLogo {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** SHA-256 of the content: the served address carries its start, so a new logo has a new address. */
  sha256: string;
}

/** The name the logo is served under: its content's hash and its kind. */
export function logoServedName(logo: Pick<TStoredLogo, 'sha256' | 'contentType'>): string {
  const ext = logo.contentType === 'image/svg+xml' ? 'svg' : logo.contentType === 'image/png' ? 'png' : 'jpg';
  return `${logo.sha256.slice(0, 20)}.${ext}`;
}

/** Where Meridian serves the logo, from the site root (the browser) or from the portal's public address (e-mails). */
export function logoUrl(logo: Pick<TStoredLogo, 'sha256' | 'contentType'>, base = ''): string {
  return `${base.replace(/\/+$/, '')}/api/institution/logo/${logoServedName(logo)}`;
}

/*
 * SVG: a logo is shapes, text, gradients and clip paths. Everything else an SVG can hold is refused:
 * script and event handlers, links and references to other files or pages (a link, an image from
 * elsewhere, CSS that imports or loads a web address), HTML inside it (foreignObject), animations (they
 * can rewrite a link), and DOCTYPE/ENTITY declarations (entity expansion). Editors' own elements and
 * attributes (Inkscape, Sodipodi, RDF metadata) carry nothing a browser runs and are allowed.
 */
const SVG_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'metadata',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'clipPath',
    'mask',
    'linearGradient',
    'radialGradient',
    'stop',
    'pattern',
    'filter',
    'style',
    'image',
    'switch',
    'marker',
    ...[
      'feBlend',
      'feColorMatrix',
      'feComponentTransfer',
      'feComposite',
      'feConvolveMatrix',
      'feDiffuseLighting',
      'feDisplacementMap',
      'feDistantLight',
      'feDropShadow',
      'feFlood',
      'feFuncA',
      'feFuncB',
      'feFuncG',
      'feFuncR',
      'feGaussianBlur',
      'feMerge',
      'feMergeNode',
      'feMorphology',
      'feOffset',
      'fePointLight',
      'feSpecularLighting',
      'feSpotLight',
      'feTile',
      'feTurbulence',
    ],
  ].map((n) => n.toLowerCase()),
);
/** Editors' namespaces: elements in them are metadata to a browser (a prefix counts only when bound to one of these). */
const EDITOR_NAMESPACES = [
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.serif.com/',
  'http://ns.adobe.com/',
];
const isEditorNamespace = (uri: string) => EDITOR_NAMESPACES.some((ns) => uri === ns || (ns.endsWith('/') && uri.startsWith(ns)));
const XHTML = 'http://www.w3.org/1999/xhtml';
/** A reference is allowed only to a part of the same file, or to an embedded PNG, JPEG or GIF. */
const SAFE_REF = /^\s*(#|data:image\/(png|jpe?g|gif);base64,)/i;
/** CSS that reaches outside the file or runs something. */
const UNSAFE_CSS = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;

function cssProblem(css: string): string | null {
  if (UNSAFE_CSS.test(css)) return 'CSS that imports or runs something';
  for (const m of css.matchAll(CSS_URL)) if (!SAFE_REF.test(m[2] ?? '')) return `a link to another file (${(m[2] ?? '').slice(0, 60)})`;
  return null;
}

type TNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The first thing in an SVG a logo may not carry, or null when it holds only drawing. */
export function svgProblem(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'a DOCTYPE or ENTITY declaration';
  for (const m of text.matchAll(/<\?([\w:-]+)/g)) if (m[1]!.toLowerCase() !== 'xml') return `a processing instruction (<?${m[1]}>)`;
  if (XMLValidator.validate(text) !== true) return null;
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    allowBooleanAttributes: true,
    processEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    commentPropName: '#comment',
  });
  const tree = parser.parse(text) as TNode[];
  // Which namespace each prefix names, wherever it is declared: HTML is refused outright, and a prefixed
  // element is inert only when every binding of its prefix is an editor's namespace.
  const bindings = new Map<string, Set<string>>();
  const collect = (nodes: TNode[]) => {
    for (const node of nodes) {
      for (const [attr, value] of Object.entries(node[':@'] ?? {})) {
        if (attr !== 'xmlns' && !attr.startsWith('xmlns:')) continue;
        const prefix = attr === 'xmlns' ? '' : attr.slice(6);
        const set = bindings.get(prefix) ?? new Set<string>();
        set.add(String(value).trim());
        bindings.set(prefix, set);
      }
      const name = Object.keys(node).find((k) => k !== ':@');
      if (name && Array.isArray(node[name])) collect(node[name] as TNode[]);
    }
  };
  collect(tree);
  for (const uris of bindings.values()) if (uris.has(XHTML)) return 'HTML inside it';
  const inertPrefix = (prefix: string) => {
    const uris = bindings.get(prefix);
    return !!uris && uris.size > 0 && [...uris].every(isEditorNamespace);
  };
  let root: string | null = null;
  const walk = (nodes: TNode[]): string | null => {
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@');
      if (!name || name === '#text' || name === '#comment' || name === '?xml') continue;
      const [prefix, local] = name.includes(':') ? [name.split(':')[0]!, name.split(':').slice(1).join(':')] : ['', name];
      const inert = prefix !== '' && inertPrefix(prefix);
      if (!inert) {
        if (!SVG_ELEMENTS.has(local.toLowerCase())) return `a <${name}> element`;
        root ??= local.toLowerCase();
      }
      for (const [attr, value] of Object.entries(node[':@'] ?? {})) {
        const bare = (attr.includes(':') ? attr.split(':').pop()! : attr).toLowerCase();
        if (bare.startsWith('on')) return `an event handler (${attr})`;
        if ((bare === 'href' || bare === 'src') && !SAFE_REF.test(String(value))) return `a link to another file or page (${attr})`;
        if (/javascript:|vbscript:/i.test(String(value))) return `a script address (${attr})`;
        if (bare === 'style') {
          const css = cssProblem(String(value));
          if (css) return css;
        }
      }
      const children = node[name] as TNode[];
      if (local.toLowerCase() === 'style') {
        const css = cssProblem(children.map((c) => (typeof c['#text'] === 'string' ? c['#text'] : '')).join(''));
        if (css) return css;
      }
      const below = walk(children);
      if (below) return below;
    }
    return null;
  };
  const found = walk(tree);
  if (found) return found;
  return root === 'svg' ? null : 'no <svg> element';
}

/**
 * A logo file checked before it is stored: PNG, JPEG or SVG by its name, its content what its name says
 * (magic bytes for images, well-formed XML for SVG), at most LOGO_MAX_BYTES, and an SVG without anything
 * that runs or reaches outside it. Each refusal is a message on the upload field.
 */
export function checkLogoFile(fileName: string, data: Buffer): { contentType: string; sha256: string } {
  if (data.length === 0) throw fieldError('file', M.required);
  if (data.length > institutionsApi.LOGO_MAX_BYTES) throw fieldError('file', M.tooLarge, 413);
  const contentType = institutionsApi.LOGO_TYPES[fileExtension(fileName)];
  if (!contentType) throw fieldError('file', M.type);
  if (contentType === 'image/svg+xml') {
    const kind = sniffKind(data);
    if (kind !== 'text') throw fieldError('file', M.type);
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    if (XMLValidator.validate(text) !== true && !/<!DOCTYPE|<!ENTITY|<\?(?!xml)/i.test(text)) throw fieldError('file', M.svgUnreadable);
    const problem = svgProblem(text);
    if (problem) throw fieldError('file', M.svgUnsafe(problem));
  } else {
    const kind = sniffKind(data);
    if (kind !== (contentType === 'image/png' ? 'png' : 'jpeg')) throw fieldError('file', M.type);
  }
  return { contentType, sha256: createHash('sha256').update(data).digest('hex') };
}
