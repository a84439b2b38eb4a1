import { describe, expect, it } from 'vitest';
import { emailProblem, isEmail, normaliseEmail, parseWhitelist } from './email-rules.js';

const open = { domainRestriction: false, whitelist: '', aliasRestriction: false };

describe('email rules', () => {
  it('normalises case and spaces', () => {
    expect(normaliseEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(normaliseEmail(undefined)).toBe('');
  });

  it.each([
    ['alice@example.com', true],
    ['a.b+tag@mail.example.co', true],
    ['用户@例子.中国', true],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['a@b', false],
    ['a b@example.com', false],
    ['a@example.com\nbcc:x@y.com', false],
    ['a@-example.com', false],
    ['', false],
    [`${'x'.repeat(40)}@example.com`, false], // over 50 characters
  ])('%s is an address: %s', (email, valid) => {
    expect(isEmail(email)).toBe(valid);
  });

  it('parses the whitelist from commas, spaces and new lines', () => {
    expect(parseWhitelist(' Gmail.com, qq.com\n@163.com  outlook.com,,')).toEqual(['gmail.com', 'qq.com', '163.com', 'outlook.com']);
  });

  it('allows only whitelisted domains when the restriction is on', () => {
    const policy = { ...open, domainRestriction: true, whitelist: 'gmail.com,qq.com' };
    expect(emailProblem('alice@gmail.com', policy)).toBeNull();
    expect(emailProblem('alice@evil.com', policy)).toBe('email.domain_not_allowed');
    // a subdomain is not the whitelisted domain
    expect(emailProblem('alice@mail.gmail.com', policy)).toBe('email.domain_not_allowed');
    expect(emailProblem('alice@evil.com', open)).toBeNull();
  });

  it('refuses + and . in the name part when the alias restriction is on', () => {
    const policy = { ...open, aliasRestriction: true };
    expect(emailProblem('alice+shop@gmail.com', policy)).toBe('email.alias_not_allowed');
    expect(emailProblem('a.lice@gmail.com', policy)).toBe('email.alias_not_allowed');
    expect(emailProblem('alice@mail.example.com', policy)).toBeNull();
    expect(emailProblem('alice+shop@gmail.com', open)).toBeNull();
  });

  it('reports a bad format before any policy', () => {
    expect(emailProblem('nonsense', { domainRestriction: true, whitelist: 'gmail.com', aliasRestriction: true })).toBe('email.invalid');
  });
});
