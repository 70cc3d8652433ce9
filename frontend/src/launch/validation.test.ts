import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, isEmail, NAME_MESSAGE, validateSignup } from './validation';

describe('validateSignup', () => {
  it('rejects the empty form with both messages', () => {
    expect(validateSignup({ name: '', email: '' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });

  it('wants a name of at least two characters, not counting surrounding spaces', () => {
    expect(validateSignup({ name: 'A', email: 'a@b.in' }).name).toBe(NAME_MESSAGE);
    expect(validateSignup({ name: ' A ', email: 'a@b.in' }).name).toBe(NAME_MESSAGE);
    expect(validateSignup({ name: 'Al', email: 'a@b.in' })).toEqual({});
    expect(validateSignup({ name: 'अमित', email: 'a@b.in' })).toEqual({});
  });

  it('wants an email address', () => {
    expect(validateSignup({ name: 'Asha', email: 'asha' }).email).toBe(EMAIL_MESSAGE);
  });

  it.each([
    ['asha@example.in', true],
    ['asha.rao+news@mail.example.co.in', true],
    [' asha@example.in ', true],
    ['asha@', false],
    ['@example.in', false],
    ['asha@example', false],
    ['asha@@example.in', false],
    ['asha..rao@example.in', false],
    ['.asha@example.in', false],
    ['asha rao@example.in', false],
    ['asha@example.i', false],
  ])('isEmail(%j) is %s', (value, want) => {
    expect(isEmail(value)).toBe(want);
  });
});
