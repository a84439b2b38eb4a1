// Answers are built from the explicit field list of the contract, so the key can never leak by accident.
import { CHANNEL_FIELDS, type Channel as ChannelView } from '../../contract/channel.js';
import type { Channel } from './channel.entity.js';

export function toChannelView(c: Channel): ChannelView {
  const src = c as unknown as Record<string, unknown>;
  const out = {} as Record<string, unknown>;
  for (const f of CHANNEL_FIELDS) out[f] = src[f] ?? (f === 'tag' ? '' : src[f]);
  out.tag = c.tag ?? '';
  out.balance = Number(c.balance ?? 0);
  return out as unknown as ChannelView;
}
