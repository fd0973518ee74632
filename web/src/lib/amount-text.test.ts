import { describe, expect, it } from 'vitest';
import { amountSize, groupDigits, isNegativeAmount, plainAmount, typedFeeOrCredit, withSign } from './amount-text';

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
  it('reads a credit written with brackets or the typographic minus sign, as accountants and our own pages write it', () => {
    expect(plainAmount('(1,500)')).toBe('-1500');
    expect(plainAmount('($1,500.50)')).toBe('-1500.50');
    expect(plainAmount('$(1,500)')).toBe('-1500');
    expect(plainAmount(' ( 1,500 ) ')).toBe('-1500');
    expect(plainAmount('\u2212$1,500')).toBe('-1500');
    expect(plainAmount('(-1,500)')).toBe('(-1,500)');
    expect(plainAmount('(1,500')).toBe('(1,500');
    expect(plainAmount('()')).toBe('()');
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

// Issue 25: a phone's decimal keypad has no minus sign, so a fee field has a "this is a credit" box.
describe('a fee or a credit', () => {
  it('is signed by the box when typed without a minus', () => {
    expect(typedFeeOrCredit('1,500', true)).toEqual({ plain: '-1500', credit: true });
    expect(typedFeeOrCredit('1,500', false)).toEqual({ plain: '1500', credit: false });
    expect(typedFeeOrCredit('', true)).toEqual({ plain: '', credit: true });
  });
  it('is a credit, ticking the box, when typed with a minus or in brackets on a desktop', () => {
    expect(typedFeeOrCredit('-1,500', false)).toEqual({ plain: '-1500', credit: true });
    expect(typedFeeOrCredit('(1,500)', false)).toEqual({ plain: '-1500', credit: true });
    // Typed with a minus while the box is ticked: still the one credit, not a fee.
    expect(typedFeeOrCredit('-1,500', true)).toEqual({ plain: '-1500', credit: true });
  });
  it('keeps what is no amount as typed, for the form to refuse', () => {
    expect(typedFeeOrCredit('12abc', true)).toEqual({ plain: '12abc', credit: true });
    expect(typedFeeOrCredit('-', false)).toEqual({ plain: '-', credit: false });
  });
  it('is shown without its sign, and changes sign with the box', () => {
    expect(amountSize('-1500')).toBe('1500');
    expect(amountSize('1500')).toBe('1500');
    expect(amountSize('12abc')).toBe('12abc');
    expect(withSign('1500', true)).toBe('-1500');
    expect(withSign('-1500', false)).toBe('1500');
    expect(withSign('-1500', true)).toBe('-1500');
    expect(withSign('12abc', true)).toBe('12abc');
    expect(isNegativeAmount('-1500')).toBe(true);
    expect(isNegativeAmount('-0')).toBe(false);
    expect(isNegativeAmount('1500')).toBe(false);
    expect(isNegativeAmount('-')).toBe(false);
  });
});
