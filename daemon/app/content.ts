// Operator-written content (notice, home page, about, footer) is markdown or HTML; it is sanitised here, on the
// server, before any browser renders it. An https URL alone means "embed this page".
// marked and sanitize-html (with postcss and htmlparser2) are loaded on first use, synchronously: a relay-only
// process never renders content and keeps their code out of its heap.
import { createRequire } from 'node:module';
import type { IOptions } from 'sanitize-html';

type Sanitize = typeof import('sanitize-html');
type Marked = typeof import('marked');
const require = createRequire(import.meta.url);
let libs: { sanitizeHtml: Sanitize; marked: Marked['marked']; allowed: IOptions } | undefined;
const load = () => {
  if (libs) return libs;
  const sanitizeHtml = require('sanitize-html') as Sanitize;
  return (libs = { sanitizeHtml, marked: (require('marked') as Marked).marked, allowed: allowedWith(sanitizeHtml.defaults.allowedTags) });
};

const allowedWith = (defaultTags: string[]): IOptions => ({
  allowedTags: [
    ...defaultTags,
    'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'del', 'ins', 'sup', 'sub', 'details', 'summary', 'center', 'font',
  ],
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'align', 'id'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // Inline styles may set look, never position or behaviour.
  allowedStyles: {
    '*': {
      color: [/^[#\w(),.\s%]+$/],
      'background-color': [/^[#\w(),.\s%]+$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^[\d.]+(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      margin: [/^[\d.\s]+(px|em|rem|%)?[\d.\spxemr%]*$/],
      padding: [/^[\d.\s]+(px|em|rem|%)?[\d.\spxemr%]*$/],
      width: [/^[\d.]+(px|em|rem|%)$/],
      'max-width': [/^[\d.]+(px|em|rem|%)$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
});

export const isEmbedUrl = (text: string): boolean => /^https:\/\/\S+$/.test(text.trim());

/** Markdown or HTML in, safe HTML out. */
export function sanitizeContent(text: string): string {
  if (!text.trim()) return '';
  const { marked, sanitizeHtml, allowed } = load();
  const html = marked.parse(text, { async: false, gfm: true, breaks: false }) as string;
  return sanitizeHtml(html, allowed).trim();
}

/** For pages that may embed: the URL as it is when it is one https URL, else sanitised HTML. */
export function renderPageContent(text: string): string {
  return isEmbedUrl(text) ? text.trim() : sanitizeContent(text);
}
