// Display formats (spec section 9): rates 2 to 3 decimals, APR 3 decimals,
// money up to 2 decimals. Dates are shown in Utah's time zone.

export function formatRate(rate: number): string {
  return `${rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })}%`;
}

/** The APR only when there is a number to show; null otherwise. */
export function formatApr(apr: unknown): string | null {
  return typeof apr === 'number' && Number.isFinite(apr) ? `${apr.toFixed(3)}%` : null;
}

/** Whole dollars without cents, otherwise two decimals: $1,250 or $1,250.50. */
export function formatMoney(amount: number): string {
  const cents = Math.round(amount * 100);
  const digits = cents % 100 === 0 ? 0 : 2;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Denver' });
}

/** The date and time in Utah time: "November 23, 2026 at 9:15 AM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Denver' });
}

/** How long something has waited, in the largest two units: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatWait(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

