// The e-mails of this module, in the requester's language. Values put into the HTML are escaped (the system name is
// set by an administrator, the link carries the address typed by a visitor). Pure.
import { RESET_CONFIRM_PATH, VERIFICATION_VALID_MINUTES } from '../../contract/account.js';
import type { Lang } from '../../i18n/lang.js';
import { translate } from '../../i18n/translate.js';
import type { MailMessage } from '../../app/mailer.js';

/** Subjects are header lines: no line breaks from an administrator's system name. */
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function codeMail(lang: Lang, to: string, systemName: string, code: string): MailMessage {
  const system = escapeHtml(systemName);
  return {
    to,
    subject: oneLine(translate(lang, 'mail.code_subject', { system: systemName })),
    html: translate(lang, 'mail.code_body', { system, code: escapeHtml(code), minutes: VERIFICATION_VALID_MINUTES }),
  };
}

/** `{ServerAddress}/reset?email=…&token=…` (spec 1 §2: /reset is the link target). */
export function resetLink(serverAddress: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${serverAddress.replace(/\/+$/, '')}${RESET_CONFIRM_PATH}?${query}`;
}

export function resetMail(lang: Lang, to: string, systemName: string, link: string): MailMessage {
  return {
    to,
    subject: oneLine(translate(lang, 'mail.reset_subject', { system: systemName })),
    html: translate(lang, 'mail.reset_body', { system: escapeHtml(systemName), link: escapeHtml(link), minutes: VERIFICATION_VALID_MINUTES }),
  };
}
