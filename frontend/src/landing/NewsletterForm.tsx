import type { FormEvent } from 'react';
import { newsletterSchema } from './forms';
import { Field, useHydrated, useValidation } from './Field';

export const NEWSLETTER_FORM_ID = 'newsletter-form';

// A plain browser form POST: it works without JavaScript. With JavaScript it
// is checked first, and only a valid form is let through to the endpoint.
export function NewsletterForm({ action }: { action: string }) {
  const { errors, validate, revalidate } = useValidation(newsletterSchema);
  const hydrated = useHydrated();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!validate(e.currentTarget)) e.preventDefault();
  };

  return (
    <form
      id={NEWSLETTER_FORM_ID}
      className="landing-newsletter"
      method="post"
      action={action}
      noValidate={hydrated}
      aria-label="Newsletter sign-up"
      onSubmit={onSubmit}
      onChange={(e) => revalidate(e.currentTarget)}
    >
      <Field formId={NEWSLETTER_FORM_ID} def={{ name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', required: true }} error={errors.email} />
      <button type="submit" className="button landing-newsletter__submit">
        Subscribe
      </button>
    </form>
  );
}
