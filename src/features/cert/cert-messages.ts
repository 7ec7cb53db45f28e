import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CertLevel, CertType, ExpiryFilter, CertStatus } from '../../contract/rules/cert';

/**
 * The texts of the certificates' message ids (the server's upload checks, the association rules):
 * the server answers them from this catalog too (spec §8 gives the upload messages).
 */
export const certRuleMessages: Record<string, MessageDescriptor> = {
  'cert.required': msg({ id: 'cert.required', message: 'Paste or choose the certificate' }),
  'cert.keyRequired': msg({ id: 'cert.keyRequired', message: 'Paste or choose the private key' }),
  'cert.passwordRequired': msg({
    id: 'cert.passwordRequired',
    message: 'The private key is encrypted: enter its key password',
  }),
  'cert.passwordWrong': msg({ id: 'cert.passwordWrong', message: 'The key password is wrong' }),
  'cert.invalid': msg({ id: 'cert.invalid', message: 'This is not a PEM certificate' }),
  'cert.keyInvalid': msg({ id: 'cert.keyInvalid', message: 'This is not a PEM private key' }),
  'cert.incomplete': msg({ id: 'cert.incomplete', message: 'Certificate incomplete, upload failed.' }),
  'cert.keyMismatch': msg({
    id: 'cert.keyMismatch',
    message: 'The private key does not belong to this certificate',
  }),
  'cert.chainInconsistent': msg({
    id: 'cert.chainInconsistent',
    message: 'Certificate chain inconsistent: the certificates do not link from the leaf to its issuers.',
  }),
  'cert.sm2': msg({
    id: 'cert.sm2',
    message: 'National-crypto (SM2) certificates are not accepted. Upload an RSA or ECDSA certificate.',
  }),
  'cert.algorithm': msg({ id: 'cert.algorithm', message: 'Only RSA and ECDSA certificates are accepted' }),
  'cert.keyTooCostly': msg({
    id: 'cert.keyTooCostly',
    message:
      'The private key is encrypted with more than 1,000,000 rounds. Export it again with your tool’s default settings, or without a password.',
  }),
  'cert.notYetValid': msg({ id: 'cert.notYetValid', message: 'The certificate is not valid yet' }),
  'cert.upload.tooLarge': msg({
    id: 'cert.upload.tooLarge',
    message: 'The text is too long (at most 64 KB)',
  }),
  'cert.name.required': msg({ id: 'cert.name.required', message: 'Enter a name' }),
  'cert.name.tooLong': msg({ id: 'cert.name.tooLong', message: 'The name can have at most 64 characters' }),
  'cert.name.taken': msg({ id: 'cert.name.taken', message: 'A certificate with this name exists' }),
  'cert.limit': msg({
    id: 'cert.limit',
    message: 'An account can keep at most {max, plural, one {# certificate} other {# certificates}}',
  }),
  'cert.notFound': msg({ id: 'cert.notFound', message: 'The certificate does not exist' }),
  'cert.expiredAssociate': msg({
    id: 'cert.expiredAssociate',
    message: 'Certificates that have expired cannot be associated.',
  }),
  'cert.domainNotFound': msg({ id: 'cert.domainNotFound', message: 'Associated domain not found.' }),
  'cert.inUse': msg({
    id: 'cert.inUse',
    message:
      'The certificate is used by {count, plural, one {# domain} other {# domains}}. Turn HTTPS off for them or associate another certificate first.',
  }),
  'cert.uploaded': msg({ id: 'cert.uploaded', message: 'Certificate uploaded.' }),
  'cert.deleted': msg({ id: 'cert.deleted', message: 'Certificate deleted.' }),
  'cert.associated': msg({ id: 'cert.associated', message: 'Certificate associated.' }),
  'cert.httpsOff': msg({ id: 'cert.httpsOff', message: 'HTTPS turned off.' }),
  'cert.feed.created': msg({ id: 'cert.feed.created', message: 'Calendar address created.' }),
  'cert.feed.revoked': msg({ id: 'cert.feed.revoked', message: 'Calendar address revoked.' }),
};

/** spec §4 certificate states. */
export const statusLabels: Record<CertStatus, MessageDescriptor> = {
  expired: msg({ id: 'cert.status.expired', message: 'Expired' }),
  pendingAudit: msg({ id: 'cert.status.pendingAudit', message: 'Pending audit' }),
  notAssociated: msg({ id: 'cert.status.notAssociated', message: 'Not associated' }),
  inService: msg({ id: 'cert.status.inService', message: 'In service' }),
  domainSuspended: msg({ id: 'cert.status.domainSuspended', message: 'Domain suspended' }),
};

/** spec §3 certificate type: what it covers. */
export const typeLabels: Record<CertType, MessageDescriptor> = {
  single: msg({ id: 'cert.type.single', message: 'Single domain' }),
  multiple: msg({ id: 'cert.type.multiple', message: 'Multiple domains' }),
  wildcard: msg({ id: 'cert.type.wildcard', message: 'Wildcard' }),
};

/** spec §3 certificate level: the validation its authority did. */
export const levelLabels: Record<Exclude<CertLevel, ''>, MessageDescriptor> = {
  DV: msg({ id: 'cert.level.dv', message: 'DV (domain validated)' }),
  OV: msg({ id: 'cert.level.ov', message: 'OV (organization validated)' }),
  EV: msg({ id: 'cert.level.ev', message: 'EV (extended validation)' }),
};

export const tagLabels = {
  valid: msg({ id: 'cert.tag.valid', message: 'Valid' }),
  verified: msg({ id: 'cert.tag.verified', message: 'Verified' }),
};

/** spec §4 expiry filter. */
export const expiryLabels: Record<ExpiryFilter, MessageDescriptor> = {
  expired: msg({ id: 'cert.expiry.expired', message: 'Expired' }),
  in7: msg({ id: 'cert.expiry.in7', message: 'Expires within 7 days' }),
  in30: msg({ id: 'cert.expiry.in30', message: 'Expires within 30 days' }),
  unexpired: msg({ id: 'cert.expiry.unexpired', message: 'Unexpired' }),
};

/** The text of a message id (rules, server answers), or `fallback`. */
export function certMessage(id: string, fallback: MessageDescriptor): MessageDescriptor {
  return certRuleMessages[id] ?? fallback;
}
