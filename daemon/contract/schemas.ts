// TypeBox schemas for request validation (daemon only; the console imports the plain types beside them).
import { Type, type TSchema } from 'typebox';
import { MAX_PAGE_SIZE } from './paging.js';

export const EnvelopeSchema = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.String(), data: Type.Optional(data) });

export const PageQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

export const SetupRequestSchema = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  confirmPassword: Type.Optional(Type.String({ maxLength: 128 })),
  SelfUseModeEnabled: Type.Optional(Type.Boolean()),
  DemoSiteEnabled: Type.Optional(Type.Boolean()),
});

export const LoginRequestSchema = Type.Object({
  username: Type.String({ maxLength: 128 }),
  password: Type.String({ maxLength: 128 }),
});
