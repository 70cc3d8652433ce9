export { Launch, useLaunchState } from './Launch';
export { LaunchModal, SUCCESS_CLOSE_MS, type CloseReason, type LaunchModalProps } from './LaunchModal';
export { LaunchPopup, type LaunchPopupProps } from './LaunchPopup';
export { LaunchBanner, BANNER_BODY_CLASS, BANNER_HEIGHT_VAR, type LaunchBannerProps } from './LaunchBanner';
export { countdownDays, launchNoticeShown, useCountdown, COUNTDOWN_REFRESH_MS } from './countdown';
export { readSeen, markSeen, SEEN_KEY } from './seen';
