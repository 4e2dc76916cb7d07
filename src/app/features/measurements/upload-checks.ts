/**
 * What the measurement's uploads check before they send a file, as the schemas their forms run
 * (useResourceForm): the tag upload and the delivery data import; the server reads every row
 * again. Loaded on Upload (or Start import), so zod stays out of the pages' chunks.
 */
import { z } from 'zod';
import { checkedBy } from '../../kit/checks.ts';

/** A chosen CSV file: there, and named .csv. */
const csvFile = checkedBy<File | null>((file) =>
  !file ? 'Choose a CSV file' : !/\.csv$/i.test(file.name) ? 'The file must be a CSV (.csv)' : null,
);

export const tagUploadSchema = z.object({
  upload_template: z.string().min(1, 'Choose an upload template'),
  file: csvFile,
});

export const dataImportSchema = z.object({
  import_job_config: z.string().min(1, 'Choose an import job config'),
  file: csvFile,
});
