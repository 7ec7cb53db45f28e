import type { PackageRegion } from '../../src/contract/traffic-package';
import { statsOffsetMs } from '../../src/contract/traffic-constants';
import type { Db } from '../db/client';
import { findAccountByLogin } from '../modules/account/service';
import { listPackages, runPackageAction } from '../modules/traffic-package/service';

/** The demo's packages: one expiring in 3 days, one new, one expired, one not in effect yet. */
const tb = 1e12;
const demoPackages: readonly [number, PackageRegion, number, number][] = [
  // bytes, region, effective (days from today), days
  [800 * tb, 'mainland', -40, 43],
  [2000 * tb, 'mainland', -5, 365],
  [100 * tb, 'global', -80, 30],
  [50 * tb, 'overseas', 7, 180],
];

/** Whether the demo has its packages. */
export async function demoPackagesSeeded(db: Db, accountId: number): Promise<boolean> {
  return (await listPackages(db, accountId, new Date())).lists.length > 0;
}

/** Grants the demo's packages the way the operator does (`npm run admin -- package grant`). */
export async function seedDemoPackages(db: Db, accountId: number, now: Date): Promise<void> {
  if (await demoPackagesSeeded(db, accountId)) return;
  const login = (await findAccountByLogin(db, 'demo'))?.login ?? 'demo';
  const day = (offset: number) =>
    new Date(now.getTime() + statsOffsetMs + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [size, region, from, days] of demoPackages)
    await runPackageAction(db, { action: 'grant', login, size, region, days, effective: day(from) }, now);
}
