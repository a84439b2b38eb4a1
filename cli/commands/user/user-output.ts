// How `gateway user` shows users: a plain aligned table (pipes and logs stay readable) and one-line summaries.
import type { ManagedUser } from '../../../daemon/contract/user-admin.js';
import { roleName } from '../../../daemon/contract/roles.js';
import { formatQuota, type QuotaDisplay } from '../../../daemon/contract/quota-format.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { userText, type UserTextKey } from './user-texts.js';

export const roleLabel = (lang: Lang, role: number): string => userText(lang, `role.${roleName(role)}`);

export function statusLabel(lang: Lang, u: Pick<ManagedUser, 'status' | 'DeletedAt'>): string {
  if (u.DeletedAt !== null) return userText(lang, 'status.deleted');
  const key = `status.${u.status}`;
  return key === 'status.1' || key === 'status.2' || key === 'status.3' ? userText(lang, key) : String(u.status);
}

/** Display width: CJK and other wide characters take two columns. */
export function width(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}

const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - width(s)));

const COLUMNS: Array<[UserTextKey, (u: ManagedUser, lang: Lang, money: QuotaDisplay | null) => string]> = [
  ['col.id', (u) => String(u.id)],
  ['col.username', (u) => u.username],
  ['col.display_name', (u) => u.display_name],
  ['col.role', (u, lang) => roleLabel(lang, u.role)],
  ['col.status', (u, lang) => statusLabel(lang, u)],
  ['col.group', (u) => u.group],
  ['col.quota', (u, _, money) => formatQuota(u.quota, money)],
  ['col.used_quota', (u, _, money) => formatQuota(u.used_quota, money)],
  ['col.agent_id', (u) => (u.agent_id ? String(u.agent_id) : '-')],
];

/**
 * The rows as an aligned table with a header line; control characters in names are shown as '?'. Quota reads as the
 * console shows it (`money`: the site's DisplayInCurrencyEnabled and QuotaPerUnit; null: compacted points).
 */
export function userTable(lang: Lang, rows: readonly ManagedUser[], money: QuotaDisplay | null = null): string[] {
  const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}]/gu, '?');
  const cells = [COLUMNS.map(([k]) => userText(lang, k)), ...rows.map((u) => COLUMNS.map(([, f]) => clean(f(u, lang, money))))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((r) => width(r[i]))));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : pad(c, widths[i]))).join('  ').trimEnd());
}
