import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The rate and its APR, each found by its text in region, are marked as such
 * (data-rate="offer", data-apr, as the browser walk checks) and set in the
 * same type: the APR is no less conspicuous than the rate (issue 26).
 */
export function expectAprInTheRatesType(region: HTMLElement, rateText: string, aprText: string) {
  const rate = within(region).getByText(rateText);
  const apr = within(region).getByText(aprText);
  expect(rate).toHaveAttribute('data-rate', 'offer');
  expect(apr).toHaveAttribute('data-apr');
  expect(apr.className).toBe(rate.className);
}
