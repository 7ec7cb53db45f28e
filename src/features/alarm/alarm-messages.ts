import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The rules' messages the forms show, with the server's ids and English texts. */
export const problemLabels: Record<string, MessageDescriptor> = {
  'alarm.name.required': msg({ id: 'alarm.name.required', message: 'Enter a name' }),
  'alarm.name.tooLong': msg({
    id: 'alarm.name.tooLong',
    message: 'The name is too long: at most 30 characters',
  }),
  'alarm.name.firstChar': msg({
    id: 'alarm.name.firstChar',
    message: 'The name must start with a letter or a Chinese character',
  }),
  'alarm.name.chars': msg({
    id: 'alarm.name.chars',
    message: 'The name may hold only letters, Chinese characters, digits and underscores',
  }),
  'alarm.contact.name.required': msg({ id: 'alarm.contact.name.required', message: 'Enter the name' }),
  'alarm.contact.name.tooLong': msg({
    id: 'alarm.contact.name.tooLong',
    message: 'The name is too long: at most 32 characters',
  }),
  'alarm.contact.role.required': msg({ id: 'alarm.contact.role.required', message: 'Enter the role' }),
  'alarm.contact.role.tooLong': msg({
    id: 'alarm.contact.role.tooLong',
    message: 'The role is too long: at most 20 characters',
  }),
  'alarm.contact.phone.required': msg({
    id: 'alarm.contact.phone.required',
    message: 'Enter the mobile number',
  }),
  'alarm.contact.phone.invalid': msg({
    id: 'alarm.contact.phone.invalid',
    message: 'Enter a valid 11-digit mobile number',
  }),
  'alarm.contact.email.required': msg({
    id: 'alarm.contact.email.required',
    message: 'Enter the email address',
  }),
  'alarm.contact.email.invalid': msg({
    id: 'alarm.contact.email.invalid',
    message: 'Enter a valid email address',
  }),
  'alarm.template.callback.required': msg({
    id: 'alarm.template.callback.required',
    message: 'Enter the callback URL',
  }),
  'alarm.template.callback.invalid': msg({
    id: 'alarm.template.callback.invalid',
    message: 'Enter a valid callback URL (http:// or https://)',
  }),
  'alarm.template.channels.required': msg({
    id: 'alarm.template.channels.required',
    message: 'Choose at least one channel',
  }),
  'alarm.template.recipients.required': msg({
    id: 'alarm.template.recipients.required',
    message: 'Email and SMS need at least one contact or group',
  }),
  'alarm.rule.threshold.invalid': msg({
    id: 'alarm.rule.threshold.invalid',
    message: 'Enter a valid threshold',
  }),
  'alarm.rule.threshold.percent': msg({
    id: 'alarm.rule.threshold.percent',
    message: 'A rate threshold must be between 0 and 100',
  }),
  'alarm.policy.objectType.required': msg({
    id: 'alarm.policy.objectType.required',
    message: 'Please choose the object type first',
  }),
  'alarm.policy.rules.required': msg({
    id: 'alarm.policy.rules.required',
    message: 'Please choose a rule first',
  }),
  'alarm.policy.objects.required': msg({
    id: 'alarm.policy.objects.required',
    message: 'Choose the domains to watch',
  }),
  'alarm.group.name.required': msg({ id: 'alarm.group.name.required', message: 'Enter the group name' }),
  'alarm.group.name.tooLong': msg({
    id: 'alarm.group.name.tooLong',
    message: 'The group name is too long: at most 30 characters',
  }),
};

/** What a setting's save says: done, or kept on this device until the connection returns. */
export const savedMessages = {
  group: {
    online: msg({ id: 'alarm.ui.group.savedOnline', message: 'The contact group was saved.' }),
    offline: msg({
      id: 'alarm.ui.group.savedOffline',
      message: 'The group is saved on this device and sent when the connection returns.',
    }),
  },
  template: {
    online: msg({ id: 'alarm.ui.template.savedOnline', message: 'The notification template was saved.' }),
    offline: msg({
      id: 'alarm.ui.template.savedOffline',
      message: 'The template is saved on this device and sent when the connection returns.',
    }),
  },
  contact: {
    online: msg({ id: 'alarm.ui.contact.savedOnline', message: 'The contact was saved.' }),
    offline: msg({
      id: 'alarm.ui.contact.savedOffline',
      message: 'The contact is saved on this device and sent when the connection returns.',
    }),
  },
  policy: {
    online: msg({ id: 'alarm.ui.policy.savedOnline', message: 'The alarm policy was saved.' }),
    offline: msg({
      id: 'alarm.ui.policy.savedOffline',
      message: 'The alarm policy is saved on this device and sent when the connection returns.',
    }),
  },
  policyCopy: {
    online: msg({ id: 'alarm.ui.policy.copiedOnline', message: 'The copy of the alarm policy was saved.' }),
    offline: msg({
      id: 'alarm.ui.policy.copiedOffline',
      message: 'The copy is saved on this device and sent when the connection returns.',
    }),
  },
} satisfies Record<string, { online: MessageDescriptor; offline: MessageDescriptor }>;
