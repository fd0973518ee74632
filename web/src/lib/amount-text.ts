// Dollar amounts as people write them (issue 25 §2: "400000" reads as "400,000"). The form holds
// the plain number text ("400000") that its schema turns into a number; the input shows it grouped.

/** Text that is a plain decimal number: an optional minus, digits, an optional fraction. */
const PLAIN = /^-?\d+(\.\d*)?$|^-?\.\d+$/;

/**
 * What a visitor typed or pasted, as plain number text: "$400,000" and "400 000" are 400000,
 * "-$500" a $500 credit. Text that is no amount is kept as typed (trimmed), so the form's schema
 * says it is not a number instead of the field changing it silently.
 */
export function plainAmount(text: string): string {
  const trimmed = text.trim();
  const plain = trimmed.replace(/[\s,]/g, '').replace(/^(-?)\$/, '$1').replace(/^\$-/, '-');
  return PLAIN.test(plain) ? plain : trimmed;
}

/** Plain number text with its whole dollars grouped by thousands: "400000" → "400,000"; anything else as it is. */
export function groupDigits(plain: string): string {
  if (!PLAIN.test(plain)) return plain;
  const [, sign, whole, fraction = ''] = /^(-?)(\d*)(.*)$/.exec(plain) ?? [];
  return sign + (whole ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',') + fraction;
}
