import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LiveMessage } from '@/components/live-message';
import { moveFocusTo, useAnnounce } from '@/lib/announce';
import { serverMessage } from '@/lib/api-client';
import { useRefiWatchAction, type RefiManageAction } from '../api/refi-manage';
import { TitledSection } from '@/components/titled-section';

// What Pause and Resume leave behind, said where the button was (Unsubscribe takes the
// controls away: the page's heading takes focus then, manage-page.tsx).
export const DONE = {
  pause: 'Alerts paused.',
  resume: 'Alerts resumed.',
} as const;

/** Pause or resume this watch's alerts, or unsubscribe the address from every alert (after asking). */
export function WatchControls({ token, paused }: { token: string; paused: boolean }) {
  const act = useRefiWatchAction(token);
  const announce = useAnnounce();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The button pressed is replaced (Pause by Resume) or disabled: focus goes to what happened.
  const [outcome, setOutcome] = useState<{ done: keyof typeof DONE } | { failed: true } | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!outcome) return;
    if ('done' in outcome) {
      moveFocusTo(doneRef.current);
      announce(DONE[outcome.done]);
    } else moveFocusTo(failureRef.current);
  }, [outcome, announce]);

  const run = (action: RefiManageAction) => {
    setOutcome(null);
    act.mutate(action, {
      onSuccess: () => {
        if (action !== 'unsubscribe') setOutcome({ done: action });
      },
      onError: () => setOutcome({ failed: true }),
    });
  };

  return (
    <TitledSection id="controls-heading" title="Pause or stop alerts" headingClassName="mb-3 text-xl font-semibold text-slate-900">
      <p className="mb-4 text-slate-700">
        Pausing keeps your trigger for later. Unsubscribing stops every Refi Buddy alert to this address; to get alerts again you would
        sign up and confirm again.
      </p>
      <div className="flex flex-wrap gap-3">
        {paused ? (
          <Button onClick={() => run('resume')} disabled={act.isPending}>
            Resume alerts
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => run('pause')} disabled={act.isPending}>
            Pause alerts
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirmOpen(true)} disabled={act.isPending}>
          Unsubscribe
        </Button>
      </div>
      <LiveMessage ref={failureRef} tone="error" className="mt-3 text-sm font-medium text-red-700">
        {act.isError && (serverMessage(act.error) ?? 'That did not work. Please try again.')}
      </LiveMessage>
      {outcome && 'done' in outcome && (
        <p ref={doneRef} className="mt-3 font-medium text-green-800">
          {DONE[outcome.done]}
        </p>
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Stop every Refi Buddy alert?"
        confirmLabel="Yes, unsubscribe"
        cancelLabel="Keep my alerts"
        onConfirm={() => {
          setConfirmOpen(false);
          run('unsubscribe');
        }}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>We will stop e-mailing this address about refinancing. To get alerts again you would sign up and confirm again.</p>
      </ConfirmDialog>
    </TitledSection>
  );
}
