import type SvgIcon from '@mui/material/SvgIcon';
import type { TActor, TBranding, TCurrentUser } from '@meridian/domain';

export interface TMenuContext {
  user: TCurrentUser;
  actor: TActor;
  branding: TBranding;
}

/** One entry of a side menu. Menus are data so later work adds entries, not code. */
export interface TMenuEntry {
  key: string;
  label: string;
  /** In-app route. */
  path?: string;
  /** External address (opens in a new tab). */
  href?: string;
  icon?: typeof SvgIcon;
  children?: TMenuEntry[];
  /** Who sees it; absent means everyone who reaches the shell. */
  isVisible?: (ctx: TMenuContext) => boolean;
  /** Student menu key (STUDENT_MENU_ITEMS) that limitMenu/availableMenuItems can hide. */
  limitKey?: string;
}

export function actorOf(user: TCurrentUser): TActor {
  return { role: user.userRole, staff: user.staff, isDepartmentAdmin: user.isDepartmentAdmin };
}

/** The entries this user may see; groups left without children disappear. */
export function filterMenu(entries: readonly TMenuEntry[], ctx: TMenuContext): TMenuEntry[] {
  const staff = ctx.user.staff;
  const limited = !!staff?.limitMenu;
  const allowed = new Set(staff?.availableMenuItems ?? []);
  const out: TMenuEntry[] = [];
  for (const e of entries) {
    if (e.isVisible && !e.isVisible(ctx)) continue;
    if (limited && e.limitKey && !allowed.has(e.limitKey)) continue;
    if (e.children) {
      const children = filterMenu(e.children, ctx);
      if (children.length === 0 && !e.path && !e.href) continue;
      out.push({ ...e, children });
    } else {
      out.push(e);
    }
  }
  return out;
}

/** All leaf entries with a route, for dashboard cards. */
export function flattenMenu(entries: readonly TMenuEntry[], trail: string[] = []): (TMenuEntry & { trail: string[] })[] {
  return entries.flatMap((e) => (e.children?.length ? flattenMenu(e.children, [...trail, e.label]) : e.path ? [{ ...e, trail }] : []));
}
