// keepFocusOnThePage closes a notice whose button has focus without
// dropping focus to <body> (where the next Tab would start again from the
// top of the page): it goes to the page's main content first.
export function keepFocusOnThePage(button: HTMLElement, close: () => void) {
  if (document.activeElement === button) document.getElementById('main')?.focus({ preventScroll: true });
  close();
}
