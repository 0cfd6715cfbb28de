import { useDeferredValue, type ReactNode } from 'react';

/**
 * Draws its children in a render of their own, after the rest of the page: a page shows its header at
 * once and its heavier parts (tabs, filters, a table) a moment later, rendered in the background in
 * slices between which the browser paints and takes input. Put it around the last part of a page,
 * so that nothing already drawn moves down when it appears.
 */
export function DrawnAfter({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
