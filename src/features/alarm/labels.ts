import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AlarmChannel, AlarmIndicator, AlarmTemplate, MonitorType } from '../../contract/alarm';
import type { Language } from '../../contract/limits';

export const indicatorLabels: Record<AlarmIndicator, MessageDescriptor> = {
  bandwidth: msg({ id: 'alarm.ui.indicator.bandwidth', message: 'Bandwidth (Mbps)' }),
  flow: msg({ id: 'alarm.ui.indicator.flow', message: 'Traffic (MB)' }),
  requests: msg({ id: 'alarm.ui.indicator.requests', message: 'Requests' }),
  status4xxRate: msg({ id: 'alarm.ui.indicator.status4xxRate', message: '4xx rate (%)' }),
  status5xxRate: msg({ id: 'alarm.ui.indicator.status5xxRate', message: '5xx rate (%)' }),
  hitRate: msg({ id: 'alarm.ui.indicator.hitRate', message: 'Hit rate (%)' }),
  responseTime: msg({ id: 'alarm.ui.indicator.responseTime', message: 'Average response time (ms)' }),
};

export const monitorLabels: Record<MonitorType, MessageDescriptor> = {
  domain: msg({ id: 'alarm.ui.monitor.domain', message: 'Domains' }),
  account: msg({ id: 'alarm.ui.monitor.account', message: 'Whole account' }),
};

export const channelLabels: Record<AlarmChannel, MessageDescriptor> = {
  email: msg({ id: 'alarm.ui.channel.email', message: 'Email' }),
  sms: msg({ id: 'alarm.ui.channel.sms', message: 'SMS' }),
  callback: msg({ id: 'alarm.ui.channel.callback', message: 'Callback URL' }),
};

export const notifyLabels: Record<AlarmTemplate['notify'], MessageDescriptor> = {
  alarm: msg({ id: 'alarm.ui.notify.alarm', message: 'Alarms' }),
  alarmAndRestore: msg({ id: 'alarm.ui.notify.alarmAndRestore', message: 'Alarms and restorations' }),
};

export const languageLabels: Record<Language, string> = { zh_CN: '中文', en_US: 'English' };
