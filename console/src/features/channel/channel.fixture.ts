// A channel as the server sends it, for tests.
import type { Channel } from '@contract/channel';

export const channel = (o: Partial<Channel> = {}): Channel => ({
  id: 1, type: 1, name: 'c', openai_organization: '', test_model: '', status: 1, weight: 0, created_time: 1, test_time: 0,
  response_time: 0, base_url: '', other: '', balance: 0, balance_updated_time: 0, models: 'gpt-4o', group: 'default',
  used_quota: 0, model_mapping: '', status_code_mapping: '', priority: 0, auto_ban: 1, other_info: '', tag: '',
  setting: '', param_override: '', max_input_tokens: 0, mj_type: '', ...o,
});
