import { Box, Heading, Link, Table, Text } from '@chakra-ui/react';
import { Children, isValidElement } from 'react';
import type { ReactNode } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Components } from 'react-markdown';

/** `## Title {#anchor}` gives a heading a stable anchor that is the same in both languages. */
const explicitAnchor = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

export function slugify(text: string): string {
  const explicit = explicitAnchor.exec(text);
  if (explicit?.[1]) return explicit[1];
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-');
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function withoutAnchor(children: ReactNode): ReactNode {
  return Children.map(children, (child) =>
    typeof child === 'string' ? child.replace(explicitAnchor, '') : child,
  );
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
      entries.push({
        id: slugify(match[2]),
        text: match[2].replace(explicitAnchor, ''),
        depth: match[1].length,
      });
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

const heading =
  (level: 'h1' | 'h2' | 'h3' | 'h4', size: '2xl' | 'xl' | 'lg' | 'md') =>
  ({ children }: { children?: ReactNode }) => (
    <Heading
      as={level}
      id={slugify(textOf(children))}
      size={size}
      mt={level === 'h1' ? 0 : 6}
      mb="3"
      scrollMarginTop="72px"
    >
      {withoutAnchor(children)}
    </Heading>
  );

const components: Components = {
  h1: heading('h1', '2xl'),
  h2: heading('h2', 'xl'),
  h3: heading('h3', 'lg'),
  h4: heading('h4', 'md'),
  p: ({ children }) => (
    <Text mb="3" lineHeight="tall">
      {children}
    </Text>
  ),
  table: ({ children }) => (
    <Box overflowX="auto" mb="4">
      <Table.Root size="sm" variant="outline">
        {children}
      </Table.Root>
    </Box>
  ),
  thead: ({ children }) => <Table.Header>{children}</Table.Header>,
  tbody: ({ children }) => <Table.Body>{children}</Table.Body>,
  tr: ({ children }) => <Table.Row>{children}</Table.Row>,
  th: ({ children }) => <Table.ColumnHeader>{children}</Table.ColumnHeader>,
  td: ({ children }) => <Table.Cell>{children}</Table.Cell>,
  pre: ({ children }) => (
    <Box as="pre" p="3" mb="3" bg="bg.muted" borderRadius="md" overflowX="auto" fontSize="sm">
      {children}
    </Box>
  ),
  ul: ({ children }) => (
    <Box as="ul" ps="6" mb="3" listStyleType="disc">
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box as="ol" ps="6" mb="3" listStyleType="decimal">
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Box as="li" mb="1" lineHeight="tall">
      {children}
    </Box>
  ),
  a: ({ href, children }) => {
    if (href?.startsWith('#') && !href.startsWith('#/')) {
      const id = href.slice(1);
      return (
        <Link
          href={href}
          color="blue.fg"
          onClick={(event) => {
            event.preventDefault();
            scrollToAnchor(id);
          }}
        >
          {children}
        </Link>
      );
    }
    const external = href !== undefined && /^https?:/.test(href);
    return (
      <Link href={href} color="blue.fg" {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
        {children}
      </Link>
    );
  },
  code: ({ children }) => (
    <Box as="code" px="1" bg="bg.muted" borderRadius="sm" fontSize="0.9em">
      {children}
    </Box>
  ),
  blockquote: ({ children }) => (
    <Box as="blockquote" borderStartWidth="4px" borderColor="blue.muted" ps="4" color="fg.muted" mb="3">
      {children}
    </Box>
  ),
};

/** A markdown document rendered as React elements (never raw HTML). */
export function MarkdownDoc({ source }: { source: string }) {
  return (
    <Box className="markdown-doc">
      <Markdown components={components} remarkPlugins={[remarkGfm]} skipHtml>
        {source}
      </Markdown>
    </Box>
  );
}
