/**
 * When a contract is active (decisions.md §3, reading A): its measurement list is not empty and
 * today falls within its dates (a missing start or end leaves that side open). The server derives
 * the flag from the stored row's whole list, before a viewer's share of it is cut (so an admin and a
 * writer see the same flag); the banner and the badges read that flag.
 */
export function contractActive(
  contract: { start_date: string | null; end_date: string | null; measurements: readonly string[] },
  today: string,
): boolean {
  return (
    contract.measurements.length > 0 &&
    (contract.start_date === null || contract.start_date <= today) &&
    (contract.end_date === null || today <= contract.end_date)
  );
}
