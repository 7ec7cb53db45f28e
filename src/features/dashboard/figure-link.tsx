import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A figure that opens the domain list showing what it counts. */
export function FigureLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} color="inherit" _hover={{ color: 'fg.info', textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}
