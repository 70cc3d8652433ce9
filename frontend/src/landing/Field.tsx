import { useEffect, useState } from 'react';
import { formValues, type ObjectSchema, type Shape } from './schema';

export interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
}

// One labelled input with its message underneath, tied to it by
// aria-describedby and aria-invalid so a screen reader hears both together.
export function Field({ formId, def, error }: { formId: string; def: FieldDef; error?: string }) {
  const id = `${formId}-${def.name}`;
  const errorId = `${id}-error`;
  return (
    <div className={`landing-field${error ? ' landing-field--invalid' : ''}`}>
      <label className="landing-field__label" htmlFor={id}>
        {def.label}
        {def.required ? (
          <span className="landing-field__mark" aria-hidden="true"> *</span>
        ) : (
          <span className="landing-field__optional"> (optional)</span>
        )}
      </label>
      <input
        className="landing-field__input"
        id={id}
        name={def.name}
        type={def.type}
        autoComplete={def.autoComplete}
        required={def.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p className="landing-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// The spam trap: bots fill every input, people never see this one. It is
// sent with the form and the form service judges it.
export function SpamTrap() {
  return (
    <div className="landing-trap" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name="_gotcha" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

// Validation on submit, then again on every change once a submit has been
// tried, so a message disappears as soon as the field is put right.
export function useValidation<S extends Shape>(schema: ObjectSchema<S>) {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [tried, setTried] = useState(false);

  const validate = (form: HTMLFormElement): boolean => {
    const result = schema.parse(formValues(form));
    setErrors(result.errors);
    setTried(true);
    if (!result.success) {
      const first = Object.keys(schema.shape).find((k) => result.errors[k as keyof S & string]);
      const el = first ? form.elements.namedItem(first) : null;
      if (el instanceof HTMLElement) el.focus();
    }
    return result.success;
  };

  const revalidate = (form: HTMLFormElement) => {
    if (tried) setErrors(schema.parse(formValues(form)).errors);
  };

  const reset = () => {
    setErrors({});
    setTried(false);
  };

  return { errors, validate, revalidate, reset };
}

// True once the page has hydrated. Forms render without noValidate on the
// server, so without JavaScript the browser's own checks still guard them;
// after hydration our messages take over. The first client render matches
// the server's, so hydration stays clean.
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
