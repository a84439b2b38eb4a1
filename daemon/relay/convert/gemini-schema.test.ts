import { describe, expect, it } from 'vitest';
import { fromGeminiSchema, toGeminiSchema } from './gemini-schema.js';

describe('JSON Schema → Gemini Schema', () => {
  it('keeps what Gemini knows, upper-cases types, turns null types into nullable and drops the rest', () => {
    expect(toGeminiSchema({
      $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, title: 'Args', strict: true,
      properties: {
        url: { type: 'string', format: 'uri', description: 'A link', examples: ['x'] },
        when: { type: 'string', format: 'date-time' },
        n: { type: ['integer', 'null'], minimum: 0, exclusiveMinimum: 0 },
        tags: { type: 'array', items: [{ type: 'string', const: 'a' }], uniqueItems: true },
        size: { enum: [1, 2] },
        kind: { const: 'fixed' },
        empty: { type: 'object', properties: {} },
      },
      required: ['url', 'missing'],
    })).toEqual({
      type: 'OBJECT', title: 'Args',
      properties: {
        url: { type: 'STRING', description: 'A link' },
        when: { type: 'STRING', format: 'date-time' },
        n: { type: 'INTEGER', nullable: true, minimum: 0 },
        tags: { type: 'ARRAY', items: { type: 'STRING', enum: ['a'] } },
        size: {},
        kind: { type: 'STRING', enum: ['fixed'] },
        empty: { type: 'OBJECT' },
      },
      required: ['url'],
    });
  });

  it('inlines local $refs, merges allOf and turns oneOf into anyOf', () => {
    expect(toGeminiSchema({
      type: 'object',
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: {
        p: { $ref: '#/$defs/Point', description: 'where' },
        both: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'boolean' } }, required: ['b'] }] },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        loop: { $ref: '#/definitions/Nope' },
      },
    })).toEqual({
      type: 'OBJECT',
      properties: {
        p: { type: 'OBJECT', properties: { x: { type: 'NUMBER' } }, required: ['x'], description: 'where' },
        both: { type: 'OBJECT', properties: { a: { type: 'STRING' }, b: { type: 'BOOLEAN' } }, required: ['a', 'b'] },
        either: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
        loop: {},
      },
    });
  });

  it('stops on self-referencing schemas and gives nothing for an object without properties', () => {
    const tree = { type: 'object', $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' }, v: { type: 'string' } } } }, properties: { root: { $ref: '#/$defs/Node' } } };
    const out = JSON.stringify(toGeminiSchema(tree));
    expect(out.length).toBeLessThan(20_000);
    expect(out).toContain('"v":{"type":"STRING"}');
    expect(toGeminiSchema({ type: 'object', properties: {} })).toBeUndefined();
    expect(toGeminiSchema({ type: 'object' })).toBeUndefined();
    expect(toGeminiSchema('nope')).toBeUndefined();
  });
});

describe('Gemini Schema → JSON Schema', () => {
  it('lower-cases types and turns nullable into a null type', () => {
    expect(fromGeminiSchema({ type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true }, b: { type: 'ARRAY', items: { type: 'INTEGER' } } }, propertyOrdering: ['a', 'b'] }))
      .toEqual({ type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: 'array', items: { type: 'integer' } } } });
  });
});
