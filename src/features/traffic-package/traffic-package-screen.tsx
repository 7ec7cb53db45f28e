import { useLingui } from '@lingui/react/macro';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ListPage } from '../../ui/list-page';
import { useOnline } from '../../ui/use-online';
import { TrafficPackages } from './traffic-packages';

/**
 * Traffic packages (spec §2 /cdn/traffic-package, §3, §9): each package's type, region, usage,
 * effective and expiry times and state; "expiring soon" under 5 days; not usable under bandwidth
 * billing; the usage counted hourly, so it may lag (the time it is counted to is shown).
 */
function TrafficPackageBody() {
  const { t } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const read = useCall('trafficPackageList', undefined);
  return (
    <ListPage
      title={t({ id: 'package.screen.title', message: 'Traffic packages' })}
      intro={t({
        id: 'package.screen.intro',
        message:
          'Traffic bought in advance: each hour’s traffic is taken from the package of its region that expires first.',
      })}
      reads={reads}
      read={read}
      neverRead={{
        what: t({ id: 'package.list.what', message: 'the traffic packages' }),
      }}
    >
      {(data) => <TrafficPackages data={data} />}
    </ListPage>
  );
}

export const TrafficPackageScreen = withReads(TrafficPackageBody, useReadAccounts);
