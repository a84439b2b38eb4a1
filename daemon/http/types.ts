// What the HTTP layer adds to Fastify's request, reply and route config.
import type { Actor } from '../app/actor.js';
import type { Services } from '../app/services.js';
import type { Lang } from '../i18n/lang.js';
import type { RoleName } from '../contract/roles.js';

/** 'public' routes need no sign-in (an actor is still attached when there is one). */
export type AuthLevel = 'public' | RoleName;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the auth plugin on every non-public route. */
    actor: Actor | null;
    /** How this request signed in. */
    authVia: 'session' | 'access_token' | null;
    /** Language of the answer, from Accept-Language (zh when absent). */
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** Required role; /api routes without one require a signed-in user (secure by default). */
    auth?: AuthLevel;
    /**
     * 'critical' adds the strict per-IP limit of sign-in and registration calls; 'exempt' skips the per-IP /api limit
     * (a payment provider's callbacks all come from its few addresses and must never be refused for volume; such a
     * route checks a signature before it touches the database).
     */
    rateLimit?: 'critical' | 'exempt';
  }
}
