import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../components/Modal';
import { reactivatedNotice, useFlag } from '../api/session';

export function ReactivatedModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Account reactivated`} onClose={onClose}>
      <p>
        <Trans>Welcome back! Your account has been reactivated, and everything is where you left it.</Trans>
      </p>
    </Modal>
  );
}

/** The "account reactivated" modal after a login answered with X-Reactivated (SPEC §4). */
export function AccountNotices() {
  const reactivated = useFlag(reactivatedNotice);
  return reactivated ? <ReactivatedModal onClose={() => reactivatedNotice.set(false)} /> : null;
}
