/**
 * What the domain-list dialog says about the lines it read: how many entries are ready (with
 * duplicates merged, a header skipped, extra columns ignored), or each bad line by its number, as
 * a spreadsheet numbers rows. The first 100 bad lines are listed, then how many more.
 */
import type { LineIssue, ParsedDomainList } from '../../../shared/domains.ts';

const SHOWN_ISSUES = 100;

export function LineIssues({ issues }: { issues: readonly LineIssue[] }) {
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="line-issues">
      <p className="font-medium">
        {issues.length === 1 ? '1 line has' : `${issues.length.toLocaleString('en-GB')} lines have`} errors. Nothing
        will be saved until {issues.length === 1 ? 'it is' : 'they are'} fixed.
      </p>
      <ul className="mt-2 max-h-40 list-disc space-y-0.5 overflow-auto pl-5">
        {issues.slice(0, SHOWN_ISSUES).map((issue) => (
          <li key={`${issue.line}-${issue.message}`}>
            Line {issue.line}: {issue.message}
          </li>
        ))}
      </ul>
      {issues.length > SHOWN_ISSUES ? (
        <p className="mt-1">…and {(issues.length - SHOWN_ISSUES).toLocaleString('en-GB')} more</p>
      ) : null}
    </div>
  );
}

export function ParseSummary({ parsed }: { parsed: ParsedDomainList }) {
  if (parsed.issues.length) return <LineIssues issues={parsed.issues} />;
  const notes = [
    parsed.duplicates
      ? `${parsed.duplicates.toLocaleString('en-GB')} duplicate${parsed.duplicates === 1 ? '' : 's'} merged`
      : null,
    parsed.header ? 'first line read as a header' : null,
    parsed.extraColumns ? 'only the first column is read' : null,
  ].filter(Boolean);
  return (
    <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900" data-testid="parse-summary">
      {parsed.entries.length.toLocaleString('en-GB')} entr{parsed.entries.length === 1 ? 'y' : 'ies'} ready
      {notes.length ? ` (${notes.join('; ')})` : ''}.
    </p>
  );
}
