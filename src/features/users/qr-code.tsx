import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/**
 * A QR code drawn as one SVG path of its dark modules (no markup from text, nothing but React
 * elements). The encoder loads when a code is first shown.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ value: string; path: string; modules: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (!live) return;
      setDrawn({ value, ...qrPath(encode(value, { ecc: 'M', border: 2 }).data) });
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (drawn?.value !== value) return <QrPlaceholder size={size} />;
  return (
    <Box bg="white" p="1" borderRadius="md" borderWidth="1px" width="fit-content">
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${drawn.modules} ${drawn.modules}`}
        shapeRendering="crispEdges"
      >
        <path d={drawn.path} fill="#000" />
      </svg>
    </Box>
  );
}

/** The path of a module matrix's dark modules: one horizontal run per subpath. */
export function qrPath(rows: readonly (readonly boolean[])[]): { path: string; modules: number } {
  const parts: string[] = [];
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { path: parts.join(''), modules: rows.length };
}

/** The room of a QR code while there is none to draw yet. */
export function QrPlaceholder({ size = 200 }: { size?: number }) {
  return <Box width={`${size + 10}px`} height={`${size + 10}px`} bg="bg.muted" borderRadius="md" />;
}
