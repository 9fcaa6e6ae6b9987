import { type AccountRow, CALLS, type FileAnswer, type ImportReport, type Page } from "@yanke/protocol";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseImport } from "../src/modules/account/account-xlsx.js";
import { type TestServer, startTestServer } from "./harness.js";

let s: TestServer;
let admin = "";
beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.login()).token;
});
afterAll(async () => s?.close());

async function workbook(header: string[], rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("导入模板");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString("base64");
}

const ACCOUNT_HEADER = ["账号*", "姓名*", "手机号", "身份", "角色", "学校", "初始密码"];

describe("account import through the wire", () => {
  it("mode all: one bad row stops the whole import and every bad row is reported", async () => {
    const file = await workbook(ACCOUNT_HEADER, [
      ["imp_good1", "导入一", "13800000011", "教师", "教师", "银川市第一中学", "Good12345"],
      ["imp_bad1", "", "", "教师", "教师", "银川市第一中学", ""],
      ["imp_good2", "导入二", "", "校级", "校级管理员", "银川市第一中学", ""],
      ["zhanglaoshi", "重名", "", "教师", "教师", "银川市第一中学", ""],
      ["imp_bad3", "不存在的学校", "", "教师", "教师", "火星中学", ""],
    ]);
    const before = (await s.call<Page<AccountRow>>(CALLS.accountList, {}, admin)).data.total;
    const r = await s.call<ImportReport>(CALLS.accountImportAccount, { filename: "账号.xlsx", file, mode: "all" }, admin);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.total).toBe(5);
    expect(r.data.imported).toBe(0);
    expect(r.data.errors.map((e) => e.row)).toEqual([3, 5, 6]);
    expect(r.data.errors.find((e) => e.row === 3)?.field).toBe("姓名");
    expect(r.data.errors.find((e) => e.row === 5)?.msg).toContain("已存在");
    expect(r.data.errors.find((e) => e.row === 6)?.msg).toContain("火星中学");
    expect((await s.call<Page<AccountRow>>(CALLS.accountList, {}, admin)).data.total).toBe(before);
  });

  it("mode valid: the good rows are imported, generated passwords are handed back and work", async () => {
    const file = await workbook(ACCOUNT_HEADER, [
      ["imp_ok1", "导入甲", "", "教师", "教师", "银川市第一中学", "Given12345"],
      ["imp_ok2", "导入乙", "", "校级", "校级管理员", "银川市第二中学", ""],
      ["imp_no", "", "", "教师", "", "", ""],
    ]);
    const r = await s.call<ImportReport>(CALLS.accountImportAccount, { filename: "账号.xlsx", file, mode: "valid" }, admin);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 3, imported: 2, skipped: 1 });
    expect(r.data.accounts.map((a) => a.username)).toEqual(["imp_ok1", "imp_ok2"]);
    expect(r.data.accounts[0]!.password).toBeUndefined();
    const generated = r.data.accounts[1]!.password!;
    expect(generated).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10,}$/);
    expect((await s.login("imp_ok1", "Given12345")).realname).toBe("导入甲");
    const second = await s.login("imp_ok2", generated);
    expect(second.identity).toBe(4);
    expect(second.school_index_name).toBe("银川二中教研空间");
  });

  it("a school administrator's import stays inside his school and standing", async () => {
    const t = (await s.login("xiaoji", "Demo12345")).token;
    const file = await workbook(ACCOUNT_HEADER, [
      ["sch_ok", "本校老师", "", "教师", "教师", "银川市第一中学", ""],
      ["sch_other", "外校老师", "", "教师", "教师", "银川市第二中学", ""],
      ["sch_up", "升级", "", "平台", "", "银川市第一中学", ""],
    ]);
    const r = await s.call<ImportReport>(CALLS.accountImportAccount, { filename: "a.xlsx", file, mode: "valid" }, t);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.accounts.map((a) => a.username)).toEqual(["sch_ok"]);
    expect(r.data.errors.map((e) => e.row)).toEqual([3, 4]);
  });

  it("teacher import puts everyone in the chosen school as a teacher", async () => {
    const file = await workbook(["账号*", "姓名*", "手机号", "学科", "职称", "入职年份", "初始密码"], [["tch_1", "教师甲", "", "", "二级教师", 2019, ""]]);
    const one = (await s.services.accounts.byUsername("xiaoji"))!.school_id;
    const r = await s.call<ImportReport>(CALLS.accountImportTeacher, { filename: "t.xlsx", file, mode: "all", school_id: one }, admin);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.imported).toBe(1);
    const a = await s.services.accounts.byUsername("tch_1");
    expect(a).toMatchObject({ identity: 2, school_id: one, reputation: "二级教师", entry_year: 2019 });
  });

  it("refuses files that are not workbooks, wrong headers and bad payloads with clear messages", async () => {
    const garbage = await s.call<ImportReport>(CALLS.accountImportAccount, { filename: "x.xlsx", file: Buffer.from("hello").toString("base64") }, admin);
    expect(garbage.code).toBe(200);
    expect(garbage.data.imported).toBe(0);
    expect(garbage.data.errors[0]!.msg).toContain("不是有效的 Excel");
    const wrong = await s.call<ImportReport>(CALLS.accountImportAccount, { filename: "x.xlsx", file: await workbook(["名字", "电话"], [["a", "b"]]) }, admin);
    expect(wrong.data.errors[0]).toMatchObject({ row: 1 });
    expect((await s.call(CALLS.accountImportAccount, { filename: "x.csv", file: "AAAA" }, admin)).msg).toBe("文件名(filename): 只支持 .xlsx 文件");
    expect((await s.call(CALLS.accountImportAccount, { filename: "x.xlsx", file: "@@@" }, admin)).msg).toContain("base64");
  });
});

describe("export", () => {
  it("exports the filtered list as .xlsx that parses back into the same accounts", async () => {
    const one = (await s.services.accounts.byUsername("xiaoji"))!.school_id;
    const r = await s.call<FileAnswer>(CALLS.accountExport, { school_id: one, identity: 2 }, admin);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.filename).toMatch(/^账号列表-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const list = await s.call<Page<AccountRow>>(CALLS.accountList, { school_id: one, identity: 2, limit: 100 }, admin);
    const parsed = await parseImport("account", Buffer.from(r.data.file, "base64"), {
      schoolIdByTitle: (t) => (t === "银川市第一中学" ? one : undefined),
      groupIdByTitle: () => 1,
      existingUsernames: new Set(),
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((x) => x.values.username).sort()).toEqual(list.data.list.map((a) => a.username).sort());
    const zhang = parsed.rows.find((x) => x.values.username === "zhanglaoshi")!;
    expect(zhang.values).toMatchObject({ realname: "张老师", identity: 2, school_id: one });
  });

  it("serves the import templates", async () => {
    for (const kind of ["teacher", "account"]) {
      const res = await fetch(`${s.url}/templates/${kind}.xlsx`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      expect(wb.getWorksheet("导入模板")?.getRow(1).getCell(1).text).toBe("账号*");
    }
    expect((await fetch(`${s.url}/templates/other.xlsx`)).status).toBe(404);
  });
});
