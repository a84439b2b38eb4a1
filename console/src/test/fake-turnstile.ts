// A stand-in for Cloudflare's Turnstile script: each render (and each reset) hands out the next token after a tick.
import { vi } from 'vitest';
import type { TurnstileApi, TurnstileRenderOptions } from '../features/account/load-turnstile';

export function fakeTurnstile(opts: { solve?: boolean } = {}) {
  const solve = opts.solve ?? true;
  const widgets = new Map<string, TurnstileRenderOptions>();
  let n = 0;
  const issue = (id: string) => {
    const w = widgets.get(id);
    if (w && solve) setTimeout(() => widgets.get(id)?.callback(`tok-${++n}`), 0);
  };
  const api: TurnstileApi = {
    render: vi.fn((el: HTMLElement, options: TurnstileRenderOptions) => {
      const id = `w${widgets.size + 1}`;
      widgets.set(id, options);
      el.textContent = 'human check';
      issue(id);
      return id;
    }),
    reset: vi.fn((id?: string) => issue(id ?? 'w1')),
    remove: vi.fn((id: string) => void widgets.delete(id)),
  };
  vi.stubGlobal('turnstile', api);
  return { api, widgets, issued: () => n };
}
