import { useEffect, useState } from 'react';

// SPEC §4/§9: the countdown is meant to drop by one a day (timer 864e5 ms).
export const COUNTDOWN_REFRESH_MS = 864e5;

const DAY_MS = 864e5;

// Days left until the launch date, counted in calendar days of the viewer's
// own time zone. Counting whole calendar days is what "time until local
// midnight of the launch day, rounded up" means, without the hour that a DST
// change would add or remove: both dates are taken as UTC midnights, so the
// difference is always a whole multiple of a day. Never below 0 (launch day
// and after). A date that is not YYYY-MM-DD counts as launched (0): the
// generator validates the site config, so this only guards against a crash.
export function countdownDays(launchDate: string, now: Date): number {
  return Math.max(0, daysUntil(launchDate, now) ?? 0);
}

// Calendar days from today to the launch date, negative once it is past;
// null for a date that is not YYYY-MM-DD.
function daysUntil(launchDate: string, now: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(launchDate);
  if (!m) return null;
  const launch = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (Number.isNaN(launch) || Number.isNaN(today)) return null;
  return Math.round((launch - today) / DAY_MS);
}

// Whether the launch modal, popup and banner are offered on this day: the
// site config can switch them off, and once the launch day is over they stop
// by themselves (on launch day itself they say "Launching today").
export function launchNoticeShown(site: { launchNotice: boolean; launchDate: string }, now: Date): boolean {
  if (site.launchNotice === false) return false;
  const days = daysUntil(site.launchDate, now);
  return days !== null && days >= 0;
}

// "5 days", "1 day".
export function daysLabel(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

// The countdown depends on the viewer's clock and time zone, which the
// server cannot know, so it is null during the server render and the
// hydrating render (identical markup on both sides) and becomes a number
// right after hydration. It is recomputed once a day from the real clock.
export function useCountdown(launchDate: string): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    const refresh = () => setDays(countdownDays(launchDate, new Date()));
    refresh();
    const timer = setInterval(refresh, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [launchDate]);
  return days;
}
