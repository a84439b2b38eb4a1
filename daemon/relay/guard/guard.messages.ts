// Relay refusals made before any upstream call: sensitive words (reference §9.5) and the per-user model request
// rate limit (reference §10). OpenAI-shaped on the wire; English unless the client asks for Chinese.
export const relayGuardMessages = {
  'relay.sensitive_words': { zh: '请求内容包含敏感词：{words}', en: 'The request contains sensitive words: {words}' },
  'relay.rate_limit_total': {
    zh: '您已达到总请求数限制：{minutes} 分钟内最多请求 {count} 次，包括失败次数，请检查您的请求是否正确',
    en: 'Total request limit reached: at most {count} requests in {minutes} minutes, failed ones included; check that your requests are correct',
  },
  'relay.rate_limit_success': {
    zh: '您已达到请求数限制：{minutes} 分钟内最多请求 {count} 次',
    en: 'Request limit reached: at most {count} successful requests in {minutes} minutes',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
