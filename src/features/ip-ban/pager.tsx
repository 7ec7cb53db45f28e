import { Button, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronRightIcon } from '../../ui/icons';
import { ipBanPageSizes, type IpBanPageSize } from './search';

interface PagerProps {
  total: number;
  page: number;
  pageCount: number;
  size: IpBanPageSize;
  onPage: (page: number) => void;
  onSize: (size: IpBanPageSize) => void;
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
export function Pager({ total, page, pageCount, size, onPage, onSize }: PagerProps) {
  const { t } = useLingui();
  return (
    <HStack
      justify="space-between"
      wrap="wrap"
      gap="3"
      as="nav"
      aria-label={t({ id: 'ipBan.pager.label', message: 'Pages' })}
    >
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {t({ id: 'ipBan.pager.total', message: `${total} in total` })}
        </Text>
        <NativeSelect.Root size="sm" w="auto">
          <NativeSelect.Field
            value={size}
            aria-label={t({ id: 'ipBan.pager.size', message: 'Entries per page' })}
            onChange={(e) => onSize(Number(e.currentTarget.value) as IpBanPageSize)}
          >
            {ipBanPageSizes.map((n) => (
              <option key={n} value={n}>
                {t({ id: 'ipBan.pager.perPage', message: `${n} per page` })}
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
          aria-label={t({ id: 'ipBan.pager.previous', message: 'Previous page' })}
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
              aria-label={t({ id: 'ipBan.pager.page', message: `Page ${pageNumber}` })}
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
          aria-label={t({ id: 'ipBan.pager.next', message: 'Next page' })}
        >
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </HStack>
  );
}
