/**
 * The text of the capture script (capture-early-input.ts) as the server inlines it in every page's head
 * and hashes it for the Content-Security-Policy (issue 10). Here, for the tests and the dev server, it is
 * the function's source as written, called with the page's marks; the renderer's production build replaces
 * this module with the same script minified (vite.config.ts, `minifiedInlineScript`).
 */
import { captureEarlyInput } from './capture-early-input';
import { REVEAL_MARKS } from '../survey/pane-classes';

export const EARLY_INPUT_SCRIPT = `(${captureEarlyInput.toString()})(${JSON.stringify(REVEAL_MARKS)});`;
