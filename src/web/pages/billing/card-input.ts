// Light typing help for the sandbox card form; the server decides what a valid card is.

/** Digits in groups of four, at most 19 digits: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30"; a lone first digit above 1 is read as a month ("4" → "04 / "). */
export function formatExpiry(value: string, previous: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  // Backspacing over the separator removes the month's last digit rather than sticking.
  if (value.length < previous.length && previous.endsWith(' / ') && digits.length === 2) {
    return digits.slice(0, 1);
  }
  if (digits.length < 2) return digits;
  if (digits.length === 2 && value.length > previous.length) return `${digits} / `;
  return digits.length === 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
