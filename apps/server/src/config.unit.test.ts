import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEV_APP_KEY, loadConfig } from "./config.js";

function err(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has documented defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve(process.env.INIT_CWD || process.cwd(), "data"));
    expect(loadConfig({ INIT_CWD: "/srv/yanke" }).dataDir).toBe("/srv/yanke/data");
    expect(loadConfig({ INIT_CWD: "/srv/yanke", DATA_DIR: "/var/lib/yanke" }).dataDir).toBe("/var/lib/yanke");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.appKey).toBe(DEV_APP_KEY);
    expect(c.edition).toBe("foreground");
    expect(c.allowRaw).toBe(false);
    expect(c.seedDemo).toBe(true);
    expect(c.oidc).toBeUndefined();
  });

  it("reads every setting", () => {
    const c = loadConfig({
      PORT: "9000",
      DATA_DIR: "/var/yanke",
      DATABASE_URL: "postgres://u:p@db:5432/yanke",
      REDIS_URL: "redis://cache:6379",
      APP_KEY: "0123456789abcdef0123",
      ADMIN_PASSWORD: "Secret123",
      EDITION: "NINGXIA",
      ALLOW_RAW: "1",
      SEED_DEMO: "0",
      OIDC_ISSUER: "https://id.example.cn",
      OIDC_CLIENT_ID: "yanke",
      OIDC_CLIENT_SECRET: "s",
      OIDC_REDIRECT_URI: "https://yanke.example.cn/",
    });
    expect(c).toMatchObject({ port: 9000, dataDir: "/var/yanke", edition: "NINGXIA", allowRaw: true, seedDemo: false, adminPassword: "Secret123" });
    expect(c.oidc).toEqual({
      issuer: "https://id.example.cn",
      clientId: "yanke",
      clientSecret: "s",
      redirectUri: "https://yanke.example.cn/",
      postLogoutRedirectUri: "https://yanke.example.cn/",
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT 必须在 0–65535 之间"],
    [{ EDITION: "beta" }, "EDITION 只能是 foreground、teachEvents 或 NINGXIA"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL 必须是 postgres:// 或 postgresql:// 开头的地址"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ APP_KEY: "short" }, "APP_KEY 至少 16 个字符"],
    [{ ALLOW_RAW: "yes" }, "ALLOW_RAW 只能是 0、1、true 或 false"],
    [{ ADMIN_PASSWORD: "123" }, "ADMIN_PASSWORD 至少 8 个字符"],
    [{ OIDC_ISSUER: "https://id.example.cn" }, "单点登录需要同时设置"],
  ])("refuses %o with a clear message", (env, text) => {
    const m = err(env);
    expect(m).toContain("配置错误，服务未启动");
    expect(m).toContain(text);
  });

  it("AI lesson analysis: in-server workers, retry delays (decision 1001) and the VAD (decision 1006)", () => {
    expect(loadConfig({}).analysis).toEqual({ workers: 1, retrySeconds: [10, 60], vad: "energy" });
    expect(loadConfig({ ANALYSIS_WORKERS: "0", ANALYSIS_RETRY_SECONDS: " 5 , 30 ", ANALYSIS_VAD: "silero" }).analysis).toEqual({
      workers: 0,
      retrySeconds: [5, 30],
      vad: "silero",
    });
    expect(err({ ANALYSIS_VAD: "webrtc" })).toContain("ANALYSIS_VAD 只能是 energy 或 silero");
    expect(err({ ANALYSIS_WORKERS: "-1" })).toContain("ANALYSIS_WORKERS 不能为负数");
    expect(err({ ANALYSIS_WORKERS: "two" })).toContain("ANALYSIS_WORKERS 必须是数字");
    expect(err({ ANALYSIS_RETRY_SECONDS: "10" })).toContain("ANALYSIS_RETRY_SECONDS 必须是两个以逗号分隔的秒数");
  });

  it("the PDF font: absent by default, a file that exists, with an optional PostScript name", () => {
    expect(loadConfig({}).pdfFont).toBeUndefined();
    const here = fileURLToPath(import.meta.url);
    expect(loadConfig({ PDF_FONT: here, PDF_FONT_FAMILY: "WenQuanYiMicroHei" }).pdfFont).toEqual({ path: here, family: "WenQuanYiMicroHei" });
    expect(loadConfig({ PDF_FONT: here }).pdfFont).toEqual({ path: here });
    expect(err({ PDF_FONT: "/no/such/font.ttc" })).toContain("PDF_FONT 指定的字体文件不存在");
  });
});
