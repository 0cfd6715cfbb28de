import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Accessibility checks every journey runs (docs/product/ui.md#accessibility): axe-core with the WCAG
 * 2.0 and 2.1 A and AA rules, at a desk's 1280×800 and at a phone's 390×844, on every page state a
 * journey visits. A state is checked when the journey takes its screenshot, when a step ends, and
 * before the page leaves it (a `goto`, closing the page's context) if the address changed since the
 * last check. Any serious or critical violation fails the journey there, with the rule, the elements
 * and what axe says is wrong; so does placeholder text below 4.5:1, which axe does not measure.
 * E2E_A11Y=report writes the failures to e2e/artifacts/a11y-report.jsonl without failing, to see all
 * of them in one run while fixing them.
 */

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const REPORT = path.join(ARTIFACTS, 'a11y-report.jsonl');
/** The signatures of the states this run has checked, shared by the journeys (each runs in a process of its own). */
const CHECKED = path.join(ARTIFACTS, 'a11y-checked.txt');

/** A new run: an empty report, and no state counted as checked (global setup calls it before any journey). */
export function startA11yRun(): void {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.rmSync(REPORT, { force: true });
  fs.writeFileSync(CHECKED, '');
}

interface TTracker {
  /** Requests the page has sent and not yet seen answered. */
  inflight: number;
  /** The address changed since the last check. */
  dirty: boolean;
  /** Checks are off (the journey already failed there, or the page is being closed after a failure). */
  off: boolean;
}
const trackers = new WeakMap<Page, TTracker>();

/**
 * Signatures (address, markup and styles, viewport) of the page states already checked in this run,
 * whichever journey checked them. A state identical to one checked before has the same result, so it
 * is not run again: the same login page met by fifty sign-ins is checked once; any difference in what
 * is drawn (a message, a row, a colour) is checked anew. A state that failed is never counted as checked.
 */
const checked = {
  has(sig: string): boolean {
    const digest = createHash('sha256').update(sig).digest('hex');
    return fs.existsSync(CHECKED) && fs.readFileSync(CHECKED, 'utf8').includes(digest);
  },
  add(sig: string): void {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.appendFileSync(CHECKED, `${createHash('sha256').update(sig).digest('hex')}\n`);
  },
};

/** Starts watching a page: its requests (to know when it is quiet) and its address (to know a new state). */
export function trackPage(page: Page): void {
  if (trackers.has(page)) return;
  const t: TTracker = { inflight: 0, dirty: false, off: false };
  trackers.set(page, t);
  // A count of DOM changes, cheap to read while waiting for the page to be still.
  void page.addInitScript(() => {
    const w = window as unknown as { __a11yMutations: number };
    w.__a11yMutations = 0;
    new MutationObserver(() => {
      w.__a11yMutations += 1;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  page.on('request', () => {
    t.inflight += 1;
  });
  const done = () => {
    t.inflight = Math.max(0, t.inflight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) t.dirty = true;
  });
  // A goto leaves the state the journey was in: check it first, as the user last saw it.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    await checkIfChanged(page, `before leaving for ${url}`);
    return goto(url, options);
  };
  patchContextClose(page.context());
}

const patchedContexts = new WeakSet<BrowserContext>();
/** Closing a page's context ends its last state: check it first, unless the journey failed there. */
function patchContextClose(context: BrowserContext): void {
  if (patchedContexts.has(context)) return;
  patchedContexts.add(context);
  const close = context.close.bind(context);
  context.close = async (options) => {
    try {
      for (const page of context.pages()) if (!page.isClosed()) await checkIfChanged(page, 'before closing');
    } finally {
      await close(options);
    }
  };
}

/** No more checks on this page: a step failed there, and its screenshot and closing must not hide why. */
export function stopChecking(page: Page): void {
  const t = trackers.get(page);
  if (t) t.off = true;
}

/** Checks the page if its address changed since the last check. */
export async function checkIfChanged(page: Page, state: string): Promise<void> {
  const t = trackers.get(page);
  if (!t || t.off || !t.dirty) return;
  await expectAccessible(page, state);
}

/**
 * Waits until the page is quiet: no request in flight, no finite animation or transition running (a
 * dialog fading in would read as pale text), nothing changing for a moment; bounded, so a page that
 * polls or spins forever is still checked.
 */
export async function settle(page: Page, maxMs = 8_000, quietMs = 200): Promise<void> {
  const t = trackers.get(page);
  const end = Date.now() + maxMs;
  let quietSince = Date.now();
  let last = '';
  while (Date.now() < end) {
    const now = await page
      .evaluate(() => {
        const moving = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        const changes = (window as unknown as { __a11yMutations?: number }).__a11yMutations ?? document.body?.innerHTML.length ?? 0;
        return `${moving ? 1 : 0}:${changes}:${location.href}`;
      })
      .catch(() => 'closed');
    if (now === 'closed') return;
    const busy = (t?.inflight ?? 0) > 0 || now.startsWith('1') || now !== last;
    last = now;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface TA11yFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Placeholders shown on screen whose text is below 4.5:1 against the field behind it (axe leaves placeholders out). */
async function placeholderFindings(page: Page): Promise<TA11yFinding[]> {
  const found = await page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const lum = (c: RGBA) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
    };
    const background = (el: Element): RGBA => {
      const layers: RGBA[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let bg: RGBA = [255, 255, 255, 1];
      for (let i = layers.length - 1; i >= 0; i -= 1) bg = over(layers[i]!, bg);
      return bg;
    };
    const out: Array<{ node: string; ratio: number }> = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'),
    )) {
      if (!el.placeholder.trim() || el.value !== '') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const ph = getComputedStyle(el, '::placeholder');
      const bg = background(el);
      const color = parse(ph.color);
      const alpha = color[3] * Number(ph.opacity || '1');
      // A placeholder drawn fully transparent is hidden on purpose (MUI hides it while the label sits in the field).
      if (alpha === 0) continue;
      const fg = over([color[0], color[1], color[2], alpha], bg);
      const [a, b] = [lum(fg), lum(bg)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) {
        const name = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}[placeholder="${el.placeholder}"]`;
        out.push({ node: name, ratio: Math.round(ratio * 100) / 100 });
      }
    }
    return out;
  });
  return found.length
    ? [
        {
          rule: 'placeholder-contrast',
          impact: 'serious',
          help: 'Placeholder text must reach 4.5:1 against its field',
          nodes: found.map((f) => `${f.node} (${f.ratio}:1)`),
        },
      ]
    : [];
}

/** The state's signature: what is drawn (markup and styles) where, at which size. */
async function signature(page: Page): Promise<string> {
  const size = page.viewportSize();
  const drawn = await page.evaluate(() => {
    const s = `${location.href}\n${document.head.innerHTML}\n${document.body.innerHTML}`;
    let h1 = 0x811c9dc5;
    let h2 = 0;
    for (let i = 0; i < s.length; i += 1) {
      h1 = Math.imul(h1 ^ s.charCodeAt(i), 16777619);
      h2 = (h2 * 31 + s.charCodeAt(i)) | 0;
    }
    return `${s.length}:${(h1 >>> 0).toString(16)}:${(h2 >>> 0).toString(16)}`;
  });
  return `${size?.width}x${size?.height}:${drawn}`;
}

async function findingsAt(page: Page, include: string | undefined): Promise<TA11yFinding[]> {
  // Only violations are wanted: axe then skips writing up every passing element, most of its time on a long page.
  // (options() replaces every option, so it comes before the tags.)
  let axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);
  if (include) axe = axe.include(include);
  const result = await axe.analyze();
  const findings = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => {
      const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `${n.target.join(' ')}${why ? ` — ${why}` : ''}`;
    }),
  }));
  return [...findings, ...(await placeholderFindings(page))];
}

function report(entry: Record<string, unknown>): void {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.appendFileSync(REPORT, `${JSON.stringify(entry)}\n`);
}

export interface TExpectAccessibleOptions {
  /** Check only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /** Also keep a screenshot of the page at each size: `<name>.png` at its own size, `<name>-phone.png` (or `-desktop`) at the other. */
  screenshotAs?: string;
}

/**
 * Runs axe on the page as it is now, at 1280×800 and at 390×844 (the page is resized and put back to
 * the size it had), and fails with every serious or critical finding. The checked state's address,
 * sizes, time and findings of every impact are appended to e2e/artifacts/a11y-report.jsonl.
 */
export async function expectAccessible(page: Page, state: string, options: TExpectAccessibleOptions = {}): Promise<void> {
  const t = trackers.get(page);
  if (t?.off || page.isClosed()) return;
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  if (t) t.dirty = false;
  const original = page.viewportSize() ?? DESKTOP;
  const sizes = [original, ...[DESKTOP, PHONE].filter((s) => s.width !== original.width || s.height !== original.height)];
  const failures: string[] = [];
  try {
    for (const [i, size] of sizes.entries()) {
      const arrived = Date.now();
      // The state may still be arriving (its data, a dialog fading in); a resize only needs the new layout.
      if (i > 0) await page.setViewportSize(size);
      await settle(page, i > 0 ? 4_000 : 8_000, i > 0 ? 80 : 150);
      const settled = Date.now();
      const sig = `${options.include ?? ''}|${await signature(page)}`;
      if (options.screenshotAs) {
        // The journey's own size keeps the name it gave; the other size is named after it.
        const suffix = i === 0 ? '' : size.width === PHONE.width ? '-phone' : '-desktop';
        const file = path.join(ARTIFACTS, `${options.screenshotAs}${suffix}.png`);
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: file, fullPage: true });
      }
      if (checked.has(sig)) continue;
      const started = Date.now();
      const findings = await findingsAt(page, options.include);
      if (!findings.some((f) => FAILING_IMPACTS.has(f.impact))) checked.add(sig);
      report({
        state,
        url: page.url(),
        size: `${size.width}x${size.height}`,
        settleMs: settled - arrived,
        shotMs: started - settled,
        axeMs: Date.now() - started,
        findings,
      });
      const failing = findings.filter((f) => FAILING_IMPACTS.has(f.impact));
      for (const f of failing) {
        failures.push(
          `  [${f.impact}] ${f.rule} at ${size.width}×${size.height}: ${f.help}\n${f.nodes.map((n) => `      ${n}`).join('\n')}`,
        );
      }
    }
  } finally {
    if (!page.isClosed()) {
      const now = page.viewportSize();
      if (now?.width !== original.width || now?.height !== original.height) {
        await page.setViewportSize(original);
        await settle(page, 2_000, 80);
      }
    }
  }
  if (failures.length) {
    // E2E_A11Y=report: carry on and only write the findings down (to see them all in one run while fixing).
    if (process.env.E2E_A11Y === 'report') {
      report({ state, url, failures });
      return;
    }
    if (t) t.off = true;
    throw new Error(`Accessibility: "${state}" (${url}) has ${failures.length} serious or critical finding(s):\n${failures.join('\n')}`);
  }
}
