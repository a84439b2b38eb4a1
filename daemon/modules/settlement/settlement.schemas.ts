// Request shapes of the payout account and settlements (contract/agents.ts). Loose on purpose: types and sizes only,
// so the service answers missing or bad values with the spec's messages.
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../contract/paging.js';

export const AgentAccountSchema = Type.Object({
  balance_account: Type.Optional(Type.String({ maxLength: 1024 })),
  balance_username: Type.Optional(Type.String({ maxLength: 1024 })),
  balance_platform: Type.Optional(Type.String({ maxLength: 64 })),
});

export const SettlementApplySchema = Type.Object({
  profit: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Number()])),
});

export const SettlementQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  agent_id: Type.Optional(Type.Integer({ minimum: 0 })),
  status: Type.Optional(Type.String({ maxLength: 16 })),
});

export const SettlementReviewSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  status: Type.String({ maxLength: 16 }),
});
