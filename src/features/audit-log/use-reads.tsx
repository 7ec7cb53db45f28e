import type { ComponentType } from 'react';
import { withReads as withAccountReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';

/** A screen of this feature inside the read layer of the signed-in account pair. */
export const withReads = <P extends object>(Body: ComponentType<P>) =>
  withAccountReads(Body, useReadAccounts);
