// Request shapes of user management (contract/user-admin.ts). Loose on purpose: types and sizes only, so the
// service answers bad values with a message people can read. Nullable numbers stay null (never coerced to 0).
import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from '../../contract/paging.js';

const str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const num = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

export const UserListQuerySchema = Type.Object({
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

export const UserSearchQuerySchema = Type.Object({
  keyword: str(255),
  group: str(64),
  p: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

export const UserIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const UserCreateSchema = Type.Object({ username: str(128), password: str(128), display_name: str(128) });

export const UserUpdateSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: str(128),
  display_name: str(128),
  password: str(128),
  group: str(64),
  quota: num,
  add_quota: num,
  exclusive_price: num,
  allow_groups: str(4096),
  models_ratio: str(65_536),
  /** Admins only: the user's agent (0 = none). */
  agent_id: num,
  role: num,
  status: num,
});

export const UserManageSchema = Type.Object({
  username: str(128),
  id: Type.Optional(Type.Integer({ minimum: 0 })),
  action: Type.String({ maxLength: 32 }),
});
