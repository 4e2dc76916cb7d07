/**
 * What the tag upload checks before it sends the file, as the schema its form runs
 * (useResourceForm); the server reads every row again. Loaded on Upload, so zod stays out of the
 * page's chunk.
 */
import { z } from 'zod';

export const tagUploadSchema = z.object({
  upload_template: z.string().min(1, 'Choose an upload template'),
  file: z
    .custom<File | null>()
    .superRefine((file, context) => {
      const problem = !file ? 'Choose a CSV file' : !/\.csv$/i.test(file.name) ? 'The file must be a CSV (.csv)' : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    // A file that passes is there.
    .transform((file) => file!),
});
