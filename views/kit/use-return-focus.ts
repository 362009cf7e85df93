import { useLayoutEffect } from 'react';

/**
 * While `open`, remembers what had the focus when it became true (the button that opened a dialog)
 * and gives the focus back to it when `open` turns false, so a keyboard user carries on where they
 * were instead of at the top of the page (WCAG 2.4.3).
 */
export function useReturnFocus(open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
}
