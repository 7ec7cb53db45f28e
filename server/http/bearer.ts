/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
