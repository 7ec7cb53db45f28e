import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import {
  loadDomainCopyScreen,
  loadDomainCreateScreen,
  loadDomainDetailScreen,
  loadDomainListScreen,
} from '../features/domain';
import { loadIpBanScreen } from '../features/ip-ban';

/**
 * Every screen is loaded on demand, so the first load carries only the shell. The route files
 * mount these; the features' public surfaces are their index.ts.
 */
export const DashboardScreen = lazy(() =>
  import('../features/dashboard').then((m) => ({ default: m.DashboardScreen })),
);
export const OpenServiceScreen = lazy(() =>
  import('../features/open-service').then((m) => ({ default: m.OpenServiceScreen })),
);
export const HelpScreen = lazy(() => import('../features/help').then((m) => ({ default: m.HelpScreen })));
export const SuggestionScreen = lazy(() =>
  import('../features/suggestion').then((m) => ({ default: m.SuggestionScreen })),
);
// The feature's index is in the first load (its pending-changes views); the screen is not.
export const IpBanScreen = lazy(() => loadIpBanScreen().then((m) => ({ default: m.IpBanScreen })));
export const DomainListScreen = lazy(() =>
  loadDomainListScreen().then((m) => ({ default: m.DomainListScreen })),
);
export const DomainCreateScreen = lazy(() =>
  loadDomainCreateScreen().then((m) => ({ default: m.DomainCreateScreen })),
);
export const DomainDetailScreen = lazy(() =>
  loadDomainDetailScreen().then((m) => ({ default: m.DomainDetailScreen })),
);
export const DomainCopyScreen = lazy(() =>
  loadDomainCopyScreen().then((m) => ({ default: m.DomainCopyScreen })),
);
const NotAvailableYet = lazy(() =>
  import('../features/not-available').then((m) => ({ default: m.NotAvailableYet })),
);

/** A function of a later version: one shared screen, titled like its menu entry. */
export function LaterScreen({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <NotAvailableYet title={i18n._(title)} />;
}
