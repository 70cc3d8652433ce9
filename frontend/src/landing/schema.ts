// A tiny validation schema for the landing forms. It exists so the field
// messages match the specification's generic defaults ('Required', 'Invalid
// input', 'Expected X, received Y', 'String must contain at least N
// character(s)', 'Invalid email') without pulling a validation library into the
// browser bundle for three small forms.

export type Issue = string;

// The name of a value's type as the default messages spell it.
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

// The same address shape the common schema libraries accept: no leading or
// doubled dot in the local part, a dotted domain, a top-level domain of at
// least two letters.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

type Check = (value: string) => Issue | null;

export interface FieldSchema {
  // The first message that applies to value, or null when it is valid.
  check(value: unknown): Issue | null;
}

export class StringSchema implements FieldSchema {
  private constructor(
    private readonly checks: readonly Check[],
    private readonly isOptional: boolean,
  ) {}

  static create(): StringSchema {
    return new StringSchema([], false);
  }

  private with(check: Check): StringSchema {
    return new StringSchema([...this.checks, check], this.isOptional);
  }

  // A value that is blank after trimming counts as missing.
  nonempty(message = 'Required'): StringSchema {
    return this.with((v) => (v.trim() === '' ? message : null));
  }

  min(n: number, message = `String must contain at least ${n} character(s)`): StringSchema {
    return this.with((v) => (v.length < n ? message : null));
  }

  email(message = 'Invalid email'): StringSchema {
    return this.with((v) => (EMAIL.test(v.trim()) ? null : message));
  }

  refine(ok: (value: string) => boolean, message = 'Invalid input'): StringSchema {
    return this.with((v) => (ok(v) ? null : message));
  }

  // An optional field may be missing or blank; when filled, its checks apply.
  optional(): StringSchema {
    return new StringSchema(this.checks, true);
  }

  check(value: unknown): Issue | null {
    if (value === undefined || value === null) return this.isOptional ? null : 'Required';
    if (typeof value !== 'string') return `Expected string, received ${typeName(value)}`;
    if (this.isOptional && value.trim() === '') return null;
    for (const c of this.checks) {
      const issue = c(value);
      if (issue) return issue;
    }
    return null;
  }
}

export const string = (): StringSchema => StringSchema.create();

export type Shape = Record<string, FieldSchema>;
export type Errors<S extends Shape> = Partial<Record<keyof S & string, Issue>>;

export type Result<S extends Shape> =
  | { success: true; data: Record<keyof S & string, string>; errors: Errors<S> }
  | { success: false; errors: Errors<S> };

export interface ObjectSchema<S extends Shape> {
  shape: S;
  parse(input: unknown): Result<S>;
}

export function object<S extends Shape>(shape: S): ObjectSchema<S> {
  return {
    shape,
    parse(input) {
      const errors: Errors<S> = {};
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        // The whole value is wrong: every field is reported against it.
        const issue = input === undefined ? 'Required' : `Expected object, received ${typeName(input)}`;
        for (const key of Object.keys(shape) as (keyof S & string)[]) errors[key] = issue;
        return { success: false, errors };
      }
      const record = input as Record<string, unknown>;
      const data = {} as Record<keyof S & string, string>;
      for (const key of Object.keys(shape) as (keyof S & string)[]) {
        const issue = shape[key].check(record[key]);
        if (issue) errors[key] = issue;
        else data[key] = typeof record[key] === 'string' ? (record[key] as string).trim() : '';
      }
      return Object.keys(errors).length ? { success: false, errors } : { success: true, data, errors };
    },
  };
}

// A form's fields as the schema reads them. A field the form lacks is absent,
// so it reads as missing ('Required'); a file reads as the wrong type.
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => {
    values[k] = v;
  });
  return values;
}
