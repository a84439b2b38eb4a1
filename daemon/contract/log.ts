// Usage log shapes (spec 3 §3 "Log entry", §7 "Logs and tasks"; reference §4.11, §13).
export interface LogRow {
  id: number;
  created_at: number;
  type: number;
  user_id: number;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  channel: number;
  channel_name: string;
  group: string;
  use_time: number;
  is_stream: boolean;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
  ip: string;
  content: string;
  /** JSON text: frt, model_ratio, group_ratio, completion_ratio, cache_tokens, admin_info (admins only), … */
  other: string;
}

export interface LogFilters {
  p?: number;
  page_size?: number;
  /** 0 or absent: every type. */
  type?: number;
  username?: string;
  token_name?: string;
  model_name?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  user_id?: number;
  channel?: number;
  group?: string;
  /** Agent view only: true → the logs of all the agent's sub-users; false or absent → the agent's own. */
  all_users?: boolean;
}

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

export const LOG_ROW_FIELDS = [
  'id', 'created_at', 'type', 'user_id', 'username', 'token_name', 'token_id', 'model_name', 'channel', 'channel_name',
  'group', 'use_time', 'is_stream', 'prompt_tokens', 'completion_tokens', 'quota', 'ip', 'content', 'other',
] as const satisfies readonly (keyof LogRow)[];
