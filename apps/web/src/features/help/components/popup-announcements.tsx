import { type ComponentProps, type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useNavigate, useNavigationType } from 'react-router';
import { useSignedIn } from '../../../lib/session';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useDrawnInTransition } from '../../../lib/use-drawn-in-transition';
import { useDismissPopup, usePendingPopups } from '../api/popups';
import { articlePath } from './paths';
import type { PopupDialog as PopupDialogType } from './popup-dialog';

/**
 * The dialog and its Markdown renderer (react-markdown, about 35 KB gzipped) load after home's first
 * paint (useAfterPaint), and only when there is an announcement to show: the pop-up appears a moment after home. A
 * chunk that fails to load shows no pop-up rather than an error in home's place; the announcement,
 * not dismissed, shows at the next opening.
 */
const PopupDialog = lazy(async (): Promise<{ default: ComponentType<ComponentProps<typeof PopupDialogType>> }> => {
  try {
    return { default: (await import('./popup-dialog')).PopupDialog };
  } catch {
    return { default: () => null };
  }
});

/**
 * Whether this page load opened onto home, signed in: decided at home's first showing and kept until
 * the next load. Pop-ups greet a member opening the app; they do not interrupt someone who has just
 * signed in, or who came to home from another screen.
 */
let openedOnHome: boolean | undefined;

function decideOpening(firstNavigation: boolean, signedIn: boolean): boolean {
  openedOnHome ??= firstNavigation && signedIn;
  return openedOnHome;
}

/**
 * Pop-up announcements on home, one at a time, oldest first: each shows until the member dismisses it
 * (or opens it in the help centre), and then never again for them, on any device.
 */
export function PopupAnnouncements() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  // The first location of a load arrives as a POP; a sign-in, a tab or a link arrives as PUSH or REPLACE.
  const navigationType = useNavigationType();
  const [opening] = useState(() => decideOpening(navigationType === 'POP', signedIn));
  const pending = usePendingPopups(opening);
  const dismiss = useDismissPopup();
  const total = useRef(0);
  const drawn = useDrawnInTransition(pending.data !== undefined);
  // The dialog's chunk is asked for only once home has painted with the announcements' reply.
  const painted = useAfterPaint(drawn && (pending.data?.popups.length ?? 0) > 0);
  const popups = (painted && pending.data?.popups) || [];
  if (total.current === 0 && popups.length > 0) total.current = popups.length;
  const current = popups[0];
  if (!current) return null;

  return (
    <Suspense fallback={null}>
      <PopupDialog
        popup={current}
        position={total.current > 1 ? { n: total.current - popups.length + 1, total: total.current } : null}
        onDismiss={() => dismiss.mutate(current.id)}
        onOpen={() => {
          dismiss.mutate(current.id);
          navigate(articlePath(current.id));
        }}
      />
    </Suspense>
  );
}
