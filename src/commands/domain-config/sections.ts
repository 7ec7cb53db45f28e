import { configLimits } from '../../contract/rules/domain-config';
import { Refusal } from '../command';
import { defaultsOf, sectionCommand } from './section';

export const originSettingsSet = sectionCommand(
  'domainOrigin.set',
  'domainOrigin',
  {
    path: '/v3/domain/origin-settings/update',
    summary: 'Set the back-to-origin settings of a domain: the TCP connect timeout (3–60 s).',
  },
  {
    label: /*i18n*/ {
      id: 'auditLog.action.domainOrigin.set',
      message: 'Changed the back-to-origin settings',
    },
    section: /*i18n*/ {
      id: 'domainConfig.command.section.domainOrigin',
      message: 'the back-to-origin settings',
    },
  },
);

export const cacheSet = sectionCommand(
  'domainCache.set',
  'domainCache',
  {
    path: '/v3/domain/cache/update',
    summary:
      'Set the cache rules of a domain: type, content, time (at most 2 years), priority 0–65535 (smaller first) and options.',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainCache.set', message: 'Changed the cache rules' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainCache', message: 'the cache rules' },
  },
);

export const httpsSet = sectionCommand(
  'domainHttps.set',
  'domainHttps',
  {
    path: '/v3/domain/https/update',
    summary:
      'Set the HTTPS settings of a domain: forced HTTPS (301/302), HSTS, HTTP/2 and TLS versions (at least one). The certificate is set by its association.',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainHttps.set', message: 'Changed the HTTPS settings' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainHttps', message: 'the HTTPS settings' },
  },
  {
    normalize: (content, current) => ({
      ...content,
      // The certificate is the association's (certificates), not this command's.
      certificate_id: current.certificate_id,
      redirect_code: content.force_https ? content.redirect_code : null,
      hsts_max_age: content.hsts ? content.hsts_max_age : configLimits.hstsMaxAgeDefault,
      hsts_subdomains: content.hsts && content.hsts_subdomains,
    }),
  },
);

const accessDefaults = defaultsOf('domainAccess');
export const accessSet = sectionCommand(
  'domainAccess.set',
  'domainAccess',
  {
    path: '/v3/domain/access/update',
    summary:
      'Set the access control of a domain: IP list (500, IPv4 and CIDR), UA list (100) and referer list (100), each black or white.',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainAccess.set', message: 'Changed the access lists' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainAccess', message: 'the access lists' },
  },
  {
    // A list turned off is cleared (spec §4).
    normalize: (content) => ({
      ip: content.ip.enabled ? content.ip : { ...accessDefaults.ip, mode: content.ip.mode },
      ua: content.ua.enabled ? content.ua : { ...accessDefaults.ua, mode: content.ua.mode },
      referer: content.referer.enabled
        ? content.referer
        : { ...accessDefaults.referer, mode: content.referer.mode },
    }),
  },
);

export const headersSet = sectionCommand(
  'domainHeaders.set',
  'domainHeaders',
  {
    path: '/v3/domain/headers/update',
    summary: 'Set the request and response header rules of a domain.',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainHeaders.set', message: 'Changed the HTTP headers' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainHeaders', message: 'the HTTP headers' },
  },
);

export const rewritesSet = sectionCommand(
  'domainRewrites.set',
  'domainRewrites',
  {
    path: '/v3/domain/rewrites/update',
    summary:
      'Set the origin-URL and access-URL rewrites (100 each) and the error pages (status 400–599) of a domain.',
  },
  {
    label: /*i18n*/ {
      id: 'auditLog.action.domainRewrites.set',
      message: 'Changed the rewrites and error pages',
    },
    section: /*i18n*/ {
      id: 'domainConfig.command.section.domainRewrites',
      message: 'the rewrites and error pages',
    },
  },
  {
    // spec §5: a target domain must be an accelerated domain of the account.
    check(content, facts) {
      if (!facts?.domainNames) return;
      for (const field of ['origin_url', 'access_url'] as const)
        content[field].forEach((rule, i) => {
          if (rule.target_domain !== '' && !facts.domainNames!.includes(rule.target_domain))
            throw new Refusal('domainConfig.rewrite.domainUnknown', `content.${field}.${i}.target_domain`);
        });
    },
  },
);

const performanceDefaults = defaultsOf('domainPerformance');
export const performanceSet = sectionCommand(
  'domainPerformance.set',
  'domainPerformance',
  {
    path: '/v3/domain/performance/update',
    summary:
      'Set smart compression (threshold 1–65535 bytes, file types) and the POST size limit (1–1024 MB) of a domain.',
  },
  {
    label: /*i18n*/ {
      id: 'auditLog.action.domainPerformance.set',
      message: 'Changed the compression and POST size',
    },
    section: /*i18n*/ {
      id: 'domainConfig.command.section.domainPerformance',
      message: 'the compression and POST size',
    },
  },
  {
    normalize: (content) => ({
      ...content,
      compression: content.compression.enabled ? content.compression : performanceDefaults.compression,
    }),
  },
);

const urlAuthDefaults = defaultsOf('domainUrlAuth');
export const urlAuthSet = sectionCommand(
  'domainUrlAuth.set',
  'domainUrlAuth',
  {
    path: '/v3/domain/url-auth/update',
    summary:
      'Set the URL authentication of a domain: type A, B or C, keys of 6–40 letters and digits, lifetime.',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainUrlAuth.set', message: 'Changed the URL authentication' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainUrlAuth', message: 'the URL authentication' },
  },
  { normalize: (content) => (content.enabled ? content : urlAuthDefaults) },
);

export const speedLimitSet = sectionCommand(
  'domainSpeedLimit.set',
  'domainSpeedLimit',
  {
    path: '/v3/domain/speed-limit/update',
    summary: 'Set the speed limit rules of a domain (at most 100).',
  },
  {
    label: /*i18n*/ { id: 'auditLog.action.domainSpeedLimit.set', message: 'Changed the speed limit' },
    section: /*i18n*/ { id: 'domainConfig.command.section.domainSpeedLimit', message: 'the speed limit' },
  },
);
