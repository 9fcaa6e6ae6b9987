import { PASSWORD_RULE, zNewPassword, type AccountRow } from "@yanke/protocol";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  EXPORT_SHEET,
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  TEMPLATE_SHEET,
  buildExport,
  buildTemplate,
  generatePassword,
  parseImport,
  type ImportLookups,
} from "./account-xlsx.js";

const SCHOOLS = new Map([
  ["第一中学", 11],
  ["实验小学", 12],
]);
const GROUPS = new Map([
  ["教师", 21],
  ["学校管理员", 22],
]);

function lookups(existing: string[] = []): ImportLookups {
  return {
    schoolIdByTitle: (t) => SCHOOLS.get(t),
    groupIdByTitle: (t) => GROUPS.get(t),
    existingUsernames: new Set(existing.map((u) => u.toLowerCase())),
  };
}

async function load(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from([buf]));
  return wb;
}

type Cell = string | number | null;

/** A workbook with one sheet: the header row, then the given rows (null = a blank row). */
async function workbook(header: readonly string[], rows: readonly (readonly Cell[] | null)[], sheet = TEMPLATE_SHEET): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow([...header]);
  rows.forEach((r, i) => {
    if (r) ws.getRow(i + 2).values = [...r];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const TEACHER_HEADER = ["账号*", "姓名*", "手机号", "学科", "职称", "入职年份", "初始密码"];
const ACCOUNT_HEADER = ["账号*", "姓名*", "手机号", "身份", "角色", "学校", "初始密码"];

function isValidPassword(p: string): boolean {
  return zNewPassword.safeParse(p).success;
}

describe("account import templates", () => {
  it("have the documented columns, required ones marked", async () => {
    for (const kind of IMPORT_KINDS) {
      const wb = await load(await buildTemplate(kind));
      const ws = wb.getWorksheet(TEMPLATE_SHEET);
      expect(ws).toBeDefined();
      const header = IMPORT_COLUMNS[kind].map((_, i) => ws?.getRow(1).getCell(i + 1).value);
      expect(header).toEqual(kind === "teacher" ? TEACHER_HEADER : ACCOUNT_HEADER);
      expect(ws?.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(ws?.getRow(2).getCell(1).font?.italic).toBe(true);
      expect(wb.getWorksheet("说明")).toBeDefined();
    }
    const wb = await load(await buildTemplate("account"));
    const ws = wb.getWorksheet(TEMPLATE_SHEET);
    for (const row of [2, 3, 10, IMPORT_MAX_ROWS + 2]) {
      const identity = ws?.getRow(row).getCell(4).dataValidation;
      expect(identity?.type).toBe("list");
      expect(identity?.formulae).toEqual(['"教师,校级,区级,平台"']);
    }
    expect(ws?.getRow(2).getCell(5).dataValidation).toBeUndefined();
  });

  it("parse back with zero data rows (the example row is skipped)", async () => {
    for (const kind of IMPORT_KINDS) {
      const r = await parseImport(kind, await buildTemplate(kind), lookups());
      expect(r).toEqual({ rows: [], total: 0, errors: [{ row: 0, field: "文件", msg: "文件中没有数据" }] });
    }
  });

  it("a filled template keeps the example row out and reads the rows below it", async () => {
    const wb = await load(await buildTemplate("teacher"));
    const ws = wb.getWorksheet(TEMPLATE_SHEET);
    if (!ws) throw new Error("no template sheet");
    ws.getRow(3).getCell(1).value = "li01";
    ws.getRow(3).getCell(2).value = "李四";
    ws.getRow(3).getCell(3).value = 13900139000;
    const r = await parseImport("teacher", Buffer.from(await wb.xlsx.writeBuffer()), lookups());
    expect(r.errors).toEqual([]);
    expect(r.total).toBe(1);
    expect(r.rows.map((x) => [x.row, x.values.username, x.values.telephone])).toEqual([[3, "li01", "13900139000"]]);
  });
});

describe("parseImport", () => {
  it("reports each bad row with its row number, field and reason, and returns the good rows", async () => {
    const buf = await workbook(ACCOUNT_HEADER, [
      ["wang01", "王一", "13800000001", "教师", "教师", "第一中学", "abc12345"], // 2 ok
      ["w", "王二", "", "", "", "", ""], // 3 username too short
      ["wang03", "", "12ab", "", "", "", ""], // 4 realname missing, bad phone
      ["wang04", "王四", "", "校长", "", "", ""], // 5 unknown identity
      ["wang05", "王五", "", "校级", "学校管理员", "实验小学", "short"], // 6 bad password
      ["wang06", "王六", 13800000006, "区级", "", "", "abcdef12"], // 7 ok, phone typed as a number
    ]);
    const r = await parseImport("account", buf, lookups());
    expect(r.total).toBe(6);
    expect(r.errors).toEqual([
      { row: 3, field: "账号", msg: "账号至少 2 个字符" },
      { row: 4, field: "姓名", msg: "必填" },
      { row: 4, field: "手机号", msg: "请输入正确的手机号" },
      { row: 5, field: "身份", msg: "未知身份「校长」，可选：教师、校级、区级、平台" },
      { row: 6, field: "初始密码", msg: PASSWORD_RULE },
    ]);
    expect(r.rows.map((x) => x.row)).toEqual([2, 7]);
    const [a, b] = r.rows;
    expect(a?.values).toMatchObject({
      username: "wang01",
      realname: "王一",
      telephone: "13800000001",
      identity: 2,
      group_id: 21,
      school_id: 11,
      status: 1,
      password: "abc12345",
      password_confirmation: "abc12345",
    });
    expect(a?.generatedPassword).toBe(false);
    expect(b?.values).toMatchObject({ username: "wang06", telephone: "13800000006", identity: 3, group_id: 0, school_id: 0 });
  });

  it("reports duplicate usernames within the file (case-insensitive), keeping the first", async () => {
    const buf = await workbook(TEACHER_HEADER, [
      ["zhao01", "赵一"],
      ["qian01", "钱一"],
      ["ZHAO01", "赵二"],
      ["zhao01", "赵三"],
    ]);
    const r = await parseImport("teacher", buf, lookups());
    expect(r.errors).toEqual([
      { row: 4, field: "账号", msg: "与第 2 行的账号重复" },
      { row: 5, field: "账号", msg: "与第 2 行的账号重复" },
    ]);
    expect(r.rows.map((x) => x.values.username)).toEqual(["zhao01", "qian01"]);
  });

  it("reports usernames that already exist", async () => {
    const buf = await workbook(TEACHER_HEADER, [
      ["Admin", "管理员"],
      ["sun01", "孙一"],
    ]);
    const r = await parseImport("teacher", buf, lookups(["admin"]));
    expect(r.errors).toEqual([{ row: 2, field: "账号", msg: "账号「Admin」已存在" }]);
    expect(r.rows.map((x) => x.values.username)).toEqual(["sun01"]);
  });

  it("reports unknown schools and roles", async () => {
    const buf = await workbook(ACCOUNT_HEADER, [
      ["zhou01", "周一", "", "", "校长组", "第一中学"],
      ["zhou02", "周二", "", "", "教师", "不存在中学"],
      ["zhou03", "周三", "", "", "无此角色", "无此学校"],
    ]);
    const r = await parseImport("account", buf, lookups());
    expect(r.errors).toEqual([
      { row: 2, field: "角色", msg: "未找到角色「校长组」" },
      { row: 3, field: "学校", msg: "未找到学校「不存在中学」" },
      { row: 4, field: "角色", msg: "未找到角色「无此角色」" },
      { row: 4, field: "学校", msg: "未找到学校「无此学校」" },
    ]);
    expect(r.rows).toEqual([]);
    expect(r.total).toBe(3);
  });

  it("teacher rows: identity 2, subject, title, entry year and defaults", async () => {
    const buf = await workbook(TEACHER_HEADER, [
      ["wu01", "吴一", "", "语文", "一级教师", 2015, ""],
      ["wu02", "吴二", "", "火星语", "", "去年", ""],
    ]);
    const r = await parseImport("teacher", buf, {
      ...lookups(),
      subjectIdByTitle: (t) => (t === "语文" ? 7 : undefined),
      defaults: { school_id: 11, group_id: 21, identity: 4 },
    });
    expect(r.errors).toEqual([
      { row: 3, field: "学科", msg: "未找到学科「火星语」" },
      { row: 3, field: "入职年份", msg: "请填写 4 位年份，如 2015" },
    ]);
    expect(r.rows[0]?.values).toMatchObject({
      username: "wu01",
      identity: 2,
      subject_id: 7,
      reputation: "一级教师",
      entry_year: 2015,
      school_id: 11,
      group_id: 21,
    });
  });

  it("answers one row-1 error when the header does not match the template", async () => {
    const expected = { rows: [], total: 0, errors: [{ row: 1, field: "表头", msg: "表头与模板不一致，请下载最新模板" }] };
    expect(await parseImport("teacher", await workbook(["用户名", "姓名"], [["a01", "甲"]]), lookups())).toEqual(expected);
    // the account template given to the teacher import
    expect(await parseImport("teacher", await workbook(ACCOUNT_HEADER, [["a01", "甲"]]), lookups())).toEqual(expected);
    // a required column missing
    expect(await parseImport("account", await workbook(["账号", "手机号"], [["a01", ""]]), lookups())).toEqual(expected);
    // the same column twice
    expect(await parseImport("account", await workbook(["账号", "姓名", "姓名"], [["a01", "甲", "乙"]]), lookups())).toEqual(expected);
    // data but no header row
    expect(await parseImport("account", await workbook([], [["a01", "甲"]]), lookups())).toEqual(expected);
  });

  it("accepts headers in another order, without the * marks", async () => {
    const buf = await workbook(["姓名", "账号"], [["郑一", "zheng01"]]);
    const r = await parseImport("teacher", buf, lookups());
    expect(r.errors).toEqual([]);
    expect(r.rows[0]?.values).toMatchObject({ username: "zheng01", realname: "郑一" });
  });

  it("never throws on garbage: not an xlsx, empty buffer, empty sheet", async () => {
    const notXlsx = { rows: [], total: 0, errors: [{ row: 0, field: "文件", msg: "文件不是有效的 Excel(.xlsx) 文件" }] };
    expect(await parseImport("account", Buffer.from("this is not a workbook at all \u0000\u00ff"), lookups())).toEqual(notXlsx);
    expect(await parseImport("account", Buffer.alloc(0), lookups())).toEqual(notXlsx);
    expect(await parseImport("account", Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), lookups())).toEqual(notXlsx);
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet("Sheet1");
    expect(await parseImport("account", Buffer.from(await empty.xlsx.writeBuffer()), lookups())).toEqual({
      rows: [],
      total: 0,
      errors: [{ row: 0, field: "文件", msg: "文件中没有数据" }],
    });
  });

  it("skips fully blank rows but keeps the sheet row numbers", async () => {
    const buf = await workbook(TEACHER_HEADER, [["feng01", "冯一"], null, ["", "  ", ""], null, ["feng02", ""]]);
    const r = await parseImport("teacher", buf, lookups());
    expect(r.total).toBe(2);
    expect(r.rows.map((x) => x.row)).toEqual([2]);
    expect(r.errors).toEqual([{ row: 6, field: "姓名", msg: "必填" }]);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, async () => {
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`u${i}`, "某某"]);
    const r = await parseImport("teacher", await workbook(TEACHER_HEADER, many), lookups());
    expect(r).toEqual({ rows: [], total: IMPORT_MAX_ROWS + 1, errors: [{ row: 0, field: "文件", msg: "一次最多导入 5000 行" }] });
  });

  it("generates passwords that satisfy the password rule when 初始密码 is blank", async () => {
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(isValidPassword(p)).toBe(true);
    }
    const buf = await workbook(TEACHER_HEADER, [
      ["chen01", "陈一"],
      ["chen02", "陈二"],
    ]);
    const r = await parseImport("teacher", buf, lookups());
    expect(r.rows).toHaveLength(2);
    for (const row of r.rows) {
      expect(row.generatedPassword).toBe(true);
      expect(isValidPassword(row.values.password)).toBe(true);
      expect(row.values.password_confirmation).toBe(row.values.password);
    }
    expect(r.rows[0]?.values.password).not.toBe(r.rows[1]?.values.password);
  });
});

describe("buildExport", () => {
  function account(over: Partial<AccountRow>): AccountRow {
    return {
      id: 1,
      username: "u",
      realname: "某",
      telephone: "",
      head_portrait_url: "",
      status: 1,
      group_id: 0,
      group_title: "",
      school_id: 0,
      school_name: "",
      period_id: 0,
      subject_id: 0,
      community_level: 1,
      region_code: "",
      reputation: "",
      rules: [],
      rules_special: [],
      apply_auth_list: [],
      entry_year: 0,
      identity: 2,
      identity_name: "教师",
      identity_level: 0,
      identity_area_id: 0,
      province_id: 0,
      city_id: 0,
      area_id: 0,
      njy_area_id: 0,
      es_account_id: "",
      school_list: [],
      created_at: "2024-03-01 08:00:00",
      ...over,
    };
  }

  const accounts: AccountRow[] = [
    account({
      id: 1,
      username: "lin01",
      realname: "林一",
      telephone: "13800000001",
      identity: 2,
      group_id: 21,
      group_title: "教师",
      school_id: 11,
      school_name: "第一中学",
    }),
    account({
      id: 2,
      username: "lin02",
      realname: "林二",
      telephone: "",
      identity: 4,
      group_id: 22,
      group_title: "学校管理员",
      school_id: 12,
      school_name: "实验小学",
      status: 0,
    }),
    account({ id: 3, username: "lin03", realname: "林三", telephone: "0951-1234567", identity: 3, identity_name: "区级" }),
    account({ id: 4, username: "lin04", realname: "林四", identity: 5, identity_name: "平台", group_id: 21, group_title: "教师" }),
  ];

  it("writes 账号列表 with the documented columns", async () => {
    const wb = await load(await buildExport(accounts));
    const ws = wb.getWorksheet(EXPORT_SHEET);
    expect(ws?.getRow(1).values).toEqual([undefined, "账号", "姓名", "手机号", "身份", "角色", "学校", "状态", "创建时间"]);
    expect(ws?.getRow(3).values).toEqual([undefined, "lin02", "林二", "", "校级", "学校管理员", "实验小学", "禁用", "2024-03-01 08:00:00"]);
    expect(ws?.rowCount).toBe(5);
  });

  it("round-trips through the account import", async () => {
    const r = await parseImport("account", await buildExport(accounts), lookups());
    expect(r.errors).toEqual([]);
    expect(r.total).toBe(accounts.length);
    expect(r.rows.map((x) => x.row)).toEqual([2, 3, 4, 5]);
    const pick = (v: { username: string; realname: string; telephone: string; identity: number; group_id: number; school_id: number; status: number }) => ({
      username: v.username,
      realname: v.realname,
      telephone: v.telephone,
      identity: v.identity,
      group_id: v.group_id,
      school_id: v.school_id,
      status: v.status,
    });
    expect(r.rows.map((x) => pick(x.values))).toEqual(accounts.map(pick));
    for (const row of r.rows) expect(isValidPassword(row.values.password)).toBe(true);
  });

  it("an exported list re-imported into the same platform reports every username as existing", async () => {
    const r = await parseImport("account", await buildExport(accounts), lookups(accounts.map((a) => a.username)));
    expect(r.rows).toEqual([]);
    expect(r.errors.map((e) => [e.row, e.field])).toEqual([
      [2, "账号"],
      [3, "账号"],
      [4, "账号"],
      [5, "账号"],
    ]);
  });
});
