import fc from 'fast-check';

/** The part of a JSON Schema (as the API's OpenAPI document gives it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** Strings an attacker reaches for: empty, huge, control characters, scripts, SQL, odd Unicode. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202eevil',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\\u0000',
    '𝓔𝓪𝓻𝓷𝓮𝓼𝓽',
    'مرحبا',
    '测试',
    'a'.repeat(5000),
    '\ud800',
    'ABCDE-FGHJK',
    'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    '+447911123456',
    '123456',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, -0, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, Number.MAX_VALUE, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, shallow or a little nested. */
const anyJson = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

function fieldsOf(schema: JsonSchema): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = { ...(schema.properties ?? {}) };
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    Object.assign(merged, fieldsOf(part));
  return merged;
}

/** Values on and just past the field's own limits: the longest string it takes and one longer, etc. */
function boundaryFor(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const edges: unknown[] = [];
  if (schema.maxLength !== undefined)
    edges.push('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined)
    edges.push('a'.repeat(schema.minLength), 'a'.repeat(Math.max(0, schema.minLength - 1)));
  for (const limit of [schema.minimum, schema.maximum]) {
    if (limit !== undefined) edges.push(limit, limit - 1, limit + 1, String(limit), String(limit + 1));
  }
  return edges.length > 0 ? [fc.constantFrom(...edges)] : [];
}

/** A value for a field: sometimes one its schema would take, often one it must refuse. */
function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown>[] = [...boundaryFor(schema)];
  if (schema.enum && schema.enum.length > 0) plausible.push(fc.constantFrom(...schema.enum));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string')) plausible.push(nastyString);
  if (types.includes('integer') || types.includes('number')) plausible.push(nastyNumber);
  if (types.includes('boolean')) plausible.push(fc.boolean());
  if (types.includes('object'))
    plausible.push(fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 4 }));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) plausible.push(valueFor(part));
  return plausible.length > 0 ? fc.oneof(...plausible, anyJson) : anyJson;
}

/** Bodies for one route: its own fields with odd values, fields dropped or added, wrong shapes. */
export function bodiesFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema ?? {});
  const names = Object.keys(fields);
  const shaped =
    names.length === 0
      ? fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 3 })
      : fc
          .record(Object.fromEntries(names.map((name) => [name, valueFor(fields[name] ?? {})])), {
            requiredKeys: [],
          })
          .chain((body) =>
            fc
              .dictionary(fc.constantFrom('tab', 'extra', '__proto__', 'constructor', 'amount'), anyJson, {
                maxKeys: 2,
              })
              .map((extra) => ({ ...extra, ...body })),
          );
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.array(shaped, { maxLength: 3 }) },
  );
}

/** A query string for a GET: its own parameters (and a stray one) with odd values, or none. */
export function queriesFor(parameters: string[]): fc.Arbitrary<string> {
  const names = [...parameters, 'locale', 'page', 'x'];
  return fc
    .dictionary(fc.constantFrom(...names), fc.oneof(nastyString, nastyNumber.map(String)), { maxKeys: 3 })
    .map((query) => {
      const text = new URLSearchParams(query).toString();
      return text ? `?${text}` : '';
    });
}

/** Flattens a body into a form's key=value pairs (forms carry only strings). */
export function asForm(body: unknown): string {
  const params = new URLSearchParams();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    }
  } else {
    params.append('value', JSON.stringify(body) ?? '');
  }
  return params.toString();
}
