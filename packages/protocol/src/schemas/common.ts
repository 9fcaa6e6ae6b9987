import { z } from "zod";
import { PAGE } from "../constants.js";

/** An id as the client sends it: a positive integer, possibly as a string. */
export const zId = (label = "编号") => z.coerce.number().int("必须是整数").positive("必须大于 0").describe(label);

export const zPage = z.coerce.number().int().min(1).default(PAGE.defaultPage).describe("页码");
export const zLimit = z.coerce.number().int().min(1).max(PAGE.maxLimit).default(PAGE.defaultLimit).describe("每页条数");
export const PageQuery = z.object({ page: zPage, limit: zLimit });
export type PageQuery = z.infer<typeof PageQuery>;

export const EmptyPayload = z.object({}).describe("无参数");

/** "" and null read as absent (forms send blanks for untouched optional fields). */
export const blankToUndef = (v: unknown) => (v === "" || v === null ? undefined : v);
/** An optional id filter or reference: blank = absent, 0 allowed ("none"). */
export const zOptId = (label: string) => z.preprocess(blankToUndef, z.coerce.number().int("必须是整数").min(0, "不能为负数").optional()).describe(label);
/** Optional text up to `max` characters: blank = absent. */
export const zOptText = (label: string, max: number) =>
  z.preprocess(blankToUndef, z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).optional()).describe(label);
/** A required title of at most 100 characters. */
export const zTitle100 = (label: string) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(100, `${label}不能超过 100 个字符`)
    .describe(label);
export const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;
/** "YYYY-MM-DD" or "YYYY-MM-DD HH:mm[:ss]" (Asia/Shanghai); "" or null = none (null clears it in an update). */
export const zDateOrTime = (label: string) =>
  z
    .preprocess((v) => (v === "" ? null : v), z.string().trim().regex(DATE_OR_TIME, `${label}格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`).nullable().optional())
    .describe(label);
