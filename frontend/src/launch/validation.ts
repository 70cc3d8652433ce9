// Launch sign-up validation (SPEC §5).

export const NAME_MIN = 2;
export const NAME_MESSAGE = 'Name must be at least 2 characters';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

export interface Signup {
  name: string;
  email: string;
}

export type SignupErrors = Partial<Record<keyof Signup, string>>;

// The common "local@domain.tld" shape (the one form libraries such as zod
// accept): no leading, trailing or doubled dots in the local part, dotted
// domain labels, a letters-only top-level domain of two or more letters.
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Z0-9_'+\-.]*[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

// Surrounding spaces are not part of a name, and a name is counted in
// characters (code points), not UTF-16 units.
export function validateSignup(values: Signup): SignupErrors {
  const errors: SignupErrors = {};
  if ([...values.name.trim()].length < NAME_MIN) errors.name = NAME_MESSAGE;
  if (!isEmail(values.email)) errors.email = EMAIL_MESSAGE;
  return errors;
}

export function hasErrors(errors: SignupErrors): boolean {
  return Object.keys(errors).length > 0;
}
