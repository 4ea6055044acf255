/** How the admin panel writes amounts, sizes, durations and names. */

/** Cents of a currency with its sign and 2 decimals: 123456 USD is "$1,234.56", INR "₹1,234.56". */
export const money = (cents: number, currency: string): string =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency, minimumFractionDigits: 2 });

/** A total per currency, never added across currencies, a line each: "$25.00\n₹1,000.00"; "$0.00" for none. */
export const totals = (byCurrency: { currency: string; amountCents: number }[]): string =>
  byCurrency.length ? byCurrency.map((c) => money(c.amountCents, c.currency)).join('\n') : money(0, 'USD');

/** An amount in cents with its currency: "12.50 USD". */
export const amount = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency}`;

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes, in the largest unit that keeps it at least 1: "12.3 MB"; N/A when unknown. */
export function bytes(size: number | null): string {
  if (size === null) return 'N/A';
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Seconds as days, hours and minutes ("2d 3h 4m"), or seconds under a minute ("45s"). */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days && `${days}d`, (days || hours) && `${hours}h`, `${minutes}m`].filter(Boolean).join(' ');
}

/** First and last name, when there is either. */
export const fullName = (u: { firstName: string | null; lastName: string | null }): string =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

export const date = (iso: string): string => new Date(iso).toLocaleDateString();
export const dateTime = (iso: string): string => new Date(iso).toLocaleString();

/** Game ids show their first 8 characters. */
export const shortId = (id: string): string => id.slice(0, 8);

/** The admin tabs' search box and filters: one look for every field above a list. */
export const FIELD =
  'h-10 rounded-md border border-slate-300 px-3 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';
