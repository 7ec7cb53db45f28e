import { Box, Heading, Link, Table, Text } from '@chakra-ui/react';
import { Children, isValidElement, useMemo } from 'react';
import type { ReactNode } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Components } from 'react-markdown';
import { scrollToAnchor, slugify, withoutAnchorText } from './markdown-sections';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function withoutAnchor(children: ReactNode): ReactNode {
  return Children.map(children, (child) => (typeof child === 'string' ? withoutAnchorText(child) : child));
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

function componentsFor(anchorHref: (id: string) => string): Components {
  return {
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
            href={anchorHref(id)}
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
}

const inPage = (id: string) => `#${id}`;

/**
 * A markdown document rendered as React elements (never raw HTML). Links to the document's own
 * anchors scroll to them; `anchorHref` gives them the address they have when opened elsewhere.
 */
export function MarkdownDoc({
  source,
  anchorHref = inPage,
}: {
  source: string;
  anchorHref?: (id: string) => string;
}) {
  const components = useMemo(() => componentsFor(anchorHref), [anchorHref]);
  return (
    <Box className="markdown-doc">
      <Markdown components={components} remarkPlugins={[remarkGfm]} skipHtml>
        {source}
      </Markdown>
    </Box>
  );
}
