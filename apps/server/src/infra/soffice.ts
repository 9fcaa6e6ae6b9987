/**
 * LibreOffice headless conversion to PDF (Office previews of #5, lesson-plan export of #8): its own profile
 * directory under `dir` (conversions may run side by side), 120 s at most. A missing executable answers the caller's
 * noSoffice message, a conversion past the limit its convertTimeout (both 503). The PDF lands in `dir`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { Code } from "@yanke/protocol";
import { AppError } from "../http/errors.js";

export interface SofficeMessages {
  /** No LibreOffice on the server. */
  noSoffice: string;
  /** The conversion ran past 120 s. */
  convertTimeout: string;
}

export function runSoffice(soffice: string, dir: string, input: string, messages: SofficeMessages): Promise<void> {
  return new Promise((resolve, reject) => {
    const profile = `file://${path.join(dir, "profile")}`;
    const child = spawn(
      soffice,
      ["--headless", "--norestore", "--nolockcheck", `-env:UserInstallation=${profile}`, "--convert-to", "pdf", "--outdir", dir, input],
      {
        stdio: "ignore",
      },
    );
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new AppError(Code.UNAVAILABLE, messages.convertTimeout));
    }, 120_000);
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === "ENOENT" ? new AppError(Code.UNAVAILABLE, messages.noSoffice) : e);
    });
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
