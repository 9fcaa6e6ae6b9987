/**
 * The web's one dayjs, set up once: the zh-cn locale (antd's zh_CN date pickers, weekday and month names).
 * Import dayjs from here, not from "dayjs" (docs/decisions/1313).
 */
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";

dayjs.locale("zh-cn");

export type { Dayjs } from "dayjs";
export default dayjs;
