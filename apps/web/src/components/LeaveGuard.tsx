import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { MSG } from '@dme/shared';
import { getToken } from '@/lib/storage.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface LeaveGuardHandle {
  /** Render it once in the form's screen. */
  dialog: ReactElement;
  /** Call right before navigating away after a successful save, so the guard does not ask. */
  release: () => void;
}

/**
 * Warns before leaving a form with unsaved changes: an in-app navigation opens the dialog,
 * a reload or tab close gets the browser's own prompt. Signing out is never held back.
 * Needs a data router (createBrowserRouter); a router supports one active guard at a time.
 */
export function useLeaveGuard(when: boolean): LeaveGuardHandle {
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      whenRef.current &&
      getToken() !== null &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const release = useCallback(() => {
    whenRef.current = false;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={MSG.leaveTitle}
      message={MSG.leaveBody}
      confirmLabel="Leave"
      confirmColor="error"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { dialog, release };
}

/** Component form of the guard for screens that never navigate away on their own. */
export function LeaveGuard({ when }: { when: boolean }) {
  return useLeaveGuard(when).dialog;
}
