import { forwardRef, useCallback, useEffect, useRef, useState, type HTMLAttributes, type Ref } from 'react';

/** Whether the element has more to show than its box: keyboard users must be able to scroll it. */
function overflows(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
}

/** The name of the table (or list) inside, for the region a screen reader announces when it takes focus. */
function innerName(el: HTMLElement): string | null {
  const inner = el.querySelector('table, [role="table"], [role="grid"], ul, ol');
  if (!inner) return null;
  const label = inner.getAttribute('aria-label');
  if (label) return label;
  const by = inner.getAttribute('aria-labelledby');
  const labelled = by
    ? by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim()
    : '';
  if (labelled) return labelled;
  const caption = inner.querySelector('caption')?.textContent?.trim();
  return caption || null;
}

/**
 * A box that scrolls (a wide table on a phone, a long list): while its content overflows it takes
 * keyboard focus, so arrow keys scroll it, and it is a named region when the table inside has a name;
 * while everything fits it is a plain box and not a tab stop. The theme makes it the element of every
 * MUI TableContainer; other scrolling boxes use it directly.
 */
export const ScrollRegion = forwardRef(function ScrollRegion(props: HTMLAttributes<HTMLDivElement>, ref: Ref<HTMLDivElement>) {
  const own = useRef<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  useEffect(() => {
    const el = own.current;
    if (!el) return;
    let frame = 0;
    const now = () => {
      frame = 0;
      setScrolls(overflows(el));
      setName(innerName(el));
    };
    // Rows arriving, a column widening: measured once per frame, however many changes it brought.
    const measure = () => {
      if (!frame) frame = requestAnimationFrame(now);
    };
    now();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    const mutations = typeof MutationObserver === 'undefined' ? null : new MutationObserver(measure);
    mutations?.observe(el, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      mutations?.disconnect();
    };
  }, []);
  const focusable = scrolls ? { tabIndex: 0, ...(name ? { role: 'region', 'aria-label': name } : {}) } : {};
  return <div ref={setRef} {...focusable} {...props} />;
});

/** The look of an outlined Paper, for a TableContainer (its element stays the focusable ScrollRegion). */
export const OUTLINED = { border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' } as const;
