/** spec §5: 11-digit Chinese mobile number. */
export const mobilePattern = /^1[3-9]\d{9}$/;

export function validateMobile(value: string): string | null {
  if (value === '') return null;
  return mobilePattern.test(value) ? null : 'account.mobile.invalid';
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function validateEmail(value: string): string | null {
  if (value === '') return null;
  return emailPattern.test(value) && value.length <= 254 ? null : 'account.email.invalid';
}

/** spec §5: activation needs the agreement ticked. */
export function validateActivation(input: { agreed: boolean }): string | null {
  return input.agreed ? null : 'openService.agreement.required';
}
