/**
 * A loopback OpenAI-compatible chat-completions server for the diagnosis tests: records each request (path, bearer
 * token, body) and answers by mode — "ok" the fixture suggestions, "fail" HTTP 500, "nonsense" prose instead of JSON,
 * "hold" nothing until release() (then the fixture).
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type LlmMode = "ok" | "fail" | "nonsense" | "hold";

export interface LlmRequest {
  method: string;
  path: string;
  authorization: string;
  body: { model?: string; messages?: { role: string; content: string }[]; [k: string]: unknown };
}

/** What the fixture model suggests: one quotes the plan, one quotes text the plan does not contain. */
export const LLM_FIXTURE = {
  suggestions: [
    {
      dimension: "questions",
      level: "warning",
      message: "建议在拼图活动后追问「不同拼法为什么都能得到同一个等式」，引导学生概括面积法的本质。",
      evidence: "小组用四个全等的直角三角形拼图",
    },
    { dimension: "objectives", level: "info", message: "情感目标可改为「能够讲述赵爽弦图的来历」，便于课堂检测。", evidence: "这句话教案里并没有" },
    { dimension: "nonsense-dimension", level: "bogus", message: "可增加一道勾股定理在生活中的应用题（如梯子问题）。", evidence: "" },
    { dimension: "time", level: "info", message: "" },
  ],
};

export interface LlmServer {
  baseUrl: string;
  requests: LlmRequest[];
  mode: LlmMode;
  release(): void;
  close(): Promise<void>;
}

export async function startLlmServer(): Promise<LlmServer> {
  const held: ServerResponse[] = [];
  const state: LlmServer = {
    baseUrl: "",
    requests: [],
    mode: "ok",
    release: () => {
      for (const res of held.splice(0)) answerOk(res);
    },
    close: async () => {
      state.release();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const answerOk = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "chatcmpl-test",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: `\`\`\`json\n${JSON.stringify(LLM_FIXTURE)}\n\`\`\`` }, finish_reason: "stop" }],
      }),
    );
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: LlmRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as LlmRequest["body"];
      } catch {
        /* recorded as {} */
      }
      state.requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: String(req.headers.authorization ?? ""), body });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      if (state.mode === "fail") {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "internal error" } }));
      } else if (state.mode === "nonsense") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "这份教案写得很好，我没有什么建议。" } }] }));
      } else if (state.mode === "hold") held.push(res);
      else answerOk(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
