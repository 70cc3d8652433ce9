// Test-only stand-in for the parts of HTMLDialogElement that jsdom lacks.
// Like the browser, close() fires a 'close' event, which is how Esc reaches
// the component.

type DialogProto = { showModal?: () => void; close?: () => void };

export function installDialogPolyfill(): () => void {
  const proto = HTMLDialogElement.prototype as unknown as DialogProto;
  const had = { showModal: proto.showModal, close: proto.close };
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  return () => {
    proto.showModal = had.showModal;
    proto.close = had.close;
    if (!had.showModal) delete proto.showModal;
    if (!had.close) delete proto.close;
  };
}
