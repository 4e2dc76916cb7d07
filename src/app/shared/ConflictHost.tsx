import { lazy, Suspense, useEffect, useState } from 'react';
import { setConflictHandler, type ConflictChoice, type ConflictError } from '../../lib/api.ts';

/**
 * The dialog (React Aria's modal and dialog code, the largest chunk of the shell's first load)
 * arrives with the first conflict: a page that never meets one never loads or runs it.
 */
const ConflictDialog = lazy(() => import('./ConflictDialog.tsx').then((m) => ({ default: m.ConflictDialog })));

/** How the dialog's sentence names a record, where the resource's name is not how people say it. */
const NOUNS: Readonly<Record<string, string>> = { 'label-value': 'label', 'label-category': 'category' };

interface Pending {
  conflict: ConflictError;
  answer: (choice: ConflictChoice) => void;
}

/**
 * The one place a 412 is answered. Mounted once by the shell, it registers
 * the API client's conflict handler, so a write from any page that someone else's save overtook
 * asks here: reload their version, overwrite it, or cancel. No page has its own dialog to forget.
 */
export function ConflictHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    setConflictHandler({
      ask: (conflict) =>
        new Promise<ConflictChoice>((resolve) =>
          setPending({
            conflict,
            answer: (choice) => {
              setPending(null);
              resolve(choice);
            },
          }),
        ),
      // A page that cannot show the record again in place: the whole page loads it afresh.
      reload: () => window.location.reload(),
    });
    return () => setConflictHandler(null);
  }, []);
  if (!pending) return null;
  const resource = pending.conflict.record?.resource;
  return (
    <Suspense fallback={null}>
      <ConflictDialog
        isOpen
        noun={resource ? (NOUNS[resource] ?? resource.replace(/-/g, ' ')) : undefined}
        onReload={() => pending.answer('reload')}
        onOverwrite={() => pending.answer('overwrite')}
        onCancel={() => pending.answer('cancel')}
      />
    </Suspense>
  );
}
