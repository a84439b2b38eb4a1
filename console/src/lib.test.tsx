import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { getI18n } from 'react-i18next';
import { mockApi } from './test/mock-api';
import { publicStatus } from './test/fixtures';

describe('library entry', () => {
  it('has no global side effects on import', async () => {
    vi.resetModules();
    const bodyBefore = document.body.outerHTML;
    const headBefore = document.head.innerHTML;
    const setAttribute = vi.spyOn(document.body, 'setAttribute');
    const lib = await import('./lib');
    expect(typeof lib.GatewayConsole).toBe('function');
    expect(typeof lib.mountConsole).toBe('function');
    expect(setAttribute).not.toHaveBeenCalled();
    expect(document.body.outerHTML).toBe(bodyBefore);
    expect(document.head.innerHTML).toBe(headBefore);
    expect(i18next.isInitialized).toBeFalsy();
    expect(i18next.language).toBeUndefined();
    expect(getI18n()).toBeUndefined();
  });

  it('mounts and unmounts without touching the global i18next', async () => {
    mockApi({ 'GET /api/status': publicStatus({ system_name: 'Mounted' }), 'GET /api/notice': '', 'GET /api/home_page_content': '' });
    const { mountConsole } = await import('./lib');
    const host = document.createElement('div');
    document.body.appendChild(host);
    const mounted = mountConsole(host, { locale: 'en-US', theme: 'dark' });
    expect(await screen.findByText('Go to console')).toBeTruthy();
    expect(host.querySelector('.gateway-console-dark')).not.toBeNull();
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(i18next.isInitialized).toBeFalsy();
    expect(i18next.language).toBeUndefined();
    expect(getI18n()).toBeUndefined();
    mounted.unmount();
    expect(host.innerHTML).toBe('');
    host.remove();
  });
});
