import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { Channel } from '@sift/contracts';
import type { MenuEntry } from '../../components/Menu';
import { usePreference } from '../../lib/hooks';
import { useLoginNeeding } from '../../lib/use-login-needing';
import { ADD_TO_SIFT_ACTION, type ChannelPayload } from './actions';
import { openAddToSift } from './components/AddToSift';

/** The sifts feature's part of every channel menu (SPEC §2 channel bottom sheet: "Add to Sift"). */
export function useSiftChannelMenu(): (channel: Channel) => MenuEntry[] {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const loginNeeding = useLoginNeeding();
  return useCallback(
    (channel: Channel) => {
      const payload: ChannelPayload = {
        externalId: channel.externalId,
        name: channel.name,
        thumbnail: channel.thumbnail,
        numberOfFollowers: channel.numberOfFollowers,
      };
      const open = () => {
        if (token) return openAddToSift(payload);
        void loginNeeding({ type: ADD_TO_SIFT_ACTION, payload }, async () => openAddToSift(payload));
      };
      return [{ kind: 'action', label: t`Add to Sift`, icon: 'sift', onSelect: open }];
    },
    [token, loginNeeding, t],
  );
}
