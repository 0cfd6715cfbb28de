/**
 * The side menu is docked beside the page on wide screens (docs/product/shells.md#the-frame) unless the
 * user hid it; the choice is kept in this browser. The shell preview (shell-preview.tsx) reads it too, so
 * the page drawn over the preview has its menu where the preview left room for it.
 */
export const DOCK_MIN_WIDTH = 1200;
export const DOCK_QUERY = `(min-width:${DOCK_MIN_WIDTH}px)`;
/** The menu's width, docked or not: the 280 px drawer of the spec's admin shell. */
export const MENU_WIDTH = 280;
const KEY = 'meridian.menu.hidden';

export function isMenuHidden(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setMenuHidden(hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
}
