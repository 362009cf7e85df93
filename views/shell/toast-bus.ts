/** A toast any view can raise; the Toaster renders it. Messages are locale keys or server text. */
export interface ToastMessage {
  text: string;
  severity: 'error' | 'warn' | 'success' | 'info';
  life?: number;
}

let sink: ((message: ToastMessage) => void) | undefined;

export function registerToast(handler: (message: ToastMessage) => void) {
  sink = handler;
  return () => {
    if (sink === handler) sink = undefined;
  };
}

export const toast = (message: ToastMessage) => sink?.(message);
