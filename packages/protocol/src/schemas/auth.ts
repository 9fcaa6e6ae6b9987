import { z } from "zod";
import { RECORD_TYPE_LOGOUT } from "../constants.js";

export const LoginPayload = z.object({
  username: z.string().trim().min(1, "请输入账号").max(64, "账号不能超过 64 个字符").describe("账号"),
  password: z.string().min(1, "请输入密码").max(128, "密码不能超过 128 个字符").describe("密码"),
});
export type LoginPayload = z.infer<typeof LoginPayload>;

export const PASSWORD_RULE = "密码长度 6 到 64 位，且须同时包含字母和数字";
export const zNewPassword = z
  .string()
  .min(6, PASSWORD_RULE)
  .max(64, PASSWORD_RULE)
  .regex(/[A-Za-z]/, PASSWORD_RULE)
  .regex(/\d/, PASSWORD_RULE)
  .describe("新密码");

export const ChangePasswordPayload = z
  .object({
    old_password: z.string().min(1, "请输入旧密码").max(128).describe("旧密码"),
    password: zNewPassword,
    password_confirmation: z.string().min(1, "请再次输入新密码").describe("确认密码"),
    head_portrait_url: z.string().max(500).optional().describe("头像地址"),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: "两次输入的新密码不一致",
    path: ["password_confirmation"],
  })
  .refine((v) => v.password !== v.old_password, { message: "新密码不能与旧密码相同", path: ["password"] });
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayload>;

export const SsoCodeExchangePayload = z.object({
  code: z.string().min(1, "缺少授权码").max(2048).describe("授权码"),
  state: z.string().min(1, "缺少 state").max(512).describe("state"),
  iss: z.string().max(500).optional().describe("签发者"),
});
export type SsoCodeExchangePayload = z.infer<typeof SsoCodeExchangePayload>;

/** c119 host code record, made first at logout when a host_code is stored (platform.md §4). */
export const HostCodeRecordPayload = z.object({
  code: z.string().min(1).max(64).describe("主机码"),
  record_type: z.literal(RECORD_TYPE_LOGOUT).describe("记录类型"),
  account_id: z.coerce.number().int().positive().describe("账号编号"),
});

/** c117/c118 pushallrtmp / stopallrtmp. */
export const MachineCodePayload = z.object({ code: z.string().min(1).max(64).describe("设备码") });
