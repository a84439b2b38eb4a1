// A console sign-in. The cookie carries only the signed id; deleting the row (or bumping the user's
// auth_version) ends the session at once, on every instance.
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: (p) => ({
    id: p.string().length(64).primary(),
    user_id: p.integer().default(0).index(),
    auth_version: p.integer().default(0),
    /** Short-lived values bound to this browser (OAuth state, aff code), JSON. */
    data: p.text().default(''),
    ip: p.string().length(64).default(''),
    created_at: p.bigint('number').default(0),
    expires_at: p.bigint('number').index(),
  }),
});
export type Session = InferEntity<typeof SessionEntity>;
