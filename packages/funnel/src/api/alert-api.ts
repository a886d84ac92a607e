/**
 * POST /send-slack-message (spec §7 "with text"): the page may raise only these kinds of alert, each with
 * checked parameters; the server writes every alert's text itself (issue 9: free text from a request
 * would make the operator's channel an open relay). A body with `text` is refused.
 */
import { z } from 'zod';
import { flowById } from '../flows/flow-registry';

const VariantIdSchema = z
  .string({ error: 'variant is required' })
  .refine((id) => flowById(id) !== undefined, 'variant is not a known funnel variant');

export const PageAlertSchema = z
  .discriminatedUnion(
    'kind',
    [
      /** The page gave up posting a lead (it keeps it and retries later): the operator should look. */
      z.object({
        kind: z.literal('lead_post_failed'),
        variant: VariantIdSchema,
        /** The last HTTP status, or null when the server could not be reached. */
        status: z.number().int().min(100).max(599).nullable(),
      }),
      /** A step of a flow could not be shown or answered. */
      z.object({ kind: z.literal('page_error'), variant: VariantIdSchema, step: z.string().max(60) }),
    ],
    { error: 'kind must be lead_post_failed or page_error' },
  )
  .superRefine((alert, ctx) => {
    if (alert.kind !== 'page_error') return;
    const flow = flowById(alert.variant);
    if (flow && !flow.steps.some((s) => s.id === alert.step))
      ctx.addIssue({ code: 'custom', path: ['step'], message: 'step is not a step of this variant' });
  });

export type PageAlert = z.infer<typeof PageAlertSchema>;
