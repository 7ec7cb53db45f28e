import { describe, expect, it } from 'vitest';
import { checkFeedbackImage, sniffImageType, validateFeedback } from '../../../src/contract';

const valid = { type: 'bug', product: 'cdn', title: 'Slow list', content: 'It takes long.', imageIds: [] };
const chars = (n: number, c = '字') => c.repeat(n);
const MB = 1024 * 1024;

describe('validateFeedback (spec §5: title ≤ 50, content ≤ 1000, ≤ 5 pictures)', () => {
  it('accepts a complete draft', () => {
    expect(validateFeedback(valid)).toEqual({});
  });

  it.each([
    ['type', { type: '' }, 'feedback.type.required'],
    ['type', { type: 'praise' }, 'feedback.type.required'],
    ['product', { product: '' }, 'feedback.product.required'],
    ['product', { product: 'anything' }, 'feedback.product.required'],
    ['title', { title: '   ' }, 'feedback.title.required'],
    ['content', { content: '' }, 'feedback.content.required'],
  ])('requires %s (%j)', (field, change, id) => {
    expect(validateFeedback({ ...valid, ...change })).toEqual({ [field]: id });
  });

  it.each([
    [49, true],
    [50, true],
    [51, false],
  ])('title of %i characters (Chinese counted as one each) → valid %s', (n, ok) => {
    const errors = validateFeedback({ ...valid, title: chars(n) });
    expect(errors.title).toBe(ok ? undefined : 'feedback.title.tooLong');
  });

  it('counts a title by characters, not UTF-16 units, and after trimming', () => {
    expect(validateFeedback({ ...valid, title: chars(50, '😀') }).title).toBeUndefined();
    expect(validateFeedback({ ...valid, title: ` ${chars(50)} ` }).title).toBeUndefined();
  });

  it.each([
    [999, true],
    [1000, true],
    [1001, false],
  ])('content of %i characters → valid %s', (n, ok) => {
    const errors = validateFeedback({ ...valid, content: chars(n, 'a') });
    expect(errors.content).toBe(ok ? undefined : 'feedback.content.tooLong');
  });

  it.each([
    [5, true],
    [6, false],
  ])('%i pictures → valid %s', (n, ok) => {
    const imageIds = Array.from({ length: n }, (_, i) => `p${i}`);
    expect(validateFeedback({ ...valid, imageIds }).images).toBe(ok ? undefined : 'feedback.images.tooMany');
  });
});

describe('checkFeedbackImage (spec §8: count first, then type, then size)', () => {
  it.each([
    ['a.jpg', 1, 0, 'ok'],
    ['a.JPEG', 1, 0, 'ok'],
    ['a.png', 1, 4, 'ok'],
    ['a.gif', 1, 0, 'ok'],
    ['a.svg', 1, 0, 'ok'],
    ['a.png', 1, 5, 'feedback.images.tooMany'],
    ['a.webp', 1, 0, 'feedback.images.badType'],
    ['png', 1, 0, 'feedback.images.badType'],
    ['a.png', 5 * MB, 0, 'ok'],
    ['a.png', 5 * MB + 1, 0, 'feedback.images.tooLarge'],
    ['a.exe', 6 * MB, 5, 'feedback.images.tooMany'],
    ['a.exe', 6 * MB, 0, 'feedback.images.badType'],
  ])('%s of %i bytes with %i chosen → %s', (name, size, chosen, expected) => {
    expect(checkFeedbackImage({ name, size }, chosen)).toBe(expected);
  });
});

describe('sniffImageType (the type comes from the bytes, never the name)', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const text = (s: string) => new TextEncoder().encode(s);
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['gif89a', text('GIF89a...'), 'image/gif'],
    ['gif87a', text('GIF87a...'), 'image/gif'],
    ['svg', text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    ['svg with prolog', text('<?xml version="1.0"?>\n<!-- c -->\n<svg></svg>'), 'image/svg+xml'],
    ['svg with BOM', text('\uFEFF<svg></svg>'), 'image/svg+xml'],
    ['html', text('<html><svg></svg></html>'), null],
    ['truncated png', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['gif88a', text('GIF88a'), null],
    ['empty', bytes(), null],
  ])('%s → %s', (_name, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});
