import { loadCatalogPart } from '../../i18n';
// The first load carries only the reading of the views' addresses; screens and charts load when opened.
export { statisticsTypes } from './types';
export type { StatisticsType } from './types';
export type { TrafficView } from './traffic-screen';

const withTexts = <T>(load: () => Promise<T>) =>
  Promise.all([load(), loadCatalogPart('statistics')]).then(([m]) => m);

export const loadTrafficScreen = () => withTexts(() => import('./traffic-screen'));
/** The overview's traffic figures: loaded after the overview's first paint. */
export const loadTrafficCard = () => withTexts(() => import('./traffic-card'));
