import { mobilePattern } from './account';

/**
 * Alarms (spec §3, §5, §8, §9): the name rule of policies and templates, the contact fields, and
 * the SMS quota. The same rules on both sides.
 */

/** spec §5, §9: policy and template names, at most 30 characters. */
export const alarmNameMax = 30;

const letterOrChinese = /^[A-Za-z\u4e00-\u9fff]/;
const nameChars = /^[A-Za-z0-9_\u4e00-\u9fff]*$/;

/**
 * The problem of a policy or template name (spec §5: starts with a letter or a Chinese character;
 * letters, Chinese characters, digits and underscores; at most 30), or null.
 */
export function alarmNameProblem(name: string): string | null {
  if (name === '') return 'alarm.name.required';
  if ([...name].length > alarmNameMax) return 'alarm.name.tooLong';
  if (!letterOrChinese.test(name)) return 'alarm.name.firstChar';
  if (!nameChars.test(name)) return 'alarm.name.chars';
  return null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** spec §5: a contact's name, role, phone and email are all required and valid. */
export function contactFieldProblem(
  field: 'name' | 'role' | 'phone' | 'email',
  value: string,
): string | null {
  if (value === '') return `alarm.contact.${field}.required`;
  if (field === 'name' && [...value].length > 32) return 'alarm.contact.name.tooLong';
  if (field === 'role' && [...value].length > 20) return 'alarm.contact.role.tooLong';
  if (field === 'phone' && !mobilePattern.test(value)) return 'alarm.contact.phone.invalid';
  if (field === 'email' && !(emailPattern.test(value) && value.length <= 254))
    return 'alarm.contact.email.invalid';
  return null;
}

/** spec §5: a callback URL must be a valid http(s) address. */
export function callbackUrlProblem(value: string): string | null {
  if (value === '') return 'alarm.template.callback.required';
  if (value.length > 512) return 'alarm.template.callback.invalid';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'alarm.template.callback.invalid';
    if (url.username || url.password) return 'alarm.template.callback.invalid';
    return null;
  } catch {
    return 'alarm.template.callback.invalid';
  }
}

/** spec §9: SMS alarms per account, whichever window fills first. */
export const smsQuota = { perMinute: 20, perHour: 100, perDay: 800 } as const;

const utc8 = 8 * 3_600_000;

/**
 * Whether one more SMS may go at `now`, given the times of those sent (epoch ms): null, or the
 * window that is full. Minute and hour are the last 60 s and 3600 s; the day is the calendar day
 * in UTC+8.
 */
export function smsQuotaProblem(sent: readonly number[], now: number): 'minute' | 'hour' | 'day' | null {
  const dayStart = Math.floor((now + utc8) / 86_400_000) * 86_400_000 - utc8;
  let minute = 0;
  let hour = 0;
  let day = 0;
  for (const at of sent) {
    if (at > now) continue;
    if (at > now - 60_000) minute++;
    if (at > now - 3_600_000) hour++;
    if (at >= dayStart) day++;
  }
  if (minute >= smsQuota.perMinute) return 'minute';
  if (hour >= smsQuota.perHour) return 'hour';
  if (day >= smsQuota.perDay) return 'day';
  return null;
}
