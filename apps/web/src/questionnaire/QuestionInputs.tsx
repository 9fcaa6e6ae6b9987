/**
 * The answering form of a questionnaire: the questions on the respondent's path (questionPath — skipped questions
 * disappear as answers change), one column, large touch targets. Shared by the answering page and the builder's
 * live preview.
 */
import { questionPath, QUESTION_TYPE_NAMES, type AnswerValue, type Answers, type Question } from "@yanke/protocol";
import { Checkbox, Input, Radio } from "antd";
import type { CSSProperties } from "react";

const card: CSSProperties = { background: "#fff", borderRadius: 10, padding: "14px 14px 16px", border: "1px solid #e8ece9" };

export function QuestionInputs({
  questions,
  answers,
  errors = {},
  onChange,
  disabled,
  compact,
}: {
  questions: readonly Question[];
  answers: Answers;
  errors?: Record<string, string>;
  onChange: (id: string, value: AnswerValue | undefined) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const path = questionPath(questions, answers);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: compact ? 10 : 14 }} data-testid="qn-questions">
      {path.map((q, i) => (
        <div
          key={q.id}
          style={{ ...card, borderColor: errors[q.id] ? "#ff4d4f" : "#e8ece9" }}
          data-testid={`qn-q-${q.id}`}
          data-qtype={q.type}
          id={`qn-q-${q.id}`}
        >
          <div style={{ fontSize: compact ? 14 : 16, fontWeight: 600, lineHeight: 1.5, marginBottom: 4 }}>
            {q.required ? <span style={{ color: "#ff4d4f", marginRight: 2 }}>*</span> : null}
            {i + 1}. {q.title}
            <span style={{ color: "#8a9690", fontWeight: 400, fontSize: 12, marginLeft: 6 }}>
              [{QUESTION_TYPE_NAMES[q.type]}
              {q.type === "multiple" && (q.min_select || q.max_select) ? `，${selectHint(q)}` : ""}]
            </span>
          </div>
          {q.description ? <div style={{ color: "#5f6b66", fontSize: 13, marginBottom: 8, whiteSpace: "pre-wrap" }}>{q.description}</div> : null}
          <QuestionInput q={q} value={answers[q.id]} onChange={(v) => onChange(q.id, v)} disabled={disabled} />
          {errors[q.id] ? (
            <div style={{ color: "#ff4d4f", fontSize: 13, marginTop: 6 }} data-testid="qn-error" role="alert">
              {errors[q.id]}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

function selectHint(q: Question): string {
  if (q.min_select && q.max_select) return `选 ${q.min_select}–${q.max_select} 项`;
  if (q.min_select) return `至少选 ${q.min_select} 项`;
  return `最多选 ${q.max_select} 项`;
}

const option: CSSProperties = {
  display: "flex",
  alignItems: "center",
  minHeight: 44,
  padding: "6px 10px",
  borderRadius: 8,
  border: "1px solid #e3e8e5",
  width: "100%",
  margin: 0,
};

function QuestionInput({
  q,
  value,
  onChange,
  disabled,
}: {
  q: Question;
  value: AnswerValue | undefined;
  onChange: (v: AnswerValue | undefined) => void;
  disabled?: boolean;
}) {
  switch (q.type) {
    case "single":
      return (
        <Radio.Group
          value={typeof value === "string" ? value : undefined}
          onChange={(e) => onChange(e.target.value as string)}
          disabled={disabled}
          style={{ width: "100%" }}
        >
          <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
            {q.options.map((o) => (
              <Radio key={o.id} value={o.id} style={option} data-testid={`qn-opt-${q.id}-${o.id}`}>
                {o.label}
              </Radio>
            ))}
          </div>
        </Radio.Group>
      );
    case "multiple": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Checkbox.Group
          value={chosen}
          onChange={(v) => onChange((v as string[]).length ? (v as string[]) : undefined)}
          disabled={disabled}
          style={{ width: "100%" }}
        >
          <div style={{ display: "flex", flexDirection: "column", gap: 8, width: "100%" }}>
            {q.options.map((o) => (
              <Checkbox key={o.id} value={o.id} style={option} data-testid={`qn-opt-${q.id}-${o.id}`}>
                {o.label}
              </Checkbox>
            ))}
          </div>
        </Checkbox.Group>
      );
    }
    case "rating": {
      const n = typeof value === "number" ? value : undefined;
      const values = Array.from({ length: q.scale_max - q.scale_min + 1 }, (_, i) => q.scale_min + i);
      return (
        <div>
          <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
            {values.map((v) => (
              <button
                key={v}
                type="button"
                disabled={disabled}
                data-testid={`qn-rate-${q.id}-${v}`}
                aria-pressed={n === v}
                onClick={() => onChange(n === v ? undefined : v)}
                style={{
                  minWidth: 44,
                  height: 44,
                  flex: "1 0 44px",
                  maxWidth: 64,
                  borderRadius: 8,
                  border: `1px solid ${n === v ? "#1f8a5b" : "#d5dcd8"}`,
                  background: n === v ? "#1f8a5b" : n !== undefined && v < n ? "#e3f3ea" : "#fff",
                  color: n === v ? "#fff" : "#24302b",
                  fontSize: 16,
                  cursor: disabled ? "not-allowed" : "pointer",
                }}
              >
                {v}
              </button>
            ))}
          </div>
          {q.min_label || q.max_label ? (
            <div style={{ display: "flex", justifyContent: "space-between", color: "#8a9690", fontSize: 12, marginTop: 4 }}>
              <span>{q.min_label}</span>
              <span>{q.max_label}</span>
            </div>
          ) : null}
        </div>
      );
    }
    case "matrix": {
      const m = value && typeof value === "object" && !Array.isArray(value) ? value : {};
      return (
        <div style={{ overflowX: "auto" }}>
          <table style={{ borderCollapse: "collapse", width: "100%", minWidth: 120 + q.options.length * 56 }}>
            <thead>
              <tr>
                <th />
                {q.options.map((c) => (
                  <th key={c.id} style={{ fontWeight: 400, fontSize: 12, color: "#5f6b66", padding: "4px 2px" }}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {q.rows.map((r) => (
                <tr key={r.id} style={{ borderTop: "1px solid #eef1ef" }}>
                  <td style={{ padding: "8px 4px", fontSize: 14 }}>{r.label}</td>
                  {q.options.map((c) => (
                    <td key={c.id} style={{ textAlign: "center" }}>
                      <Radio
                        disabled={disabled}
                        checked={m[r.id] === c.id}
                        data-testid={`qn-cell-${q.id}-${r.id}-${c.id}`}
                        onChange={() => onChange({ ...m, [r.id]: c.id })}
                        style={{ padding: 10, margin: 0 }}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "text": {
      const s = typeof value === "string" ? value : "";
      const set = (v: string) => onChange(v === "" ? undefined : v);
      return q.multiline ? (
        <Input.TextArea
          value={s}
          onChange={(e) => set(e.target.value)}
          disabled={disabled}
          maxLength={q.max_length}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          data-testid={`qn-text-${q.id}`}
          style={{ fontSize: 16 }}
        />
      ) : (
        <Input
          value={s}
          onChange={(e) => set(e.target.value)}
          disabled={disabled}
          maxLength={q.max_length}
          size="large"
          data-testid={`qn-text-${q.id}`}
          style={{ fontSize: 16 }}
        />
      );
    }
  }
}
