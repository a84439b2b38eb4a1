// A format bridge lets a client speaking one wire format use a channel whose family serves another natively
// (architecture §4.1: converters between inbound formats, not one per provider per format). A bridge is pure: it
// converts the request body, the whole answer and the stream events; `bridged()` wraps the family's native adapter
// with it, so the native adapter still builds the URL, headers and defaults, reads the usage and follows the
// upstream's own stream protocol (complete / failed / usage / output), and the bridge only translates what the
// client sees. The registry composes them (providers/registry.ts); the relay core never knows a bridge was used.
import type { Usage } from '../../billing/quota.js';
import type { EndpointAdapter, MediaFetcher, SseEvent, StreamTransform, UpstreamCall, WireFormat } from '../../providers/types.js';
import type { Obj } from '../../providers/shape.js';

/** Translates the events of one upstream stream into the client's protocol. */
export interface StreamConverter {
  /** One upstream event (already followed by the native transform) → the client's events. */
  push(ev: SseEvent): SseEvent[];
  /** The client's closing events for a complete stream; `billed` is the usage that is charged. */
  end(billed: Usage): SseEvent[];
  /** The client's error event for a stream that broke off (never an end marker). */
  interrupted(message: string, code: string): SseEvent[];
}

export interface Bridge {
  /** The client's format (the inbound endpoint's). */
  from: WireFormat;
  /** The format the channel's family serves natively. */
  to: WireFormat;
  /** Client body → upstream-format body (model, stream flag and unknown-to-the-target fields handled here). */
  request(body: Obj, call: UpstreamCall): Obj;
  /** Before request(): fetches what the target needs inline (image URLs for Gemini), returning a new client body. */
  prepare?(body: Obj, media: MediaFetcher): Promise<Obj>;
  /** Upstream answer → client answer, reporting the billed usage. */
  answer(json: unknown, call: UpstreamCall, billed: Usage): unknown;
  /** Absent for formats that never stream (embeddings). */
  stream?(call: UpstreamCall, client: { includeUsage: boolean }): StreamConverter;
}

/** The native adapter of `bridge.to`, seen from a client that speaks `bridge.from`. */
export function bridged(native: EndpointAdapter, bridge: Bridge): EndpointAdapter {
  const nativeStream = native.stream;
  const bridgeStream = bridge.stream;
  const prepare = bridge.prepare;
  return {
    prepare: prepare
      ? async (body, _call, media) => (body.kind === 'json' ? { kind: 'json', value: await prepare(body.value, media) } : body)
      : undefined,
    request(body, call) {
      if (body.kind !== 'json') throw new TypeError(`${bridge.from} → ${bridge.to} converts JSON bodies only`);
      return native.request({ kind: 'json', value: bridge.request(body.value, call) }, call);
    },
    answer(json, call) {
      const a = native.answer ? native.answer(json, call) : { usage: null };
      return Object.assign({}, a, { render: (billed: Usage) => bridge.answer(json, call, billed) });
    },
    stream: nativeStream && bridgeStream
      ? (call, client) => {
          // The native side passes every upstream event (usage chunks included) so the converter sees them all.
          const inner = nativeStream(call, { includeUsage: true });
          return new BridgedStream(inner, bridgeStream(call, client));
        }
      : undefined,
  };
}

/**
 * The native transform's state seen through the converter's events. A class with prototype getters: getters in an
 * object literal, closing over the call, give each object its own hidden class and keep the call's objects alive
 * through young-generation GCs.
 */
class BridgedStream implements StreamTransform {
  constructor(
    private readonly inner: StreamTransform,
    private readonly conv: StreamConverter,
  ) {}

  get complete(): boolean {
    return this.inner.complete;
  }

  get failed(): boolean {
    return this.inner.failed;
  }

  get usage(): StreamTransform['usage'] {
    return this.inner.usage;
  }

  get output(): StreamTransform['output'] {
    return this.inner.output;
  }

  push(ev: SseEvent): SseEvent[] {
    return this.inner.push(ev).flatMap((e) => this.conv.push(e));
  }

  end(billed: Usage): SseEvent[] {
    return this.conv.end(billed);
  }

  interrupted(message: string, code: string): SseEvent[] {
    return this.conv.interrupted(message, code);
  }
}
