/**
 * Permission rules of the 软件版本 calls, under the SoftwareVersion menu entry: { MenuName: [[title, path]] } merged into the seeded
 * menu by rbac.seed (MODULE_RULES). Calls listed here are checked with defineCall's `rule`.
 *
 * The reads (list, products, models, download) are also open to any administrator holding 查看设备 (equipment list):
 * the device upgrade dialog chooses its version from the registry (docs/decisions/1242).
 */
import { SOFTWARE_CALLS as C } from "@yanke/protocol";

export const RULES: Record<string, [string, string][]> = {
  SoftwareVersion: [
    ["查看软件版本", C.softwareList],
    ["软件产品", C.softwareProducts],
    ["设备型号", C.softwareModels],
    ["上传软件版本", C.softwareSave],
    ["修改软件版本", C.softwareUpdate],
    ["删除软件版本", C.softwareDelete],
    ["设为当前版本", C.softwareSetCurrent],
    ["下架软件版本", C.softwareWithdraw],
    ["下载安装包", C.softwareDownload],
  ],
};
