// Request shapes of online top-up (contract/topup.ts). Types and sizes only: the service gives readable messages.
import { Type } from 'typebox';

export const TopUpQuoteSchema = Type.Object({
  amount: Type.Number(),
  top_up_code: Type.Optional(Type.String({ maxLength: 64 })),
});

export const TopUpPaySchema = Type.Object({
  amount: Type.Number(),
  payment_method: Type.Optional(Type.String({ maxLength: 32 })),
  top_up_code: Type.Optional(Type.String({ maxLength: 64 })),
});

export const TopUpOrderQuerySchema = Type.Object({ trade_no: Type.String({ minLength: 1, maxLength: 64 }) });
