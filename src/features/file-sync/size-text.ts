/** Bytes in binary units, as files are measured. */
export function sizeText(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toLocaleString(locale === 'en_US' ? 'en-US' : 'zh-CN', { maximumFractionDigits: digits })} ${units[unit]}`;
}
