import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../test/render-console';
import { loginUser, publicStatus } from '../../test/fixtures';

describe('home page', () => {
  it('frames an https:// home page', async () => {
    renderConsole('/', { 'GET /api/home_page_content': 'https://intro.example.com/' });
    const frame = (await screen.findByTitle('Home')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://intro.example.com/');
  });

  it('renders html content as given', async () => {
    renderConsole('/', { 'GET /api/home_page_content': '<h1>Welcome to ACME AI</h1>' });
    expect((await screen.findByText('Welcome to ACME AI')).tagName).toBe('H1');
    expect(screen.queryByText('Go to console')).toBeNull();
  });

  it('shows the default landing with name, logo and a login button when empty', async () => {
    renderConsole('/', { 'GET /api/status': publicStatus({ system_name: 'ACME AI', logo: 'https://x/logo.png' }) });
    expect(await screen.findByRole('heading', { name: 'ACME AI' })).toBeTruthy();
    expect(document.querySelector('.gc-landing-logo')?.getAttribute('src')).toBe('https://x/logo.png');
    expect(screen.getByText(/Pay as you go/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to console' }).getAttribute('href')).toBe('/token');
  });

  it('drops the login button for a signed-in user', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser()));
    renderConsole('/');
    await screen.findByText('Go to console');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});

describe('not-found page', () => {
  it('asks to check the address', async () => {
    renderConsole('/no/such/page');
    expect(await screen.findByText('The page does not exist, please check the address')).toBeTruthy();
  });
});
