/** One page of a list held on this device: a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  return { page: current, pageCount, rows: rows.slice((current - 1) * size, current * size) };
}
