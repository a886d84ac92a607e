/**
 * Whether the step pane around a screen is the one on screen (step-view.tsx), for the screens whose kept
 * copy is built lighter than their shown one. A context, not a prop: a step's body is memoised and not
 * rendered again when its pane is only shown or kept (issue 10), and only the screens that read this are.
 * Outside a pane (a screen rendered alone) it is shown.
 */
import { createContext } from 'react';

export const PaneShown = createContext(true);
