import { describe, expect, it } from "vitest";
import { PYTHAGORAS_KEYWORDS, PYTHAGORAS_SECTIONS, planDoc } from "../../../test/diagnosis-fixture.js";
import { enrichWithLlm, llmMessages, mergeLlm, parseLlmContent } from "./diagnosis-llm.js";
import { diagnose } from "./diagnosis-rules.js";

const { html, text } = planDoc(PYTHAGORAS_SECTIONS);
const report = diagnose({ html, text, catalogKeywords: PYTHAGORAS_KEYWORDS, doc: { id: 1, title: "勾股定理" }, generatedAt: "" });
const cfg = { baseUrl: "http://llm.test/v1/", apiKey: "k", model: "m" };

describe("diagnosis model enrichment", () => {
  it("parses fenced JSON, keeps only Chinese suggestions and real quotes", () => {
    const out = parseLlmContent(
      '```json\n{"suggestions":[{"dimension":"time","level":"warning","message":"练习时间可适当增加。","evidence":"例题讲解与巩固练习"},{"dimension":"time","message":"more practice"},{"message":"补充生活实例。","evidence":"不存在的句子"}]}\n```',
      text,
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.suggestions).toEqual([
      { dimension: "time", level: "warning", message: "练习时间可适当增加。", evidence: "例题讲解与巩固练习", source: "llm", impact: 1.5 },
      { dimension: "structure", level: "info", message: "补充生活实例。", evidence: "", source: "llm", impact: 0.5 },
    ]);
  });

  it("answers why a reply is unusable", () => {
    expect(parseLlmContent("没有建议", text)).toEqual({ ok: false, error: "模型的回答不是有效的 JSON" });
    expect(parseLlmContent('{"advice":[]}', text)).toEqual({ ok: false, error: "模型的回答缺少 suggestions 列表" });
    expect(parseLlmContent('{"suggestions":[{"message":"ok"}]}', text)).toEqual({ ok: false, error: "模型没有给出有效的建议" });
  });

  it("truncates the plan in the prompt", () => {
    const m = llmMessages(report, "字".repeat(10000), 100);
    expect(m[1]!.content).toContain("后文已截断");
    expect(m[1]!.content.length).toBeLessThan(10000);
  });

  it("never throws: network failure and timeout become errors; merge notes them", async () => {
    const refused = await enrichWithLlm(cfg, report, text, { fetch: async () => Promise.reject(new TypeError("fetch failed")) });
    expect(refused).toEqual({ ok: false, error: "无法连接模型服务" });
    const slow = await enrichWithLlm(cfg, report, text, {
      timeoutMs: 1,
      fetch: (_u, init) => new Promise((_, rej) => init!.signal!.addEventListener("abort", () => rej(init!.signal!.reason))),
    });
    expect(slow).toEqual({ ok: false, error: "模型服务响应超时" });
    const merged = mergeLlm(report, slow);
    expect(merged.engine).toBe("rules");
    expect(merged.suggestions).toEqual(report.suggestions);
    expect(merged.notes.at(-1)).toContain("模型服务响应超时");
  });

  it("posts to baseUrl/chat/completions (one slash) with the bearer key", async () => {
    let seen: { url: string; auth: string } | undefined;
    const out = await enrichWithLlm(cfg, report, text, {
      fetch: async (u, init) => {
        seen = { url: String(u), auth: new Headers(init!.headers).get("authorization") ?? "" };
        return new Response(
          JSON.stringify({ choices: [{ message: { content: '{"suggestions":[{"dimension":"keywords","level":"info","message":"可补充勾股数。"}]}' } }] }),
        );
      },
    });
    expect(seen).toEqual({ url: "http://llm.test/v1/chat/completions", auth: "Bearer k" });
    expect(out.ok).toBe(true);
    const merged = mergeLlm(report, out);
    expect(merged.engine).toBe("rules+llm");
    expect(merged.suggestions.some((s) => s.source === "llm" && s.message === "可补充勾股数。")).toBe(true);
  });
});
