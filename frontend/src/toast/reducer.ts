import type { ReactNode } from 'react';

// SPEC §9: one toast at a time, removed 1,000,000 ms after being dismissed,
// auto-closed after 5000 ms, swiped away past 50 px to the right.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const SWIPE_THRESHOLD = 50;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  duration?: number; // ms before it closes by itself; Infinity keeps it open
}

export interface ToastItem extends ToastProps {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastEvent =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; toast: Partial<ToastProps> }
  | { type: 'dismiss'; id?: string } // no id: all of them
  | { type: 'remove'; id?: string };

export const initialToastState: ToastState = { toasts: [] };

// Pure: timers live in the provider. The newest toast comes first and the
// limit drops the older ones, which is how a new toast replaces the last.
export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'add':
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === event.id ? { ...t, ...event.toast } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) => (event.id === undefined || t.id === event.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: event.id === undefined ? [] : state.toasts.filter((t) => t.id !== event.id) };
  }
}

// The decision at the end of a swipe: only rightward travel counts.
export function swipeDismisses(deltaX: number, threshold = SWIPE_THRESHOLD): boolean {
  return deltaX > threshold;
}
