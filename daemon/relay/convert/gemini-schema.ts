// JSON Schema (OpenAI tool parameters, response_format schemas) ⇄ Gemini's Schema, the OpenAPI 3.0 subset Google
// accepts (reference §6.2: "parameter schemas are cleaned of unsupported keys"). Towards Gemini: only the fields it
// knows are kept, types upper-cased, `["string","null"]` becomes nullable, oneOf becomes anyOf, allOf is merged,
// local $refs are inlined, `const` becomes a one-value enum, formats Gemini refuses and empty `properties` go,
// `required` keeps only listed properties. Back to JSON Schema: types lower-cased, nullable as a "null" type.
// Pure; depth and $ref expansion are bounded.
import { isObj, list, type Obj } from '../../providers/shape.js';

const ALLOWED = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering',
  'default', 'items', 'minimum', 'maximum',
]);
/** Formats Gemini takes, by type; others are refused with a 400. */
const FORMATS: Readonly<Record<string, readonly string[]>> = { STRING: ['enum', 'date-time'], INTEGER: ['int32', 'int64'], NUMBER: ['float', 'double'] };
const MAX_DEPTH = 32;

interface Ctx {
  defs: Obj;
  refs: number;
}

function resolveRef(ref: string, ctx: Ctx): Obj | null {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!m || ctx.refs >= 64) return null;
  ctx.refs++;
  const target = ctx.defs[decodeURIComponent(m[2]).replace(/~1/g, '/').replace(/~0/g, '~')];
  return isObj(target) ? target : null;
}

/** A type, or a list of types, as one Gemini type and whether null is allowed. */
function geminiType(t: unknown): { type?: string; nullable: boolean } {
  const names = (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
  const nullable = names.includes('null');
  const first = names.find((x) => x !== 'null');
  return { type: first ? first.toUpperCase() : undefined, nullable };
}

function mergeAllOf(schema: Obj): Obj {
  const parts = list(schema.allOf).filter(isObj);
  if (!parts.length) return schema;
  const out: Obj = { ...schema };
  delete out.allOf;
  for (const p of parts) {
    for (const [k, v] of Object.entries(p)) {
      if (k === 'properties' && isObj(v)) out.properties = { ...(isObj(out.properties) ? out.properties : {}), ...v };
      else if (k === 'required' && Array.isArray(v)) out.required = [...new Set([...list(out.required), ...v])];
      else if (out[k] === undefined) out[k] = v;
    }
  }
  return out;
}

function clean(input: unknown, ctx: Ctx, depth: number): Obj {
  if (!isObj(input)) return {};
  let s: Obj = input;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 8; hops++) {
    const target = depth < MAX_DEPTH ? resolveRef(s.$ref, ctx) : null;
    const rest: Obj = { ...s };
    delete rest.$ref;
    s = target ? { ...target, ...rest } : rest;
  }
  s = mergeAllOf(s);
  const out: Obj = {};
  const { type, nullable } = geminiType(s.type);
  if (type) out.type = type;
  if (nullable || s.nullable === true) out.nullable = true;
  for (const [k, v] of Object.entries(s)) {
    if (!ALLOWED.has(k) || k === 'type' || k === 'nullable') continue;
    if (depth >= MAX_DEPTH && (k === 'properties' || k === 'items' || k === 'anyOf')) continue;
    if (k === 'properties' && isObj(v)) {
      const props: Obj = {};
      for (const [name, p] of Object.entries(v)) props[name] = clean(p, ctx, depth + 1);
      if (Object.keys(props).length) out.properties = props;
    } else if (k === 'items') {
      const item = Array.isArray(v) ? v[0] : v;
      if (isObj(item)) out.items = clean(item, ctx, depth + 1);
    } else if (k === 'anyOf' && Array.isArray(v)) {
      out.anyOf = v.filter(isObj).map((x) => clean(x, ctx, depth + 1));
    } else if (k === 'enum' && Array.isArray(v)) {
      const values = v.filter((x): x is string => typeof x === 'string');
      if (values.length === v.length && values.length) out.enum = values;
    } else if (k === 'format') {
      if (typeof v === 'string' && type && FORMATS[type]?.includes(v)) out.format = v;
    } else out[k] = v;
  }
  if (Array.isArray(s.oneOf) && !out.anyOf) out.anyOf = s.oneOf.filter(isObj).map((x) => clean(x, ctx, depth + 1));
  if (typeof s.const === 'string' && !out.enum) {
    out.enum = [s.const];
    out.type ??= 'STRING';
  }
  if (out.enum && !out.type) out.type = 'STRING';
  if (Array.isArray(out.required)) {
    const props = isObj(out.properties) ? out.properties : {};
    const required = out.required.filter((r): r is string => typeof r === 'string' && r in props);
    if (required.length) out.required = required;
    else delete out.required;
  }
  return out;
}

/** A JSON Schema as a Gemini Schema; undefined for an object without properties (Gemini refuses those). */
export function toGeminiSchema(schema: unknown): Obj | undefined {
  if (!isObj(schema)) return undefined;
  const defs = { ...(isObj(schema.definitions) ? schema.definitions : {}), ...(isObj(schema.$defs) ? schema.$defs : {}) };
  const out = clean(schema, { defs, refs: 0 }, 0);
  if (out.type === 'OBJECT' && !out.properties) return undefined;
  return Object.keys(out).length ? out : undefined;
}

/** A Gemini Schema (upper-case OpenAPI types) as JSON Schema for an OpenAI-style upstream. */
export function fromGeminiSchema(schema: unknown, depth = 0): unknown {
  if (!isObj(schema) || depth > MAX_DEPTH) return schema;
  const out: Obj = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'nullable' || k === 'propertyOrdering') continue;
    if (k === 'type' && typeof v === 'string') out.type = v.toLowerCase();
    else if (k === 'properties' && isObj(v)) out.properties = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, fromGeminiSchema(p, depth + 1)]));
    else if (k === 'items') out.items = fromGeminiSchema(v, depth + 1);
    else if (k === 'anyOf' && Array.isArray(v)) out.anyOf = v.map((x) => fromGeminiSchema(x, depth + 1));
    else out[k] = v;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}
