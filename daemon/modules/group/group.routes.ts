// GET /api/group/ (reference §1.2): the names of the groups priced in GroupRatio, for the user table's group filter
// and the edit drawer's group choice. Agents filter their sub-users by group too.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../contract/envelope.js';
import { groupNames } from '../token/token-rules.js';

export default async function groupRoutes(app: FastifyInstance) {
  const { options } = app.services;
  app.get('/', { config: { auth: 'agent' } }, async () => ok([...groupNames(options.get('GroupRatio'))]));
}
