import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-refresh.css';

type Phase = 'idle' | 'pulling' | 'release' | 'refreshing' | 'done';

/** How far the finger must pull (after resistance) to refresh, and the height the head rests at. */
const THRESHOLD = 56;
const HEAD = 44;
const MAX = 110;

/** The window (this app scrolls the document) is at the very top. */
const atTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/** Drags that belong to something else: sheets, dialogs, the bars, and fields being edited. */
const NOT_A_PULL = '.adm-popup, .adm-mask, .adm-center-popup-wrap, .adm-dialog, .tab-layout__bar, .nav-bar, input, textarea';

const ignored = (target: EventTarget | null) => target instanceof Element && target.closest(NOT_A_PULL) !== null;

/**
 * Pull-to-refresh, the app's only one (one look, one wording on every page), drawn with a CSS
 * transition: antd-mobile's brings an animation library of some 25 kB (gzip), too much for the home
 * route. It listens on the whole document, not on its own box, so a drag that starts below a short
 * list (on the empty part of the screen) refreshes too.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [offset, setOffset] = useState(0);
  const phaseRef = useRef<Phase>('idle');
  const startY = useRef<number | null>(null);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined;
    let mounted = true;
    const show = (next: Phase, height: number) => {
      phaseRef.current = next;
      setPhase(next);
      setOffset(height);
    };

    const onStart = (event: TouchEvent) => {
      const now = phaseRef.current;
      if (now === 'refreshing' || now === 'done' || !atTop() || ignored(event.target)) return;
      startY.current = event.touches[0]?.clientY ?? null;
    };

    const onMove = (event: TouchEvent) => {
      if (startY.current === null) return;
      const dy = (event.touches[0]?.clientY ?? startY.current) - startY.current;
      if (dy <= 0 || !atTop()) {
        if (phaseRef.current !== 'idle') show('idle', 0);
        return;
      }
      // Resistance: the head follows at half the finger's distance, up to a limit.
      const pulled = Math.min(dy * 0.5, MAX);
      show(pulled >= THRESHOLD ? 'release' : 'pulling', pulled);
    };

    const onEnd = async () => {
      if (startY.current === null) return;
      startY.current = null;
      if (phaseRef.current !== 'release') {
        show('idle', 0);
        return;
      }
      show('refreshing', HEAD);
      // A failed refresh has been toasted by the client; the gesture still ends.
      await refresh.current().catch(() => undefined);
      if (!mounted) return;
      show('done', HEAD);
      settle = setTimeout(() => show('idle', 0), 500);
    };
    const onEndEvent = () => void onEnd();

    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEndEvent);
    document.addEventListener('touchcancel', onEndEvent);
    return () => {
      mounted = false;
      clearTimeout(settle);
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEndEvent);
      document.removeEventListener('touchcancel', onEndEvent);
    };
  }, []);

  const dragging = phase === 'pulling' || phase === 'release';
  return (
    <div className="pull-refresh" data-testid="pull-refresh" data-phase={phase}>
      <div
        className={dragging ? 'pull-refresh__head' : 'pull-refresh__head pull-refresh__head--settle'}
        style={{ height: offset }}
        aria-live="polite"
      >
        {phase === 'idle' ? null : (
          <span className="pull-refresh__text" data-testid="pull-refresh-text">
            {phase === 'refreshing' ? <span className="pull-refresh__spinner spinner" aria-hidden="true" /> : null}
            {t(`refresh.${phase}`)}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
