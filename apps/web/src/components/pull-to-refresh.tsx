import 'antd-mobile/es/components/pull-to-refresh/pull-to-refresh.css';
import { useConfig } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './pull-to-refresh.module.css';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** antd-mobile's own measures (40 px head, 60 px to release, 500 ms of "done"), so it feels the same. */
const HEAD = 40;
const THRESHOLD = 60;
const COMPLETE_MS = 500;

/** antd-mobile's rubber band past the edge: the further the pull, the less the head follows. */
function rubberband(distance: number): number {
  const dimension = HEAD * 5;
  return (distance * dimension * 0.5) / (dimension + 0.5 * distance);
}

function scrolledDown(target: EventTarget | null): boolean {
  for (let node = target instanceof Element ? target : null; node; node = node.parentElement) {
    if (node.scrollTop > 0) return true;
  }
  return window.scrollY > 0;
}

/**
 * antd-mobile's PullToRefresh, same markup, classes and texts, with the head's height moved by a CSS
 * transition instead of react-spring and the drag read from touch events instead of @use-gesture:
 * home draws without those two libraries (26 KB gzipped); every page pulls to refresh with this one.
 */
export function PullToRefresh({
  onRefresh,
  disabled = false,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  /** No pulling at all (a page with nothing to read again yet). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const { locale } = useConfig();
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  // The latest values for the listeners, which are added once.
  const state = useRef({ status, onRefresh, disabled });
  state.current = { status, onRefresh, disabled };

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    let startY: number | null = null;
    let pulling = false;
    let pulled = 0;
    let mounted = true;
    const settle = (to: Status) => mounted && setStatus(to);
    const refresh = async () => {
      setHeight(HEAD);
      setStatus('refreshing');
      try {
        await state.current.onRefresh();
        settle('complete');
        await new Promise((resolve) => setTimeout(resolve, COMPLETE_MS));
      } finally {
        if (mounted) setHeight(0);
        settle('pulling');
      }
    };
    const onStart = (event: TouchEvent) => {
      const busy = state.current.disabled || state.current.status === 'refreshing' || state.current.status === 'complete';
      startY = busy || event.touches.length !== 1 ? null : (event.touches[0]?.clientY ?? null);
      pulling = false;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const moved = Math.ceil((event.touches[0]?.clientY ?? startY) - startY);
      if (!pulling) {
        // Only a pull down from the very top of the page; anything else is the page's own scroll.
        if (moved <= 0 || scrolledDown(event.target)) {
          startY = null;
          return;
        }
        pulling = true;
        setDragging(true);
      }
      if (event.cancelable) event.preventDefault();
      event.stopPropagation();
      pulled = Math.max(rubberband(moved), 0);
      setHeight(pulled);
      setStatus(pulled > THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null || !pulling) return;
      startY = null;
      pulling = false;
      setDragging(false);
      if (pulled > THRESHOLD) void refresh().catch(() => undefined);
      else setHeight(0);
    };
    node.addEventListener('touchstart', onStart, { passive: true });
    node.addEventListener('touchmove', onMove, { passive: false });
    node.addEventListener('touchend', onEnd);
    node.addEventListener('touchcancel', onEnd);
    return () => {
      mounted = false;
      node.removeEventListener('touchstart', onStart);
      node.removeEventListener('touchmove', onMove);
      node.removeEventListener('touchend', onEnd);
      node.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = {
    pulling: locale.PullToRefresh.pulling,
    canRelease: locale.PullToRefresh.canRelease,
    refreshing: `${locale.common.loading}...`,
    complete: locale.PullToRefresh.complete,
  }[status];
  return (
    <div ref={element} className="adm-pull-to-refresh">
      <div className={`adm-pull-to-refresh-head ${dragging ? '' : styles.settling}`} style={{ height }}>
        <div className="adm-pull-to-refresh-head-content" style={{ height: HEAD }}>
          {text}
        </div>
      </div>
      <div className="adm-pull-to-refresh-content">{children}</div>
    </div>
  );
}
