// The one error type services throw. Each surface maps it once: the {success:false, message} envelope for /api,
// the provider's error shape for the relay, a red line and an exit code for the CLI.
import type { MessageKey, MessageParams } from '../i18n/messages.js';

export class ServiceError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
    /** HTTP status for /api answers; most failures are 200 with success:false (reference §0). */
    readonly status = 200,
  ) {
    super(key);
    this.name = 'ServiceError';
  }
}
