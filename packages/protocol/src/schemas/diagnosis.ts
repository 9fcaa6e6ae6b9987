/**
 * AI diagnosis of a lesson plan (issue #8; docs/api/diagnosis.md): deterministic rules by default, enriched by an
 * OpenAI-compatible model when LLM_BASE_URL is configured. A failed job says so and has no result.
 */
export const DIAGNOSIS_CALLS = {
  /** c252: start a diagnosis job */ preparationDiagnosisAi: "/v2/preparation/preparationDiagnosisAi",
  /** c253: poll a job (or the latest of a preparation) */ getAiResult: "/v2/preparation/getAiResult",
} as const;
