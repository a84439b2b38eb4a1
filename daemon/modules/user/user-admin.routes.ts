// User management under /api/user (spec 1 §7 "Users"). Admin lists at / and /search; agents list their own
// sub-users at /agent/ and /search/agent. Get, edit and manage serve both roles: the service scopes an agent to its
// sub-users and its limits. Admins receive the management row, agents the smaller sub-user row.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import type { Page } from '../../contract/paging.js';
import { managesAll } from './user-admin-rules.js';
import {
  UserCreateSchema, UserIdParamsSchema, UserListQuerySchema, UserManageSchema, UserSearchQuerySchema, UserUpdateSchema,
} from './user-admin.schemas.js';
import { toManagedUser, toSubUser } from './user.view.js';
import type { Actor } from '../../app/actor.js';
import type { User } from './user.entity.js';

const viewFor = (actor: Actor) => (managesAll(actor) ? toManagedUser : toSubUser);
const pageOf = <T>(page: Page<User>, view: (u: User) => T): Page<T> => ({ ...page, items: page.items.map(view) });

export default async function userAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { userAdmin } = app.services;
  const admin = { auth: 'admin' as const };
  const agent = { auth: 'agent' as const };

  app.get('/', { config: admin, schema: { querystring: UserListQuerySchema } }, async (req) =>
    ok(pageOf(await userAdmin.list(req.actor!, req.query, false), toManagedUser)));

  app.get('/search', { config: admin, schema: { querystring: UserSearchQuerySchema } }, async (req) =>
    ok(pageOf(await userAdmin.list(req.actor!, req.query, false), toManagedUser)));

  app.get('/agent', { config: agent, schema: { querystring: UserListQuerySchema } }, async (req) =>
    ok(pageOf(await userAdmin.list(req.actor!, req.query, true), toSubUser)));

  app.get('/search/agent', { config: agent, schema: { querystring: UserSearchQuerySchema } }, async (req) =>
    ok(pageOf(await userAdmin.list(req.actor!, req.query, true), toSubUser)));

  app.get('/:id', { config: agent, schema: { params: UserIdParamsSchema } }, async (req) =>
    ok(viewFor(req.actor!)(await userAdmin.get(req.actor!, req.params.id))));

  app.post('/', { config: admin, schema: { body: UserCreateSchema } }, async (req) =>
    ok(toManagedUser(await userAdmin.create(req.actor!, req.body))));

  app.put('/', { config: agent, schema: { body: UserUpdateSchema } }, async (req) =>
    ok(viewFor(req.actor!)(await userAdmin.update(req.actor!, req.body))));

  app.post('/manage', { config: agent, schema: { body: UserManageSchema } }, async (req) =>
    ok(viewFor(req.actor!)(await userAdmin.manage(req.actor!, { ...req.body, action: req.body.action as never }))));
}
