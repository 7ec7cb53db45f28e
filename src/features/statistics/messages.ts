import { msg } from '@lingui/core/macro';

/**
 * spec §8 report, export and UV messages, as the screens show them before asking the server: the
 * server's message ids, so both say the same.
 */
export const statsMessages = {
  domainRequired: msg({ id: 'traffic.domain.required', message: 'Please select a domain and query' }),
  timeRequired: msg({
    id: 'traffic.time.required',
    message: 'Please select the start and end time to query',
  }),
  rangeTooLong: msg({
    id: 'traffic.range.tooLong',
    message: 'Currently only supports the query of data up to one year, please adjust the query range!',
  }),
  uvTooMany: msg({ id: 'traffic.uv.tooManyDomains', message: 'A maximum of 1000 domains can be selected' }),
  noData: msg({ id: 'traffic.noData', message: 'There is no data for the current domain' }),
  exportEmpty: msg({ id: 'report.export.empty', message: 'No data to export' }),
  exportMax: msg({ id: 'stats.message.exportMax', message: 'Exporting at most 2000 rows' }),
  logRangeTooLong: msg({
    id: 'log.range.tooLong',
    message: 'Logs can be listed for at most 31 days at a time.',
  }),
};
