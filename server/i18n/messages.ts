import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { dictionary, type Language } from '../../src/contract';
import type { DomainAction } from '../../src/contract/rules/domain';
import { catalogText, catalogs } from './catalog';

/** Every text the server sends: envelope `msg` values and the portal pages, in both languages. */
export const messages = {
  'common.ok': { zh_CN: '操作成功', en_US: 'Success' },
  'common.invalid': {
    zh_CN: '请求参数有误，请检查后重试',
    en_US: 'The request is invalid. Please check and try again.',
  },
  'common.rateLimited': {
    zh_CN: '请求过于频繁，请 {seconds} 秒后重试',
    en_US: 'Too many requests. Please wait {seconds} s and try again.',
  },
  'common.jsonOnly': {
    zh_CN: '请求正文须为 JSON（Content-Type: application/json）',
    en_US: 'The request body must be JSON (Content-Type: application/json).',
  },
  'common.notFound': { zh_CN: '请求的资源不存在', en_US: 'The requested resource does not exist.' },
  'common.internal': {
    zh_CN: '服务器繁忙，请稍后重试',
    en_US: 'The server is busy. Please try again later.',
  },
  'traffic.domain.notFound': {
    zh_CN: '所选域名不存在或不属于当前账号',
    en_US: 'A chosen domain does not exist or is not of this account.',
  },
  'traffic.granularity.tooFine': {
    zh_CN: '查询范围过长，请选择更粗的时间粒度',
    en_US: 'The range is too long for this granularity. Please choose a coarser one.',
  },
  'traffic.granularity.geo': {
    zh_CN: '按地区或运营商筛选时，时间粒度须为 1 小时或 1 天',
    en_US: 'Region and carrier filters need a granularity of 1 hour or 1 day.',
  },
  'report.topUrlType.disabled': {
    zh_CN: '当前账号未开通按流量排行 TOP URL 的权限',
    en_US: 'Ranking the top URLs by traffic is not enabled for this account.',
  },
  'edge.keyInvalid': { zh_CN: '边缘节点密钥无效', en_US: 'The edge key is invalid.' },
  'edge.body.invalid': {
    zh_CN: '日志须为 JSON Lines 文本（application/x-ndjson），可 gzip 压缩',
    en_US: 'Logs must be JSON Lines text (application/x-ndjson), optionally gzip-compressed.',
  },
  'edge.batch.invalid': {
    zh_CN: '批次号（X-Edge-Batch）须为 1 到 200 个字母、数字或 . _ : -',
    en_US: 'The batch id (X-Edge-Batch) must be 1 to 200 letters, digits or . _ : -',
  },
  'edge.body.tooLarge': {
    zh_CN: '日志过大：每次解压后最多 {max_mb} MB，压缩比最多 {ratio}:1，请分批发送',
    en_US:
      'The logs are too large: at most {max_mb} MB per call once decompressed, compressed at most {ratio}:1. Send them in smaller batches.',
  },
  'common.forbidden': {
    zh_CN: '您没有该功能的权限',
    en_US: 'You do not have permission to use this function.',
  },
  'common.crossSite': {
    zh_CN: '该请求来自其他网站，已被拒绝。请在本站页面上重新操作。',
    en_US: 'This request came from another website and was refused. Please try again from this site.',
  },
  'common.serviceClosed': { zh_CN: '请先开通 CDN 服务', en_US: 'Please open the CDN service first.' },
  'auth.signInRequired': { zh_CN: '请先登录', en_US: 'Please sign in first.' },
  'auth.reauthRequired': {
    zh_CN: '为保障账号安全，请先输入登录密码确认身份',
    en_US: 'For your account’s safety, confirm your password first.',
  },
  'auth.passwordConfirmed': { zh_CN: '身份已确认', en_US: 'Password confirmed.' },
  'auth.signInExpired': {
    zh_CN: '登录已失效，请重新登录',
    en_US: 'Your sign-in has expired. Please sign in again.',
  },
  'identity.tokenInvalid': {
    zh_CN: '登录已失效，请重新登录',
    en_US: 'Your sign-in has expired. Please sign in again.',
  },
  'identity.codeInvalid': {
    zh_CN: '登录授权码无效或已过期，请重新登录',
    en_US: 'The sign-in code is invalid or has expired. Please sign in again.',
  },
  'identity.serviceNotOpen': {
    zh_CN: '您尚未开通 CDN 服务',
    en_US: 'You have not opened the CDN service yet.',
  },
  'identity.signedOut': { zh_CN: '您已退出登录。', en_US: 'You have signed out.' },
  'customer.accountBoundary': { zh_CN: '您无权查看该账号', en_US: 'You may not view this account.' },
  'user.created': { zh_CN: '子账号已创建', en_US: 'Sub-account created.' },
  'token.delete.confirmMismatch': {
    zh_CN: '如需删除该 API 令牌，请输入其所属用户名：{name}',
    en_US: 'To delete the token, type its user name: {name}.',
  },
  'token.limit': {
    zh_CN: '{max, plural, other {最多支持创建 # 个 API 令牌，如需新建，请先删除不需要的令牌}}',
    en_US:
      '{max, plural, one {Only supports the creation of up to # token. If you need to create a new token, please delete the unnecessary tokens first.} other {Only supports the creation of up to # tokens. If you need to create a new token, please delete the unnecessary tokens first.}}',
  },
  'token.readOnly': {
    zh_CN: '该令牌为只读，不能执行修改操作',
    en_US: 'This token is read-only: it cannot make changes.',
  },
  'token.addressRefused': {
    zh_CN: '该令牌不允许从当前 IP 地址调用',
    en_US: 'This token may not be used from this address.',
  },
  'token.notForThisCall': {
    zh_CN: 'API 令牌不能用于管理用户、API 令牌和账号安全，也不能切换账号',
    en_US: 'Tokens cannot manage users, tokens or account security, nor switch accounts.',
  },
  'user.updated': { zh_CN: '子账号信息已保存', en_US: 'Sub-account saved.' },
  'user.deleted': { zh_CN: '子账号已删除', en_US: 'Sub-account deleted.' },
  'user.passwordReset': {
    zh_CN: '密码已重置，该子账号需重新登录',
    en_US: 'Password reset. The sub-account must sign in again.',
  },
  'user.authUpdated': { zh_CN: '权限已保存', en_US: 'Permissions saved.' },
  'user.limit': {
    zh_CN: '{max, plural, other {最多可创建 # 个子账号，如需新建，请先删除不需要的子账号}}',
    en_US:
      '{max, plural, one {Up to # sub-account can be created. To create a new one, please delete an unneeded sub-account first.} other {Up to # sub-accounts can be created. To create a new one, please delete an unneeded sub-account first.}}',
  },
  'user.login.taken': { zh_CN: '登录账号 {login} 已被使用', en_US: 'The login {login} is already taken.' },
  'user.grant.owner': {
    zh_CN: '只能按主账号及其子账号授权',
    en_US: 'Owners can only be the main account and its sub-accounts.',
  },
  'user.password.tooMany': {
    zh_CN: '密码错误次数过多，请 {minutes} 分钟后再试',
    en_US: 'Too many incorrect attempts. Please try again in {minutes} min.',
  },
  'user.twoFactor.setupFirst': {
    zh_CN: '请先获取密钥并添加到身份验证器',
    en_US: 'Start the setup first and add the key to your authenticator app.',
  },
  'user.twoFactor.alreadyOn': {
    zh_CN: '双因素认证已开启',
    en_US: 'Two-factor authentication is already on.',
  },
  'user.twoFactor.notOn': { zh_CN: '双因素认证未开启', en_US: 'Two-factor authentication is not on.' },
  'account.realName.locked': {
    zh_CN: '账号已完成实名认证，真实姓名不能修改',
    en_US: 'The account is real-name verified; the real name cannot be changed.',
  },
  'openService.realNameByHolder': {
    zh_CN: '该客户账号尚未完成实名认证，需由账号本人登录后完成实名认证，才能开通服务。',
    en_US:
      'This customer account is not real-name verified yet. Its holder must sign in and complete the real-name authentication before the service can be opened.',
  },
  'openService.realNameRequired': {
    zh_CN: '您尚未完成实名认证，是否立即前往认证？',
    en_US: 'Your account is not real-name verified. Verify now?',
  },
  'openService.submitted': {
    zh_CN: '您的申请已提交，请耐心等待审核',
    en_US: 'Your application has been submitted, please wait patiently for review',
  },
  'openService.opened': { zh_CN: '服务开通成功！', en_US: 'Service opened successfully!' },
  'openService.alreadyOpen': {
    zh_CN: '您已开通 CDN 服务，无需重复申请',
    en_US: 'The CDN service is already open.',
  },
  'openService.mainAccountOnly': {
    zh_CN: '仅主账号可以申请开通 CDN 服务，请联系主账号管理员',
    en_US: 'Only a main account can apply to open the CDN service. Please ask the main account.',
  },
  'openService.area.unsupported': {
    zh_CN: '暂不支持该加速区域',
    en_US: 'This acceleration area is not supported yet.',
  },
  'ticket.created': {
    zh_CN: '工单已提交，我们会尽快回复',
    en_US: 'Ticket submitted. We will reply as soon as possible.',
  },
  'ticket.replied': { zh_CN: '回复已发送', en_US: 'Reply sent.' },
  'ticket.closedNow': { zh_CN: '工单已关闭', en_US: 'Ticket closed.' },
  'ticket.notFound': {
    zh_CN: '工单不存在，或您无权查看',
    en_US: 'The ticket does not exist, or you may not view it.',
  },
  'ticket.closed': {
    zh_CN: '该工单已关闭，不能再回复；如问题仍未解决，请提交新工单',
    en_US: 'This ticket is closed and takes no more replies. If the problem remains, submit a new ticket.',
  },
  'ticket.limit': {
    zh_CN: '{max, plural, other {最多同时处理 # 个工单，请先关闭已解决的工单}}',
    en_US:
      '{max, plural, one {At most # ticket can be in progress at a time. Close the ones that are solved first.} other {At most # tickets can be in progress at a time. Close the ones that are solved first.}}',
  },
  'ticket.dailyLimit': {
    zh_CN: '{max, plural, other {每个账号 24 小时内最多提交 # 个工单，请稍后再试}}',
    en_US:
      '{max, plural, one {An account can submit at most # ticket in 24 hours. Please try again later.} other {An account can submit at most # tickets in 24 hours. Please try again later.}}',
  },
  'ticket.messagesLimit': {
    zh_CN: '{max, plural, other {该工单已有 # 条消息，请提交新工单继续沟通}}',
    en_US:
      '{max, plural, one {This ticket has reached # message. Submit a new ticket to go on.} other {This ticket has reached # messages. Submit a new ticket to go on.}}',
  },
  'feedback.submitted': { zh_CN: '提交成功，感谢您的反馈', en_US: 'Thank you for your feedback.' },
  'feedback.uploaded': { zh_CN: '图片上传成功', en_US: 'Picture uploaded.' },
  'feedback.images.unsafe': {
    zh_CN: '图片含有脚本或夹带了其他文件，无法上传',
    en_US: 'This picture carries a script or another file and cannot be uploaded.',
  },
  'feedback.images.rateLimited': {
    zh_CN: '上传过于频繁，请稍后再试',
    en_US: 'You are uploading too often. Please try again shortly.',
  },
  'feedback.images.quota': {
    zh_CN: '24 小时内最多上传 100 MB 图片，已达上限，请稍后再试',
    en_US:
      'You can upload at most 100 MB of pictures in 24 hours, and have reached it. Please try again later.',
  },
  'feedback.images.required': { zh_CN: '请选择要上传的图片', en_US: 'Please choose a picture to upload.' },
  'feedback.images.pending': {
    zh_CN: '待提交的图片过多，请先提交或移除部分图片。',
    en_US: 'Too many pictures waiting to be submitted; submit or remove some first.',
  },
  'feedback.images.invalid': {
    zh_CN: '图片不存在或已被使用，请重新上传',
    en_US: 'A picture was not found or is already used. Please upload it again.',
  },
  'ipBan.banned': { zh_CN: '封禁成功', en_US: 'Banned.' },
  'ipBan.updated': { zh_CN: '封禁信息已修改', en_US: 'The ban was updated.' },
  'ipBan.unbanned': { zh_CN: '解封成功', en_US: 'Unbanned.' },
  // Refresh and prefetch (spec §5, §8, §9).
  'content.submitted': { zh_CN: '提交成功', en_US: 'Submitted.' },
  'content.retried': { zh_CN: '已重新提交失败的 URL', en_US: 'The failed URLs were submitted again.' },
  'content.task.exists': { zh_CN: '该任务已提交', en_US: 'This task was already submitted' },
  'content.task.notFound': { zh_CN: '任务不存在', en_US: 'The task does not exist' },
  'content.retry.unfinished': {
    zh_CN: '任务尚未执行完成，请稍后再试',
    en_US: 'The task has not finished yet. Try again later.',
  },
  'content.retry.nothingFailed': { zh_CN: '该任务没有失败的 URL', en_US: 'The task has no failed URLs' },
  'package.size': { zh_CN: '流量包大小格式如 500GB、2TB', en_US: 'Give the size as 500GB, 2TB or 1.5PB' },
  'package.billing.typeOfMode': {
    zh_CN: '该计费类型不属于所选计费方式',
    en_US: 'This billing type does not belong to the chosen billing mode',
  },
  // IP check (spec §5, §9).
  'alarm.policy.rules.tooMany': {
    zh_CN: '{max, plural, other {最多添加 # 条规则}}',
    en_US: '{max, plural, one {At most # rule} other {At most # rules}}',
  },
  'alarm.policy.templates.tooMany': {
    zh_CN: '{max, plural, other {最多选择 # 个通知模板}}',
    en_US: '{max, plural, one {At most # notification template} other {At most # notification templates}}',
  },
  'alarm.policy.nameTaken': { zh_CN: '已有同名的告警策略', en_US: 'An alarm policy of this name exists' },
  'alarm.template.nameTaken': {
    zh_CN: '已有同名的通知模板',
    en_US: 'A notification template of this name exists',
  },
  'alarm.group.nameTaken': { zh_CN: '已有同名的接收组', en_US: 'A contact group of this name exists' },
  'alarm.policy.limit': {
    zh_CN: '{max, plural, other {最多创建 # 条告警策略}}',
    en_US: '{max, plural, one {At most # alarm policy} other {At most # alarm policies}}',
  },
  'alarm.template.limit': {
    zh_CN: '{max, plural, other {最多创建 # 个通知模板}}',
    en_US: '{max, plural, one {At most # notification template} other {At most # notification templates}}',
  },
  'alarm.contact.limit': {
    zh_CN: '{max, plural, other {最多添加 # 个联系人}}',
    en_US: '{max, plural, one {At most # contact} other {At most # contacts}}',
  },
  'alarm.group.limit': {
    zh_CN: '{max, plural, other {最多创建 # 个接收组}}',
    en_US: '{max, plural, one {At most # contact group} other {At most # contact groups}}',
  },
  'alarm.template.inUse': {
    zh_CN: '告警策略「{name}」正在使用该模板，请先修改策略',
    en_US: 'The alarm policy "{name}" uses this template: change the policy first',
  },
  'alarm.contact.inUse': {
    zh_CN: '「{name}」中包含该联系人，请先将其移除',
    en_US: '"{name}" names this contact: remove it there first',
  },
  'alarm.group.inUse': {
    zh_CN: '通知模板「{name}」正在使用该接收组，请先修改模板',
    en_US: 'The notification template "{name}" uses this group: change the template first',
  },
  'alarm.policy.notFound': {
    zh_CN: '告警策略不存在或已被删除',
    en_US: 'The alarm policy does not exist or was deleted',
  },
  'alarm.template.notFound': {
    zh_CN: '通知模板不存在或已被删除',
    en_US: 'The notification template does not exist or was deleted',
  },
  'alarm.contact.notFound': {
    zh_CN: '联系人不存在或已被删除',
    en_US: 'The contact does not exist or was deleted',
  },
  'alarm.group.notFound': {
    zh_CN: '接收组不存在或已被删除',
    en_US: 'The contact group does not exist or was deleted',
  },
  'alarm.ref.missing': {
    zh_CN: '所选对象不存在或已被删除，请重新选择',
    en_US: 'Something chosen does not exist any more or was deleted: choose again',
  },
  'alarm.policy.saved': { zh_CN: '告警策略已保存', en_US: 'The alarm policy was saved' },
  'alarm.policy.deleted': { zh_CN: '告警策略已删除', en_US: 'The alarm policy was deleted' },
  'alarm.template.saved': { zh_CN: '通知模板已保存', en_US: 'The notification template was saved' },
  'alarm.template.deleted': { zh_CN: '通知模板已删除', en_US: 'The notification template was deleted' },
  'alarm.contact.saved': { zh_CN: '联系人已保存', en_US: 'The contact was saved' },
  'alarm.contact.deleted': { zh_CN: '联系人已删除', en_US: 'The contact was deleted' },
  'alarm.group.saved': { zh_CN: '接收组已保存', en_US: 'The contact group was saved' },
  'alarm.group.deleted': { zh_CN: '接收组已删除', en_US: 'The contact group was deleted' },
  'alarm.key.rotated': {
    zh_CN: '签名密钥已更换，之后的回调将使用新密钥签名',
    en_US: 'The signing key was replaced: callbacks are signed with the new key from now on',
  },
  'alarm.notify.account': { zh_CN: '整个账号', en_US: 'the whole account' },
  'alarm.notify.subject.alarm': {
    zh_CN: '【CDN 控制台】告警：{policy}（{object}）',
    en_US: '[CDN Console] Alarm: {policy} on {object}',
  },
  'alarm.notify.subject.restore': {
    zh_CN: '【CDN 控制台】已恢复：{policy}（{object}）',
    en_US: '[CDN Console] Restored: {policy} on {object}',
  },
  'alarm.notify.body.alarm': {
    zh_CN: '告警策略「{policy}」在 {object} 上触发告警：',
    en_US: 'The alarm policy "{policy}" raised an alarm on {object}:',
  },
  'alarm.notify.body.restore': {
    zh_CN: '告警策略「{policy}」在 {object} 上的告警已恢复。',
    en_US: 'The alarm of the policy "{policy}" on {object} is restored.',
  },
  'alarm.indicator.bandwidth': { zh_CN: '带宽（Mbps）', en_US: 'Bandwidth (Mbps)' },
  'alarm.indicator.flow': { zh_CN: '流量（MB）', en_US: 'Traffic (MB)' },
  'alarm.indicator.requests': { zh_CN: '请求数', en_US: 'Requests' },
  'alarm.indicator.status4xxRate': { zh_CN: '4xx 状态码占比（%）', en_US: '4xx rate (%)' },
  'alarm.indicator.status5xxRate': { zh_CN: '5xx 状态码占比（%）', en_US: '5xx rate (%)' },
  'alarm.indicator.hitRate': { zh_CN: '请求命中率（%）', en_US: 'Hit rate (%)' },
  'alarm.indicator.responseTime': { zh_CN: '平均响应时间（ms）', en_US: 'Average response time (ms)' },
  'fileSync.name.required': { zh_CN: '请选择要上传的文件', en_US: 'Choose a file to upload' },
  'fileSync.name.tooLong': {
    zh_CN: '{max, plural, other {文件名最多 # 个字符}}',
    en_US:
      '{max, plural, one {The file name is too long: at most # character} other {The file name is too long: at most # characters}}',
  },
  'fileSync.name.invalid': {
    zh_CN: '文件名不能包含 / 或 \\，也不能是 . 或 ..',
    en_US: 'A file name cannot hold / or \\, nor be . or ..',
  },
  'fileSync.name.exists': {
    zh_CN: '已有同名文件已存储或正在上传，请先删除或继续该任务',
    en_US: 'A file of this name is already stored or being uploaded: delete it or resume that task first',
  },
  'fileSync.size.invalid': { zh_CN: '文件大小无效', en_US: 'The file size is invalid' },
  'fileSync.size.empty': { zh_CN: '不能上传空文件', en_US: 'An empty file cannot be uploaded' },
  'fileSync.size.tooLarge': {
    zh_CN: '单个文件最大 20 GB',
    en_US: 'A file can be at most 20 GB',
  },
  'fileSync.md5.invalid': {
    zh_CN: 'MD5 应为 32 位十六进制字符',
    en_US: 'The MD5 must be 32 hexadecimal characters',
  },
  'fileSync.task.notFound': {
    zh_CN: '任务不存在或已被删除',
    en_US: 'The task does not exist or was deleted',
  },
  'fileSync.task.idTaken': {
    zh_CN: '任务编号已被另一个任务使用',
    en_US: 'The task id is used by another task',
  },
  'fileSync.task.notUploading': {
    zh_CN: '该任务已不在上传中',
    en_US: 'This task is no longer uploading',
  },
  'fileSync.task.verifying': {
    zh_CN: '文件正在校验 MD5，请稍后再试',
    en_US: 'The file is having its MD5 checked: please try again shortly',
  },
  'fileSync.unfinished.limit': {
    zh_CN: '{max, plural, other {最多同时进行 # 个上传任务，请先完成或取消其他任务}}',
    en_US:
      '{max, plural, one {At most # upload can be under way: finish or cancel one first} other {At most # uploads can be under way: finish or cancel one first}}',
  },
  'fileSync.storage.full': {
    zh_CN: '存储空间不足：每个账号最多存储 {max}，请先删除不需要的文件',
    en_US: 'Not enough storage: an account stores at most {max}. Delete files you no longer need first.',
  },
  'fileSync.disk.full': {
    zh_CN: '服务器存储空间暂时不足，请稍后再试或联系客户经理',
    en_US: 'The server is short of storage space right now: try again later or contact your account manager',
  },
  'fileSync.chunk.offset': {
    zh_CN: '分片位置与服务器已接收的数据不一致，将从已接收处继续',
    en_US: 'The chunk is not where the upload stands on the server: it continues from the bytes received',
  },
  'fileSync.chunk.empty': { zh_CN: '分片不能为空', en_US: 'A chunk cannot be empty' },
  'fileSync.chunk.beyond': {
    zh_CN: '分片超出了文件大小',
    en_US: 'The chunk goes past the end of the file',
  },
  'fileSync.chunk.contentType': {
    zh_CN: '分片须以 application/octet-stream 发送',
    en_US: 'A chunk is sent as application/octet-stream',
  },
  'ipCheck.tooFrequent': {
    zh_CN: '{seconds, plural, other {查询过于频繁，请 # 秒后再试}}',
    en_US:
      '{seconds, plural, one {Too many queries: try again in # second} other {Too many queries: try again in # seconds}}',
  },
  'ipBan.rule.notBanned': {
    zh_CN: '该 IP 或 IP 段未在封禁中（已解封或已过期）',
    en_US: 'This IP or range is not banned (it was unbanned or its ban has expired)',
  },
  'sync.versionConflict': {
    zh_CN: '该内容已在服务器上被修改，与您的更改冲突',
    en_US: 'This was changed on the server meanwhile, and your change conflicts with it.',
  },
  'sync.inFlight': {
    zh_CN: '该更改正在提交中，请稍后重试',
    en_US: 'This change is being applied right now. Please try again shortly.',
  },
  'sync.held': {
    zh_CN: '同一对象之前的更改未能生效，本更改暂不提交',
    en_US: 'Not applied, because an earlier change to the same item was not applied.',
  },
  'sync.keyReused': {
    zh_CN: '该幂等键已用于另一个请求',
    en_US: 'This idempotency key was already used for a different request.',
  },
  'sync.keyRequired': {
    zh_CN: '请在请求头 Idempotency-Key 中提供有效的幂等键（8–100 个字母、数字或 _.:- 字符）',
    en_US: 'Send a valid Idempotency-Key header (8–100 letters, digits or _.:- characters).',
  },
  'sync.actorMismatch': {
    zh_CN: '这些更改是另一个账号登录时所做的，请使用该账号登录后再同步',
    en_US:
      'These changes were made while another account was signed in. Sign in with that account to send them.',
  },
  'sync.unknownCommand': {
    zh_CN: '不支持该操作，请刷新页面后重试',
    en_US: 'This operation is not supported. Reload the page and try again.',
  },
  'sync.aggregateMismatch': {
    zh_CN: '操作对象与提交的内容不一致',
    en_US: 'The item of the change does not match its content.',
  },
  'domain.created': { zh_CN: '添加成功', en_US: 'Domain added.' },
  'domain.copied': { zh_CN: '复制配置成功', en_US: 'Configuration copied.' },
  'domain.hungUp': { zh_CN: '挂起成功', en_US: 'Domain suspended.' },
  'domain.recovered': { zh_CN: '恢复成功', en_US: 'Domain resumed.' },
  'domain.deleted': { zh_CN: '删除成功', en_US: 'Domain deleted.' },
  'domain.renamed': { zh_CN: '重命名成功', en_US: 'Domain renamed.' },
  'domain.moved': { zh_CN: '分组修改成功', en_US: 'Group changed.' },
  'domain.group.created': { zh_CN: '分组创建成功', en_US: 'Group created.' },
  'domain.group.renamed': { zh_CN: '分组重命名成功', en_US: 'Group renamed.' },
  'domain.group.deleted': { zh_CN: '分组删除成功', en_US: 'Group deleted.' },
  'domain.origin.notPublic': {
    zh_CN: '源站地址不能是内网、本机或保留地址',
    en_US: 'The origin cannot be a private, loopback or reserved address',
  },
  'domain.group.notFound': {
    zh_CN: '分组不存在或已被删除',
    en_US: 'The group does not exist or was deleted',
  },
  'domain.limit': {
    zh_CN: '{max, plural, other {每个账号最多可添加 # 个域名，如需更多，请联系您的客户经理}}',
    en_US:
      '{max, plural, one {An account holds at most # domain. To add more, please contact your account manager.} other {An account holds at most # domains. To add more, please contact your account manager.}}',
  },
  'domain.rule.exists': { zh_CN: '该域名已创建，请勿重复提交', en_US: 'This domain was already created' },
  'domain.rule.notFound': {
    zh_CN: '域名不存在或已被删除',
    en_US: 'The domain does not exist or was deleted',
  },
  'domain.rule.invalidTransition': {
    zh_CN: '域名状态为“{status}”，无法{action}',
    en_US: 'The domain is “{status}” and cannot be {action}',
  },
  'operator.approved': { zh_CN: '已批准开通申请', en_US: 'Application approved.' },
  'operator.unknownLogin': { zh_CN: '账号不存在', en_US: 'No such account.' },
  'operator.nothingPending': {
    zh_CN: '该账号没有待审核的开通申请',
    en_US: 'This account has no application awaiting review.',
  },
  'operator.keyInvalid': { zh_CN: '操作员密钥无效', en_US: 'The operator key is invalid.' },
  'operator.unknownDomain': {
    zh_CN: '域名不存在或已被删除',
    en_US: 'No such domain (or it was deleted).',
  },
  'operator.specialConfigSet': { zh_CN: '特殊配置已更新', en_US: 'Special configuration updated.' },

  // Portal pages (the built-in identity provider).
  'portal.title': { zh_CN: 'CDN 控制台', en_US: 'CDN Console' },
  'portal.login.heading': { zh_CN: '登录', en_US: 'Sign in' },
  'portal.canvas.heading': { zh_CN: 'Canvas 登录', en_US: 'Canvas sign-in' },
  'portal.login.username': { zh_CN: '用户名', en_US: 'Username' },
  'portal.login.password': { zh_CN: '密码', en_US: 'Password' },
  'portal.login.submit': { zh_CN: '登录', en_US: 'Sign in' },
  'portal.login.failed': { zh_CN: '用户名或密码错误。', en_US: 'Incorrect username or password.' },
  'portal.login.tooMany': {
    zh_CN: '登录失败次数过多，请 {minutes} 分钟后再试。',
    en_US: 'Too many failed sign-ins. Please try again in {minutes} min.',
  },
  'portal.login.useCanvas': {
    zh_CN: '该账号是 Canvas 账号，请使用 Canvas 登录。',
    en_US: 'This is a Canvas account. Please use the Canvas sign-in.',
  },
  'portal.login.usePortal': {
    zh_CN: '该账号不是 Canvas 账号，请使用门户登录。',
    en_US: 'This is not a Canvas account. Please use the portal sign-in.',
  },
  'portal.login.goCanvas': { zh_CN: '前往 Canvas 登录', en_US: 'Go to the Canvas sign-in' },
  'portal.login.goPortal': { zh_CN: '前往门户登录', en_US: 'Go to the portal sign-in' },
  'portal.twoFactor.heading': { zh_CN: '双因素认证', en_US: 'Two-factor authentication' },
  'portal.twoFactor.prompt': {
    zh_CN: '请输入身份验证器中的 6 位验证码。无法使用身份验证器时，可输入一个恢复码。',
    en_US: 'Enter the 6-digit code of your authenticator app. Without it, enter one of your recovery codes.',
  },
  'portal.twoFactor.code': { zh_CN: '验证码或恢复码', en_US: 'Code or recovery code' },
  'portal.twoFactor.submit': { zh_CN: '验证', en_US: 'Verify' },
  'portal.twoFactor.failed': {
    zh_CN: '验证码错误或已使用，还可尝试 {left} 次。',
    en_US:
      'The code is incorrect or was already used. {left, plural, one {# attempt is} other {# attempts are}} left.',
  },
  'portal.twoFactor.exhausted': {
    zh_CN: '验证码错误次数过多，请重新登录。',
    en_US: 'Too many incorrect codes. Please sign in again.',
  },
  'portal.twoFactor.expired': {
    zh_CN: '验证已超时，请重新登录。',
    en_US: 'This sign-in has expired. Please sign in again.',
  },
  'portal.twoFactor.back': { zh_CN: '返回登录', en_US: 'Back to sign-in' },
  'portal.language.switch': { zh_CN: 'English', en_US: '中文' },
  'portal.logout.done': { zh_CN: '您已退出登录。', en_US: 'You have signed out.' },
  'portal.logout.confirm': { zh_CN: '确定要退出登录吗？', en_US: 'Do you want to sign out?' },
  'portal.logout.submit': { zh_CN: '退出登录', en_US: 'Sign out' },
  'portal.logout.again': { zh_CN: '重新登录', en_US: 'Sign in again' },
  'portal.realname.heading': { zh_CN: '实名认证', en_US: 'Real-name authentication' },
  'portal.realname.name': { zh_CN: '真实姓名', en_US: 'Real name' },
  'portal.realname.idCard': { zh_CN: '身份证号码', en_US: 'ID card number' },
  'portal.realname.submit': { zh_CN: '提交认证', en_US: 'Submit' },
  'portal.realname.nameRequired': { zh_CN: '请输入真实姓名。', en_US: 'Please enter your real name.' },
  'portal.realname.idInvalid': {
    zh_CN: '请输入正确的 18 位身份证号码。',
    en_US: 'Please enter a valid 18-character ID card number.',
  },
  'portal.realname.done': { zh_CN: '实名认证已完成。', en_US: 'Real-name authentication complete.' },
  'portal.realname.already': {
    zh_CN: '您的账号已完成实名认证。',
    en_US: 'Your account is already real-name verified.',
  },
  'portal.realname.back': { zh_CN: '返回控制台', en_US: 'Back to the console' },
  'portal.realname.signInFirst': {
    zh_CN: '请先登录后再进行实名认证。',
    en_US: 'Please sign in before the real-name authentication.',
  },
  'portal.signIn': { zh_CN: '登录', en_US: 'Sign in' },
  'portal.support.heading': { zh_CN: '帮助与支持', en_US: 'Help and support' },
  'portal.support.help': { zh_CN: '帮助文档', en_US: 'Help document' },
  'portal.support.helpText': {
    zh_CN: '开通 CDN 服务前，请先完成实名认证，然后在控制台提交开通申请，审核通过后即可使用全部功能。',
    en_US:
      'Before opening the CDN service, complete real-name authentication, then apply in the console. Once the application is approved, every function is available.',
  },
  'portal.support.helpDoc': { zh_CN: '阅读帮助文档', en_US: 'Read the help document' },
  'portal.support.realName': { zh_CN: '前往实名认证', en_US: 'Go to real-name authentication' },
  'portal.support.tickets': { zh_CN: '工单', en_US: 'Tickets' },
  'portal.support.ticketsText': {
    zh_CN:
      '对控制台、域名配置或账号有疑问时，请提交工单；技术支持会在工单中回复，您可以继续补充，直到问题解决。',
    en_US:
      'For a question on the console, a domain’s configuration or your account, submit a ticket; support replies in the ticket, and you can add to it until the problem is solved.',
  },
  'portal.support.submitTicket': { zh_CN: '提交工单', en_US: 'Submit a ticket' },
  'portal.support.feedback': { zh_CN: '意见反馈', en_US: 'Feedback' },
  'portal.support.feedbackText': {
    zh_CN: '欢迎提出产品建议，可附上最多 5 张截图。',
    en_US: 'Suggestions are welcome; you can attach up to 5 screenshots.',
  },
  'portal.support.submit': { zh_CN: '提交反馈', en_US: 'Submit feedback' },
  'common.path.nonCanonical': {
    zh_CN: '请求地址格式不规范',
    en_US: 'The request path is not in its canonical form.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageId = keyof typeof messages;

type Label = Record<Language, string>;

/**
 * The domain actions as `domain.rule.invalidTransition` names them: a verb in Chinese ("无法挂起"),
 * a past participle in English ("cannot be suspended").
 */
export const domainActionLabels: Record<DomainAction, Label> = {
  hangUp: { zh_CN: '挂起', en_US: 'suspended' },
  recover: { zh_CN: '恢复', en_US: 'resumed' },
  delete: { zh_CN: '删除', en_US: 'deleted' },
  rename: { zh_CN: '重命名', en_US: 'renamed' },
  move: { zh_CN: '移动分组', en_US: 'moved to another group' },
  copy: { zh_CN: '复制配置', en_US: 'copied' },
  configure: { zh_CN: '修改配置', en_US: 'configured' },
};

/**
 * Placeholders whose values are codes, shown by their label in the language: the answer's `data`
 * keeps the code (`hung_up`), the text says "已挂起" or "Suspended".
 */
const valueLabels: Partial<Record<MessageId, Record<string, Record<string, Label>>>> = {
  'domain.rule.invalidTransition': {
    status: dictionary.domain_status ?? {},
    action: domainActionLabels,
  },
};

export const isMessageId = (id: string): id is MessageId =>
  Object.prototype.hasOwnProperty.call(messages, id);

/**
 * Whether a validation message is a message id with a text (the server's or the console's
 * catalog), as the contract's schemas give them; anything else (a library's own wording) is
 * answered as the generic invalid request.
 */
export const isKnownMessage = (text: string | undefined): text is string =>
  text !== undefined && (isMessageId(text) || catalogText(text, 'en_US') !== undefined);

/**
 * One Lingui instance a language, holding the server's texts and the console's catalog: a text is
 * filled in as the browser renders it (Lingui's compiler, the language's plural rules).
 */
const lingui = Object.fromEntries(
  (['zh_CN', 'en_US'] as const).map((language) => {
    const own = Object.entries(messages).map(([id, text]) => [id, text[language]] as const);
    const texts = { ...Object.fromEntries(catalogs[language]), ...Object.fromEntries(own) };
    const i18n = setupI18n({
      locale: language,
      locales: [language.replace('_', '-')],
      messages: { [language]: texts },
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
  const known = isMessageId(id) || catalogs[language].has(id);
  if (!known) return messages['common.invalid'][language];
  if (!values) return isMessageId(id) ? messages[id][language] : catalogs[language].get(id)!;
  const labels = isMessageId(id) ? valueLabels[id] : undefined;
  const labelled = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      labels?.[name]?.[String(value)]?.[language] ?? value,
    ]),
  );
  return lingui[language]._(id, labelled);
}
