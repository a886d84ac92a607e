/**
 * reCAPTCHA v2 on the opt-out form (spec §5 "Captcha must be solved, else Please complete the
 * reCaptcha"; issue 12), only when the server has a site key configured: Google's script is loaded then,
 * and only then (nothing is loaded, drawn or asked without a key). The server checks the token with its
 * secret (providers/recaptcha).
 */
import type { Language } from '@app/funnel';
import { useEffect, useRef, type RefObject } from 'react';

interface Grecaptcha {
  render: (container: HTMLElement, options: { sitekey: string }) => number;
  getResponse: (widget?: number) => string;
  reset: (widget?: number) => void;
  ready: (callback: () => void) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
  interface Navigator {
    /** Global Privacy Control (https://privacycg.github.io/gpc-spec/); absent in browsers without it. */
    globalPrivacyControl?: boolean;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

export function useRecaptcha(container: RefObject<HTMLDivElement | null>, siteKey: string | null, language: Language) {
  const widget = useRef<number | null>(null);

  useEffect(() => {
    if (siteKey === null) return;
    const draw = () => {
      const element = container.current;
      if (!element || widget.current !== null || !window.grecaptcha) return;
      window.grecaptcha.ready(() => {
        if (widget.current === null && window.grecaptcha) {
          widget.current = window.grecaptcha.render(element, { sitekey: siteKey });
        }
      });
    };
    if (window.grecaptcha) {
      draw();
      return;
    }
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}?render=explicit&hl=${language}`;
    script.async = true;
    script.addEventListener('load', draw);
    document.head.appendChild(script);
  }, [container, siteKey, language]);

  return {
    /** The solved token, or '' (not solved, or no captcha configured). */
    token: () => (widget.current !== null && window.grecaptcha ? window.grecaptcha.getResponse(widget.current) : ''),
    reset: () => {
      if (widget.current !== null) window.grecaptcha?.reset(widget.current);
    },
  };
}
