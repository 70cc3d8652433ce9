import { describe, expect, it } from 'vitest';
import { object, string, typeName } from './schema';

describe('string()', () => {
  it('reports a missing value as Required', () => {
    expect(string().check(undefined)).toBe('Required');
    expect(string().check(null)).toBe('Required');
  });

  it("reports a value of another type as 'Expected string, received X'", () => {
    expect(string().check(42)).toBe('Expected string, received number');
    expect(string().check(true)).toBe('Expected string, received boolean');
    expect(string().check(['a'])).toBe('Expected string, received array');
    expect(string().check({})).toBe('Expected string, received object');
    expect(string().check(Number.NaN)).toBe('Expected string, received nan');
  });

  it('nonempty() says Required for blank text', () => {
    expect(string().nonempty().check('')).toBe('Required');
    expect(string().nonempty().check('   ')).toBe('Required');
    expect(string().nonempty().check('Asha')).toBeNull();
  });

  it('min(n) gives the character-count message', () => {
    expect(string().min(2).check('A')).toBe('String must contain at least 2 character(s)');
    expect(string().min(1).check('')).toBe('String must contain at least 1 character(s)');
    expect(string().min(2).check('Al')).toBeNull();
  });

  it("email() says 'Invalid email' for a malformed address", () => {
    const s = string().email();
    for (const bad of ['asha', 'asha@', '@nivaran.example', 'asha@nivaran', 'asha..r@nivaran.example', '.asha@nivaran.example', 'a b@nivaran.example']) {
      expect(s.check(bad), bad).toBe('Invalid email');
    }
    for (const good of ['asha@nivaran.example', 'a.r+news@mail.co.in', ' asha@nivaran.example ']) {
      expect(s.check(good), good).toBeNull();
    }
  });

  it("refine() defaults to 'Invalid input' and takes a custom message", () => {
    expect(string().refine((v) => v.startsWith('+')).check('91')).toBe('Invalid input');
    expect(string().refine((v) => v.startsWith('+'), 'Start with +').check('91')).toBe('Start with +');
    expect(string().refine((v) => v.startsWith('+')).check('+91')).toBeNull();
  });

  it('reports the first failing check only', () => {
    expect(string().nonempty().email().check('')).toBe('Required');
    expect(string().nonempty().email().check('x')).toBe('Invalid email');
  });

  it('optional() accepts missing or blank values but checks filled ones', () => {
    const s = string().email().optional();
    expect(s.check(undefined)).toBeNull();
    expect(s.check('')).toBeNull();
    expect(s.check('x')).toBe('Invalid email');
    expect(s.check(3)).toBe('Expected string, received number');
  });
});

describe('object()', () => {
  const schema = object({ name: string().nonempty(), email: string().nonempty().email(), phone: string().optional() });

  it('collects one message per failing field', () => {
    expect(schema.parse({ name: '', email: 'nope' })).toEqual({ success: false, errors: { name: 'Required', email: 'Invalid email' } });
    expect(schema.parse({})).toEqual({ success: false, errors: { name: 'Required', email: 'Required' } });
  });

  it('returns trimmed data when everything passes', () => {
    expect(schema.parse({ name: ' Asha ', email: 'asha@nivaran.example', extra: 'ignored' })).toEqual({
      success: true,
      data: { name: 'Asha', email: 'asha@nivaran.example', phone: '' },
      errors: {},
    });
  });

  it('reports a non-object input against every field', () => {
    expect(schema.parse(undefined).errors).toEqual({ name: 'Required', email: 'Required', phone: 'Required' });
    expect(schema.parse('x').errors.name).toBe('Expected object, received string');
    expect(schema.parse(null).errors.email).toBe('Expected object, received null');
  });
});

describe('typeName', () => {
  it('names values as the messages spell them', () => {
    expect([null, [], new Date(0), Number.NaN, 1, 's', undefined, () => 0].map(typeName)).toEqual([
      'null',
      'array',
      'date',
      'nan',
      'number',
      'string',
      'undefined',
      'function',
    ]);
  });
});
