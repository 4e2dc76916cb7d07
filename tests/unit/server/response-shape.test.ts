import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseShaper, shapingSerializerCompiler } from '../../../server/response-shape.ts';
import { resources } from '../../../src/shared/schemas/index.ts';
import { storedUserRow } from '../../../src/shared/schemas/user.ts';

describe('responses shaped by their schema', () => {
  it('drops fields the schema does not declare, at every level', () => {
    const schema = z.object({
      id: z.string(),
      theme: z.object({ colour: z.string() }),
      grants: z.array(z.object({ id: z.string(), role: z.string() })),
      byName: z.record(z.string(), z.object({ n: z.number() })),
    });
    const shaped = responseShaper(schema)({
      id: 'a',
      secret: 'x',
      theme: { colour: '#fff', internal: 1 },
      grants: [{ id: 'g', role: 'read', note: 'no' }],
      byName: { one: { n: 1, extra: true } },
    });
    expect(shaped).toEqual({
      id: 'a',
      theme: { colour: '#fff' },
      grants: [{ id: 'g', role: 'read' }],
      byName: { one: { n: 1 } },
    });
  });

  it("never sends a user's password hash, and keeps the fields a user row declares", () => {
    const stored = storedUserRow.parse({
      id: '651000000000000000000005',
      created_at: '2026-01-15T10:00:00.000Z',
      account: '650000000000000000000003',
      first_name: 'Rea',
      last_name: 'Der',
      email: 'reader@northwind.test',
      super_admin: false,
      access_grants: [],
      root_account_access_grants: [],
      viewed_marketing_consent: true,
      marketing_consent: false,
      email_verified: true,
      first_login: false,
      last_login_at: null,
      password_hash: 'scrypt$secret',
    });
    const shaped = responseShaper(resources.user.row)({ ...stored, stray: 1 }) as Record<string, unknown>;
    expect(shaped).not.toHaveProperty('password_hash');
    expect(shaped).not.toHaveProperty('stray');
    expect(shaped.first_login).toBe(false);
    expect(Object.keys(shaped)).toEqual(Object.keys(stored).filter((key) => key !== 'password_hash'));
  });

  it('leaves values as they are: absent optional fields stay absent, nulls and wrong types pass', () => {
    const schema = z.object({ a: z.string().nullable(), b: z.number().optional(), c: z.object({ d: z.string() }) });
    expect(responseShaper(schema)({ a: null, c: 'not an object' })).toEqual({ a: null, c: 'not an object' });
    expect(responseShaper(schema)('text')).toBe('text');
  });

  it('fills defaults, keeps what loose objects allow, and shapes unions by the option that fits', () => {
    const loose = z.looseObject({ a: z.object({ b: z.number() }) });
    expect(responseShaper(loose)({ a: { b: 1, c: 2 }, other: 3 })).toEqual({ a: { b: 1 }, other: 3 });
    expect(responseShaper(z.object({ n: z.number().default(5) }))({})).toEqual({ n: 5 });
    const union = z.union([
      z.object({ success: z.literal(true) }),
      z.object({ success: z.literal(false), action_required: z.string() }),
    ]);
    expect(responseShaper(union)({ success: true, token: 'x' })).toEqual({ success: true });
    expect(responseShaper(union)({ success: false, action_required: 'email_verification', x: 1 })).toEqual({
      success: false,
      action_required: 'email_verification',
    });
  });

  it('shapes through pipes and lazy (recursive) schemas, and passes transforms through', () => {
    const email = z.string().transform((value) => value.toLowerCase());
    const node: z.ZodType = z.lazy(() => z.object({ name: email, children: z.array(node) }));
    expect(responseShaper(node)({ name: 'A', x: 1, children: [{ name: 'B', children: [], y: 2 }] })).toEqual({
      name: 'A',
      children: [{ name: 'B', children: [] }],
    });
    expect(responseShaper(z.preprocess((v) => v, z.object({ k: z.string() })))({ k: 'v', j: 1 })).toEqual({ k: 'v' });
  });

  it('is the serializer of routes with a response schema: JSON of the shaped value', () => {
    const serialize = shapingSerializerCompiler({
      schema: z.object({ ok: z.boolean() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ ok: true, hidden: 'no' })).toBe('{"ok":true}');
    const plain = shapingSerializerCompiler({
      schema: { type: 'object' },
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(plain({ any: 1 })).toBe('{"any":1}');
  });
});
