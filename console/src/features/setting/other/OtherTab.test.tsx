import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@contract/user';
import { renderConsole } from '../../../test/render-console';
import { loginUser } from '../../../test/fixtures';
import { optionMock } from '../../../test/option-api';
import type { RecordedRequest } from '../../../test/mock-api';

const signIn = (role: number) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(loginUser({ role })));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
/** The header has a notice bell labelled Notice too. */
const byKey = (key: string) => document.getElementById(`option-${key}`) as HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function openOther(role: number, routes = {}) {
  signIn(role);
  const mock = optionMock({ SystemName: 'Gateway', Notice: 'old notice' });
  const view = renderConsole('/setting?tab=other', { ...mock.routes, ...routes });
  await screen.findByTestId('other-tab');
  return { ...view, mock, puts: () => view.api.find('PUT', '/api/option/').map((r) => r.body) };
}

describe('other (content) tab', () => {
  it('saves the system name with its own message, and refuses an empty one', async () => {
    const { puts, api } = await openOther(10);
    expect(api.find('GET', '/api/option/agent')).toHaveLength(1);
    type('System name', '');
    fireEvent.click(screen.getByTestId('save-system-name'));
    expect(await screen.findByText('System name is required')).toBeTruthy();
    type('System name', 'Reseller Hub');
    fireEvent.click(screen.getByTestId('save-system-name'));
    expect(await screen.findByText('System name updated')).toBeTruthy();
    expect(puts()).toEqual([{ key: 'SystemName', value: 'Reseller Hub' }]);
  });

  it('previews unsaved notice text through the server sanitiser', async () => {
    const previews: RecordedRequest[] = [];
    await openOther(100, {
      'POST /api/content/preview': (req: RecordedRequest) => {
        previews.push(req);
        return { json: { success: true, message: '', data: { html: '<p><strong>Maintenance</strong> tonight</p>', embed_url: '' } } };
      },
    });
    fireEvent.change(byKey('Notice'), { target: { value: '**Maintenance** tonight <script>alert(1)</script>' } });
    fireEvent.click(screen.getByTestId('preview-Notice'));
    const shown = await screen.findByTestId('content-preview');
    expect(shown.innerHTML).toBe('<p><strong>Maintenance</strong> tonight</p>');
    expect(previews[0].body).toEqual({ text: '**Maintenance** tonight <script>alert(1)</script>', page: false });
  });

  it('marks page content as embeddable in the preview, and shows a notice toast on save', async () => {
    const previews: RecordedRequest[] = [];
    const { puts } = await openOther(100, {
      'POST /api/content/preview': (req: RecordedRequest) => {
        previews.push(req);
        return { json: { success: true, message: '', data: { html: '', embed_url: 'https://docs.example.com' } } };
      },
    });
    type('Home page content', 'https://docs.example.com');
    fireEvent.click(screen.getByTestId('preview-HomePageContent'));
    expect(await screen.findByText('This page will embed https://docs.example.com')).toBeTruthy();
    expect(previews[0].body).toEqual({ text: 'https://docs.example.com', page: true });
    fireEvent.change(byKey('Notice'), { target: { value: 'new notice' } });
    fireEvent.click(screen.getByTestId('save-notice'));
    expect(await screen.findByText('Notice updated')).toBeTruthy();
    await waitFor(() => expect(puts()).toEqual([{ key: 'Notice', value: 'new notice' }]));
  });
});
