import { useCallback, useEffect, useState } from 'react';
import type { Site } from '../types';
import { launchNoticeShown } from './countdown';
import { LaunchBanner } from './LaunchBanner';
import { LaunchModal, type CloseReason } from './LaunchModal';
import { LaunchPopup } from './LaunchPopup';
import { markSeen, readSeen } from './seen';
import { withBase } from '../sitepath';

interface LaunchState {
  mounted: boolean;
  modalOpen: boolean;
  popupVisible: boolean;
  bannerVisible: boolean;
}

const serverState: LaunchState = { mounted: false, modalOpen: false, popupVisible: false, bannerVisible: false };

// The launch widgets' state (SPEC §2 home page, §4). Nothing is shown until
// after hydration: whether the modal was seen lives in localStorage, which
// the server cannot read. Then the modal opens on a first visit; closing it
// marks it seen and shows the popup, whose action reopens the modal. After
// a successful sign-up the popup is not offered again. The banner shows on
// every visit until closed (closing lasts for this page view). When the
// notice is switched off or the launch day is over (launchNoticeShown),
// nothing shows at all.
export function useLaunchState(site: Pick<Site, 'launchNotice' | 'launchDate'> & { timeZone?: string }) {
  const [state, setState] = useState<LaunchState>(serverState);
  const { launchNotice, launchDate, timeZone } = site;

  useEffect(() => {
    const shown = launchNoticeShown({ launchNotice, launchDate, timeZone }, new Date());
    setState({ mounted: shown, modalOpen: shown && !readSeen(), popupVisible: false, bannerVisible: shown });
  }, [launchNotice, launchDate, timeZone]);

  const openModal = useCallback(() => setState((s) => ({ ...s, modalOpen: true })), []);
  const closeModal = useCallback((reason: CloseReason = 'dismiss') => {
    markSeen();
    setState((s) => ({ ...s, modalOpen: false, popupVisible: reason !== 'submitted' }));
  }, []);
  const closePopup = useCallback(() => setState((s) => ({ ...s, popupVisible: false })), []);
  const closeBanner = useCallback(() => setState((s) => ({ ...s, bannerVisible: false })), []);

  return { ...state, openModal, closeModal, closePopup, closeBanner };
}

// Drop-in for the home page: <Launch site={site} />. Renders nothing on the
// server and in the hydrating render, so the prerendered HTML is stable.
export function Launch({ site }: { site: Site }) {
  const s = useLaunchState(site);
  if (!s.mounted) return null;
  return (
    <>
      <LaunchModal open={s.modalOpen} onClose={s.closeModal} endpoint={withBase(site.forms.launch)} launchDate={site.launchDate} timeZone={site.timeZone} />
      <LaunchPopup visible={s.popupVisible} onClose={s.closePopup} onOpenModal={s.openModal} />
      <LaunchBanner visible={s.bannerVisible} onClose={s.closeBanner} onStayUpdated={s.openModal} launchDate={site.launchDate} timeZone={site.timeZone} />
    </>
  );
}
