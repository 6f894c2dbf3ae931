import { ToastContainer } from 'react-toastify';

/** Spec: bottom centre, dark, no progress bar, no close button. */
export function StudioToastContainer() {
  return <ToastContainer position="bottom-center" theme="dark" hideProgressBar closeButton={false} />;
}
