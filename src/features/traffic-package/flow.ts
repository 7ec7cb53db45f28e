/** Bytes as flow is billed: decimal units. */
export function flowText(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value >= 100 || unit === 0 ? 0 : 2;
  return `${value.toLocaleString(locale === 'en_US' ? 'en-US' : 'zh-CN', { maximumFractionDigits: digits })} ${units[unit]}`;
}
