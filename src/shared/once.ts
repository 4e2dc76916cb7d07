/**
 * A value made the first time it is asked for. For what is costly to make and not needed by every
 * page that loads the module: an Intl format loads locale data, and the first one made on a
 * phone cost 45 ms before the first page could draw.
 */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
