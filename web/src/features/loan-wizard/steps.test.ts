import { describe, expect, it } from 'vitest';
import { firstUnansweredStep, nextStep, previousStep, questionCount, visibleStepIds } from './steps';

const shared = ['propertyType', 'propertyStyle', 'militaryService', 'zipCode', 'creditScore', 'keystone'];

describe('wizard step filtering', () => {
  it('asks only the loan type and shared questions before the loan type is known', () => {
    expect(visibleStepIds({ answers: {}, refi: null })).toEqual(['loanType', ...shared]);
  });

  it('asks purchase questions for a purchase', () => {
    expect(visibleStepIds({ answers: { loanType: 'purchase' }, refi: null })).toEqual(['loanType', 'firstHome', 'purchasePrice', ...shared]);
  });

  it('asks refinance questions without a cash-out amount when there is no cash out', () => {
    expect(visibleStepIds({ answers: { loanType: 'refinance', cashOut: false }, refi: null })).toEqual([
      'loanType',
      'propertyValue',
      'remainingBalance',
      'cashOut',
      ...shared,
    ]);
  });

  it('asks for the cash-out amount only with cash out', () => {
    expect(visibleStepIds({ answers: { loanType: 'refinance', cashOut: true }, refi: null })).toEqual([
      'loanType',
      'propertyValue',
      'remainingBalance',
      'cashOut',
      'cashOutAmount',
      ...shared,
    ]);
  });

  it('skips the loan type and asks the Refi Buddy questions with a refinance intent', () => {
    // Even a stale 'purchase' answer is overridden by the intent.
    const ctx = { answers: { loanType: 'purchase' as const }, refi: { intent: 'get_notified' as const } };
    expect(visibleStepIds(ctx)).toEqual(['currentMortgage', 'email', 'propertyValue', 'remainingBalance', 'cashOut', ...shared]);
  });

  it('treats a skipped email as answered', () => {
    const refi = { intent: 'refinance_now' as const, currentMortgage: { rate: 7, loanProgram: '30-year-fixed' as const, monthlyPayment: 2000 } };
    expect(firstUnansweredStep({ answers: {}, refi })).toBe('email');
    expect(firstUnansweredStep({ answers: {}, refi: { ...refi, email: '' } })).toBe('propertyValue');
  });
});

describe('wizard navigation', () => {
  const ctx = { answers: { loanType: 'purchase' as const }, refi: null };

  it('moves forward and back through the visible steps', () => {
    expect(nextStep(ctx, 'loanType')).toBe('firstHome');
    expect(nextStep(ctx, 'keystone')).toBeNull();
    expect(previousStep(ctx, 'propertyType')).toBe('purchasePrice');
    expect(previousStep(ctx, 'loanType')).toBeNull();
  });
});

describe('question count (issue 14, defect 8)', () => {
  it('is "about" the purchase path until the loan type is known', () => {
    expect(questionCount({ answers: {}, refi: null })).toEqual({ total: 9, exact: false });
  });

  it('is exact for a purchase', () => {
    expect(questionCount({ answers: { loanType: 'purchase' }, refi: null })).toEqual({ total: 9, exact: true });
  });

  it('is "about" for a refinance until the cash-out answer, then exact', () => {
    expect(questionCount({ answers: { loanType: 'refinance' }, refi: null })).toEqual({ total: 10, exact: false });
    expect(questionCount({ answers: { loanType: 'refinance', cashOut: false }, refi: null })).toEqual({ total: 10, exact: true });
    expect(questionCount({ answers: { loanType: 'refinance', cashOut: true }, refi: null })).toEqual({ total: 11, exact: true });
  });

  it('never changes an exact total as the visitor answers on one path', () => {
    const answers = { loanType: 'refinance' as const, cashOut: true };
    const before = questionCount({ answers, refi: null });
    const after = questionCount({ answers: { ...answers, cashOutAmount: 1000, propertyType: 'primary' as const, zipCode: '84101' }, refi: null });
    expect(after).toEqual(before);
  });
});
