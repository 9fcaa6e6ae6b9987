/**
 * The server's one dayjs, set up once: utc and timezone (wire times are Asia/Shanghai, TIME_ZONE of the protocol,
 * always passed explicitly: `dayjs(d).tz(TIME_ZONE)`, `dayjs.tz(text, TIME_FORMAT, TIME_ZONE)`) and
 * customParseFormat (parsing by a given format). Import dayjs from here, not from "dayjs" (docs/decisions/1313).
 */
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export type { Dayjs } from "dayjs";
export default dayjs;
