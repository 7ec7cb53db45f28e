import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { dictionary, type Language } from '../../src/contract';
import type { DomainAction } from '../../src/contract/rules/domain';
import { catalogText } from './catalog';

/** Every text the server sends: envelope `msg` values and the portal pages, in both languages. */
export const messages = {
  'common.ok': { zh_CN: '操作成功', en_US: 'Success' },
  'common.invalid': {
    zh_CN: '请求参数有误，请检查后重试',
    en_US: 'The request is invalid. Please check and try again.',
  },
  'common.text.invalidLine': {
    zh_CN: '请填写一行文字，不能包含控制字符或文字方向控制字符',
    en_US: 'Enter one line without control characters or text-direction characters',
  },
  'common.text.invalidMultiline': {
    zh_CN: '请删除其中的控制字符或文字方向控制字符',
    en_US: 'Remove the control characters or text-direction characters',
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
  'traffic.domain.required': { zh_CN: '请选择域名后查询', en_US: 'Please select a domain and query' },
  'traffic.domain.notFound': {
    zh_CN: '所选域名不存在或不属于当前账号',
    en_US: 'A chosen domain does not exist or is not of this account.',
  },
  'traffic.time.required': {
    zh_CN: '请选择开始时间和结束时间后查询',
    en_US: 'Please select the start and end time to query',
  },
  'traffic.range.tooLong': {
    zh_CN: '目前仅支持查询一年以内的数据，请调整查询范围！',
    en_US: 'Currently only supports the query of data up to one year, please adjust the query range!',
  },
  'traffic.uv.tooManyDomains': {
    zh_CN: '最多可选择 1000 个域名',
    en_US: 'A maximum of 1000 domains can be selected',
  },
  'traffic.granularity.tooFine': {
    zh_CN: '查询范围过长，请选择更粗的时间粒度',
    en_US: 'The range is too long for this granularity. Please choose a coarser one.',
  },
  'traffic.granularity.geo': {
    zh_CN: '按地区或运营商筛选时，时间粒度须为 1 小时或 1 天',
    en_US: 'Region and carrier filters need a granularity of 1 hour or 1 day.',
  },
  'traffic.noData': { zh_CN: '当前域名暂无数据', en_US: 'There is no data for the current domain' },
  'report.export.empty': { zh_CN: '暂无可导出的数据', en_US: 'No data to export' },
  'report.topUrlType.disabled': {
    zh_CN: '当前账号未开通按流量排行 TOP URL 的权限',
    en_US: 'Ranking the top URLs by traffic is not enabled for this account.',
  },
  'log.range.tooLong': {
    zh_CN: '日志下载一次最多查询 31 天',
    en_US: 'Logs can be listed for at most 31 days at a time.',
  },
  'log.link.expired': {
    zh_CN: '下载链接已失效，请刷新列表后重新下载',
    en_US: 'The download link has expired. Refresh the list and download again.',
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
  'token.created': {
    zh_CN: 'API 令牌已创建，请立即复制并妥善保存密钥',
    en_US: 'Token created. Copy the secret now and keep it safe.',
  },
  'token.deleted': { zh_CN: 'API 令牌已删除', en_US: 'Token deleted.' },
  'token.delete.confirmMismatch': {
    zh_CN: '如需删除该 API 令牌，请输入其所属用户名：{name}',
    en_US: 'To delete the token, type its user name: {name}.',
  },
  'token.limit': {
    zh_CN: '{max, plural, other {最多支持创建 # 个 API 令牌，如需新建，请先删除不需要的令牌}}',
    en_US:
      '{max, plural, one {Only supports the creation of up to # token. If you need to create a new token, please delete the unnecessary tokens first.} other {Only supports the creation of up to # tokens. If you need to create a new token, please delete the unnecessary tokens first.}}',
  },
  'token.apiDisabled': {
    zh_CN: '该子账号未开通 API 权限，请先在权限设置中开启',
    en_US: 'This sub-account has no API permission. Enable it in its permissions first.',
  },
  'token.expiry.past': { zh_CN: '到期时间须晚于当前时间', en_US: 'The expiry must be in the future.' },
  'token.domains.required': {
    zh_CN: '请至少选择一个域名，或选择全部域名',
    en_US: 'Choose at least one domain, or all domains.',
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
  'user.login.required': { zh_CN: '请输入登录账号', en_US: 'Enter a login' },
  'user.login.invalid': {
    zh_CN: '登录账号须为 4–32 个字符，以字母开头，可含字母、数字、下划线、连字符和点',
    en_US: "A login is 4–32 characters: a letter first, then letters, digits, '_', '-' or '.'",
  },
  'user.password.required': { zh_CN: '请输入密码', en_US: 'Enter a password' },
  'user.password.spaces': { zh_CN: '密码不能包含空格', en_US: 'The password cannot contain spaces' },
  'user.password.length': {
    zh_CN: '密码长度须为 8–20 个字符',
    en_US: 'The password must be 8–20 characters',
  },
  'user.password.classes': {
    zh_CN: '密码须至少包含大写字母、小写字母、数字、符号中的三种',
    en_US: 'The password needs at least three of: uppercase letters, lowercase letters, digits, symbols',
  },
  'user.password.mismatch': { zh_CN: '两次输入的密码不一致', en_US: 'The two passwords do not match' },
  'user.password.wrong': { zh_CN: '当前密码错误', en_US: 'The current password is incorrect.' },
  'user.password.unchanged': {
    zh_CN: '新密码不能与当前密码相同',
    en_US: 'The new password must differ from the current one.',
  },
  'user.password.tooMany': {
    zh_CN: '密码错误次数过多，请 {minutes} 分钟后再试',
    en_US: 'Too many incorrect attempts. Please try again in {minutes} min.',
  },
  'user.password.changed': {
    zh_CN: '密码已修改，其他设备上的登录已退出',
    en_US: 'Password changed. Your other sign-ins have ended.',
  },
  'user.twoFactor.codeInvalid': { zh_CN: '请输入 6 位数字验证码', en_US: 'Enter the 6-digit code.' },
  'user.twoFactor.codeWrong': {
    zh_CN: '验证码错误或已使用，请输入身份验证器中的最新验证码',
    en_US: 'The code is incorrect or was already used. Enter the current code of your authenticator app.',
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
  'user.twoFactor.setup': {
    zh_CN: '请用身份验证器扫描二维码（或输入密钥），然后输入其中的 6 位验证码',
    en_US: 'Scan the QR code with your authenticator app (or enter the key), then enter its 6-digit code.',
  },
  'user.twoFactor.enabled': {
    zh_CN: '双因素认证已开启。请妥善保存恢复码，它们只显示这一次',
    en_US: 'Two-factor authentication is on. Keep the recovery codes safe: they are shown this once.',
  },
  'user.twoFactor.disabled': { zh_CN: '双因素认证已关闭', en_US: 'Two-factor authentication is off.' },
  'account.mobile.invalid': {
    zh_CN: '请输入正确的 11 位手机号码',
    en_US: 'Please enter a valid 11-digit mobile number.',
  },
  'account.realName.locked': {
    zh_CN: '账号已完成实名认证，真实姓名不能修改',
    en_US: 'The account is real-name verified; the real name cannot be changed.',
  },
  'account.email.invalid': { zh_CN: '请输入正确的邮箱地址', en_US: 'Please enter a valid email address.' },
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
  'openService.agreement.required': {
    zh_CN: '请勾选“我已阅读并同意《CDN 服务协议》全部内容”',
    en_US: 'Please tick "I have read and agree to all of the CDN Service Agreement"',
  },
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
  'feedback.type.required': { zh_CN: '请选择提交类型', en_US: 'Choose a submission type' },
  'feedback.product.required': { zh_CN: '请选择产品', en_US: 'Choose a product' },
  'feedback.title.required': { zh_CN: '请填写标题', en_US: 'Enter a title' },
  'feedback.title.tooLong': {
    zh_CN: '标题不能超过 50 个字符',
    en_US: 'The title can have at most 50 characters',
  },
  'feedback.content.required': { zh_CN: '请填写反馈内容', en_US: 'Describe your feedback' },
  'feedback.content.tooLong': {
    zh_CN: '内容不能超过 1000 个字符',
    en_US: 'The content can have at most 1000 characters',
  },
  'feedback.images.tooMany': { zh_CN: '最多上传 5 张图片！', en_US: 'Upload up to 5 pictures!' },
  'feedback.images.tooLarge': { zh_CN: '文件大小超过 5 MB', en_US: 'File size exceeds 5 MB' },
  'feedback.images.badType': {
    zh_CN: '文件类型错误，仅支持 jpg、png、gif、svg 格式',
    en_US: 'Wrong file type: only jpg, png, gif and svg are supported.',
  },
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
  'ipBan.rule.required': { zh_CN: '请输入 IP 地址或 IP 段', en_US: 'Enter an IP address or CIDR range' },
  // Refresh and prefetch (spec §5, §8, §9).
  'content.url.protocol': {
    zh_CN: '请输入以 http:// 或 https:// 开头的完整 URL',
    en_US: 'Enter the full URL, starting with http:// or https://',
  },
  'content.url.format': { zh_CN: 'URL 格式不正确', en_US: 'This is not a valid URL' },
  'content.url.chinese': { zh_CN: 'URL 中不能包含中文', en_US: 'A URL cannot contain Chinese characters' },
  'content.url.wildcard': { zh_CN: '不支持泛域名', en_US: 'Wildcard hosts are not supported' },
  'content.url.tooLong': {
    zh_CN: '{max, plural, other {URL 不能超过 # 个字符}}',
    en_US: '{max, plural, one {A URL has at most # character} other {A URL has at most # characters}}',
  },
  'content.url.duplicate': { zh_CN: '该 URL 已填写过', en_US: 'This URL is already in the list' },
  'content.url.notAccelerated': {
    zh_CN: '{host} 不是本账号的加速域名',
    en_US: '{host} is not an accelerated domain of this account',
  },
  'content.dir.slash': { zh_CN: '目录须以 / 结尾', en_US: 'A directory ends with /' },
  'content.dir.wholeSite': {
    zh_CN: '不支持刷新整站，请填写具体目录',
    en_US: 'Refreshing a whole site is not supported: enter a directory',
  },
  'content.submit.empty': { zh_CN: '请至少填写一条 URL', en_US: 'Enter at least one URL' },
  'content.submit.hasErrors': { zh_CN: '提交的 URL 有误', en_US: 'Submitted URLs have errors' },
  'content.submit.tooMany': {
    zh_CN: '单次最多提交 {max} 条',
    en_US: 'Too many URLs in one submission: at most {max}',
  },
  'content.quota.exceeded': {
    zh_CN: '今日额度不足（剩余 {remaining} 条），如需提升请联系客服',
    en_US: "Today's quota is not enough ({remaining} left); contact support for more",
  },
  'content.submitted': { zh_CN: '提交成功', en_US: 'Submitted.' },
  'content.retried': { zh_CN: '已重新提交失败的 URL', en_US: 'The failed URLs were submitted again.' },
  'content.task.exists': { zh_CN: '该任务已提交', en_US: 'This task was already submitted' },
  'content.task.notFound': { zh_CN: '任务不存在', en_US: 'The task does not exist' },
  'content.retry.unfinished': {
    zh_CN: '任务尚未执行完成，请稍后再试',
    en_US: 'The task has not finished yet. Try again later.',
  },
  'content.retry.nothingFailed': { zh_CN: '该任务没有失败的 URL', en_US: 'The task has no failed URLs' },
  'content.edge.notAccelerated': {
    zh_CN: '执行时该域名已不在加速中',
    en_US: 'The domain was no longer accelerated when the task ran',
  },
  'content.edge.unavailable': {
    zh_CN: '节点暂时无法执行，请重试',
    en_US: 'The edge could not execute it. Retry it.',
  },
  'package.size': { zh_CN: '流量包大小格式如 500GB、2TB', en_US: 'Give the size as 500GB, 2TB or 1.5PB' },
  'package.billing.typeOfMode': {
    zh_CN: '该计费类型不属于所选计费方式',
    en_US: 'This billing type does not belong to the chosen billing mode',
  },
  // IP check (spec §5, §9).
  'ipCheck.required': { zh_CN: '请输入要查询的 IP', en_US: 'Enter the IP addresses to check' },
  'ipCheck.format': { zh_CN: 'IP 格式不正确', en_US: 'The IP format is incorrect' },
  'alarm.name.required': { zh_CN: '请输入名称', en_US: 'Enter a name' },
  'alarm.name.tooLong': { zh_CN: '名称最多 30 个字符', en_US: 'The name is too long: at most 30 characters' },
  'alarm.name.firstChar': {
    zh_CN: '名称须以字母或汉字开头',
    en_US: 'The name must start with a letter or a Chinese character',
  },
  'alarm.name.chars': {
    zh_CN: '名称只能包含字母、汉字、数字和下划线',
    en_US: 'The name may hold only letters, Chinese characters, digits and underscores',
  },
  'alarm.contact.name.required': { zh_CN: '请输入姓名', en_US: 'Enter the name' },
  'alarm.contact.name.tooLong': {
    zh_CN: '姓名最多 32 个字符',
    en_US: 'The name is too long: at most 32 characters',
  },
  'alarm.contact.role.required': { zh_CN: '请输入角色', en_US: 'Enter the role' },
  'alarm.contact.role.tooLong': {
    zh_CN: '角色最多 20 个字符',
    en_US: 'The role is too long: at most 20 characters',
  },
  'alarm.contact.phone.required': { zh_CN: '请输入手机号码', en_US: 'Enter the mobile number' },
  'alarm.contact.phone.invalid': {
    zh_CN: '请输入正确的 11 位手机号码',
    en_US: 'Enter a valid 11-digit mobile number',
  },
  'alarm.contact.email.required': { zh_CN: '请输入邮箱', en_US: 'Enter the email address' },
  'alarm.contact.email.invalid': { zh_CN: '请输入正确的邮箱地址', en_US: 'Enter a valid email address' },
  'alarm.template.callback.required': { zh_CN: '请输入回调地址', en_US: 'Enter the callback URL' },
  'alarm.template.callback.invalid': {
    zh_CN: '请输入正确的回调地址（http:// 或 https://）',
    en_US: 'Enter a valid callback URL (http:// or https://)',
  },
  'alarm.template.channels.required': {
    zh_CN: '请至少选择一种接收渠道',
    en_US: 'Choose at least one channel',
  },
  'alarm.template.recipients.required': {
    zh_CN: '邮件和短信需要至少一个接收人或接收组',
    en_US: 'Email and SMS need at least one contact or group',
  },
  'alarm.rule.threshold.invalid': { zh_CN: '请输入有效的阈值', en_US: 'Enter a valid threshold' },
  'alarm.rule.threshold.percent': {
    zh_CN: '比例阈值须在 0 到 100 之间',
    en_US: 'A rate threshold must be between 0 and 100',
  },
  'alarm.policy.objectType.required': {
    zh_CN: '请先选择对象类型',
    en_US: 'Please choose the object type first',
  },
  'alarm.policy.rules.required': { zh_CN: '请先选择规则', en_US: 'Please choose a rule first' },
  'alarm.policy.objects.required': { zh_CN: '请选择告警对象', en_US: 'Choose the domains to watch' },
  'alarm.policy.rules.tooMany': {
    zh_CN: '{max, plural, other {最多添加 # 条规则}}',
    en_US: '{max, plural, one {At most # rule} other {At most # rules}}',
  },
  'alarm.policy.templates.tooMany': {
    zh_CN: '{max, plural, other {最多选择 # 个通知模板}}',
    en_US: '{max, plural, one {At most # notification template} other {At most # notification templates}}',
  },
  'alarm.group.name.required': { zh_CN: '请输入组名', en_US: 'Enter the group name' },
  'alarm.group.name.tooLong': {
    zh_CN: '组名最多 30 个字符',
    en_US: 'The group name is too long: at most 30 characters',
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
  'fileSync.md5.mismatch': {
    zh_CN: '服务器校验的 MD5 与文件不一致，文件未保存，请重新上传',
    en_US: 'The MD5 checked by the server does not match the file: it was not kept, please upload it again',
  },
  'fileSync.verify.unreadable': {
    zh_CN: '上传的数据无法读取，文件未保存，请重新上传',
    en_US: 'The uploaded bytes could not be read: the file was not kept, please upload it again',
  },
  'fileSync.abandoned': {
    zh_CN: '上传已 7 天未继续，已自动取消',
    en_US: 'The upload was not resumed for 7 days and was cancelled',
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
  'fileSync.done.cancelled': { zh_CN: '上传已取消', en_US: 'The upload was cancelled' },
  'fileSync.done.deleted': { zh_CN: '文件已删除', en_US: 'The file was deleted' },
  'fileSync.done.removed': { zh_CN: '记录已删除', en_US: 'The record was removed' },
  'ipCheck.tooMany': {
    zh_CN: '{max, plural, other {单次最多查询 # 个 IP}}',
    en_US:
      '{max, plural, one {At most # IP can be checked at a time} other {At most # IPs can be checked at a time}}',
  },
  'ipCheck.tooFrequent': {
    zh_CN: '{seconds, plural, other {查询过于频繁，请 # 秒后再试}}',
    en_US:
      '{seconds, plural, one {Too many queries: try again in # second} other {Too many queries: try again in # seconds}}',
  },
  'ipBan.rule.format': {
    zh_CN: 'IP 地址或 IP 段格式不正确',
    en_US: 'Enter a valid IPv4 or IPv6 address or CIDR range',
  },
  'ipBan.rule.prefix': {
    zh_CN: '掩码长度不正确：IPv4 最长为 /32，IPv6 最长为 /128',
    en_US: 'The prefix length is invalid: at most /32 for IPv4 and /128 for IPv6',
  },
  'ipBan.rule.hostBits': {
    zh_CN: 'IP 段须以网络地址开头，主机位应全为 0（例如 192.0.2.0/24）',
    en_US: 'A CIDR range must start at its network address, with the host bits zero (e.g. 192.0.2.0/24)',
  },
  'ipBan.rule.tooWide': {
    zh_CN: 'IP 段范围过大：IPv4 掩码不能小于 /8，IPv6 掩码不能小于 /32',
    en_US: 'The range is too wide: the prefix must be at least /8 for IPv4 and /32 for IPv6',
  },
  'ipBan.rule.alreadyBanned': {
    zh_CN: '该 IP 或 IP 段已在封禁中',
    en_US: 'This IP or range is already banned',
  },
  'ipBan.rule.overlapsEntry': {
    zh_CN: '与封禁中的 {entry} 重叠',
    en_US: 'It overlaps {entry}, which is already banned',
  },
  'ipBan.rule.notBanned': {
    zh_CN: '该 IP 或 IP 段未在封禁中（已解封或已过期）',
    en_US: 'This IP or range is not banned (it was unbanned or its ban has expired)',
  },
  'ipBan.rule.listFull': {
    zh_CN: '封禁列表已满：封禁中的记录最多 10000 条',
    en_US: 'The ban list is full: at most 10,000 entries can be banned at a time',
  },
  'ipBan.reason.tooLong': {
    zh_CN: '封禁原因不能超过 100 个字符',
    en_US: 'The reason can have at most 100 characters',
  },
  'ipBan.expiry.format': { zh_CN: '请输入正确的到期时间', en_US: 'Enter a valid expiry time' },
  'ipBan.expiry.past': { zh_CN: '到期时间须晚于当前时间', en_US: 'The expiry time must be in the future' },
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
  'domain.name.required': { zh_CN: '请填写加速域名', en_US: 'Enter the accelerated domain' },
  'domain.name.chars': {
    zh_CN: '加速域名含有非法字符，仅支持小写字母、数字、“.”、“_”和“-”',
    en_US: 'The domain has illegal characters: use only lowercase letters, digits, ".", "_" and "-"',
  },
  'domain.name.hyphen': {
    zh_CN: '各级域名不能以连字符“-”开头或结尾',
    en_US: 'A hyphen (-) cannot start or end any label of the domain',
  },
  'domain.name.tooLong': {
    zh_CN: '加速域名长度不能超过 100 个字符',
    en_US: 'The domain can have at most 100 characters',
  },
  'domain.name.format': {
    zh_CN: '加速域名格式不正确，例如 www.example.com',
    en_US: 'Enter a valid domain, such as www.example.com',
  },
  'domain.name.duplicate': { zh_CN: '加速域名重复', en_US: 'This domain is entered more than once' },
  'domain.name.exists': {
    zh_CN: '该加速域名已存在，不能重复添加',
    en_US: 'This domain already exists and cannot be added again',
  },
  'domain.origin.none': { zh_CN: '请至少添加一个源站', en_US: 'Add at least one origin' },
  'domain.origin.tooMany': { zh_CN: '源站最多添加 20 个', en_US: 'At most 20 origins can be added' },
  'domain.origin.required': { zh_CN: '请填写源站地址', en_US: 'Enter the origin address' },
  'domain.origin.ipFormat': { zh_CN: 'IP 地址格式不正确', en_US: 'Enter a valid IP address' },
  'domain.origin.domainFormat': { zh_CN: '源站域名格式不正确', en_US: 'Enter a valid origin domain' },
  'domain.origin.duplicate': { zh_CN: '源站地址不能重复', en_US: 'This origin address is already entered' },
  'domain.origin.backupSameAsPrimary': {
    zh_CN: '备源站不能与主源站相同',
    en_US: 'A backup origin must differ from the primary origin',
  },
  'domain.origin.domainSingle': {
    zh_CN: '域名类型的源站只能添加一个，IP 类型可添加多个',
    en_US: 'A domain origin allows one entry; IP origins allow several',
  },
  'domain.origin.defaultCarrier': {
    zh_CN: '至少需要一个运营商为“默认”的源站',
    en_US: 'At least one origin must have the default carrier',
  },
  'domain.origin.port': { zh_CN: '端口范围为 1–65535', en_US: 'The port must be from 1 to 65535' },
  'domain.origin.level': {
    zh_CN: '源站优先级须为 10–20 的整数',
    en_US: 'The priority must be a whole number from 10 to 20',
  },
  'domain.origin.weight': {
    zh_CN: '权重须为 1–100 的整数',
    en_US: 'The weight must be a whole number from 1 to 100',
  },
  'domain.origin.host': {
    zh_CN: '回源 HOST 须为 IPv4 地址或不超过 1024 个字符的域名',
    en_US: 'The back-to-origin host must be an IPv4 address or a domain of at most 1024 characters',
  },
  'domain.origin.matchTooLong': {
    zh_CN: '匹配规则不能超过 200 个字符',
    en_US: 'A match rule can have at most 200 characters',
  },
  'domain.origin.notPublic': {
    zh_CN: '源站地址不能是内网、本机或保留地址',
    en_US: 'The origin cannot be a private, loopback or reserved address',
  },
  'domain.copy.targetsRequired': {
    zh_CN: '请至少填写一个目标域名',
    en_US: 'Enter at least one target domain',
  },
  'domain.copy.targetsMax': {
    zh_CN: '每次最多复制到 10 个域名',
    en_US: 'A configuration can be copied to at most 10 domains at a time',
  },
  'domain.copy.httpsNotCopied': {
    zh_CN: '证书不能复用于新域名，HTTPS 配置无法复制',
    en_US: 'A certificate cannot be reused by a new domain, HTTPS config cannot be copied',
  },
  'domain.copy.failed': { zh_CN: '复制配置失败', en_US: 'Copy config failed' },
  'domain.group.nameRequired': { zh_CN: '请填写分组名称', en_US: 'Enter a group name' },
  'domain.group.nameTooLong': {
    zh_CN: '分组名称不能超过 30 个字符',
    en_US: 'The group name can have at most 30 characters',
  },
  'domain.group.exists': { zh_CN: '分组名称已存在', en_US: 'A group with this name already exists' },
  'domain.group.notFound': {
    zh_CN: '分组不存在或已被删除',
    en_US: 'The group does not exist or was deleted',
  },
  'domain.group.notEmpty': {
    zh_CN: '该分组下还有域名，请先移出域名再删除分组',
    en_US: 'The group still has domains: move them out before deleting it',
  },
  'domain.group.limit': { zh_CN: '分组最多创建 100 个', en_US: 'At most 100 groups can be created' },
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
  'domain.rule.specialConfig': {
    zh_CN: '该域名存在特殊配置，请联系管理员',
    en_US: 'This domain has a special configuration: contact an administrator',
  },
  'domain.rule.invalidTransition': {
    zh_CN: '域名状态为“{status}”，无法{action}',
    en_US: 'The domain is “{status}” and cannot be {action}',
  },
  'domain.rename.same': {
    zh_CN: '新域名与当前域名相同',
    en_US: 'The new domain is the same as the current one',
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

/** A catalog text with an ICU argument that picks a form (`{count, plural, one {…} other {…}}`). */
const icuPattern = /\{\w+, (?:plural|select|selectordinal),/;

/** An ICU text filled in as the console's catalog renders it: Lingui's own compiler and plural rules. */
function formatIcu(text: string, language: Language, values: Record<string, unknown>): string {
  const icu = setupI18n({
    locale: language,
    locales: [language.replace('_', '-')],
    messages: { [language]: { text } },
  });
  icu.setMessagesCompiler(compileMessage);
  return icu._('text', values);
}

/**
 * The text of a message id in the language; unknown ids fall back to the generic invalid-request
 * text. `{name}` placeholders (the catalog syntax the console shares) take `values[name]`, or its
 * label for the placeholders of `valueLabels`; a placeholder without a value is left as written.
 */
export function t(id: string, language: Language, values?: Record<string, unknown>): string {
  const known = isMessageId(id);
  // A rule of the console (a form's, a command module's) has its text in the catalog.
  const text: string = known
    ? messages[id][language]
    : (catalogText(id, language) ?? messages['common.invalid'][language]);
  if (!values) return text;
  if (icuPattern.test(text)) return formatIcu(text, language, values);
  const labels = known ? valueLabels[id] : undefined;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') return whole;
    return labels?.[name]?.[String(value)]?.[language] ?? String(value);
  });
}
