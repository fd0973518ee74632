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
