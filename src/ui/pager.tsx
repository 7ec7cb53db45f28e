import { Button, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronRightIcon } from './icons';

export interface PagerProps<S extends number> {
  total: number;
  page: number;
  pageCount: number;
  /** The page sizes offered, and the one chosen. */
  sizes: readonly S[];
  size: S;
  onPage: (page: number) => void;
  onSize: (size: S) => void;
  /** Left out while the whole list fits on a page of the first size. */
  hiddenWhenShort?: boolean;
}

/** The pages to offer: the first, the last, and two around the current one. */
function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const [i, p] of pages.entries()) {
    const before = pages[i - 1];
    if (before !== undefined && p - before > 1) result.push('gap');
    result.push(p);
  }
  return result;
}

/** Total count, page size and page links of the list. */
export function Pager<S extends number>({
  total,
  page,
  pageCount,
  sizes,
  size,
  onPage,
  onSize,
  hiddenWhenShort = false,
}: PagerProps<S>) {
  const { t } = useLingui();
  if (hiddenWhenShort && total <= (sizes[0] ?? 0)) return null;
  return (
    <HStack
      justify="space-between"
      wrap="wrap"
      gap="3"
      as="nav"
      aria-label={t({ id: 'list.pager.label', message: 'Pages' })}
    >
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {t({ id: 'list.pager.total', message: `${total} in total` })}
        </Text>
        <NativeSelect.Root size="sm" w="auto">
          <NativeSelect.Field
            value={size}
            aria-label={t({ id: 'list.pager.size', message: 'Entries per page' })}
            onChange={(e) => onSize(sizes.find((n) => n === Number(e.currentTarget.value)) ?? size)}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {t({ id: 'list.pager.perPage', message: `${n} per page` })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="1">
        <IconButton
          size="sm"
          variant="ghost"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t({ id: 'list.pager.previous', message: 'Previous page' })}
        >
          <ChevronRightIcon style={{ transform: 'rotate(180deg)' }} />
        </IconButton>
        {pageNumbers(page, pageCount).map((pageNumber, i) =>
          pageNumber === 'gap' ? (
            <Text key={`gap-${i}`} px="1" color="fg.muted" aria-hidden="true">
              …
            </Text>
          ) : (
            <Button
              key={pageNumber}
              size="sm"
              minW="8"
              px="2"
              variant={pageNumber === page ? 'solid' : 'ghost'}
              colorPalette={pageNumber === page ? 'blue' : 'gray'}
              aria-current={pageNumber === page ? 'page' : undefined}
              aria-label={t({ id: 'list.pager.page', message: `Page ${pageNumber}` })}
              onClick={() => onPage(pageNumber)}
            >
              {pageNumber}
            </Button>
          ),
        )}
        <IconButton
          size="sm"
          variant="ghost"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
          aria-label={t({ id: 'list.pager.next', message: 'Next page' })}
        >
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </HStack>
  );
}
