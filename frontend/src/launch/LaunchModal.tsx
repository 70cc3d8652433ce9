import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type PointerEvent } from 'react';
import { track } from '../analytics';
import { daysLabel, useCountdown } from './countdown';
import { hasErrors, validateSignup, type Signup, type SignupErrors } from './validation';
import './launch.css';

export const SUCCESS_CLOSE_MS = 2000;
export const SIGNUP_SUBJECT = 'Launch Update Subscription';

// Why the modal asks to close: 'submitted' once the visitor has signed up
// (so the parent need not offer the sign-up again), 'dismiss' otherwise.
export type CloseReason = 'dismiss' | 'submitted';

export interface LaunchModalProps {
  open: boolean;
  onClose: (reason: CloseReason) => void;
  endpoint: string;
  launchDate: string;
  timeZone?: string; // where the days are counted (countdownDays)
}

type Status = 'idle' | 'submitting' | 'submitted';

export function signupMessage({ name, email }: Signup): string {
  return `${name} (${email}) would like launch updates for the portal.`;
}

// SPEC §7: the analytics event goes first (if analytics is loaded), then a
// JSON POST; success is judged by the HTTP status alone.
export async function sendSignup(endpoint: string, values: Signup): Promise<void> {
  track('launch_signup', {
    event_category: 'engagement',
    event_label: 'launch_modal_form',
    page_location: window.location.href,
  });
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...values, subject: SIGNUP_SUBJECT, message: signupMessage(values) }),
  });
  if (!res.ok) throw new Error('Form submission failed');
}

export function countdownText(days: number | null): string {
  if (days === null) return 'Launching soon'; // before hydration: no clock yet
  return days === 0 ? 'Launching today' : `Launching in ${daysLabel(days)}`;
}

const empty: Signup = { name: '', email: '' };

// The launch sign-up in a native modal <dialog>: the browser supplies the
// focus trap, Esc and the backdrop; the parent owns `open`. Every way of
// closing (close button, backdrop, Esc, success) goes through onClose.
export function LaunchModal({ open, onClose, endpoint, launchDate, timeZone }: LaunchModalProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(false); // it has been open: closing moves focus, mounting closed does not
  const pressedInside = useRef(false);
  const successTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  // Read by the native close event and the success timer, which may fire
  // after the render that created them.
  const openRef = useRef(open);
  const statusRef = useRef<Status>('idle');
  const onCloseRef = useRef(onClose);

  const [values, setValues] = useState<Signup>(empty);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [validated, setValidated] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const days = useCountdown(launchDate, timeZone);

  useEffect(() => {
    onCloseRef.current = onClose;
    statusRef.current = status;
  });

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(successTimer.current);
    };
  }, []);

  useEffect(() => {
    openRef.current = open;
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      if (dialog.open) return;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // Every current browser has showModal; the attribute keeps the
      // content usable where it is missing (older engines, jsdom).
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      (nameRef.current ?? closeRef.current)?.focus();
      shown.current = true;
      return;
    }
    clearTimeout(successTimer.current);
    if (dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    if (statusRef.current === 'submitted') setStatus('idle');
    // Browsers restore focus on close by themselves; doing it here as well
    // covers closes the browser did not see (the attribute fallback).
    // Opened by itself (on load), it has no opener: focus goes to the page's
    // main content, not to <body>, where the next Tab starts from the top.
    const back = opener.current;
    opener.current = null;
    if (!shown.current) return;
    shown.current = false;
    if (back && back.isConnected && back !== document.body) back.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  }, [open]);

  // Disabling the focused submit button while sending drops focus to the
  // page; after a failure, give it back once the button is enabled again.
  useEffect(() => {
    if (status !== 'idle' || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    submitRef.current?.focus();
  }, [status]);

  const requestClose = () => onCloseRef.current(statusRef.current === 'submitted' ? 'submitted' : 'dismiss');

  // The dialog element itself is only ever the target of a click on its
  // backdrop: the panel inside covers the whole box. A press that started
  // inside (selecting text, then releasing outside) does not count.
  const onPointerDown = (e: PointerEvent<HTMLDialogElement>) => {
    pressedInside.current = e.target !== e.currentTarget;
  };
  const onBackdropClick = (e: MouseEvent<HTMLDialogElement>) => {
    const inside = pressedInside.current;
    pressedInside.current = false;
    if (e.target === e.currentTarget && !inside) requestClose();
  };
  // Esc (or any close the browser performed) while the parent still thinks
  // the modal is open.
  const onNativeClose = () => {
    if (openRef.current) requestClose();
  };

  const change = (field: keyof Signup) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (validated) setErrors(validateSignup(next));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === 'submitting') return;
    const found = validateSignup(values);
    setValidated(true);
    setErrors(found);
    if (hasErrors(found)) {
      (found.name ? nameRef : emailRef).current?.focus();
      return;
    }
    setStatus('submitting');
    try {
      await sendSignup(endpoint, { name: values.name.trim(), email: values.email.trim() });
    } catch (err) {
      // SPEC §8: logged only; the visitor keeps the form as it was.
      console.error('Launch form submission error', err);
      if (!alive.current) return;
      refocusSubmit.current = openRef.current;
      setStatus('idle');
      return;
    }
    if (!alive.current) return;
    setValues(empty);
    setErrors({});
    setValidated(false);
    if (!openRef.current) {
      setStatus('idle'); // closed while sending: nothing left to show
      return;
    }
    setStatus('submitted');
    closeRef.current?.focus(); // the form is gone; keep focus in the dialog
    successTimer.current = setTimeout(() => {
      if (openRef.current) onCloseRef.current('submitted');
    }, SUCCESS_CLOSE_MS);
  };

  const submitting = status === 'submitting';
  const field = (name: keyof Signup, label: string, ref: typeof nameRef, extra: { type: string; autoComplete: string }) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    return (
      <div className="launch-modal__field">
        <label htmlFor={inputId}>{label}</label>
        <input
          ref={ref}
          id={inputId}
          name={name}
          type={extra.type}
          autoComplete={extra.autoComplete}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="launch-modal__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <dialog
      ref={dialogRef}
      className="launch-modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-countdown`}
      onClose={onNativeClose}
      onPointerDown={onPointerDown}
      onClick={onBackdropClick}
    >
      <div className="launch-modal__panel">
        <button ref={closeRef} type="button" className="launch-modal__close" aria-label="Close" onClick={requestClose}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={`${id}-title`} className="launch-modal__title">
          Launching Soon!
        </h2>
        <p id={`${id}-countdown`} className="launch-modal__countdown">
          {countdownText(days)}
        </p>
        <p className="launch-modal__pitch">
          Be part of India's growth story: get word the moment our news-and-solutions portal goes live.
        </p>
        <div role="status" className="launch-modal__status">
          {status === 'submitted' ? (
            <>
              <p className="launch-modal__thanks">Thank you!</p>
              <p>We'll notify you when the portal launches.</p>
            </>
          ) : null}
        </div>
        {status === 'submitted' ? null : (
          <form className="launch-modal__form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
            {field('name', 'Name', nameRef, { type: 'text', autoComplete: 'name' })}
            {field('email', 'Email', emailRef, { type: 'email', autoComplete: 'email' })}
            <button ref={submitRef} type="submit" className="button launch-modal__submit" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Get Launch Update'}
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
