// Maps every failure under /api to the {success:false, message} envelope, in the request's language.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError } from '../../app/errors.js';
import { translate } from '../../i18n/translate.js';
import { langFromHeader } from '../../i18n/lang.js';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = langFromHeader(req.headers['accept-language']);
    done();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ServiceError) {
      return reply.status(err.status).send({ success: false, message: translate(req.lang, err.key, err.params) });
    }
    if (err.validation) {
      const detail = err.validation.map((v) => `${v.instancePath || (v.params as { missingProperty?: string })?.missingProperty || ''} ${v.message ?? ''}`.trim()).join('; ');
      return reply.status(400).send({ success: false, message: translate(req.lang, 'generic.bad_request', { detail }) });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: translate(req.lang, 'generic.body_too_large') });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ success: false, message: translate(req.lang, 'generic.bad_request', { detail: err.message }) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: translate(req.lang, 'generic.internal') });
  });
});
