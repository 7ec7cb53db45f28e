/**
 * The one rule of every free-text field: no character that is invisible, controls the terminal or
 * the database, or changes the direction in which the rest of the text is displayed.
 *
 * Refused everywhere: C0 controls (NUL, BEL, ESC…), DEL, C1 controls, the line and paragraph
 * separators, the bidirectional embeddings, overrides, isolates and marks (U+202E turns "gpj.exe"
 * into what reads as "exe.jpg") and unpaired surrogates. Multi-line fields also accept line
 * feeds, carriage returns and tabs.
 */
export type TextShape = 'line' | 'multiline';

export const textProblems = {
  line: 'common.text.invalidLine',
  multiline: 'common.text.invalidMultiline',
} as const;
export type TextProblem = (typeof textProblems)[TextShape];

// C0 without tab/LF/CR, DEL, C1, ALM, LRM/RLM, LRE..RLO, LRI..PDI, LS/PS. The pattern is built
// from code points so the source holds no invisible characters.
const range = (from: number, to: number) =>
  `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`;
const alwaysRefused = [
  range(0x00, 0x08),
  range(0x0b, 0x0c),
  range(0x0e, 0x1f),
  range(0x7f, 0x9f),
  range(0x061c, 0x061c),
  range(0x200e, 0x200f),
  range(0x2028, 0x202e),
  range(0x2066, 0x2069),
].join('');
const refusedInMultiline = new RegExp(`[${alwaysRefused}]`, 'u');
const refusedInLine = new RegExp(`[${alwaysRefused}\\t\\n\\r]`, 'u');

/** An unpaired surrogate: JSON can carry one (`"\ud800"`), UTF-8 cannot store it. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The message id of the rule when `value` breaks it, null when the text is acceptable. */
export function checkText(value: string, shape: TextShape = 'line'): TextProblem | null {
  const refused = shape === 'line' ? refusedInLine : refusedInMultiline;
  return refused.test(value) || loneSurrogate.test(value) ? textProblems[shape] : null;
}

/** NUL anywhere in a request is refused before anything reads it (PostgreSQL cannot store it). */
export const hasNul = (value: string) => value.includes('\u0000');
