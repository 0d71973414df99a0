import type { PageAction } from '@forage/contracts';
import type { PageControl } from '../explore/controls.js';

/** One step grounded on a control (with the actions it takes), or why it could not be. */
export type StepGrounding =
  | {
      action: PageAction;
      then?: PageAction[];
      described: string;
      control?: PageControl;
      /** The action opened the control's list: the step itself is still to do. */
      opens?: boolean;
    }
  | { why: string; candidates: string[] };

export const at = (c: PageControl): { target: { xpath: string } } => ({ target: { xpath: c.xpath } });
export const label = (c: PageControl): string => `"${c.name}" (${c.kind})`;
