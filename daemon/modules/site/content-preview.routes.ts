// POST /api/content/preview: renders unsaved notice, page or footer text with the public pages' sanitiser, so the
// settings form can show what visitors will see before it is saved. Agents and admins only (they edit content).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../contract/envelope.js';
import { ContentPreviewSchema } from '../../contract/schemas.js';
import type { ContentPreview } from '../../contract/content.js';
import { isEmbedUrl, sanitizeContent } from '../../app/content.js';

export function previewContent(text: string, page: boolean): ContentPreview {
  if (page && isEmbedUrl(text)) return { html: '', embed_url: text.trim() };
  return { html: sanitizeContent(text), embed_url: '' };
}

export default async function contentPreviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/preview', { config: { auth: 'agent' }, schema: { body: ContentPreviewSchema } }, async (req) =>
    ok(previewContent(req.body.text, req.body.page === true)));
}
