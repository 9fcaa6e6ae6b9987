import dayjs from "../infra/dayjs.js";
import { TIME_FORMAT, TIME_ZONE } from "@yanke/protocol";

/** Wire time: 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
export function formatTime(d: Date | null | undefined): string {
  return d ? dayjs(d).tz(TIME_ZONE).format(TIME_FORMAT) : "";
}
