/**
 * The optional model enrichment of the lesson-plan diagnosis (issue #8; docs/decisions/0833): after the rules, an
 * OpenAI-compatible chat completion (POST {baseUrl}/chat/completions, Authorization: Bearer apiKey) reads the plan
 * (truncated) and the rules' findings and answers JSON suggestions in Chinese. Only well-formed suggestions are
 * kept (source "llm"); evidence the plan does not contain is dropped. Any failure — network, timeout, HTTP error,
 * nonsense — is answered as an error the caller records in the report; nothing is invented.
 */
import { DIAGNOSIS_DIMENSIONS, type DiagnosisDimension, type DiagnosisLevel, type DiagnosisReport, type DiagnosisSuggestion } from "@yanke/protocol";

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface LlmOptions {
  /** Whole request, default 60 s. */
  timeoutMs?: number;
  /** The plan text sent is cut to this many characters (default 6000). */
  maxChars?: number;
  fetch?: typeof fetch;
}

export type LlmOutcome = { ok: true; suggestions: DiagnosisSuggestion[] } | { ok: false; error: string };

const LEVEL_IMPACT: Record<DiagnosisLevel, number> = { error: 3, warning: 1.5, info: 0.5 };
const MAX_SUGGESTIONS = 8;

/** The chat messages: the rules' findings and the (truncated) plan, asking for JSON. */
export function llmMessages(report: DiagnosisReport, planText: string, maxChars = 6000): { role: "system" | "user"; content: string }[] {
  const plan = planText.length > maxChars ? `${planText.slice(0, maxChars)}\n……（后文已截断）` : planText;
  const findings = {
    总分: report.score,
    等级: report.grade,
    各维度: report.dimensions.map((d) => `${d.name}：${d.scored ? d.score : "不计分"}（${d.summary}）`),
    缺少的必备部分: report.structure.missing_required,
    模糊动词: report.objectives.vague,
    环节用时合计: report.time.total_minutes,
    缺少的环节: report.time.missing_stages,
    提问数: report.questions.count,
    未覆盖的目录知识点: report.keywords.missing,
    规则建议: report.suggestions.map((s) => s.message),
  };
  return [
    {
      role: "system",
      content:
        "你是一名资深中小学教研员，负责诊断教师的教案。请只依据给出的教案原文和规则诊断结果，用中文给出具体、可操作的改进建议，不要编造教案中没有的内容。" +
        '只输出 JSON，格式为 {"suggestions":[{"dimension":"structure|objectives|time|questions|keywords","level":"error|warning|info","message":"建议（中文）","evidence":"引用教案原文（可为空）"}]}，最多 5 条，不要重复规则已给出的建议。',
    },
    { role: "user", content: `规则诊断结果：\n${JSON.stringify(findings, null, 1)}\n\n教案原文：\n${plan}` },
  ];
}

const CJK = /[\u4e00-\u9fff]/;

/** The suggestions of a model answer's content, or why it is unusable. */
export function parseLlmContent(content: string, planText: string): LlmOutcome {
  const body = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```\s*$/, "")
    .trim();
  let data: unknown;
  try {
    const start = body.indexOf("{");
    const end = body.lastIndexOf("}");
    data = JSON.parse(start >= 0 && end > start ? body.slice(start, end + 1) : body);
  } catch {
    return { ok: false, error: "模型的回答不是有效的 JSON" };
  }
  const list = (data as { suggestions?: unknown })?.suggestions;
  if (!Array.isArray(list)) return { ok: false, error: "模型的回答缺少 suggestions 列表" };
  const flat = planText.replace(/\s+/g, "");
  const out: DiagnosisSuggestion[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== "object") continue;
    const r = raw as Record<string, unknown>;
    const message = typeof r.message === "string" ? r.message.trim() : "";
    if (!message || !CJK.test(message) || message.length > 500) continue;
    const dimension = (typeof r.dimension === "string" && r.dimension in DIAGNOSIS_DIMENSIONS ? r.dimension : "structure") as DiagnosisDimension;
    const level: DiagnosisLevel = r.level === "error" || r.level === "warning" || r.level === "info" ? r.level : "info";
    let evidence = typeof r.evidence === "string" ? r.evidence.trim().slice(0, 120) : "";
    // A quote the plan does not contain is not evidence.
    if (evidence && !flat.includes(evidence.replace(/\s+/g, ""))) evidence = "";
    out.push({ dimension, level, message, evidence, source: "llm", impact: LEVEL_IMPACT[level] });
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  if (!out.length) return { ok: false, error: "模型没有给出有效的建议" };
  return { ok: true, suggestions: out };
}

/** Asks the model; never throws. */
export async function enrichWithLlm(cfg: LlmSettings, report: DiagnosisReport, planText: string, opts: LlmOptions = {}): Promise<LlmOutcome> {
  const url = `${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${cfg.apiKey}` },
      body: JSON.stringify({
        model: cfg.model,
        messages: llmMessages(report, planText, opts.maxChars),
        temperature: 0.2,
        response_format: { type: "json_object" },
      }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, error: `模型服务返回 HTTP ${res.status}` };
    }
    const json = (await res.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
    const content = json?.choices?.[0]?.message?.content;
    if (typeof content !== "string") return { ok: false, error: "模型服务的回答格式不正确" };
    return parseLlmContent(content, planText);
  } catch (e) {
    const name = (e as { name?: string })?.name;
    return { ok: false, error: name === "TimeoutError" || name === "AbortError" ? "模型服务响应超时" : "无法连接模型服务" };
  }
}

/** The report with the model's suggestions merged (ranked by impact), or with a note saying why there are none. */
export function mergeLlm(report: DiagnosisReport, outcome: LlmOutcome): DiagnosisReport {
  if (!outcome.ok) return { ...report, engine: "rules", notes: [...report.notes, `AI 模型补充建议未能生成（${outcome.error}），以下为规则诊断结果。`] };
  const rank: Record<DiagnosisLevel, number> = { error: 0, warning: 1, info: 2 };
  const suggestions = [...report.suggestions, ...outcome.suggestions].sort((a, b) => b.impact - a.impact || rank[a.level] - rank[b.level]);
  return { ...report, engine: "rules+llm", suggestions };
}
