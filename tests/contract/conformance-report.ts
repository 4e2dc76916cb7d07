/**
 * The conformance kit's two reports: Markdown for people (a summary, then a table per operation:
 * what was sent, what came back, what it breaks) and JUnit XML for CI (one test case per
 * operation, its findings as the failure).
 */
import type { OperationRecord } from './client.ts';

export interface Outcome {
  base: string;
  records: ReadonlyMap<string, OperationRecord>;
  /** Operations of the document the kit sent nothing to, and why. */
  notCovered: readonly { operation: string; reason: string }[];
  seconds: number;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function failures(outcome: Outcome): number {
  return [...outcome.records.values()].filter((record) => record.problems.length > 0).length;
}

export function markdownReport(outcome: Outcome): string {
  const records = [...outcome.records].sort(([a], [b]) => a.localeCompare(b));
  const failed = failures(outcome);
  const requests = records.reduce((sum, [, record]) => sum + record.requests, 0);
  const lines = [
    `# Conformance of ${outcome.base} to the LAMP contract`,
    '',
    `${failed === 0 ? '✓ Passed' : `✗ ${failed} operation${failed === 1 ? '' : 's'} failed`}: ${records.length} operations, ${requests} requests, ${outcome.seconds.toFixed(1)} s.`,
    '',
  ];
  if (failed) {
    lines.push('## Failures', '');
    for (const [operation, record] of records)
      for (const problem of record.problems) lines.push(`- **${operation}**: ${problem}`);
    lines.push('');
  }
  lines.push('## Operations', '');
  for (const [operation, record] of records) {
    lines.push(`### ${record.problems.length ? '✗' : '✓'} ${operation}`, '');
    lines.push('| sent | expected | came back | what it breaks |', '| --- | --- | --- | --- |');
    for (const exchange of record.exchanges)
      lines.push(
        `| ${cell(exchange.sent)} | ${exchange.expected || ''} | ${exchange.status || ''} | ${cell(exchange.problems.join('; ')) || '—'} |`,
      );
    lines.push('');
  }
  if (outcome.notCovered.length)
    lines.push(
      '## Not exercised by the kit',
      '',
      'The kit sent nothing to these operations of the document (LAMP’s own walk, npm run test:contract, covers them):',
      '',
      ...outcome.notCovered.map(({ operation, reason }) => `- ${operation}: ${reason}`),
      '',
    );
  return lines.join('\n');
}

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function junitReport(outcome: Outcome): string {
  const records = [...outcome.records].sort(([a], [b]) => a.localeCompare(b));
  const cases = records.map(([operation, record]) => {
    const seconds = (record.ms / 1000).toFixed(3);
    if (!record.problems.length)
      return `    <testcase classname="conformance" name="${xml(operation)}" time="${seconds}"/>`;
    return `    <testcase classname="conformance" name="${xml(operation)}" time="${seconds}">\n      <failure message="${xml(record.problems[0] ?? '')}">${xml(record.problems.join('\n'))}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="LAMP contract conformance" tests="${records.length}" failures="${failures(outcome)}" time="${outcome.seconds.toFixed(1)}">`,
    `  <testsuite name="${xml(outcome.base)}" tests="${records.length}" failures="${failures(outcome)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
