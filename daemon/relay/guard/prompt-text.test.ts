import { FormData } from 'undici';
import { describe, expect, it } from 'vitest';
import { promptText } from './prompt-text.js';

const json = (value: Record<string, unknown>) => promptText({ kind: 'json', value });

describe('promptText', () => {
  it('chat messages: string content and text parts, not images', () =>
    expect(json({
      model: 'm',
      messages: [
        { role: 'system', content: 'be nice' },
        { role: 'user', content: [{ type: 'text', text: 'hello' }, { type: 'image_url', image_url: { url: 'https://x/forbidden.png' } }] },
      ],
    })).toBe('be nice\nhello'));

  it('completions prompt and embedding input: strings and lists of strings, token arrays skipped', () => {
    expect(json({ prompt: ['one', 'two'] })).toBe('one\ntwo');
    expect(json({ input: 'embed me' })).toBe('embed me');
    expect(json({ input: [[1, 2, 3], 'text'] })).toBe('text');
  });

  it('Responses API: instructions and input items', () =>
    expect(json({ instructions: 'sys', input: [{ role: 'user', content: [{ type: 'input_text', text: 'q' }] }] })).toBe('q\nsys'));

  it('rerank, Claude system and Gemini contents', () => {
    expect(json({ query: 'find', documents: ['d1', { text: 'd2' }] })).toBe('find\nd1\nd2');
    expect(json({ system: [{ type: 'text', text: 'claude sys' }], messages: [{ role: 'user', content: 'hi' }] })).toBe('hi\nclaude sys');
    expect(json({ contents: [{ role: 'user', parts: [{ text: 'gemini' }] }], systemInstruction: { parts: [{ text: 'gsys' }] } })).toBe('gemini\ngsys');
  });

  it('forms: the prompt field only', () => {
    const f = new FormData();
    f.set('prompt', 'draw a cat');
    f.set('model', 'dall-e-2');
    expect(promptText({ kind: 'form', value: f })).toBe('draw a cat');
  });

  it('nothing to read gives an empty text', () => expect(json({ model: 'm', temperature: 1 })).toBe(''));
});
