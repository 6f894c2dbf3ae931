import type * as ReactToastify from 'react-toastify';
import type { ToastOptions } from 'react-toastify';

// Toasts appear only after something went wrong or was done, never on first
// paint: the library loads with the first toast. Toasts raised before the
// container mounts wait in react-toastify's own queue.
let toastModule: Promise<typeof ReactToastify> | undefined;
let containerNeeded = false;
const listeners = new Set<() => void>();

export function showToast(message: string, options?: ToastOptions): void {
  if (!containerNeeded) {
    containerNeeded = true;
    listeners.forEach((listener) => listener());
  }
  toastModule ??= import('react-toastify');
  toastModule.then(
    ({ toast }) => toast(message, options),
    (error: unknown) => {
      toastModule = undefined;
      console.error(error);
    },
  );
}

export function isToastContainerNeeded(): boolean {
  return containerNeeded;
}

export function subscribeToastContainerNeeded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
