import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SectionKind } from '../../../contract/domain-config';
import type { DomainDetailTab } from '../search';

/**
 * The texts of the configuration rules' message ids (src/contract/rules/domain-config.ts, the
 * command modules of src/commands/domain-config): the server answers them from this catalog too.
 */
export const configRuleMessages: Record<string, MessageDescriptor> = {
  'domainConfig.saved': msg({ id: 'domainConfig.saved', message: 'Configuration saved.' }),
  'domain.originsSaved': msg({ id: 'domain.originsSaved', message: 'Origins saved.' }),
  'domain.copy.versionUnknown': msg({
    id: 'domain.copy.versionUnknown',
    message: 'The source domain has no such version of its configuration. Start the copy again.',
  }),
  'domainConfig.number': msg({ id: 'domainConfig.number', message: 'Enter a whole number' }),
  'domainConfig.rule.contentAll': msg({
    id: 'domainConfig.rule.contentAll',
    message: 'A rule for all files has no content',
  }),
  'domainConfig.rule.contentRequired': msg({
    id: 'domainConfig.rule.contentRequired',
    message: 'Enter the content',
  }),
  'domainConfig.rule.contentTooLong': msg({
    id: 'domainConfig.rule.contentTooLong',
    message: 'The content can have at most 512 characters',
  }),
  'domainConfig.rule.suffix': msg({
    id: 'domainConfig.rule.suffix',
    message: 'Enter file suffixes of letters and digits, separated by commas, e.g. jpg,png',
  }),
  'domainConfig.rule.path': msg({
    id: 'domainConfig.rule.path',
    message: 'A path must start with / and have no spaces',
  }),
  'domainConfig.rule.regex': msg({
    id: 'domainConfig.rule.regex',
    message: 'This is not a valid regular expression',
  }),
  'domainConfig.cache.tooMany': msg({
    id: 'domainConfig.cache.tooMany',
    message: 'A domain can have at most 100 cache rules',
  }),
  'domainConfig.cache.ttl': msg({
    id: 'domainConfig.cache.ttl',
    message: 'Enter the cache time in whole seconds',
  }),
  'domainConfig.cache.ttlMax': msg({
    id: 'domainConfig.cache.ttlMax',
    message: 'The cache time can be at most 2 years',
  }),
  'domainConfig.cache.priority': msg({
    id: 'domainConfig.cache.priority',
    message: 'The priority is a whole number from 0 to 65535',
  }),
  'domainConfig.origin.timeout': msg({
    id: 'domainConfig.origin.timeout',
    message: 'The connect timeout is a whole number of seconds from 3 to 60',
  }),
  'domainConfig.https.tlsRequired': msg({
    id: 'domainConfig.https.tlsRequired',
    message: 'Keep at least one TLS version on',
  }),
  'domainConfig.https.redirectRequired': msg({
    id: 'domainConfig.https.redirectRequired',
    message: 'Choose the redirect code: 301 or 302',
  }),
  'domainConfig.https.hstsMaxAge': msg({
    id: 'domainConfig.https.hstsMaxAge',
    message: 'The HSTS max-age is a whole number of seconds from 1 to 31536000',
  }),
  'domainConfig.ip.tooMany': msg({
    id: 'domainConfig.ip.tooMany',
    message: 'The IP list can have at most 500 entries',
  }),
  'domainConfig.ip.format': msg({
    id: 'domainConfig.ip.format',
    message: 'Enter an IPv4 address or CIDR range, one per line',
  }),
  'domainConfig.ip.duplicate': msg({
    id: 'domainConfig.ip.duplicate',
    message: 'This entry is in the list already',
  }),
  'domainConfig.ip.overlap': msg({
    id: 'domainConfig.ip.overlap',
    message: 'This range overlaps another entry',
  }),
  'domainConfig.ua.tooMany': msg({
    id: 'domainConfig.ua.tooMany',
    message: 'The UA list can have at most 100 entries',
  }),
  'domainConfig.ua.format': msg({
    id: 'domainConfig.ua.format',
    message: 'Enter a User-Agent without leading or trailing spaces',
  }),
  'domainConfig.ua.duplicate': msg({
    id: 'domainConfig.ua.duplicate',
    message: 'This User-Agent is in the list already (case ignored)',
  }),
  'domainConfig.referer.tooMany': msg({
    id: 'domainConfig.referer.tooMany',
    message: 'The referer list can have at most 100 entries',
  }),
  'domainConfig.referer.protocol': msg({
    id: 'domainConfig.referer.protocol',
    message: 'Leave out http:// or https://: enter the domain only',
  }),
  'domainConfig.referer.format': msg({
    id: 'domainConfig.referer.format',
    message: 'Enter a domain, optionally starting with the wildcard *.',
  }),
  'domainConfig.referer.duplicate': msg({
    id: 'domainConfig.referer.duplicate',
    message: 'This domain is in the list already',
  }),
  'domainConfig.entry.tooLong': msg({
    id: 'domainConfig.entry.tooLong',
    message: 'An entry can have at most 256 characters',
  }),
  'domainConfig.header.tooMany': msg({
    id: 'domainConfig.header.tooMany',
    message: 'At most 50 header rules each way',
  }),
  'domainConfig.header.name': msg({
    id: 'domainConfig.header.name',
    message: 'Enter a header name of letters, digits and - (e.g. X-Cache)',
  }),
  'domainConfig.header.valueRequired': msg({
    id: 'domainConfig.header.valueRequired',
    message: 'Enter the header value',
  }),
  'domainConfig.header.valueSpace': msg({
    id: 'domainConfig.header.valueSpace',
    message: 'The value cannot start or end with a space',
  }),
  'domainConfig.header.valueTooLong': msg({
    id: 'domainConfig.header.valueTooLong',
    message: 'The value can have at most 1024 characters',
  }),
  'domainConfig.header.valueOnDelete': msg({
    id: 'domainConfig.header.valueOnDelete',
    message: 'A header to delete has no value',
  }),
  'domainConfig.rewrite.tooMany': msg({
    id: 'domainConfig.rewrite.tooMany',
    message: 'At most 100 rewrite rules of each kind',
  }),
  'domainConfig.rewrite.path': msg({
    id: 'domainConfig.rewrite.path',
    message: 'A rewrite path must start with / and have no spaces',
  }),
  'domainConfig.rewrite.wildcard': msg({
    id: 'domainConfig.rewrite.wildcard',
    message: 'The target domain cannot be a wildcard domain',
  }),
  'domainConfig.rewrite.domainUnknown': msg({
    id: 'domainConfig.rewrite.domainUnknown',
    message: 'The target domain must be an accelerated domain of this account',
  }),
  'domainConfig.errorPage.tooMany': msg({
    id: 'domainConfig.errorPage.tooMany',
    message: 'At most 50 error pages',
  }),
  'domainConfig.errorPage.status': msg({
    id: 'domainConfig.errorPage.status',
    message: 'The status code is a number from 400 to 599',
  }),
  'domainConfig.errorPage.duplicate': msg({
    id: 'domainConfig.errorPage.duplicate',
    message: 'This status code has an error page already',
  }),
  'domainConfig.errorPage.target': msg({
    id: 'domainConfig.errorPage.target',
    message: 'The page address must contain http:// or {host}',
  }),
  'domainConfig.compression.minSize': msg({
    id: 'domainConfig.compression.minSize',
    message: 'The size threshold is a whole number of bytes from 1 to 65535',
  }),
  'domainConfig.compression.typesRequired': msg({
    id: 'domainConfig.compression.typesRequired',
    message: 'Enter at least one file type',
  }),
  'domainConfig.compression.typesTooMany': msg({
    id: 'domainConfig.compression.typesTooMany',
    message: 'At most 30 file types',
  }),
  'domainConfig.compression.type': msg({
    id: 'domainConfig.compression.type',
    message: 'A file type has only letters, digits, _ and -',
  }),
  'domainConfig.post.limit': msg({
    id: 'domainConfig.post.limit',
    message: 'The POST size limit is a whole number of MB from 1 to 1024',
  }),
  'domainConfig.urlAuth.keyRequired': msg({
    id: 'domainConfig.urlAuth.keyRequired',
    message: 'Enter the primary key',
  }),
  'domainConfig.urlAuth.key': msg({
    id: 'domainConfig.urlAuth.key',
    message: 'A key has 6 to 40 letters and digits',
  }),
  'domainConfig.urlAuth.lifetime': msg({
    id: 'domainConfig.urlAuth.lifetime',
    message: 'The lifetime is a whole number of seconds from 0 to 31536000',
  }),
  'domainConfig.speed.tooMany': msg({
    id: 'domainConfig.speed.tooMany',
    message: 'A domain can have at most 100 speed limit rules',
  }),
  'domainConfig.speed.rate': msg({
    id: 'domainConfig.speed.rate',
    message: 'The speed is a whole number of KB/s from 1 to 1048576',
  }),
};

/** The tabs of the domain detail, as named on the tab bar. */
export const tabLabels: Record<DomainDetailTab, MessageDescriptor> = {
  basic: msg({ id: 'domainConfig.tab.basic', message: 'Basic information' }),
  origin: msg({ id: 'domainConfig.tab.origin', message: 'Back-to-origin' }),
  cache: msg({ id: 'domainConfig.tab.cache', message: 'Cache' }),
  https: msg({ id: 'domainConfig.tab.https', message: 'HTTPS' }),
  access: msg({ id: 'domainConfig.tab.access', message: 'Access control' }),
  performance: msg({ id: 'domainConfig.tab.performance', message: 'Performance' }),
  advanced: msg({ id: 'domainConfig.tab.advanced', message: 'Advanced' }),
  history: msg({ id: 'domainConfig.tab.history', message: 'History' }),
};

/** The tab of the domain detail where each section is shown and edited. */
export const sectionTabs: Record<SectionKind, DomainDetailTab> = {
  domainOrigin: 'origin',
  domainCache: 'cache',
  domainHttps: 'https',
  domainAccess: 'access',
  domainUrlAuth: 'access',
  domainPerformance: 'performance',
  domainSpeedLimit: 'performance',
  domainHeaders: 'advanced',
  domainRewrites: 'advanced',
};

/** Each section's title, as its card and the pending-changes list name it. */
export const sectionTitles: Record<SectionKind, MessageDescriptor> = {
  domainOrigin: msg({ id: 'domainConfig.section.origin', message: 'Back-to-origin settings' }),
  domainCache: msg({ id: 'domainConfig.section.cache', message: 'Cache rules' }),
  domainHttps: msg({ id: 'domainConfig.section.https', message: 'HTTPS settings' }),
  domainAccess: msg({ id: 'domainConfig.section.access', message: 'Access lists' }),
  domainHeaders: msg({ id: 'domainConfig.section.headers', message: 'HTTP headers' }),
  domainRewrites: msg({ id: 'domainConfig.section.rewrites', message: 'Rewrites and error pages' }),
  domainPerformance: msg({ id: 'domainConfig.section.performance', message: 'Compression and POST size' }),
  domainUrlAuth: msg({ id: 'domainConfig.section.urlAuth', message: 'URL authentication' }),
  domainSpeedLimit: msg({ id: 'domainConfig.section.speedLimit', message: 'Speed limit' }),
};
