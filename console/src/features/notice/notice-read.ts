// Read state of the site notice: a short fingerprint of the text read last, so a changed notice pops again.
import { STORAGE_KEYS } from '@contract/user';
import { readString, writeString } from '../../api/storage';

/** djb2 over the text: enough to tell notices apart, and keeps long HTML out of storage. */
export function noticeFingerprint(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return `${text.length}:${(h >>> 0).toString(36)}`;
}

export const isNoticeRead = (text: string): boolean => readString(STORAGE_KEYS.noticeRead) === noticeFingerprint(text);
export const markNoticeRead = (text: string): void => writeString(STORAGE_KEYS.noticeRead, noticeFingerprint(text));
