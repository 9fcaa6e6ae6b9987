import { type PayloadOf, calls } from "@yanke/protocol";
/** Typed calls of the platform screens (docs/api/platform.md). */
import { call } from "../api/client";

export const platformApi = {
  settings: () => call(calls.systemList, {}),
  settingRead: (key: string) => call(calls.systemRead, { key }),
  settingUpdate: (key: string, value: unknown) => call(calls.systemUpdate, { key, value }),
  website: (school_id?: number) => call(calls.website, school_id ? { school_id } : {}),
  websiteUpdate: (p: PayloadOf<typeof calls.websiteUpdate>) => call(calls.websiteUpdate, p),
  imgList: (p: PayloadOf<typeof calls.imgList>) => call(calls.imgList, p),
  imgSave: (p: PayloadOf<typeof calls.imgSave>) => call(calls.imgSave, p),
  imgUpdate: (p: PayloadOf<typeof calls.imgUpdate>) => call(calls.imgUpdate, p),
  imgDelete: (id: number) => call(calls.imgDelete, { id }),
  imgShortcut: (id: number, value: number) => call(calls.imgShortcut, { id, value }),
  authVerify: (authorization_code: string, type: string) => call(calls.authVerify, { authorization_code, type }),
  mandate: (apply_code: string) => call(calls.mandate, { apply_code }),
  authCodes: (p: PayloadOf<typeof calls.authCodeList>) => call(calls.authCodeList, p),
};
