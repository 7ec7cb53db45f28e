import type { ComponentType } from 'react';
import type { SectionKind } from '../../../contract/domain-config';
import { AccessForm } from './access-form';
import { HttpsForm } from './https-form';
import { CacheForm, HeadersForm, RewritesForm, SpeedLimitForm } from './rule-forms';
import type { SectionFormProps } from './section-card';
import { OriginSettingsForm, PerformanceForm, UrlAuthForm } from './setting-forms';

type FormOf<K extends SectionKind> = ComponentType<SectionFormProps<K>>;

/** The form of each section. */
export const sectionForms: { [K in SectionKind]: FormOf<K> } = {
  domainOrigin: OriginSettingsForm,
  domainCache: CacheForm,
  domainHttps: HttpsForm,
  domainAccess: AccessForm,
  domainHeaders: HeadersForm,
  domainRewrites: RewritesForm,
  domainPerformance: PerformanceForm,
  domainUrlAuth: UrlAuthForm,
  domainSpeedLimit: SpeedLimitForm,
};
