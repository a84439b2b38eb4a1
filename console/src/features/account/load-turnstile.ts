// Loads Cloudflare's Turnstile script once per page, in explicit-render mode (the console decides where and when
// a widget appears). A failed load can be retried by the next widget.
export interface TurnstileRenderOptions {
  sitekey: string;
  callback(token: string): void;
  'expired-callback'?(): void;
  'error-callback'?(): void;
  language?: string;
  theme?: 'auto' | 'light' | 'dark';
}

export interface TurnstileApi {
  render(el: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(id?: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let loading: Promise<TurnstileApi> | null = null;

export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')));
    script.onerror = () => reject(new Error('Turnstile could not be loaded'));
    document.head.appendChild(script);
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
