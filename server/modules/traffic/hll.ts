/**
 * HyperLogLog sketches of distinct client addresses (UV): 4096 one-byte registers, a relative
 * standard error of 1.04 / √4096 ≈ 1.6 %, and small counts (up to a few hundred) nearly exact
 * through linear counting. Sketches of two days or two domains merge by taking the larger register,
 * which the database does too (`hll_merge` in the migration).
 */
export const hllBits = 12;
export const hllRegisters = 1 << hllBits;
export const hllError = 1.04 / Math.sqrt(hllRegisters);

/** Two independent 32-bit hashes of a string (MurmurHash3's mixing, seeds 0 and 1). */
function hash32(text: string, seed: number): number {
  let h = seed ^ text.length;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export type Sketch = Uint8Array;

export const emptySketch = (): Sketch => new Uint8Array(hllRegisters);

/** Where a value goes in a sketch and what it sets there, computed once per value. */
export function hllPosition(value: string): { index: number; rank: number } {
  const index = hash32(value, 0) >>> (32 - hllBits);
  const w = hash32(value, 1);
  return { index, rank: w === 0 ? 33 : Math.clz32(w) + 1 };
}

export function hllAdd(sketch: Sketch, position: { index: number; rank: number }): void {
  if ((sketch[position.index] ?? 0) < position.rank) sketch[position.index] = position.rank;
}

export function hllMerge(into: Sketch, other: Uint8Array): void {
  for (let i = 0; i < hllRegisters; i++) {
    const value = other[i] ?? 0;
    if ((into[i] ?? 0) < value) into[i] = value;
  }
}

export function hllCount(sketch: Uint8Array): number {
  const m = hllRegisters;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    const r = sketch[i] ?? 0;
    sum += 2 ** -r;
    if (r === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  const raw = (alpha * m * m) / sum;
  if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(raw);
}
