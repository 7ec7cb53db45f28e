import { useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../ui/screen-header';
import { ScreenNotice } from './screen-notice';

/** A sub-account that opened another account's center: only its own is open to it, one link away. */
export function OutOfReach({ ownId }: { ownId: number }) {
  const { t } = useLingui();
  return (
    <ScreenNotice
      header={<ScreenHeader title={t({ id: 'user.center.title', message: 'Account center' })} />}
      message={t({
        id: 'user.center.outOfReach',
        message: 'A sub-account can open only its own account center.',
      })}
      href={`#/cdn/user/detail/${ownId}`}
      action={t({ id: 'user.center.toOwn', message: 'Open my account center' })}
    />
  );
}
