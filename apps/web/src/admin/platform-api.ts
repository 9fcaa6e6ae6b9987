import {
  type AuthCodeRow,
  CALLS,
  type CommonImgRow,
  type CommonImgSave,
  type CommonImgUpdate,
  type MandateAnswer,
  type Page,
  type SettingRow,
  type WebsiteInfo,
  type WebsiteUpdatePayload,
} from "@yanke/protocol";
/** Typed calls of the platform screens (docs/api/platform.md). */
import type { z } from "zod";
import { call } from "../api/client";

type In<T extends z.ZodType> = z.input<T>;

export const platformApi = {
  settings: () => call<SettingRow[]>(CALLS.systemList, {}),
  settingRead: (key: string) => call<SettingRow>(CALLS.systemRead, { key }),
  settingUpdate: (key: string, value: unknown) => call<SettingRow>(CALLS.systemUpdate, { key, value }),
  website: (school_id?: number) => call<WebsiteInfo>(CALLS.website, school_id ? { school_id } : {}),
  websiteUpdate: (p: In<typeof WebsiteUpdatePayload>) => call<WebsiteInfo>(CALLS.websiteUpdate, p),
  imgList: (p: Record<string, unknown>) => call<Page<CommonImgRow>>(CALLS.imgList, p),
  imgSave: (p: In<typeof CommonImgSave>) => call<{ id: number }>(CALLS.imgSave, p),
  imgUpdate: (p: In<typeof CommonImgUpdate>) => call<null>(CALLS.imgUpdate, p),
  imgDelete: (id: number) => call<null>(CALLS.imgDelete, { id }),
  imgShortcut: (id: number, value: number) => call<null>(CALLS.imgShortcut, { id, value }),
  authVerify: (authorization_code: string, type: string) => call<MandateAnswer>(CALLS.authVerify, { authorization_code, type }),
  mandate: (apply_code: string) => call<MandateAnswer>(CALLS.mandate, { apply_code }),
  authCodes: (p: Record<string, unknown>) => call<Page<AuthCodeRow>>(CALLS.authCodeList, p),
};
