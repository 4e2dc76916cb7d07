/**
 * What the activation forms check before they send anything, as the schemas their forms run
 * (useResourceForm): a measurement chosen (create only), a minimum APM that can make an allow list,
 * a platform chosen, and a name by the resource's own rule. Loaded on Save, so zod stays out of the
 * activation pages' chunks.
 */
import { z } from 'zod';
import { name } from '../../../shared/schemas/common.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { checkedBy } from '../../kit/checks.ts';

/**
 * The settings of an activation: `minApmProblem` is what stops a save at the minimum typed
 * (MinApmField.tsx's minApmProblem, which needs the preview the page holds), or null; the minimum
 * is checked as the number read from the text (null when there is none).
 */
export const activationSettingsSchema = (minApmProblem: string | null) =>
  z.object({
    name,
    vendor: checkedBy<string | null>((vendor) => (vendor ? null : 'Choose a platform')),
    min_apm: checkedBy<number | null>(() => minApmProblem),
  });

/** A new activation: its settings, from a measurement. */
export const newActivationSchema = (minApmProblem: string | null) =>
  activationSettingsSchema(minApmProblem).extend({
    measurement: checkedBy<Measurement | null>((chosen) => (chosen ? null : 'Choose a measurement')),
  });
