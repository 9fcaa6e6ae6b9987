/**
 * Prints a signed authorization code (docs/decisions/0432).
 *
 *   npx tsx apps/server/src/modules/platform/issue-code.ts --app ai --cap 4 --days 365
 *   npx tsx apps/server/src/modules/platform/issue-code.ts --app live --cap 10 --exp "2027-01-01 00:00:00"
 *
 * The key is LICENSE_KEY when set, else derived from the server secret kept in the platform's database (the server's
 * own rule), so run it with the server's environment (DATABASE_URL or DATA_DIR). Only the code goes to stdout; its
 * claims go to stderr.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../config.js";
import { openDatabase } from "../../db/client.js";
import { loadServerSecret } from "../../infra/server-secret.js";
import { formatTime } from "../../http/time.js";
import { AuthCodes } from "./auth-code.js";

const USAGE = "用法：issue-code.ts --app <应用编码> --cap <容量> (--days <天数> | --exp <YYYY-MM-DD[ HH:mm:ss]>)";

function fail(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    app: { type: "string" },
    cap: { type: "string" },
    days: { type: "string" },
    exp: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const app = values.app ?? fail("缺少 --app");
if (!/^[A-Za-z0-9_-]{1,32}$/.test(app)) fail("--app 只能包含字母、数字、_ 和 -（至多 32 个字符）");
const cap = Number(values.cap ?? fail("缺少 --cap"));
if (!Number.isSafeInteger(cap) || cap < 1) fail("--cap 必须是不小于 1 的整数");
let exp: Date;
if (values.exp) {
  // Asia/Shanghai wall time, like every time on the wire.
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(values.exp.trim());
  if (!m) fail("--exp 格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss");
  exp = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? "23"}:${m[5] ?? "59"}:${m[6] ?? "59"}+08:00`);
} else {
  const days = Number(values.days ?? fail("缺少 --days 或 --exp"));
  if (!Number.isFinite(days) || days <= 0) fail("--days 必须大于 0");
  exp = new Date(Date.now() + days * 86_400_000);
}
if (Number.isNaN(exp.getTime()) || exp.getTime() <= Date.now()) fail("到期时间必须晚于现在");

const config = loadConfig(process.env);
const licenseKey = config.licenseKey;
let serverSecret: Buffer = Buffer.alloc(0);
if (!licenseKey) {
  // The platform's own secret: the database the server uses (run the server once first).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") });
  try {
    await database.migrate();
    serverSecret = await loadServerSecret(database.db);
  } finally {
    await database.close();
  }
}
const code = new AuthCodes({ serverSecret, licenseKey }).issue({ app, cap, exp });
process.stderr.write(`应用 ${app}，容量 ${cap}，有效期至 ${formatTime(exp)}，签名密钥来自 ${licenseKey ? "LICENSE_KEY" : "本平台数据库中的服务器密钥"}\n`);
process.stdout.write(`${code}\n`);
