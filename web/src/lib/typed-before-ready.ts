import { plainAmount, typedFeeOrCredit } from './amount-text';

/**
 * What the visitor typed into a prerendered form before its code arrived (the form pages
 * load their forms a round trip after first paint, decision 0026). React Hook Form sets
 * each field to its default value when it registers it, so a form that starts from these
 * keeps the first figures typed on a slow phone instead of wiping them.
 */
export function typedBeforeReady(name: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(`form [name="${name}"]`);
  return field?.value.trim() ?? '';
}

/** A dollar amount typed before the code arrived, as the form holds it: "$3,200" is "3200" (issue 25 §2). */
export function typedAmountBeforeReady(name: string): string {
  return plainAmount(typedBeforeReady(name));
}

/** The name of an amount's "this is a credit" box (NumberField's creditLabel). */
export const creditBoxName = (name: string) => `${name}-credit`;

/** A fee or credit typed before the code arrived, signed by its credit box: "1,500" with the box ticked is "-1500". */
export function typedFeeOrCreditBeforeReady(name: string): string {
  const typed = typedBeforeReady(name);
  if (typeof document === 'undefined' || typed === '') return typed;
  const box = document.querySelector<HTMLInputElement>(`form [name="${creditBoxName(name)}"]`);
  return typedFeeOrCredit(typed, box?.checked ?? false).plain;
}
