/** 13812345678 → 138****5678: enough to recognise one's own number, not to read it off a screen. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+?86/, '');
  if (digits.length < 7) return digits;
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** alice@example.com → al***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}
