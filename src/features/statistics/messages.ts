import { msg } from '@lingui/core/macro';

/** spec §8 report, export and UV messages, as the screens show them before asking the server. */
export const statsMessages = {
  domainRequired: msg({ id: 'stats.message.domainRequired', message: 'Please select a domain and query' }),
  timeRequired: msg({
    id: 'stats.message.timeRequired',
    message: 'Please select the start and end time to query',
  }),
  rangeTooLong: msg({
    id: 'stats.message.rangeTooLong',
    message: 'Currently only supports the query of data up to one year, please adjust the query range!',
  }),
  uvTooMany: msg({ id: 'stats.message.uvTooMany', message: 'A maximum of 1000 domains can be selected' }),
  noData: msg({ id: 'stats.message.noData', message: 'There is no data for the current domain' }),
  exportEmpty: msg({ id: 'stats.message.exportEmpty', message: 'No data to export' }),
  exportMax: msg({ id: 'stats.message.exportMax', message: 'Exporting at most 2000 rows' }),
  logRangeTooLong: msg({
    id: 'stats.message.logRangeTooLong',
    message: 'Logs can be listed for at most 31 days at a time.',
  }),
};
