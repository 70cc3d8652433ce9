// Parses YYYY-MM-DD as a calendar date (not UTC midnight, which would show
// the previous day west of Greenwich) and ISO times as instants.
export function parseDate(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(value);
}

export function formatLocal(value: string, locale?: string): string {
  return parseDate(value).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
