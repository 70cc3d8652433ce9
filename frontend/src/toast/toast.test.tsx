import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  initialToastState,
  swipeDismisses,
  SWIPE_THRESHOLD,
  toastReducer,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToastItem,
} from './reducer';
import { ToastProvider, useToast, type ToastApi } from './ToastProvider';

const item = (id: string, over: Partial<ToastItem> = {}): ToastItem => ({ id, title: `Toast ${id}`, open: true, ...over });

describe('toastReducer', () => {
  it('keeps one toast: a new one replaces the older', () => {
    const one = toastReducer(initialToastState, { type: 'add', toast: item('1') });
    const two = toastReducer(one, { type: 'add', toast: item('2') });
    expect(two.toasts.map((t) => t.id)).toEqual(['2']);
    expect(TOAST_LIMIT).toBe(1);
  });

  it('updates the named toast only', () => {
    const s = { toasts: [item('1')] };
    expect(toastReducer(s, { type: 'update', id: '1', toast: { title: 'New' } }).toasts[0]).toEqual(item('1', { title: 'New' }));
    expect(toastReducer(s, { type: 'update', id: '9', toast: { title: 'New' } })).toEqual(s);
  });

  it('dismisses by closing, one or all', () => {
    const s = { toasts: [item('1'), item('2')] };
    expect(toastReducer(s, { type: 'dismiss', id: '2' }).toasts.map((t) => t.open)).toEqual([true, false]);
    expect(toastReducer(s, { type: 'dismiss' }).toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it('removes one or all', () => {
    const s = { toasts: [item('1'), item('2')] };
    expect(toastReducer(s, { type: 'remove', id: '1' }).toasts.map((t) => t.id)).toEqual(['2']);
    expect(toastReducer(s, { type: 'remove' }).toasts).toEqual([]);
  });

  it('does not change the state it is given', () => {
    const s = { toasts: [item('1')] };
    const copy = structuredClone(s);
    toastReducer(s, { type: 'dismiss', id: '1' });
    toastReducer(s, { type: 'update', id: '1', toast: { title: 'x' } });
    expect(s).toEqual(copy);
  });

  it('has the constants of SPEC §9', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toBe(5000);
    expect(SWIPE_THRESHOLD).toBe(50);
  });
});

describe('swipeDismisses', () => {
  it('dismisses only past 50 px to the right', () => {
    expect(swipeDismisses(51)).toBe(true);
    expect(swipeDismisses(50)).toBe(false);
    expect(swipeDismisses(10)).toBe(false);
    expect(swipeDismisses(-200)).toBe(false);
  });
});

// jsdom has no PointerEvent; React only needs the type name and clientX.
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
const win = window as unknown as { PointerEvent?: unknown };
let savedPointerEvent: unknown;
beforeAll(() => {
  savedPointerEvent = win.PointerEvent;
  win.PointerEvent = TestPointerEvent;
});
afterAll(() => {
  win.PointerEvent = savedPointerEvent;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

// Renders a provider and hands the test its API.
function setup(props: { duration?: number } = {}) {
  const ref: { api?: ToastApi } = {};
  function Grab() {
    ref.api = useToast();
    return <p data-testid="count">{ref.api.toasts.length}</p>;
  }
  render(
    <ToastProvider {...props}>
      <Grab />
    </ToastProvider>,
  );
  return {
    api: () => ref.api!,
    show: (props: Parameters<ToastApi['toast']>[0]) => {
      let handle!: ReturnType<ToastApi['toast']>;
      act(() => {
        handle = ref.api!.toast(props);
      });
      return handle;
    },
    stored: () => Number(screen.getByTestId('count').textContent),
  };
}

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
const listed = () => [...region().querySelectorAll('li')];
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('ToastProvider', () => {
  it('renders a polite, labelled region even when empty', () => {
    setup();
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(listed()).toHaveLength(0);
  });

  it('shows a toast with its title and description', () => {
    const t = setup();
    const handle = t.show({ title: 'Saved', description: 'Your details were sent.' });
    expect(handle.id).toBeTruthy();
    expect(listed()).toHaveLength(1);
    expect(region().textContent).toContain('Saved');
    expect(region().textContent).toContain('Your details were sent.');
  });

  it('replaces the older toast with a new one', () => {
    const t = setup();
    const first = t.show({ title: 'First' });
    const second = t.show({ title: 'Second' });
    expect(first.id).not.toBe(second.id);
    expect(listed()).toHaveLength(1);
    expect(region().textContent).toContain('Second');
    expect(region().textContent).not.toContain('First');
  });

  it('closes by itself after 5000 ms', () => {
    const t = setup();
    t.show({ title: 'Hello' });
    advance(TOAST_DURATION - 1);
    expect(listed()).toHaveLength(1);
    advance(1);
    expect(listed()).toHaveLength(0);
  });

  it('honours the provider default and a per-toast duration', () => {
    const t = setup({ duration: 1000 });
    t.show({ title: 'Quick' });
    advance(1000);
    expect(listed()).toHaveLength(0);
    t.show({ title: 'Sticky', duration: Infinity });
    advance(TOAST_REMOVE_DELAY);
    expect(listed()).toHaveLength(1);
  });

  it('a replaced toast does not close its successor early', () => {
    const t = setup();
    t.show({ title: 'First' });
    advance(4000);
    t.show({ title: 'Second' });
    advance(1500);
    expect(region().textContent).toContain('Second');
    advance(TOAST_DURATION - 1500);
    expect(listed()).toHaveLength(0);
  });

  it('waits while the pointer rests on the toast', () => {
    const t = setup();
    t.show({ title: 'Hello' });
    fireEvent.pointerEnter(listed()[0]);
    advance(TOAST_DURATION * 3);
    expect(listed()).toHaveLength(1);
    fireEvent.pointerLeave(listed()[0]);
    advance(TOAST_DURATION);
    expect(listed()).toHaveLength(0);
  });

  it('hides a dismissed toast at once and forgets it after the removal delay', () => {
    const t = setup();
    const handle = t.show({ title: 'Hello' });
    act(() => handle.dismiss());
    expect(listed()).toHaveLength(0);
    expect(t.stored()).toBe(1);
    expect(t.api().toasts[0].open).toBe(false);
    advance(TOAST_REMOVE_DELAY - 1);
    expect(t.stored()).toBe(1);
    advance(1);
    expect(t.stored()).toBe(0);
  });

  it('dismisses every toast when no id is given', () => {
    const t = setup();
    t.show({ title: 'Hello' });
    act(() => t.api().dismiss());
    expect(listed()).toHaveLength(0);
  });

  it('updates a toast through its handle', () => {
    const t = setup();
    const handle = t.show({ title: 'Sending' });
    act(() => handle.update({ title: 'Sent', description: 'Done.' }));
    expect(region().textContent).toContain('Sent');
    expect(region().textContent).toContain('Done.');
    expect(region().textContent).not.toContain('Sending');
  });

  it('closes from its close button and with Escape', () => {
    const t = setup();
    t.show({ title: 'One' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(listed()).toHaveLength(0);
    t.show({ title: 'Two' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close notification' }), { key: 'Escape' });
    expect(listed()).toHaveLength(0);
  });

  it('runs the action and closes', () => {
    const t = setup();
    const onClick = vi.fn();
    t.show({ title: 'Deleted', action: { label: 'Undo', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(listed()).toHaveLength(0);
  });

  it('focuses the region on F8', () => {
    setup();
    expect(document.activeElement).not.toBe(region());
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(document.activeElement).toBe(region());
  });

  it('ignores F8 with a modifier', () => {
    setup();
    fireEvent.keyDown(document.body, { key: 'F8', ctrlKey: true });
    expect(document.activeElement).not.toBe(region());
  });

  it('is dismissed by a swipe right past 50 px', () => {
    const t = setup();
    t.show({ title: 'Swipe me' });
    const li = listed()[0];
    fireEvent.pointerDown(li, { button: 0, clientX: 100 });
    fireEvent.pointerMove(li, { clientX: 130 });
    expect(li.style.transform).toBe('translateX(30px)');
    fireEvent.pointerMove(li, { clientX: 151 });
    fireEvent.pointerUp(li, { clientX: 151 });
    expect(listed()).toHaveLength(0);
  });

  it('springs back from a short or leftward swipe', () => {
    const t = setup();
    t.show({ title: 'Stay' });
    const li = listed()[0];
    fireEvent.pointerDown(li, { button: 0, clientX: 100 });
    fireEvent.pointerMove(li, { clientX: 150 });
    fireEvent.pointerUp(li, { clientX: 150 });
    expect(listed()).toHaveLength(1);
    expect(li.style.transform).toBe('');
    fireEvent.pointerDown(li, { button: 0, clientX: 100 });
    fireEvent.pointerMove(li, { clientX: 0 });
    fireEvent.pointerUp(li, { clientX: 0 });
    expect(listed()).toHaveLength(1);
  });

  it('refuses useToast outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useToast();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useToast must be used inside <ToastProvider>');
  });
});
