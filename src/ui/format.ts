const pad = (n: number) => String(n).padStart(2, '0');

/** spec §5: the zero time as the servers print it in China (UTC+8) shows as '--'. */
const ZERO_TIME = '1970-01-01 08:00:00';

/**
 * spec §5, §9: dates read `YYYY-MM-DD HH:mm:ss` in the viewer's time zone. Accepts a Date, an
 * epoch in milliseconds or an ISO / `YYYY-MM-DD HH:mm:ss` string; anything unreadable, and the
 * zero time 1970-01-01 08:00:00, shows as '--'.
 */
export function formatDateTime(value: Date | number | string | null | undefined): string {
  if (value == null || value === '') return '--';
  if (typeof value === 'string' && value.trim() === ZERO_TIME) return '--';
  const date =
    value instanceof Date
      ? value
      : typeof value === 'number'
        ? new Date(value)
        : new Date(
            /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value.trim())
              ? value.trim().replace(' ', 'T')
              : value,
          );
  if (Number.isNaN(date.getTime())) return '--';
  // The epoch itself is the zero time, whichever zone the viewer is in.
  if (date.getTime() === 0) return '--';
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return text === ZERO_TIME ? '--' : text;
}
