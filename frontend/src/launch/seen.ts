// The "launch modal seen" flag (SPEC §4), kept in localStorage so it
// survives reloads. Storage can be missing or throw (private modes, blocked
// cookies, quota), so every access is guarded.

export const SEEN_KEY = 'nivaran-launch-modal-seen';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // reading the property itself throws when storage is blocked
  }
}

// True when the modal has been seen. When storage cannot be read we answer
// true: we could never remember the visitor closing it, so opening it by
// itself would repeat on every visit. The banner still offers the sign-up.
export function readSeen(): boolean {
  const s = storage();
  if (!s) return true;
  try {
    return s.getItem(SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

// Returns whether the flag was stored; a failure is not an error for the
// visitor, who has just closed the modal either way.
export function markSeen(): boolean {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(SEEN_KEY, '1');
    return true;
  } catch {
    return false;
  }
}
