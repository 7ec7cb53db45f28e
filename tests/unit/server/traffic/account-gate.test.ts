import { describe, expect, it } from 'vitest';
import { Code } from '../../../../src/contract';
import { CallerGate } from '../../../../server/modules/traffic/account-gate';

/** Work that ends when told, counting how many of one account run at once. */
function controlled() {
  let running = 0;
  let most = 0;
  const ends: (() => void)[] = [];
  const work = () =>
    new Promise<string>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      ends.push(() => {
        running -= 1;
        resolve('done');
      });
    });
  return { work, ends, most: () => most };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the gate of a caller's heavy reads", () => {
  it('runs two at a time, lines up the next and refuses beyond the line', async () => {
    const gate = new CallerGate(2, 1);
    const a = controlled();
    const first = gate.run('a', a.work);
    const second = gate.run('a', a.work);
    const third = gate.run('a', a.work);
    await expect(gate.run('a', a.work)).rejects.toMatchObject({ code: Code.rateLimited });
    await tick();
    expect(a.ends).toHaveLength(2);

    // Another caller is not held up by the first one's line.
    const b = controlled();
    const other = gate.run('b', b.work);
    await tick();
    expect(b.ends).toHaveLength(1);
    b.ends[0]!();
    await expect(other).resolves.toBe('done');

    a.ends[0]!();
    await expect(first).resolves.toBe('done');
    await tick();
    expect(a.ends).toHaveLength(3);
    // A new call while the handed-over slot is in use still waits: never three at once.
    const fourth = gate.run('a', a.work);
    await tick();
    expect(a.ends).toHaveLength(3);
    a.ends[1]!();
    a.ends[2]!();
    await tick();
    a.ends[3]!();
    await expect(Promise.all([second, third, fourth])).resolves.toEqual(['done', 'done', 'done']);
    expect(a.most()).toBe(2);
  });

  it('frees the slot of a read that fails', async () => {
    const gate = new CallerGate(1, 0);
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run('a', () => Promise.resolve(1))).resolves.toBe(1);
  });
});
