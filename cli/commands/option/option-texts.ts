// Texts only `gateway option` and `gateway log` show, in Chinese and English. Refusals come from the daemon's own
// messages (translate), so the terminal says exactly what the console says.
import type { Lang } from '../../../daemon/i18n/lang.js';

const texts = {
  'option.value_and_file': { zh: 'VALUE 和 --file 只能二选一', en: 'give VALUE or --file, not both' },
  'option.need_value': { zh: '请给出 VALUE，或用 --file 从文件读取', en: 'give VALUE, or --file to read it from a file' },
  'option.file_unreadable': { zh: '无法读取文件 {path}：{detail}', en: 'cannot read {path}: {detail}' },
  'option.secret_set': { zh: '（密钥，已设置）', en: '(secret, set)' },
  'option.secret_unset': { zh: '（密钥，未设置）', en: '(secret, not set)' },
  'option.secret_hint': { zh: '{key} 是密钥，使用 --reveal 显示其值', en: '{key} is a secret: add --reveal to print it' },
  'option.tab_invalid': { zh: '未知的设置页：{tab}（可选：{tabs}）', en: 'unknown tab: {tab} (one of {tabs})' },
  'log.need_cutoff': { zh: '请用 --before DATE 或 --days N 指定清理时间', en: 'give --before DATE or --days N' },
  'log.both_cutoffs': { zh: '--before 和 --days 只能二选一', en: 'give --before or --days, not both' },
  'log.date_invalid': {
    zh: '无法识别的时间：{value}（可用 2025-01-31、2025-01-31T08:00、带时区的 ISO 时间或 Unix 秒数）',
    en: 'not a date: {value} (use 2025-01-31, 2025-01-31T08:00, an ISO time with a zone, or Unix seconds)',
  },
  'log.date_future': { zh: '时间 {value} 在将来；要清理全部日志请用 --days 0', en: '{value} is in the future; use --days 0 to clear every log' },
  'log.days_invalid': { zh: '--days 需要 0 到 36500 之间的整数', en: '--days needs a whole number from 0 to 36500' },
  'log.counting': { zh: '正在统计 {time} 之前的日志…', en: 'Counting logs before {time}…' },
  'log.none': { zh: '{time} 之前没有日志', en: 'No logs before {time}' },
  'log.would_clear': { zh: '将清理 {time} 之前的 {count} 条日志（--dry-run，未删除）', en: '{count} logs before {time} would be cleared (--dry-run: nothing deleted)' },
  'log.progress': { zh: '已清理 {done}/{total} 条日志', en: '{done}/{total} logs cleared' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type OptionTextKey = keyof typeof texts;

export function optionText(lang: Lang, key: OptionTextKey, params?: Record<string, string | number>): string {
  const text: string = texts[key][lang];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}
