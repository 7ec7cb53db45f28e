/**
 * The statistics charts (nivo), in their own chunk: a view's code and figures load first, the
 * charts after them. Only ever imported dynamically (`import('./charts')`).
 */
export { BarsChart } from './bars-chart';
export { TrendChart } from './trend-chart';
