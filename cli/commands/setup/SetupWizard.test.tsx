import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { SetupRequest, SetupStatus } from '../../../daemon/contract/setup.js';
import { ServiceError } from '../../../daemon/app/errors.js';
import type { Lang } from '../../../daemon/i18n/lang.js';
import { SetupWizard, type WizardOutcome } from './SetupWizard.js';

const ENTER = '\r';
const DOWN = '\x1b[B';
const ESC = '\x1b';

/** A setup service without a database: records init payloads, optionally refusing the first ones. */
function fakeSetup(status: Partial<SetupStatus> = {}, refusals: ServiceError[] = []) {
  const calls: SetupRequest[] = [];
  return {
    calls,
    status: async (): Promise<SetupStatus> => ({ status: false, root_init: false, database_type: 'sqlite', ...status }),
    init: async (req: SetupRequest) => {
      calls.push(req);
      const refusal = refusals.shift();
      if (refusal) throw refusal;
    },
  };
}

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

function start(setup: ReturnType<typeof fakeSetup>, lang: Lang = 'en') {
  const outcomes: WizardOutcome[] = [];
  const ink = render(<SetupWizard setup={setup} lang={lang} onFinish={(o) => outcomes.push(o)} />);
  // One key per write, then a tick: Ink doesn't split bursts of keys (stack.md pitfall 18).
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ink.stdin.write(k);
      await tick();
    }
  };
  const type = (text: string) => press(...text);
  const frame = () => ink.lastFrame() ?? '';
  /** Waits for text on screen, then a tick more so the new step's input handler is attached. */
  const waitFor = async (text: string) => {
    for (let i = 0; i < 100 && !frame().includes(text); i++) await tick(10);
    await tick();
    expect(frame()).toContain(text);
  };
  return { ...ink, outcomes, press, type, frame, waitFor };
}

afterEach(cleanup);

describe('SetupWizard', () => {
  it('walks username, password, confirmation, mode and confirm, and sends the web payload', async () => {
    const setup = fakeSetup();
    const w = start(setup);
    await w.waitFor('Admin username:');
    expect(w.frame()).toContain('Database: SQLite');
    expect(w.frame()).toContain('PostgreSQL is recommended');
    await w.type('alice');
    await w.press(ENTER);
    expect(w.frame()).toContain('Password (at least 8 characters):');
    await w.type('secret-pw');
    expect(w.frame()).toContain('*********');
    expect(w.frame()).not.toContain('secret-pw');
    await w.press(ENTER);
    await w.type('secret-pw');
    await w.press(ENTER);
    expect(w.frame()).toContain('Usage mode');
    expect(w.frame()).toContain('A public site');
    await w.press(DOWN, ENTER);
    expect(w.frame()).toContain('Check the settings');
    expect(w.frame()).toContain('Self-use');
    expect(setup.calls).toEqual([]);
    await w.press(ENTER);
    await tick();
    expect(setup.calls).toEqual([
      { username: 'alice', password: 'secret-pw', confirmPassword: 'secret-pw', SelfUseModeEnabled: true, DemoSiteEnabled: false },
    ]);
    expect(w.outcomes).toEqual([{ kind: 'done', username: 'alice' }]);
    expect(w.frame()).toContain('System initialised');
  });

  it('shows a mismatch at the confirmation and lets the user retype it', async () => {
    const setup = fakeSetup();
    const w = start(setup);
    await w.waitFor('Admin username:');
    await w.type('bob');
    await w.press(ENTER);
    await w.type('password1');
    await w.press(ENTER);
    await w.type('password2');
    await w.press(ENTER);
    expect(w.frame()).toContain('The two passwords do not match');
    expect(w.frame()).toContain('Confirm password:');
    await w.type('password1');
    await w.press(ENTER);
    expect(w.frame()).not.toContain('do not match');
    await w.press(ENTER, ENTER);
    await tick();
    expect(setup.calls[0]).toMatchObject({ username: 'bob', confirmPassword: 'password1', SelfUseModeEnabled: false, DemoSiteEnabled: false });
  });

  it('checks the fields as the service does: username required, password length', async () => {
    const w = start(fakeSetup());
    await w.waitFor('Admin username:');
    await w.press(ENTER);
    expect(w.frame()).toContain('Please enter admin username');
    await w.type('carol');
    await w.press(ENTER);
    await w.type('short');
    await w.press(ENTER);
    expect(w.frame()).toContain('Password length at least 8 characters');
  });

  it('skips the account step when the root account exists', async () => {
    const setup = fakeSetup({ root_init: true, database_type: 'postgres' });
    const w = start(setup);
    await w.waitFor('Usage mode');
    expect(w.frame()).toContain('Database: PostgreSQL');
    expect(w.frame()).not.toContain('Database warning');
    expect(w.frame()).toContain('administrator account already exists');
    expect(w.frame()).not.toContain('Admin username:');
    await w.press(DOWN, DOWN, ENTER);
    await w.press(ESC); // back from review to the mode step, never into the account steps
    expect(w.frame()).toContain('Usage mode');
    await w.press(ESC);
    expect(w.frame()).not.toContain('Admin username:');
    await w.press(ENTER, ENTER);
    await tick();
    expect(setup.calls).toEqual([{ SelfUseModeEnabled: false, DemoSiteEnabled: true }]);
    expect(w.outcomes).toEqual([{ kind: 'done', username: undefined }]);
  });

  it('sends the user back to the field the service refused', async () => {
    const setup = fakeSetup({}, [new ServiceError('setup.password_short', undefined, 400)]);
    const w = start(setup);
    await w.waitFor('Admin username:');
    for (const text of ['dave', 'longenough', 'longenough']) {
      await w.type(text);
      await w.press(ENTER);
    }
    await w.press(ENTER, ENTER);
    await tick();
    expect(w.frame()).toContain('Password length at least 8 characters');
    expect(w.frame()).toContain('Password (at least 8 characters):');
    // The answers are kept: Enter through password, confirmation, mode and review sends them again.
    await w.press(ENTER, ENTER, ENTER, ENTER);
    await tick();
    expect(setup.calls).toHaveLength(2);
    expect(w.outcomes).toEqual([{ kind: 'done', username: 'dave' }]);
  });

  it('ends at once when the system is already initialised', async () => {
    const setup = fakeSetup({ status: true, root_init: true });
    const w = start(setup);
    await w.waitFor('already been initialised');
    expect(w.frame()).toContain('already been initialised');
    expect(w.outcomes).toEqual([{ kind: 'already' }]);
    expect(setup.calls).toEqual([]);
  });

  it('speaks Chinese', async () => {
    const w = start(fakeSetup(), 'zh');
    await w.waitFor('管理员用户名');
    expect(w.frame()).toContain('管理员用户名');
    expect(w.frame()).toContain('数据库警告');
    await w.press(ENTER);
    expect(w.frame()).toContain('请输入管理员用户名');
  });
});
