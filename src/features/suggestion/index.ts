import { loadCatalogPart } from '../../i18n';

/** Feedback and tickets (spec §2 top bar): each screen with the part of the catalog they share. */
export const loadSuggestionScreen = () =>
  Promise.all([import('./suggestion-screen'), loadCatalogPart('support')]).then(([m]) => m);
export const loadTicketListScreen = () =>
  Promise.all([import('./ticket-list-screen'), loadCatalogPart('support')]).then(([m]) => m);
export const loadTicketDetailScreen = () =>
  Promise.all([import('./ticket-detail-screen'), loadCatalogPart('support')]).then(([m]) => m);
