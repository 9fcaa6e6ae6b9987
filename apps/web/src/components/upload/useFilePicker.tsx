/**
 * A hidden <input type="file"> and a function that opens it: the components' buttons call `open()` after their
 * own checks (disclaimer, count). The input stays in the DOM (data-testid) so browser tests can set files on it.
 */
import { useCallback, useRef, type ReactElement } from "react";

export interface FilePicker {
  open: () => void;
  input: ReactElement;
}

export function useFilePicker(opts: { accept?: string; multiple?: boolean; testId?: string; onFiles: (files: File[]) => void }): FilePicker {
  const ref = useRef<HTMLInputElement>(null);
  const open = useCallback(() => ref.current?.click(), []);
  const input = (
    <input
      ref={ref}
      type="file"
      hidden
      accept={opts.accept || undefined}
      multiple={opts.multiple}
      data-testid={opts.testId}
      onChange={(e) => {
        const files = Array.from(e.currentTarget.files ?? []);
        // the same file chosen again must fire change again (resume after a failure)
        e.currentTarget.value = "";
        if (files.length > 0) opts.onFiles(files);
      }}
    />
  );
  return { open, input };
}
