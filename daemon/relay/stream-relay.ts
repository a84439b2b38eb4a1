// Streaming an upstream's SSE answer to the client as it arrives (reference §5; stack.md §5): nothing is buffered
// beyond the upstream read being parsed, its events are written at once, and writes wait for a slow client.
//
// THE CLIENT-DISCONNECT BILLING RULE (held to by tests/relay/stream.test.ts):
//   When the client goes away in the middle of a stream, the upstream request is aborted at once (the provider
//   stops generating) and the call is billed for its input plus the output delivered to the client so far —
//   never the full estimate, never nothing:
//     input  = the upstream's prompt_tokens if any usage had arrived, else the locally counted prompt;
//     output = the upstream's completion_tokens if its final usage had arrived before the disconnect, else the
//              tokens counted from the text (content, reasoning, tool calls) already written to the client.
//   "Mid-stream" starts when the client received the first event. A client that leaves before that (while the
//   gateway still waits for the upstream's first event) has received nothing and is charged nothing.
//   An upstream stream that breaks off (socket cut, stall beyond the idle limit, in-band error) is billed by the
//   same rule and is never presented as finished: the client gets an error event in the protocol's shape and the
//   connection ends, with no `[DONE]`.
//
// Until the first event the response is not committed: an upstream that fails before it can still be retried on
// another channel by the pipeline (fallback only before the first byte).
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Usage } from '../billing/quota.js';
import type { SseEvent, StreamTransform } from '../providers/types.js';
import { SSE_PING, SseParser, formatSse } from './sse.js';
import { classify, type UpstreamResponse } from './upstream-http.js';
import type { CallSignal } from './call-cancel.js';
import { streamHead } from './relay-headers.js';

export type StreamEnd = 'complete' | 'client_gone' | 'upstream_cut' | 'upstream_error' | 'timeout';

/**
 * How events are written: server-sent events, or (Gemini's streamGenerateContent without `alt=sse`) one JSON array
 * whose elements are the events' data, opened with the first one and closed when the response ends.
 */
export type StreamFraming = 'sse' | 'json-array';

export interface StreamResult {
  /** The client received at least one event (the response was committed). */
  started: boolean;
  /** Ends the response. Left to the caller, so the call is settled before the client sees the end. */
  close(): void;
  end: StreamEnd;
  /** performance.now() of the first upstream event, if any. */
  firstEventAt: number | null;
}

export interface StreamOptions {
  body: UpstreamResponse['body'];
  transform: StreamTransform;
  reply: FastifyReply;
  /** The call's request id, sent in the response head with CORS and SSE headers (relay-headers.ts). */
  requestId: string;
  /** Write `: PING` after this many idle milliseconds (0: never). */
  pingMs: number;
  signal: CallSignal;
  /** The usage that will be billed for a complete stream (for a client that asked for the usage chunk). */
  billedUsage(): Usage;
  /** Translated texts for the interruption events. */
  messages: { interrupted: string; timeout: string };
  now(): number;
  framing?: StreamFraming;
}

export async function relayStream(o: StreamOptions): Promise<StreamResult> {
  const res: ServerResponse = o.reply.raw;
  const parser = new SseParser();
  const jsonArray = o.framing === 'json-array';
  let written = 0;
  const frame = (ev: SseEvent) => (jsonArray ? `${written++ === 0 ? '[' : '\n,\r\n'}${ev.data}` : formatSse(ev));
  let started = false;
  let firstEventAt: number | null = null;
  let lastWrite = o.now();
  let ping: NodeJS.Timeout | undefined;
  const clientGone = () => res.destroyed || (res.writableEnded && !res.writableFinished) || o.signal.aborted;

  // A promise only when the client's buffer is full (wait for it to drain): the common case allocates none.
  const write = (text: string): Promise<void> | undefined => {
    if (clientGone()) return undefined;
    lastWrite = o.now();
    if (res.write(text)) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  };
  const commit = () => {
    if (started) return;
    started = true;
    o.reply.hijack();
    // the head goes out with the first event's write: one packet, not two
    res.writeHead(200, streamHead(o.requestId, jsonArray));
    // Everything written before this turn of the event loop ends goes out in one write: when the upstream's whole
    // answer came in one read, head, events and end (written after settlement) leave together instead of in two
    // system calls; the first byte waits only for this turn's remaining callbacks.
    const socket = res.socket;
    if (socket) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    if (o.pingMs > 0) {
      ping = setInterval(() => {
        if (o.now() - lastWrite >= o.pingMs) void write(jsonArray ? '\n' : SSE_PING); // whitespace keeps JSON valid
      }, Math.max(50, Math.floor(o.pingMs / 4)));
      ping.unref();
    }
  };
  const send = async (events: SseEvent[]) => {
    if (!events.length) return;
    commit();
    await write(events.length === 1 ? frame(events[0]) : events.map(frame).join(''));
  };
  // The events of one upstream read, transformed and framed, written together: they arrived together.
  const forward = (events: SseEvent[]): Promise<void> | undefined => {
    let out = '';
    for (const ev of events) {
      firstEventAt ??= o.now();
      for (const f of o.transform.push(ev)) out += frame(f);
    }
    if (!out) return undefined;
    commit();
    return write(out);
  };
  const finish = (end: StreamEnd, last = ''): StreamResult => ({
    started,
    end,
    firstEventAt,
    close() {
      if (ping) clearInterval(ping);
      if (started && !res.destroyed && !res.writableEnded) res.end(jsonArray ? `${last}\n]` : last || undefined);
    },
  });

  let end: StreamEnd | null = null;
  try {
    for await (const chunk of o.body) {
      if (clientGone()) break;
      const wrote = forward(parser.push(chunk as Buffer));
      if (wrote) await wrote;
      if (clientGone()) break;
    }
    if (!clientGone()) await forward(parser.end());
  } catch (e) {
    const kind = o.signal.aborted ? 'aborted' : classify(e).kind;
    end = kind === 'aborted' ? 'client_gone' : kind === 'timeout' ? 'timeout' : 'upstream_cut';
  }
  if (end === null && clientGone()) end = 'client_gone';
  if (end === 'client_gone') {
    o.body.destroy();
    return finish('client_gone');
  }
  if (end === null) {
    if (o.transform.failed) end = 'upstream_error';
    else if (o.transform.complete) {
      // The closing events ([DONE], the usage chunk) go out with the end of the response, in one write, once the
      // call is settled (close()).
      const closing = o.transform.end(o.billedUsage());
      if (!started && closing.length) commit();
      return finish('complete', closing.map(frame).join(''));
    } else end = 'upstream_cut';
  }
  o.body.destroy();
  // Nothing reached the client yet: leave the response uncommitted so the pipeline can try another channel.
  if (!started) return finish(end);
  if (end !== 'upstream_error')
    await send(o.transform.interrupted(end === 'timeout' ? o.messages.timeout : o.messages.interrupted, end === 'timeout' ? 'stream_timeout' : 'stream_interrupted'));
  return finish(end);
}
