// Request shapes of the redemption calls (contract/redemption.ts). Types and sizes only, so the service answers bad
// values (an empty name, a count of 500) with a message people can read.
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../contract/paging.js';

const page = {
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
};

export const RedemptionListQuerySchema = Type.Object(page);

export const RedemptionSearchQuerySchema = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 255 })), ...page });

export const RedemptionIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const RedemptionCreateSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  quota: Type.Optional(Type.Number()),
  count: Type.Optional(Type.Number()),
});

export const RedemptionUpdateSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  quota: Type.Optional(Type.Number()),
  status: Type.Optional(Type.Number()),
});

export const RedemptionUpdateQuerySchema = Type.Object({ status_only: Type.Optional(Type.String({ maxLength: 16 })) });

export const RedeemSchema = Type.Object({ key: Type.Optional(Type.String({ maxLength: 128 })) });
