/**
 * The browser loads its locale data (ICU) on a page's first Intl call: 50 ms and more on a phone's
 * CPU (measured at 4× slowdown). On a signed-in page that first call was React Aria's locale check
 * as its code was evaluated, in the task that brings the page's code in, which it made a long one.
 * Made as the app starts, in a task of its own, it falls in the time the app waits for its code
 * and data anyway, and every later Intl call finds the data loaded.
 */
export function loadLocaleDataSoon(): void {
  setTimeout(() => {
    try {
      // The call React Aria makes (useDefaultLocale), with the same locale.
      Intl.DateTimeFormat.supportedLocalesOf([navigator.language]);
    } catch {
      // A language tag the engine refuses: React Aria falls back to en-US; nothing to load early.
    }
  }, 0);
}
