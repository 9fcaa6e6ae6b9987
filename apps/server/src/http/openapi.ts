import { z } from "zod";
import type { RegisteredCall } from "./call.js";

/** OpenAPI 3.1 document generated from the registered calls' zod schemas. */
export function buildOpenApi(calls: readonly RegisteredCall[], version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const c of [...calls].sort((a, b) => a.path.localeCompare(b.path))) {
    let payload: unknown;
    try {
      payload = z.toJSONSchema(c.schema, { io: "input", unrepresentable: "any" });
    } catch {
      payload = { type: "object" };
    }
    paths[c.path] = {
      post: {
        operationId: c.id === "new" ? c.path : c.id,
        summary: c.summary,
        tags: [c.path.split("/")[2] ?? "misc"],
        "x-access": c.access,
        ...(c.rule ? { "x-rule": c.rule } : {}),
        "x-envelope": !c.raw,
        security: c.access === "public" ? [] : [{ token: [] }],
        requestBody: {
          required: true,
          description: c.raw ? "明文 JSON（raw）" : "加密信封 {encrypt}；下方 schema 为解密后的明文载荷（不含 request_time）",
          content: { "application/json": { schema: payload } },
        },
        responses: { "200": { description: "{code, msg, data}", content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "研课 Yanke API",
      version,
      description:
        '所有接口为 POST，请求体 {"encrypt": base64(iv‖密文‖tag)}，AES-256-GCM，密钥 = HMAC-SHA256(APP_KEY, Atime)。请求头 TOKEN、Atime。应答 {code,msg,data}。见 shared/design/wire.md。',
    },
    components: {
      securitySchemes: { token: { type: "apiKey", in: "header", name: "TOKEN" } },
      schemas: {
        Envelope: {
          type: "object",
          required: ["code", "msg", "data"],
          properties: { code: { type: "integer" }, msg: { type: "string" }, data: {} },
        },
      },
    },
    paths,
  };
}
