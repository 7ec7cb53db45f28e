import { z } from 'zod';
import { entityId } from './domain';
import { domainStatuses } from './rules/domain';
import { certLevels, certStatuses, certTypes, expiryFilters } from './rules/cert';
import { text } from './text';

/** spec §3 Certificate, §9: what one account may keep. */
export const certLimits = {
  /** Certificates per account. */
  perAccount: 2000,
  nameMax: 64,
  /** The PEM texts of one upload (a certificate with its chain, a key). */
  pemMax: 64 * 1024,
  passwordMax: 128,
} as const;

/** A domain that uses a certificate (its HTTPS section names it). */
export const certDomain = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(domainStatuses),
});
export type CertDomain = z.infer<typeof certDomain>;

/** One certificate as every call answers it: never its private key. */
export const certEntry = z.object({
  id: z.string(),
  name: z.string(),
  cn: z.string(),
  sans: z.array(z.string()),
  /** The CN and the SANs, once each, lower case. */
  names: z.array(z.string()),
  wildcard: z.boolean(),
  issuer: z.string(),
  /** spec §3 encryption algorithm. */
  algorithm: z.enum(['RSA', 'ECDSA']),
  /** spec §3 type: what it covers, one name, several, or a wildcard (`certTypeOf`). */
  type: z.enum(certTypes),
  /** spec §3 level: the validation its policies name; '' when they name none (a private CA's). */
  level: z.enum(certLevels),
  key_size: z.number().int(),
  not_before: z.string(),
  not_after: z.string(),
  /** False when the chain did not link and the upload was forced. */
  chain_verified: z.boolean(),
  /** The state of spec §4 when the answer was made (`certStatus`). */
  status: z.enum(certStatuses),
  domains: z.array(certDomain),
  created_by: z.string(),
  created_at: z.string(),
});
export type CertEntry = z.infer<typeof certEntry>;

export const certListQuery = z.object({
  keyword: text().trim().max(100).optional(),
  expiry: z.enum(expiryFilters).optional(),
});
/** Every certificate of the account (at most `certLimits.perAccount`), newest first. */
export const certListResult = z.object({ lists: z.array(certEntry), total: z.number().int() });

export const certDetailQuery = z.object({ id: entityId });
/** A certificate with its chain in PEM (public parts only). */
export const certDetail = certEntry.extend({
  chain: z.array(z.object({ subject: z.string(), issuer: z.string(), not_after: z.string() })),
  serial: z.string(),
  fingerprint256: z.string(),
});

export const certUploadBody = z.object({
  name: text().trim().min(1, 'cert.name.required').max(certLimits.nameMax, 'cert.name.tooLong'),
  /** The certificate and its chain, PEM, leaf first. */
  certificate: text('multiline').max(certLimits.pemMax, 'cert.upload.tooLarge'),
  key: text('multiline').max(certLimits.pemMax, 'cert.upload.tooLarge'),
  /** The password of an encrypted private key; '' for none. */
  password: text().max(certLimits.passwordMax).default(''),
  /** Accept a chain that does not link (spec §5 force-submit). */
  force: z.boolean().default(false),
});
export type CertUploadBody = z.input<typeof certUploadBody>;
export const certUploadResult = z.object({ cert: certEntry, warnings: z.array(z.string()) });

export const certDeleteBody = z.object({ id: entityId });
export const certDeleteResult = z.object({ id: z.string() });

/** The calendar feed of the account's expiries: its address is shown once, when it is made. */
export const certFeedResult = z.object({
  enabled: z.boolean(),
  /** The address with its secret: only in the answer that made it. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export const certFeedBody = z.object({ action: z.enum(['create', 'revoke']) });
