import { describe, expect, it } from 'vitest';
import type { OptionKey } from '@contract/options';
import { confirmRule } from './option-confirm';
import {
  changedEntries, checkField, draftOf, editableKeys, forcedOn, missingRequirements, planSave, storedSecrets, toDraftText, toValues,
} from './option-form';

describe('option form rules', () => {
  const values = toValues([
    { key: 'ServerAddress', value: 'https://gw.example.com' },
    { key: 'EpayId', value: '1001' },
    { key: 'EpayKey', value: '', secret_set: true },
    { key: 'Price', value: '7.3' },
    { key: 'Amounts', value: '[10,20]' },
    { key: 'PayAddress', value: '' },
    { key: 'NotAKey', value: 'x' },
  ]);
  const payment: OptionKey[] = ['PayAddress', 'EpayId', 'EpayKey', 'Price', 'Amounts'];

  it('keeps only known keys and remembers stored secrets', () => {
    expect(values).not.toHaveProperty('NotAKey');
    expect([...storedSecrets([{ key: 'EpayKey', value: '', secret_set: true }, { key: 'SMTPToken', value: '', secret_set: false }])]).toEqual(['EpayKey']);
  });

  it('lets agents edit only their white-label keys the server sent', () => {
    expect(editableKeys(payment, 100, values)).toEqual(payment);
    // payment is the super admin's alone (design agents.md §5)
    expect(editableKeys(payment, 10, values)).toEqual([]);
    const withBranding = { ...values, ...toValues([{ key: 'SystemName', value: 'A' }, { key: 'TopUpLink', value: '' }]) };
    expect(editableKeys(['SystemName', 'TopUpLink', 'Price'], 10, withBranding)).toEqual(['SystemName', 'TopUpLink']);
    expect(editableKeys(['MinTopUp'], 100, values)).toEqual([]); // not sent
  });

  it('shows JSON pretty-printed and counts an untouched form as no change', () => {
    expect(toDraftText('Amounts', '[10,20]')).toBe('[\n  10,\n  20\n]');
    expect(toDraftText('Amounts', 'not json')).toBe('not json');
    expect(planSave(payment, values, draftOf(payment, values))).toEqual({ kind: 'nothing' });
  });

  it('sends only changed fields, normalised', () => {
    const draft = { ...draftOf(payment, values), PayAddress: 'https://pay.example.com//', Price: '7.30', EpayId: '1002' };
    expect(changedEntries(payment, values, draft)).toEqual([['PayAddress', 'https://pay.example.com'], ['EpayId', '1002']]);
  });

  it('never overwrites a stored secret it did not receive', () => {
    const untouched = draftOf(payment, values);
    expect(untouched.EpayKey).toBe('');
    expect(changedEntries(payment, values, { ...untouched, EpayKey: '   ' })).toEqual([]);
    expect(changedEntries(payment, values, { ...untouched, EpayKey: 'new-key' })).toEqual([['EpayKey', 'new-key']]);
  });

  it('refuses invalid JSON, numbers out of bounds and bad addresses before sending', () => {
    const draft = { ...draftOf(payment, values), Amounts: '[10,' };
    expect(planSave(payment, values, draft)).toEqual({ kind: 'invalid', key: 'Amounts', problem: { message: 'optionForm.notJson' } });
    expect(checkField('MinTopUp', '0')).toEqual({ message: 'optionForm.tooSmall', params: { min: 1 } });
    expect(checkField('MinTopUp', '1.5')).toEqual({ message: 'optionForm.notInteger' });
    expect(checkField('Price', 'abc')).toEqual({ message: 'optionForm.notNumber' });
    expect(checkField('ServerAddress', 'gw.example.com')).toEqual({ message: 'optionForm.notUrl' });
    expect(checkField('ServerAddress', '')).toBeNull();
    expect(checkField('ApiAddress', '{"a":1}')).toBeNull();
  });

  it('names the settings a value needs first (registry requires)', () => {
    expect(missingRequirements('PayAddress', 'https://pay.example.com', { ...values, ServerAddress: '' }, new Set())).toEqual(['ServerAddress']);
    expect(missingRequirements('PayAddress', '', { ...values, ServerAddress: '' }, new Set())).toEqual([]);
    expect(missingRequirements('GitHubOAuthEnabled', 'true', {}, new Set())).toEqual(['GitHubClientId', 'GitHubClientSecret']);
    expect(missingRequirements('GitHubOAuthEnabled', 'true', { GitHubClientId: 'id' }, new Set(['GitHubClientSecret']))).toEqual([]);
    expect(missingRequirements('GitHubOAuthEnabled', 'false', {}, new Set())).toEqual([]);
  });

  it('locks SMTP SSL on while the port is 465, and confirms turning off password login or registration', () => {
    expect(forcedOn('SMTPSSLEnabled', { SMTPPort: '587' }, { SMTPPort: '465' })).toBe(true);
    expect(forcedOn('SMTPSSLEnabled', { SMTPPort: '465' }, { SMTPPort: '25' })).toBe(false);
    expect(confirmRule('PasswordLoginEnabled', 'false')).not.toBeNull();
    expect(confirmRule('PasswordRegisterEnabled', 'false')).not.toBeNull();
    expect(confirmRule('PasswordLoginEnabled', 'true')).toBeNull();
    expect(confirmRule('RegisterEnabled', 'false')).toBeNull();
  });
});
