import './launch.css';
import { keepFocusOnThePage } from './focus';

export interface LaunchPopupProps {
  visible: boolean;
  onClose: () => void;
  onOpenModal: () => void;
}

// A small, non-modal reminder shown after the modal has been closed: it
// keeps the sign-up one click away without blocking the page.
export function LaunchPopup({ visible, onClose, onOpenModal }: LaunchPopupProps) {
  if (!visible) return null;
  return (
    <aside className="launch-popup" aria-label="Launch updates">
      <button type="button" className="launch-popup__close" aria-label="Close launch notice" onClick={(e) => keepFocusOnThePage(e.currentTarget, onClose)}>
        <span aria-hidden="true">×</span>
      </button>
      <p className="launch-popup__title">Our news-and-solutions portal is launching soon.</p>
      <p className="launch-popup__text">Be the first to know when it goes live.</p>
      <button type="button" className="button launch-popup__action" onClick={onOpenModal}>
        Get launch updates
      </button>
    </aside>
  );
}
