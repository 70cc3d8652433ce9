import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_REFRESH_MS, countdownDays, daysLabel, launchNoticeShown, useCountdown } from './countdown';

// Fixed time zones make the calendar arithmetic checkable: New York has DST
// and sits behind UTC, Kolkata is ahead of UTC and has none.
let savedTZ: string | undefined;
beforeAll(() => {
  savedTZ = process.env.TZ;
});
afterAll(() => {
  if (savedTZ === undefined) delete process.env.TZ;
  else process.env.TZ = savedTZ;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('countdownDays', () => {
  it('counts whole days to the launch date', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(countdownDays('2025-09-10', new Date(2025, 8, 5, 0, 0, 0))).toBe(5);
    expect(countdownDays('2025-09-10', new Date(2025, 8, 9, 0, 0, 0))).toBe(1);
  });

  it('rounds a partial day up', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(countdownDays('2025-09-10', new Date(2025, 8, 5, 0, 0, 1))).toBe(5);
    expect(countdownDays('2025-09-10', new Date(2025, 8, 5, 18, 30))).toBe(5);
    expect(countdownDays('2025-09-10', new Date(2025, 8, 9, 23, 59, 59))).toBe(1);
  });

  it('is 0 on launch day and never negative afterwards', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(countdownDays('2025-09-10', new Date(2025, 8, 10, 0, 0))).toBe(0);
    expect(countdownDays('2025-09-10', new Date(2025, 8, 10, 23, 59))).toBe(0);
    expect(countdownDays('2025-09-10', new Date(2025, 8, 11, 9, 0))).toBe(0);
    expect(countdownDays('2025-09-10', new Date(2026, 0, 1))).toBe(0);
  });

  it('reads the date as a local calendar day, not UTC midnight', () => {
    process.env.TZ = 'America/New_York';
    // 20:00 on 9 September in New York is already 10 September in UTC.
    expect(countdownDays('2025-09-10', new Date(2025, 8, 9, 20, 0))).toBe(1);
    process.env.TZ = 'Asia/Kolkata';
    // 02:00 on 10 September in Kolkata is still 9 September in UTC.
    expect(countdownDays('2025-09-10', new Date(2025, 8, 10, 2, 0))).toBe(0);
  });

  it('ignores the hour gained or lost at a DST change', () => {
    process.env.TZ = 'America/New_York';
    // Clocks fall back on 2 November 2025: local midnight 1 Nov to 3 Nov is
    // 49 hours, still two calendar days.
    expect(countdownDays('2025-11-03', new Date(2025, 10, 1, 0, 0))).toBe(2);
    // Clocks spring forward on 9 March 2025: 47 hours, two days.
    expect(countdownDays('2025-03-10', new Date(2025, 2, 8, 0, 0))).toBe(2);
    expect(countdownDays('2025-03-10', new Date(2025, 2, 8, 0, 30))).toBe(2);
  });

  it('crosses months and years', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(countdownDays('2026-01-02', new Date(2025, 11, 30, 12))).toBe(3);
    expect(countdownDays('2024-03-01', new Date(2024, 1, 28, 12))).toBe(2); // leap year
  });

  it("counts the days where the readers are, the site's time zone, whatever the viewer's", () => {
    const evening = new Date(Date.UTC(2025, 8, 4, 20, 0)); // 01:30 on 5 September in Kolkata
    for (const viewer of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = viewer;
      expect(countdownDays('2025-09-10', evening, 'Asia/Kolkata')).toBe(5);
      expect(countdownDays('2025-09-10', evening, 'UTC')).toBe(6);
      expect(launchNoticeShown({ launchNotice: true, launchDate: '2025-09-04', timeZone: 'Asia/Kolkata' }, evening)).toBe(false);
    }
    process.env.TZ = 'UTC';
    expect(countdownDays('2025-09-10', evening, 'Nowhere/Atlantis')).toBe(6); // unknown: the viewer's own
  });

  it('treats a malformed date as launched rather than crashing', () => {
    expect(countdownDays('', new Date())).toBe(0);
    expect(countdownDays('soon', new Date())).toBe(0);
  });
});

describe('daysLabel', () => {
  it('uses the singular for one day', () => {
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(5)).toBe('5 days');
    expect(daysLabel(0)).toBe('0 days');
  });
});

function Probe({ date }: { date: string }) {
  const days = useCountdown(date);
  return <p>{days === null ? 'unknown' : String(days)}</p>;
}

describe('useCountdown', () => {
  it('knows the days after mounting and drops by one a day', () => {
    process.env.TZ = 'Asia/Kolkata';
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2025, 8, 5, 10, 0));
    render(<Probe date="2025-09-10" />);
    expect(screen.getByText('5')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(COUNTDOWN_REFRESH_MS - 1);
    });
    expect(screen.getByText('5')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('4')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(10 * COUNTDOWN_REFRESH_MS);
    });
    expect(screen.getByText('0')).toBeTruthy();
  });

  it('is the day timer of SPEC §9', () => {
    expect(COUNTDOWN_REFRESH_MS).toBe(86_400_000);
  });
});

describe('launchNoticeShown', () => {
  const on = { launchNotice: true, launchDate: '2025-09-10' };
  it('shows the notice up to and including launch day, in the viewer\'s calendar', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(launchNoticeShown(on, new Date(2025, 8, 5, 10, 0))).toBe(true);
    expect(launchNoticeShown(on, new Date(2025, 8, 10, 23, 59, 59))).toBe(true);
    expect(launchNoticeShown(on, new Date(2025, 8, 11, 0, 0))).toBe(false);
    expect(launchNoticeShown(on, new Date(2026, 10, 23))).toBe(false);
    process.env.TZ = 'America/New_York';
    expect(launchNoticeShown(on, new Date(2025, 8, 10, 23, 0))).toBe(true);
    expect(launchNoticeShown(on, new Date(2025, 8, 11, 0, 30))).toBe(false);
  });

  it('is off when the config says so, whatever the date', () => {
    expect(launchNoticeShown({ ...on, launchNotice: false }, new Date(2025, 8, 5))).toBe(false);
  });

  it('treats a malformed date as launched', () => {
    expect(launchNoticeShown({ ...on, launchDate: 'soon' }, new Date(2025, 8, 5))).toBe(false);
  });
});
