// Dollar amounts as people write them (issue 25 §2: "400000" reads as "400,000"). The form holds
// the plain number text ("400000") that its schema turns into a number; the input shows it grouped.

/** Text that is a plain decimal number: an optional minus, digits, an optional fraction. */
const PLAIN = /^-?\d+(\.\d*)?$|^-?\.\d+$/;

/**
 * What a visitor typed or pasted, as plain number text: "$400,000" and "400 000" are 400000,
 * "-$500", "−$500" and the accountants' "($500)" a $500 credit. Text that is no amount is kept
 * as typed (trimmed), so the form's schema says it is not a number instead of the field changing
 * it silently.
 */
export function plainAmount(text: string): string {
  const trimmed = text.trim();
  let plain = trimmed.replace(/[\s,]/g, '').replace(/^\u2212/, '-');
  const bracketed = /^\$?\((.*)\)$/.exec(plain);
  if (bracketed && !bracketed[1]?.includes('-')) plain = `-${bracketed[1]}`;
  plain = plain.replace(/^(-?)\$/, '$1').replace(/^\$-/, '-');
  return PLAIN.test(plain) ? plain : trimmed;
}

/** Plain number text with its whole dollars grouped by thousands: "400000" → "400,000"; anything else as it is. */
export function groupDigits(plain: string): string {
  if (!PLAIN.test(plain)) return plain;
  const [, sign, whole, fraction = ''] = /^(-?)(\d*)(.*)$/.exec(plain) ?? [];
  return sign + (whole ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',') + fraction;
}

/** Whether plain number text is below zero: a lender credit. */
export function isNegativeAmount(plain: string): boolean {
  return PLAIN.test(plain) && plain.startsWith('-') && Number(plain) !== 0;
}

/** Plain number text without its sign, as a field with a "credit" box shows it: "-1500" → "1500"; anything else as it is. */
export function amountSize(plain: string): string {
  return PLAIN.test(plain) ? plain.replace(/^-/, '') : plain;
}

/** Plain number text with the sign a fee (false) or a credit (true) has: (“1500”, true) → "-1500"; anything else as it is. */
export function withSign(plain: string, credit: boolean): string {
  if (!PLAIN.test(plain)) return plain;
  const size = amountSize(plain);
  return credit ? `-${size}` : size;
}

/**
 * What a field with a "this is a credit" box holds for the text typed into it (issue 25: a phone's
 * decimal keypad has no minus sign). A typed minus or brackets ("-1,500", "(1,500)") make the
 * amount a credit, and tick the box; otherwise the box says which it is.
 */
export function typedFeeOrCredit(text: string, credit: boolean): { plain: string; credit: boolean } {
  const plain = plainAmount(text);
  if (!PLAIN.test(plain)) return { plain, credit };
  const typedCredit = plain.startsWith('-');
  return { plain: withSign(plain, credit || typedCredit), credit: credit || typedCredit };
}
