// The order list's query (contract/orders.ts OrderFilters): the shared list filters plus part of the order number.
import { Type } from 'typebox';
import { listQuery } from '../invoice/invoice.schemas.js';

export const OrderQuerySchema = Type.Object({ ...listQuery, trade_no: Type.Optional(Type.String({ maxLength: 64 })) });
