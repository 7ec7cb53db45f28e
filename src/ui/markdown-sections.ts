/**
 * Pure helpers of the shipped Markdown documents (help, billing): anchors, the table of contents
 * and sections. Kept apart from the renderer, so a screen can use them without loading it.
 */

/** `## Title {#anchor}` gives a heading a stable anchor that is the same in both languages. */
const explicitAnchor = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

/** A heading's text without its `{#anchor}`. */
export function withoutAnchorText(text: string): string {
  return text.replace(explicitAnchor, '');
}

export function slugify(text: string): string {
  const explicit = explicitAnchor.exec(text);
  if (explicit?.[1]) return explicit[1];
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-');
}

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

/** The `##` and `###` headings of a markdown document, for a table of contents. */
export function tableOfContents(source: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let fenced = false;
  for (const line of source.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const match = !fenced ? /^(#{2,3})\s+(.+)$/.exec(line) : null;
    if (match?.[1] && match[2]) {
      entries.push({ id: slugify(match[2]), text: withoutAnchorText(match[2]), depth: match[1].length });
    }
  }
  return entries;
}

/** The part of a document under the heading with anchor `id`, up to the next heading of the same level. */
export function sectionOf(source: string, id: string): string | null {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => /^#{1,6}\s/.test(l) && slugify(l.replace(/^#+\s+/, '')) === id);
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => {
    const m = /^(#+)\s/.exec(l);
    return m?.[1] !== undefined && m[1].length <= level;
  });
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}

/** Scrolls to an anchor inside the page; the address hash belongs to the router. */
export function scrollToAnchor(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** An anchor the help route accepts in `?section=` (src/app/router.tsx). */
export const sectionIdPattern = /^[\w-]{1,64}$/;

/**
 * The address of a help section. A bare `#anchor` would be read by the hash router as a route,
 * so a link that is opened in a new tab or copied must carry the route.
 */
export function helpSectionHref(id: string): string {
  return `#/cdn/help?section=${encodeURIComponent(id)}`;
}
