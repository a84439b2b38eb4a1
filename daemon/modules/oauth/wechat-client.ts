// The separate "WeChat server" (reference §7.7): it turns the code a person got from the official account into
// their WeChat id. GET {WeChatServerAddress}/api/wechat/user?code= with Authorization: <WeChatServerToken>,
// answering {success, message, data: wechatId}.
import { OutboundError, outboundRequest } from '../../app/outbound.js';
import { ServiceError } from '../../app/errors.js';

const DETAIL_MAX = 200;

export async function wechatIdByCode(code: string, server: { address: string; token: string; timeoutMs: number }): Promise<string> {
  if (!server.address) throw new ServiceError('oauth.not_configured', { provider: 'WeChat' });
  let res;
  try {
    res = await outboundRequest(`${server.address}/api/wechat/user?code=${encodeURIComponent(code)}`, {
      headers: { authorization: server.token, accept: 'application/json' },
      timeoutMs: server.timeoutMs,
      maxBytes: 64 * 1024,
    });
  } catch (e) {
    if (e instanceof OutboundError) throw new ServiceError('oauth.provider_unreachable', { provider: 'WeChat' });
    throw e;
  }
  const body = (res.json ?? {}) as { success?: unknown; message?: unknown; data?: unknown };
  if (res.status >= 400 || typeof body !== 'object' || body === null) {
    throw new ServiceError('oauth.wechat_failed', { detail: `HTTP ${res.status}` });
  }
  if (body.success !== true) {
    const detail = String(body.message ?? '').trim().slice(0, DETAIL_MAX);
    throw detail ? new ServiceError('oauth.wechat_failed', { detail }) : new ServiceError('oauth.wechat_code_invalid');
  }
  const id = typeof body.data === 'string' ? body.data.trim() : '';
  if (!id || id.length > 64) throw new ServiceError('oauth.wechat_code_invalid');
  return id;
}
