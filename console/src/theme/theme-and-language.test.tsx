import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../test/render-console';

const root = () => document.querySelector('.gateway-console') as HTMLElement;

describe('theme', () => {
  it('switches to dark on the body when allowed, and remembers it', async () => {
    renderConsole('/', {}, { allowBodyTheme: true });
    expect(document.body.getAttribute('arco-theme')).toBeNull();
    fireEvent.click(await screen.findByTestId('theme-switch'));
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(root().classList.contains('gateway-console-dark')).toBe(true);
    fireEvent.click(screen.getByTestId('theme-switch'));
    expect(document.body.getAttribute('arco-theme')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });

  it('leaves the body alone when embedded without permission; the root carries the mode', async () => {
    renderConsole('/', {}, { theme: 'dark' });
    await screen.findByTestId('theme-switch');
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(root().classList.contains('gateway-console-dark')).toBe(true);
  });

  it('starts from the stored choice, and gives the body back on unmount', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    const view = renderConsole('/', {}, { allowBodyTheme: true });
    await screen.findByTestId('theme-switch');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    view.unmount();
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });
});

describe('language', () => {
  it('switches from the header menu and remembers the choice', async () => {
    renderConsole('/', {}, { locale: undefined });
    expect(await screen.findByText('进入控制台')).toBeTruthy(); // Chinese is the fallback
    expect(root().getAttribute('lang')).toBe('zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '语言' }));
    fireEvent.click(await screen.findByText('English'));
    expect(await screen.findByText('Go to console')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(root().getAttribute('lang')).toBe('en-US');
  });

  it('starts from the stored language when no prop is given', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    renderConsole('/', {}, { locale: undefined });
    expect(await screen.findByText('Go to console')).toBeTruthy();
  });

  it('keeps popups inside the console root', async () => {
    renderConsole('/', { 'GET /api/notice': '<p>Maintenance tonight</p>' });
    const text = await screen.findByText('Maintenance tonight');
    expect(root().contains(text)).toBe(true);
    await act(async () => undefined);
    await waitFor(() => expect(document.body.children).toHaveLength(1));
  });
});
