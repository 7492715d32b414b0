import { useMemo } from 'react';
import { useSnackbar, type OptionsObject } from 'notistack';

export const NOTIFY_DURATION_MS = 2000;
export const SIGN_IN_NOTIFY_DURATION_MS = 3000;

type Options = Pick<OptionsObject, 'autoHideDuration' | 'persist'>;

export interface Notify {
  success: (message: string, options?: Options) => void;
  error: (message: string, options?: Options) => void;
  info: (message: string, options?: Options) => void;
  warning: (message: string, options?: Options) => void;
  /** Dismisses every notification on screen (e.g. stale errors once sign-in succeeds). */
  dismissAll: () => void;
}

/** Snackbar notifications (at most 2 at once, hidden after 2000 ms unless told otherwise). */
export function useNotify(): Notify {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (variant: OptionsObject['variant']) => (message: string, options?: Options) => {
      enqueueSnackbar(message, { variant, ...options });
    };
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      dismissAll: () => closeSnackbar(),
    };
  }, [enqueueSnackbar, closeSnackbar]);
}
