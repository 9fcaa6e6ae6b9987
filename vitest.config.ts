import { defineConfig } from "vitest/config";

const serverSetup = "./apps/server/test/global-setup.ts";

export default defineConfig({
  test: {
    reporters: ["default"],
    projects: [
      {
        test: {
          name: "unit",
          // Projects with different worker counts run as separate groups, in this order.
          sequence: { groupOrder: 0 },
          include: ["packages/protocol/src/**/*.test.ts", "apps/server/src/**/*.unit.test.ts", "apps/web/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          sequence: { groupOrder: 1 },
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: [serverSetup],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // vitest's default is one worker per core minus one — a single worker on a 2-core machine. The API files
          // each clone the template database and spend much of their time waiting on ffmpeg, sockets and clocks,
          // so three run side by side.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["e2e/**/*.test.ts"],
          globalSetup: [serverSetup],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: "forks",
          // One browser file at a time: two side by side saved little on 2 cores (875 s against ~960 s for the pass)
          // and made slow steps of other files (a teacher sync, a dialog's animation) miss their 30 s waits.
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
