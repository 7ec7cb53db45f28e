import type { ComponentType } from 'react';
import type { SectionKind } from '../../../contract/domain-config';
import { AccessForm } from './access-form';
import { HttpsForm } from './https-form';
import { CacheForm } from './cache-form';
import { HeadersForm } from './headers-form';
import { RewritesForm } from './rewrites-form';
import { SpeedLimitForm } from './speed-limit-form';
import type { SectionFormProps } from './section-card';
import { OriginSettingsForm } from './origin-settings-form';
import { PerformanceForm } from './performance-form';
import { UrlAuthForm } from './url-auth-form';

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
