// happy-dom lacks a few browser APIs Arco calls (responsive grid, resize tracking); shim them, and give each
// test a clean DOM and storage.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverShim {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverShim;
}

// Never let an <iframe src="https://..."> under test reach the network.
const happyDOM = (window as unknown as { happyDOM?: { settings: { navigation: { disableChildFrameNavigation: boolean } } } })
  .happyDOM;
if (happyDOM) happyDOM.settings.navigation.disableChildFrameNavigation = true;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.body.removeAttribute('arco-theme');
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
