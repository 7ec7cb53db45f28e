import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FigureId } from './views';

export const figureLabels: Record<FigureId, MessageDescriptor> = {
  peakBandwidth: msg({ id: 'stats.figure.peakBandwidth', message: 'Peak bandwidth' }),
  p95Bandwidth: msg({ id: 'stats.figure.p95Bandwidth', message: '95th percentile bandwidth' }),
  totalFlow: msg({ id: 'stats.figure.totalFlow', message: 'Total flow' }),
  hitFlow: msg({ id: 'stats.figure.hitFlow', message: 'Flow served from cache' }),
  totalRequests: msg({ id: 'stats.figure.totalRequests', message: 'Total requests' }),
  peakQps: msg({ id: 'stats.figure.peakQps', message: 'Peak QPS' }),
  hitRate: msg({ id: 'stats.figure.hitRate', message: 'Hit rate (requests)' }),
  byteHitRate: msg({ id: 'stats.figure.byteHitRate', message: 'Hit rate (flow)' }),
  pv: msg({ id: 'stats.figure.pv', message: 'Total PV' }),
  avgResponse: msg({ id: 'stats.figure.avgResponse', message: 'Average response time' }),
  blocked: msg({ id: 'stats.figure.blocked', message: 'Blocked requests' }),
  blockedShare: msg({ id: 'stats.figure.blockedShare', message: 'Share blocked' }),
  s2xx: msg({ id: 'stats.figure.s2xx', message: '2xx responses' }),
  s3xx: msg({ id: 'stats.figure.s3xx', message: '3xx responses' }),
  s4xx: msg({ id: 'stats.figure.s4xx', message: '4xx responses' }),
  s5xx: msg({ id: 'stats.figure.s5xx', message: '5xx responses' }),
};
