/**
 * The bounds on what uploads may take on disk, checked before a file is stored (413, on the file
 * field, with a message that names the limit and how to raise it; nothing is stored):
 *
 *   - per account: the distinct files its company's assets refer to (LAMP_UPLOAD_QUOTA_MB);
 *   - per test sandbox: every file stored in it (LAMP_SANDBOX_UPLOAD_QUOTA_MB), so that sandboxes,
 *     which anyone reaching test control may make, cannot fill the disk.
 *
 * A file already stored there (the same bytes uploaded again) takes nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { stimSource } from '../../../src/shared/schemas/spotlight.ts';
import { invalidField } from '../../http-errors.ts';
import { currentSandbox } from '../../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../../sandbox/scope.ts';
import type { FileStore } from './files.ts';
import type { SpotlightContext } from './guard.ts';
import type { SpotlightStore } from './store.ts';

const MB = 1024 * 1024;
const inMb = (bytes: number) => Math.ceil(bytes / MB);

/** Bytes of the distinct uploaded files the company's assets refer to. */
export function accountUploadBytes(store: SpotlightStore, companyId: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const row of store.stims.findBy('company', companyId)) {
    const source = stimSource.safeParse(row.source);
    if (source.success && source.data.kind === 'upload') files.set(source.data.file, source.data.bytes);
  }
  return files;
}

export async function assertUploadRoom(
  app: FastifyInstance,
  files: FileStore,
  store: SpotlightStore,
  ctx: SpotlightContext,
  key: string,
  size: number,
): Promise<void> {
  // A sandbox's own bound first: it is the smaller, and the one a test run meets.
  const sandbox = currentSandbox();
  if (sandbox !== DEFAULT_SANDBOX && !(await files.has(key))) {
    const used = await files.usedBytes();
    const quota = app.config.sandboxUploadQuotaBytes;
    if (used + size > quota)
      throw invalidField('file', messages.spotlight.sandboxQuota(sandbox, inMb(used), inMb(quota)), 413);
  }
  const account = accountUploadBytes(store, ctx.company.id);
  if (!account.has(key)) {
    const used = [...account.values()].reduce((sum, bytes) => sum + bytes, 0);
    const quota = app.config.uploadQuotaBytes;
    if (used + size > quota)
      throw invalidField('file', messages.spotlight.accountQuota(ctx.account.name, inMb(used), inMb(quota)), 413);
  }
}
