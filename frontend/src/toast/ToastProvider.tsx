import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import {
  initialToastState,
  swipeDismisses,
  toastReducer,
  TOAST_DURATION,
  TOAST_REMOVE_DELAY,
  type ToastItem,
  type ToastProps,
} from './reducer';
import './toast.css';

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: Partial<ToastProps>) => void;
}

export interface ToastApi {
  toast: (props: ToastProps) => ToastHandle;
  dismiss: (id?: string) => void; // no id: every toast
  toasts: ToastItem[];
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

// Horizontal travel before a press turns into a swipe: below it, a press is
// a click on the close or action button and must stay one.
const SWIPE_START = 5;

export interface ToastProviderProps {
  children?: ReactNode;
  duration?: number; // default auto-close time for toasts that set none
}

// Holds the toasts and renders their region after the children. A dismissed
// toast leaves the screen at once; its record is dropped TOAST_REMOVE_DELAY
// later (SPEC §9), unless a newer toast pushes it out first.
export function ToastProvider({ children, duration = TOAST_DURATION }: ToastProviderProps) {
  const [state, dispatch] = useReducer(toastReducer, initialToastState);
  const counter = useRef(0);
  const [removeTimers] = useState(() => new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id?: string) => dispatch({ type: 'dismiss', id }), []);
  const toast = useCallback(
    (props: ToastProps): ToastHandle => {
      counter.current += 1;
      const id = String(counter.current);
      dispatch({ type: 'add', toast: { ...props, id, open: true } });
      return { id, dismiss: () => dismiss(id), update: (next) => dispatch({ type: 'update', id, toast: next }) };
    },
    [dismiss],
  );

  useEffect(() => {
    const present = new Set(state.toasts.map((t) => t.id));
    for (const [id, timer] of removeTimers) {
      if (!present.has(id)) {
        clearTimeout(timer);
        removeTimers.delete(id);
      }
    }
    for (const t of state.toasts) {
      if (t.open || removeTimers.has(t.id)) continue;
      const timer = setTimeout(() => {
        removeTimers.delete(t.id);
        dispatch({ type: 'remove', id: t.id });
      }, TOAST_REMOVE_DELAY);
      removeTimers.set(t.id, timer);
    }
  }, [state.toasts, removeTimers]);

  useEffect(
    () => () => {
      for (const timer of removeTimers.values()) clearTimeout(timer);
      removeTimers.clear();
    },
    [removeTimers],
  );

  const api = useMemo(() => ({ toast, dismiss, toasts: state.toasts }), [toast, dismiss, state.toasts]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={state.toasts} dismiss={dismiss} duration={duration} />
    </ToastContext.Provider>
  );
}

// The live region. It is always rendered (empty on the server) so screen
// readers already watch it when the first toast arrives; F8 focuses it.
function ToastRegion({ toasts, dismiss, duration }: { toasts: ToastItem[]; dismiss: (id: string) => void; duration: number }) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      ref.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section ref={ref} className="toast-region" aria-label="Notifications (F8)" aria-live="polite" tabIndex={-1}>
      <ol className="toast-list">
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <Toast key={t.id} item={t} dismiss={dismiss} duration={t.duration ?? duration} />
          ))}
      </ol>
    </section>
  );
}

function Toast({ item, dismiss, duration }: { item: ToastItem; dismiss: (id: string) => void; duration: number }) {
  const { id } = item;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const swiping = useRef(false);
  // While the reader points at it (touch included: a press enters it first),
  // reads it with focus, or drags it, the toast stays (WCAG 2.2.1); the full
  // time starts again afterwards.
  const paused = hovered || focused || offset > 0;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => dismiss(id), duration);
    return () => clearTimeout(timer);
  }, [paused, duration, dismiss, id]);

  const reset = () => {
    start.current = null;
    swiping.current = false;
    setOffset(0);
  };
  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if (e.button !== 0) return;
    start.current = e.clientX;
    swiping.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    if (!swiping.current && dx > SWIPE_START) {
      swiping.current = true;
      // Keep receiving moves when the finger leaves the toast; only once it
      // is a swipe, since capture would retarget a plain click.
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    if (swiping.current) setOffset(Math.max(0, dx));
  };
  const onPointerUp = (e: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    reset();
    if (swipeDismisses(dx)) dismiss(id);
  };

  return (
    <li
      className="toast"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      data-swiping={offset ? 'true' : undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismiss(id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={reset}
    >
      <div className="toast__text">
        <div className="toast__title">{item.title}</div>
        {item.description ? <div className="toast__description">{item.description}</div> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            item.action!.onClick();
            dismiss(id);
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => dismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
