import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { dictionary, type Language } from '../../src/contract';
import type { DomainAction } from '../../src/contract/rules/domain';
import { catalogText, catalogs } from './catalog';

/**
 * The texts only the server sends (envelope `msg` values, the portal pages), in English; the
 * extraction puts them in the `server` part of the catalogs, where their Chinese is. The server
 * says them from the catalogs, as it says the console's own ids.
 */
export const messages = {
  'common.ok': /*i18n*/ { id: 'common.ok', message: 'Success' },
  'common.invalid': /*i18n*/ {
    id: 'common.invalid',
    message: 'The request is invalid. Please check and try again.',
  },
  'common.rateLimited': /*i18n*/ {
    id: 'common.rateLimited',
    message: 'Too many requests. Please wait {seconds} s and try again.',
  },
  'common.jsonOnly': /*i18n*/ {
    id: 'common.jsonOnly',
    message: 'The request body must be JSON (Content-Type: application/json).',
  },
  'common.notFound': /*i18n*/ { id: 'common.notFound', message: 'The requested resource does not exist.' },
  'common.internal': /*i18n*/ {
    id: 'common.internal',
    message: 'The server is busy. Please try again later.',
  },
  'traffic.domain.notFound': /*i18n*/ {
    id: 'traffic.domain.notFound',
    message: 'A chosen domain does not exist or is not of this account.',
  },
  'traffic.granularity.tooFine': /*i18n*/ {
    id: 'traffic.granularity.tooFine',
    message: 'The range is too long for this granularity. Please choose a coarser one.',
  },
  'traffic.granularity.geo': /*i18n*/ {
    id: 'traffic.granularity.geo',
    message: 'Region and carrier filters need a granularity of 1 hour or 1 day.',
  },
  'report.topUrlType.disabled': /*i18n*/ {
    id: 'report.topUrlType.disabled',
    message: 'Ranking the top URLs by traffic is not enabled for this account.',
  },
  'edge.keyInvalid': /*i18n*/ { id: 'edge.keyInvalid', message: 'The edge key is invalid.' },
  'edge.body.invalid': /*i18n*/ {
    id: 'edge.body.invalid',
    message: 'Logs must be JSON Lines text (application/x-ndjson), optionally gzip-compressed.',
  },
  'edge.batch.invalid': /*i18n*/ {
    id: 'edge.batch.invalid',
    message: 'The batch id (X-Edge-Batch) must be 1 to 200 letters, digits or . _ : -',
  },
  'edge.body.tooLarge': /*i18n*/ {
    id: 'edge.body.tooLarge',
    message:
      'The logs are too large: at most {max_mb} MB per call once decompressed, compressed at most {ratio}:1. Send them in smaller batches.',
  },
  'common.forbidden': /*i18n*/ {
    id: 'common.forbidden',
    message: 'You do not have permission to use this function.',
  },
  'common.crossSite': /*i18n*/ {
    id: 'common.crossSite',
    message: 'This request came from another website and was refused. Please try again from this site.',
  },
  'common.serviceClosed': /*i18n*/ {
    id: 'common.serviceClosed',
    message: 'Please open the CDN service first.',
  },
  'auth.signInRequired': /*i18n*/ { id: 'auth.signInRequired', message: 'Please sign in first.' },
  'auth.reauthRequired': /*i18n*/ {
    id: 'auth.reauthRequired',
    message: 'For your account’s safety, confirm your password first.',
  },
  'auth.passwordConfirmed': /*i18n*/ { id: 'auth.passwordConfirmed', message: 'Password confirmed.' },
  'auth.signInExpired': /*i18n*/ {
    id: 'auth.signInExpired',
    message: 'Your sign-in has expired. Please sign in again.',
  },
  'identity.tokenInvalid': /*i18n*/ {
    id: 'identity.tokenInvalid',
    message: 'Your sign-in has expired. Please sign in again.',
  },
  'identity.codeInvalid': /*i18n*/ {
    id: 'identity.codeInvalid',
    message: 'The sign-in code is invalid or has expired. Please sign in again.',
  },
  'identity.serviceNotOpen': /*i18n*/ {
    id: 'identity.serviceNotOpen',
    message: 'You have not opened the CDN service yet.',
  },
  'identity.signedOut': /*i18n*/ { id: 'identity.signedOut', message: 'You have signed out.' },
  'customer.accountBoundary': /*i18n*/ {
    id: 'customer.accountBoundary',
    message: 'You may not view this account.',
  },
  'user.created': /*i18n*/ { id: 'user.created', message: 'Sub-account created.' },
  'token.delete.confirmMismatch': /*i18n*/ {
    id: 'token.delete.confirmMismatch',
    message: 'To delete the token, type its user name: {name}.',
  },
  'token.limit': /*i18n*/ {
    id: 'token.limit',
    message:
      '{max, plural, one {Only supports the creation of up to # token. If you need to create a new token, please delete the unnecessary tokens first.} other {Only supports the creation of up to # tokens. If you need to create a new token, please delete the unnecessary tokens first.}}',
  },
  'token.readOnly': /*i18n*/ {
    id: 'token.readOnly',
    message: 'This token is read-only: it cannot make changes.',
  },
  'token.addressRefused': /*i18n*/ {
    id: 'token.addressRefused',
    message: 'This token may not be used from this address.',
  },
  'token.notForThisCall': /*i18n*/ {
    id: 'token.notForThisCall',
    message: 'Tokens cannot manage users, tokens or account security, nor switch accounts.',
  },
  'user.updated': /*i18n*/ { id: 'user.updated', message: 'Sub-account saved.' },
  'user.deleted': /*i18n*/ { id: 'user.deleted', message: 'Sub-account deleted.' },
  'user.passwordReset': /*i18n*/ {
    id: 'user.passwordReset',
    message: 'Password reset. The sub-account must sign in again.',
  },
  'user.authUpdated': /*i18n*/ { id: 'user.authUpdated', message: 'Permissions saved.' },
  'user.limit': /*i18n*/ {
    id: 'user.limit',
    message:
      '{max, plural, one {Up to # sub-account can be created. To create a new one, please delete an unneeded sub-account first.} other {Up to # sub-accounts can be created. To create a new one, please delete an unneeded sub-account first.}}',
  },
  'user.login.taken': /*i18n*/ { id: 'user.login.taken', message: 'The login {login} is already taken.' },
  'user.grant.owner': /*i18n*/ {
    id: 'user.grant.owner',
    message: 'Owners can only be the main account and its sub-accounts.',
  },
  'user.password.tooMany': /*i18n*/ {
    id: 'user.password.tooMany',
    message: 'Too many incorrect attempts. Please try again in {minutes} min.',
  },
  'user.twoFactor.setupFirst': /*i18n*/ {
    id: 'user.twoFactor.setupFirst',
    message: 'Start the setup first and add the key to your authenticator app.',
  },
  'user.twoFactor.alreadyOn': /*i18n*/ {
    id: 'user.twoFactor.alreadyOn',
    message: 'Two-factor authentication is already on.',
  },
  'user.twoFactor.notOn': /*i18n*/ {
    id: 'user.twoFactor.notOn',
    message: 'Two-factor authentication is not on.',
  },
  'account.realName.locked': /*i18n*/ {
    id: 'account.realName.locked',
    message: 'The account is real-name verified; the real name cannot be changed.',
  },
  'openService.realNameByHolder': /*i18n*/ {
    id: 'openService.realNameByHolder',
    message:
      'This customer account is not real-name verified yet. Its holder must sign in and complete the real-name authentication before the service can be opened.',
  },
  'openService.realNameRequired': /*i18n*/ {
    id: 'openService.realNameRequired',
    message: 'Your account is not real-name verified. Verify now?',
  },
  'openService.submitted': /*i18n*/ {
    id: 'openService.submitted',
    message: 'Your application has been submitted, please wait patiently for review',
  },
  'openService.opened': /*i18n*/ { id: 'openService.opened', message: 'Service opened successfully!' },
  'openService.alreadyOpen': /*i18n*/ {
    id: 'openService.alreadyOpen',
    message: 'The CDN service is already open.',
  },
  'openService.mainAccountOnly': /*i18n*/ {
    id: 'openService.mainAccountOnly',
    message: 'Only a main account can apply to open the CDN service. Please ask the main account.',
  },
  'openService.area.unsupported': /*i18n*/ {
    id: 'openService.area.unsupported',
    message: 'This acceleration area is not supported yet.',
  },
  'ticket.created': /*i18n*/ {
    id: 'ticket.created',
    message: 'Ticket submitted. We will reply as soon as possible.',
  },
  'ticket.replied': /*i18n*/ { id: 'ticket.replied', message: 'Reply sent.' },
  'ticket.closedNow': /*i18n*/ { id: 'ticket.closedNow', message: 'Ticket closed.' },
  'ticket.notFound': /*i18n*/ {
    id: 'ticket.notFound',
    message: 'The ticket does not exist, or you may not view it.',
  },
  'ticket.closed': /*i18n*/ {
    id: 'ticket.closed',
    message: 'This ticket is closed and takes no more replies. If the problem remains, submit a new ticket.',
  },
  'ticket.limit': /*i18n*/ {
    id: 'ticket.limit',
    message:
      '{max, plural, one {At most # ticket can be in progress at a time. Close the ones that are solved first.} other {At most # tickets can be in progress at a time. Close the ones that are solved first.}}',
  },
  'ticket.dailyLimit': /*i18n*/ {
    id: 'ticket.dailyLimit',
    message:
      '{max, plural, one {An account can submit at most # ticket in 24 hours. Please try again later.} other {An account can submit at most # tickets in 24 hours. Please try again later.}}',
  },
  'ticket.messagesLimit': /*i18n*/ {
    id: 'ticket.messagesLimit',
    message:
      '{max, plural, one {This ticket has reached # message. Submit a new ticket to go on.} other {This ticket has reached # messages. Submit a new ticket to go on.}}',
  },
  'feedback.submitted': /*i18n*/ { id: 'feedback.submitted', message: 'Thank you for your feedback.' },
  'feedback.uploaded': /*i18n*/ { id: 'feedback.uploaded', message: 'Picture uploaded.' },
  'feedback.images.unsafe': /*i18n*/ {
    id: 'feedback.images.unsafe',
    message: 'This picture carries a script or another file and cannot be uploaded.',
  },
  'feedback.images.rateLimited': /*i18n*/ {
    id: 'feedback.images.rateLimited',
    message: 'You are uploading too often. Please try again shortly.',
  },
  'feedback.images.quota': /*i18n*/ {
    id: 'feedback.images.quota',
    message:
      'You can upload at most 100 MB of pictures in 24 hours, and have reached it. Please try again later.',
  },
  'feedback.images.required': /*i18n*/ {
    id: 'feedback.images.required',
    message: 'Please choose a picture to upload.',
  },
  'feedback.images.pending': /*i18n*/ {
    id: 'feedback.images.pending',
    message: 'Too many pictures waiting to be submitted; submit or remove some first.',
  },
  'feedback.images.invalid': /*i18n*/ {
    id: 'feedback.images.invalid',
    message: 'A picture was not found or is already used. Please upload it again.',
  },
  'ipBan.banned': /*i18n*/ { id: 'ipBan.banned', message: 'Banned.' },
  'ipBan.updated': /*i18n*/ { id: 'ipBan.updated', message: 'The ban was updated.' },
  'ipBan.unbanned': /*i18n*/ { id: 'ipBan.unbanned', message: 'Unbanned.' },
  // Refresh and prefetch (spec §5, §8, §9).
  'content.submitted': /*i18n*/ { id: 'content.submitted', message: 'Submitted.' },
  'content.retried': /*i18n*/ { id: 'content.retried', message: 'The failed URLs were submitted again.' },
  'content.task.exists': /*i18n*/ { id: 'content.task.exists', message: 'This task was already submitted' },
  'content.task.notFound': /*i18n*/ { id: 'content.task.notFound', message: 'The task does not exist' },
  'content.retry.unfinished': /*i18n*/ {
    id: 'content.retry.unfinished',
    message: 'The task has not finished yet. Try again later.',
  },
  'content.retry.nothingFailed': /*i18n*/ {
    id: 'content.retry.nothingFailed',
    message: 'The task has no failed URLs',
  },
  'package.size': /*i18n*/ { id: 'package.size', message: 'Give the size as 500GB, 2TB or 1.5PB' },
  'package.billing.typeOfMode': /*i18n*/ {
    id: 'package.billing.typeOfMode',
    message: 'This billing type does not belong to the chosen billing mode',
  },
  // IP check (spec §5, §9).
  'alarm.policy.rules.tooMany': /*i18n*/ {
    id: 'alarm.policy.rules.tooMany',
    message: '{max, plural, one {At most # rule} other {At most # rules}}',
  },
  'alarm.policy.templates.tooMany': /*i18n*/ {
    id: 'alarm.policy.templates.tooMany',
    message: '{max, plural, one {At most # notification template} other {At most # notification templates}}',
  },
  'alarm.policy.nameTaken': /*i18n*/ {
    id: 'alarm.policy.nameTaken',
    message: 'An alarm policy of this name exists',
  },
  'alarm.template.nameTaken': /*i18n*/ {
    id: 'alarm.template.nameTaken',
    message: 'A notification template of this name exists',
  },
  'alarm.group.nameTaken': /*i18n*/ {
    id: 'alarm.group.nameTaken',
    message: 'A contact group of this name exists',
  },
  'alarm.policy.limit': /*i18n*/ {
    id: 'alarm.policy.limit',
    message: '{max, plural, one {At most # alarm policy} other {At most # alarm policies}}',
  },
  'alarm.template.limit': /*i18n*/ {
    id: 'alarm.template.limit',
    message: '{max, plural, one {At most # notification template} other {At most # notification templates}}',
  },
  'alarm.contact.limit': /*i18n*/ {
    id: 'alarm.contact.limit',
    message: '{max, plural, one {At most # contact} other {At most # contacts}}',
  },
  'alarm.group.limit': /*i18n*/ {
    id: 'alarm.group.limit',
    message: '{max, plural, one {At most # contact group} other {At most # contact groups}}',
  },
  'alarm.template.inUse': /*i18n*/ {
    id: 'alarm.template.inUse',
    message: 'The alarm policy "{name}" uses this template: change the policy first',
  },
  'alarm.contact.inUse': /*i18n*/ {
    id: 'alarm.contact.inUse',
    message: '"{name}" names this contact: remove it there first',
  },
  'alarm.group.inUse': /*i18n*/ {
    id: 'alarm.group.inUse',
    message: 'The notification template "{name}" uses this group: change the template first',
  },
  'alarm.policy.notFound': /*i18n*/ {
    id: 'alarm.policy.notFound',
    message: 'The alarm policy does not exist or was deleted',
  },
  'alarm.template.notFound': /*i18n*/ {
    id: 'alarm.template.notFound',
    message: 'The notification template does not exist or was deleted',
  },
  'alarm.contact.notFound': /*i18n*/ {
    id: 'alarm.contact.notFound',
    message: 'The contact does not exist or was deleted',
  },
  'alarm.group.notFound': /*i18n*/ {
    id: 'alarm.group.notFound',
    message: 'The contact group does not exist or was deleted',
  },
  'alarm.ref.missing': /*i18n*/ {
    id: 'alarm.ref.missing',
    message: 'Something chosen does not exist any more or was deleted: choose again',
  },
  'alarm.policy.saved': /*i18n*/ { id: 'alarm.policy.saved', message: 'The alarm policy was saved' },
  'alarm.policy.deleted': /*i18n*/ { id: 'alarm.policy.deleted', message: 'The alarm policy was deleted' },
  'alarm.template.saved': /*i18n*/ {
    id: 'alarm.template.saved',
    message: 'The notification template was saved',
  },
  'alarm.template.deleted': /*i18n*/ {
    id: 'alarm.template.deleted',
    message: 'The notification template was deleted',
  },
  'alarm.contact.saved': /*i18n*/ { id: 'alarm.contact.saved', message: 'The contact was saved' },
  'alarm.contact.deleted': /*i18n*/ { id: 'alarm.contact.deleted', message: 'The contact was deleted' },
  'alarm.group.saved': /*i18n*/ { id: 'alarm.group.saved', message: 'The contact group was saved' },
  'alarm.group.deleted': /*i18n*/ { id: 'alarm.group.deleted', message: 'The contact group was deleted' },
  'alarm.key.rotated': /*i18n*/ {
    id: 'alarm.key.rotated',
    message: 'The signing key was replaced: callbacks are signed with the new key from now on',
  },
  'alarm.notify.account': /*i18n*/ { id: 'alarm.notify.account', message: 'the whole account' },
  'alarm.notify.subject.alarm': /*i18n*/ {
    id: 'alarm.notify.subject.alarm',
    message: '[CDN Console] Alarm: {policy} on {object}',
  },
  'alarm.notify.subject.restore': /*i18n*/ {
    id: 'alarm.notify.subject.restore',
    message: '[CDN Console] Restored: {policy} on {object}',
  },
  'alarm.notify.body.alarm': /*i18n*/ {
    id: 'alarm.notify.body.alarm',
    message: 'The alarm policy "{policy}" raised an alarm on {object}:',
  },
  'alarm.notify.body.restore': /*i18n*/ {
    id: 'alarm.notify.body.restore',
    message: 'The alarm of the policy "{policy}" on {object} is restored.',
  },
  'alarm.indicator.bandwidth': /*i18n*/ { id: 'alarm.indicator.bandwidth', message: 'Bandwidth (Mbps)' },
  'alarm.indicator.flow': /*i18n*/ { id: 'alarm.indicator.flow', message: 'Traffic (MB)' },
  'alarm.indicator.requests': /*i18n*/ { id: 'alarm.indicator.requests', message: 'Requests' },
  'alarm.indicator.status4xxRate': /*i18n*/ { id: 'alarm.indicator.status4xxRate', message: '4xx rate (%)' },
  'alarm.indicator.status5xxRate': /*i18n*/ { id: 'alarm.indicator.status5xxRate', message: '5xx rate (%)' },
  'alarm.indicator.hitRate': /*i18n*/ { id: 'alarm.indicator.hitRate', message: 'Hit rate (%)' },
  'alarm.indicator.responseTime': /*i18n*/ {
    id: 'alarm.indicator.responseTime',
    message: 'Average response time (ms)',
  },
  'fileSync.name.required': /*i18n*/ { id: 'fileSync.name.required', message: 'Choose a file to upload' },
  'fileSync.name.tooLong': /*i18n*/ {
    id: 'fileSync.name.tooLong',
    message:
      '{max, plural, one {The file name is too long: at most # character} other {The file name is too long: at most # characters}}',
  },
  'fileSync.name.invalid': /*i18n*/ {
    id: 'fileSync.name.invalid',
    message: 'A file name cannot hold / or \\, nor be . or ..',
  },
  'fileSync.name.exists': /*i18n*/ {
    id: 'fileSync.name.exists',
    message: 'A file of this name is already stored or being uploaded: delete it or resume that task first',
  },
  'fileSync.size.invalid': /*i18n*/ { id: 'fileSync.size.invalid', message: 'The file size is invalid' },
  'fileSync.size.empty': /*i18n*/ { id: 'fileSync.size.empty', message: 'An empty file cannot be uploaded' },
  'fileSync.size.tooLarge': /*i18n*/ { id: 'fileSync.size.tooLarge', message: 'A file can be at most 20 GB' },
  'fileSync.md5.invalid': /*i18n*/ {
    id: 'fileSync.md5.invalid',
    message: 'The MD5 must be 32 hexadecimal characters',
  },
  'fileSync.task.notFound': /*i18n*/ {
    id: 'fileSync.task.notFound',
    message: 'The task does not exist or was deleted',
  },
  'fileSync.task.idTaken': /*i18n*/ {
    id: 'fileSync.task.idTaken',
    message: 'The task id is used by another task',
  },
  'fileSync.task.notUploading': /*i18n*/ {
    id: 'fileSync.task.notUploading',
    message: 'This task is no longer uploading',
  },
  'fileSync.task.verifying': /*i18n*/ {
    id: 'fileSync.task.verifying',
    message: 'The file is having its MD5 checked: please try again shortly',
  },
  'fileSync.unfinished.limit': /*i18n*/ {
    id: 'fileSync.unfinished.limit',
    message:
      '{max, plural, one {At most # upload can be under way: finish or cancel one first} other {At most # uploads can be under way: finish or cancel one first}}',
  },
  'fileSync.storage.full': /*i18n*/ {
    id: 'fileSync.storage.full',
    message: 'Not enough storage: an account stores at most {max}. Delete files you no longer need first.',
  },
  'fileSync.disk.full': /*i18n*/ {
    id: 'fileSync.disk.full',
    message:
      'The server is short of storage space right now: try again later or contact your account manager',
  },
  'fileSync.chunk.offset': /*i18n*/ {
    id: 'fileSync.chunk.offset',
    message: 'The chunk is not where the upload stands on the server: it continues from the bytes received',
  },
  'fileSync.chunk.empty': /*i18n*/ { id: 'fileSync.chunk.empty', message: 'A chunk cannot be empty' },
  'fileSync.chunk.beyond': /*i18n*/ {
    id: 'fileSync.chunk.beyond',
    message: 'The chunk goes past the end of the file',
  },
  'fileSync.chunk.contentType': /*i18n*/ {
    id: 'fileSync.chunk.contentType',
    message: 'A chunk is sent as application/octet-stream',
  },
  'ipCheck.tooFrequent': /*i18n*/ {
    id: 'ipCheck.tooFrequent',
    message:
      '{seconds, plural, one {Too many queries: try again in # second} other {Too many queries: try again in # seconds}}',
  },
  'ipBan.rule.notBanned': /*i18n*/ {
    id: 'ipBan.rule.notBanned',
    message: 'This IP or range is not banned (it was unbanned or its ban has expired)',
  },
  'sync.versionConflict': /*i18n*/ {
    id: 'sync.versionConflict',
    message: 'This was changed on the server meanwhile, and your change conflicts with it.',
  },
  'sync.inFlight': /*i18n*/ {
    id: 'sync.inFlight',
    message: 'This change is being applied right now. Please try again shortly.',
  },
  'sync.held': /*i18n*/ {
    id: 'sync.held',
    message: 'Not applied, because an earlier change to the same item was not applied.',
  },
  'sync.keyReused': /*i18n*/ {
    id: 'sync.keyReused',
    message: 'This idempotency key was already used for a different request.',
  },
  'sync.keyRequired': /*i18n*/ {
    id: 'sync.keyRequired',
    message: 'Send a valid Idempotency-Key header (8–100 letters, digits or _.:- characters).',
  },
  'sync.actorMismatch': /*i18n*/ {
    id: 'sync.actorMismatch',
    message:
      'These changes were made while another account was signed in. Sign in with that account to send them.',
  },
  'sync.unknownCommand': /*i18n*/ {
    id: 'sync.unknownCommand',
    message: 'This operation is not supported. Reload the page and try again.',
  },
  'sync.aggregateMismatch': /*i18n*/ {
    id: 'sync.aggregateMismatch',
    message: 'The item of the change does not match its content.',
  },
  'domain.created': /*i18n*/ { id: 'domain.created', message: 'Domain added.' },
  'domain.copied': /*i18n*/ { id: 'domain.copied', message: 'Configuration copied.' },
  'domain.hungUp': /*i18n*/ { id: 'domain.hungUp', message: 'Domain suspended.' },
  'domain.recovered': /*i18n*/ { id: 'domain.recovered', message: 'Domain resumed.' },
  'domain.deleted': /*i18n*/ { id: 'domain.deleted', message: 'Domain deleted.' },
  'domain.renamed': /*i18n*/ { id: 'domain.renamed', message: 'Domain renamed.' },
  'domain.moved': /*i18n*/ { id: 'domain.moved', message: 'Group changed.' },
  'domain.group.created': /*i18n*/ { id: 'domain.group.created', message: 'Group created.' },
  'domain.group.renamed': /*i18n*/ { id: 'domain.group.renamed', message: 'Group renamed.' },
  'domain.group.deleted': /*i18n*/ { id: 'domain.group.deleted', message: 'Group deleted.' },
  'domain.origin.notPublic': /*i18n*/ {
    id: 'domain.origin.notPublic',
    message: 'The origin cannot be a private, loopback or reserved address',
  },
  'domain.group.notFound': /*i18n*/ {
    id: 'domain.group.notFound',
    message: 'The group does not exist or was deleted',
  },
  'domain.limit': /*i18n*/ {
    id: 'domain.limit',
    message:
      '{max, plural, one {An account holds at most # domain. To add more, please contact your account manager.} other {An account holds at most # domains. To add more, please contact your account manager.}}',
  },
  'domain.rule.exists': /*i18n*/ { id: 'domain.rule.exists', message: 'This domain was already created' },
  'domain.rule.notFound': /*i18n*/ {
    id: 'domain.rule.notFound',
    message: 'The domain does not exist or was deleted',
  },
  'domain.rule.invalidTransition': /*i18n*/ {
    id: 'domain.rule.invalidTransition',
    message: 'The domain is “{status}” and cannot be {action}',
  },
  'operator.approved': /*i18n*/ { id: 'operator.approved', message: 'Application approved.' },
  'operator.unknownLogin': /*i18n*/ { id: 'operator.unknownLogin', message: 'No such account.' },
  'operator.nothingPending': /*i18n*/ {
    id: 'operator.nothingPending',
    message: 'This account has no application awaiting review.',
  },
  'operator.keyInvalid': /*i18n*/ { id: 'operator.keyInvalid', message: 'The operator key is invalid.' },
  'operator.unknownDomain': /*i18n*/ {
    id: 'operator.unknownDomain',
    message: 'No such domain (or it was deleted).',
  },
  'operator.specialConfigSet': /*i18n*/ {
    id: 'operator.specialConfigSet',
    message: 'Special configuration updated.',
  },
  // Portal pages (the built-in identity provider).
  'portal.title': /*i18n*/ { id: 'portal.title', message: 'CDN Console' },
  'portal.login.heading': /*i18n*/ { id: 'portal.login.heading', message: 'Sign in' },
  'portal.canvas.heading': /*i18n*/ { id: 'portal.canvas.heading', message: 'Canvas sign-in' },
  'portal.login.username': /*i18n*/ { id: 'portal.login.username', message: 'Username' },
  'portal.login.password': /*i18n*/ { id: 'portal.login.password', message: 'Password' },
  'portal.login.submit': /*i18n*/ { id: 'portal.login.submit', message: 'Sign in' },
  'portal.login.failed': /*i18n*/ { id: 'portal.login.failed', message: 'Incorrect username or password.' },
  'portal.login.tooMany': /*i18n*/ {
    id: 'portal.login.tooMany',
    message: 'Too many failed sign-ins. Please try again in {minutes} min.',
  },
  'portal.login.useCanvas': /*i18n*/ {
    id: 'portal.login.useCanvas',
    message: 'This is a Canvas account. Please use the Canvas sign-in.',
  },
  'portal.login.usePortal': /*i18n*/ {
    id: 'portal.login.usePortal',
    message: 'This is not a Canvas account. Please use the portal sign-in.',
  },
  'portal.login.goCanvas': /*i18n*/ { id: 'portal.login.goCanvas', message: 'Go to the Canvas sign-in' },
  'portal.login.goPortal': /*i18n*/ { id: 'portal.login.goPortal', message: 'Go to the portal sign-in' },
  'portal.twoFactor.heading': /*i18n*/ {
    id: 'portal.twoFactor.heading',
    message: 'Two-factor authentication',
  },
  'portal.twoFactor.prompt': /*i18n*/ {
    id: 'portal.twoFactor.prompt',
    message:
      'Enter the 6-digit code of your authenticator app. Without it, enter one of your recovery codes.',
  },
  'portal.twoFactor.code': /*i18n*/ { id: 'portal.twoFactor.code', message: 'Code or recovery code' },
  'portal.twoFactor.submit': /*i18n*/ { id: 'portal.twoFactor.submit', message: 'Verify' },
  'portal.twoFactor.failed': /*i18n*/ {
    id: 'portal.twoFactor.failed',
    message:
      'The code is incorrect or was already used. {left, plural, one {# attempt is} other {# attempts are}} left.',
  },
  'portal.twoFactor.exhausted': /*i18n*/ {
    id: 'portal.twoFactor.exhausted',
    message: 'Too many incorrect codes. Please sign in again.',
  },
  'portal.twoFactor.expired': /*i18n*/ {
    id: 'portal.twoFactor.expired',
    message: 'This sign-in has expired. Please sign in again.',
  },
  'portal.twoFactor.back': /*i18n*/ { id: 'portal.twoFactor.back', message: 'Back to sign-in' },
  'portal.language.switch': /*i18n*/ { id: 'portal.language.switch', message: '中文' },
  'portal.logout.done': /*i18n*/ { id: 'portal.logout.done', message: 'You have signed out.' },
  'portal.logout.confirm': /*i18n*/ { id: 'portal.logout.confirm', message: 'Do you want to sign out?' },
  'portal.logout.submit': /*i18n*/ { id: 'portal.logout.submit', message: 'Sign out' },
  'portal.logout.again': /*i18n*/ { id: 'portal.logout.again', message: 'Sign in again' },
  'portal.realname.heading': /*i18n*/ { id: 'portal.realname.heading', message: 'Real-name authentication' },
  'portal.realname.name': /*i18n*/ { id: 'portal.realname.name', message: 'Real name' },
  'portal.realname.idCard': /*i18n*/ { id: 'portal.realname.idCard', message: 'ID card number' },
  'portal.realname.submit': /*i18n*/ { id: 'portal.realname.submit', message: 'Submit' },
  'portal.realname.nameRequired': /*i18n*/ {
    id: 'portal.realname.nameRequired',
    message: 'Please enter your real name.',
  },
  'portal.realname.idInvalid': /*i18n*/ {
    id: 'portal.realname.idInvalid',
    message: 'Please enter a valid 18-character ID card number.',
  },
  'portal.realname.done': /*i18n*/ {
    id: 'portal.realname.done',
    message: 'Real-name authentication complete.',
  },
  'portal.realname.already': /*i18n*/ {
    id: 'portal.realname.already',
    message: 'Your account is already real-name verified.',
  },
  'portal.realname.back': /*i18n*/ { id: 'portal.realname.back', message: 'Back to the console' },
  'portal.realname.signInFirst': /*i18n*/ {
    id: 'portal.realname.signInFirst',
    message: 'Please sign in before the real-name authentication.',
  },
  'portal.signIn': /*i18n*/ { id: 'portal.signIn', message: 'Sign in' },
  'portal.support.heading': /*i18n*/ { id: 'portal.support.heading', message: 'Help and support' },
  'portal.support.help': /*i18n*/ { id: 'portal.support.help', message: 'Help document' },
  'portal.support.helpText': /*i18n*/ {
    id: 'portal.support.helpText',
    message:
      'Before opening the CDN service, complete real-name authentication, then apply in the console. Once the application is approved, every function is available.',
  },
  'portal.support.helpDoc': /*i18n*/ { id: 'portal.support.helpDoc', message: 'Read the help document' },
  'portal.support.realName': /*i18n*/ {
    id: 'portal.support.realName',
    message: 'Go to real-name authentication',
  },
  'portal.support.tickets': /*i18n*/ { id: 'portal.support.tickets', message: 'Tickets' },
  'portal.support.ticketsText': /*i18n*/ {
    id: 'portal.support.ticketsText',
    message:
      'For a question on the console, a domain’s configuration or your account, submit a ticket; support replies in the ticket, and you can add to it until the problem is solved.',
  },
  'portal.support.submitTicket': /*i18n*/ { id: 'portal.support.submitTicket', message: 'Submit a ticket' },
  'portal.support.feedback': /*i18n*/ { id: 'portal.support.feedback', message: 'Feedback' },
  'portal.support.feedbackText': /*i18n*/ {
    id: 'portal.support.feedbackText',
    message: 'Suggestions are welcome; you can attach up to 5 screenshots.',
  },
  'portal.support.submit': /*i18n*/ { id: 'portal.support.submit', message: 'Submit feedback' },
  'common.path.nonCanonical': /*i18n*/ {
    id: 'common.path.nonCanonical',
    message: 'The request path is not in its canonical form.',
  },
} as const satisfies Record<string, { id: string; message: string }>;

export type MessageId = keyof typeof messages;

/**
 * The domain actions as `domain.rule.invalidTransition` names them: a verb in Chinese ("无法挂起"),
 * a past participle in English ("cannot be suspended").
 */
export const domainActionLabels = {
  hangUp: /*i18n*/ { id: 'domain.ruleAction.hangUp', message: 'suspended' },
  recover: /*i18n*/ { id: 'domain.ruleAction.recover', message: 'resumed' },
  delete: /*i18n*/ { id: 'domain.ruleAction.delete', message: 'deleted' },
  rename: /*i18n*/ { id: 'domain.ruleAction.rename', message: 'renamed' },
  move: /*i18n*/ { id: 'domain.ruleAction.move', message: 'moved to another group' },
  copy: /*i18n*/ { id: 'domain.ruleAction.copy', message: 'copied' },
  configure: /*i18n*/ { id: 'domain.ruleAction.configure', message: 'configured' },
} as const satisfies Record<DomainAction, { id: string; message: string }>;

/** A code's label in a language (undefined: the code is said as it is). */
type ValueLabel = (code: string, language: Language) => string | undefined;

/**
 * Placeholders whose values are codes, shown by their label in the language: the answer's `data`
 * keeps the code (`hung_up`), the text says "已挂起" or "Suspended".
 */
const valueLabels: Partial<Record<MessageId, Record<string, ValueLabel>>> = {
  'domain.rule.invalidTransition': {
    status: (code, language) => dictionary.domain_status?.[code]?.[language],
    action: (code, language) =>
      Object.hasOwn(domainActionLabels, code)
        ? catalogText(domainActionLabels[code as DomainAction].id, language)
        : undefined,
  },
};

export const isMessageId = (id: string): id is MessageId => Object.hasOwn(messages, id);

/**
 * Whether a validation message is a message id with a text (the server's or the console's
 * catalog), as the contract's schemas give them; anything else (a library's own wording) is
 * answered as the generic invalid request.
 */
export const isKnownMessage = (text: string | undefined): text is string =>
  text !== undefined && catalogText(text, 'en_US') !== undefined;

/**
 * One Lingui instance a language, holding the catalog: a text is filled in as the browser renders
 * it (Lingui's compiler, the language's plural rules).
 */
const lingui = Object.fromEntries(
  (['zh_CN', 'en_US'] as const).map((language) => {
    const i18n = setupI18n({
      locale: language,
      locales: [language.replace('_', '-')],
      messages: { [language]: Object.fromEntries(catalogs[language]) },
    });
    i18n.setMessagesCompiler(compileMessage);
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/**
 * The text of a message id in the language; unknown ids fall back to the generic invalid-request
 * text. Placeholders (`{name}`, `{count, plural, …}`: the catalog syntax the console shares) take
 * `values[name]`, or its label for the placeholders of `valueLabels`; without values the text is
 * given as written.
 */
export function t(id: string, language: Language, values?: Record<string, unknown>): string {
  const text = catalogText(id, language);
  if (text === undefined)
    return catalogText('common.invalid', language) ?? messages['common.invalid'].message;
  if (!values) return text;
  const labels = isMessageId(id) ? valueLabels[id] : undefined;
  const labelled = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, labels?.[name]?.(String(value), language) ?? value]),
  );
  return lingui[language]._(id, labelled);
}
