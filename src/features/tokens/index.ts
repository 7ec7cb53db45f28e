import { loadCatalogPart } from '../../i18n';
// The first load carries only this loader: the screen and its texts load when it is opened.

/**
 * API tokens (spec §2 /cdn/token-manage), with its part of the catalog and that of IP blocking,
 * whose address rules the token's allowed addresses follow in the same words.
 */
export const loadTokenScreen = () =>
  Promise.all([import('./token-screen'), loadCatalogPart('tokens'), loadCatalogPart('ipBan')]).then(
    ([m]) => m,
  );
