/** Typed calls of the platform screens (docs/api/platform.md). */
import type { Page } from "@yanke/protocol";
import type { z } from "zod";
import { call } from "../api/client";
import type { AuthCodeRow, CommonImgRow, CommonImgSave, CommonImgUpdate, MandateAnswer, SettingRow, WebsiteInfo, WebsiteUpdatePayload } from "./contracts";
import { P } from "./paths";

type In<T extends z.ZodType> = z.input<T>;

export const platformApi = {
  settings: () => call<SettingRow[]>(P.systemList, {}),
  settingRead: (key: string) => call<SettingRow>(P.systemRead, { key }),
  settingUpdate: (key: string, value: unknown) => call<SettingRow>(P.systemUpdate, { key, value }),
  website: (school_id?: number) => call<WebsiteInfo>(P.website, school_id ? { school_id } : {}),
  websiteUpdate: (p: In<typeof WebsiteUpdatePayload>) => call<WebsiteInfo>(P.websiteUpdate, p),
  imgList: (p: Record<string, unknown>) => call<Page<CommonImgRow>>(P.imgList, p),
  imgSave: (p: In<typeof CommonImgSave>) => call<{ id: number }>(P.imgSave, p),
  imgUpdate: (p: In<typeof CommonImgUpdate>) => call<null>(P.imgUpdate, p),
  imgDelete: (id: number) => call<null>(P.imgDelete, { id }),
  imgShortcut: (id: number, value: number) => call<null>(P.imgShortcut, { id, value }),
  authVerify: (authorization_code: string, type: string) => call<MandateAnswer>(P.authVerify, { authorization_code, type }),
  mandate: (apply_code: string) => call<MandateAnswer>(P.mandate, { apply_code }),
  authCodes: (p: Record<string, unknown>) => call<Page<AuthCodeRow>>(P.authCodeList, p),
};
