import { describe, expect, it } from 'vitest';
import { formatApr, formatDate, formatDateTime, formatMoney, formatRate, formatWait } from './format';

describe('formatRate', () => {
  it('shows two to three decimals', () => {
    expect(formatRate(6.5)).toBe('6.50%');
    expect(formatRate(6.875)).toBe('6.875%');
    expect(formatRate(6.12345)).toBe('6.123%');
  });
});

describe('formatApr', () => {
  it('shows three decimals for a number and nothing otherwise', () => {
    expect(formatApr(6.5)).toBe('6.500%');
    expect(formatApr(null)).toBeNull();
    expect(formatApr('6.5')).toBeNull();
  });
});

describe('formatMoney', () => {
  it('drops zero cents and keeps two decimals otherwise', () => {
    expect(formatMoney(2500)).toBe('$2,500');
    expect(formatMoney(95.5)).toBe('$95.50');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-1200)).toBe('-$1,200');
  });
});

describe('formatDate', () => {
  it('shows the date in Utah time', () => {
    expect(formatDate('2025-03-06T05:00:00Z')).toBe('March 5, 2025');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the time in Utah time', () => {
    expect(formatDateTime('2026-11-23T16:15:00Z')).toBe('November 23, 2026 at 9:15 AM');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatWait', () => {
  it('shows the two largest units', () => {
    expect(formatWait(45 * 60_000)).toBe('45 min');
    expect(formatWait((3 * 60 + 20) * 60_000)).toBe('3 h 20 min');
    expect(formatWait((52 * 60 + 5) * 60_000)).toBe('2 d 4 h');
    expect(formatWait(-5)).toBe('0 min');
  });
});

