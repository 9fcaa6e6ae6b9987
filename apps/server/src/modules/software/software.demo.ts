/**
 * Demo content of the software module (#12; see ../admin-demo.ts): the device software 3.2.0 (withdrawn), 3.4.1
 * and 3.5.0 (current), and the Windows client 2.1.0, each with a small package made here (a few KB, owned by the
 * platform administrator pingtai) and real-looking release notes. Skipped when the registry already has versions.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { account } from "../account/account.schema.js";
import type { AdminDemoDeps } from "../demo-deps.js";
import { DEMO_DEVICES } from "../equipment/equipment.service.js";
import { softwareVersion } from "./software.schema.js";

interface DemoVersion {
  product: "device" | "windows";
  version: string;
  file: string;
  notes: string;
  models: string[];
  status: number;
  current: boolean;
  released: string;
}

const MODEL = DEMO_DEVICES[0].producer;

export const DEMO_VERSIONS: DemoVersion[] = [
  {
    product: "device",
    version: "3.2.0",
    file: "yanke-recorder-3.2.0.pkg",
    notes:
      "新增：\n- 双机位（教师、学生）同时推流\n修复：\n- 部分设备断网重连后不再上报心跳\n\n因 3.2.0 在部分型号上录制音画不同步，已下架，请升级到 3.4.1 及以上版本。",
    models: [],
    status: 0,
    current: false,
    released: "2026-05-12T02:00:00Z",
  },
  {
    product: "device",
    version: "3.4.1",
    file: "yanke-recorder-3.4.1.pkg",
    notes: "修复：\n- 录制音画不同步（3.2.0 引入）\n- 长时间录制后磁盘空间计算错误\n优化：\n- 升级包下载支持断点续传",
    models: [],
    status: 1,
    current: false,
    released: "2026-07-03T02:00:00Z",
  },
  {
    product: "device",
    version: "3.5.0",
    file: "yanke-recorder-3.5.0.pkg",
    notes:
      "新增：\n- 巡课画面低延迟模式\n- 课表自动录制提前 1 分钟开始\n优化：\n- 心跳间隔可由平台下发\n- 升级前校验 SHA-256，校验失败保留原版本\n注意：\n- 仅适用于研课模拟录播型号",
    models: [MODEL],
    status: 1,
    current: true,
    released: "2026-10-20T02:00:00Z",
  },
  {
    product: "windows",
    version: "2.1.0",
    file: "YankeTeacher-2.1.0-setup.exe",
    notes: "新增：\n- 课堂录制一键开始 / 结束\n- 备课资料离线缓存\n修复：\n- 高分屏下界面模糊",
    models: [],
    status: 1,
    current: true,
    released: "2026-09-01T02:00:00Z",
  },
];

/** A few KB of bytes that depend only on the name (the same package on every demo platform). */
export function demoPackage(name: string, size = 6 * 1024): Buffer {
  const out = Buffer.alloc(size);
  const head = Buffer.from(`YANKE-PKG\n${name}\n`, "utf8");
  head.copy(out, 0);
  let block = createHash("sha256").update(name).digest();
  for (let i = head.length; i < size; i += block.length) {
    block.copy(out, i, 0, Math.min(block.length, size - i));
    block = createHash("sha256").update(block).digest();
  }
  return out;
}

export async function seedSoftwareDemo(d: AdminDemoDeps): Promise<void> {
  const [any] = await d.db.select({ id: softwareVersion.id }).from(softwareVersion).limit(1);
  if (any) return;
  const [owner] = await d.db.select({ id: account.id }).from(account).where(eq(account.username, "pingtai"));
  if (!owner) return;
  const dir = mkdtempSync(path.join(tmpdir(), "yanke-software-demo-"));
  try {
    for (const v of DEMO_VERSIONS) {
      const file = path.join(dir, v.file);
      writeFileSync(file, demoPackage(v.file));
      const f = await d.files.adopt(owner.id, file, v.file, "software");
      const at = new Date(v.released);
      await d.db
        .insert(softwareVersion)
        .values({
          product: v.product,
          version: v.version,
          file_id: f.id,
          file_name: f.file_name,
          size: f.size,
          sha256: f.sha256,
          notes: v.notes,
          models: v.models,
          is_current: v.current ? 1 : 0,
          status: v.status,
          account_id: owner.id,
          released_at: at,
          created_at: at,
          updated_at: at,
        })
        .onConflictDoNothing();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
