#!/usr/bin/env -S npx tsx
// `npx tsx apps/server/src/device-sim/cli.ts --server http://127.0.0.1:8080 --device CODE:SECRET` — the same as
// `yanke device-sim …` once main.ts dispatches the subcommand.
import { deviceSimMain } from "./main.js";

deviceSimMain(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error("模拟设备出错：", e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
