import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserEntity } from '../../daemon/modules/user/user.entity.js';
import { hashPassword } from '../../daemon/app/password.js';
import { Browser, createTestApp, setupRoot, type TestApp } from '../helpers/app.js';

describe('content preview: POST /api/content/preview', () => {
  let t: TestApp;
  let admin: Browser;
  let agent: Browser;
  let user: Browser;

  const addUser = async (username: string, role: number) =>
    t.services.em.fork().insert(UserEntity, { username, password: await hashPassword(`${username}-pass-1`), role, status: 1, created_at: 1 });
  const signIn = async (username: string, password: string) => {
    const b = new Browser(t.app);
    b.lang = 'en';
    expect((await b.login(username, password)).body.success).toBe(true);
    return b;
  };
  const preview = (b: Browser, body: unknown) => b.call('POST', '/api/content/preview', body);

  beforeAll(async () => {
    t = await createTestApp();
    const root = await setupRoot(t.app);
    await addUser('agent1', 10);
    await addUser('plain1', 1);
    admin = await signIn(root.username, root.password);
    agent = await signIn('agent1', 'agent1-pass-1');
    user = await signIn('plain1', 'plain1-pass-1');
  });
  afterAll(() => t.close());

  it('renders markdown and strips what the public pages would strip', async () => {
    const r = await preview(agent, { text: '**Hi** <script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.data.embed_url).toBe('');
    expect(r.body.data.html).toContain('<strong>Hi</strong>');
    expect(r.body.data.html).not.toMatch(/script|onerror|javascript:/);
  });

  it('gives page content that is one https URL as a page to embed, and never for notices', async () => {
    const page = await preview(admin, { text: '  https://docs.example.com/start  ', page: true });
    expect(page.body.data).toEqual({ html: '', embed_url: 'https://docs.example.com/start' });
    const notice = await preview(admin, { text: 'https://docs.example.com/start' });
    expect(notice.body.data.embed_url).toBe('');
    expect(notice.body.data.html).toContain('https://docs.example.com/start');
    expect((await preview(admin, { text: '' })).body.data).toEqual({ html: '', embed_url: '' });
  });

  it('is for agents and admins only, and checks the body', async () => {
    const r = await preview(user, { text: 'x' });
    expect(r.body.success).toBe(false);
    const anon = await new Browser(t.app).call('POST', '/api/content/preview', { text: 'x' });
    expect(anon.status).toBe(401);
    const bad = await preview(admin, { page: true });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBeTruthy();
  });
});
