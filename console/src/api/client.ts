// fetch -> envelope -> typed data, with the generic error handling of spec 1 §8 done once here.
import { USER_ID_HEADER, type Envelope } from '@contract/envelope';
import { STORAGE_KEYS, type LoginUser } from '@contract/user';
import { readJson, removeKey } from './storage';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Notifier {
  error(message: string): void;
  success(message: string): void;
  warning(message: string): void;
  info(message: string): void;
}

export interface ApiClientDeps {
  apiBase: string;
  navigate: (to: string) => void;
  notify: Pick<Notifier, 'error'>;
  t: Translate;
  /** Lets React state forget the user after a 401, beside the stored copy the client removes itself. */
  onUnauthorized?: () => void;
  /** The console's current language, sent as Accept-Language so server messages match the screen. */
  language?: () => string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Skip the error toast (the caller shows its own text); the 401 redirect still happens. */
  quiet?: boolean;
}

export type ApiErrorKind = 'unauthorized' | 'http' | 'envelope' | 'network';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && typeof (v as Envelope).success === 'boolean';

async function readBody(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const base = deps.apiBase.replace(/\/+$/, '');
  const { t } = deps;

  function fail(error: ApiError, options: RequestOptions): never {
    if (!options.quiet && error.kind !== 'unauthorized') deps.notify.error(error.message);
    throw error;
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    const language = deps.language?.();
    if (language) headers['Accept-Language'] = language;
    const user = readJson<LoginUser>(STORAGE_KEYS.user);
    if (user && typeof user.id === 'number') headers[USER_ID_HEADER] = String(user.id);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await (deps.fetch ?? globalThis.fetch)(base + path, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      return fail(new ApiError(t('error.generic', { message: (err as Error).message }), 'network'), options);
    }
    if (res.status === 401) {
      removeKey(STORAGE_KEYS.user);
      deps.onUnauthorized?.();
      deps.navigate('/login?expired=true');
      return fail(new ApiError(t('error.expired'), 'unauthorized', 401), options);
    }
    const fixed: Record<number, string> = { 429: 'error.tooManyRequests', 500: 'error.serverError', 405: 'error.demoOnly' };
    if (fixed[res.status]) return fail(new ApiError(t(fixed[res.status]), 'http', res.status), options);
    const payload = await readBody(res);
    if (isEnvelope(payload) && !payload.success) {
      return fail(new ApiError(payload.message || t('error.generic', { message: res.status }), 'envelope', res.status), options);
    }
    if (!res.ok || !isEnvelope(payload)) {
      const reason = res.ok ? t('error.badResponse') : `HTTP ${res.status}`;
      return fail(new ApiError(t('error.generic', { message: reason }), 'http', res.status), options);
    }
    return payload.data as T;
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
  };
}
