/** The Export CSV button of the figures a page already holds (a dashboard, a report). */
import { saveTextFile } from '../saveTextFile.ts';

/**
 * `file` makes the download when pressed (the CSV is built only then); null while there is
 * nothing to export, which disables the button.
 */
export function CsvDownloadButton({ file }: { file: (() => { name: string; text: string }) | null }) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-50"
      disabled={!file}
      onClick={() => {
        if (!file) return;
        const { name, text } = file();
        saveTextFile(name, text);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        <path d="M10 3a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 0 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
      </svg>
      Export CSV
    </button>
  );
}
