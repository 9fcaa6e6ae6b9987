/** How the one-request uploads report a failure: the spec's message, then the server's reason when it gave one. */
import { handleSessionCode } from "../../api/client";
import { toast } from "../../api/toast";
import { NETWORK_CODE, UploadError } from "./multipart";

export function toastUploadFailure(message: string, err: unknown): void {
  // A session that ended meanwhile: back to the login page (§8), not an upload error.
  if (err instanceof UploadError && handleSessionCode(err.code, err.message)) return;
  toast.error(message);
  // 400/413 (type sniffed from the bytes, over quota …) carry a precise Chinese msg worth showing too
  if (err instanceof UploadError && err.code !== NETWORK_CODE && !err.aborted && err.message && err.message !== message) toast.error(err.message);
}
