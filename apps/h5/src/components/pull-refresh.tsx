import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-refresh.css';

type Phase = 'idle' | 'pulling' | 'release' | 'refreshing' | 'done';

/** How far the finger must pull (after resistance) to refresh, and the height the head rests at. */
const THRESHOLD = 56;
const HEAD = 44;
const MAX = 110;

/** The window (this app scrolls the document) is at the very top. */
const atTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/**
 * Pull-to-refresh for the first screen, drawn with a CSS transition. The shared RefreshArea wraps
 * antd-mobile's, which brings an animation library of some 25 kB (gzip) with it: too much for the
 * home route, which a phone loads first.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [offset, setOffset] = useState(0);
  const startY = useRef<number | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    if (phase === 'refreshing' || phase === 'done' || !atTop()) return;
    startY.current = event.touches[0]?.clientY ?? null;
  };

  const onTouchMove = (event: TouchEvent) => {
    if (startY.current === null) return;
    const dy = (event.touches[0]?.clientY ?? startY.current) - startY.current;
    if (dy <= 0 || !atTop()) {
      setOffset(0);
      setPhase('idle');
      return;
    }
    // Resistance: the head follows at half the finger's distance, up to a limit.
    const pulled = Math.min(dy * 0.5, MAX);
    setOffset(pulled);
    setPhase(pulled >= THRESHOLD ? 'release' : 'pulling');
  };

  const onTouchEnd = async () => {
    if (startY.current === null) return;
    startY.current = null;
    if (phase !== 'release') {
      setOffset(0);
      setPhase('idle');
      return;
    }
    setPhase('refreshing');
    setOffset(HEAD);
    // A failed refresh has been toasted by the client; the gesture still ends.
    await onRefresh().catch(() => undefined);
    setPhase('done');
    setTimeout(() => {
      setOffset(0);
      setPhase('idle');
    }, 500);
  };

  const dragging = phase === 'pulling' || phase === 'release';
  return (
    <div
      className="pull-refresh"
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => void onTouchEnd()}
      onTouchCancel={() => void onTouchEnd()}
      data-testid="pull-refresh"
      data-phase={phase}
    >
      <div
        className={dragging ? 'pull-refresh__head' : 'pull-refresh__head pull-refresh__head--settle'}
        style={{ height: offset }}
        aria-live="polite"
      >
        {phase === 'idle' ? null : (
          <span className="pull-refresh__text">
            {phase === 'refreshing' ? <span className="pull-refresh__spinner" aria-hidden="true" /> : null}
            {t(`refresh.${phase}`)}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
