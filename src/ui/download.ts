/**
 * Hands an address to the browser as a download: a link with `download`, clicked from code (the
 * strict CSP allows it; no inline script runs).
 */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Hands a file made or received in the page to the browser as a download, behind an object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // Revoked once the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
