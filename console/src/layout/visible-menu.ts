// Pure menu filtering: role, status flag and registered route decide what a user sees.
import { Role } from '@contract/roles';
import type { PublicStatus } from '@contract/status';
import type { MenuEntry } from './menu-config';

export interface MenuContext {
  /** Role of the stored user; 0 (guest) when signed out. */
  role: number;
  status: PublicStatus | null;
  registered: ReadonlySet<string>;
  /** status.log_fold_enabled: keep groups as sub-menus instead of flattening them. */
  fold?: boolean;
}

function allowed(entry: MenuEntry, ctx: MenuContext): boolean {
  if (ctx.role < Role[entry.minRole]) return false;
  const exempt = entry.flagExemptRole !== undefined && ctx.role >= Role[entry.flagExemptRole];
  if (entry.flag && !exempt && !(ctx.status && ctx.status[entry.flag])) return false;
  return entry.path === undefined || ctx.registered.has(entry.path);
}

export function visibleMenu(entries: readonly MenuEntry[], ctx: MenuContext): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (!allowed(entry, ctx)) continue;
    if (!entry.children) {
      out.push(entry);
      continue;
    }
    const children = visibleMenu(entry.children, ctx);
    if (children.length === 0) continue;
    if (ctx.fold) out.push({ ...entry, children });
    else out.push(...children);
  }
  return out;
}
