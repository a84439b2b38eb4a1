// Which e-mail addresses may receive a code (reference §7.6): a sane format, and, when the administrator turns them
// on, the domain whitelist and the alias restriction (no "+" or "." in the name part). Pure.
import { EMAIL_MAX } from '../../contract/account.js';

export type EmailProblem = 'email.invalid' | 'email.domain_not_allowed' | 'email.alias_not_allowed';

export interface EmailPolicy {
  domainRestriction: boolean;
  /** Comma (or space, or newline) separated domains. */
  whitelist: string;
  aliasRestriction: boolean;
}

// One "@", no spaces or control characters, a dotted domain of letters, digits and hyphens.
const EMAIL = /^[^\s@\p{Cc}]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,}$/u;

/** Trimmed and lower-cased, as stored and compared everywhere. */
export const normaliseEmail = (raw: string | undefined): string => (raw ?? '').trim().toLowerCase();

export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL.test(email);

export const parseWhitelist = (list: string): string[] =>
  list.split(/[\s,]+/).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);

/** The first rule the (normalised) address breaks, or null. */
export function emailProblem(email: string, policy: EmailPolicy): EmailProblem | null {
  if (!isEmail(email)) return 'email.invalid';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (policy.domainRestriction && !parseWhitelist(policy.whitelist).includes(domain)) return 'email.domain_not_allowed';
  if (policy.aliasRestriction && /[+.]/.test(local)) return 'email.alias_not_allowed';
  return null;
}
