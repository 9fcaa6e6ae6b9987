import { z } from "zod";
import { PAGE } from "../constants.js";

/** An id as the client sends it: a positive integer, possibly as a string. */
export const zId = (label = "编号") => z.coerce.number().int("必须是整数").positive("必须大于 0").describe(label);

export const zPage = z.coerce.number().int().min(1).default(PAGE.defaultPage).describe("页码");
export const zLimit = z.coerce.number().int().min(1).max(PAGE.maxLimit).default(PAGE.defaultLimit).describe("每页条数");
export const PageQuery = z.object({ page: zPage, limit: zLimit });
export type PageQuery = z.infer<typeof PageQuery>;

export const EmptyPayload = z.object({}).describe("无参数");
