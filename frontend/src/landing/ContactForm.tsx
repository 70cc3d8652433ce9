import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ObjectSchema, Shape } from './schema';
import { ERROR_CLEAR_MS, MESSAGES, SUCCESS_CLEAR_MS, isKnownEndpoint, sendForm } from './forms';
import { track } from '../analytics';
import { Field, SpamTrap, useHydrated, useValidation, type FieldDef } from './Field';

export type FormStatus = 'idle' | 'sending' | 'success' | 'error' | 'config';

export interface ContactFormProps<S extends Shape> {
  id: 'editorial-form' | 'partnership-form';
  title: string;
  intro: string;
  action: string;
  // Every endpoint a contact form may send to (the site config's editorial
  // and partnership endpoints).
  endpoints: readonly string[];
  subject: string;
  schema: ObjectSchema<S>;
  fields: readonly FieldDef[];
  submitLabel: string;
}

// An inquiry form posted to a form service with fetch. It also carries
// action and method, so without JavaScript the browser posts it directly.
export function ContactForm<S extends Shape>(props: ContactFormProps<S>) {
  const { id, title, intro, action, endpoints, subject, schema, fields, submitLabel } = props;
  const { errors, validate, revalidate, reset } = useValidation(schema);
  const hydrated = useHydrated();
  const [status, setStatus] = useState<FormStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (next: 'success' | 'error', after: number) => {
    setStatus(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), after);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === 'sending') return;
    const form = e.currentTarget;
    clearTimeout(timer.current);
    if (!validate(form)) {
      setStatus('idle');
      return;
    }
    // Read the action from the element as it is now: a tampered or
    // misconfigured form must not post visitors' details elsewhere.
    const target = form.getAttribute('action');
    if (!isKnownEndpoint(target, endpoints, document.baseURI)) {
      setStatus('config');
      return;
    }
    setStatus('sending');
    const result = await sendForm(target!, new FormData(form));
    if (result.ok) {
      form.reset();
      reset();
      track('form_submit', { event_label: id });
      settle('success', SUCCESS_CLEAR_MS);
    } else {
      console.error(result.error);
      settle('error', ERROR_CLEAR_MS);
    }
  };

  const sending = status === 'sending';
  const polite = sending ? MESSAGES.sending : status === 'success' ? MESSAGES.success : '';
  const urgent = status === 'error' ? MESSAGES.error : status === 'config' ? MESSAGES.config : '';

  return (
    <form
      id={id}
      className="landing-form"
      method="post"
      action={action}
      noValidate={hydrated}
      aria-labelledby={`${id}-title`}
      aria-busy={sending}
      onSubmit={onSubmit}
      onChange={(e) => revalidate(e.currentTarget)}
    >
      <h3 className="landing-form__title" id={`${id}-title`}>
        {title}
      </h3>
      <p className="landing-form__intro">{intro}</p>
      <input type="hidden" name="_subject" value={subject} />
      <SpamTrap />
      {fields.map((f) => (
        <Field key={f.name} formId={id} def={f} error={errors[f.name]} />
      ))}
      {/* aria-disabled, not disabled: a disabled button would drop the focus. */}
      <button type="submit" className="button landing-form__submit" aria-disabled={sending}>
        {submitLabel}
      </button>
      <p className="landing-form__status" role="status">
        {polite}
      </p>
      <p className="landing-form__status landing-form__status--error" role="alert">
        {urgent}
      </p>
    </form>
  );
}
