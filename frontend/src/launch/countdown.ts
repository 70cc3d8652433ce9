import { useEffect, useState } from 'react';

// SPEC §4/§9: the countdown is meant to drop by one a day (timer 864e5 ms).
export const COUNTDOWN_REFRESH_MS = 864e5;

const DAY_MS = 864e5;

// Days left until the launch date, counted in calendar days of the
// readers' time zone (the site's timeZone, which the build's default launch
// date is counted from too: a fresh build shows 5 wherever it is read), or
// of the viewer's own when none is given. Counting whole calendar days is
// what "time until midnight of the launch day, rounded up" means, without
// the hour that a DST change would add or remove: both dates are taken as
// UTC midnights, so the difference is always a whole multiple of a day.
// Never below 0 (launch day and after). A date that is not YYYY-MM-DD counts
// as launched (0): the generator validates the site config, so this only
// guards against a crash.
export function countdownDays(launchDate: string, now: Date, timeZone?: string): number {
  return Math.max(0, daysUntil(launchDate, now, timeZone) ?? 0);
}

// Calendar days from today to the launch date, negative once it is past;
// null for a date that is not YYYY-MM-DD.
function daysUntil(launchDate: string, now: Date, timeZone?: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(launchDate);
  if (!m) return null;
  const launch = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const today = dayIn(now, timeZone);
  if (Number.isNaN(launch) || Number.isNaN(today)) return null;
  return Math.round((launch - today) / DAY_MS);
}

// now's calendar date in timeZone (the viewer's own when none is given, or
// one the browser does not know), as a UTC midnight.
function dayIn(now: Date, timeZone?: string): number {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return Date.UTC(part('year'), part('month') - 1, part('day'));
    } catch {
      // RangeError: an unknown zone
    }
  }
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

// Whether the launch modal, popup and banner are offered on this day: the
// site config can switch them off, and once the launch day is over they stop
// by themselves (on launch day itself they say "Launching today").
export function launchNoticeShown(site: { launchNotice: boolean; launchDate: string; timeZone?: string }, now: Date): boolean {
  if (site.launchNotice === false) return false;
  const days = daysUntil(site.launchDate, now, site.timeZone);
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
export function useCountdown(launchDate: string, timeZone?: string): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    const refresh = () => setDays(countdownDays(launchDate, new Date(), timeZone));
    refresh();
    const timer = setInterval(refresh, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [launchDate, timeZone]);
  return days;
}
