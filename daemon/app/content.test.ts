import { describe, expect, it } from 'vitest';
import { isEmbedUrl, renderPageContent, sanitizeContent } from './content.js';

describe('sanitizeContent', () => {
  it('renders markdown', () => {
    expect(sanitizeContent('# Hello\n\n**bold** [x](https://a.example)')).toBe(
      '<h1>Hello</h1>\n<p><strong>bold</strong> <a href="https://a.example">x</a></p>',
    );
  });
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<p><a>x</a></p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="position:fixed;color:red">x</p>', '<p style="color:red">x</p>'],
    ['<svg onload="alert(1)"></svg>', '<p></p>'],
  ])('removes what can run or take over the page: %s', (input, out) => {
    expect(sanitizeContent(input)).toBe(out);
  });
  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeContent('<a href="https://x.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });
  it('keeps nothing for empty text', () => expect(sanitizeContent('  ')).toBe(''));
});

describe('renderPageContent', () => {
  it('passes a single https URL through for embedding', () => {
    expect(isEmbedUrl('https://docs.example.com/page')).toBe(true);
    expect(renderPageContent(' https://docs.example.com/page ')).toBe('https://docs.example.com/page');
  });
  it('does not embed http or URLs with other text', () => {
    expect(isEmbedUrl('http://docs.example.com')).toBe(false);
    expect(renderPageContent('see https://docs.example.com')).toContain('<p>');
  });
});
