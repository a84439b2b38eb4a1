// Request shapes of invoices (contract/orders.ts). Loose on purpose: types and sizes only, so the service
// answers missing or bad values with the spec's messages.
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../contract/paging.js';

const optInt = Type.Optional(Type.Integer({ minimum: 0 }));
/** The list filters of orders and invoices (spec 3 §7). */
export const listQuery = {
  p: optInt,
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  start_timestamp: optInt,
  end_timestamp: optInt,
  user_id: optInt,
  all_user: Type.Optional(Type.Boolean()),
};

export const InvoiceQuerySchema = Type.Object(listQuery);

export const InvoiceApplySchema = Type.Object({
  customer_name: Type.Optional(Type.String({ maxLength: 255 })),
  customer_tax_id: Type.Optional(Type.String({ maxLength: 64 })),
  email: Type.Optional(Type.String({ maxLength: 255 })),
  total_amount: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Number()])),
  types: Type.Optional(Type.String({ maxLength: 32 })),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const InvoiceReviewSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  status: Type.String({ maxLength: 8 }),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
});
