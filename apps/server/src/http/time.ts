import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { TIME_FORMAT, TIME_ZONE } from "@yanke/protocol";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Wire time: 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
export function formatTime(d: Date | null | undefined): string {
  return d ? dayjs(d).tz(TIME_ZONE).format(TIME_FORMAT) : "";
}
