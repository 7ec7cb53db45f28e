/**
 * Work taken row by row (a refresh task, an upload's check, an alarm delivery) is claimed by
 * writing the claim's time on its row, under a row lock the other instances skip. A claim older
 * than `claimMs` belongs to an instance that stopped (killed, or cut from the database): the next
 * instance to look takes the row again. An instance whose work lasts longer than that keeps its
 * claims by renewing them, a third of the way through each, so that a slow edge or a large file
 * is not taken twice, and a crashed instance's work waits at most `claimMs` for another.
 */

/**
 * Runs `work` while renewing its claim every `everyMs` (`renew` writes the new claim time), and
 * answers what `work` answered once no renewal is under way: the holder's last write then sees
 * the claim as the last renewal left it.
 */
export async function renewingWhile<T>(
  work: () => Promise<T>,
  renew: (at: Date) => Promise<unknown>,
  everyMs: number,
): Promise<T> {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(() => renew(new Date())).catch(() => undefined);
  }, everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
