/**
 * One file through /file/upload with a progress figure: the checks of the caller's kind first, then the upload with
 * XMLHttpRequest progress, the spec's success or failure message (and the server's reason), abort on unmount.
 * Shared by VideoUpload and FileUpload.
 */
import { CALLS, type FileRecord } from "@yanke/protocol";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../api/toast";
import { xhrMultipart } from "./multipart";
import { sessionAccountId, sessionToken } from "./session";
import { toastUploadFailure } from "./upload-feedback";

export interface ModuleUploadOptions {
  /** /file/upload module ('connectivity', 'word', 'video', 'exe', 'any' …). */
  module: string;
  /** A refusal message for a file the browser can already tell is wrong, else null. */
  check: (file: File) => string | null;
  /** The name sent (default the file's own). */
  name?: string;
  success: string;
  fail: string;
  onDone: (record: FileRecord) => void;
  onError?: (error: unknown) => void;
}

export function useModuleUpload(o: ModuleUploadOptions): { percent: number | null; upload: (file: File) => Promise<void>; cancel: () => void } {
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File) => {
    const refusal = o.check(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    const ac = new AbortController();
    abort.current = ac;
    setPercent(0);
    try {
      const rec = await xhrMultipart<FileRecord>(
        CALLS.fileUpload,
        { module: o.module, name: o.name ?? file.name, account_id: sessionAccountId(), file: { blob: file, filename: file.name } },
        { token: sessionToken(), signal: ac.signal, onProgress: setPercent },
      );
      toast.success(o.success);
      o.onDone(rec);
    } catch (e) {
      if (!ac.signal.aborted) {
        toastUploadFailure(o.fail, e);
        o.onError?.(e);
      }
    } finally {
      if (abort.current === ac) abort.current = null;
      setPercent(null);
    }
  };
  return { percent, upload, cancel: () => abort.current?.abort() };
}
