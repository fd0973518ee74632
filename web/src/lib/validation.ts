// Patterns and messages shared by several forms; the Go server uses the same words.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Contact form: 10 or more digits, spaces or dashes, optional leading plus. */
export const CONTACT_PHONE_PATTERN = /^\+?[\d\s-]{10,}$/;
/** Notify form: after stripping non-digits, an international number. */
export const INTERNATIONAL_PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

export const MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Please enter a valid phone number',
} as const;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Keeps a leading plus, drops everything else that is not a digit. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return value.trim().startsWith('+') ? `+${digits}` : digits;
}

export function isValidInternationalPhone(value: string): boolean {
  return INTERNATIONAL_PHONE_PATTERN.test(normalizePhone(value));
}
