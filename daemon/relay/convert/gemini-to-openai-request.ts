// A Gemini generateContent request as an OpenAI chat request (a Gemini client on an OpenAI-compatible channel).
// systemInstruction → the first system message; `model` turns → assistant messages (text; functionCall parts →
// tool_calls); a user turn's functionResponse parts → tool messages first (they must follow the assistant's calls),
// its other parts one user message. Calls and results are paired by Gemini's ids when it sent them, else by name
// in order, under ids made up per turn. Media: inlineData → data URLs (images as image_url, audio as input_audio,
// other files as file parts); fileData → image_url with its URI. Thought parts are dropped. Tools →
// functions with JSON Schema parameters (Gemini's built-in tools cannot run elsewhere and are left out);
// toolConfig → tool_choice; generationConfig → sampling, max_tokens, stop, n, JSON output and reasoning_effort.
import type { UpstreamCall } from '../../providers/types.js';
import { isObj, list, str, type Obj } from '../../providers/shape.js';
import { effortForThinking } from '../../providers/gemini/thinking.js';
import { fromGeminiSchema } from './gemini-schema.js';

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
/** Gemini accepts snake_case field names too (the REST API's proto JSON mapping). */
const field = (o: Obj, camel: string, snake: string): unknown => o[camel] ?? o[snake];

const AUDIO_FORMATS: Readonly<Record<string, string>> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

function mediaPart(p: Obj): Obj | null {
  const inline = field(p, 'inlineData', 'inline_data');
  if (isObj(inline)) {
    const mime = str(field(inline, 'mimeType', 'mime_type')).toLowerCase();
    const data = str(inline.data);
    if (mime.startsWith('image/')) return { type: 'image_url', image_url: { url: `data:${mime};base64,${data}` } };
    if (AUDIO_FORMATS[mime]) return { type: 'input_audio', input_audio: { data, format: AUDIO_FORMATS[mime] } };
    return { type: 'file', file: { filename: mime === 'application/pdf' ? 'document.pdf' : 'file', file_data: `data:${mime};base64,${data}` } };
  }
  const file = field(p, 'fileData', 'file_data');
  if (isObj(file)) {
    const uri = str(field(file, 'fileUri', 'file_uri'));
    const mime = str(field(file, 'mimeType', 'mime_type')).toLowerCase();
    if (uri && (mime === '' || mime.startsWith('image/'))) return { type: 'image_url', image_url: { url: uri } };
  }
  return null;
}

function textPart(p: Obj): string {
  if (p.thought === true) return '';
  if (typeof p.text === 'string') return p.text;
  const code = field(p, 'executableCode', 'executable_code');
  if (isObj(code)) return `\`\`\`${str(code.language).toLowerCase()}\n${str(code.code)}\n\`\`\`\n`;
  const result = field(p, 'codeExecutionResult', 'code_execution_result');
  if (isObj(result)) return `\`\`\`output\n${str(result.output)}\n\`\`\`\n`;
  return '';
}

/** Parts → OpenAI content: a string when text only (every vendor takes that), else parts. */
function contentOf(parts: Obj[]): string | Obj[] | null {
  const out: Obj[] = [];
  for (const p of parts) {
    const media = mediaPart(p);
    if (media) out.push(media);
    else {
      const text = textPart(p);
      if (text) out.push({ type: 'text', text });
    }
  }
  if (!out.length) return null;
  return out.every((x) => x.type === 'text') ? out.map((x) => str(x.text)).join('') : out;
}

function responseText(response: unknown): string {
  if (isObj(response) && Object.keys(response).length === 1 && typeof (response.content ?? response.result ?? response.output) === 'string')
    return str(response.content ?? response.result ?? response.output);
  return JSON.stringify(response ?? {});
}

function messagesOf(body: Obj): Obj[] {
  const messages: Obj[] = [];
  const sys = field(body, 'systemInstruction', 'system_instruction');
  const system = isObj(sys) ? list(sys.parts).filter(isObj).map(textPart).join('\n') : typeof sys === 'string' ? sys : '';
  if (system) messages.push({ role: 'system', content: system });
  /** Calls of the last model turn not answered yet, in order: Gemini id or name → OpenAI id. */
  let open: { id: string; gid: string; name: string }[] = [];
  list(body.contents).forEach((turn, t) => {
    if (!isObj(turn)) return;
    const parts = list(turn.parts).filter(isObj);
    if (turn.role === 'model') {
      const calls: Obj[] = [];
      open = [];
      parts.forEach((p, i) => {
        const f = field(p, 'functionCall', 'function_call');
        if (!isObj(f)) return;
        const id = str(f.id) || `call_${t}_${i}`;
        open.push({ id, gid: str(f.id), name: str(f.name) });
        calls.push({ id, type: 'function', function: { name: str(f.name), arguments: JSON.stringify(f.args ?? {}) } });
      });
      // an assistant message holds text only (media a model turn carried has no place in OpenAI's format)
      const text = parts.map(textPart).join('');
      if (!text && !calls.length) return;
      const msg: Obj = { role: 'assistant', content: text || null };
      if (calls.length) msg.tool_calls = calls;
      messages.push(msg);
      return;
    }
    const rest: Obj[] = [];
    for (const p of parts) {
      const r = field(p, 'functionResponse', 'function_response');
      if (!isObj(r)) {
        rest.push(p);
        continue;
      }
      const i = open.findIndex((c) => (str(r.id) ? c.gid === str(r.id) || c.id === str(r.id) : c.name === str(r.name)));
      const match = i >= 0 ? open.splice(i, 1)[0] : undefined;
      messages.push({ role: 'tool', tool_call_id: match?.id ?? (str(r.id) || str(r.name)), content: responseText(r.response) });
    }
    const content = contentOf(rest);
    if (content !== null) messages.push({ role: 'user', content });
  });
  return messages;
}

function toolsOf(body: Obj): Obj[] {
  const out: Obj[] = [];
  for (const tool of list(body.tools).filter(isObj))
    for (const d of list(field(tool, 'functionDeclarations', 'function_declarations')).filter(isObj)) {
      const f: Obj = { name: str(d.name) };
      if (str(d.description)) f.description = str(d.description);
      const json = field(d, 'parametersJsonSchema', 'parameters_json_schema');
      const params = json ?? (d.parameters !== undefined ? fromGeminiSchema(d.parameters) : undefined);
      f.parameters = isObj(params) ? params : { type: 'object', properties: {} };
      out.push({ type: 'function', function: f });
    }
  return out;
}

function toolChoiceOf(body: Obj): unknown {
  const config = field(body, 'toolConfig', 'tool_config');
  const fc = isObj(config) ? field(config, 'functionCallingConfig', 'function_calling_config') : undefined;
  if (!isObj(fc)) return undefined;
  const mode = str(fc.mode).toUpperCase();
  const allowed = list(field(fc, 'allowedFunctionNames', 'allowed_function_names')).filter((x): x is string => typeof x === 'string');
  if (mode === 'NONE') return 'none';
  if (mode === 'ANY') return allowed.length === 1 ? { type: 'function', function: { name: allowed[0] } } : 'required';
  if (mode === 'AUTO' || mode === 'VALIDATED') return 'auto';
  return undefined;
}

export function geminiToOpenaiRequest(body: Obj, call: UpstreamCall): Obj {
  const out: Obj = { model: call.model, messages: messagesOf(body) };
  const g = field(body, 'generationConfig', 'generation_config');
  if (isObj(g)) {
    if (num(g.temperature) !== undefined) out.temperature = g.temperature;
    const topP = num(field(g, 'topP', 'top_p'));
    if (topP !== undefined) out.top_p = topP;
    const max = num(field(g, 'maxOutputTokens', 'max_output_tokens'));
    if (max !== undefined && max > 0) out.max_tokens = max;
    const stop = list(field(g, 'stopSequences', 'stop_sequences')).filter((s): s is string => typeof s === 'string');
    if (stop.length) out.stop = stop;
    const n = num(field(g, 'candidateCount', 'candidate_count'));
    if (n !== undefined && n > 1) out.n = n;
    for (const [gemini, snake, openai] of [['seed', 'seed', 'seed'], ['presencePenalty', 'presence_penalty', 'presence_penalty'], ['frequencyPenalty', 'frequency_penalty', 'frequency_penalty']] as const)
      if (num(field(g, gemini, snake)) !== undefined) out[openai] = field(g, gemini, snake);
    if (field(g, 'responseLogprobs', 'response_logprobs') === true) {
      out.logprobs = true;
      if (num(g.logprobs) !== undefined) out.top_logprobs = g.logprobs;
    }
    if (str(field(g, 'responseMimeType', 'response_mime_type')) === 'application/json') {
      const json = field(g, 'responseJsonSchema', 'response_json_schema');
      const schema = json ?? (field(g, 'responseSchema', 'response_schema') !== undefined ? fromGeminiSchema(field(g, 'responseSchema', 'response_schema')) : undefined);
      out.response_format = isObj(schema) ? { type: 'json_schema', json_schema: { name: 'response', schema } } : { type: 'json_object' };
    }
    const effort = effortForThinking(field(g, 'thinkingConfig', 'thinking_config'));
    if (effort) out.reasoning_effort = effort;
  }
  const tools = toolsOf(body);
  if (tools.length) {
    out.tools = tools;
    const choice = toolChoiceOf(body);
    if (choice !== undefined) out.tool_choice = choice;
  }
  if (call.stream) out.stream = true;
  return out;
}
