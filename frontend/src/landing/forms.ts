// The landing page's lead forms: their schemas, the messages SPEC.md §8 fixes,
// the endpoint guard and the one request the contact forms make.
import { object, string } from './schema';

export const SUCCESS_CLEAR_MS = 5000;
export const ERROR_CLEAR_MS = 8000;

export const MESSAGES = {
  config: 'Form configuration error. Please try again.',
  sending: 'Sending...',
  success: "Thank you! Your submission has been sent successfully. We'll get back to you soon.",
  error: 'Sorry, there was an error sending your submission. Please try again or contact us directly.',
} as const;

export const FALLBACK_ERROR = 'Form submission failed';

export const editorialSchema = object({
  name: string().nonempty(),
  email: string().nonempty().email(),
  phone: string().optional(),
  company: string().optional(),
});

export const partnershipSchema = object({
  name: string().nonempty(),
  company: string().optional(),
  email: string().nonempty().email(),
  phone: string().optional(),
});

export const newsletterSchema = object({
  email: string().nonempty().email(),
});

// A contact form may only send to a form-service endpoint named in the site
// config. Both sides are resolved against the page, so '/api/forms/x' and its
// absolute form compare equal; an unset (empty) endpoint never matches,
// otherwise it would resolve to the page itself.
export function isKnownEndpoint(action: string | null, endpoints: readonly string[], base: string): boolean {
  if (!action || !action.trim()) return false;
  const resolve = (u: string): string | null => {
    try {
      return new URL(u, base).href;
    } catch {
      return null;
    }
  };
  const target = resolve(action);
  if (!target) return false;
  return endpoints.some((e) => e.trim() !== '' && resolve(e) === target);
}

export type SendResult = { ok: true } | { ok: false; error: Error };

interface ServiceAnswer {
  errors?: unknown;
}

// POSTs the form as multipart data and asks for JSON, the protocol the common
// hosted form services and `magazine serve` share: `{ok:true}` on success,
// `{errors:[{field,message}]}` when the service refuses the submission.
export async function sendForm(action: string, body: FormData): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(action, { method: 'POST', body, headers: { Accept: 'application/json' } });
  } catch (cause) {
    return { ok: false, error: new Error(FALLBACK_ERROR, { cause }) };
  }
  let answer: ServiceAnswer | null = null;
  try {
    answer = (await res.json()) as ServiceAnswer | null;
  } catch {
    // A body that is not JSON carries no error list; the status decides.
  }
  const errors = answer && Array.isArray(answer.errors) ? (answer.errors as unknown[]) : [];
  if (res.ok && errors.length === 0) return { ok: true };
  const messages = errors
    .map((e) => (e && typeof e === 'object' ? (e as { message?: unknown }).message : undefined))
    .filter((m): m is string => typeof m === 'string' && m !== '');
  return { ok: false, error: new Error(messages.length ? messages.join(', ') : FALLBACK_ERROR) };
}
