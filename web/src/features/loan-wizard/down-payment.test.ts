import { describe, expect, it } from 'vitest';
import { amountFromPercent, percentFromAmount, presetFor } from './down-payment';

describe('down payment linking', () => {
  it('turns a preset into an amount of the price', () => {
    expect(amountFromPercent(400000, 3)).toBe(12000);
    expect(amountFromPercent(412345, 5)).toBe(20617);
  });

  it('turns an amount into a percent of the price', () => {
    expect(percentFromAmount(400000, 50000)).toBe(12.5);
    expect(percentFromAmount(0, 50000)).toBeNull();
  });

  it("matches presets within 0.1 and marks anything further away 'custom'", () => {
    expect(presetFor(20)).toBe(20);
    expect(presetFor(19.95)).toBe(20);
    expect(presetFor(10.1)).toBe(10);
    expect(presetFor(10.11)).toBe('custom');
    expect(presetFor(12.5)).toBe('custom');
    expect(presetFor(null)).toBeNull();
  });
});
