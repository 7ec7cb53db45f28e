import 'fake-indexeddb/auto';

/**
 * The unit files of a worker share one module graph and one page (the project's `isolate: false`):
 * each file starts at the same address, with nothing stored and no cookie, as it would in a page
 * of its own.
 */
if (typeof document !== 'undefined') {
  const page = globalThis as unknown as { happyDOM?: { setURL(url: string): void } };
  page.happyDOM?.setURL('http://localhost:3000/');
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** The databases earlier files left on this device (Dexie closes its side when one is deleted). */
for (const { name } of await indexedDB.databases()) {
  if (name)
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
    });
}
