// A fake Anthropic Messages API on 127.0.0.1, built on the generic mock upstream (so requests are recorded and
// handlers can be replaced). POST /v1/messages checks `x-api-key` and `anthropic-version` like the real API
// (Anthropic's error shape otherwise) and answers a whole message, or its SSE stream when `stream: true`, with
// usage that includes cache reads and writes so billing of cache tokens can be checked.
import type { ServerResponse } from 'node:http';
import { sendJson, startUpstream, writeSse, type MockUpstream, type SseOptions, type UpstreamHandler, type UpstreamRequest } from './upstream.js';

export interface ClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

export const DEFAULT_CLAUDE_USAGE: ClaudeUsage = { input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 };

export interface ClaudeAnswer {
  text?: string;
  thinking?: { text: string; signature: string };
  tools?: { id: string; name: string; input: Record<string, unknown> }[];
  stopReason?: string;
  usage?: ClaudeUsage;
}

export function claudeMessage(model: string, a: ClaudeAnswer = {}) {
  const content: object[] = [];
  if (a.thinking) content.push({ type: 'thinking', thinking: a.thinking.text, signature: a.thinking.signature });
  if (a.text ?? !a.tools) content.push({ type: 'text', text: a.text ?? 'Hello from Claude!' });
  for (const t of a.tools ?? []) content.push({ type: 'tool_use', ...t });
  return {
    id: 'msg_mock01', type: 'message', role: 'assistant', model, content,
    stop_reason: a.stopReason ?? (a.tools?.length ? 'tool_use' : 'end_turn'), stop_sequence: null,
    usage: a.usage ?? DEFAULT_CLAUDE_USAGE,
  };
}

const ev = (type: string, body: object = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;

/** The SSE events of an answer: usage split as Anthropic does (input and cache counts first, output at the end). */
export function claudeEvents(model: string, a: ClaudeAnswer = {}, pieces?: string[]): string[] {
  const usage = a.usage ?? DEFAULT_CLAUDE_USAGE;
  const out = [ev('message_start', { message: { ...claudeMessage(model, a), content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } }), ev('ping')];
  let i = 0;
  if (a.thinking) {
    out.push(ev('content_block_start', { index: i, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    out.push(ev('content_block_delta', { index: i, delta: { type: 'thinking_delta', thinking: a.thinking.text } }));
    out.push(ev('content_block_delta', { index: i, delta: { type: 'signature_delta', signature: a.thinking.signature } }));
    out.push(ev('content_block_stop', { index: i++ }));
  }
  if (a.text ?? !a.tools) {
    out.push(ev('content_block_start', { index: i, content_block: { type: 'text', text: '' } }));
    for (const p of pieces ?? [a.text ?? 'Hello from Claude!']) out.push(ev('content_block_delta', { index: i, delta: { type: 'text_delta', text: p } }));
    out.push(ev('content_block_stop', { index: i++ }));
  }
  for (const t of a.tools ?? []) {
    out.push(ev('content_block_start', { index: i, content_block: { type: 'tool_use', id: t.id, name: t.name, input: {} } }));
    const json = JSON.stringify(t.input);
    const half = Math.floor(json.length / 2);
    out.push(ev('content_block_delta', { index: i, delta: { type: 'input_json_delta', partial_json: json.slice(0, half) } }));
    out.push(ev('content_block_delta', { index: i, delta: { type: 'input_json_delta', partial_json: json.slice(half) } }));
    out.push(ev('content_block_stop', { index: i++ }));
  }
  out.push(ev('message_delta', { delta: { stop_reason: a.stopReason ?? (a.tools?.length ? 'tool_use' : 'end_turn'), stop_sequence: null }, usage: { output_tokens: usage.output_tokens } }));
  out.push(ev('message_stop'));
  return out;
}

export function claudeError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}

/** Answers `a` (whole or streamed, as the request asks). */
export const claudeReply = (a: ClaudeAnswer | ((req: UpstreamRequest) => ClaudeAnswer) = {}, o: SseOptions = {}): UpstreamHandler => (req, res) => {
  const answer = typeof a === 'function' ? a(req) : a;
  const model = String(req.json?.model ?? 'claude');
  if (req.json?.stream === true) return writeSse(res, claudeEvents(model, answer), { ...o, done: false });
  sendJson(res, 200, claudeMessage(model, answer));
};

export interface ClaudeUpstream extends MockUpstream {
  /** Sets the answer of POST /v1/messages (the auth checks stay). */
  answer(handler: UpstreamHandler): void;
}

export async function startClaudeUpstream(opts: { key: string }): Promise<ClaudeUpstream> {
  const up = await startUpstream();
  let inner: UpstreamHandler = claudeReply();
  const messages: UpstreamHandler = (req, res) => {
    if (req.headers['x-api-key'] !== opts.key) return claudeError(res, 401, 'authentication_error', 'invalid x-api-key');
    if (!req.headers['anthropic-version']) return claudeError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
    if (typeof req.json?.max_tokens !== 'number') return claudeError(res, 400, 'invalid_request_error', 'max_tokens: Field required');
    return inner(req, res);
  };
  up.on('POST /v1/messages', messages);
  const reset = up.reset;
  return Object.assign(up, {
    answer(handler: UpstreamHandler) {
      inner = handler;
    },
    reset() {
      reset();
      inner = claudeReply();
      up.on('POST /v1/messages', messages);
    },
  });
}
