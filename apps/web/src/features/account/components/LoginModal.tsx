import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { Modal } from '../../../components/Modal';
import { paths } from '../../../lib/paths';
import { LoginForm } from './LoginForm';

/** The login modal of /ec/login (SPEC §2 showModal): the real login form over the Dashboard. */
export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <Modal
      title={t`Log in`}
      onClose={onClose}
      actions={
        <p className="muted modal-note">
          <Trans>
            New here? <AppLink to={paths.signup}>Create an account</AppLink>
          </Trans>
        </p>
      }
    >
      <LoginForm redirect={pathname + search} />
    </Modal>
  );
}
