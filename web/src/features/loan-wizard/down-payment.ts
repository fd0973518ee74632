// The linked down payment (spec section 4): presets set the amount from the price,
// editing the amount recomputes the percent, and a percent more than 0.1 away from
// every preset is marked 'custom'.
import { DOWN_PAYMENT_PRESETS } from '@/lib/constants';

export type PresetChoice = (typeof DOWN_PAYMENT_PRESETS)[number] | 'custom';

export const PRESET_TOLERANCE = 0.1;

export function amountFromPercent(price: number, percent: number): number {
  return Math.round((price * percent) / 100);
}

/** Percent of the price, to two decimals; null without a usable price. */
export function percentFromAmount(price: number, amount: number): number | null {
  if (!(price > 0)) return null;
  return Math.round((amount / price) * 10000) / 100;
}

export function presetFor(percent: number | null): PresetChoice | null {
  if (percent === null || !Number.isFinite(percent)) return null;
  return DOWN_PAYMENT_PRESETS.find((preset) => Math.abs(preset - percent) <= PRESET_TOLERANCE) ?? 'custom';
}
