/**
 * The compensation meter of the thank-you page (spec §3 "Compensation meter", §7, §9; issue 12): seven
 * blocks of 60.71 px, one per §9 band, lowest at the bottom, each with its amount and label; the mark
 * starts at 5000 and moves to the estimate, placed proportionally within its band, at the full bar from
 * the 249500 cap. The arithmetic is the domain's (rules/compensation-meter.ts); this draws it in SVG, whose
 * geometry is attributes, so the server's HTML shows it under a CSP that allows no inline style.
 */
import {
  COMPENSATION_BANDS,
  COMPENSATION_BAR_HEIGHT_PX,
  COMPENSATION_BLOCK_HEIGHT_PX,
  COMPENSATION_INITIAL,
  readCompensation,
  type Language,
} from '@app/funnel';
import { useEffect, useState } from 'react';
import type { SiteText } from './text/site-text';

const BAR_WIDTH = 56;
const LABEL_X = BAR_WIDTH + 22;
const WIDTH = 300;
/** Room above and below the bar for the mark's triangle. */
const PAD = 8;
const ANIMATION_MS = 1400;

export function formatDollars(amount: number, language: Language): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(amount);
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The amount shown, from 5000 to `target` (null while it is not known yet). */
function useAnimatedAmount(target: number | null): number {
  const [amount, setAmount] = useState(COMPENSATION_INITIAL);
  useEffect(() => {
    if (target === null) return;
    // With reduced motion the mark goes straight to the estimate, on the first frame.
    const duration = reducedMotion() ? 0 : ANIMATION_MS;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - t) ** 3;
      setAmount(COMPENSATION_INITIAL + (target - COMPENSATION_INITIAL) * eased);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return amount;
}

export interface CompensationMeterProps {
  /** The estimate to move to; null while it is being fetched. */
  estimate: number | null;
  language: Language;
  text: SiteText['thankYou'];
}

export function CompensationMeter({ estimate, language, text }: CompensationMeterProps) {
  const shown = readCompensation(useAnimatedAmount(estimate));
  const final = estimate === null ? null : readCompensation(estimate);
  const settled = final !== null && Math.abs(shown.offsetPx - final.offsetPx) < 1e-9;
  const barTop = PAD;
  const markY = barTop + COMPENSATION_BAR_HEIGHT_PX - shown.offsetPx;
  const summary = final
    ? `${text.meterEstimate(formatDollars(final.amount, language))} · ${text.meterLabels[final.level]}`
    : text.meterIntro;
  return (
    <section className="meter" aria-labelledby="meter-title">
      <h2 id="meter-title">{text.meterTitle}</h2>
      <p>{text.meterIntro}</p>
      <svg
        className="meter__svg"
        viewBox={`0 0 ${WIDTH} ${COMPENSATION_BAR_HEIGHT_PX + 2 * PAD}`}
        width={WIDTH}
        height={COMPENSATION_BAR_HEIGHT_PX + 2 * PAD}
        role="img"
        aria-label={summary}
        data-amount={Math.round(shown.amount)}
        data-level={shown.level}
        data-offset-px={shown.offsetPx.toFixed(3)}
        data-position-percent={shown.positionPercent.toFixed(3)}
        data-settled={settled ? 'yes' : 'no'}
      >
        {COMPENSATION_BANDS.map((band, index) => {
          const y = barTop + COMPENSATION_BAR_HEIGHT_PX - (index + 1) * COMPENSATION_BLOCK_HEIGHT_PX;
          const reached = index <= shown.bandIndex;
          return (
            <g key={band.level} className={reached ? 'meter__band meter__band--reached' : 'meter__band'}>
              <rect
                className="meter__block"
                x={0}
                y={y}
                width={BAR_WIDTH}
                height={COMPENSATION_BLOCK_HEIGHT_PX}
                data-level={band.level}
              />
              <text className="meter__amount" x={LABEL_X} y={y + 24}>
                {formatDollars(band.max, language)}
              </text>
              <text className="meter__label" x={LABEL_X} y={y + 44}>
                {text.meterLabels[band.level]}
              </text>
            </g>
          );
        })}
        <rect
          className="meter__fill"
          x={0}
          y={markY}
          width={BAR_WIDTH}
          height={Math.max(0, barTop + COMPENSATION_BAR_HEIGHT_PX - markY)}
        />
        <g className="meter__mark" data-mark-y={markY.toFixed(3)}>
          <line x1={0} x2={BAR_WIDTH + 6} y1={markY} y2={markY} />
          <path d={`M${BAR_WIDTH + 6} ${markY} l12 -8 v16 z`} />
        </g>
      </svg>
      <p className="meter__result" aria-live="polite">
        {final ? <strong>{summary}</strong> : null}
      </p>
      <p className="meter__note">{text.meterNote}</p>
    </section>
  );
}
