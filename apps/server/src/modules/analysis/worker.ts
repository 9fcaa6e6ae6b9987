/**
 * `yanke worker` (docs/decisions/1001-analysis-queue.md): a process that only runs analysis jobs — no HTTP, no
 * recorder. It shares the server's PostgreSQL database (DATABASE_URL; PGlite is one process's) and, with REDIS_URL,
 * takes jobs from the BullMQ queue; without Redis it polls analysis_course as the in-process queue does.
 */
import path from "node:path";
import type { Config } from "../../config.js";
import { openDatabase } from "../../db/client.js";
import { openStore } from "../../infra/storage/index.js";
import { createAnalysisWorker } from "./module.js";

export interface RunningWorker {
  kind: string;
  workers: number;
  close(): Promise<void>;
}

export async function startWorker(config: Config): Promise<RunningWorker> {
  if (!config.databaseUrl) throw new Error("yanke worker 需要 DATABASE_URL（与服务器共用的 PostgreSQL 数据库）");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
  const store = await openStore({ dataDir: config.dataDir, s3: config.s3 });
  const workers = Math.max(1, config.analysis.workers);
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
  const queue = createAnalysisWorker({ db: database.db, store, config, log, workers });
  try {
    await queue.start();
  } catch (e) {
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw e;
  }
  return {
    kind: queue.kind,
    workers,
    close: async () => {
      await queue.stop();
      await store.close();
      await database.close();
    },
  };
}
