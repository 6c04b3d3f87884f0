import { z } from 'zod';

type Json = Record<string, unknown>;

const STRING_CANDIDATES = [
  'AB-123-CD',
  '6f1c0c8e-7d3a-4c55-9a4f-1d2e3f4a5b6c',
  'Virtual_6f1c0c8e-7d3a-4c55-9a4f-1d2e3f4a5b6c',
  '2024-01-01',
  '2024-01-01T00:00:00.000Z',
  'someone@example.com',
  'https://example.com/x.jpg',
  '+33612345678',
  'x',
];

function stringSample(s: Json): string {
  const format = s.format as string | undefined;
  if (format === 'email') return 'someone@example.com';
  if (format === 'uri' || format === 'url') return 'https://example.com/x.jpg';
  if (format === 'uuid') return '6f1c0c8e-7d3a-4c55-9a4f-1d2e3f4a5b6c';
  if (format === 'date') return '2024-01-01';
  if (format === 'date-time') return '2024-01-01T00:00:00.000Z';
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : null;
  const min = Number(s.minLength ?? 1);
  const max = Number(s.maxLength ?? Infinity);
  const fits = (v: string) => v.length >= min && v.length <= max && (!pattern || pattern.test(v));
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, min));
}

function sampleJson(s: unknown, full: boolean): unknown {
  if (!s || typeof s !== 'object') return null;
  const o = s as Json;
  if ('const' in o) return o.const;
  if (Array.isArray(o.enum)) return o.enum[0];
  if (o.default !== undefined) return o.default;
  const alternatives = (o.anyOf ?? o.oneOf) as unknown[] | undefined;
  if (alternatives?.length)
    return sampleJson(alternatives.find((a) => (a as Json).type !== 'null') ?? alternatives[0], full);
  if (Array.isArray(o.allOf)) return Object.assign({}, ...o.allOf.map((p) => sampleJson(p, full) as object));
  switch (Array.isArray(o.type) ? o.type[0] : o.type) {
    case 'object': {
      const props = (o.properties ?? {}) as Record<string, unknown>;
      const keys = full ? Object.keys(props) : ((o.required ?? []) as string[]);
      return Object.fromEntries(keys.map((k) => [k, sampleJson(props[k], full)]));
    }
    case 'array': {
      if (Array.isArray(o.prefixItems)) return o.prefixItems.map((p) => sampleJson(p, full));
      return Array.from({ length: Math.max(1, Number(o.minItems ?? 1)) }, () => sampleJson(o.items, full));
    }
    case 'string':
      return stringSample(o);
    case 'integer':
    case 'number':
      return typeof o.minimum === 'number'
        ? o.minimum
        : typeof o.exclusiveMinimum === 'number'
          ? o.exclusiveMinimum + 1
          : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/**
 * A value a route's zod schema accepts: required fields only (or, with full, every field), first enum
 * members, plausible strings. Lets a test reach a route's handler without knowing its body.
 */
export function sampleFor(schema: unknown, full = false): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return sampleJson(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), full);
  } catch {
    return {};
  }
}
