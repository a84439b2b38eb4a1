// The invite card's pure parts: the link to share, and the transfer dialog's checks (reference §7.2).

/** The invite link (spec 1 §2: /register accepts ?aff=). `registerHref` is the router's href of /register. */
export const affLink = (origin: string, registerHref: string, code: string): string =>
  `${origin}${registerHref}?aff=${encodeURIComponent(code)}`;

/** An i18n key for why `quota` cannot be transferred, or null: a whole number, at least one unit, at most the balance. */
export function transferProblem(quota: number | undefined, affQuota: number, perUnit: number): string | null {
  if (quota === undefined || !Number.isSafeInteger(quota) || quota <= 0) return 'personal.invite.amountInvalid';
  if (quota < perUnit) return 'personal.invite.minimum';
  if (quota > affQuota) return 'personal.invite.insufficient';
  return null;
}
