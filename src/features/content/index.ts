import { loadCatalogPart } from '../../i18n';
// The first load carries only the reading of the screen's address. The screen, its command views
// and their texts load when one of them is needed.
export { parseContentSearch } from './search';
export type { ContentSearch } from './search';
/** The refresh and prefetch screen, with its part of the catalog. */
export const loadContentScreen = () =>
  Promise.all([import('./content-screen'), loadCatalogPart('operations')]).then(([m]) => m);
/** The pending-changes views of the feature's commands: loaded with the pending-changes panel. */
export const loadContentCommandViews = () =>
  Promise.all([import('./command-views'), loadCatalogPart('operations')]).then(
    ([m]) => m.contentCommandViews,
  );
