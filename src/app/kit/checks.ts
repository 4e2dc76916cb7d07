/**
 * Schema parts for a form whose rules are functions rather than zod's own checks: a chosen file or
 * record, a rule that needs what the page holds (a preview), or rules written once as plain
 * functions for a page that cannot carry zod (src/shared/auth-forms.ts, shared with the login
 * page's script). useResourceForm runs them as it runs any schema, so their sentences reach the
 * fields and the summary the same way. Imports zod: a form loads it with its check module on Save.
 */
import { z } from 'zod';

/**
 * A field checked by a function: its sentence when refused, null when it passes (a value that
 * passes is there: a chosen file or measurement, never null).
 */
export const checkedBy = <T>(problem: (value: T) => string | null) =>
  z
    .custom<T>()
    .superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .transform((value) => value as NonNullable<T>);

/**
 * A whole form checked by a plain function that answers a sentence per refused field (an empty
 * answer passes); the values pass through unchanged.
 */
export const ruledBy = <V>(rules: (values: V) => Readonly<Record<string, string | undefined>>): z.ZodType<V> =>
  z.custom<V>().superRefine((values, context) => {
    for (const [field, message] of Object.entries(rules(values)))
      if (message) context.addIssue({ code: 'custom', path: [field], message });
  });
