import { describe, expect, it } from 'vitest';
import { groupDigits, plainAmount } from './amount-text';

describe('plainAmount', () => {
  it('reads an amount as people write or paste it', () => {
    expect(plainAmount('400000')).toBe('400000');
    expect(plainAmount('400,000')).toBe('400000');
    expect(plainAmount(' $400,000 ')).toBe('400000');
    expect(plainAmount('400 000')).toBe('400000');
    expect(plainAmount('2,242.40')).toBe('2242.40');
    expect(plainAmount('-$1,500')).toBe('-1500');
    expect(plainAmount('$-1,500')).toBe('-1500');
    expect(plainAmount('')).toBe('');
  });
  it('keeps text that is no amount as typed, for the form to refuse', () => {
    expect(plainAmount('12abc')).toBe('12abc');
    expect(plainAmount('$')).toBe('$');
    expect(plainAmount('1.2.3')).toBe('1.2.3');
  });
});

describe('groupDigits', () => {
  it('groups whole dollars by thousands, leaving the cents and the sign', () => {
    expect(groupDigits('400000')).toBe('400,000');
    expect(groupDigits('2242.40')).toBe('2,242.40');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('-1500')).toBe('-1,500');
    expect(groupDigits('1234567.5')).toBe('1,234,567.5');
    expect(groupDigits('.5')).toBe('.5');
  });
  it('leaves anything else alone', () => {
    expect(groupDigits('')).toBe('');
    expect(groupDigits('12abc')).toBe('12abc');
  });
});
