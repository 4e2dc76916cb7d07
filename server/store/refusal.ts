/**
 * A start the store refuses: the data directory is in use, or its data file is damaged, of an
 * unknown shape or of a newer version. The message is for the person starting LAMP (what is
 * wrong, which file, what to do), so main.ts prints it as it is, without a stack.
 */
export class StoreRefusal extends Error {
  override name = 'StoreRefusal';
}
