// Server-sent events, read incrementally from upstream bytes and written back out (reference §5). The parser
// takes chunks cut anywhere (inside a UTF-8 sequence, between "\r" and "\n") and yields whole events; an event's
// data lines are joined with "\n" exactly as received, so passing an event on changes nothing in it. Comment lines
// (": ping") are dropped; a line longer than the limit is an error (new-api: 10 MB).
import { StringDecoder } from 'node:string_decoder';
import type { SseEvent } from '../providers/types.js';

export const MAX_SSE_LINE = 10 * 1024 * 1024;

export class SseLineTooLong extends Error {
  constructor() {
    super('an SSE line exceeded the size limit');
  }
}

export class SseParser {
  // StringDecoder: the same UTF-8 decoding across chunk boundaries (invalid bytes become U+FFFD) at a fraction of
  // TextDecoder's cost per call; the leading byte-order mark TextDecoder would drop is dropped by hand.
  private decoder = new StringDecoder('utf8');
  private started = false;
  private buf = '';
  private afterCR = false;
  /** The event's data lines so far, joined with "\n" (undefined: none yet). */
  private data: string | undefined;
  private event: string | undefined;

  constructor(private readonly maxLine = MAX_SSE_LINE) {}

  /** Feeds bytes; returns the events they completed. */
  push(chunk: Uint8Array): SseEvent[] {
    let text = this.decoder.write(chunk as Buffer);
    if (!this.started && text) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return this.lines(text);
  }

  /** At end of input: a last event not followed by a blank line still counts. */
  end(): SseEvent[] {
    const out = this.lines(this.decoder.end());
    if (this.buf) {
      this.line(this.buf, out);
      this.buf = '';
    }
    this.dispatch(out);
    return out;
  }

  private lines(text: string): SseEvent[] {
    const out: SseEvent[] = [];
    let start = 0;
    if (this.afterCR && text.length) {
      this.afterCR = false;
      if (text.charCodeAt(0) === 10) start = 1; // the "\n" of a "\r\n" split across chunks
    }
    // Line ends found with indexOf (native) rather than a loop over every character; "\r" is rare (CRLF streams).
    let cr = text.indexOf('\r', start);
    for (;;) {
      const nl = text.indexOf('\n', start);
      const isCR = cr !== -1 && (nl === -1 || cr < nl);
      const end = isCR ? cr : nl;
      if (end === -1) break;
      this.line(this.buf === '' ? text.slice(start, end) : this.buf + text.slice(start, end), out);
      this.buf = '';
      start = end + 1;
      if (isCR) {
        if (text.charCodeAt(start) === 10) start++;
        else if (start === text.length) this.afterCR = true;
        cr = text.indexOf('\r', start);
      }
    }
    this.buf += text.slice(start);
    if (this.buf.length > this.maxLine) throw new SseLineTooLong();
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.charCodeAt(0) === 58) return; // ":" comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data = this.data === undefined ? value : `${this.data}\n${value}`;
    else if (field === 'event') this.event = value;
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data !== undefined) out.push(this.event === undefined ? { data: this.data } : { event: this.event, data: this.data });
    this.data = undefined;
    this.event = undefined;
  }
}

/** One event as wire text ("event: …\ndata: …\n\n"). */
export function formatSse(ev: SseEvent): string {
  const head = ev.event !== undefined ? `event: ${ev.event}\n` : '';
  // one data line, the usual case: no split and join
  if (!ev.data.includes('\n')) return `${head}data: ${ev.data}\n\n`;
  return `${head}${ev.data.split('\n').map((l) => `data: ${l}`).join('\n')}\n\n`;
}

export const SSE_PING = ': PING\n\n';
